/**
 * Gated writes, one at a time or in batches: `record` and `remember` as the engine exposes
 * them, and `recordMany` / `rememberMany`, which put a whole batch through the write gate in one
 * transaction with one embedding call.
 *
 * Each item of a batch is gated exactly as a single write would be, against the store *and* the
 * batch's earlier items: the items are decided in order inside the one transaction, and the
 * stores' searches see that transaction's own writes. So a batch gives the same verdicts as the
 * same calls made one by one, in order, at the same clock. Every item is validated before
 * anything is embedded or written; one invalid item refuses the whole batch and the store is left
 * unchanged, and a failure halfway (an unknown source episode) rolls the whole batch back.
 *
 *   const { results, counts } = await mem.rememberMany([
 *     "The staging database is Postgres 16",
 *     { statement: "Deploys need two approvals", source: "user" },
 *   ]);
 *   // counts → { novel: 2, refinement: 0, contradiction: 0, redundant: 0, "outcome-conflict": 0 }
 */
import type { z } from "zod";
import { headCachingWriter } from "./audit.js";
import { StrataError } from "./errors.js";
import { eventTime } from "./event-time.js";
import { IMPORT_CHUNK, inThreadPreparer } from "./import-prep.js";
import { memoiseVerdicts } from "./judge/verdict-memo.js";
import { KEY_FIELD } from "./metadata-filter.js";
import {
  type Belief,
  type BeliefKind,
  type CaptureInputSchema,
  type Episode,
  type GateResult,
  RecordInputSchema,
  type RecordOptions,
  RememberInputSchema,
  type RememberOptions,
  VERDICTS,
  type Verdict,
} from "./model.js";
import type { Policy } from "./policy.js";
import type { Clock, Embedder, ImportPreparer, Judge, PreparedImport, Store, StoreWriter } from "./ports.js";
import { canonicalJson } from "./sha256.js";
import { analyseEcho } from "./text.js";
import { parseInput } from "./validate.js";
import { decide, type GateDecision, type GateItem } from "./write-gate.js";
import type { NewBeliefInput, Writes } from "./writes.js";

/** The most items one `recordMany` / `rememberMany` call takes: one transaction, one embedding call. */
export const MAX_BATCH_ITEMS = 10_000;

/** One statement for `rememberMany`: the text alone, or the text with `remember`'s options. */
export type RememberItem = string | ({ statement: string } & RememberOptions);
/** One event for `recordMany`: the text alone, or the text with `record`'s options. */
export type RecordItem = string | ({ content: string } & RecordOptions);

/** What a batch did: one gate result per item, in input order, and the verdicts counted. */
export interface BatchResult {
  results: GateResult[];
  counts: Record<Verdict, number>;
  /** Items that wrote a new row (every verdict but `redundant`). */
  stored: number;
}

/** What the gated writes need from the engine (the engine itself satisfies it). */
export interface GateContext {
  readonly store: Store;
  readonly embedder: Embedder;
  readonly clock: Clock;
  readonly writes: Writes;
  readonly configuredJudge: Judge;
  readonly policy: Policy;
  readonly namespace: string;
  /** Prepares a known-clean import's texts (default: in this thread, with `embedder`). */
  readonly importPreparer?: ImportPreparer;
  /** The batch's gate is `approximate` (`gateDecision`); absent or false: exact. */
  readonly approximate?: boolean;
}

/**
 * `gate: "approximate"`: the vector similarity (cosine) below which a near row is not judged. A
 * hashed-n-gram pair this far apart shares few words; the exact gate judges it, and it can still
 * be a restatement or a change (docs/benchmarks.md, fifteenth session), which is why a verdict
 * that drops or closes is always confirmed by the exact search.
 */
export const APPROXIMATE_GATE_FLOOR = 0.3;

