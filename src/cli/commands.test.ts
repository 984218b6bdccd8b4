import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Memory } from "../core/engine.js";
import { StrataError } from "../core/errors.js";
import { emptyCounts } from "../core/sleep/report.js";
import { openMemory } from "../open-memory.js";
import { toInteger, toJson, toList, toNumber } from "./args.js";
import { renderInit, runInit } from "./commands/init.js";
import { renderAudit, renderVerify, runAudit, runVerify, verifyExitCode } from "./commands/integrity.js";
import {
  renderForget,
  runForget,
  runOutcome,
  runPin,
  runRestore,
  runUnpin,
  runUsed,
} from "./commands/lifecycle.js";
import { renderMaintain, runMaintain } from "./commands/maintain.js";
import {
  renderContext,
  renderExplain,
  renderHistory,
  renderItem,
  renderList,
  renderRecall,
  renderStats,
  runContext,
  runExplain,
  runGet,
  runHistory,
  runList,
  runRecall,
  runStats,
} from "./commands/reads.js";
import {
  parseJudgments,
  renderCandidates,
  renderHealth,
  renderPending,
  renderSleepReport,
  runCandidates,
  runConsolidate,
  runDistil,
  runHealth,
  runJudge,
  runPending,
  runSweep,
} from "./commands/sleep.js";
import { renderGate, runCapture, runRecord, runRemember } from "./commands/writes.js";
import { createStyle, plain, table } from "./style.js";
import { UsageError } from "./usage-error.js";

let dir: string;
let mem: Memory;
let tick: number;
const clock = { now: () => new Date(tick) };
const advanceDays = (d: number) => {
  tick += d * 86_400_000;
};

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "strata-cli-"));
  tick = Date.parse("2026-03-02T09:00:00Z");
  mem = await openMemory({ path: join(dir, "memory.db"), clock, actor: "cli" });
});

