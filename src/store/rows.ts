/**
 * The table shape every store shares: which column holds each field of an episode or belief,
 * and what kind of value it keeps. Stores differ only in how a kind is encoded (SQLite keeps
 * booleans as 0/1 and JSON as text; PostgreSQL has booleans and json), so each declares its
 * encodings and reads rows back through `episodeFromRow` / `beliefFromRow`.
 */
import type { AuditEntry, Belief, Episode, Link, OutcomeEvent } from "../core/model.js";
import type { JudgedPair } from "../core/ports.js";

export type FieldKind = "text" | "json" | "bool" | "int" | "real";

/** Field → [column, kind]. Text fields may be null where the model allows it. */
export type Fields<T> = Record<keyof Omit<T, "id">, readonly [column: string, kind: FieldKind]>;

export const EPISODE_FIELDS: Fields<Episode> = {
  namespace: ["namespace", "text"],
  type: ["type", "text"],
  content: ["content", "text"],
  outcome: ["outcome", "text"],
  session: ["session", "text"],
  actor: ["actor", "text"],
  at: ["at", "text"],
  recordedAt: ["recorded_at", "text"],
  metadata: ["metadata", "json"],
  contentHash: ["content_hash", "text"],
  support: ["support", "int"],
  status: ["status", "text"],
  distilledAt: ["distilled_at", "text"],
  supersededBy: ["superseded_by", "text"],
  validTo: ["valid_to", "text"],
};

export const BELIEF_FIELDS: Fields<Belief> = {
  namespace: ["namespace", "text"],
  kind: ["kind", "text"],
  text: ["text", "text"],
  when: ["when_text", "text"],
  prefer: ["prefer_text", "text"],
  exceptions: ["exceptions", "json"],
  steps: ["steps", "json"],
  status: ["status", "text"],
  statusReason: ["status_reason", "text"],
  pinned: ["pinned", "bool"],
  restored: ["restored", "bool"],
  confidence: ["confidence", "real"],
  successes: ["successes", "int"],
  failures: ["failures", "int"],
  support: ["support", "int"],
  uses: ["uses", "int"],
  halfLifeDays: ["half_life_days", "real"],
  lastConfirmedAt: ["last_confirmed_at", "text"],
  lastUsedAt: ["last_used_at", "text"],
  validFrom: ["valid_from", "text"],
  validTo: ["valid_to", "text"],
  recordedAt: ["recorded_at", "text"],
  retiredAt: ["retired_at", "text"],
  supersededBy: ["superseded_by", "text"],
  parentId: ["parent_id", "text"],
  sources: ["sources", "json"],
  source: ["source", "text"],
  contentHash: ["content_hash", "text"],
  metadata: ["metadata", "json"],
  calibration: ["calibration", "json"],
};

/** What a JSON field holds when the column is empty: a fresh value every time, never shared. */
const JSON_EMPTY: Record<string, () => unknown> = {
  metadata: () => ({}),
  exceptions: () => [],
  sources: () => [],
  steps: () => null,
  calibration: () => null,
};

/** JSON as text (SQLite) or already parsed (PostgreSQL); the common empty values skip the parser. */
function readJson(field: string, v: unknown): unknown {
  if (v === null || v === undefined) return JSON_EMPTY[field]!();
  if (typeof v !== "string") return v;
  if (v === "[]") return [];
  if (v === "{}") return {};
  if (v === "null") return null;
  return JSON.parse(v);
}

/**
 * A belief as one object literal, its fields in `BELIEF_FIELDS`' order (`v` holds their values in
 * that order; `rows.test.ts` checks both). Built field by field through computed keys, a record of
 * 31 fields is past V8's limit for properties added that way and becomes a dictionary-mode object:
 * every read of one of its fields (recall reads hundreds of records a call) is then a hash look-up.
 */
function beliefLiteral(id: string, v: readonly unknown[]): Belief {
  return {
    id,
    namespace: v[0],
    kind: v[1],
    text: v[2],
    when: v[3],
    prefer: v[4],
    exceptions: v[5],
    steps: v[6],
    status: v[7],
    statusReason: v[8],
    pinned: v[9],
    restored: v[10],
    confidence: v[11],
    successes: v[12],
    failures: v[13],
    support: v[14],
    uses: v[15],
    halfLifeDays: v[16],
    lastConfirmedAt: v[17],
    lastUsedAt: v[18],
    validFrom: v[19],
    validTo: v[20],
    recordedAt: v[21],
    retiredAt: v[22],
    supersededBy: v[23],
    parentId: v[24],
    sources: v[25],
    source: v[26],
    contentHash: v[27],
    metadata: v[28],
    calibration: v[29],
  } as Belief;
}

/** An episode as one object literal, its fields in `EPISODE_FIELDS`' order (see `beliefLiteral`). */
function episodeLiteral(id: string, v: readonly unknown[]): Episode {
  return {
    id,
    namespace: v[0],
    type: v[1],
    content: v[2],
    outcome: v[3],
    session: v[4],
    actor: v[5],
    at: v[6],
    recordedAt: v[7],
    metadata: v[8],
    contentHash: v[9],
    support: v[10],
    status: v[11],
    distilledAt: v[12],
    supersededBy: v[13],
    validTo: v[14],
  } as Episode;
}

/** Each field table as a list, made once: a recall reads a few hundred rows per call. */
const fieldLists = new WeakMap<object, [string, readonly [string, FieldKind]][]>();

function readRecord<T>(
  row: Record<string, unknown>,
  id: string,
  fields: Fields<T>,
  literal: (id: string, v: readonly unknown[]) => T,
): T {
  let list = fieldLists.get(fields);
  if (!list) {
    list = Object.entries(fields) as [string, readonly [string, FieldKind]][];
    fieldLists.set(fields, list);
  }
  const v = new Array<unknown>(list.length);
  for (let i = 0; i < list.length; i++) {
    const [field, [column, kind]] = list[i]!;
    v[i] = readField(field, kind, row[column]);
  }
  return literal(id, v);
}