/**
 * The gate's decision for one item. Exact: the fused vector and BM25 candidates, judged. With
 * `ctx.approximate`, first the cheap candidates (`Writes.approximateCandidates`: the approximate
 * vector lists, no BM25, a similarity floor); a decision that only stores (novel, refinement,
 * outcome-conflict, nothing closed) is kept, and one that drops the item (redundant) or closes a
 * belief (contradiction) is taken again from the exact candidates, so it is the exact gate's. A
 * candidate the cheap search misses can therefore only turn a restatement into a stored
 * duplicate, or a change into a stored belief beside the one it would have closed, both left to
 * sleep; never a refusal or a supersession the exact gate would not make.
 */
export async function gateDecision(
  ctx: GateContext,
  tx: StoreWriter,
  text: string,
  vector: Float32Array,
  namespace: string,
  scope: { episodes: boolean; kinds: BeliefKind[] },
  item: GateItem,
): Promise<GateDecision> {
  const { writes } = ctx;
  if (ctx.approximate) {
    const near = await writes.approximateCandidates(
      tx,
      text,
      vector,
      namespace,
      scope,
      APPROXIMATE_GATE_FLOOR,
    );
    const d = await decide(item, near, ctx.configuredJudge, ctx.policy);
    if (d.verdict !== "redundant" && d.verdict !== "contradiction" && !d.supersede && !d.historical)
      return { ...d, notes: [...d.notes, "approximate: candidates from the approximate vector search"] };
  }
  const candidates = await writes.gateCandidates(tx, text, vector, namespace, scope);
  return decide(item, candidates, ctx.configuredJudge, ctx.policy);
}

interface PreparedRecord {
  text: string;
  options: ReturnType<typeof RecordInputSchema.parse>["options"];
}
interface PreparedRemember {
  text: string;
  options: ReturnType<typeof RememberInputSchema.parse>["options"];
}

export function prepareRecord(content: unknown, options: unknown, what = "record"): PreparedRecord {
  const input = parseInput(RecordInputSchema, { content, options }, what);
  return { text: input.content, options: input.options };
}

export function prepareRemember(statement: unknown, options: unknown, what = "remember"): PreparedRemember {
  const input = parseInput(RememberInputSchema, { statement, options }, what);
  const o = input.options;
  if (o.steps && o.kind !== "procedure")
    throw new StrataError(
      "INVALID_INPUT",
      `Invalid ${what}: steps are only for kind "procedure": pass kind: "procedure" or drop steps.`,
      { field: "steps", fields: ["steps", "kind"] },
    );
  if (o.key !== undefined && o.metadata?.[KEY_FIELD] !== undefined && o.metadata[KEY_FIELD] !== o.key)
    throw new StrataError(
      "INVALID_INPUT",
      `Invalid ${what}: metadata.${KEY_FIELD} is where the key option is kept: drop it from metadata, or make it equal to key.`,
      { field: "metadata", fields: ["metadata", "key"] },
    );
  return { text: input.statement, options: o };
}

/** The namespace a gated write acts in, the store time now, and the event time it is dated at. */
function whereAndWhen(
  ctx: GateContext,
  o: { namespace?: string | undefined; at?: string | undefined },
): { namespace: string; now: string; at: string } {
  const namespace = o.namespace ?? ctx.namespace;
  const now = ctx.clock.now().toISOString();
  return { namespace, now, at: eventTime(o.at, now, ctx.policy) };
}