afterEach(async () => {
  await mem.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("argument conversion", () => {
  it.each([
    ["12", 12],
    [" 3 ", 3],
    ["-1", -1],
  ])("toInteger(%j) is %d (the range is the engine's call)", (input, expected) => {
    expect(toInteger(input, "-k")).toBe(expected);
  });

  it.each(["abc", "1.5", "", "3x"])("toInteger(%j) is a usage error naming the option", (input) => {
    expect(() => toInteger(input, "--limit")).toThrow(UsageError);
    expect(() => toInteger(input, "--limit")).toThrow(/--limit/);
  });

  // attacks52: a number on the command line is read as REST reads one in a query (decimal notation,
  // server/query.ts): `Number()` alone read "0x10" as 16 and "0b11" as 3, which REST refuses, and
  // the whole-number reader refused "1e2" and "+5", which REST and the engine take.
  it.each([
    ["1e2", 100],
    ["+5", 5],
    ["5.0", 5],
    ["-0", -0],
  ])("toInteger(%j) is %d, as REST reads it", (input, expected) => {
    expect(toInteger(input, "-k")).toBe(expected);
  });

  it.each(["0x10", "0b11", "0o7", "1_000", "Infinity", "1e400", "٥"])(
    "%j is no number, for whole numbers and others alike",
    (input) => {
      expect(() => toInteger(input, "--limit")).toThrow(/--limit must be a whole number/);
      expect(() => toNumber(input, "--min-strength")).toThrow(/--min-strength must be a number/);
    },
  );

  it.each([
    ["0.5", 0.5],
    [".5", 0.5],
    ["1e-1", 0.1],
    [" 2 ", 2],
  ])("toNumber(%j) is %d", (input, expected) => {
    expect(toNumber(input, "--min-strength")).toBe(expected);
  });

  it.each([
    ["fact,rule", ["fact", "rule"]],
    [" fact , episode ,", ["fact", "episode"]],
  ])("toList(%j) splits on commas", (input, expected) => {
    expect(toList(input)).toEqual(expected);
  });

  it.each([
    ['{"ticket":"OPS-1"}', { ticket: "OPS-1" }],
    ["{}", {}],
  ])("toJson(%j) parses an object", (input, expected) => {
    expect(toJson(input, "--meta")).toEqual(expected);
  });

  it.each(["[1]", "null", "42", "{nope"])("toJson(%j) is a usage error", (input) => {
    expect(() => toJson(input, "--meta")).toThrow(UsageError);
  });
});

describe("write commands return the gate's verdict", () => {
  it("record stores a novel episode and says why", async () => {
    const r = await runRecord(mem, {
      content: "Deploy failed: lock timeout",
      type: "outcome",
      outcome: "failure",
    });
    expect(r).toMatchObject({ verdict: "novel", id: "e1", layer: "episode", stored: true });
    expect(renderGate(r, plain)).toMatch(
      /^novel {2}stored episode e1\n {2}reason {2}nothing stored is near$/,
    );
  });

  it("record passes --meta through as metadata", async () => {
    await runRecord(mem, {
      content: "Chose blue-green deploys",
      type: "decision",
      metadata: { ticket: "OPS-7" },
    });
    const item = await runGet(mem, { id: "e1" });
    expect(item.layer === "episode" && item.metadata).toEqual({ ticket: "OPS-7" });
  });

  it("remember then a changed value supersedes the old belief", async () => {
    await runRemember(mem, { statement: "The API rate limit is 100 requests per minute" });
    advanceDays(1);
    const r = await runRemember(mem, { statement: "The API rate limit is now 250 requests per minute" });
    expect(r).toMatchObject({ verdict: "contradiction", id: "b2", superseded: ["b1"] });
    expect(renderGate(r, plain)).toContain("superseded  b1");
  });

  it("a paraphrase is redundant: nothing stored, support +1", async () => {
    await runRemember(mem, { statement: "The API rate limit is 100 requests per minute" });
    const r = await runRemember(mem, { statement: "API rate limit: 100 requests per minute" });
    expect(r).toMatchObject({ verdict: "redundant", id: "b1", stored: false });
    expect(renderGate(r, plain)).toContain("nothing stored; strengthened belief b1");
    expect((await runGet(mem, { id: "b1" })).support).toBe(2);
  });

  it("capture with positive feedback moves confidence to 0.67", async () => {
    const r = await runCapture(mem, {
      when: "calling the partner API",
      prefer: "batch requests",
      feedback: "positive",
    });
    const b = await runGet(mem, { id: r.id });
    expect(b.layer === "belief" && b.confidence).toBeCloseTo(2 / 3);
  });

  it.each([
    ["an unknown episode type", () => runRecord(mem, { content: "x", type: "bogus" }), /type/],
    ["an unknown outcome", () => runRecord(mem, { content: "x", outcome: "maybe" }), /outcome/],
    ["empty content", () => runRecord(mem, { content: "   " }), /content is empty/],
    ["a date that is not a date", () => runRecord(mem, { content: "x", at: "yesterday" }), /not a date/],
    ["an unknown belief kind", () => runRemember(mem, { statement: "x", kind: "rule" }), /kind/],
    ["steps on a fact", () => runRemember(mem, { statement: "x", steps: ["a"] }), /steps/],
    ["an unknown feedback", () => runCapture(mem, { when: "a", prefer: "b", feedback: "meh" }), /feedback/],
  ])("refuses %s with INVALID_INPUT and leaves the store as it was", async (_name, call, message) => {
    const before = await runStats(mem);
    const error = await call().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StrataError);
    expect(error).toMatchObject({ code: "INVALID_INPUT", message: expect.stringMatching(message) });
    expect(await runStats(mem)).toEqual(before);
  });
});

describe("read commands", () => {
  beforeEach(async () => {
    await runRemember(mem, { statement: "The API rate limit is 100 requests per minute", source: "docs" });
    advanceDays(5);
    await runRemember(mem, { statement: "The API rate limit is now 250 requests per minute" });
    await runRecord(mem, { content: "Deploy of billing-service failed: migration lock", outcome: "failure" });
  });

  it("recall returns hits with their why, and renders ids and reasons", async () => {
    const hits = await runRecall(mem, { query: "API rate limit", k: 2, kinds: ["fact"] });
    expect(hits.map((h) => h.id)).toEqual(["b2"]);
    expect(hits[0]!.why.summary).toMatch(/matched by text/);
    expect(renderRecall(hits, plain)).toMatch(
      /^1\. b2 .*\n {3}The API rate limit is now 250.*\n {3}why: matched/,
    );
  });

  it("recall --at answers with what held then", async () => {
    const hits = await runRecall(mem, { query: "API rate limit", k: 1, at: "2026-03-03", kinds: ["fact"] });
    expect(hits[0]).toMatchObject({ id: "b1", text: "The API rate limit is 100 requests per minute" });
  });

  it("recall with nothing found renders a short note, naming the clock a past date was read on", () => {
    expect(renderRecall([], plain)).toBe("Nothing recalled.");
    expect(renderRecall([], plain, { at: "2026-03-01T00:00:00.000Z" })).toBe(
      "Nothing recalled at 2026-03-01: nothing that matches held then (--at reads when a statement held in the world; one remembered without --at holds from the moment it was stored, so an earlier date does not find it).",
    );
    expect(renderRecall([], plain, { asOf: "2026-03-01T00:00:00.000Z" })).toMatch(
      /^Nothing recalled as of 2026-03-01: the store had recorded nothing that matches by then/,
    );
  });

  it.each([
    [{ k: 0 }, /k/],
    [{ kinds: ["bogus"] }, /kinds/],
    [{ asOf: "soon" }, /asOf/],
  ])("recall refuses %j through the engine's schema", async (options, message) => {
    await expect(runRecall(mem, { query: "rate", ...options })).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: expect.stringMatching(message),
    });
  });

  it("context stays within the budget and reports tokens/budget", async () => {
    const r = await runContext(mem, { goal: "call the API", budget: 120 });
    expect(r.tokens).toBeLessThanOrEqual(120);
    expect(r.tokenBudget).toBe(120);
    expect(renderContext(r, plain)).toMatch(new RegExp(`\\n${r.tokens}/120 tokens, ${r.items.length} items`));
  });

  it("context without a goal still assembles a block", async () => {
    const r = await runContext(mem, {});
    expect(r.text).toContain("<strata-memory");
  });

  it.each([
    [{}, ["b2"]],
    [{ status: "any" }, ["b1", "b2"]],
    [{ status: "archived" }, ["b1"]],
    [{ layer: "episode" }, ["e1"]],
    [{ status: "any", limit: 1, offset: 1 }, ["b2"]],
  ])("list %j returns %j", async (args, ids) => {
    const items = await runList(mem, args);
    expect(items.map((i) => i.id)).toEqual(ids);
  });

  it("list renders an aligned table with ids visible", async () => {
    const text = renderList(await runList(mem, { status: "any" }), plain);
    const lines = text.split("\n");
    expect(lines[0]).toMatch(/^ID {2}KIND {2}STATUS {4}CONF {2}SUP {2}VALID +TEXT$/);
    expect(lines[1]).toMatch(
      /^b1 {2}fact {2}archived {2}0\.50 {4}1 {2}2026-03-02 09:00 → 2026-03-07 09:00 {2}The API/,
    );
    expect(lines[2]).toMatch(/^b2 {2}fact {2}active {4}0\.50/);
  });

  it("get renders every field of a belief", async () => {
    const text = renderItem(await runGet(mem, { id: "b1" }), plain);
    expect(text).toContain("superseded by  b2");
    expect(text).toContain("source         docs");
  });

  it("explain shows the supersession and the audit entries", async () => {
    const text = renderExplain(await runExplain(mem, { id: "b1" }), plain);
    expect(text).toContain("Superseded by\n  b2 The API rate limit is now 250");
    expect(text).toMatch(/Audit\n {2}#1 .* belief\.remembered by cli/);
  });

  it("history lists the chain oldest first and marks the asked id", async () => {
    const r = await runHistory(mem, { id: "b2" });
    expect(r.chain.map((b) => b.id)).toEqual(["b1", "b2"]);
    expect(renderHistory(r, plain).split("\n")[2]).toMatch(/^› {2}b2 {2}active/);
  });

  it.each([
    ["get", () => runGet(mem, { id: "b99" }), "NOT_FOUND"],
    ["get", () => runGet(mem, { id: "x1" }), "INVALID_INPUT"],
    ["history", () => runHistory(mem, { id: "e1" }), "INVALID_INPUT"],
    ["explain", () => runExplain(mem, { id: "e42" }), "NOT_FOUND"],
  ])("%s of a bad id fails with %s", async (_name, call, code) => {
    await expect(call()).rejects.toMatchObject({ code: expect.stringMatching(code as string) });
  });

  it("stats counts by status and kind", async () => {
    const s = await runStats(mem);
    expect(s.beliefs).toMatchObject({ total: 2, byStatus: { active: 1, archived: 1 } });
    expect(renderStats(s, plain)).toContain("beliefs        2 (active 1, archived 1), 0 pinned");
  });
});

