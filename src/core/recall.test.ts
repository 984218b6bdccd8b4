import { afterEach, describe, expect, it } from "vitest";
import { DAY, HOUR, testMemory } from "../../test/support/memory.js";
import type { Memory } from "./engine.js";

let mem: Memory;
afterEach(async () => {
  await mem?.close();
});

describe("recall", () => {
  it("returns k = 3 by default, best first, each with a score and why", async () => {
    ({ mem } = await testMemory());
    for (const s of [
      "The billing service is written in Go",
      "The billing service deploys with Helm",
      "The billing service owner is the payments team",
      "The billing service database is Postgres 16",
      "The search service is written in Rust",
    ])
      await mem.remember(s);
    const hits = await mem.recall("billing service");
    expect(hits).toHaveLength(3);
    for (const h of hits) {
      expect(h.text).toMatch(/billing/);
      expect(h.why.summary).toMatch(/matched by/);
      expect(h.why.utility).toBeCloseTo(0.7 * h.why.effectiveConfidence + 0.3 * h.why.usage, 10);
    }
    expect(hits.map((h) => h.score)).toEqual([...hits.map((h) => h.score)].sort((a, b) => b - a));
  });

  it("finds a belief by meaning of its words even without a shared exact token (vector side)", async () => {
    ({ mem } = await testMemory());
    const target = await mem.remember("Deployments are rolled back automatically on failure");
    await mem.remember("The office coffee machine is on floor three");
    const hits = await mem.recall("automatic rollback of deployment", { k: 1 });
    expect(hits[0]?.id).toBe(target.id);
  });

  it("ranks a belief that has been right above an equally relevant unverified one", async () => {
    ({ mem } = await testMemory());
    const a = await mem.remember("To fix flaky builds, clear the Gradle cache");
    const b = await mem.remember("To fix flaky builds, pin the Gradle daemon version");
    for (let i = 0; i < 5; i++) await mem.outcome(b.id, true);
    await mem.outcome(a.id, false);
    const hits = await mem.recall("fix flaky builds gradle", { k: 2 });
    expect(hits.map((h) => h.id)).toEqual([b.id, a.id]);
  });

  it("does not make what it shows stronger", async () => {
    ({ mem } = await testMemory());
    const fact = await mem.remember("The cache TTL is 300 seconds");
    const before = await mem.get(fact.id);
    for (let i = 0; i < 5; i++) await mem.recall("cache TTL");
    expect(await mem.get(fact.id)).toEqual(before);
    await mem.used(fact.id);
    expect(await mem.get(fact.id)).toMatchObject({ uses: 1, confidence: 0.5 });
  });

  it("answers what was believed at a past time (at), and what the store held then (asOf)", async () => {
    const { clock } = await testMemory().then((t) => {
      mem = t.mem;
      return t;
    });
    const v1 = await mem.remember("The API rate limit is 100 requests per minute", { at: "2026-01-01" });
    clock.advance(10 * DAY);
    const recordedBetween = clock.now().toISOString();
    clock.advance(HOUR);
    const v2 = await mem.remember("The API rate limit is 250 requests per minute", { at: "2026-01-11" });
    expect((await mem.recall("API rate limit")).map((h) => h.id)).toEqual([v2.id]);
    expect((await mem.recall("API rate limit", { at: "2026-01-05" })).map((h) => h.id)).toEqual([v1.id]);
    expect((await mem.recall("API rate limit", { asOf: recordedBetween })).map((h) => h.id)).toEqual([v1.id]);
  });

  it("filters by kind and includes undistilled episodes by default", async () => {
    ({ mem } = await testMemory());
    const ep = await mem.record("Saw a timeout from the payments API", { type: "observation" });
    const f = await mem.remember("The payments API times out under load", { kind: "failure" });
    const all = await mem.recall("payments API timeout", { k: 5 });
    expect(all.map((h) => h.id).sort()).toEqual([f.id, ep.id].sort());
    const onlyEpisodes = await mem.recall("payments API timeout", { k: 5, kinds: ["episode"] });
    expect(onlyEpisodes.map((h) => h.id)).toEqual([ep.id]);
    const onlyFailures = await mem.recall("payments API timeout", { k: 5, kinds: ["failure"] });
    expect(onlyFailures.map((h) => h.id)).toEqual([f.id]);
  });

  it("diversifies: a near-copy does not crowd out a different relevant item", async () => {
    ({ mem } = await testMemory());
    await mem.record("Redis cache eviction policy is allkeys-lru on the main cluster", { at: "2026-01-01" });
    await mem.record("Redis cache eviction policy is allkeys-lru on main cluster nodes", {
      at: "2026-01-02",
      outcome: "success",
    });
    const other = await mem.record("Redis cache memory limit is 4GB", { at: "2026-01-03" });
    const hits = await mem.recall("redis cache eviction memory", {
      k: 2,
      kinds: ["episode"],
      diversity: 0.5,
    });
    expect(hits.map((h) => h.id)).toContain(other.id);
  });

  it("ranks identically in two memories over the same file", async () => {
    const t = await testMemory({ file: true });
    mem = t.mem;
    for (const s of [
      "Kafka topic retention is 7 days",
      "Kafka brokers run on m5.xlarge",
      "Kafka is managed by MSK",
    ])
      await mem.remember(s);
    const a = await mem.recall("kafka retention brokers", { k: 3 });
    const other = await testMemory({ path: t.path, clock: t.clock });
    const b = await other.mem.recall("kafka retention brokers", { k: 3 });
    await other.mem.close();
    expect(b.map((h) => [h.id, h.score])).toEqual(a.map((h) => [h.id, h.score]));
  });
});

describe("times", () => {
  it.each([
    ["2026-03-01T12:00", "2026-03-01T12:00:00.000Z"],
    ["2026-03-01 12:00:30", "2026-03-01T12:00:30.000Z"],
    ["2026-03-01", "2026-03-01T00:00:00.000Z"],
    ["2026-03-01T12:00:00+02:00", "2026-03-01T10:00:00.000Z"],
  ])("reads %s as %s whatever the machine's time zone", async (input, expected) => {
    ({ mem } = await testMemory());
    const r = await mem.record("The change freeze starts", { at: input });
    expect(await mem.get(r.id)).toMatchObject({ at: expected });
  });
});
