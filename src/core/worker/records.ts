/**
 * What the worker keeps, per namespace, as typed documents in the store's key/value (`meta`):
 *
 *   worker:state:<ns>    where the worker left off (audit positions, last consolidation, a stop)
 *   worker:request:<ns>  an explicit request to consolidate, until a pass honours it
 *   worker:reports:<ns>  the last `keepReports` run reports, newest last
 *
 * Kept in the store, not in the process, so every worker on one database (and a restarted one)
 * agrees on what was done. Every read is schema-checked; a damaged document reads as absent.
 */
import { z } from "zod";
import { NamespaceSchema, storableAs } from "../model.js";
import type { Clock, Store, StoreReader, StoreWriter } from "../ports.js";
import { metaKey } from "../ports.js";
import { FORGOTTEN_ITEM_REASON, withoutForgottenItems } from "../sleep/forgotten-items.js";
import { mentionsAnyId } from "../text.js";
import { parseInput } from "../validate.js";

const MarkSchema = z.object({ seq: z.number().int(), hash: z.string() });
export type AuditMark = z.infer<typeof MarkSchema>;

export const WorkerStateSchema = z.object({
  /** The audit head after the worker last looked (after its own pass's entries). */
  seen: MarkSchema.nullable(),
  /** The last consolidation the worker ran: when, and the audit head after it. */
  consolidated: z.object({ at: z.string(), seq: z.number().int(), hash: z.string() }).nullable(),
  /** Event time of the last write (not the worker's own) after that consolidation; null: none. */
  lastWriteAt: z.string().nullable(),
  /** A pass the retire-share guard stopped, at this audit head: not retried until something changes. */
  stopped: z
    .object({ at: z.string(), seq: z.number().int(), hash: z.string(), maxRetireShare: z.number() })
    .nullable(),
});
export type WorkerState = z.infer<typeof WorkerStateSchema>;

export const EMPTY_STATE: WorkerState = { seen: null, consolidated: null, lastWriteAt: null, stopped: null };

/**
 * What the library functions below use of an engine. A `Memory` is one; they take this shape
 * rather than importing the engine, whose `workerStatus` and `requestConsolidation` call them.
 */
export interface WorkerRecordsHost {
  readonly store: Store;
  readonly clock: Clock;
  readonly namespace: string;
  readonly actor: string;
}

export const WorkerRequestSchema = z.object({
  at: z.string(),
  /** Who asked: `library`, `cli`, `rest`, `hook:session-end` … */
  by: z.string(),
  note: z.string().nullable(),
});
export type WorkerRequest = z.infer<typeof WorkerRequestSchema>;

export const CONSOLIDATE_REASONS = [
  "request",
  "idle",
  "new-beliefs",
  "redundant-writes",
  "near-cap",
  "undistilled",
  "daily",
] as const;
export type ConsolidateReasonCode = (typeof CONSOLIDATE_REASONS)[number];

export const ConsolidateReasonSchema = z.object({
  code: z.enum(CONSOLIDATE_REASONS),
  /** In words, with the figures: `no writes for 12m (idle 10m)`. */
  detail: z.string(),
});
export type ConsolidateReason = z.infer<typeof ConsolidateReasonSchema>;

const ItemSchema = z.object({
  id: z.string(),
  action: z.string(),
  reason: z.string(),
  by: z.string().nullable(),
});

export const WORKER_RUN_STATUSES = ["applied", "dry-run", "stopped", "abandoned", "failed"] as const;

