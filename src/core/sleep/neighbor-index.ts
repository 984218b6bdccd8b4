/**
 * Candidate pairs without comparing all pairs: an in-memory BM25-style inverted index over a
 * namespace's beliefs. Each item is scored only against items that share one of its rarer
 * words, so a query costs the length of a few posting lists, not the size of the store.
 */
import { contentTokens } from "../text.js";

export interface IndexedItem {
  id: string;
  text: string;
  /** The text's distinct content tokens, when the caller already has them (`indexTokens`). */
  tokens?: readonly string[];
}

/** The distinct content tokens the index keeps for a text. */
export function indexTokens(text: string): string[] {
  return [...new Set(contentTokens(text))];
}

export interface Neighbor {
  index: number;
  score: number;
  shared: number;
}

export class NeighborIndex {
  readonly items: readonly IndexedItem[];
  private readonly docs: (readonly string[])[] = [];
  private readonly postings = new Map<string, number[]>();
  private readonly idf = new Map<string, number>();
  private readonly scores: Float64Array;
  private readonly shared: Uint16Array;
  private readonly maxDf: number;

  constructor(items: readonly IndexedItem[]) {
    this.items = items;
    items.forEach((item, i) => {
      const tokens = item.tokens ?? indexTokens(item.text);
      this.docs.push(tokens);
      for (const t of tokens) {
        let list = this.postings.get(t);
        if (!list) {
          list = [];
          this.postings.set(t, list);
        }
        list.push(i);
      }
    });
    const n = items.length;
    for (const [t, list] of this.postings)
      this.idf.set(t, Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5)));
    // Words in more than a few percent of items say nothing about which pairs matter.
    this.maxDf = Math.max(64, Math.ceil(n * 0.05));
    this.scores = new Float64Array(n);
    this.shared = new Uint16Array(n);
  }

  /** The k best-scoring other items sharing at least `minShared` words with item `i`. */
  neighbors(i: number, k: number, minShared = 1): Neighbor[] {
    const touched: number[] = [];
    for (const t of this.docs[i]!) {
      const list = this.postings.get(t)!;
      if (list.length > this.maxDf) continue;
      const w = this.idf.get(t)!;
      for (const j of list) {
        if (j === i) continue;
        if (this.shared[j] === 0) touched.push(j);
        this.scores[j] = this.scores[j]! + w;
        this.shared[j] = this.shared[j]! + 1;
      }
    }
    // Top-k selection instead of sorting every touched item: with common words an item touches
    // thousands of others, and a full sort per item made the sweep quadratic in practice. The
    // order (score desc, then index asc) is a total order, so the result is the sort's first k.
    const out: Neighbor[] = [];
    for (const j of touched) {
      const score = this.scores[j]!;
      const shared = this.shared[j]!;
      this.scores[j] = 0;
      this.shared[j] = 0;
      if (shared < minShared || k <= 0) continue;
      if (out.length === k) {
        const last = out[k - 1]!;
        if (score < last.score || (score === last.score && j > last.index)) continue;
        out.pop();
      }
      let at = out.length;
      while (at > 0) {
        const prev = out[at - 1]!;
        if (prev.score > score || (prev.score === score && prev.index < j)) break;
        at--;
      }
      out.splice(at, 0, { index: j, score, shared });
    }
    return out;
  }
}
