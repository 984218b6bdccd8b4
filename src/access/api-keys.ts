/**
 * API keys: who may reach which namespaces, and how far. A key is
 * `sk_strata_<id>_<secret>`, shown once when created; the store keeps only the SHA-256 of the
 * secret (the secret is 32 random bytes, so a fast hash is enough), compared in constant time.
 * Each key names the namespace patterns it may act in (`team-a`, `team-*`, `*`) and one scope:
 * read, write (covers read) or admin (covers both, plus forget and import). The key's name is
 * the actor its changes carry in the audit chain (`key:ci-bot`).
 *
 *   const { key, record } = await createApiKey(store, { name: "ci-bot", scope: "write", namespaces: ["team-*"] }, clock);
 *   const found = await verifyApiKey(store, key);  // the record, or null
 *   authorize(found, "team-a", "write");           // throws FORBIDDEN when not allowed
 *
 * Keys live in the store's bookkeeping (one meta entry), so every server on a shared
 * PostgreSQL database sees the same keys, and a revoked key stops working on all of them.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { StrataError } from "../core/errors.js";
import { ACCESS_LEVELS, type Access, allows } from "../core/operations/operation.js";
import type { Clock, Store, StoreReader } from "../core/ports.js";
import { parseInput } from "../core/validate.js";

const META_KEY = "api-keys";
const PREFIX = "sk_strata_";
const KEY_SHAPE = /^sk_strata_([a-z0-9]{12})_([A-Za-z0-9_-]{43})$/;

/** A namespace, or a prefix of namespaces ending in `*` (`team-*`), or `*` for all. */
export const NamespacePatternSchema = z
  .string()
  .regex(
    /^(\*|[A-Za-z0-9][A-Za-z0-9._:@/-]{0,127}\*?)$/,
    "a namespace pattern is a namespace (team-a), a prefix ending in * (team-*), or * for every namespace",
  );

export const ApiKeyInputSchema = z
  .object({
    name: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, "a key name is 1-64 letters, digits, . _ -, such as ci-bot")
      .describe("Who holds the key; its changes are audited as key:<name>."),
    scope: z.enum(ACCESS_LEVELS as [Access, ...Access[]]).describe("read, write (and read) or admin (all)."),
    namespaces: z
      .array(NamespacePatternSchema)
      .min(1, "name at least one namespace pattern, such as team-a or team-*")
      .max(100)
      .describe("Namespaces the key may act in."),
  })
  .strict();
export type ApiKeyInput = z.input<typeof ApiKeyInputSchema>;

const ApiKeyRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(ACCESS_LEVELS as [Access, ...Access[]]),
  namespaces: z.array(z.string()),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  /** Who created it, when an admin key did (`key:ops`, from the dashboard); absent: the CLI or the library. */
  createdBy: z.string().optional(),
  /** Who revoked it, when an admin key did. */
  revokedBy: z.string().optional(),
  /** SHA-256 of the secret, hex. Never leaves this module's callers as part of a listing. */
  hash: z.string(),
});
export type ApiKeyRecord = z.infer<typeof ApiKeyRecordSchema>;
/** A key as listed: everything but the hash. */
export type ApiKeyView = Omit<ApiKeyRecord, "hash">;

const digest = (secret: string) => createHash("sha256").update(secret, "utf8").digest("hex");
const view = ({ hash: _hash, ...rest }: ApiKeyRecord): ApiKeyView => rest;

async function readKeys(store: StoreReader): Promise<ApiKeyRecord[]> {
  const raw = await store.getMeta(META_KEY);
  if (!raw) return [];
  return z.array(ApiKeyRecordSchema).parse(JSON.parse(raw));
}

/** Random bytes for ids and secrets; injectable so tests can fix them. */
export type RandomSource = (bytes: number) => Buffer;

/**
 * Creates a key. The full key is returned here only: store it now, it cannot be shown again.
 * A name already held by a live key is refused (CONFLICT): revoke that one first.
 */
