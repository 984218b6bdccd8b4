import { afterEach, describe, expect, it } from "vitest";
import { HOUR, seedBelief, type TestClock, testMemory } from "../../../test/support/memory.js";
import type { Memory } from "../engine.js";
import type { Belief, BeliefKind } from "../model.js";
import { ABSTRACTION_SOURCE, DISTILLED_SOURCE } from "../vocabulary.js";
import { activeSet, loadActive } from "./sweep.js";

let mem: Memory;
let clock: TestClock;
afterEach(async () => {
  await mem?.close();
});

async function fresh(policy = {}) {
  const t = await testMemory({ policy });
  mem = t.mem;
  clock = t.clock;
}

/** Inserts a belief bypassing the write gate (test/support/memory.ts). */
const seed = (text: string, at: string, kind: BeliefKind = "fact") => seedBelief(mem, clock, text, at, kind);

const belief = async (id: string) => (await mem.get(id)) as { layer: "belief" } & Belief;

describe("sweep", () => {
  it("the newer statement (by event time) supersedes the older when the judge says so", async () => {
    await fresh();
    const newer = await seed("Primary cluster failed over to us-west-2 permanently", "2026-01-12");
    const older = await seed("Primary cluster is us-east-1", "2026-01-01");
    const report = await mem.sweep();
    expect(report.items).toEqual([
      expect.objectContaining({
        action: "superseded",
        id: older,
        by: newer,
        reason: expect.stringMatching(/value-changed/),
      }),
    ]);
    expect(await belief(older)).toMatchObject({
      status: "archived",
      supersededBy: newer,
      validTo: "2026-01-12T00:00:00.000Z",
    });
    expect(await belief(newer)).toMatchObject({ status: "active" });
    expect((await mem.verifyAudit()).ok).toBe(true);
  });

  it.each([
    ["a question", "The retry limit is 5", "Is the retry limit 7 now?"],
    ["a hypothetical", "The database is Postgres", "Maybe we should switch the database to MySQL"],
    ["a hypothetical (should we)", "The database is Postgres", "Should we move the database to MySQL?"],
    ["a considered option", "The database is Postgres", "Moving the database to MySQL was considered"],
    ["a conditional", "The database is Postgres", "If the database moved to MySQL, costs would drop"],
    ["an additive detail", "The API uses REST", "The API also supports GraphQL"],
    ["a different entity", "Alice's timezone is UTC", "Bob's timezone is PST"],
    [
      "a different attribute",
      "The billing service is written in Go",
      "The billing service owner is the payments team",
    ],
  ])("%s never supersedes", async (_kind, olderText, newerText) => {
    await fresh();
    const older = await seed(olderText, "2026-01-01");
    await seed(newerText, "2026-02-01");
    const report = await mem.sweep();
    expect(report.counts.superseded).toBe(0);
    expect(await belief(older)).toMatchObject({ status: "active" });
  });

  it.each([
    ["pinned", async (id: string) => mem.pin(id)],
    ["restored", async (id: string) => mem.restore(id)],
  ])("a %s belief is immune, and the report says so", async (kind, protect) => {
    await fresh();
    const older = await seed("The deploy window is Tuesday", "2026-01-01");
    await protect(older);
    const newer = await seed("The deploy window is Friday", "2026-02-01");
    const report = await mem.sweep();
    expect(report.items).toEqual([
      expect.objectContaining({ action: "skipped", id: older, by: newer, reason: `skipped: ${kind}` }),
    ]);
    expect(await belief(older)).toMatchObject({ status: "active" });
  });

  it("a chain of changes closes each value by the next, never one belief twice", async () => {
    await fresh();
    const c = await seed("The retry limit is 9", "2026-03-01");
    const a = await seed("The retry limit is 5", "2026-01-01");
    const b = await seed("The retry limit is 7", "2026-02-01");
    const report = await mem.sweep();
    expect(report.items.filter((i) => i.action === "superseded").map((i) => [i.id, i.by])).toEqual([
      [a, b],
      [b, c],
    ]);
    expect((await mem.history(c)).chain.map((x) => x.id)).toEqual([a, b, c]);
  });

  it("marks what it distils from turns with DISTILLED_SOURCE, the provenance recall reads", async () => {
    await fresh();
    const turn = await mem.record("I live in Denver with my two cats.");
    await mem.remember("The staging database is Postgres 15.", { source: "user" });
    const report = await mem.consolidate();
    const distilled = report.items.filter((i) => i.action === "distilled");
    expect(distilled.length).toBeGreaterThan(0);
    for (const item of distilled) {
      const b = await belief(item.id);
      expect(b.sources).toContain(turn.id);
      expect(b.source).toBe(DISTILLED_SOURCE);
    }
  });

  it("merges duplicates: support summed, provenance united", async () => {
    await fresh();
    const e1 = await mem.record("Builds are cached in S3", { type: "observation" });
    const e2 = await mem.record("Nightly builds run at 2am", { type: "observation" });
    const a = await mem.store.transaction(async (tx) => {
      const [v] = await mem.embedder.embed(["The build cache lives in S3"]);
      return mem.writes.insertBelief(tx, {
        namespace: "default",
        kind: "fact",
        text: "The build cache lives in S3",
        validFrom: "2026-01-01T00:00:00.000Z",
        sources: [e1.id],
        source: null,
        now: mem.writes.now(),
        vector: v!,
      });
    });
    const b = await mem.store.transaction(async (tx) => {
      const [v] = await mem.embedder.embed(["The build cache lives in S3."]);
      return mem.writes.insertBelief(tx, {
        namespace: "default",
        kind: "fact",
        text: "The build cache lives in S3.",
        validFrom: "2026-01-02T00:00:00.000Z",
        sources: [e2.id],
        source: null,
        now: mem.writes.now(),
        vector: v!,
      });
    });
    await mem.outcome(b, true);
    const report = await mem.sweep();
    expect(report.counts.merged).toBe(1);
    const survivor = await belief(b);
    expect(survivor).toMatchObject({
      status: "active",
      support: 2,
      successes: 1,
      validFrom: "2026-01-01T00:00:00.000Z",
    });
    expect(survivor.sources.sort()).toEqual([e1.id, e2.id].sort());
    expect(await belief(a)).toMatchObject({ status: "archived", statusReason: "merged", supersededBy: b });
  });

  it("caches judged pairs: a second full sweep judges nothing again", async () => {
    await fresh();
    await seed("The API uses REST", "2026-01-01");
    await seed("The API also supports GraphQL", "2026-01-02");
    await seed("The API is documented with OpenAPI", "2026-01-03");
    const first = await mem.sweep({ full: true });
    expect(first.work.judged).toBeGreaterThan(0);
    const second = await mem.sweep({ full: true });
    expect(second.work.judged).toBe(0);
    expect(second.work.cached).toBe(first.work.judged + first.work.cached);
  });

  it("is incremental: only beliefs recorded since the last sweep are examined", async () => {
    await fresh();
    for (let i = 0; i < 20; i++) await seed(`Service ${i} is owned by team ${i}`, "2026-01-01");
    const first = await mem.sweep();
    await seed("Service 3 is owned by team 42", "2026-02-01");
    const second = await mem.sweep();
    expect(second.work.pairs).toBeLessThan(first.work.pairs);
    expect(second.counts.superseded).toBe(1);
  });

  it("retires facts past the namespace's TTL in the retention sweep", async () => {
    await fresh({ ttlDays: 30 });
    const old = await seed("The sprint goal is the billing migration", "2026-01-01");
    clock.set("2026-03-01T00:00:00.000Z");
    const report = await mem.sweep();
    expect(report.items).toContainEqual(
      expect.objectContaining({ action: "retired", id: old, reason: "ttl: older than 30 days" }),
    );
  });

  it("keeps the active set between sweeps, brought up to date from the audit log, as a reload sees it", async () => {
    await fresh({ ttlDays: 60 });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await seed(`Service ${i} is owned by team ${i}`, "2026-01-01"));
    await mem.sweep();
    const same = async () => {
      const kept = (await activeSet(mem.store, "default")).beliefs;
      const loaded = await loadActive(mem.store, "default");
      expect(kept.map((b) => `${b.id}:${b.contentHash}:${b.status}`)).toEqual(
        loaded.map((b) => `${b.id}:${b.contentHash}:${b.status}`),
      );
    };
    await seed("Service 3 is owned by team 42", "2026-02-01");
    await seed("WHEN deploying service 3 → PREFER run the smoke tests first", "2026-02-01", "rule");
    await mem.remember("Service 5 is now owned by team 7");
    await mem.forget(ids[7]!);
    await same();
    await mem.sweep();
    await mem.restore(ids[3]!);
    await same();
    clock.set("2026-05-01T00:00:00.000Z");
    await mem.sweep();
    await same();
  });

  it("restore undoes a supersession", async () => {
    await fresh();
    const older = await seed("The retry limit is 5", "2026-01-01");
    await seed("The retry limit is 7", "2026-02-01");
    await mem.sweep();
    expect(await mem.restore(older)).toMatchObject({ status: "active", restored: true, supersededBy: null });
  });
});

