/**
 * Curation: clean an existing vector store in place (Sieve's sync). Each record of the collection
 * goes through the public gated write path into a namespace of its own, backdated to the record's
 * creation time, with the record's id kept in the belief's metadata; the namespace is consolidated
 * with whatever judge is configured; then each superseded or redundant belief is mapped back to its
 * record, and the mode is applied to the collection: `report` (nothing changes), `mark` (a metadata
 * flag) or `delete` (only with `confirm: true`).
 *
 * Conservative by construction: a record is acted on only when Strata judged it (its belief was
 * superseded or merged, or the gate found it restating another record) *and* the record whose
 * belief survived is still in the collection with the content Strata saw. A pair the judge deferred
 * leaves both beliefs active, so both records stay. Re-runs are incremental: a record already seen
 * with the same content hash is not written again (the seen set is kept in the store's meta, per
 * namespace and collection).
 *
 *   const result = await curate(mem, collection, { mode: "report" });
 *   // result.items → [{ recordId: "17", action: "superseded", by: "42", reason: "value-changed: 8080 → 9090" }]
 *   await curate(mem, collection, { mode: "delete", confirm: true });
 */
import { z } from "zod";
import type { Memory } from "../engine.js";
import { StrataError } from "../errors.js";
import { prepareRemember, type RememberItem } from "../gated-writes.js";
import { type Belief, NamespaceSchema } from "../model.js";
import { sha256 } from "../sha256.js";
import type { SleepReport } from "../sleep/report.js";
import { parseInput } from "../validate.js";
import { CURATE_MODES, DEFAULT_MARK_KEY } from "../vocabulary.js";
import type { CollectionRecord, VectorCollection } from "./collection.js";
import { type CurationState, curationKey, writeCurationState } from "./state.js";

export { CURATE_MODES, DEFAULT_MARK_KEY };
export type CurateMode = (typeof CURATE_MODES)[number];

export const CurateOptionsSchema = z
  .object({
    mode: z
      .enum(CURATE_MODES)
      .default("report")
      .describe(
        "report: list what is stale or duplicate and change nothing (default); mark: set a metadata flag on those records; delete: remove them (needs confirm).",
      ),
    confirm: z
      .boolean()
      .default(false)
      .describe("Required with mode delete: the records named by a report run are removed for good."),
    namespace: NamespaceSchema.optional().describe(
      "Where the collection's records are consolidated (default: \"curate/\" and the collection's name).",
    ),
    markKey: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, "a mark key is a metadata field name: letters, digits and _")
      .default(DEFAULT_MARK_KEY)
      .describe(
        `With mode mark: the metadata field set to "superseded" or "redundant" (default ${DEFAULT_MARK_KEY}).`,
      ),
    pageSize: z
      .number()
      .int()
      .min(1)
      .max(10_000)
      .default(500)
      .describe("Records read per page and written per batch (default 500)."),
  })
  .strict();
export type CurateOptions = z.input<typeof CurateOptionsSchema>;

/** What curation does to a record: it is stale, a duplicate, or could not be read into memory. */
export type CurateAction = "superseded" | "redundant" | "skipped";

export interface CurateItem {
  recordId: string;
  action: CurateAction;
  /** Why, in words: the judge's reason code for a change, the gate's for a duplicate. */
  reason: string;
  /** The record that replaces or already says it (null for skipped records). */
  by: string | null;
}

export interface CurateResult {
  collection: string;
  namespace: string;
  mode: CurateMode;
  /** Records read from the collection. */
  scanned: number;
  /** Records written through the gate this run (new, or changed since the last run). */
  synced: number;
  /** Records seen by an earlier run with the same content: not written again. */
  unchanged: number;
  /** Records that could not be written (empty, too long): left alone. */
  skipped: number;
  /** Records that say what another record already says. */
  redundant: number;
  /** Records whose statement a later record replaced. */
  superseded: number;
  marked: number;
  deleted: number;
  /** Every record acted on or skipped, in scan order, with its reason. */
  items: CurateItem[];
  /** The consolidation's own report (beliefs, in Strata's ids). */
  report: SleepReport;
}

export interface CurateProgress {
  phase: "scan" | "sync" | "consolidate" | "apply";
  done: number;
  /** Null while the total is not known (a scan). */
  total: number | null;
}

export interface CurateHooks {
  onProgress?: (progress: CurateProgress) => void;
}

/** The namespace a collection is curated in by default: `curate/<name>`, cleaned to what a namespace allows. */
export function curationNamespace(collectionName: string): string {
  const cleaned = collectionName.replace(/[^A-Za-z0-9._:@/-]/g, "-");
  return `curate/${cleaned}`.slice(0, 128);
}

const MAX_CHAIN = 1000;

/**
 * Validates curate options as `curate` does, without touching anything: a surface checks them
 * before it connects to the collection. A delete without `confirm` is INVALID_INPUT.
 */
