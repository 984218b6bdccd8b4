/**
 * `strata worker`: the background worker in the foreground of a terminal or a service manager.
 * Ticks every interval until SIGTERM or SIGINT (or once with --once); each namespace's outcome
 * is a line on stderr as it happens (with --once only a failure: the answer's table lists them all),
 * consolidation progress a bar per pass on a terminal (plain lines otherwise, `consolidate NS:
 * distil 3/3`, then `: sweep 1/1`); with --json or --quiet only failures are (the answer holds the rest). On a signal the namespace being tended finishes or rolls back, the lock is
 * released, and the command returns.
 */
import type { Memory } from "../../core/engine.js";
import type { WorkerOptionsInput } from "../../core/worker/options.js";
// Types only: the worker (and every schema it needs) loads when the command runs, not for --help.
import type { NamespaceOutcome, TickResult } from "../../core/worker/worker.js";
import type { RunEnv } from "../invocation.js";
import { type Style, table } from "../style.js";

export interface WorkerArgs {
  namespaces?: string[];
  all?: boolean;
  /** A duration as typed (`30s`, `5m`) or milliseconds: the engine's refusal echoes it. */
  interval?: number | string;
  idle?: number | string;
  /** HH:MM UTC, or null for --no-daily. */
  daily?: string | null;
  dryRun?: boolean;
  once?: boolean;
  maxRetireShare?: number;
}

export interface WorkerRunResult {
  /** The tick of --once; the last tick otherwise. */
  tick: TickResult | null;
  ticks: number;
  /** The signal that stopped the loop, if one did. */
  stoppedBy: string | null;
  dryRun: boolean;
}

/** `strata worker` */
export async function runWorker(mem: Memory, args: WorkerArgs, env: RunEnv): Promise<WorkerRunResult> {
  const { Worker } = await import("../../core/worker/worker.js");
  /** One outcome as a progress line. */
  const outcomeLine = (o: NamespaceOutcome) => `${o.namespace}: ${o.status} — ${o.detail}`;
  const options: WorkerOptionsInput = {
    namespaces: args.all ? "all" : (args.namespaces ?? [mem.namespace]),
    ...(args.interval !== undefined ? { interval: args.interval } : {}),
    ...(args.idle !== undefined ? { idle: args.idle } : {}),
    ...(args.daily !== undefined ? { daily: args.daily } : {}),
    ...(args.dryRun ? { dryRun: true } : {}),
    ...(args.maxRetireShare !== undefined ? { maxRetireShare: args.maxRetireShare } : {}),
  };
  // A long-lived worker searches at every tick: a large store's indexes are built off the request
  // path (not for --once; the store decides what is large, `backgroundFrom`).
  if (!args.once)
    void mem.warmIndexes({ background: "auto" }).then((r) => r.notice && env.notice?.(r.notice));
  const bars = new Map<string, ReturnType<RunEnv["progress"]>>();
  const saidEmpty = new Set<string>();
  let last: TickResult | null = null;
  const worker = new Worker(mem, options, {
    onOutcome: (o) => {
      if (o.status === "failed") env.problem?.(outcomeLine(o));
      else if (o.status === "empty") {
        // Said once per run, not at every tick of a loop: the namespace may be named before its first write.
        if (!saidEmpty.has(o.namespace) && !args.once) env.notice?.(outcomeLine(o));
        saidEmpty.add(o.namespace);
      } else if (o.status !== "unchanged" && !args.once) env.notice?.(outcomeLine(o));
      // --once: the answer's table lists every outcome; said here too, each namespace came out twice.
    },
    onProgress: (ns, done, total, phase) => {
      // One bar (or run of lines) per pass: distil's counts and then the sweep's, each named.
      const label = `consolidate ${ns}${phase ? `: ${phase}` : ""}`;
      let hooks = bars.get(label);
      if (!hooks) {
        hooks = env.progress(label, { lines: true });
        bars.set(label, hooks);
      }
      hooks.onProgress?.(done, total);
    },
    onTick: (t) => {
      last = t;
    },
    onTickError: (error) =>
      env.problem?.(
        `tick failed: ${error instanceof Error ? error.message : String(error)} (retrying after a backoff)`,
      ),
  });
  const controller = new AbortController();
  let stoppedBy: string | null = null;
  const stop = (signal: NodeJS.Signals) => {
    stoppedBy = signal;
    env.notice?.(`worker: ${signal}: stopping once the current namespace finishes or rolls back`);
    controller.abort();
  };
  const onTerm = () => stop("SIGTERM");
  const onInt = () => stop("SIGINT");
  process.once("SIGTERM", onTerm);
  process.once("SIGINT", onInt);
  try {
    const s = worker.settings;
    const which = s.namespaces === "all" ? "every namespace" : `namespace(s) ${s.namespaces.join(", ")}`;
    if (args.once) {
      env.notice?.(`worker: one tick over ${which}${s.dryRun ? " (dry run: nothing applied)" : ""}`);
      last = await worker.tick(controller.signal);
      return { tick: last, ticks: 1, stoppedBy, dryRun: s.dryRun };
    }
    env.notice?.(
      `worker: tending ${which} every ${Math.round(s.interval / 1000)}s (idle ${Math.round(s.idle / 1000)}s, daily ${
        s.daily ?? "off"
      }${s.daily ? " UTC" : ""})${s.dryRun ? ", dry run: nothing applied" : ""}; SIGTERM or Ctrl-C stops it`,
    );
    const { ticks } = await worker.run({ signal: controller.signal });
    return { tick: last, ticks, stoppedBy, dryRun: s.dryRun };
  } finally {
    process.off("SIGTERM", onTerm);
    process.off("SIGINT", onInt);
  }
}

export function renderWorker(r: WorkerRunResult, style: Style): string {
  const head =
    r.stoppedBy !== null
      ? `worker stopped by ${r.stoppedBy} after ${r.ticks} tick(s); no lock held`
      : `worker: ${r.ticks} tick(s)${r.dryRun ? " (dry run: nothing applied)" : ""}`;
  const outcomes = r.tick?.outcomes ?? [];
  if (outcomes.length === 0) return head;
  const rows = table(
    outcomes,
    [
      { header: "NAMESPACE", value: (o) => o.namespace, color: style.id },
      { header: "STATUS", value: (o) => o.status },
      { header: "WHAT", value: (o) => o.detail },
    ],
    style,
  );
  const empty = outcomes.filter((o) => o.status === "empty").map((o) => o.namespace);
  const hint =
    empty.length === 0
      ? ""
      : `\n${style.warn("hint:")} nothing was ever written in ${empty.join(", ")}: check the spelling (strata namespaces lists the store's namespaces). Not an error: a namespace named before its first write is tended from then on.`;
  return `${head}\n${rows}${hint}`;
}

/** --once: 1 when a namespace failed, else 0. */
export const workerExitCode = (r: WorkerRunResult) =>
  r.tick?.outcomes.some((o) => o.status === "failed") ? 1 : 0;