describe("distil", () => {
  it("keeps only propositions that stand alone, splits failures, and keeps provenance", async () => {
    await fresh();
    const ids: Record<string, string> = {};
    for (const [text, outcome] of [
      ["Validation of the 60MB CSV timed out", "failure"],
      ["ok", null],
      ["Thanks!", null],
      ["I will remember to check the CSV size next time", null],
      ["What is the maximum CSV size?", null],
      ["and not yet load-tested at that volume", null],
      ["Chunking the CSV to 20MB completed validation", "success"],
      // A restatement word for word but for "and the": "into 20MB pieces" would be words the first lacks.
      ["Chunked the CSV to 20MB and the validation completed", "success"],
    ] as const) {
      clock.advance(HOUR);
      ids[text] = (await mem.record(text, { outcome: outcome ?? undefined })).id;
    }
    const report = await mem.consolidate();
    const skipped = Object.fromEntries(
      report.items.filter((i) => i.action === "skipped").map((i) => [i.id, i.reason]),
    );
    expect(skipped).toEqual({
      [ids.ok!]: "skipped: chit-chat",
      [ids["Thanks!"]!]: "skipped: chit-chat",
      [ids["I will remember to check the CSV size next time"]!]: "skipped: self-referential",
      [ids["What is the maximum CSV size?"]!]: "skipped: question",
      [ids["and not yet load-tested at that volume"]!]: "skipped: fragment",
    });
    const beliefs = await mem.list();
    expect(beliefs.map((b) => (b as Belief).kind).sort()).toEqual(["fact", "failure"]);
    const failure = beliefs.find((b) => (b as Belief).kind === "failure") as Belief;
    expect(failure).toMatchObject({ sources: [ids["Validation of the 60MB CSV timed out"]] });
    const fact = beliefs.find((b) => (b as Belief).kind === "fact") as Belief;
    const earliest = (await mem.get(ids["Chunking the CSV to 20MB completed validation"]!)) as { at: string };
    expect(fact.validFrom).toBe(earliest.at);
    expect(fact.support).toBe(2);
    expect((await mem.context("validate the CSV", { tokenBudget: 300 })).text).toMatch(
      /What has gone wrong before\n- \[b\d+\] Avoid: Validation of the 60MB CSV timed out/,
    );
    expect(await mem.pending()).toEqual([]);
  });

  it("a two-word outcome is a lesson, not chit-chat; two words said in passing are", async () => {
    await fresh();
    const failed = await mem.record("Deploy failed", { type: "outcome", outcome: "failure" });
    clock.advance(HOUR);
    const passing = await mem.record("Build broke");
    clock.advance(HOUR);
    const thanks = await mem.record("Thanks!", { type: "outcome", outcome: "success" });
    const report = await mem.consolidate();
    const skipped = Object.fromEntries(
      report.items.filter((i) => i.action === "skipped").map((i) => [i.id, i.reason]),
    );
    expect(skipped).toEqual({ [passing.id]: "skipped: chit-chat", [thanks.id]: "skipped: chit-chat" });
    expect(await mem.list()).toEqual([
      expect.objectContaining({ kind: "failure", text: "Deploy failed", sources: [failed.id] }),
    ]);
  });

  it("a recalled memory fed back in does not become a second belief", async () => {
    await fresh();
    await mem.record("The staging database is Postgres 16");
    await mem.consolidate();
    clock.advance(HOUR);
    await mem.remember("The nightly job exports the ledger to S3");
    clock.advance(HOUR);
    const echo = await mem.record("As noted before, the staging database is Postgres 16.");
    expect(echo.verdict).toBe("redundant");
    await mem.consolidate();
    expect((await mem.list()).filter((b) => /staging database/.test((b as Belief).text))).toHaveLength(1);
  });

  it("the agent distils through pending() and distil(), and unknown ids are refused", async () => {
    await fresh();
    const a = await mem.record("The export job ran out of memory on the 2GB file", { outcome: "failure" });
    const b = await mem.record("The export job crashed again on a large file", { outcome: "failure" });
    expect((await mem.pending()).map((e) => e.id)).toEqual([a.id, b.id]);
    await expect(
      mem.distil([a.id, "e999"], ["Exports of files over 1GB run out of memory"]),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await mem.stats()).beliefs.total).toBe(0);
    const report = await mem.distil([a.id, b.id], ["Exports of files over 1GB run out of memory"], {
      valence: "failure",
    });
    expect(report.counts.distilled).toBe(1);
    const made = (await mem.get(report.items[0]!.id)) as Belief;
    expect(made).toMatchObject({ kind: "failure", sources: [a.id, b.id] });
    expect(await mem.pending()).toEqual([]);
  });
});

