/**
 * A row's (term id, tf) pairs packed into 32-bit words, as the text index's row pool keeps them:
 * one word a pair as a rule (`term · 256 + tf`), with an escape for the rare values that do not
 * fit, so nothing is ever truncated. A term id from `TERM_MORE` up, or a tf from `TF_MORE` up,
 * stores the marker in its field and the value whole in the next word (term first).
 *
 *   const pool = new Uint32Array(8);
 *   let at = packPair(pool, 0, 42, 3);        // one word
 *   at = packPair(pool, at, 42, 1_000);      // two: the tf follows
 *   const pair = new Int32Array(2);
 *   unpackPair(pool, 0, pair);               // returns 1; pair = [42, 3]
 */

/** A term id this large or larger is stored in a word of its own. */
export const TERM_MORE = 0xffffff;
/** A tf this large or larger is stored in a word of its own (and, in a posting's tf byte, read from the row). */
export const TF_MORE = 0xff;

/** Writes the pair at `pool[at…]` (1–3 words; the caller keeps 3 free) and returns where the next goes. */
export function packPair(pool: Uint32Array, at: number, term: number, tf: number): number {
  const t = Math.min(term, TERM_MORE);
  const f = Math.min(tf, TF_MORE);
  pool[at++] = t * 256 + f;
  if (t === TERM_MORE) pool[at++] = term;
  if (f === TF_MORE) pool[at++] = tf;
  return at;
}

/** Reads the pair at `pool[at…]` into `out` ([term, tf]) and returns where the next starts. */
export function unpackPair(pool: Uint32Array, at: number, out: Int32Array): number {
  const w = pool[at++]!;
  let term = w >>> 8;
  let tf = w & 0xff;
  if (term === TERM_MORE) term = pool[at++]!;
  if (tf === TF_MORE) tf = pool[at++]!;
  out[0] = term;
  out[1] = tf;
  return at;
}