export const WorkerReportSchema = z.object({
  namespace: z.string(),
  /** Store time the pass began. */
  at: z.string(),
  /** The actor the worker writes as. */
  worker: z.string(),
  /**
   * `applied`: committed. `dry-run`: what would have been applied, rolled back. `stopped`: the
   * retire-share guard rolled it back. `abandoned`: shutdown rolled it back. `failed`: an error did.
   */
  status: z.enum(WORKER_RUN_STATUSES),
  /** Why consolidation ran (empty: `maintain` only). */
  reasons: z.array(ConsolidateReasonSchema),
  activeBefore: z.number().int(),
  activeAfter: z.number().int(),
  /** Beliefs active before the pass and not after it, by their new status; `share` of activeBefore. */
  left: z.object({
    count: z.number().int(),
    share: z.number(),
    byStatus: z.record(z.string(), z.number().int()),
  }),
  /** The most that could leave: max(retireAllowance, floor(maxRetireShare × activeBefore)). */
  limit: z.number().int(),
  maintain: z.record(z.string(), z.number().int()).nullable(),
  consolidate: z.record(z.string(), z.number().int()).nullable(),
  /** What was (or would have been) done, item by item with its reason; at most `ITEMS_KEPT`. */
  items: z.array(ItemSchema),
  /** Items left out of `items` to keep the report small. */
  itemsOmitted: z.number().int(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  /**
   * What the pass committed, step by step (each of the engine's write transactions is a step of
   * its own, so other writers interleave). On `stopped`, `abandoned` and `failed` this is what
   * stayed applied before the pass ended: `left` never exceeds `limit`. Absent on reports kept
   * before passes ran in steps, and on a dry run (nothing committed).
   */
  committed: z
    .object({
      /** Steps (write transactions) committed. */
      steps: z.number().int(),
      /** Beliefs active before the pass that the committed steps took out of the active set. */
      left: z.number().int(),
      /** Audit entries the committed steps wrote. */
      entries: z.number().int(),
    })
    .optional(),
  /**
   * The sweep's judge in this pass (absent when no sweep ran): the pairs it decided itself, the
   * pairs it handed to its fallback (over budget, timeout, refusal…), and a model judge's per-run
   * budget (null: none).
   */
  judge: z
    .object({
      name: z.string(),
      judged: z.number().int(),
      fallbacks: z.number().int(),
      budget: z.number().int().nullable(),
    })
    .optional(),
});
export type WorkerReport = z.infer<typeof WorkerReportSchema>;

/** Items kept per stored report; the counts cover them all. */
export const ITEMS_KEPT = 200;

export const stateKey = (ns: string) => metaKey("worker:state", ns);
export const requestKey = (ns: string) => metaKey("worker:request", ns);
export const reportsKey = (ns: string) => metaKey("worker:reports", ns);

function readJson<T>(raw: string | null, schema: z.ZodType<T>): T | null {
  if (!raw) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function readState(store: StoreReader, ns: string): Promise<WorkerState> {
  return readJson(await store.getMeta(stateKey(ns)), WorkerStateSchema) ?? EMPTY_STATE;
}

export async function writeState(tx: StoreWriter, ns: string, state: WorkerState): Promise<void> {
  await tx.setMeta(stateKey(ns), JSON.stringify(state));
}

export async function readRequest(store: StoreReader, ns: string): Promise<WorkerRequest | null> {
  return readJson(await store.getMeta(requestKey(ns)), WorkerRequestSchema);
}

/** Honoured: the request is gone (an empty value reads as none). */
export async function clearRequest(tx: StoreWriter, ns: string): Promise<void> {
  if (await tx.getMeta(requestKey(ns))) await tx.setMeta(requestKey(ns), "");
}

/**
 * Appends a report, keeping the last `keep`. The report is kept as it may be read: an item that
 * is, or names, an item forgotten while the pass ran (another process's forget commits between
 * the pass's steps, before this report exists for its redaction to reach) has its reason replaced
 * (`withoutForgottenItems`), read in this transaction, so a forget either committed before it
 * (redacted here) or comes after (`redactReports` reaches it).
 */
export async function keepReport(tx: StoreWriter, report: WorkerReport, keep: number): Promise<void> {
  const list = readJson(await tx.getMeta(reportsKey(report.namespace)), z.array(WorkerReportSchema)) ?? [];
  list.push(await withoutForgottenItems(tx, report));
  await tx.setMeta(reportsKey(report.namespace), JSON.stringify(list.slice(-keep)));
}

const REDACTED_REASON = FORGOTTEN_ITEM_REASON;

/**
 * Forget reaches the kept reports: an item's reason may quote values ("replaces [b1]
 * (value-changed:number: 771945 → 937215)"), so the reason of every item that is, or names, an
 * erased id is replaced by a note; ids, actions and counts stay. Runs in forget's transaction.
 * Returns how many reasons were redacted.
 *
 *   await redactReports(tx, "agent-7", ["e4", "b7"]); // → 2
 */
export async function redactReports(tx: StoreWriter, ns: string, erased: readonly string[]): Promise<number> {
  const raw = await tx.getMeta(reportsKey(ns));
  const list = readJson(raw, z.array(WorkerReportSchema));
  if (!list || erased.length === 0) return 0;
  const names = mentionsAnyId(erased);
  let redacted = 0;
  for (const report of list)
    for (const item of report.items)
      if (names.test(item.id) || (item.by !== null && names.test(item.by)) || names.test(item.reason)) {
        item.reason = REDACTED_REASON;
        redacted++;
      }
  if (redacted > 0) await tx.setMeta(reportsKey(ns), JSON.stringify(list));
  return redacted;
}

const RequestArgsSchema = z
  .object({
    namespace: NamespaceSchema.optional(),
    note: z
      .string()
      .max(500, "a note is at most 500 characters")
      .superRefine(storableAs("the note"))
      .optional(),
  })
  .strict();

/**
 * Asks the background worker to consolidate a namespace at its next tick, whatever the
 * triggers say (the session-end hook and REST call this). Idempotent: a pending request is
 * replaced. Changes no memory, only the request flag.
 *
 *   await requestConsolidation(mem, { namespace: "agent-7", note: "session s42 ended" });
 */
export async function requestConsolidation(
  mem: WorkerRecordsHost,
  options: { namespace?: string; note?: string } = {},
): Promise<WorkerRequest> {
  const o = parseInput(RequestArgsSchema, options, "requestConsolidation options");
  const ns = o.namespace ?? mem.namespace;
  const request: WorkerRequest = { at: mem.clock.now().toISOString(), by: mem.actor, note: o.note ?? null };
  await mem.store.transaction((tx) => tx.setMeta(requestKey(ns), JSON.stringify(request)));
  return request;
}

/**
 * The worker's kept reports of a namespace, newest first: what `GET /v1/worker` and the
 * dashboard's Activity page show.
 *
 *   const [last] = await workerReports(mem, { namespace: "agent-7" });
 *   last?.status; // "applied" | "dry-run" | "stopped" | "abandoned" | "failed"
 */
export async function workerReports(
  mem: WorkerRecordsHost,
  options: { namespace?: string } = {},
): Promise<WorkerReport[]> {
  const o = parseInput(RequestArgsSchema.pick({ namespace: true }), options, "workerReports options");
  const ns = o.namespace ?? mem.namespace;
  const list = readJson(await mem.store.getMeta(reportsKey(ns)), z.array(WorkerReportSchema)) ?? [];
  return list.reverse();
}

/** The pending request of a namespace, if any. */
export async function pendingRequest(
  mem: WorkerRecordsHost,
  options: { namespace?: string } = {},
): Promise<WorkerRequest | null> {
  const o = parseInput(RequestArgsSchema.pick({ namespace: true }), options, "pendingRequest options");
  return readRequest(mem.store, o.namespace ?? mem.namespace);
}