/** One column's value as its field holds it. */
function readField(field: string, kind: FieldKind, v: unknown): unknown {
  return kind === "json"
    ? readJson(field, v)
    : kind === "bool"
      ? v === true || v === 1
      : kind === "int" || kind === "real"
        ? Number(v)
        : (v ?? null);
}

/**
 * A reader of rows a driver returns as value arrays (better-sqlite3's raw mode), in the order of
 * `columns`, with the store's sequence number in `seqColumn`: the same record `readRecord` makes
 * from the row as an object, field for field and in the same key order, without the driver
 * building an object of every column per row (about half the cost of reading a few hundred rows).
 */
function rawRecordReader<T>(
  columns: readonly string[],
  prefix: string,
  fields: Fields<T>,
  literal: (id: string, v: readonly unknown[]) => T,
  seqColumn: string,
): (values: readonly unknown[]) => T {
  const seqAt = columns.indexOf(seqColumn);
  const list = (Object.entries(fields) as [string, readonly [string, FieldKind]][]).map(
    ([field, [column, kind]]) => [field, columns.indexOf(column), kind] as const,
  );
  const unknown = list.find(([, at]) => at < 0);
  if (seqAt < 0 || unknown) throw new Error(`rawRecordReader: no column for ${unknown?.[0] ?? seqColumn}`);
  return (values) => {
    const v = new Array<unknown>(list.length);
    for (let i = 0; i < list.length; i++) {
      const [field, at, kind] = list[i]!;
      v[i] = readField(field, kind, values[at]);
    }
    return literal(`${prefix}${values[seqAt]}`, v);
  };
}

/** Episodes from raw rows in the order of `columns` (see `rawRecordReader`). */
export const rawEpisodeReader = (columns: readonly string[], seqColumn: string) =>
  rawRecordReader<Episode>(columns, "e", EPISODE_FIELDS, episodeLiteral, seqColumn);

/** Beliefs from raw rows in the order of `columns` (see `rawRecordReader`). */
export const rawBeliefReader = (columns: readonly string[], seqColumn: string) =>
  rawRecordReader<Belief>(columns, "b", BELIEF_FIELDS, beliefLiteral, seqColumn);

/** An episode from its row; `seq` is the store's sequence number for it. */
export const episodeFromRow = (row: Record<string, unknown>, seq: unknown): Episode =>
  readRecord<Episode>(row, `e${seq}`, EPISODE_FIELDS, episodeLiteral);

/** A belief from its row; `seq` is the store's sequence number for it. */
export const beliefFromRow = (row: Record<string, unknown>, seq: unknown): Belief =>
  readRecord<Belief>(row, `b${seq}`, BELIEF_FIELDS, beliefLiteral);

// ---------------------------------------------------------------------------------------------
// The small tables, read the same way by every store (booleans as true or 1, numbers as
// numbers or numeric strings, JSON as text or parsed).
// ---------------------------------------------------------------------------------------------

type Row = Record<string, unknown>;

export const linkFromRow = (r: Row): Link => ({
  from: r.from_id as string,
  to: r.to_id as string,
  relation: r.relation as Link["relation"],
  at: r.at as string,
});

export const outcomeFromRow = (r: Row): OutcomeEvent => ({
  beliefId: r.belief_id as string,
  success: r.success === true || r.success === 1,
  at: r.at as string,
  confidenceBefore: Number(r.confidence_before),
  confidenceAfter: Number(r.confidence_after),
});

export const judgedPairFromRow = (r: Row): JudgedPair => ({
  a: r.a as string,
  b: r.b as string,
  aHash: r.a_hash as string,
  bHash: r.b_hash as string,
  relation: r.relation as JudgedPair["relation"],
  judge: r.judge as string,
  reason: r.reason as string,
  at: r.at as string,
});

export const auditFromRow = (r: Row): AuditEntry => ({
  seq: Number(r.seq),
  namespace: r.namespace as string,
  at: r.at as string,
  actor: r.actor as string,
  event: r.event as string,
  subjectId: (r.subject_id as string | null) ?? null,
  contentHash: r.content_hash as string,
  detail:
    r.detail === null || r.detail === undefined
      ? null
      : (readJson("detail", r.detail) as AuditEntry["detail"]),
  prevHash: r.prev_hash as string,
  hash: r.hash as string,
});

/**
 * Appends an audit entry's column values to `out` (a multi-row statement's parameters), in the
 * order both stores' `audit` INSERTs name them (`auditFromRow` reads them back).
 */
export function pushAuditValues(out: unknown[], e: AuditEntry): void {
  out.push(
    e.namespace,
    e.seq,
    e.at,
    e.actor,
    e.event,
    e.subjectId,
    e.contentHash,
    e.detail === null ? null : JSON.stringify(e.detail),
    e.prevHash,
    e.hash,
  );
}

/** An audit entry's column values, in `pushAuditValues`' order. */
export const auditValues = (e: AuditEntry): unknown[] => {
  const out: unknown[] = [];
  pushAuditValues(out, e);
  return out;
};

/**
 * `found` keyed in the order `ids` asked for them (each once): what a read by ids returns does not
 * depend on which rows a cache held or the order the database chose to return them in.
 */
export function inAskedOrder<T>(ids: readonly string[], found: ReadonlyMap<string, T>): Map<string, T> {
  const out = new Map<string, T>();
  for (const id of ids) {
    const v = found.get(id);
    if (v !== undefined && !out.has(id)) out.set(id, v);
  }
  return out;
}
