import { afterEach, describe, expect, it } from "vitest";
import { DAY, HOUR, seedBelief, type TestClock, testMemory } from "../../../test/support/memory.js";
import type { Memory } from "../engine.js";
import type { Belief, BeliefKind } from "../model.js";
import { subjectPairs } from "./subject-pairs.js";

let mem: Memory;
let clock: TestClock;
afterEach(async () => {
  await mem?.close();
});

async function fresh() {
  const t = await testMemory();
  mem = t.mem;
  clock = t.clock;
}

/** Inserts a belief bypassing the write gate (test/support/memory.ts). */
const seed = (text: string, at: string, kind: BeliefKind = "fact") => seedBelief(mem, clock, text, at, kind);

const belief = async (id: string) => (await mem.get(id)) as { layer: "belief" } & Belief;

describe("candidates: every unsure pair about the same subject", () => {
  it.each([
    [
      "one shared opening word",
      "Kafka brokers keep messages for seven days before compaction kicks in",
      "Kafka retention was cut down",
    ],
    [
      "a change in few words, with no rule to name it",
      "The team standup happens every morning at nine in the big room",
      "Standup is a bit later now",
    ],
    // Not "is based in Oslo" / "is living in Oslo": a light verb's form, which a rule decides.
    ["a paraphrase", "The user lives in Oslo.", "The user calls Oslo home."],
    // No shared word: the newer names what it changes only through what was said just before.
    ["a pronoun subject", "the printer on floor 2 is broken", "it's fixed now"],
    [
      "a pronoun object of a change",
      "the coffee machine is on the 3rd floor",
      "they moved it to the kitchen on 4",
    ],
    ["a change of something unnamed", "my bank is chase", "moved my accounts to ally"],
    ["a speaker's change", "we use jenkins for ci", "we switched to github actions last month"],
    ["a retraction", "let's meet at the cafe", "nvm let's just do a zoom call"],
  ])("%s is a pair, whatever its similarity", async (_name, older, newer) => {
    await fresh();
    const a = await seed(older, "2026-01-01");
    const b = await seed(newer, "2026-01-02");
    expect(await mem.candidates()).toEqual([expect.objectContaining({ a, b, textA: older, textB: newer })]);
  });

  it.each([
    ["no shared word", "The build runs on Fridays", "Coffee is in the kitchen"],
    [
      "one shared word that opens neither",
      "Deploys wait for the green light from QA",
      "The office light switch is broken",
    ],
    ["a change a named rule decided", "The retry limit is 5", "The retry limit is 7"],
    // A statement that names its own subject and announces nothing leans on no context.
    ["a new subject, no change", "The build runs on Fridays", "my sister is a dentist"],
  ])("%s is not a pair", async (_name, older, newer) => {
    await fresh();
    await seed(older, "2026-01-01");
    await seed(newer, "2026-01-02");
    expect(await mem.candidates()).toEqual([]);
  });

  it("pairs a statement that leans on context with the 3 beliefs just before it, not with older ones", async () => {
    await fresh();
    const ids: string[] = [];
    const texts = [
      "The wiki lives on Confluence",
      "Lunch is at noon on Fridays",
      "Parking passes renew in March",
      "The printer on floor 2 is broken",
    ];
    for (const [i, t] of texts.entries()) ids.push(await seed(t, `2026-01-0${i + 1}`));
    const it = await seed("it's fixed now", "2026-01-05");
    const pairs = await mem.candidates({ limit: 50 });
    expect(pairs.filter((p) => p.b === it).map((p) => p.a)).toEqual([ids[3], ids[2], ids[1]]);
  });

  it("lists newest first and pages with limit and offset; an answered pair leaves the list", async () => {
    await fresh();
    const ids: string[] = [];
    for (let d = 1; d <= 6; d++)
      ids.push(await seed(`Kafka topic ${d} note number ${d * 11}`, `2026-01-0${d}`));
    const all = await mem.candidates({ limit: 50 });
    const newer = all.map((p) => p.atB);
    expect(newer).toEqual([...newer].sort().reverse());
    expect(all[0]!.b).toBe(ids[5]);
    const first = await mem.candidates({ limit: 2 });
    const second = await mem.candidates({ limit: 2, offset: 2 });
    expect([...first, ...second]).toEqual(all.slice(0, 4));
    await mem.judge([{ a: all[0]!.a, b: all[0]!.b, verdict: "distinct" }]);
    expect(await mem.candidates({ limit: 50 })).toEqual(all.slice(1));
  });

  it("stays bounded: 2000 beliefs on one subject give at most 16 older partners each, never all pairs", async () => {
    await fresh();
    const beliefs: Belief[] = [];
    for (let i = 0; i < 2000; i++)
      beliefs.push({
        id: `b${i + 1}`,
        text: `The user prefers option ${i} for report ${i % 7}`,
        validFrom: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      } as Belief);
    let pairs = 0;
    const perNewer = new Map<string, number>();
    for (const [newer] of subjectPairs(beliefs)) {
      pairs++;
      perNewer.set(newer.id, (perNewer.get(newer.id) ?? 0) + 1);
    }
    expect(Math.max(...perNewer.values())).toBeLessThanOrEqual(16);
    expect(pairs).toBeLessThanOrEqual(2000 * 16);
    expect(pairs).toBeGreaterThan(2000);
  });

  it("refuses days without review, and a bad page, changing nothing", async () => {
    await fresh();
    await expect(mem.candidates({ days: 3 })).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await expect(mem.candidates({ offset: -1 })).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await expect(mem.candidates({ review: true, days: 0 })).rejects.toMatchObject({ code: "INVALID_INPUT" });
  });
});

