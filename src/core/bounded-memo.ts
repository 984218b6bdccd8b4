/**
 * A bounded memo of a pure function of a string: two generations of at most `cap` entries each
 * (and, when `maxKeyChars` is given, keys of at most that many characters in all, for keys that
 * are whole texts of any length), the older dropped when the newer fills (an approximate LRU, no
 * per-hit bookkeeping). Only for
 * functions whose answer depends on the key alone, and whose answer callers do not change (filling
 * in a field computed lazily from the key alone, as the judge's analyses do, is no change).
 * The same key hands back the same value until it falls out or `clear()` empties the memo.
 *
 *   const tagged = boundedMemo((s: string) => tag(s), 8_192);
 *   tagged("I moved to Lisbon"); // tags it
 *   tagged("I moved to Lisbon"); // the same array, not tagged again
 */
export interface BoundedMemo<T> {
  (key: string): T;
  /** Empties both generations: the next call of every key computes it afresh (for benches and tests). */
  clear(): void;
}

export function boundedMemo<T>(
  compute: (key: string) => T,
  cap: number,
  maxKeyChars = Number.POSITIVE_INFINITY,
): BoundedMemo<T> {
  let recent = new Map<string, T>();
  let older = new Map<string, T>();
  let recentChars = 0;
  const memo = (key: string): T => {
    // One lookup for a hit; `has` only to tell a remembered `undefined` from a miss.
    const hit = recent.get(key);
    if (hit !== undefined || recent.has(key)) return hit as T;
    const old = older.get(key);
    const value = old !== undefined || older.has(key) ? (old as T) : compute(key);
    if (recent.size >= cap || recentChars + key.length > maxKeyChars) {
      older = recent;
      recent = new Map();
      recentChars = 0;
    }
    recent.set(key, value);
    recentChars += key.length;
    return value;
  };
  return Object.assign(memo, {
    clear() {
      recent = new Map();
      older = new Map();
      recentChars = 0;
    },
  });
}
