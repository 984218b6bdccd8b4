/**
 * mulberry32: a small, fast, seeded PRNG for benchmarks, evaluations and tests. Same seed, same
 * stream, in every process (the engine itself never draws random numbers).
 *
 *   const rand = createRandom(42); rand(); // 0.6011037519201636
 */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