describe("rules", () => {
  it("resolves a contradiction: the stronger wins and carries the loser as a boundary exception", async () => {
    await fresh();
    const strong = await mem.capture({
      when: "the target model is Anthropic",
      prefer: "use XML delimiters",
      feedback: "positive",
    });
    const weak = await mem.capture({ when: "target model is Anthropic", prefer: "avoid XML delimiters" });
    const report = await mem.consolidate();
    expect(report.items).toContainEqual(
      expect.objectContaining({ action: "resolved", id: weak.id, by: strong.id }),
    );
    expect(await belief(strong.id)).toMatchObject({
      status: "active",
      exceptions: [expect.stringContaining('exception toward "avoid XML delimiters"')],
    });
    expect(await belief(weak.id)).toMatchObject({
      status: "archived",
      statusReason: "contradiction-resolved",
      supersededBy: strong.id,
    });
    expect((await mem.context("prompting an Anthropic model", { tokenBudget: 400 })).text).toMatch(
      /exceptions: exception toward/,
    );
  });

  it("complementary advice under the same trigger is not a contradiction", async () => {
    await fresh();
    await mem.capture({ when: "the target model is Anthropic", prefer: "use XML delimiters" });
    await mem.capture({ when: "the target model is Anthropic", prefer: "keep the system prompt short" });
    const report = await mem.consolidate();
    expect(report.counts.resolved).toBe(0);
    expect(await mem.list({ kind: "rule" })).toHaveLength(2);
  });

  it("abstracts three sibling rules into a parent, children dormant, and merge does not shadow it", async () => {
    await fresh();
    const kids = [];
    for (const when of ["deploying on a Friday", "shipping a hotfix", "releasing a new version"])
      kids.push((await mem.capture({ when, prefer: "run the smoke tests first" })).id);
    const report = await mem.consolidate();
    const abstracted = report.items.find((i) => i.action === "abstracted");
    expect(abstracted?.related).toEqual(kids);
    expect(report.counts.merged).toBe(0);
    for (const k of kids)
      expect(await belief(k)).toMatchObject({ status: "dormant", parentId: abstracted!.id });
    expect(await belief(abstracted!.id)).toMatchObject({
      status: "active",
      prefer: "run the smoke tests first",
      source: ABSTRACTION_SOURCE,
    });
  });
});

