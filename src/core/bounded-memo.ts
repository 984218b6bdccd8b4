/**
 * A bounded memo of a pure function of a string: two generations of at most `cap` entries each,
 * the older dropped when the newer fills (an approximate LRU, no per-hit bookkeeping). Only for
 * functions whose answer depends on the key alone, and whose answer callers do not mutate.
 *
 *   const tagged = boundedMemo((s: string) => tag(s), 8_192);
 */
export function boundedMemo<T>(compute: (key: string) => T, cap: number): (key: string) => T {
  let recent = new Map<string, T>();
  let older = new Map<string, T>();
  return (key) => {
    if (recent.has(key)) return recent.get(key)!;
    const value = older.has(key) ? older.get(key)! : compute(key);
    if (recent.size >= cap) {
      older = recent;
      recent = new Map();
    }
    recent.set(key, value);
    return value;
  };
}
