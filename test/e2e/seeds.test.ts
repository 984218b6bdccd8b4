/**
 * What the seed systems promise their users, played end to end through the public API (and the
 * agent hooks where the seed uses one): a user switching from a seed to Strata keeps each promise.
 * Each `describe` names the seed and the scenario (issue 19).
 */
import { Readable } from "node:stream";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { runHookSessionEnd, runHookSessionStart } from "../../src/cli/commands/hook.js";
import { renderRecall } from "../../src/cli/commands/reads.js";
import { createStyle } from "../../src/cli/style.js";
import type { Memory } from "../../src/core/engine.js";
import { openMemory } from "../../src/open-memory.js";
import { mcpClientOf } from "../support/mcp-client.js";
import { DAY, HOUR, type TestClock, tempDbPath, testClock } from "../support/memory.js";

let mem: Memory | undefined;
afterEach(async () => {
  await mem?.close();
  mem = undefined;
});

const payload = (o: Record<string, unknown>) => Readable.from([JSON.stringify(o)]);

async function open(path: string, clock: TestClock, policy = {}) {
  mem = await openMemory({ path, clock, policy });
  return mem;
}

const digest = (state: string, patterns: string[]) =>
  `## State\n${state}\n\n## Patterns\n${patterns.join("\n")}\n\n## Decisions\n- Keep the canary at 5%\n\n## Context\n- Billing service, staging first`;

describe("anneal-memory: the continuity digest reaches the next session", () => {
  it("loads the saved digest in the next session's SessionStart block, in context(), once, after identity", async () => {
    const path = tempDbPath();
    const clock = testClock();
    const m = await open(path, clock);
    const pin = await m.remember("Never deploy billing on Fridays");
    await m.pin(pin.id);
    clock.advance(HOUR);
    const e1 = (
      await m.record("The billing deploy failed: the canary caught a 500 spike", { type: "outcome" })
    ).id;
    const w = await m.prepareWrap();
    await m.saveContinuity(
      digest("- Mid-way through the billing canary rollout", [
        `- Canary catches bad billing deploys | 1x [evidence: ${e1} "canary caught a 500 spike"]`,
      ]),
      { token: w.token! },
    );
    await m.close();
    mem = undefined;

    // The next session: the hook opens the store itself.
    const start = await runHookSessionStart({
      dbPath: path,
      stdin: payload({ session_id: "s2", hook_event_name: "SessionStart", prompt: "ship billing v2" }),
    });
    expect(start.ok).toBe(true);
    const block = start.block;
    expect(block.match(/<strata-memory/g)).toHaveLength(1); // one envelope, never two nested
    expect(block).toMatch(/^<strata-memory namespace="default" goal="ship billing v2">/);
    expect(block).toContain("## Continuity (last session's digest)");
    expect(block).toContain("Mid-way through the billing canary rollout");
    expect(block).toContain("Canary catches bad billing deploys | 1x");
    // Identity stays first; the digest comes right after it, before any belief or event.
    expect(block.indexOf("## Identity")).toBeLessThan(block.indexOf("## Continuity"));
    expect(block.indexOf("## Continuity")).toBeLessThan(block.indexOf("## Recent events"));

    const m2 = await open(path, clock);
    const c = await m2.context("ship billing v2", { tokenBudget: 600 });
    expect(c.items.filter((i) => i.block === "continuity")).toEqual([
      expect.objectContaining({ id: "w1", block: "continuity" }),
    ]);
    expect(c.text).toContain("### Patterns");
    // Its own budget: a tight one cuts the digest (in order) and still leaves room for the rest.
    const tight = await m2.context("ship billing v2", { tokenBudget: 120 });
    const share = tight.items.find((i) => i.block === "continuity")?.tokens ?? 0;
    expect(share).toBeLessThanOrEqual(Math.floor(120 * 0.4));
    expect(tight.tokens).toBeLessThanOrEqual(120);
    expect(tight.skipped.some((s) => s.block === "continuity" && s.id === "w1")).toBe(true);
    // Leave it out on request, and in time travel (the digest is today's state).
    expect((await m2.context("ship billing v2", { continuity: false })).text).not.toContain("Continuity");
  });
});