/** Records one episode through the gate, inside `tx`, with its precomputed vector. */
export async function recordIn(
  ctx: GateContext,
  tx: StoreWriter,
  p: PreparedRecord,
  vector: Float32Array,
): Promise<GateResult> {
  const { writes } = ctx;
  const o = p.options;
  const text = p.text;
  const { namespace, now, at } = whereAndWhen(ctx, o);
  const decision = await gateDecision(
    ctx,
    tx,
    text,
    vector,
    namespace,
    // Episodes are checked against facts and lessons; rules and procedures are other layers.
    { episodes: true, kinds: ["fact", "failure"] },
    { text, at, kind: o.type, valence: o.outcome ?? null, mayContradict: o.type !== "question" },
  );
  if (decision.verdict === "redundant") return writes.restate(tx, decision, namespace);

  const episode: Omit<Episode, "id"> = {
    namespace,
    type: o.type,
    content: text,
    outcome: o.outcome ?? null,
    session: o.session ?? null,
    actor: o.actor ?? null,
    at,
    recordedAt: now,
    metadata: o.metadata ?? {},
    contentHash: writes.contentHash(tx, text),
    support: 1,
    status: "active",
    distilledAt: null,
    supersededBy: null,
    validTo: null,
  };
  const target = decision.target;
  const id = await tx.insertEpisode(episode);
  await tx.putVector(id, namespace, ctx.embedder.id, vector);
  await writes.audit(tx, namespace, "episode.recorded", id, {
    contentHash: episode.contentHash,
    type: episode.type,
    at,
    verdict: decision.verdict,
    target: target?.id ?? null,
  });

  const superseded: string[] = [];
  const derived: string[] = [];
  // Episodes are immutable events: one never hides another. A change only closes a *belief*;
  // against an episode it is linked, and distillation (in event-time order) chains the beliefs.
  const closesBelief = decision.supersede && target?.layer === "belief";
  if (target && decision.verdict !== "novel")
    await writes.link(tx, id, target.id, { ...decision, supersede: closesBelief }, now);
  if (closesBelief && target) {
    // The belief layer stays current without waiting for sleep: the episode's statement succeeds it.
    const successorId = await writes.insertBelief(tx, {
      namespace,
      kind: o.outcome === "failure" ? "failure" : "fact",
      text: analyseEcho(text).core,
      validFrom: at,
      sources: [id],
      source: null,
      now,
      vector,
    });
    derived.push(successorId);
    await writes.closeBelief(tx, target.id, namespace, successorId, at, now, "superseded");
    superseded.push(target.id);
  }
  return writes.result(decision, id, "episode", true, superseded, derived);
}

/** Asserts one belief through the gate, inside `tx`, with its precomputed vector. */
export async function rememberIn(
  ctx: GateContext,
  tx: StoreWriter,
  p: PreparedRemember,
  vector: Float32Array,
): Promise<GateResult> {
  const { writes } = ctx;
  const o = p.options;
  const text = p.text;
  const { namespace, now, at } = whereAndWhen(ctx, o);
  if (o.sources) await writes.requireEpisodes(tx, o.sources, namespace);
  if (o.key !== undefined) return rememberKeyed(ctx, tx, p, vector, { namespace, now, at, key: o.key });
  const decision = await gateDecision(
    ctx,
    tx,
    text,
    vector,
    namespace,
    { episodes: false, kinds: o.kind === "procedure" ? ["procedure"] : ["fact", "failure"] },
    {
      text,
      at,
      kind: o.kind,
      valence: o.kind === "failure" ? "failure" : null,
      mayContradict: o.kind !== "procedure",
    },
  );
  if (decision.verdict === "redundant") return writes.restate(tx, decision, namespace, o.sources);
  return writes.storeBelief(tx, decision, beliefRow(p, { namespace, now, at }, vector));
}

/**
 * The belief a remembered statement becomes, gated or not; `ready` is its stored statement and
 * content hash when an import prepared them already (src/core/import-prep.ts).
 */
function beliefRow(
  p: PreparedRemember,
  where: { namespace: string; now: string; at: string },
  vector: Float32Array,
  ready?: { core: string; contentHash: string },
): NewBeliefInput {
  const o = p.options;
  return {
    namespace: where.namespace,
    kind: o.kind,
    text: ready ? ready.core : analyseEcho(p.text).core,
    ...(ready ? { contentHash: ready.contentHash } : {}),
    validFrom: where.at,
    sources: o.sources ?? [],
    source: o.source ?? null,
    steps: o.steps ?? null,
    metadata: o.metadata ?? {},
    now: where.now,
    vector,
  };
}

/**
 * Asserts one belief without the similarity gate (`rememberMany(items, { gate: "off" })`): stored
 * as novel, nothing compared, nothing closed. A keyed statement still goes by its key, and sources
 * must still exist: only the similarity comparison is skipped.
 */
