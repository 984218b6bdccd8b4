/**
 * The continuity layer's records — wraps, the digest and its history, graduated patterns and
 * associations — kept as typed documents in the store's key/value (`meta`), one per namespace
 * (and one per wrap). Every read is schema-checked; every write happens inside the caller's
 * transaction. Documents are small by design: the digest is bounded, patterns are few, and
 * associations are capped and cleaned below a floor.
 */
import { z } from "zod";
import type { StoreReader, StoreWriter } from "../ports.js";
import { metaKey } from "../ports.js";

export const WrapSchema = z.object({
  token: z.string(),
  namespace: z.string(),
  session: z.string().nullable(),
  status: z.enum(["prepared", "saved", "cancelled"]),
  preparedAt: z.string(),
  closedAt: z.string().nullable(),
  /** The frozen set: episodes this wrap may cite. */
  episodeIds: z.array(z.string()),
  /** Sequence number of this wrap in its namespace (1, 2, …). */
  number: z.number().int(),
  /**
   * Set when forget cancelled the wrap: its package showed an item since forgotten (a frozen
   * episode, or a digest or pattern line forget redacted), so a digest compressed from it may
   * quote that item. Absent: cancelled by `cancelWrap`, or not cancelled.
   */
  cancelledBy: z.literal("forget").optional(),
});
export type Wrap = z.infer<typeof WrapSchema>;

export const EvidenceSchema = z.object({
  episodeId: z.string(),
  explanation: z.string(),
  wrap: z.number().int(),
});
export type Evidence = z.infer<typeof EvidenceSchema>;

export const PatternSchema = z.object({
  key: z.string(),
  text: z.string(),
  level: z.number().int().min(1).max(3),
  firstWrap: z.number().int(),
  lastReinforcedWrap: z.number().int(),
  evidence: z.array(EvidenceSchema),
  status: z.enum(["active", "stale", "dropped"]),
  since: z.string(),
});
export type Pattern = z.infer<typeof PatternSchema>;

export const DigestSchema = z.object({
  version: z.number().int(),
  text: z.string(),
  savedAt: z.string(),
  wrap: z.number().int(),
  chars: z.number().int(),
});
export type Digest = z.infer<typeof DigestSchema>;

export const AssociationSchema = z.object({
  a: z.string(),
  b: z.string(),
  strength: z.number(),
  affect: z.object({ tag: z.string(), intensity: z.number() }).nullable(),
  lastWrap: z.number().int(),
});
export type Association = z.infer<typeof AssociationSchema>;

export const WrapStateSchema = z.object({
  /** Highest episode sequence already wrapped: the next wrap starts after it. */
  lastEpisodeSeq: z.number().int(),
  wraps: z.number().int(),
  open: z.string().nullable(),
  /** Wraps ever prepared (saved or not): makes every token distinct, deterministically. */
  minted: z.number().int().default(0),
});
export type WrapState = z.infer<typeof WrapStateSchema>;

const keys = {
  state: (ns: string) => metaKey("wrap-state", ns),
  wrap: (token: string) => `wrap:${token}`,
  digest: (ns: string) => metaKey("continuity", ns),
  history: (ns: string) => metaKey("continuity-history", ns),
  patterns: (ns: string) => metaKey("patterns", ns),
  associations: (ns: string) => metaKey("associations", ns),
};

async function read<T>(store: StoreReader, key: string, schema: z.ZodType<T>, fallback: T): Promise<T> {
  const raw = await store.getMeta(key);
  return raw === null ? fallback : schema.parse(JSON.parse(raw));
}

const write = (tx: StoreWriter, key: string, value: unknown) => tx.setMeta(key, JSON.stringify(value));

/** How many digest versions are kept for `diff`. */
export const HISTORY_LIMIT = 20;

export const records = {
  wrapState: (s: StoreReader, ns: string) =>
    read(s, keys.state(ns), WrapStateSchema, { lastEpisodeSeq: 0, wraps: 0, open: null, minted: 0 }),
  setWrapState: (tx: StoreWriter, ns: string, v: WrapState) => write(tx, keys.state(ns), v),
  wrap: (s: StoreReader, token: string) => read(s, keys.wrap(token), WrapSchema.nullable(), null),
  setWrap: (tx: StoreWriter, w: Wrap) => write(tx, keys.wrap(w.token), w),
  digest: (s: StoreReader, ns: string) => read(s, keys.digest(ns), DigestSchema.nullable(), null),
  history: (s: StoreReader, ns: string) => read(s, keys.history(ns), z.array(DigestSchema), []),
  async setDigest(tx: StoreWriter, ns: string, d: Digest): Promise<void> {
    await write(tx, keys.digest(ns), d);
    const history = await read(tx, keys.history(ns), z.array(DigestSchema), []);
    await write(tx, keys.history(ns), [...history, d].slice(-HISTORY_LIMIT));
  },
  /** Rewrites the digest and its kept versions as given (forget's redaction), without appending. */
  async replaceDigests(
    tx: StoreWriter,
    ns: string,
    current: Digest | null,
    history: Digest[],
  ): Promise<void> {
    if (current) await write(tx, keys.digest(ns), current);
    await write(tx, keys.history(ns), history.slice(-HISTORY_LIMIT));
  },
  patterns: (s: StoreReader, ns: string) => read(s, keys.patterns(ns), z.array(PatternSchema), []),
  setPatterns: (tx: StoreWriter, ns: string, v: Pattern[]) => write(tx, keys.patterns(ns), v),
  associations: (s: StoreReader, ns: string) =>
    read(s, keys.associations(ns), z.array(AssociationSchema), []),
  setAssociations: (tx: StoreWriter, ns: string, v: Association[]) => write(tx, keys.associations(ns), v),
};