describe("Sediment / issue 19: facts don't die of old age, heuristics must earn their place", () => {
  it("a year of use: a restated and used fact stays active, a used rule stays, a never-confirmed heuristic decays", async () => {
    const clock = testClock("2026-01-01T09:00:00.000Z");
    const m = await open(":memory:", clock);
    const fact = await m.remember("User preferred language is Python 3.12");
    const unused = await m.capture({ when: "a test is flaky", prefer: "rerun it once before debugging" });
    const used = await m.capture({ when: "a migration is slow", prefer: "add the index concurrently" });
    const lesson = await m.remember("Deploying without a canary caused an outage", { kind: "failure" });
    const retiredOn: Record<string, number> = {};
    for (let day = 1; day <= 365; day++) {
      clock.advance(DAY);
      if (day === 20 || day === 40)
        expect((await m.remember("User preferred language is Python 3.12")).verdict).toBe("redundant");
      if (day % 30 === 0) {
        // The seeds' loop: recall before acting, then say what was applied.
        const hits = await m.recall("migration is slow", { kinds: ["rule"] });
        expect(hits[0]?.id).toBe(used.id);
        await m.used(used.id);
      }
      if (day % 90 === 0) await m.used(fact.id);
      if (day % 7 === 0)
        for (const item of (await m.maintain()).items)
          if (item.action === "retired") retiredOn[item.id] ??= day;
    }
    expect(await m.get(fact.id)).toMatchObject({ status: "active", support: 3, confidence: 0.5 });
    expect(await m.get(used.id)).toMatchObject({ status: "active", uses: 12 });
    // Unconfirmed heuristics fade on Sediment's curve: 0.5 × 0.5^(days/14) < 0.05 after ~47 days.
    expect(await m.get(unused.id)).toMatchObject({ status: "retired", statusReason: "decayed" });
    expect(await m.get(lesson.id)).toMatchObject({ status: "retired", statusReason: "decayed" });
    expect(retiredOn[unused.id]).toBe(49);
    const c = await m.context("which Python version does the user prefer", { tokenBudget: 300 });
    expect(c.text).toContain("User preferred language is Python 3.12");
  });

  it("a fact leaves by supersession or by the TTL the user chose, never by the curve alone", async () => {
    const clock = testClock();
    const m = await open(":memory:", clock, { ttlDays: 90 });
    const old = await m.remember("The staging database is Postgres 15");
    const kept = await m.remember("The billing team is on call on weekends");
    clock.advance(30 * DAY);
    const next = await m.remember("The staging database is now Postgres 16");
    expect(next.superseded).toEqual([old.id]);
    clock.advance(60 * DAY);
    expect((await m.maintain()).counts.retired).toBe(0);
    clock.advance(10 * DAY); // day 100: the first fact is past the TTL, its successor (day 30) is not
    await m.consolidate();
    expect(await m.get(kept.id)).toMatchObject({ status: "retired", statusReason: "ttl" });
    expect(await m.get(next.id)).toMatchObject({ status: "active" });
  });
});

describe("brainmem: sleep happens at session end without the agent asking", () => {
  it("the SessionEnd hook consolidates pending episodes, and skips (BUSY) while another sleep runs", async () => {
    const path = tempDbPath();
    const clock = testClock();
    const m = await open(path, clock);
    await m.record("The nightly export job failed: the S3 bucket policy denies PutObject", {
      type: "outcome",
      outcome: "failure",
    });
    await m.record("The export bucket lives in eu-west-1", { type: "observation" });
    expect(await m.pending()).toHaveLength(2);

    // While another process sleeps this namespace, the hook does not wait: it skips and exits.
    let busy: Awaited<ReturnType<typeof runHookSessionEnd>> | undefined;
    await m.store.withLock("sleep:default", { waitMs: 0, what: "a test consolidation" }, async () => {
      busy = await runHookSessionEnd({ dbPath: path, stdin: payload({ hook_event_name: "SessionEnd" }) });
    });
    expect(busy).toMatchObject({ ok: true, notes: expect.arrayContaining(["consolidate skipped: busy"]) });
    expect(await m.pending()).toHaveLength(2);

    // A backlog longer than the hook may take is left to the worker: asked for, nothing distilled.
    const over = await runHookSessionEnd({ dbPath: path, stdin: payload({}), maxPending: 1 });
    expect(over.notes?.[0]).toMatch(/^consolidate skipped: over 1 pending episodes; requested a worker run/);
    expect(await m.pending()).toHaveLength(2);
    expect((await m.workerStatus()).request).toMatchObject({
      note: "session-end hook: over 1 pending episodes",
    });

    const end = await runHookSessionEnd({
      dbPath: path,
      stdin: payload({ session_id: "s1", hook_event_name: "SessionEnd", reason: "exit" }),
    });
    expect(end.ok).toBe(true);
    expect(end.notes?.[0]).toMatch(/^consolidated: 2 episodes/);
    expect(await m.pending()).toEqual([]);
    const lessons = await m.list({ kind: "failure" });
    expect(lessons.map((b) => (b.layer === "belief" ? b.text : b.content))).toEqual([
      expect.stringContaining("bucket policy denies PutObject"),
    ]);
  });
});

