/**
 * Options an operation takes reach its tailored command under the engine's name: recall's
 * `--diversity W` (MMR's weight on novelty, 0–1; the policy's 0.3 by default) and
 * `--associative` (one associative hop), context's `--recent-events N` and `--no-continuity`, and
 * capture's `--session ID` were the library's, REST's and the registry's, but the commands had
 * no flag for them (newcomer51, newcomer52). Parsed by the real program and run on a real SQLite
 * store; a value outside its range is refused as the command line is read, in the engine's words.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runProgram } from "../../test/support/program-run.js";
import type { Memory } from "../core/engine.js";
import type { ContextResult, GateResult, RecallHit } from "../core/model.js";
import { openMemory } from "../open-memory.js";
import { UsageError } from "./usage-error.js";

let dir: string;
let mem: Memory;
const clock = { now: () => new Date("2026-03-02T09:00:00Z") };

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "strata-cli-recall-flags-"));
  mem = await openMemory({ path: join(dir, "memory.db"), clock, actor: "cli", lexicon: null });
});
afterEach(async () => {
  await mem.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Parses argv with the real program and runs the invocation on `mem` (as the CLI would). */
const cli = <T>(argv: string[]) => runProgram<T>(mem, argv);

const ids = (hits: RecallHit[]) => hits.map((h) => h.id);

/** Near-restatements of one deploy fact and two others: MMR's weight decides the second pick. */
async function deployFacts(): Promise<void> {
  for (const text of [
    "The deploy of the billing service runs every Tuesday at noon",
    "The billing service deploy runs on Tuesdays at noon UTC",
    "Billing service deploys happen Tuesday at noon",
    "The deploy freeze starts on Friday afternoon",
    "The deploy pipeline caches the node modules",
  ])
    await mem.remember(text);
}

describe("recall --diversity", () => {
  it("is the library's diversity: 0 and 1 rank as mem.recall does with each", async () => {
    await deployFacts();
    const none = await mem.recall("billing service deploy", { k: 3, diversity: 0 });
    const most = await mem.recall("billing service deploy", { k: 3, diversity: 1 });
    // The weight matters on this store, so a flag read and dropped would show.
    expect(ids(most)).not.toEqual(ids(none));
    expect(
      ids(await cli<RecallHit[]>(["recall", "billing service deploy", "-k", "3", "--diversity", "0"])),
    ).toEqual(ids(none));
    expect(
      ids(await cli<RecallHit[]>(["recall", "billing service deploy", "-k", "3", "--diversity", "1"])),
    ).toEqual(ids(most));
    // Without the flag, the policy's weight: the library's default answer.
    expect(ids(await cli<RecallHit[]>(["recall", "billing service deploy", "-k", "3"]))).toEqual(
      ids(await mem.recall("billing service deploy", { k: 3 })),
    );
  });

  it.each([
    ["2", "--diversity must be at most 1, got 2."],
    ["-0.5", "--diversity must be at least 0, got -0.5."],
  ])(
    "--diversity %s is refused before the command runs, with the engine's issues",
    async (value, message) => {
      const refusal = await cli(["recall", "x", "--diversity", value]).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(UsageError);
      expect((refusal as UsageError).message).toBe(message);
      const engine = await mem.recall("x", { diversity: Number(value) }).then(
        () => null,
        (error: { details: { issues: unknown[] } }) => error.details.issues,
      );
      expect((refusal as UsageError).details?.issues).toEqual(engine);
    },
  );

  it("a weight that is no number is a usage error naming the flag", async () => {
    await expect(cli(["recall", "x", "--diversity", "high"])).rejects.toThrow(
      '--diversity must be a number such as 0.5, got "high".',
    );
  });
});

describe("recall --associative", () => {
  it("takes the library's associative hop", async () => {
    await deployFacts();
    expect(ids(await cli<RecallHit[]>(["recall", "deploy", "-k", "5", "--associative"]))).toEqual(
      ids(await mem.recall("deploy", { k: 5, associative: true })),
    );
  });
});

