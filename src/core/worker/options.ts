/**
 * The background worker's options: one object, parsed once, every field documented with its
 * default. Durations are given as text people write (`30s`, `5m`, `1h`) or milliseconds.
 *
 *   const o = parseWorkerOptions({ namespaces: ["agent-7"], interval: "5m", idle: "10m", daily: "03:00" });
 */
import { z } from "zod";
import { StrataError } from "../errors.js";
import { NamespaceSchema } from "../model.js";
import { parseDailyTime, parseDuration } from "../time-input.js";
import { parseInput } from "../validate.js";

export { parseDailyTime, parseDuration };

const duration = (what: string, min: number) =>
  z.union([z.number().int().min(0), z.string()]).transform((v, ctx) => {
    try {
      const ms = typeof v === "number" ? v : parseDuration(v, what);
      if (ms < min) {
        // Said in the unit the durations are written in (`30s`), with what was given.
        const floor = min % 1000 === 0 ? `${min / 1000}s` : `${min} ms`;
        const given = typeof v === "number" ? `${v} ms` : v;
        ctx.addIssue({ code: "custom", message: `${what} must be at least ${floor}, got ${given}` });
        return z.NEVER;
      }
      return ms;
    } catch (error) {
      ctx.addIssue({ code: "custom", message: (error as Error).message });
      return z.NEVER;
    }
  });

const count = (what: string) =>
  z
    .number({ message: `${what} must be a whole number` })
    .int(`${what} must be a whole number`)
    .min(1, `${what} must be 1 or more`);

export const WorkerOptionsSchema = z
  .object({
    /** Which namespaces to tend: a list, or `"all"` (every namespace with an audit chain). Default `"all"`. */
    namespaces: z.union([z.literal("all"), z.array(NamespaceSchema).min(1)]).default("all"),
    /** Time between ticks (`run`). Default 5 minutes. */
    interval: duration("interval", 1000).default(300_000),
    /** Consolidate once no write has come for this long after writes since the last consolidation. Default 10 minutes. */
    idle: duration("idle", 0).default(600_000),
    /**
     * The daily backstop: consolidate once a day at or after this time (`HH:MM`, UTC) if no
     * consolidation ran since, even when nothing else asks for one. null: off. Default `03:00`.
     */
    daily: z
      .string()
      .nullable()
      .default("03:00")
      .superRefine((v, ctx) => {
        if (v === null) return;
        try {
          parseDailyTime(v);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: (error as Error).message });
        }
      }),
    /** Report what each pass would do, apply nothing and keep no report. Default false. */
    dryRun: z.boolean().default(false),
    /**
     * The retire-share guard: a pass that would take more than this share of the namespace's
     * active beliefs out of the active set (retired, evicted, superseded, merged, folded) is
     * rolled back whole and kept as a `stopped` report. 0..1; 1 turns it off. Default 0.1.
     */
    maxRetireShare: z.number().min(0).max(1).default(0.1),
    /**
     * Beliefs a pass may always take out of the active set, whatever the share: a namespace of
     * twenty beliefs may still merge two duplicates. Default 5.
     */
    retireAllowance: z.number().int().min(0).default(5),
    /** Pressure: consolidate when this many beliefs were written since the last consolidation. Default 50. */
    newBeliefs: count("newBeliefs").default(50),
    /** Pressure: consolidate after this many redundant writes (restatements) since the last consolidation. Default 20. */
    redundantWrites: count("redundantWrites").default(20),
    /** Pressure: consolidate when active beliefs reach this share of the policy's cap (`maxActiveBeliefs`). Default 0.9. */
    nearCapShare: z.number().gt(0).max(1).default(0.9),
    /** Pressure: consolidate when this many episodes wait to be distilled. Default 50. */
    undistilledEpisodes: count("undistilledEpisodes").default(50),
    /** Reports kept per namespace (the oldest go first). Default 20. */
    keepReports: z.number().int().min(1).max(1000).default(20),
    /** First wait after a failed pass (doubling per failure in a row). Default 30 seconds. */
    backoffFirst: duration("backoffFirst", 0).default(30_000),
    /** Longest wait after failures. Default 30 minutes. */
    backoffMax: duration("backoffMax", 0).default(1_800_000),
    /** Who the audit chain names for the worker's changes. Default `worker`. */
    actor: z.string().trim().min(1).max(128).default("worker"),
  })
  .strict();

export type WorkerOptionsInput = z.input<typeof WorkerOptionsSchema>;
export type WorkerSettings = Readonly<z.output<typeof WorkerOptionsSchema>>;

/** Parses and freezes worker options (INVALID_INPUT naming each bad field). */
export function parseWorkerOptions(input: WorkerOptionsInput = {}): WorkerSettings {
  const o = parseInput(WorkerOptionsSchema, input, "worker options");
  if (o.backoffMax < o.backoffFirst)
    throw new StrataError(
      "INVALID_INPUT",
      "Invalid worker options: backoffMax must be at least backoffFirst.",
      { field: "backoffMax", fields: ["backoffMax", "backoffFirst"] },
    );
  return Object.freeze({
    ...o,
    namespaces: o.namespaces === "all" ? "all" : Object.freeze([...o.namespaces]),
  }) as WorkerSettings;
}