describe("brainmem: an outcome conflict is a mixed lesson, not one 'Avoid'", () => {
  it("the same action recorded as a failure then a success distils into one belief that says mixed results", async () => {
    const clock = testClock();
    const m = await open(":memory:", clock);
    const action = "Ran the billing migration with a 5 second lock timeout";
    const failed = await m.record(action, { type: "outcome", outcome: "failure" });
    clock.advance(HOUR);
    const worked = await m.record(action, { type: "outcome", outcome: "success" });
    expect(worked.verdict).toBe("outcome-conflict");
    await m.consolidate();

    const active = await m.list();
    expect(active).toHaveLength(1);
    const mixed = active[0]!;
    if (mixed.layer !== "belief") throw new Error("a belief expected");
    expect(mixed.text).toBe(`Mixed results: ${action} (1 success, 1 failure)`);
    expect(mixed.kind).toBe("fact"); // never "Avoid: …"
    // Both sources kept, and kept apart.
    expect(mixed.sources.sort()).toEqual([failed.id, worked.id].sort());
    expect(mixed.metadata.mixed).toMatchObject({ successes: [worked.id], failures: [failed.id] });
    expect(await m.list({ kind: "failure" })).toEqual([]);
    const c = await m.context("run the billing migration", { tokenBudget: 400 });
    expect(c.text).toContain("Mixed results: Ran the billing migration");
    expect(c.text).not.toMatch(/Avoid: Ran the billing migration/);

    // A later failure, after the lesson was distilled, updates the tally.
    clock.advance(HOUR);
    await m.record(action, { type: "outcome", outcome: "failure" });
    await m.consolidate();
    const after = await m.list();
    expect(after.map((b) => (b.layer === "belief" ? b.text : ""))).toEqual([
      `Mixed results: ${action} (1 success, 2 failures)`,
    ]);
    // The one-sided lesson and the first tally are history, each closed by its successor.
    const history = await m.history(after[0]!.id);
    expect(history.chain.length).toBeGreaterThanOrEqual(2);
  });
});

const toolText = (r: unknown) =>
  (r as CallToolResult).content.map((c) => ("text" in c ? c.text : "")).join("\n");

describe("brainmem: a stated lesson contradicted by a success", () => {
  it("a failure lesson remembered directly, then a success recorded, distils into mixed results counting the lesson", async () => {
    const m = await open(":memory:", testClock());
    const lesson = await m.remember("Deploying with the canary off on Fridays", { kind: "failure" });
    const worked = await m.record("Deploying with the canary off on Fridays", {
      type: "outcome",
      outcome: "success",
    });
    await m.consolidate();
    const [mixed] = await m.list();
    expect(mixed).toMatchObject({
      kind: "fact",
      text: "Mixed results: Deploying with the canary off on Fridays (1 success, 1 failure)",
      metadata: { mixed: { successes: [worked.id], failures: [lesson.id] } },
    });
    expect(await m.get(lesson.id)).toMatchObject({ status: "archived", statusReason: "mixed-results" });
  });
});