export function parseCurateOptions(options: unknown): z.output<typeof CurateOptionsSchema> {
  const o = parseInput(CurateOptionsSchema, options, "curate options");
  if (o.mode === "delete" && !o.confirm)
    throw new StrataError(
      "INVALID_INPUT",
      'curate with mode: "delete" removes records from the collection for good: run it with mode: "report" first, then pass confirm: true. Nothing was changed.',
      { field: "confirm", fields: ["mode", "confirm"] },
    );
  return o;
}

/**
 * Curates `collection` into `memory`: scan, gate, consolidate, map back, apply the mode.
 * Bad options (a delete without `confirm`) are refused before anything is read or written.
 */
export async function curate(
  memory: Memory,
  collection: VectorCollection,
  options: CurateOptions = {},
  hooks: CurateHooks = {},
): Promise<CurateResult> {
  const o = parseCurateOptions(options);
  const namespace = o.namespace ?? curationNamespace(collection.name);
  // Two runs over one namespace would overwrite each other's seen set: they take turns (BUSY after lockWaitMs).
  return memory.store.withLock(
    `curate:${namespace}`,
    {
      waitMs: memory.lockWaitMs,
      what: `a curation of ${collection.name} into namespace "${namespace}"`,
      kind: "a curation",
    },
    () => curateLocked(memory, collection, o, namespace, hooks),
  );
}

async function curateLocked(
  memory: Memory,
  collection: VectorCollection,
  o: z.output<typeof CurateOptionsSchema>,
  namespace: string,
  hooks: CurateHooks,
): Promise<CurateResult> {
  const progress = hooks.onProgress ?? (() => {});
  const key = curationKey(namespace, collection.name);
  const state = await loadState(memory, key);

  // 1. Scan: every record, with the hash of its text; new or changed ones are synced.
  const scanned: { record: CollectionRecord; hash: string }[] = [];
  const byId = new Map<string, { record: CollectionRecord; hash: string }>();
  let cursor: string | null = null;
  do {
    const page = await collection.scan({ cursor, limit: o.pageSize });
    for (const record of page.records) {
      if (byId.has(record.id)) continue;
      const entry = { record, hash: sha256(record.text) };
      byId.set(record.id, entry);
      scanned.push(entry);
    }
    cursor = page.cursor;
    progress({ phase: "scan", done: scanned.length, total: null });
  } while (cursor !== null);

  const items: CurateItem[] = [];
  const now = memory.clock.now().toISOString();
  const toSync: { record: CollectionRecord; hash: string; item: SyncItem }[] = [];
  let unchanged = 0;
  for (const entry of scanned) {
    if (state.records[entry.record.id]?.hash === entry.hash) {
      unchanged++;
      continue;
    }
    const item = rememberItem(entry.record, namespace, collection.name, now);
    try {
      const { statement, ...rest } = item;
      prepareRemember(statement, rest);
      toSync.push({ ...entry, item });
    } catch (error) {
      if (!(error instanceof StrataError)) throw error;
      items.push({
        recordId: entry.record.id,
        action: "skipped",
        reason: `skipped: ${error.message}`,
        by: null,
      });
    }
  }
  const skipped = items.length;

  // 2. Sync in event-time order, so the gate sees each value before the one that replaced it.
  toSync.sort((a, b) => timeOf(a.item).localeCompare(timeOf(b.item)));
  for (let start = 0; start < toSync.length; start += o.pageSize) {
    const batch = toSync.slice(start, start + o.pageSize);
    const { results } = await memory.rememberMany(batch.map((b) => b.item));
    results.forEach((r, i) => {
      const { record, hash } = batch[i]!;
      const own = r.verdict !== "redundant";
      state.records[record.id] = { hash, belief: r.id, own, ...(own ? {} : { reason: r.reason }) };
      for (const closed of r.superseded) state.reasons[closed] = r.reason;
    });
    await saveState(memory, namespace, key, state);
    progress({ phase: "sync", done: Math.min(start + o.pageSize, toSync.length), total: toSync.length });
  }

  // 3. Consolidate with the configured judge.
  const report = await memory.consolidate(
    { namespace },
    { onProgress: (done, total) => progress({ phase: "consolidate", done, total }) },
  );
  for (const item of report.items)
    if (item.action === "superseded" || item.action === "merged" || item.action === "resolved")
      state.reasons[item.id] = item.reason;
  await saveState(memory, namespace, key, state);

  // 4. Map closed beliefs back to records.
  items.push(...(await judgeRecords(memory, namespace, scanned, state)));
  // Skipped first, then the rest, each in scan order.
  const order = new Map(scanned.map((e, i) => [e.record.id, i]));
  items.sort(
    (a, b) =>
      Number(b.action === "skipped") - Number(a.action === "skipped") ||
      order.get(a.recordId)! - order.get(b.recordId)!,
  );

  // 5. Apply the mode to the records Strata judged.
  const judged = items.filter((i) => i.action !== "skipped");
  let marked = 0;
  let deleted = 0;
  for (let start = 0; start < judged.length && o.mode !== "report"; start += o.pageSize) {
    const chunk = judged.slice(start, start + o.pageSize);
    if (o.mode === "mark") {
      await collection.mark(
        chunk.map((i) => ({ id: i.recordId, value: i.action })),
        o.markKey,
      );
      marked += chunk.length;
    } else {
      await collection.remove(chunk.map((i) => i.recordId));
      deleted += chunk.length;
    }
    progress({ phase: "apply", done: start + chunk.length, total: judged.length });
  }
  if (marked + deleted > 0)
    await memory.store.transaction((tx) =>
      memory.writes.audit(tx, namespace, `curation.${o.mode === "mark" ? "marked" : "deleted"}`, null, {
        collection: collection.name,
        records: judged.map((i) => ({ id: i.recordId, action: i.action, by: i.by })),
      }),
    );

  return {
    collection: collection.name,
    namespace,
    mode: o.mode,
    scanned: scanned.length,
    synced: toSync.length,
    unchanged,
    skipped,
    redundant: judged.filter((i) => i.action === "redundant").length,
    superseded: judged.filter((i) => i.action === "superseded").length,
    marked,
    deleted,
    items,
    report,
  };
}

