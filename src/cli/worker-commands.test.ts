import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Memory } from "../core/engine.js";
import { openMemory } from "../open-memory.js";
import type { WorkerRunResult } from "./commands/worker.js";
import { createProgram, type Invocation, type RunEnv } from "./program.js";
import { plain } from "./style.js";

let mem: Memory;
let now: number;
const clock = { now: () => new Date(now) };

beforeEach(async () => {
  now = Date.parse("2027-01-01T12:00:00Z");
  mem = await openMemory({ clock, actor: "cli" });
});
afterEach(async () => {
  await mem.close();
});

const parse = async (argv: string[]) => {
  let inv: Invocation | null = null;
  const program = createProgram("0.0.0", { writeOut: () => {}, writeErr: () => {} }, (i) => {
    inv = i;
  });
  await program.parseAsync(argv, { from: "user" });
  return inv as unknown as Invocation<WorkerRunResult>;
};

/** A RunEnv that keeps the notices and progress steps the command emits. */
function recordingEnv() {
  const notices: string[] = [];
  const problems: string[] = [];
  const steps: string[] = [];
  const env = {
    progress: (label: string) => ({ onProgress: (d: number, t: number) => steps.push(`${label} ${d}/${t}`) }),
    notice: (text: string) => notices.push(text),
    problem: (text: string) => problems.push(text),
  } as unknown as RunEnv;
  return { env, notices, problems, steps };
}

describe("strata worker: the grammar", () => {
  it.each([
    [["worker", "--interval", "5x"], /--interval must be a duration such as 30s, 5m, 1h/],
    [["worker", "--idle", "ten minutes"], /--idle must be a duration/],
    [["worker", "--daily", "3am"], /--daily must be a time of day in UTC written HH:MM/],
    [["worker", "--all", "--namespaces", "a,b"], /either --namespaces a,b or --all, not both/],
    [["worker", "--max-retire-share", "lots"], /--max-retire-share must be a number/],
  ])("refuses %j before opening the store", async (argv, message) => {
    await expect(parse(argv)).rejects.toThrow(message);
  });

  it.each([
    ["--interval", "0s", "interval must be at least 1s, got 0s"],
    ["--interval", "500ms", "interval must be at least 1s, got 500ms"],
  ])("%s %s is refused by the engine in the unit typed", async (flag, value, words) => {
    const inv = await parse(["worker", "--once", flag, value]);
    if (!("engine" in inv.run)) throw new Error("an engine command");
    await expect(inv.run.engine(mem, recordingEnv().env)).rejects.toMatchObject({
      code: "INVALID_INPUT",
      details: { issues: [expect.objectContaining({ message: words })] },
    });
  });

  it("--once --no-daily --dry-run: one tick, each pass's progress named, the outcome in the answer only, nothing applied", async () => {
    await mem.record("Deploy failed: migration lock timeout", { type: "outcome", outcome: "failure" });
    const inv = await parse(["worker", "--once", "--no-daily", "--idle", "0s", "--dry-run"]);
    if (!("engine" in inv.run)) throw new Error("an engine command");
    const { env, notices, steps } = recordingEnv();
    const result = await inv.run.engine(mem, env);
    expect(result).toMatchObject({ ticks: 1, stoppedBy: null, dryRun: true });
    expect(result.tick?.outcomes).toEqual([
      expect.objectContaining({ namespace: "default", status: "dry-run" }),
    ]);
    // The outcome is the answer's table: said on stderr too, `worker --once > log 2>&1` read it twice.
    expect(notices).toEqual(["worker: one tick over namespace(s) default (dry run: nothing applied)"]);
    expect(steps.at(-1)).toMatch(/^consolidate default: (?:distil|sweep) \d+\/\d+$/);
    expect(inv.render(result, plain)).toMatch(/^worker: 1 tick\(s\) \(dry run: nothing applied\)\nNAMESPACE/);
    expect(inv.render(result, plain)).toMatch(
      /default +dry-run +dry run, nothing applied: would have consolidated \(idle\)/,
    );
    expect(inv.exitCode?.(result)).toBe(0);
    expect(await mem.pending()).toHaveLength(1);
  });

  it("--namespaces tends only those, and -n's namespace by default", async () => {
    await mem.record("Deploy failed: migration lock timeout", { namespace: "a" });
    await mem.record("Deploy failed: migration lock timeout", { namespace: "b" });
    const run = async (argv: string[]) => {
      const inv = await parse(argv);
      if (!("engine" in inv.run)) throw new Error("an engine command");
      return (await inv.run.engine(mem, recordingEnv().env)).tick?.outcomes.map((o) => o.namespace);
    };
    expect(await run(["worker", "--once", "--no-daily", "--namespaces", "b"])).toEqual(["b"]);
    expect(await run(["worker", "--once", "--no-daily"])).toEqual(["default"]);
    expect(await run(["worker", "--once", "--no-daily", "--all"])).toEqual(["a", "b"]);
  });

  it("--json's shape: the tick (each outcome with its detail and report), ticks, stoppedBy, dryRun; nothing said twice", async () => {
    await mem.record("Deploy failed: migration lock timeout", { type: "outcome", outcome: "failure" });
    const inv = await parse(["worker", "--once", "--no-daily", "--idle", "0s"]);
    if (!("engine" in inv.run)) throw new Error("an engine command");
    const result = JSON.parse(JSON.stringify(await inv.run.engine(mem, recordingEnv().env)));
    expect(Object.keys(result).sort()).toEqual(["dryRun", "stoppedBy", "tick", "ticks"]);
    expect(Object.keys(result.tick).sort()).toEqual(["at", "interrupted", "outcomes"]);
    const [outcome] = result.tick.outcomes;
    expect(Object.keys(outcome).sort()).toEqual(["detail", "namespace", "report", "status"]);
    expect(outcome.report).toMatchObject({
      status: "applied",
      consolidate: { distilled: 1 },
      committed: { steps: expect.any(Number), left: 0 },
      judge: { name: "lexical", fallbacks: 0, budget: null },
    });
    // The table says what `detail` says.
    expect(inv.render(result, plain)).toContain(outcome.detail);
  });

  it("a mistyped namespace is `empty`, not `applied`: named in the table and in a hint (not twice on stderr with --once); exit 0", async () => {
    await mem.remember("Deploys go through the staging cluster first", { namespace: "agent-7" });
    const inv = await parse(["worker", "--once", "--namespaces", "agent-7,agnet-7"]);
    if (!("engine" in inv.run)) throw new Error("an engine command");
    const { env, notices, problems } = recordingEnv();
    const result = await inv.run.engine(mem, env);
    expect(result.tick?.outcomes.map((o) => [o.namespace, o.status])).toEqual([
      ["agent-7", "applied"],
      ["agnet-7", "empty"],
    ]);
    expect(notices.filter((n) => n.startsWith("agnet-7"))).toEqual([]);
    expect(problems).toEqual([]);
    const text = inv.render(result, plain);
    expect(text).toMatch(
      /agnet-7 +empty +nothing was ever written in this namespace: skipped \(a misspelt name\? the store has agent-7;/,
    );
    expect(text).toMatch(
      /\nhint: nothing was ever written in agnet-7: check the spelling \(strata namespaces lists the store's namespaces\)\. Not an error/,
    );
    expect(inv.exitCode?.(result)).toBe(0);
    // Negative: no empty namespace, no hint.
    expect(
      inv.render(
        { ...result, tick: { ...result.tick!, outcomes: result.tick!.outcomes.slice(0, 1) } },
        plain,
      ),
    ).not.toMatch(/hint:/);
  });
});
