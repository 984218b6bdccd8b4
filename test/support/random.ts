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

const PARTS = [
  "billing",
  "search",
  "auth",
  "gateway",
  "cache",
  "queue",
  "timeout",
  "owner",
  "retries",
  "version",
];
const PLACES = [
  "prod",
  "staging",
  "dev",
  "Priya",
  "Tomas",
  "Monday",
  "Friday",
  "seconds",
  "minutes",
  "errors",
];

/**
 * A short seeded statement over a small vocabulary ("The prod cache owner Friday is 12 retries"),
 * so a few thousand of them share words unevenly: enough structure for the vector index's lists.
 *
 *   const next = createRandom(5); randomStatement(next);
 */
export function randomStatement(r: () => number): string {
  const pick = (xs: string[]) => xs[Math.floor(r() * xs.length)]!;
  return `The ${pick(PLACES)} ${pick(PARTS)} ${pick(PARTS)} ${pick(PLACES)} is ${Math.floor(r() * 50)} ${pick(PARTS)}`;
}