describe("Sediment: recall before acting shows a rule's exceptions", () => {
  it("a recalled rule carries when, prefer and its boundary exception, in the library, the CLI and MCP", async () => {
    const m = await open(":memory:", testClock());
    const strong = await m.capture({
      when: "the target model is Anthropic",
      prefer: "use XML delimiters",
      feedback: "positive",
    });
    await m.capture({ when: "target model is Anthropic", prefer: "avoid XML delimiters" });
    await m.consolidate();

    const [hit] = await m.recall("prompting an Anthropic model", { kinds: ["rule"] });
    expect(hit).toMatchObject({
      id: strong.id,
      when: "the target model is Anthropic",
      prefer: "use XML delimiters",
      exceptions: [expect.stringContaining('exception toward "avoid XML delimiters"')],
    });

    const printed = renderRecall([hit!], createStyle(false));
    expect(printed).toMatch(/exceptions: .*avoid XML delimiters/);

    const client = await mcpClientOf(m);
    try {
      const r = await client.callTool({
        name: "recall",
        arguments: { query: "prompting an Anthropic model" },
      });
      expect(toolText(r)).toMatch(/WHEN the target model is Anthropic .*exceptions: .*avoid XML delimiters/);
      const structured = (
        r as unknown as { structuredContent: { hits: { id: string; exceptions?: string[] }[] } }
      ).structuredContent;
      expect(structured.hits.find((h) => h.id === strong.id)?.exceptions).toHaveLength(1);

      // The digest is a tool result too (anneal), not only a resource the client may never read.
      const w = await m.prepareWrap();
      expect(w.status).toBe("empty");
      const c = await client.callTool({ name: "inspect", arguments: { what: "continuity" } });
      expect(toolText(c)).toContain("## Patterns");
    } finally {
      await client.close();
    }
  });
});

describe("small promises (issue 19, point 12)", () => {
  it("Sieve: the library passes a namespace per call, validated by the engine, and nothing crosses", async () => {
    const m = await open(":memory:", testClock());
    await m.remember("Alice prefers dark mode", { namespace: "user:alice" });
    await m.record("Bob switched the editor to light mode", { namespace: "user:bob" });
    await m.consolidate({ namespace: "user:bob" });
    expect((await m.recall("dark mode", { namespace: "user:alice" })).map((h) => h.text)).toEqual([
      "Alice prefers dark mode",
    ]);
    expect((await m.recall("dark mode", { namespace: "user:bob" })).map((h) => h.namespace)).toEqual(
      expect.not.arrayContaining(["user:alice"]),
    );
    expect(await m.list()).toEqual([]); // the engine's default namespace holds nothing
    expect((await m.context("editor theme", { namespace: "user:alice" })).text).not.toContain("Bob");
    await expect(m.remember("x", { namespace: "no spaces allowed" })).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
  });

  it("context spends its budget once: a distilled episode is not listed again under Recent events", async () => {
    const clock = testClock();
    const m = await open(":memory:", clock);
    const e = await m.record("The payments API rate limit is 100 requests per minute");
    clock.advance(HOUR);
    const other = await m.record("Started the quarterly load test", { type: "context" });
    await m.consolidate();
    const c = await m.context("payments API rate limit", { tokenBudget: 600 });
    const belief = c.items.find((i) => i.block === "knowledge");
    expect(belief).toBeDefined();
    expect(c.items.map((i) => i.id)).not.toContain(e.id);
    expect(c.text).toContain(`[${other.id}]`); // an event no belief says is still recent news
    expect(c.text.match(/rate limit is 100 requests per minute/g)).toHaveLength(1);
  });
});