describe("lifecycle commands", () => {
  beforeEach(async () => {
    await runRemember(mem, { statement: "The staging database is Postgres 16" });
    await runRecord(mem, { content: "Paged at 3am for disk usage", outcome: "failure" });
  });

  it.each([
    ["success", 0.5, 2 / 3],
    ["failure", 0.5, 1 / 3],
  ] as const)("outcome %s moves confidence %d → %d", async (result, before, after) => {
    const r = await runOutcome(mem, { id: "b1", result });
    expect(r.confidenceBefore).toBeCloseTo(before);
    expect(r.confidenceAfter).toBeCloseTo(after);
  });

  it("used counts a use without touching confidence", async () => {
    const b = await runUsed(mem, { id: "b1" });
    expect(b).toMatchObject({ uses: 1, confidence: 0.5 });
  });

  it("pin and unpin toggle identity", async () => {
    expect((await runPin(mem, { id: "b1" })).pinned).toBe(true);
    expect((await runUnpin(mem, { id: "b1" })).pinned).toBe(false);
  });

  it("restore brings a superseded belief back", async () => {
    await runRemember(mem, { statement: "The staging database is now Postgres 17" });
    const r = await runRestore(mem, { id: "b1" });
    expect(r).toMatchObject({ id: "b1", status: "active" });
  });

  it("forget without --yes is a usage error and erases nothing", async () => {
    await expect(runForget(mem, { id: "e1" })).rejects.toThrow(UsageError);
    await expect(runForget(mem, { id: "e1" })).rejects.toThrow(/Add --yes/);
    expect((await runGet(mem, { id: "e1" })).status).toBe("active");
  });

  it("forget --yes erases the content and says what it removed", async () => {
    const r = await runForget(mem, { id: "e1", yes: true });
    expect(r.forgotten).toMatchObject([{ id: "e1", layer: "episode", erasedChars: 27 }]);
    expect(renderForget(r, plain)).toMatch(/^e1 episode: erased 27 chars, kept hash [0-9a-f]{12}/);
  });
});

