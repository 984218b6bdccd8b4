/**
 * The key of an outcome's credit record: which source (a session, or an actor on a UTC day) has
 * already had a result counted on a belief, so the same source repeating it is not counted again
 * (`Writes.applyOutcome`). The source is hashed under the store's secret (HMAC-SHA256, as content
 * hashes and tombstones are), so a guessable session name ("s1", a user id) cannot be confirmed
 * from the key by anyone who reads an export or the store's `meta` table without the secret.
 *
 *   creditKey(secret, "b7", true, "session:s1")
 *   // → "outcome-credit:b7:success:k" + 32 hex digits
 *
 * The keyed hash is taken over the source's plain SHA-256 digest (its first 32 hex digits),
 * which is what stores before schema 9 (SQLite) / 8 (PostgreSQL) and their exports kept in the
 * key (`outcome-credit:<id>:<result>:<digest>`): so such a key converts exactly
 * (`rekeyedCredit`), by the store's migration and by an import of an older export, and a source
 * that was counted before the upgrade is still counted once.
 */
import { hmacSha256, sha256 } from "./sha256.js";

export const OUTCOME_CREDIT = "outcome-credit:";

/** A key written before credits were keyed: the source's plain SHA-256 digest, 32 hex digits. */
const UNKEYED = /^outcome-credit:([^:]+):(success|failure):([0-9a-f]{32})$/;

/** The store-keyed hash of a plain digest: "k" and 32 hex digits. */
const keyed = (secret: string, digest: string) =>
  `k${hmacSha256(secret, `${OUTCOME_CREDIT}${digest}`).slice(0, 32)}`;

/** The credit key of `source`'s `success` or failure on belief `beliefId`, under the store's secret. */
export function creditKey(secret: string, beliefId: string, success: boolean, source: string): string {
  return `${OUTCOME_CREDIT}${beliefId}:${success ? "success" : "failure"}:${keyed(secret, sha256(source).slice(0, 32))}`;
}

/**
 * The keyed form of an unkeyed credit key (`outcome-credit:<id>:<result>:<32 hex>`), or null for
 * any other key (a keyed credit key is left as it is).
 *
 *   rekeyedCredit(secret, `outcome-credit:b7:success:${sha256("session:s1").slice(0, 32)}`)
 *   // → creditKey(secret, "b7", true, "session:s1")
 */
export function rekeyedCredit(secret: string, key: string): string | null {
  const m = UNKEYED.exec(key);
  return m ? `${OUTCOME_CREDIT}${m[1]}:${m[2]}:${keyed(secret, m[3]!)}` : null;
}
