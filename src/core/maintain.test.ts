import { afterEach, describe, expect, it } from "vitest";
import { DAY, testMemory } from "../../test/support/memory.js";
import type { Memory } from "./engine.js";

let mem: Memory;
afterEach(async () => {
  await mem?.close();
});

describe("maintain (homeostasis)", () => {
  it("retires a belief whose effective confidence decayed below the floor, and keeps its recency signal", async () => {
    // Facts are kept by default (docs/retention.md); a namespace can choose to let them decay.
    const t = await testMemory({ policy: { retention: { fact: "decay" } } });
    mem = t.mem;
    const old = await mem.remember("The legacy VPN endpoint is vpn1.example.com");
    const confirmed = await mem.remember("The build cache lives in S3");
    await mem.outcome(confirmed.id, true);
    const before = await mem.get(old.id);
    // 0.5 × 0.5^(days/14) < 0.05 after ~47 days; the confirmed one (0.67, half-life 28) survives.
    t.clock.advance(60 * DAY);
    const report = await mem.maintain();
    expect(report.items).toEqual([
      expect.objectContaining({ id: old.id, action: "retired", reason: "decayed" }),
    ]);
    expect(report.counts).toMatchObject({ retired: 1, evicted: 0 });
    const after = await mem.get(old.id);
    expect(after).toMatchObject({ status: "retired", statusReason: "decayed" });
    if (after.layer !== "belief" || before.layer !== "belief") throw new Error("beliefs expected");
    expect(after.confidence).toBe(before.confidence);
    expect(after.lastConfirmedAt).toBe(before.lastConfirmedAt);
    expect(await mem.get(confirmed.id)).toMatchObject({ status: "active" });
    expect((await mem.audit({ limit: 100 })).map((e) => e.event)).toContain("belief.retired");
  });

  it("pinned, restored and proven beliefs are immune, and the report says why", async () => {
    const t = await testMemory({ policy: { retention: { fact: "decay" } } });
    mem = t.mem;
    const pinned = await mem.remember("Never force-push to main");
    await mem.pin(pinned.id);
    const proven = await mem.capture({ when: "a test is flaky", prefer: "quarantine it and open a ticket" });
    for (let i = 0; i < 6; i++) await mem.outcome(proven.id, true, { session: `run-${i}` });
    const restored = await mem.remember("The on-call rotation is weekly");
    t.clock.advance(80 * DAY);
    await mem.maintain();
    await mem.restore(restored.id);
    // Six successes (and six uses) stretch the rule's curve to years: 98 × (1 + 0.5 × 6) days.
    t.clock.advance(2000 * DAY);
    const report = await mem.maintain();
    const reasons = Object.fromEntries(report.items.map((i) => [i.id, i.reason]));
    // Pinned beliefs never decay, so they never even come up for retirement.
    expect(reasons).toEqual({
      [proven.id]: "skipped: proven",
      [restored.id]: "skipped: restored",
    });
    for (const id of [pinned.id, proven.id, restored.id])
      expect(await mem.get(id)).toMatchObject({ status: "active" });
  });

  it("evicts the lowest-retention beliefs over the active cap", async () => {
    ({ mem } = await testMemory({ policy: { maxActiveBeliefs: 3 } }));
    const ids: string[] = [];
    for (const s of [
      "Team Alpha owns the checkout service",
      "Team Beta owns the search service",
      "Team Gamma owns the billing service",
      "Team Delta owns the identity service",
      "Team Omega owns the shipping service",
    ])
      ids.push((await mem.remember(s)).id);
    await mem.outcome(ids[0]!, true);
    await mem.outcome(ids[1]!, true);
    await mem.used(ids[2]!);
    const report = await mem.maintain();
    expect(report.activeBefore).toBe(5);
    expect(report.activeAfter).toBe(3);
    expect(report.items.filter((i) => i.action === "evicted").map((i) => i.id)).toEqual([ids[3], ids[4]]);
    expect((await mem.list()).map((b) => b.id)).toEqual(ids.slice(0, 3));
  });

  it("a retired belief comes back with restore", async () => {
    const t = await testMemory();
    mem = t.mem;
    const b = await mem.remember("The staging cluster is in Frankfurt");
    t.clock.advance(90 * DAY);
    await mem.maintain();
    expect(await mem.restore(b.id)).toMatchObject({ status: "active", restored: true });
  });
});
