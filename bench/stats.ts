/**
 * The few statistics the bench parts print, in one place so every part reads its samples the same
 * way: a median and a nearest-rank percentile over unsorted samples (NaN for none).
 *
 *   median([3, 1, 2, 4]) // → 2 (the lower middle of an even count)
 *   percentile([5, 1, 4, 2, 3], 0.95) // → 5
 */

/** The middle sample (the lower of the two middle ones for an even count), NaN for none. */
export function median(samples: readonly number[]): number {
  const s = [...samples].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s[Math.floor((s.length - 1) / 2)]!;
}

/** The nearest-rank percentile `p` (0–1) of `samples`, NaN for none. */
export function percentile(samples: readonly number[], p: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))] ?? Number.NaN;
}