describe("candidates({ review: true }): automatic decisions, undone by one verdict", () => {
  it("lists a supersession by the write gate; distinct reopens the closed belief, audited, and it stays open", async () => {
    await fresh();
    const old = (await mem.remember("The retry limit is 5")).id;
    clock.advance(HOUR);
    const gate = await mem.remember("The retry limit is 7");
    expect(gate.superseded).toEqual([old]);
    const review = await mem.candidates({ review: true });
    expect(review).toEqual([
      expect.objectContaining({
        a: old,
        b: gate.id,
        decided: expect.objectContaining({
          action: "superseded",
          closed: old,
          by: gate.id,
          judge: "write gate",
        }),
      }),
    ]);
    const report = await mem.judge([{ a: old, b: gate.id, verdict: "distinct" }]);
    expect(report.items).toEqual([expect.objectContaining({ action: "reopened", id: old, by: gate.id })]);
    expect(report.counts.reopened).toBe(1);
    expect(await belief(old)).toMatchObject({
      status: "active",
      statusReason: "reopened",
      supersededBy: null,
      validTo: null,
      retiredAt: null,
    });
    expect((await mem.explain(old)).audit.map((e) => e.event)).toContain("belief.reopened");
    expect((await mem.verifyAudit()).ok).toBe(true);
    expect(await mem.candidates({ review: true })).toEqual([]);
    // The verdict is cached: neither the sweep nor candidates brings the pair back.
    const swept = await mem.sweep({ full: true });
    expect(swept.counts.superseded).toBe(0);
    expect(await belief(old)).toMatchObject({ status: "active" });
    expect(await mem.candidates()).toEqual([]);
  });

  it("lists a merge by the sweep; distinct reopens the loser and gives back the support it added", async () => {
    await fresh();
    const a = await seed("The build cache lives in S3", "2026-01-01");
    const b = await seed("The build cache lives in S3", "2026-01-02");
    const swept = await mem.sweep();
    expect(swept.counts.merged).toBe(1);
    const [pair] = await mem.candidates({ review: true });
    expect(pair).toMatchObject({ a, b, decided: { action: "merged", judge: "lexical" } });
    const { closed, by } = pair!.decided!;
    expect((await belief(by)).support).toBe(2);
    await mem.judge([{ a, b, verdict: "distinct" }]);
    expect(await belief(closed)).toMatchObject({ status: "active", supersededBy: null });
    expect((await belief(by)).support).toBe(1);
  });

  it("a confirming verdict keeps the decision and takes it off the list; the window is `days`", async () => {
    await fresh();
    const old = (await mem.remember("The retry limit is 5")).id;
    const gate = await mem.remember("The retry limit is 7");
    const other = (await mem.remember("The deploy window is Tuesday")).id;
    await mem.remember("The deploy window is Thursday");
    expect(await mem.candidates({ review: true })).toHaveLength(2);
    const report = await mem.judge([{ a: old, b: gate.id, verdict: "supersede" }]);
    expect(report.items[0]).toMatchObject({ action: "skipped", reason: expect.stringMatching(/^confirmed/) });
    expect(await belief(old)).toMatchObject({ status: "archived" });
    expect((await mem.candidates({ review: true })).map((p) => p.a)).toEqual([other]);
    clock.advance(8 * DAY);
    expect(await mem.candidates({ review: true })).toEqual([]);
    expect(await mem.candidates({ review: true, days: 30 })).toHaveLength(1);
  });

  it("merge on a reviewed supersession turns it into a merge: the successor takes the closed belief's support", async () => {
    await fresh();
    const old = (await mem.remember("The retry limit is 5")).id;
    clock.advance(HOUR);
    const gate = await mem.remember("The retry limit is 7");
    expect(gate.superseded).toEqual([old]);
    const report = await mem.judge([{ a: old, b: gate.id, verdict: "merge" }]);
    expect(report.items).toEqual([expect.objectContaining({ action: "merged", id: old, by: gate.id })]);
    expect(await belief(old)).toMatchObject({
      status: "archived",
      statusReason: "merged",
      supersededBy: gate.id,
    });
    expect((await belief(gate.id)).support).toBe(2);
    expect((await mem.explain(old)).audit.map((e) => e.event)).toContain("belief.merged");
    expect((await mem.verifyAudit()).ok).toBe(true);
    expect(await mem.candidates({ review: true })).toEqual([]);
  });

  it("still refuses a verdict on a belief closed by something else, changing nothing", async () => {
    await fresh();
    const old = (await mem.remember("The retry limit is 5")).id;
    await mem.remember("The retry limit is 7");
    const unrelated = (await mem.remember("Coffee is in the kitchen")).id;
    await expect(mem.judge([{ a: old, b: unrelated, verdict: "distinct" }])).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect(await belief(old)).toMatchObject({ status: "archived" });
  });
});