function rememberItem(
  record: CollectionRecord,
  namespace: string,
  collection: string,
  now: string,
): SyncItem {
  // Without a creation time, or stamped after the store's clock (skew between machines), a record
  // counts as written now: after every dated record, in scan order.
  const created = record.createdAt === null ? Number.NaN : Date.parse(record.createdAt);
  const at = Number.isNaN(created) || created > Date.parse(now) ? now : new Date(created).toISOString();
  return {
    statement: record.text,
    namespace,
    at,
    source: `collection:${collection}`.slice(0, 500),
    metadata: { curation: { collection, recordId: record.id } },
  };
}

type SyncItem = Exclude<RememberItem, string>;
const timeOf = (item: SyncItem) => String(item.at);

/**
 * For each scanned record Strata holds with the same content: follow its belief's chain of
 * supersessions and merges to the belief that stands now, and name the record that holds it.
 * No action when the chain ends anywhere but an active belief held by a record still in the
 * collection (retired by decay, folded into an abstraction, a survivor whose record is gone).
 */
async function judgeRecords(
  memory: Memory,
  namespace: string,
  scanned: readonly { record: CollectionRecord; hash: string }[],
  state: CurationState,
): Promise<CurateItem[]> {
  const present = scanned.filter((e) => state.records[e.record.id]?.hash === e.hash);
  // The record holding each belief, among those still present with the content Strata saw.
  const holder = new Map<string, string>();
  for (const e of present) {
    const seen = state.records[e.record.id]!;
    if (seen.own && !holder.has(seen.belief)) holder.set(seen.belief, e.record.id);
  }
  const cache = new Map<string, Belief | null>();
  const load = async (ids: readonly string[]) => {
    const missing = [...new Set(ids)].filter((id) => !cache.has(id));
    for (let i = 0; i < missing.length; i += 500) {
      const chunk = missing.slice(i, i + 500);
      const found = await memory.store.getBeliefs(chunk, namespace);
      for (const id of chunk) cache.set(id, null);
      for (const b of found) cache.set(b.id, b);
    }
  };
  await load(present.map((e) => state.records[e.record.id]!.belief));

  const items: CurateItem[] = [];
  for (const e of present) {
    const seen = state.records[e.record.id]!;
    let belief = cache.get(seen.belief) ?? null;
    const closed: Belief[] = [];
    while (
      belief &&
      belief.status === "archived" &&
      belief.supersededBy &&
      closed.length < MAX_CHAIN &&
      ["superseded", "merged", "contradiction-resolved"].includes(belief.statusReason ?? "")
    ) {
      closed.push(belief);
      await load([belief.supersededBy]);
      belief = cache.get(belief.supersededBy) ?? null;
    }
    if (belief?.status !== "active") continue;
    const by = holder.get(belief.id);
    if (by === undefined || by === e.record.id) continue;
    const first = closed[0];
    const action: CurateAction = closed.some((b) => b.statusReason !== "merged") ? "superseded" : "redundant";
    const reason = first
      ? (state.reasons[first.id] ?? first.statusReason ?? action)
      : (seen.reason ?? "redundant: restates it");
    items.push({ recordId: e.record.id, action, reason, by });
  }
  return items;
}

async function loadState(memory: Memory, key: string): Promise<CurationState> {
  const raw = await memory.store.getMeta(key);
  if (raw === null) return { v: 1, records: {}, reasons: {} };
  const parsed = JSON.parse(raw) as CurationState;
  return parsed;
}

function saveState(memory: Memory, namespace: string, key: string, state: CurationState): Promise<void> {
  return memory.store.transaction((tx) => writeCurationState(tx, namespace, key, state));
}
