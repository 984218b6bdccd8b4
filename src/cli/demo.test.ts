import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoTranscript, renderDemo, runDemo } from "./commands/demo.js";
import { plain } from "./style.js";

let dir: string;
let first: DemoTranscript;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "strata-demo-test-"));
  first = await runDemo({ path: join(dir, "a.db") });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const gateSteps = (t: DemoTranscript) => t.acts.flatMap((a) => a.steps).filter((s) => s.kind === "gate");

describe("strata demo", () => {
  it("is deterministic: a second run gives the same transcript apart from the path", async () => {
    const second = await runDemo({ path: join(dir, "b.db") });
    expect({ ...second, path: "" }).toEqual({ ...first, path: "" });
    expect(renderDemo(second, plain).replaceAll(second.path, "P")).toBe(
      renderDemo(first, plain).replaceAll(first.path, "P"),
    );
  });

  const rateLimitRecall = () => {
    const step = first.acts
      .flatMap((a) => a.steps)
      .find((s) => s.kind === "recall" && s.command === 'strata recall "API rate limit" -k 3');
    if (step?.kind !== "recall") throw new Error("the demo has no API rate limit recall");
    return step.result;
  };

  it("recall says why: the fact is kept undecayed, the question is marked as one", () => {
    const hits = rateLimitRecall();
    const fact = hits.find((h) => h.kind === "fact");
    expect(fact).toMatchObject({ text: "The API rate limit is now 250 requests per minute" });
    // The fact is ten days old and kept until superseded: age alone does not discount it.
    expect(fact!.why.effectiveConfidence).toBe(fact!.why.confidence);
    expect(fact!.why.summary).toContain("kept (no decay)");
    const question = hits.find((h) => h.kind === "episode" && h.text.endsWith("?"));
    expect(question?.why.summary).toContain("a question, not an answer");
  });

  // Each full-text list is normalised by its own best (recall.ts): BM25's idf is per index, and
  // here the belief index (5 rows, the words in 2) and the episode index (15 rows, the words in 1)
  // score the same words six times apart.
  it("recall ranks the current fact above the question asked about it", () => {
    const [top, ...rest] = rateLimitRecall();
    expect(top).toMatchObject({ kind: "fact", text: "The API rate limit is now 250 requests per minute" });
    const question = rest.find((h) => h.kind === "episode" && h.text.endsWith("?"));
    expect(question!.score).toBeLessThan(top!.score);
  });

  it("spans about three weeks of store time", () => {
    const days = (Date.parse(first.endedAt) - Date.parse(first.startedAt)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(17);
  });

  it.each([
    [
      "a dozen episodes recorded",
      (t: DemoTranscript) => gateSteps(t).filter((s) => s.command.startsWith("strata record")).length >= 12,
    ],
    [
      "a repeated episode is redundant",
      (t: DemoTranscript) =>
        gateSteps(t).some((s) => s.result.verdict === "redundant" && s.result.layer === "episode"),
    ],
    [
      "a paraphrase strengthens the fact",
      (t: DemoTranscript) =>
        gateSteps(t).some((s) => s.result.verdict === "redundant" && /restates \[b1\]/.test(s.result.reason)),
    ],
    [
      "a recalled memory written back is redundant",
      (t: DemoTranscript) =>
        gateSteps(t).some(
          (s) => s.result.verdict === "redundant" && /recalled memory written back/.test(s.result.reason),
        ),
    ],
    [
      "the changed fact supersedes the old one",
      (t: DemoTranscript) =>
        gateSteps(t).some((s) => s.result.verdict === "contradiction" && s.result.superseded.includes("b1")),
    ],
    [
      "a question supersedes nothing",
      (t: DemoTranscript) =>
        gateSteps(t).some(
          (s) => s.command.includes("--type question") && s.result.superseded.length === 0 && s.result.stored,
        ),
    ],
    [
      "a backdated fact slots into history",
      (t: DemoTranscript) => gateSteps(t).some((s) => s.result.notes.some((n) => n.startsWith("backdated"))),
    ],
  ])("shows %s", (_name, check) => {
    expect(check(first)).toBe(true);
  });

  it("moves confidence 0.50 → 0.67 with one outcome", () => {
    const step = first.acts.flatMap((a) => a.steps).find((s) => s.kind === "outcome");
    expect(step?.kind === "outcome" && [step.result.confidenceBefore, step.result.confidenceAfter]).toEqual([
      0.5,
      2 / 3,
    ]);
  });

  it("ends with commands to explore the store, written the way the user runs strata", () => {
    const last = (options?: { self?: string }) => renderDemo(first, plain, options).split("\n").at(-1);
    expect(last()).toBe(
      `Explore it: strata --db ${first.path} list   ·   strata --db ${first.path} explain <id>`,
    );
    expect(last({ self: "npx strata" })).toBe(
      `Explore it: npx strata --db ${first.path} list   ·   npx strata --db ${first.path} explain <id>`,
    );
  });

  it("renders acts with the gate's verdict and reason for every write", () => {
    const text = renderDemo(first, plain);
    for (const act of first.acts) expect(text).toContain(act.title);
    expect(text.match(/^ {4}reason /gm)?.length).toBe(gateSteps(first).length);
    expect(text).toMatch(/tokens, \d+ items?\b/);
    expect(text).toContain("The API rate limit is 100 requests per minute");
    expect(text).toContain("audit chain intact");
  });

  describe("act 8: ten rotted entries, one night's sleep", () => {
    const act8 = (t: DemoTranscript) => t.acts.find((a) => a.title.startsWith("Act 8"))!;
    const ledgers = (t: DemoTranscript) =>
      act8(t).steps.flatMap((s) => (s.kind === "ledger" ? [s.result] : []));
    const sleep = (t: DemoTranscript) => {
      const s = act8(t).steps.find((x) => x.kind === "sleep");
      if (s?.kind !== "sleep") throw new Error("no consolidate step");
      return s.result;
    };

    it("starts from ten entries and ends with three", () => {
      const [before, after] = ledgers(first);
      expect(before).toMatchObject({ entries: 10, before: null });
      expect(before!.beliefs).toHaveLength(8);
      expect(before!.pending.map((e) => e.content)).toEqual([
        "As noted before, the payment worker retry limit is 8",
        "ok, thanks!",
      ]);
      expect(after).toMatchObject({ entries: 3, before: 10, pending: [] });
    });

    it.each([
      ["the stale value is superseded by the newer one", "superseded", /^value-changed:number: 5 → 8$/],
      ["the paraphrase is merged", "merged", /same-content/],
      ["the weaker contradicting rule is resolved into the winner", "resolved", /opposite actions/],
      ["three sibling rules are abstracted into a parent", "abstracted", /3 rules share the action/],
      ["chit-chat is skipped", "skipped", /^skipped: chit-chat$/],
      ["the recalled memory only strengthens what is known", "distilled", /^redundant: restates/],
    ])("explains each change: %s", (_name, action, reason) => {
      const items = sleep(first).items.filter((i) => i.action === action);
      expect(items).toHaveLength(1);
      expect(items[0]!.reason).toMatch(reason);
    });

    it("keeps the loser of the contradiction as a boundary exception on the winner", () => {
      const resolved = sleep(first).items.find((i) => i.action === "resolved")!;
      const winner = ledgers(first)[1]!.beliefs.find((b) => b.id === resolved.by)!;
      expect(winner.exceptions).toEqual([expect.stringContaining('exception toward "avoid XML delimiters"')]);
      const abstracted = sleep(first).items.find((i) => i.action === "abstracted")!;
      expect(abstracted.related).toHaveLength(3);
    });

    it("health goes from problems to fully usable, and the report shows id, by and reason", () => {
      const health = act8(first).steps.flatMap((s) => (s.kind === "health" ? [s.result] : []));
      expect(health[0]!.usable).toBeLessThan(0.7);
      expect(health[0]!.contradictions.count).toBeGreaterThan(0);
      expect(health[1]!.usable).toBe(1);
      const text = renderDemo(first, plain);
      expect(text).toContain("10 → 3 entries");
      expect(text).toMatch(/^ {2}ACTION {6}ID {3}BY {2}RELATED {6}REASON$/m);
      expect(text).toMatch(/^ {2}superseded {2}b\d+ +b\d+ +- +value-changed:number: 5 → 8$/m);
    });
  });

  describe("act 9: the session wrap", () => {
    const act9 = (t: DemoTranscript) => t.acts.find((a) => a.title.startsWith("Act 9"))!;
    const saves = (t: DemoTranscript) => act9(t).steps.flatMap((s) => (s.kind === "save" ? [s.result] : []));

    it("wrap A introduces the pattern at 1x on grounded evidence, including an episode recorded in this act", () => {
      const [a] = saves(first);
      expect(a).toMatchObject({ wrap: 1, version: 1, citations: { valid: 3, invalid: 0 } });
      expect(a!.patterns).toEqual([expect.objectContaining({ level: 1, outcome: "new", markers: [] })]);
      const hotfix = act9(first).steps.find((s) => s.kind === "gate");
      if (hotfix?.kind !== "gate") throw new Error("no record step in act 9");
      expect(a!.patterns[0]!.citations.map((c) => c.episodeId)).toContain(hotfix.result.id);
      expect(a!.associations.formed).toBe(3);
    });

    it("wrap B graduates it to 2x and demotes the fabricated 3x claim with its marker", () => {
      const [, b] = saves(first);
      expect(b!.patterns[0]).toMatchObject({ previous: 1, level: 2, outcome: "graduated", markers: [] });
      expect(b!.patterns[1]).toMatchObject({
        text: "Friday deploys never cause incidents",
        claimed: 3,
        level: 1,
      });
      expect(b!.patterns[1]!.markers).toEqual([
        "demoted: claimed 3x without valid evidence",
        expect.stringMatching(/^ungrounded: e\d+ ungrounded$/),
      ]);
      expect(b!.patterns[1]!.citations[0]).toMatchObject({ valid: false, problem: "ungrounded" });
      const text = renderDemo(first, plain);
      expect(text).toMatch(/1x → 2x {2}graduated {2}Run database migrations as a separate job/);
      expect(text).toMatch(/Friday deploys never cause incidents \| 1x \(2026-03-22\) \(demoted: claimed 3x/);
    });

    it("prints the saved digest and the associations formed", () => {
      const steps = act9(first).steps;
      const digest = steps.find((s) => s.kind === "continuity");
      expect(digest?.kind === "continuity" && digest.result).toMatchObject({ source: "saved", version: 2 });
      const links = steps.find((s) => s.kind === "associations");
      expect(links?.kind === "associations" && links.result).toHaveLength(3);
      expect(renderDemo(first, plain)).toMatch(/^ {2}e\d+ +e\d+ +1\.17 +1 +relieved 0\.60$/m);
    });
  });

  it("refuses to write into an existing store", async () => {
    const path = join(dir, "taken.db");
    writeFileSync(path, "not empty");
    await expect(runDemo({ path })).rejects.toMatchObject({ code: "CONFLICT" });
  });
});