export async function rememberUngated(
  ctx: GateContext,
  tx: StoreWriter,
  p: PreparedRemember,
  vector: Float32Array,
): Promise<GateResult> {
  const { writes } = ctx;
  const o = p.options;
  const { namespace, now, at } = whereAndWhen(ctx, o);
  if (o.sources) await writes.requireEpisodes(tx, o.sources, namespace);
  if (o.key !== undefined) return rememberKeyed(ctx, tx, p, vector, { namespace, now, at, key: o.key });
  const id = await writes.insertBelief(tx, beliefRow(p, { namespace, now, at }, vector));
  return writes.result(UNGATED, id, "belief", true, [], []);
}

/** The decision an ungated item reports: novel, compared with nothing. */
const UNGATED: GateDecision = {
  verdict: "novel",
  target: null,
  similarity: 0,
  judged: null,
  supersede: false,
  historical: false,
  reason: "stored without comparison (gate: off)",
  rule: "gate-off",
  deferred: false,
  notes: [],
};

/**
 * A keyed statement: the key names the belief, so the similarity gate is not asked (two keys may
 * hold the same words, and one key's new value is no contradiction of another's). The key's
 * current belief, if its kind, text, metadata and sources are unchanged, is restated; otherwise
 * the new belief supersedes it (closed from `at`, linked, kept for history and time travel).
 */
async function rememberKeyed(
  ctx: GateContext,
  tx: StoreWriter,
  p: PreparedRemember,
  vector: Float32Array,
  w: { namespace: string; now: string; at: string; key: string },
): Promise<GateResult> {
  const { writes } = ctx;
  const o = p.options;
  const metadata = { ...(o.metadata ?? {}), [KEY_FIELD]: w.key };
  const current = await tx.listBeliefs(
    { namespaces: [w.namespace], statuses: ["active"], metadata: { [KEY_FIELD]: w.key } },
    { limit: 100, offset: 0 },
  );
  const same = (b: Belief) =>
    b.kind === o.kind &&
    b.text === p.text &&
    canonicalJson(b.metadata) === canonicalJson(metadata) &&
    canonicalJson(b.steps) === canonicalJson(o.steps ?? null) &&
    (o.sources ?? []).every((s) => b.sources.includes(s));
  const decision = (
    verdict: "novel" | "redundant" | "contradiction",
    target: Belief | null,
  ): GateDecision => ({
    verdict,
    target: target
      ? {
          id: target.id,
          layer: "belief",
          text: target.text,
          at: target.validFrom,
          kind: target.kind,
          valence: null,
          pinned: target.pinned,
        }
      : null,
    similarity: verdict === "redundant" ? 1 : 0,
    judged: null,
    supersede: verdict === "contradiction",
    historical: false,
    reason:
      verdict === "novel"
        ? `key "${w.key}" is new`
        : verdict === "redundant"
          ? `key "${w.key}" already holds this statement`
          : `key "${w.key}" changed value`,
    rule: verdict === "novel" ? "key-new" : verdict === "redundant" ? "key-unchanged" : "key-changed",
    deferred: false,
    notes: [],
    echo: false,
  });
  if (current.length === 1 && same(current[0]!))
    return writes.restate(tx, decision("redundant", current[0]!), w.namespace, o.sources);
  for (const b of current) {
    if (b.pinned)
      throw new StrataError(
        "CONFLICT",
        `Key "${w.key}" is held by pinned belief ${b.id}: unpin it before giving the key a new value.`,
        { id: b.id },
      );
    if (b.validFrom > w.at)
      throw new StrataError(
        "INVALID_INPUT",
        `Invalid remember: key "${w.key}" holds a value from ${b.validFrom} (${b.id}); a new value cannot begin before it (at ${w.at}). Pass a later at, or none.`,
        { field: "at", id: b.id },
      );
  }
  const target = current[0] ?? null;
  const id = await writes.insertBelief(tx, {
    namespace: w.namespace,
    kind: o.kind,
    text: p.text,
    validFrom: w.at,
    sources: o.sources ?? [],
    source: o.source ?? null,
    steps: o.steps ?? null,
    metadata,
    now: w.now,
    vector,
  });
  const superseded: string[] = [];
  for (const b of current) {
    await tx.addLink({ from: id, to: b.id, relation: "supersedes", at: w.now });
    await writes.closeBelief(tx, b.id, w.namespace, id, w.at, w.now, "superseded");
    superseded.push(b.id);
  }
  return writes.result(
    decision(target ? "contradiction" : "novel", target),
    id,
    "belief",
    true,
    superseded,
    [],
  );
}

