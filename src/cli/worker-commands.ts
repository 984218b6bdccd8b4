/**
 * The background worker's command, `strata worker`. Registered from createProgram with one
 * call, like the continuity commands; the action only converts argv strings (durations, the
 * namespace list, the share) and hands `runMain` an `Invocation`.
 */
import type { Command } from "commander";
import { parseDailyTime, parseDuration } from "../core/time-input.js";
import { toList, toNumber } from "./args.js";
import {
  renderWorker,
  runWorker,
  type WorkerArgs,
  type WorkerRunResult,
  workerExitCode,
} from "./commands/worker.js";
import { examples } from "./help-text.js";
import type { Invocation } from "./invocation.js";
import { UsageError } from "./usage-error.js";

/**
 * A duration flag's text as typed (`" 0s"` → `"0s"`), once it reads as one; a usage error naming
 * the option otherwise. The engine reads the text itself, so a refusal of its value (below the
 * worker's floor) says what was typed, in the user's unit: `got 0s`, not `got 0 ms`.
 */
export function toDuration(value: string, what: string): string {
  try {
    parseDuration(value, what);
    return value.trim();
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function toDaily(value: string): string {
  try {
    parseDailyTime(value, "--daily");
    return value.trim();
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

export function registerWorkerCommands(program: Command, on: (inv: Invocation) => void): void {
  program
    .command("worker")
    .description(
      "keep memory clean in the background: each tick, maintain every namespace that changed and consolidate when it is idle, under pressure, asked, or daily",
    )
    .option("--namespaces <list>", "comma-separated namespaces to tend (default: -n, else default)", toList)
    .option("--all", "tend every namespace in the store")
    .option("--interval <duration>", "time between ticks: 30s, 5m, 1h (default 5m)", (v) =>
      toDuration(v, "--interval"),
    )
    .option("--idle <duration>", "consolidate after writes went quiet this long (default 10m)", (v) =>
      toDuration(v, "--idle"),
    )
    .option("--daily <HH:MM>", "daily backstop consolidation time, UTC (default 03:00)", toDaily)
    .option("--no-daily", "no daily backstop")
    .option(
      "--max-retire-share <x>",
      "stop a pass at the step that would take more than this share of active beliefs out of the active set; that step rolls back (default 0.1)",
      (v) => toNumber(v, "--max-retire-share"),
    )
    .option("--dry-run", "report what each pass would do; apply nothing, keep no report")
    .option("--once", "one tick, then exit")
    .addHelpText(
      "after",
      `\nConsolidation runs when a namespace is idle (writes, then none for --idle), under pressure (many new\nbeliefs, redundant writes, active beliefs near the cap, episodes waiting to be distilled), asked\n(requestConsolidation in the library), or at the daily time if none ran since. A busy namespace\n(another sweep or consolidation) is skipped. A pass writes in short steps, so other processes' writes go through\nbetween them. SIGTERM or Ctrl-C rolls back the step under way and stops; the next run carries on.\nEach pass's report is kept in the store (last 20 per namespace); see docs/worker.md.\nWith no store the worker creates none: it exits 69 (strata init creates an empty one to start before the first write).\n${examples(
        "strata worker --once --dry-run          # what would run now, nothing applied",
        "strata worker --all --interval 5m --idle 10m --daily 03:00",
        "strata --db postgres://strata@db/strata worker --namespaces agent-7,agent-8",
        "strata worker --once --json",
      )}`,
    )
    .action(
      (o: {
        namespaces?: string[];
        all?: boolean;
        interval?: string;
        idle?: string;
        daily?: string | false;
        maxRetireShare?: number;
        dryRun?: boolean;
        once?: boolean;
      }) => {
        if (o.all && o.namespaces) throw new UsageError("pass either --namespaces a,b or --all, not both.");
        if (o.namespaces?.length === 0)
          throw new UsageError("--namespaces needs at least one name, e.g. --namespaces agent-7,agent-8.");
        const args: WorkerArgs = {
          ...(o.namespaces ? { namespaces: o.namespaces } : {}),
          ...(o.all ? { all: true } : {}),
          ...(o.interval !== undefined ? { interval: o.interval } : {}),
          ...(o.idle !== undefined ? { idle: o.idle } : {}),
          ...(o.daily === false ? { daily: null } : o.daily !== undefined ? { daily: o.daily } : {}),
          ...(o.maxRetireShare !== undefined ? { maxRetireShare: o.maxRetireShare } : {}),
          ...(o.dryRun ? { dryRun: true } : {}),
          ...(o.once ? { once: true } : {}),
        };
        const invocation: Invocation<WorkerRunResult> = {
          command: "worker",
          run: { engine: (mem, env) => runWorker(mem, args, env) },
          render: renderWorker,
          exitCode: workerExitCode,
        };
        on(invocation as Invocation);
      },
    );
}