describe("anneal-memory: continuity markers carry state across sessions", () => {
  it("the wrap package teaches the markers, the save keeps them and reports the state, the next session reads them", async () => {
    const clock = testClock();
    const m = await open(":memory:", clock);
    const e1 = (await m.record("Upload retries with backoff fixed the flaky S3 uploads", { type: "outcome" }))
      .id;
    const w = await m.prepareWrap();
    for (const marker of [
      '"? question"',
      '"thought: hunch"',
      '"✓ done"',
      '"cause -> effect"',
      "[decided(what)]",
      "[blocked(on what)]",
    ])
      expect(w.package).toContain(marker);
    const text = [
      "## State",
      "- ? Should uploads shard by tenant",
      "- thought: the retries may hide a connection leak",
      "- ✓ Moved the upload queue to Redis",
      "- [blocked(waiting for the VPN grant)] load test of the new queue",
      "",
      "## Patterns",
      `- Backoff fixes flaky S3 uploads | 1x [evidence: ${e1} "retries with backoff fixed the flaky uploads"]`,
      "",
      "## Decisions",
      "- [decided(keep retries at 3)] more retries only hide outages",
      "",
      "## Context",
      "- flaky DNS -> upload timeouts",
    ].join("\n");
    const r = await m.saveContinuity(text, { token: w.token! });
    expect(r.state).toEqual({
      question: ["Should uploads shard by tenant"],
      thought: ["the retries may hide a connection leak"],
      done: ["Moved the upload queue to Redis"],
      "leads-to": ["flaky DNS -> upload timeouts"],
      decided: ["keep retries at 3"],
      blocked: ["waiting for the VPN grant"],
    });
    for (const line of [
      "? Should uploads shard",
      "thought: the retries",
      "✓ Moved",
      "[decided(keep retries at 3)]",
      "-> upload timeouts",
    ])
      expect(r.text).toContain(line);
    const c = await m.context("uploads", { tokenBudget: 800 });
    expect(c.text).toContain("[blocked(waiting for the VPN grant)]");
    expect(c.text).toContain("[decided(keep retries at 3)]");
    expect(c.text).toContain("- ? Should uploads shard by tenant");
  });
});

describe("outcome and cap semantics are policy (issue 19, point 9)", () => {
  it("a failure is Laplace by default (0.50 → 0.33) and halves under failureUpdate: halve (0.50 → 0.25)", async () => {
    const m = await open(":memory:", testClock());
    const b = await m.remember("The cache warms in under a minute");
    expect((await m.outcome(b.id, false)).confidenceAfter).toBeCloseTo(1 / 3, 10);
    await m.close();
    const h = await open(":memory:", testClock(), { failureUpdate: "halve" });
    const c = await h.remember("The cache warms in under a minute");
    // Two sessions: the same result from one source counts once (SECURITY.md, poisoning).
    expect((await h.outcome(c.id, false, { session: "s1" })).confidenceAfter).toBe(0.25);
    expect((await h.outcome(c.id, false, { session: "s2" })).confidenceAfter).toBe(0.125);
    // A success brings it back to at least the evidence's Laplace rate: (1 + 1) / (3 + 2).
    expect((await h.outcome(c.id, true)).confidenceAfter).toBeCloseTo(0.4, 10);
  });

  it("outcome-scored rules have their own cap (brainmem's keep), proven rules kept; MCP says used without an outcome", async () => {
    const m = await open(":memory:", testClock(), { maxActiveRules: 2 });
    const rules = [];
    for (const [when, prefer] of [
      ["a deploy fails", "roll back first"],
      ["a test is flaky", "quarantine it"],
      ["a query is slow", "check the plan"],
      ["a disk fills up", "rotate the logs"],
    ])
      rules.push((await m.capture({ when: when!, prefer: prefer! })).id);
    const fact = await m.remember("The API runs on port 8080");
    for (let i = 0; i < 5; i++) await m.outcome(rules[3]!, true); // proven: ≥ 0.8 with ≥ 5 successes
    await m.outcome(rules[1]!, true);
    const client = await mcpClientOf(m);
    try {
      const used = await client.callTool({ name: "outcome", arguments: { id: rules[2]! } });
      expect(toolText(used)).toMatch(/used \(1 uses\); confidence 0\.50/);
    } finally {
      await client.close();
    }
    const report = await m.maintain();
    const evicted = report.items.filter((i) => i.action === "evicted");
    expect(evicted.map((i) => [i.id, i.reason])).toEqual([
      [rules[0], "over-rule-cap"],
      [rules[2], "over-rule-cap"],
    ]);
    expect(await m.get(fact.id)).toMatchObject({ status: "active" });
    expect((await m.list({ kind: "rule" })).map((b) => b.id)).toEqual([rules[1], rules[3]]);
  });
});