describe("maintain", () => {
  it("retires a belief that decayed, skips a pinned one, and reports each with a reason", async () => {
    // A lesson decays when nothing reinforces it; a fact would be kept (docs/retention.md).
    await runRemember(mem, {
      statement: "Deploying billing without a canary caused an outage",
      kind: "failure",
    });
    await runRemember(mem, { statement: "I am the release assistant for the billing team" });
    await runPin(mem, { id: "b2" });
    advanceDays(365);
    const r = await runMaintain(mem);
    const byId = Object.fromEntries(r.items.map((i) => [i.id, i.reason]));
    expect(byId).toMatchObject({ b1: "decayed" });
    expect(r.activeAfter).toBe(r.activeBefore - r.counts.retired - r.counts.evicted);
    expect(renderMaintain(r, plain)).toMatch(/^2 active → 1 active \(retired 1,/);
  });
});

describe("sleep commands", () => {
  /** Inserts a belief through the write kernel, bypassing the gate, as an import would. */
  async function seed(text: string, at: string): Promise<string> {
    advanceDays(0.01);
    const [vector] = await mem.embedder.embed([text]);
    return mem.store.transaction((tx) =>
      mem.writes.insertBelief(tx, {
        namespace: "default",
        kind: "fact",
        text,
        validFrom: new Date(at).toISOString(),
        sources: [],
        source: "seed",
        now: mem.writes.now(),
        vector: vector!,
      }),
    );
  }

  it("consolidate distils, skips chit-chat, and renders every item with id, by and reason", async () => {
    await runRecord(mem, { content: "Validation of the 60MB CSV timed out", outcome: "failure" });
    await runRecord(mem, { content: "Thanks!" });
    const older = await seed("The retry limit is 5", "2026-01-01");
    const newer = await seed("The retry limit is 7", "2026-02-01");
    const progress: [number, number][] = [];
    const r = await runConsolidate(mem, {}, { onProgress: (d, t) => progress.push([d, t]) });
    expect(r).toMatchObject({ process: "consolidate", counts: { distilled: 1, skipped: 1, superseded: 1 } });
    expect(progress.length).toBeGreaterThan(0);
    const lines = renderSleepReport(r, plain).split("\n");
    expect(lines[0]).toMatch(
      /^consolidate: superseded 1, distilled 1, skipped 1 · \d+ beliefs, 2 episodes, /,
    );
    expect(lines[1]).toMatch(/^ACTION +ID +BY +RELATED +REASON$/);
    expect(lines).toContainEqual(expect.stringMatching(/^skipped +e2 +- +- +skipped: chit-chat$/));
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^superseded +${older} +${newer} +- +value-changed:number: 5 → 7$`)),
    );
  });

  it("sweep is incremental unless --full, and an empty sweep says so", async () => {
    await seed("The API uses REST", "2026-01-01");
    await seed("The API also supports GraphQL", "2026-01-02");
    const first = await runSweep(mem, {});
    expect(first.work.pairs).toBeGreaterThan(0);
    expect((await runSweep(mem, {})).work.pairs).toBe(0);
    const full = await runSweep(mem, { full: true });
    expect(full.work.cached).toBe(first.work.pairs);
    expect(renderSleepReport(full, plain)).toMatch(
      /^sweep: nothing to change · 2 beliefs, 0 episodes, 1 pair \(0 judged, 1 cached\)/,
    );
  });

  it("candidates → judge: the agent's verdict is applied and the pair leaves the list", async () => {
    const a = await seed("The target model is Claude", "2026-01-01");
    const b = await seed("Anthropic's model is our target", "2026-01-02");
    const pairs = await runCandidates(mem, { limit: 5 });
    expect(pairs).toContainEqual(expect.objectContaining({ a, b }));
    expect(renderCandidates(pairs, plain)).toMatch(
      new RegExp(`^1\\. ${a} ↔ ${b} {2}similarity 0\\.\\d\\d {2}lexical: `),
    );
    const judgments = parseJudgments(JSON.stringify([{ a, b, verdict: "merge" }]), "stdin");
    const r = await runJudge(mem, { judgments });
    expect(r.items).toEqual([expect.objectContaining({ action: "merged", reason: "agent: merge" })]);
    expect(await runCandidates(mem, {})).toEqual([]);
    expect(renderCandidates([], plain)).toBe("No pairs need a call.");
  });

  it("candidates --review lists the gate's supersession and judge distinct undoes it; --offset pages; --days needs --review", async () => {
    const old = (await runRemember(mem, { statement: "The retry limit is 5" })).id;
    advanceDays(1);
    const now = (await runRemember(mem, { statement: "The retry limit is 7" })).id;
    const review = await runCandidates(mem, { review: true, days: 2 });
    expect(review).toEqual([expect.objectContaining({ a: old, b: now })]);
    const text = renderCandidates(review, plain);
    expect(text).toContain(`${old} superseded by ${now}`);
    expect(text).toMatch(/decided +[\d-]+ [\d:]+ by write gate: superseded/);
    expect(text).toContain(
      `Undo one with: echo '[{"a":"${old}","b":"${now}","verdict":"distinct"}]' | strata judge`,
    );
    const undo = await runJudge(mem, {
      judgments: parseJudgments(
        JSON.stringify(review.map(({ a, b }) => ({ a, b, verdict: "distinct" }))),
        "stdin",
      ),
    });
    expect(renderSleepReport(undo, plain)).toMatch(
      new RegExp(`^judge: reopened 1\n[\\s\\S]*reopened +${old} +${now}`),
    );
    expect(await runCandidates(mem, { review: true })).toEqual([]);
    expect(await runCandidates(mem, { offset: 5 })).toEqual([]);
    await expect(runCandidates(mem, { days: 2 })).rejects.toMatchObject({ code: "INVALID_INPUT" });
  });

  it.each([
    ["not JSON", "{nope", UsageError],
    ["an unknown verdict", '[{"a":"b1","b":"b2","verdict":"maybe"}]', StrataError],
    ["an empty batch", "[]", StrataError],
  ])("judge refuses %s and changes nothing", async (_name, text, kind) => {
    const a = await seed("The target model is Claude", "2026-01-01");
    await seed("Anthropic's model is our target", "2026-01-02");
    const before = await runStats(mem);
    const error = await (async () =>
      runJudge(mem, { judgments: parseJudgments(text, "verdicts.json") }))().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(kind);
    expect(await runStats(mem)).toEqual(before);
    expect((await runGet(mem, { id: a })).status).toBe("active");
  });

  it("a sleep report lists the pairs a model judge handed to the lexical judge, and why", () => {
    const report = {
      namespace: "default",
      at: "2026-03-02T09:00:00.000Z",
      process: "sweep",
      counts: emptyCounts(),
      items: [],
      work: { beliefs: 2, episodes: 0, pairs: 12, judged: 12, cached: 0, ms: 5 },
      fallbacks: [
        {
          judge: "lexical",
          why: "timeout: no answer within 30000 ms",
          count: 1,
          pairs: [["b1", "b20"] as [string, string]],
        },
        {
          judge: "lexical",
          why: "over budget: 20 requests per run",
          count: 11,
          pairs: Array.from({ length: 11 }, (_, i) => [`b${i + 2}`, `b${i + 21}`] as [string, string]),
        },
      ],
    };
    const text = renderSleepReport(report, plain);
    expect(text).toMatch(
      /^sweep: nothing to change · .*\n1 pair fell back to the lexical judge: timeout: no answer within 30000 ms\n {2}b1 ↔ b20\n11 pairs fell back to the lexical judge: over budget: 20 requests per run\n {2}b2 ↔ b21, b3 ↔ b22, b4 ↔ b23, b5 ↔ b24, b6 ↔ b25, … 6 more$/,
    );
  });

  it("a long report lists --limit items shared among the actions, and says what it left out", () => {
    const items = [
      ...Array.from({ length: 30 }, (_, i) => ({
        action: "distilled" as const,
        id: `b${i + 1}`,
        by: null,
        reason: "novel",
        related: [`e${i + 1}`],
      })),
      ...Array.from({ length: 3 }, (_, i) => ({
        action: "superseded" as const,
        id: `b${i + 1}`,
        by: `b${i + 40}`,
        reason: "value-changed",
        related: [],
      })),
    ];
    const report = {
      namespace: "default",
      at: "2026-12-03T00:00:00.000Z",
      process: "consolidate",
      counts: { ...emptyCounts(), distilled: 30, superseded: 3 },
      items,
      work: { beliefs: 33, episodes: 30, pairs: 3, judged: 3, cached: 0, ms: 10 },
    };
    const lines = renderSleepReport(report, plain, { limit: 6, command: "consolidate" }).split("\n");
    expect(lines).toHaveLength(1 + 1 + 6 + 1);
    // Three of each, in report order: the supersessions are not buried under the distillations.
    expect(lines.slice(2, 8).map((l) => l.split(/\s+/)[0])).toEqual([
      "distilled",
      "distilled",
      "distilled",
      "superseded",
      "superseded",
      "superseded",
    ]);
    expect(lines[8]).toBe(
      "… 27 more not listed (distilled 27): strata consolidate --json lists every item; --limit N lists N.",
    );
    // Without a limit (judge, distil, the demo) every item, and no last line.
    expect(renderSleepReport(report, plain).split("\n")).toHaveLength(2 + 33);
  });

  it("a single verdict object is accepted as a batch of one", () => {
    expect(parseJudgments('{"a":"b1","b":"b2","verdict":"distinct"}', "stdin")).toEqual([
      { a: "b1", b: "b2", verdict: "distinct" },
    ]);
  });

  it("pending lists undistilled episodes; distil stores the agent's proposition and empties it", async () => {
    await runRecord(mem, { content: "The export job ran out of memory on the 2GB file", outcome: "failure" });
    await runRecord(mem, { content: "The export job crashed again on a large file", outcome: "failure" });
    const pending = await runPending(mem, { limit: 10 });
    expect(pending.map((e) => e.id)).toEqual(["e1", "e2"]);
    expect(renderPending(pending, plain).split("\n")[0]).toMatch(/^ID {2}AT {16}TYPE {9}OUTCOME {2}CONTENT$/);
    await expect(
      runDistil(mem, { episodes: ["e1", "e9"], propositions: ["Exports over 1GB run out of memory"] }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      runDistil(mem, { episodes: ["e1"], propositions: ["x is y"], valence: "meh" }),
    ).rejects.toMatchObject({ code: "INVALID_INPUT" });
    const r = await runDistil(mem, {
      episodes: ["e1", "e2"],
      propositions: ["Exports of files over 1GB run out of memory"],
      valence: "failure",
    });
    expect(r.items).toEqual([expect.objectContaining({ action: "distilled", related: ["e1", "e2"] })]);
    expect((await runGet(mem, { id: r.items[0]!.id })).layer === "belief").toBe(true);
    expect(await runPending(mem, {})).toEqual([]);
    expect(renderPending([], plain)).toMatch(/No pending episodes/);
  });

  it("health renders classes and problems with the ids behind them and the usable share", async () => {
    await seed("The build cache lives in S3", "2026-01-01");
    await seed("The build cache lives in S3", "2026-01-02");
    await seed("As noted before, deploys happen on Tuesdays", "2026-01-03");
    const r = await runHealth(mem);
    const text = renderHealth(r, plain);
    expect(text).toMatch(/^3 active beliefs in default: \d+(\.\d)?% usable\n\nCLASS +COUNT +IDS\n/);
    expect(text).toMatch(/^new +3 +b1, b2, b3$/m);
    expect(text).toMatch(/^exact duplicates +1 +b1=b2$/m);
    expect(text).toMatch(/^echoes +1 +b3$/m);
    expect(text).toMatch(/^superseded but active +0 +-$/m);
  });

  it("health counts one active belief in the singular (newcomer47: was '1 active beliefs')", async () => {
    await seed("The retry limit is 5", "2026-01-01");
    expect(renderHealth(await runHealth(mem), plain)).toMatch(/^1 active belief in default: 100% usable\n/);
  });

  it("health on a namespace with no active belief gives no usable share (not 100% of nothing)", async () => {
    const text = renderHealth(await runHealth(mem), plain);
    expect(text).toMatch(
      /^0 active beliefs in default: no usable share to give \(strata remember stores a fact; strata consolidate distils recorded events into beliefs\)\n/,
    );
    expect(text).not.toContain("% usable");
  });
});

describe("integrity commands", () => {
  it("verify reports an intact chain with exit code 0", async () => {
    await runRecord(mem, { content: "Something happened" });
    const r = await runVerify(mem);
    expect(r.ok).toBe(true);
    expect(verifyExitCode(r)).toBe(0);
    expect(renderVerify(r, plain)).toBe("audit chain intact: 1 entry in 1 namespace");
  });

  it("a broken chain maps to exit code 1", () => {
    const broken = {
      ok: false,
      entries: 3,
      namespaces: 1,
      problems: [{ namespace: "default", seq: 2, problem: "hash mismatch" }],
    };
    expect(verifyExitCode(broken)).toBe(1);
    expect(renderVerify(broken, plain)).toContain("default #2: hash mismatch");
    expect(renderVerify(broken, plain)).toMatch(/^audit chain BROKEN: 1 problem in 3 entries\n/);
  });

  it("audit filters by subject and limit", async () => {
    await runRemember(mem, { statement: "The staging database is Postgres 16" });
    await runOutcome(mem, { id: "b1", result: "success" });
    await runRecord(mem, { content: "Something happened" });
    const entries = await runAudit(mem, { subject: "b1", limit: 10 });
    expect(entries.map((e) => e.event)).toEqual(["belief.remembered", "belief.outcome"]);
    expect(renderAudit(entries, plain).split("\n")[0]).toMatch(/^SEQ {2}AT {16}EVENT/);
  });

  it("init reports an empty store", async () => {
    const r = await runInit(mem, { path: "/x/memory.db", created: true });
    expect(r).toEqual({
      path: "/x/memory.db",
      created: true,
      namespace: "default",
      episodes: 0,
      beliefs: 0,
      auditEntries: 0,
    });
    // Empty: what to type next; with anything stored, the counts alone.
    expect(renderInit(r, plain)).toMatch(
      /\naudit entries +0\nnext: strata remember "The retry limit is 5" stores a fact; strata record "Deploy failed: migration lock timeout" an event; strata install claude-code wires an agent to it$/,
    );
    expect(renderInit({ ...r, namespace: "team-a" }, plain)).toContain('next: strata -n team-a remember "');
    expect(renderInit({ ...r, beliefs: 1 }, plain)).not.toContain("next:");
    expect(renderInit({ ...r, episodes: 1 }, plain)).not.toContain("next:");
  });
});

describe("rendering", () => {
  it("plain style adds no escape codes; colour style does", () => {
    expect(plain.id("b1")).toBe("b1");
    expect(createStyle(true).id("b1")).not.toBe("b1");
  });

  it("tables align on visible width even when cells are coloured", () => {
    const rows = [
      { id: "b1", text: "one" },
      { id: "b10", text: "ten" },
    ];
    const text = table(
      rows,
      [
        { header: "ID", value: (r) => r.id, color: createStyle(true).id },
        { header: "TEXT", value: (r) => r.text },
      ],
      plain,
    );
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping ANSI codes
    const visible = text.replace(/\u001b\[[0-9;]*m/g, "").split("\n");
    expect(visible).toEqual(["ID   TEXT", "b1   one", "b10  ten"]);
  });
});