export async function createApiKey(
  store: Store,
  input: ApiKeyInput,
  clock: Clock,
  random: RandomSource = randomBytes,
  createdBy?: string,
): Promise<{ key: string; record: ApiKeyView }> {
  const o = parseInput(ApiKeyInputSchema, input, "API key");
  const id = random(6).toString("hex");
  const secret = random(32).toString("base64url");
  const record: ApiKeyRecord = {
    id,
    name: o.name,
    scope: o.scope,
    namespaces: o.namespaces,
    createdAt: clock.now().toISOString(),
    revokedAt: null,
    ...(createdBy ? { createdBy } : {}),
    hash: digest(secret),
  };
  await store.transaction(async (tx) => {
    const keys = await readKeys(tx);
    if (keys.some((k) => k.name === o.name && k.revokedAt === null))
      throw new StrataError(
        "CONFLICT",
        `A live key named "${o.name}" exists: revoke it first (strata keys revoke ${o.name}) or pick another name.`,
        { name: o.name },
      );
    if (keys.some((k) => k.id === id))
      throw new StrataError("CONFLICT", "Key id collision: create the key again.");
    await tx.setMeta(META_KEY, JSON.stringify([...keys, record]));
  });
  return { key: `${PREFIX}${id}_${secret}`, record: view(record) };
}

/** Every key, live and revoked, oldest first; never a secret or its hash. */
export async function listApiKeys(store: StoreReader): Promise<ApiKeyView[]> {
  return (await readKeys(store)).map(view);
}

/** Revokes a key by id or by the name of a live key. Revoking a revoked key changes nothing. */
export async function revokeApiKey(
  store: Store,
  idOrName: string,
  clock: Clock,
  manager?: ApiKeyView,
): Promise<ApiKeyView> {
  return store.transaction(async (tx) => {
    const keys = await readKeys(tx);
    const found =
      keys.find((k) => k.id === idOrName) ?? keys.find((k) => k.name === idOrName && k.revokedAt === null);
    if (!found)
      throw new StrataError(
        "NOT_FOUND",
        `No API key with id or live name "${idOrName}". List them with strata keys list.`,
        {
          id: idOrName,
        },
      );
    if (manager) authorizeKeyManagement(manager, found);
    if (found.revokedAt === null) {
      found.revokedAt = clock.now().toISOString();
      if (manager) found.revokedBy = keyActor(manager);
      await tx.setMeta(META_KEY, JSON.stringify(keys));
    }
    return view(found);
  });
}

/** Whether any live key exists: a server with none binds to loopback only. */
export async function hasLiveApiKeys(store: StoreReader): Promise<boolean> {
  return (await readKeys(store)).some((k) => k.revokedAt === null);
}

/** The live key a presented string is, or null (malformed, unknown, wrong secret or revoked). */
export async function verifyApiKey(store: StoreReader, presented: string): Promise<ApiKeyView | null> {
  const m = KEY_SHAPE.exec(presented.trim());
  // Hash something even for a malformed key, so the answer takes about as long either way.
  const given = Buffer.from(digest(m?.[2] ?? presented), "hex");
  const record = m ? (await readKeys(store)).find((k) => k.id === m[1]) : undefined;
  const expected = Buffer.from(record?.hash ?? "0".repeat(64), "hex");
  const same = timingSafeEqual(given, expected);
  return record && same && record.revokedAt === null ? view(record) : null;
}

/** Whether a pattern covers a namespace: exact, a `prefix*`, or `*`. */
export function patternCovers(pattern: string, namespace: string): boolean {
  if (pattern === "*") return true;
  return pattern.endsWith("*") ? namespace.startsWith(pattern.slice(0, -1)) : pattern === namespace;
}

/**
 * Whether a key's patterns cover `prefix` and every namespace that is or may ever be under it
 * (`prefix/…`): `*`, or a `stem*` whose stem starts `prefix/`. Decided from the patterns alone,
 * not from the namespaces that exist now, so the answer tells nothing about what exists, and a
 * namespace created under the prefix later is still covered.
 *
 *   coversTree(["team-*"], "team-a")    // true: team-a and team-a/… all start "team-"
 *   coversTree(["a", "a/*"], "a")        // true
 *   coversTree(["a"], "a")               // false: a/b would not be covered
 */
export function coversTree(patterns: readonly string[], prefix: string): boolean {
  const under = `${prefix}/`;
  return (
    patterns.some((p) => patternCovers(p, prefix)) &&
    patterns.some((p) => p === "*" || (p.endsWith("*") && under.startsWith(p.slice(0, -1))))
  );
}

