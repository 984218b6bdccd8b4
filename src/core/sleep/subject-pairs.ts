/**
 * Pairs of beliefs about the same subject, newest first, without comparing all pairs.
 *
 * "Same subject" is read from the words, not from a similarity score: two statements are about
 * the same subject when they share two or more content words ("The user prefers espresso" /
 * "The user prefers window seats"), or one word that opens both ("checkout-svc is owned by
 * Ravi" / "checkout-svc moved to the payments team"). No similarity cut: a paraphrase with
 * few words in common ("lives in Oslo" / "is based in Oslo") is as much a pair as a near copy.
 *
 * A statement that names its subject only by a pronoun, or not at all ("it's fixed now", "switched
 * to chrome": `leansOnContext`), shares no word with the one it is about; it is paired with the
 * `contextWindow` beliefs just before it in world time, where a conversation puts what "it" means.
 *
 * Bounded, so `candidates` and sleep stay far from quadratic: each belief is paired with at most
 * `perBelief` older beliefs (most shared words first, then the nearest in time), and a word held
 * by more than `maxDf` beliefs ("user", "service") is followed only to its `maxDf` nearest holders
 * in time. The walk is lazy: a caller that needs twenty pairs stops after the newest beliefs.
 */
import { leansOnContext } from "../judge/discourse.js";
import type { Belief } from "../model.js";
import { indexTokens } from "./neighbor-index.js";

export interface SubjectPairOptions {
  /** Older beliefs paired with each belief, at most. Default 16. */
  perBelief?: number;
  /** Holders followed per word, nearest in time first. Default max(64, 5% of the beliefs). */
  maxDf?: number;
  /**
   * Whether a belief names what it is about only through what was said before it (a pronoun
   * subject, an unnamed change). Such a belief is also paired with the `contextWindow` beliefs just
   * before it in world time. Default: none is.
   */
  leansOnContext?: (belief: Belief) => boolean;
  /** Older beliefs, nearest in time, paired with one that leans on context. Default 3. */
  contextWindow?: number;
}

/**
 * The options `candidates` and the sweep use: a belief that leans on context (`leansOnContext`) is
 * also paired with the beliefs just before it. Reads parts of speech: `await loadTagger()` first.
 */
export const IN_CONTEXT: SubjectPairOptions = { leansOnContext: (b) => leansOnContext(b.text) };

/** Content words a statement opens with: where English puts its subject. */
const HEAD_WORDS = 3;

/** Newest first by world time, then by id (newer ids first). */
export function newestFirst(x: Belief, y: Belief): number {
  if (x.validFrom !== y.validFrom) return x.validFrom < y.validFrom ? 1 : -1;
  return Number(y.id.slice(1)) - Number(x.id.slice(1));
}

/**
 * Lazily yields `[newer, older]` pairs about the same subject, newer side newest first; within
 * one newer belief, the older beliefs sharing the most words come first. `tokensOf[i]`, when
 * given, are belief i's `indexTokens` (the sweep's cached active set has them).
 *
 *   for (const [newer, older] of subjectPairs(beliefs)) …
 */
export function* subjectPairs(
  beliefs: readonly Belief[],
  options: SubjectPairOptions = {},
  tokensOf?: readonly (readonly string[])[],
): Generator<[Belief, Belief]> {
  const n = beliefs.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => newestFirst(beliefs[x]!, beliefs[y]!));
  const perBelief = options.perBelief ?? 16;
  const maxDf = options.maxDf ?? Math.max(64, Math.ceil(n * 0.05));
  const contextWindow = options.contextWindow ?? 3;
  const tokens = order.map((k) => tokensOf?.[k] ?? indexTokens(beliefs[k]!.text));
  // Postings in newest-first order: a word's list holds its holders, newest first; `pos[i][t]` is
  // where belief i (by rank) sits in the list of its t-th word.
  const postings = new Map<string, number[]>();
  const pos = tokens.map((ts, i) =>
    Int32Array.from(ts, (t) => {
      let list = postings.get(t);
      if (!list) {
        list = [];
        postings.set(t, list);
      }
      list.push(i);
      return list.length - 1;
    }),
  );
  const shared = new Uint16Array(n);
  const touched: number[] = [];
  for (let i = 0; i < n; i++) {
    const ts = tokens[i]!;
    for (let w = 0; w < ts.length; w++) {
      const list = postings.get(ts[w]!)!;
      // Older holders only (later in the list): each pair is yielded once, from its newer side.
      const from = pos[i]![w]! + 1;
      const to = Math.min(list.length, from + maxDf);
      for (let p = from; p < to; p++) {
        const j = list[p]!;
        if (shared[j] === 0) touched.push(j);
        shared[j] = shared[j]! + 1;
      }
    }
    const found: { j: number; shared: number }[] = [];
    for (const j of touched) {
      const s = shared[j]!;
      shared[j] = 0;
      if (s >= 2 || sharesHead(ts, tokens[j]!)) found.push({ j, shared: s });
    }
    touched.length = 0;
    // What "it" points to: the beliefs just before this one (the next ranks are the next older).
    if (options.leansOnContext?.(beliefs[order[i]!]!))
      for (let j = i + 1; j < Math.min(n, i + 1 + contextWindow); j++)
        if (!found.some((f) => f.j === j)) found.push({ j, shared: 0 });
    // Most shared words first, then the nearest in time (the smaller rank is the newer).
    found.sort((x, y) => y.shared - x.shared || x.j - y.j);
    for (const { j } of found.slice(0, perBelief)) yield [beliefs[order[i]!]!, beliefs[order[j]!]!];
  }
}

/** Whether a word opening one statement also opens the other (the first `HEAD_WORDS` content words). */
function sharesHead(a: readonly string[], b: readonly string[]): boolean {
  const m = Math.min(HEAD_WORDS, b.length);
  for (let x = 0; x < Math.min(HEAD_WORDS, a.length); x++)
    for (let y = 0; y < m; y++) if (a[x] === b[y]) return true;
  return false;
}
