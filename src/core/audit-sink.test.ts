import { afterEach, describe, expect, it } from "vitest";
import { testMemory } from "../../test/support/memory.js";
import type { Memory } from "./engine.js";
import type { AuditEntry } from "./model.js";

let mem: Memory;
afterEach(async () => {
  await mem?.close();
});

describe("onAuditEvent: an external sink", () => {
  it("receives every entry after its transaction commits, in chain order, and matches the chain", async () => {
    const seen: AuditEntry[] = [];
    ({ mem } = await testMemory({ onAuditEvent: (e) => void seen.push(e) }));
    const r = await mem.record("Deploy failed: migration lock timeout", {
      outcome: "failure",
      type: "outcome",
    });
    expect(seen.map((e) => [e.event, e.subjectId])).toEqual([["episode.recorded", r.id]]);
    await mem.remember("The retry limit is 5");
    await mem.remember("The retry limit is 7");
    expect(seen).toEqual(await mem.audit({ limit: 100 }));
  });

  it("is never called for work that rolled back", async () => {
    const seen: AuditEntry[] = [];
    ({ mem } = await testMemory({ onAuditEvent: (e) => void seen.push(e) }));
    await expect(
      mem.store.transaction(async (tx) => {
        await mem.writes.audit(tx, "default", "test.rolled-back", null, {});
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    // A refused write (unknown source episode) also rolls back.
    await expect(mem.remember("The cache TTL is 60s", { sources: ["e99"] })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(seen).toEqual([]);
    expect(await mem.audit()).toEqual([]);
  });

  it("is best-effort: a sink that throws or rejects never breaks a write", async () => {
    let calls = 0;
    ({ mem } = await testMemory({
      onAuditEvent: (e) => {
        calls++;
        if (e.event === "episode.recorded") throw new Error("SIEM down");
        return Promise.reject(new Error("SIEM still down"));
      },
    }));
    const r = await mem.record("Chose blue-green deploys");
    await mem.remember("The staging database is Postgres 16");
    expect(r.stored).toBe(true);
    expect(calls).toBe(2);
    expect(await mem.verifyAudit()).toMatchObject({ ok: true, entries: 2 });
  });
});