describe("agent as judge", () => {
  it("candidates lists unsure pairs; judge applies merge and distinct, caches them, and refuses bad pairs whole", async () => {
    await fresh();
    const a = await seed("The target model is Claude", "2026-01-01");
    const b = await seed("Anthropic's model is our target", "2026-01-02");
    const pairs = await mem.candidates();
    expect(pairs).toContainEqual(expect.objectContaining({ a, b }));
    await expect(
      mem.judge([
        { a, b, verdict: "merge" },
        { a, b: "b999", verdict: "distinct" },
      ]),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await belief(a)).toMatchObject({ status: "active" });
    const report = await mem.judge([{ a, b, verdict: "merge" }]);
    expect(report.counts.merged).toBe(1);
    expect(await mem.candidates()).toEqual([]);
  });

  it("supersede closes a; a pinned side is skipped with its reason", async () => {
    await fresh();
    const a = await seed("Our on-call tool is PagerDuty", "2026-01-01");
    const b = await seed("We page through Opsgenie", "2026-02-01");
    await mem.pin(a);
    const report = await mem.judge([{ a, b, verdict: "supersede" }]);
    expect(report.items).toEqual([expect.objectContaining({ action: "skipped", reason: "skipped: pinned" })]);
    await mem.unpin(a);
    const again = await mem.judge([{ a, b, verdict: "supersede" }]);
    expect(again.counts.superseded).toBe(1);
  });
});

describe("health", () => {
  it("counts duplicates, echoes, contradictions and superseded-but-active leftovers with the ids behind them", async () => {
    await fresh();
    const d1 = await seed("The build cache lives in S3", "2026-01-01");
    const d2 = await seed("The build cache lives in S3", "2026-01-02");
    const echo = await seed("As noted before, deploys happen on Tuesdays", "2026-01-03");
    const c1 = await seed("The retry limit is 5", "2026-01-04");
    const c2 = await seed("The retry limit is 7", "2026-01-05");
    const report = await mem.health();
    expect(report.duplicates.exact.groups).toEqual([[d1, d2]]);
    expect(report.echoes.ids).toEqual([echo]);
    expect(report.contradictions.pairs).toContainEqual([c1, c2]);
    expect(report.classes.new.count).toBe(5);
    expect(report.usable).toBeLessThan(1);
    await mem.consolidate();
    const after = await mem.health();
    expect(after.duplicates.exact.count).toBe(0);
    expect(after.contradictions.count).toBe(0);
  });
});