describe("anneal-memory: a CLI version of the agent instructions", () => {
  it("strata instructions prints the MCP loop, --cli the same loop with strata commands", async () => {
    const { createProgram } = await import("../../src/cli/program.js");
    const { AGENT_INSTRUCTIONS, CLI_AGENT_INSTRUCTIONS } = await import(
      "../../src/mcp/agent-instructions.js"
    );
    const printed = async (argv: string[]) => {
      // The command loads its texts with a dynamic import: awaited here, not a timer's turn later.
      let out: Promise<string> | null = null;
      const program = createProgram("0.0.0", { writeOut: () => {}, writeErr: () => {} }, (inv) => {
        if (!("standalone" in inv.run)) throw new Error("instructions needs no store");
        out = inv.run.standalone({} as never).then((r) => inv.render(r, createStyle(false)));
      });
      await program.parseAsync(argv, { from: "user" });
      if (!out) throw new Error("instructions invoked nothing");
      return out;
    };
    expect(await printed(["instructions"])).toBe(AGENT_INSTRUCTIONS.trimEnd());
    const cli = await printed(["instructions", "--cli"]);
    expect(cli).toBe(CLI_AGENT_INSTRUCTIONS.trimEnd());
    for (const command of [
      "strata context",
      "strata recall",
      "strata outcome",
      "strata used",
      "strata prepare-wrap",
      "strata save-continuity",
    ])
      expect(cli).toContain(command);
  });
});

describe("Sediment / brainmem: an abstraction generalises honestly without a model", () => {
  it("three rules with one action become a parent that states the shared condition and the differing values", async () => {
    const m = await open(":memory:", testClock());
    for (const env of ["staging", "production", "the canary"])
      await m.capture({ when: `the deploy targets ${env}`, prefer: "run the smoke tests first" });
    const report = await m.consolidate();
    const parent = await m.get(report.items.find((i) => i.action === "abstracted")!.id);
    if (parent.layer !== "belief") throw new Error("a belief expected");
    expect(parent.text).toBe(
      "WHEN the deploy targets staging, production or the canary → PREFER run the smoke tests first",
    );
    expect(parent.metadata).toMatchObject({
      shared: "the deploy targets …",
      values: ["staging", "production", "the canary"],
    });
    expect(parent.text).not.toMatch(/any of/);
  });
});

describe("anneal-memory: the digest mirrored to a file a person can edit", () => {
  it("strata continuity --out writes it; an edit comes back through a wrap, validated; a broken edit is refused", async () => {
    const { readFileSync, writeFileSync } = await import("node:fs");
    const { runContinuity, runSaveContinuity } = await import("../../src/cli/commands/continuity.js");
    const clock = testClock();
    const m = await open(":memory:", clock);
    const e1 = (
      await m.record("The nightly backup to S3 failed with a permissions error", { type: "outcome" })
    ).id;
    const w1 = await m.prepareWrap();
    await m.saveContinuity(
      digest("- Fixing the backup job", [
        `- Backups fail on S3 permissions | 1x [evidence: ${e1} "backup to S3 failed with a permissions error"]`,
      ]),
      { token: w1.token! },
    );
    const file = tempDbPath("continuity.md");
    const view = await runContinuity(m, file);
    expect(view).toMatchObject({ source: "saved", version: 1, file });
    expect(readFileSync(file, "utf8")).toBe(`${view.text}\n`);

    // A person edits the copy: a decision, with anneal's marker.
    const edited = readFileSync(file, "utf8").replace(
      "## Decisions\n",
      "## Decisions\n- [decided(rotate the backup IAM key monthly)]\n",
    );
    writeFileSync(file, edited);
    clock.advance(HOUR);
    await m.record("Rotated the backup IAM key", { type: "decision" });
    const broken = await m.prepareWrap();
    await expect(
      runSaveContinuity(m, { text: edited.replace("## Context", "## Misc"), token: broken.token! }),
    ).rejects.toMatchObject({ code: "INVALID_INPUT" });
    const saved = await runSaveContinuity(m, { text: readFileSync(file, "utf8"), token: broken.token! });
    expect(saved.state.decided).toEqual(["rotate the backup IAM key monthly"]);
    expect((await m.context("backup job")).text).toContain("[decided(rotate the backup IAM key monthly)]");
  });
});