/** `record` for one event: validate, embed, gate and write in one transaction. */
export async function recordOne(
  ctx: GateContext,
  content: string,
  options: RecordOptions,
): Promise<GateResult> {
  const p = prepareRecord(content, options);
  const [vector] = await ctx.embedder.embed([p.text]);
  return ctx.store.transaction((tx) => recordIn(ctx, tx, p, vector!));
}

/** `remember` for one statement: validate, embed, gate and write in one transaction. */
export async function rememberOne(
  ctx: GateContext,
  statement: string,
  options: RememberOptions,
): Promise<GateResult> {
  const p = prepareRemember(statement, options);
  const [vector] = await ctx.embedder.embed([p.text]);
  return ctx.store.transaction((tx) => rememberIn(ctx, tx, p, vector!));
}

/**
 * Validates every item of a batch (a string, or an object with the text under `field` and the
 * single call's options beside it); the first invalid item refuses the batch, naming its index.
 */
function prepareBatch<P>(
  items: unknown,
  field: "statement" | "content",
  what: "rememberMany" | "recordMany",
  prepare: (text: unknown, options: unknown, what: string) => P,
  limit = MAX_BATCH_ITEMS,
): P[] {
  if (!Array.isArray(items))
    throw new StrataError("INVALID_INPUT", `Invalid ${what}: pass an array of items.`, { field: "items" });
  if (items.length > limit)
    throw new StrataError(
      "INVALID_INPUT",
      `Invalid ${what}: ${items.length} items; a batch takes at most ${MAX_BATCH_ITEMS}: split it into several calls.`,
      { field: "items", limit: MAX_BATCH_ITEMS },
    );
  return items.map((item, index) => {
    const label = `${what} item ${index}`;
    try {
      if (typeof item === "string") return prepare(item, {}, label);
      if (item === null || typeof item !== "object" || Array.isArray(item))
        throw new StrataError(
          "INVALID_INPUT",
          `Invalid ${label}: an item is a string or an object with "${field}" and options.`,
          { field },
        );
      const { [field]: text, ...options } = item as Record<string, unknown>;
      return prepare(text, options, label);
    } catch (error) {
      if (error instanceof StrataError)
        throw new StrataError(error.code, error.message, { ...error.details, index });
      throw error;
    }
  });
}

/** The gate's fields of `ctx` as a plain record (the engine passes itself, a class instance). */
const gateContextOf = (ctx: GateContext): GateContext => ({
  store: ctx.store,
  embedder: ctx.embedder,
  clock: ctx.clock,
  writes: ctx.writes,
  configuredJudge: ctx.configuredJudge,
  policy: ctx.policy,
  namespace: ctx.namespace,
  ...(ctx.importPreparer ? { importPreparer: ctx.importPreparer } : {}),
});

const emptyCounts = (): Record<Verdict, number> =>
  Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>;

/** A batch's answer: its results, how many of each verdict, how many were stored. */
function tally(results: GateResult[]): BatchResult {
  const counts = emptyCounts();
  let stored = 0;
  for (const r of results) {
    counts[r.verdict]++;
    if (r.stored) stored++;
  }
  return { results, counts, stored };
}

