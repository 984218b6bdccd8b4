/**
 * The keys of the engine's bookkeeping records (`getMeta`) that belong to a namespace:
 * `<kind>:<part>[:<part>]`, each part with "%" and ":" percent-encoded, so a key splits back into
 * exactly its kind and parts, and a key prefix ending in ":" matches one namespace's records
 * only. A namespace may hold ":" ("team:x") but never "%", so an ordinary namespace's key reads
 * as its name (`continuity:team-a`) and a store dump groups each namespace's records together.
 *
 *   metaKey("curation", "team:x", "chroma:notes")   // "curation:team%3Ax:chroma%3Anotes"
 *   metaKey("worker:state", "a")                    // "worker:state:a"
 *   parseMetaKey("curation:a:b%3Ac")                // { kind: "curation", parts: ["a", "b:c"] }
 *
 * Keys written before schema 8 (SQLite) / 7 (PostgreSQL) held the parts raw; the stores'
 * migrations rewrite them (`upgradeMetaKey`), and an import rewrites an older export's
 * (`importedMetaKey`). Store-wide records (`api-keys`, `wrap:<token>`, `outcome-credit:<id>:…`,
 * dashboard sessions) are keyed by things that hold no ":" and belong to no namespace.
 */

/** Every kind keyed by a namespace, and how many parts its key has (the namespace first). */
export const META_KINDS = {
  "wrap-state": 1,
  continuity: 1,
  "continuity-history": 1,
  patterns: 1,
  associations: 1,
  sweep: 1,
  "worker:state": 1,
  "worker:request": 1,
  "worker:reports": 1,
  curation: 2,
} as const;
export type MetaKind = keyof typeof META_KINDS;

/**
 * Where a curation record goes when a store's migration cannot tell which of its old key's
 * splits is its namespace (`upgradeMetaKey`): no namespace reads it, forget still redacts it.
 */
export const UNSPLIT_CURATION = "curation-unsplit:";

// Longest first: no kind is a prefix of another followed by ":" today, but the order keeps it so.
const KINDS = (Object.keys(META_KINDS) as MetaKind[]).sort((a, b) => b.length - a.length);

const encodePart = (part: string) => part.replaceAll("%", "%25").replaceAll(":", "%3A");

function decodePart(part: string): string | null {
  // Only the two escapes encodePart makes: anything else is not a key it made.
  if (/%(?!25|3A)/.test(part)) return null;
  return part.replaceAll("%3A", ":").replaceAll("%25", "%");
}

/** The key of a namespace's record of `kind`: each part encoded so that it holds no ":". */
export function metaKey(kind: MetaKind, ...parts: string[]): string {
  if (parts.length !== META_KINDS[kind])
    throw new Error(`meta key "${kind}" takes ${META_KINDS[kind]} part(s)`);
  return `${kind}:${parts.map(encodePart).join(":")}`;
}

/** The prefix of every `kind` record whose first parts are `parts` (ends in ":"). */
export const metaKeyPrefix = (kind: MetaKind, ...parts: string[]) =>
  `${kind}:${parts.map((p) => `${encodePart(p)}:`).join("")}`;

/** A key's kind and decoded parts, or null when it is not a namespace record's key as `metaKey` makes them. */
export function parseMetaKey(key: string): { kind: MetaKind; parts: string[] } | null {
  const kind = KINDS.find((k) => key.startsWith(`${k}:`));
  if (!kind) return null;
  const raw = key.slice(kind.length + 1).split(":");
  if (raw.length !== META_KINDS[kind]) return null;
  const parts = raw.map(decodePart);
  if (parts.some((p) => p === null || p === "")) return null;
  return { kind, parts: parts as string[] };
}

/** A namespace as a raw key part may spell it (NamespaceSchema's characters; no "%"). */
const RAW_NAMESPACE = /^[A-Za-z0-9][A-Za-z0-9._:@/-]{0,127}$/;

/**
 * What a record's key written before encoded keys becomes (the stores' migration, once per store:
 * every key it sees is an old one). A one-part kind's whole rest was the namespace. An old
 * curation key `curation:<ns>:<collection>` is split where its namespace ends, known from the
 * namespace of the beliefs its value names (`beliefNamespace`; ids are unique in a store), else
 * from the one split whose namespace holds items (`holdsItems`); when neither settles it, the
 * record is kept under `curation-unsplit:<rest>`, read by no namespace (forget still redacts
 * it). Any other key is returned as it is.
 *
 *   upgradeMetaKey("continuity:team:x", …)                  // "continuity:team%3Ax"
 *   upgradeMetaKey("curation:a:b:c", v, ns => "a:b", …)     // "curation:a%3Ab:c"
 */
export function upgradeMetaKey(
  key: string,
  value: string,
  beliefNamespace: (id: string) => string | undefined,
  holdsItems: (namespace: string) => boolean,
): string {
  const kind = KINDS.find((k) => key.startsWith(`${k}:`));
  if (!kind) return key;
  const rest = key.slice(kind.length + 1);
  if (META_KINDS[kind] === 1) return RAW_NAMESPACE.test(rest) ? metaKey(kind, rest) : key;
  // Every split of the rest into a namespace and a non-empty collection.
  const splits: { ns: string; collection: string }[] = [];
  for (let i = rest.indexOf(":"); i > 0; i = rest.indexOf(":", i + 1)) {
    const ns = rest.slice(0, i);
    if (RAW_NAMESPACE.test(ns) && i + 1 < rest.length) splits.push({ ns, collection: rest.slice(i + 1) });
  }
  const owners = new Set<string>();
  for (const id of curationBeliefIds(value)) {
    const ns = beliefNamespace(id);
    if (ns !== undefined) owners.add(ns);
  }
  const byBeliefs = owners.size === 1 ? splits.filter((s) => owners.has(s.ns)) : [];
  const chosen =
    owners.size > 0 ? byBeliefs : splits.length === 1 ? splits : splits.filter((s) => holdsItems(s.ns));
  if (chosen.length === 1) return metaKey("curation", chosen[0]!.ns, chosen[0]!.collection);
  return `${UNSPLIT_CURATION}${rest}`;
}

/** The belief ids an old curation record's value names (its records' beliefs, its reasons' keys). */
export function curationBeliefIds(value: string): string[] {
  try {
    const state = JSON.parse(value) as {
      records?: Record<string, { belief?: unknown } | null>;
      reasons?: Record<string, unknown>;
    };
    const ids = [
      ...Object.values(state?.records ?? {}).map((r) => r?.belief),
      ...Object.keys(state?.reasons ?? {}),
    ];
    return ids.filter((id): id is string => typeof id === "string");
  } catch {
    return []; // not a curation state: settled by the splits alone
  }
}

/** Whether a key is an old curation record's (its value's belief ids help `upgradeMetaKey` split it). */
export const isCurationKey = (key: string) => key.startsWith("curation:");

/**
 * An imported record's key as this Strata keys it: an export written before encoded keys holds a
 * one-part kind's namespace raw (`continuity:team:x`). A raw namespace never holds "%", and an
 * encoded one never holds ":", so either spelling is read the same.
 */
export function importedMetaKey(key: string): string {
  const kind = KINDS.find((k) => key.startsWith(`${k}:`));
  if (!kind || META_KINDS[kind] !== 1) return key;
  const rest = key.slice(kind.length + 1);
  return RAW_NAMESPACE.test(rest) ? metaKey(kind, rest) : key;
}