describe("context --recent-events and --no-continuity", () => {
  it("are the library's recentEvents and continuity", async () => {
    for (const text of ["Deployed the billing service", "Rotated the API keys", "Paged the on-call"])
      await mem.record(text);
    const lines = (r: ContextResult) => r.items.map((i) => i.id);
    expect(lines(await cli<ContextResult>(["context", "--recent-events", "1"]))).toEqual(
      lines(await mem.context("", { recentEvents: 1 })),
    );
    expect(lines(await cli<ContextResult>(["context", "--recent-events", "0"]))).toEqual([]);
    expect(lines(await cli<ContextResult>(["context", "--no-continuity"]))).toEqual(
      lines(await mem.context("", { continuity: false })),
    );
  });

  it("--recent-events 101 is refused before the command runs, with the engine's issues", async () => {
    const refusal = await cli(["context", "--recent-events", "101"]).then(
      () => null,
      (error: unknown) => error,
    );
    expect((refusal as UsageError).message).toBe("--recent-events must be at most 100, got 101.");
    const engine = await mem.context("", { recentEvents: 101 }).then(
      () => null,
      (error: { details: { issues: unknown[] } }) => error.details.issues,
    );
    expect((refusal as UsageError).details?.issues).toEqual(engine);
  });
});

describe("capture --session", () => {
  it("counts the same feedback once per session, as the library's session does", async () => {
    const argv = [
      "capture",
      "--when",
      "the API is rate limited",
      "--prefer",
      "back off",
      "--feedback",
      "positive",
    ];
    const first = await cli<GateResult>([...argv, "--session", "s1"]);
    await cli<GateResult>([...argv, "--session", "s1"]);
    await cli<GateResult>([...argv, "--session", "s2"]);
    const rule = (await mem.get(first.id)) as { successes: number };
    // s1 twice counts once, s2 once: without the flag each capture was the actor's one per day.
    expect(rule.successes).toBe(2);
  });
});

describe("remember --sources and capture --sources", () => {
  it("are the library's sources: the episodes the belief rests on", async () => {
    const a = await mem.record("The deploy failed on the migration lock");
    const b = await mem.record("The deploy failed again on the migration lock");
    const fact = await cli<GateResult>([
      "remember",
      "Deploys fail when the migration lock times out",
      "--sources",
      `${a.id}, ${b.id}`,
    ]);
    expect(((await mem.get(fact.id)) as { sources: string[] }).sources).toEqual([a.id, b.id]);
    const rule = await cli<GateResult>([
      "capture",
      "--when",
      "the migration lock times out",
      "--prefer",
      "retry the deploy after five minutes",
      "--sources",
      a.id,
    ]);
    expect(((await mem.get(rule.id)) as { sources: string[] }).sources).toEqual([a.id]);
  });

  it("an episode of another namespace is no source: refused, nothing stored", async () => {
    const elsewhere = await mem.record("The deploy failed on the migration lock", { namespace: "other" });
    const before = await mem.stats();
    await expect(
      cli(["remember", "Deploys fail when the migration lock times out", "--sources", elsewhere.id]),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      cli(["capture", "--when", "the lock times out", "--prefer", "retry", "--sources", elsewhere.id]),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await mem.stats()).toEqual(before);
  });

  it("a belief's id is refused as the engine refuses it", async () => {
    const fact = await mem.remember("The retry limit is 5");
    await expect(cli(["remember", "The retry limit is 6", "--sources", fact.id])).rejects.toMatchObject({
      message: expect.stringContaining("episode ids (e…), not belief ids"),
    });
  });

  it("with --jsonl goes on each line, not on the command line", async () => {
    await expect(cli(["remember", "--jsonl", "facts.jsonl", "--sources", "e1"])).rejects.toThrow(
      /with --jsonl, options go on each line .*\(--sources\)/,
    );
  });
});