async function runBatch<P extends { text: string }>(
  ctx: GateContext,
  prepared: P[],
  gate: (ctx: GateContext, tx: StoreWriter, p: P, vector: Float32Array) => Promise<GateResult>,
  approximate = false,
): Promise<BatchResult> {
  if (prepared.length === 0) return tally([]);
  const vectors = await ctx.embedder.embed(prepared.map((p) => p.text));
  // One batch, one verdict per distinct pair of texts (exact for a text-only judge: verdict-memo.ts).
  const batch: GateContext = {
    ...gateContextOf(ctx),
    configuredJudge: memoiseVerdicts(ctx.configuredJudge),
    approximate,
  };
  const results = await ctx.store.transaction(async (store) => {
    // Each item's audit entry chains to the previous one without reading the head back.
    const tx = headCachingWriter(store);
    const out: GateResult[] = [];
    for (let i = 0; i < prepared.length; i++) out.push(await gate(batch, tx, prepared[i]!, vectors[i]!));
    return out;
  });
  return tally(results);
}

/**
 * `rememberMany(items, { gate: "off" })`: the store left exactly as `rememberUngated` item by item
 * in order would leave it (the same rows, ids and audit entries, one chained entry per belief),
 * written in bulk: consecutive unkeyed items are inserted together (`Writes.insertBeliefs`, a few
 * multi-row statements), and a keyed item, which must see every earlier belief, goes by its key
 * in its place. The texts are prepared (embedded, their stored statements hashed) chunk by chunk
 * by the engine's import preparer: with a worker thread, the next chunk is prepared while this
 * one is written.
 */
async function runUngated(ctx: GateContext, prepared: PreparedRemember[]): Promise<BatchResult> {
  if (prepared.length === 0) return tally([]);
  const preparer = ctx.importPreparer ?? inThreadPreparer(ctx.embedder);
  const parts = preparer.prepare(
    prepared.map((p) => p.text),
    ctx.store.contentKey(),
    IMPORT_CHUNK,
  );
  // A part never awaited (the batch failed before it) is no unhandled rejection.
  for (const part of parts) part.catch(() => undefined);
  // Before the write lock is taken: a remote embedder's one call (every part) is answered by then.
  await parts[0];
  const { writes } = ctx;
  const results = await ctx.store.transaction(async (store) => {
    const tx = headCachingWriter(store);
    const out: GateResult[] = new Array(prepared.length);
    let pending: { index: number; row: NewBeliefInput }[] = [];
    const flush = async () => {
      if (pending.length === 0) return;
      const ids = await writes.insertBeliefs(
        tx,
        pending.map((p) => p.row),
      );
      pending.forEach((p, j) => {
        out[p.index] = writes.result(UNGATED, ids[j]!, "belief", true, [], []);
      });
      pending = [];
    };
    let part: PreparedImport | null = null;
    for (let i = 0; i < prepared.length; i++) {
      const j = i % IMPORT_CHUNK;
      if (j === 0) {
        // The chunk before is written while this one may still be in preparation.
        await flush();
        part = await parts[i / IMPORT_CHUNK]!;
      }
      const p = prepared[i]!;
      const vector = part!.vectors[j]!;
      const o = p.options;
      const where = whereAndWhen(ctx, o);
      if (o.sources) await writes.requireEpisodes(tx, o.sources, where.namespace);
      if (o.key === undefined) {
        pending.push({
          index: i,
          row: beliefRow(p, where, vector, { core: part!.cores[j]!, contentHash: part!.contentHashes[j]! }),
        });
        continue;
      }
      await flush();
      out[i] = await rememberKeyed(ctx, tx, p, vector, { ...where, key: o.key });
    }
    await flush();
    return out;
  });
  return tally(results);
}

/**
 * Checks items as `rememberMany` / `recordMany` would, however many there are, without writing:
 * a surface that splits a long input into batches refuses all of it before the first batch.
 * Throws INVALID_INPUT with the first bad item's `index` in the details.
 */
export function checkItems(layer: "belief" | "episode", items: readonly unknown[]): void {
  if (layer === "belief") prepareBatch(items, "statement", "rememberMany", prepareRemember, Infinity);
  else prepareBatch(items, "content", "recordMany", prepareRecord, Infinity);
}