/**
 * Refuses (FORBIDDEN) a key reading or writing over a namespace prefix unless its patterns cover
 * the prefix and everything under it ({@link coversTree}), or needing a scope above its own.
 */
export function authorizeTree(key: ApiKeyView, prefix: string, needed: Access): void {
  if (!coversTree(key.namespaces, prefix))
    throw new StrataError(
      "FORBIDDEN",
      `Key "${key.name}" may not act under namespace prefix "${prefix}": a prefix reaches every namespace under it, so the key needs a pattern covering all of them (${prefix}* or ${prefix}/* beside ${prefix}, or *). Name one namespace instead, or use such a key.`,
      { namespacePrefix: prefix },
    );
  authorize(key, prefix, needed);
}

/**
 * Refuses (FORBIDDEN) a key acting in a namespace its patterns do not cover, or needing a scope
 * above its own. The message names what would be needed, never another key.
 */
export function authorize(key: ApiKeyView, namespace: string, needed: Access): void {
  if (!key.namespaces.some((p) => patternCovers(p, namespace)))
    throw new StrataError(
      "FORBIDDEN",
      `Key "${key.name}" may not act in namespace "${namespace}": it covers ${key.namespaces.join(", ")}. Use a key whose namespaces cover "${namespace}" (strata keys create --name NAME --scope ${needed} --namespaces ${namespace}).`,
      { namespace },
    );
  if (!allows(key.scope, needed))
    throw new StrataError(
      "FORBIDDEN",
      `Key "${key.name}" has scope ${key.scope}; this needs ${needed}. Create a key with --scope ${needed}.`,
      { scope: key.scope, needed },
    );
}

/** The actor a key's changes carry in the audit chain. */
export const keyActor = (key: ApiKeyView): string => `key:${key.name}`;

/** Whether every namespace `inner` covers is also covered by `outer` (`team-a*` lies within `team-*`). */
export function patternWithin(inner: string, outer: string): boolean {
  if (outer === "*") return true;
  if (!outer.endsWith("*")) return inner === outer;
  return inner !== "*" && inner.startsWith(outer.slice(0, -1));
}

/**
 * Refuses (FORBIDDEN) a key managing another beyond its reach: only an admin key manages keys,
 * and only keys whose every namespace pattern lies within its own patterns, so an admin of
 * `team-*` can neither mint a key for `*` nor see or revoke another tenant's keys.
 */
export function authorizeKeyManagement(manager: ApiKeyView, target: { namespaces: readonly string[] }): void {
  if (manager.scope !== "admin")
    throw new StrataError(
      "FORBIDDEN",
      `Key "${manager.name}" has scope ${manager.scope}; managing keys needs an admin key.`,
      { scope: manager.scope, needed: "admin" },
    );
  const outside = target.namespaces.filter((p) => !manager.namespaces.some((m) => patternWithin(p, m)));
  if (outside.length > 0)
    throw new StrataError(
      "FORBIDDEN",
      `Key "${manager.name}" may manage keys within ${manager.namespaces.join(", ")} only; ${outside.join(", ")} lies outside. Use a key whose patterns cover it.`,
      { namespaces: outside },
    );
}

/** Whether `manager` may manage `target` (see authorizeKeyManagement). */
export function managesKey(manager: ApiKeyView, target: { namespaces: readonly string[] }): boolean {
  try {
    authorizeKeyManagement(manager, target);
    return true;
  } catch {
    return false;
  }
}

/**
 * Creates a key on behalf of an admin key (the dashboard's Admin page): refused (FORBIDDEN)
 * beyond the manager's reach, and the record names who created it (`createdBy: key:<name>`).
 * Bad input is refused (INVALID_INPUT) before anything is checked or written.
 *
 *   const { key } = await createApiKeyAs(store, admin, { name: "bot", scope: "read", namespaces: ["team-a"] }, clock);
 */
export async function createApiKeyAs(
  store: Store,
  manager: ApiKeyView,
  input: ApiKeyInput,
  clock: Clock,
  random: RandomSource = randomBytes,
): Promise<{ key: string; record: ApiKeyView }> {
  const o = parseInput(ApiKeyInputSchema, input, "API key");
  authorizeKeyManagement(manager, o);
  return createApiKey(store, o, clock, random, keyActor(manager));
}