describe("Sieve: the calibration stage and its staleness threshold (issue 19, point 8)", () => {
  const ns = { namespace: "tenant_1" };

  it("sleep scores each belief (supersession probability, salience, category); the policy's threshold decides what is acted on", async () => {
    // Sieve's quickstart at the default threshold: the migration supersedes the old database.
    const clock = testClock();
    let m = await open(":memory:", clock);
    const pg15 = await m.remember("Target database is PostgreSQL 15 on port 5432", ns);
    clock.advance(3 * DAY);
    const pg16 = await m.remember("Actually, database was migrated to PostgreSQL 16 on port 5433", ns);
    expect(pg16.superseded).toEqual([pg15.id]);
    await m.close();

    // At stalenessThreshold 0.9 the same change (a change cue, p 0.84) is kept and deferred …
    const strict = testClock();
    m = await open(":memory:", strict, { stalenessThreshold: 0.9 });
    const a = await m.remember("Target database is PostgreSQL 15 on port 5432", ns);
    strict.advance(3 * DAY);
    const b = await m.remember("Actually, database was migrated to PostgreSQL 16 on port 5433", ns);
    expect(b).toMatchObject({ verdict: "refinement", superseded: [] });
    expect(b.reason).toContain("below stalenessThreshold 0.9");
    const pref = await m.remember("User preferred language is Python 3.12", ns);
    const pin = await m.remember("Never delete production tables without explicit multi-sig approval", ns);
    await m.pin(pin.id, ns);
    strict.advance(DAY);
    const report = await m.consolidate(ns);
    expect(report.items).toContainEqual(
      expect.objectContaining({
        action: "skipped",
        id: a.id,
        by: b.id,
        reason: expect.stringContaining("p 0.8"),
      }),
    );
    // … scored and shown by get, explain and recall's why …
    const older = await m.get(a.id, ns);
    expect(older).toMatchObject({ status: "active", calibration: { supersededBy: b.id, category: "fact" } });
    const p = (older as { calibration: { supersession: number } }).calibration.supersession;
    expect(p).toBeGreaterThan(0.5);
    expect(p).toBeLessThan(0.9);
    expect((await m.explain(pref.id, ns)).belief?.calibration).toMatchObject({ category: "preference" });
    expect((await m.get(pin.id, ns)) as object).toMatchObject({
      calibration: { category: "identity", salience: 1 },
    });
    const [hit] = await m.recall("PostgreSQL 15 port 5432", { ...ns, k: 1 });
    expect(hit!.why.summary).toContain(`supersession ${p} by [${b.id}]`);
    // … offered in candidates with its probability, where an agent settles it.
    const pairs = await m.candidates(ns);
    expect(pairs).toContainEqual(expect.objectContaining({ a: a.id, b: b.id, supersession: p }));
    await m.judge([{ a: a.id, b: b.id, verdict: "supersede" }], ns);
    expect(await m.get(a.id, ns)).toMatchObject({ status: "archived", supersededBy: b.id });
  });

  it("at threshold 1 only exact duplicates act alone: a changed number waits, the same text is merged", async () => {
    const clock = testClock();
    const m = await open(":memory:", clock, { stalenessThreshold: 1 });
    const c1 = await m.remember("Primary cluster is us-east-1", ns);
    clock.advance(DAY);
    expect(await m.remember("primary cluster is us-east-1.", ns)).toMatchObject({
      verdict: "redundant",
      id: c1.id,
    });
    const r5 = await m.remember("The retry limit is 5", ns);
    clock.advance(DAY);
    const r7 = await m.remember("The retry limit is now 7", ns);
    expect(r7).toMatchObject({ verdict: "refinement", superseded: [] });
    await m.consolidate(ns);
    expect(await m.get(r5.id, ns)).toMatchObject({ status: "active" });
    expect((await m.candidates(ns)).map((x) => [x.a, x.b])).toContainEqual([r5.id, r7.id]);
  });
});