/** How `rememberMany` gates its items. */
export interface RememberManyOptions {
  /**
   * `"on"` (default): every item through the write gate, against the store and the batch's
   * earlier items. `"approximate"`: the same gate with a cheaper candidate search (the vector
   * index's approximate lists, no BM25, pairs under `APPROXIMATE_GATE_FLOOR` not judged); every
   * verdict that drops or closes is confirmed by the exact search, so a missed candidate only
   * stores an item the exact gate would have dropped as a restatement, or stores a changed value
   * beside the belief it would have closed (both left for sleep). `"off"`: for importing a
   * collection known to be clean (no restatements, no changed values): every item stored as novel
   * without comparison, which is what makes a bulk build fast; a duplicate in the input becomes a
   * duplicate belief, left for sleep to merge.
   */
  gate?: "on" | "approximate" | "off";
}

/** How `recordMany` gates its items: `"on"` (default) or `"approximate"`, as for `rememberMany`. */
export interface RecordManyOptions {
  gate?: "on" | "approximate";
}

const gateOption = <G extends string>(what: string, gate: unknown, allowed: readonly G[]): G => {
  if (gate === undefined) return allowed[0]!;
  if (!(allowed as readonly unknown[]).includes(gate))
    throw new StrataError(
      "INVALID_INPUT",
      `Invalid ${what}: gate is ${allowed.map((g) => `"${g}"`).join(", ")}, got ${String(gate)}.`,
      { field: "gate" },
    );
  return gate as G;
};

/** `rememberMany`: every statement through the gate, in order, in one transaction. */
export async function rememberMany(
  ctx: GateContext,
  items: readonly RememberItem[],
  options: RememberManyOptions = {},
): Promise<BatchResult> {
  const gate = gateOption("rememberMany", options.gate, ["on", "approximate", "off"] as const);
  const prepared = prepareBatch(items, "statement", "rememberMany", prepareRemember);
  return gate === "off"
    ? runUngated(ctx, prepared)
    : runBatch(ctx, prepared, rememberIn, gate === "approximate");
}

/** `recordMany`: every event through the gate, in order, in one transaction. */
export async function recordMany(
  ctx: GateContext,
  items: readonly RecordItem[],
  options: RecordManyOptions = {},
): Promise<BatchResult> {
  const gate = gateOption("recordMany", options.gate, ["on", "approximate"] as const);
  const prepared = prepareBatch(items, "content", "recordMany", prepareRecord);
  return runBatch(ctx, prepared, recordIn, gate === "approximate");
}

/**
 * Captures a parsed WHEN → PREFER rule through the gate (against rules only); its feedback, an
 * observed outcome, is applied in the same transaction.
 */
export async function captureRule(
  ctx: GateContext,
  o: z.output<typeof CaptureInputSchema>,
  namespace: string,
): Promise<GateResult> {
  const now = ctx.clock.now().toISOString();
  const at = eventTime(o.at, now, ctx.policy);
  const text = `WHEN ${o.when} → PREFER ${o.prefer}`;
  const [vector] = await ctx.embedder.embed([text]);
  // The rule and the outcome its feedback reports are one atomic write.
  return ctx.store.transaction(async (tx) => {
    if (o.sources) await ctx.writes.requireEpisodes(tx, o.sources, namespace);
    const candidates = await ctx.writes.gateCandidates(tx, text, vector!, namespace, {
      episodes: false,
      kinds: ["rule"],
    });
    const decision = await decide(
      { text, at, kind: "rule", valence: null, mayContradict: false },
      candidates,
      ctx.configuredJudge,
      ctx.policy,
    );
    const result =
      decision.verdict === "redundant"
        ? await ctx.writes.restate(tx, decision, namespace, o.sources)
        : await ctx.writes.storeBelief(tx, decision, {
            namespace,
            kind: "rule",
            text,
            when: o.when,
            prefer: o.prefer,
            validFrom: at,
            sources: o.sources ?? [],
            source: null,
            now,
            vector: vector!,
          });
    if (o.feedback)
      await ctx.writes.applyOutcome(
        tx,
        (await tx.getBelief(result.id, namespace))!,
        o.feedback === "positive",
        o.session ?? null,
      );
    return result;
  });
}
