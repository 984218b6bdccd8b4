/**
 * A real BPE tokenizer (o200k_base, the GPT-4o family's encoding) from gpt-tokenizer, whose
 * ranks ship inside the package: nothing is downloaded. The ranks are large, so the package is
 * loaded on first use (`ready()`), not when Strata starts: `strata recall` never pays for it.
 */
import type { Tokenizer } from "../core/ports.js";

// Stored text may contain strings such as "<|endoftext|>": count them as plain text, never throw.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

type CountTokens = (text: string, options: typeof PLAIN_TEXT) => number;

export function createGptTokenizer(): Tokenizer {
  let countTokens: CountTokens | null = null;
  let loading: Promise<void> | null = null;
  return {
    id: "o200k_base",
    // o200k_base's pre-tokenizer ends every piece at a line break unless the next line opens with
    // "/" (` ?[^\s\p{L}\p{N}]+[\r\n/]*` takes it), and a BPE counts each piece on its own.
    countsLinesApart: true,
    ready() {
      loading ??= import("gpt-tokenizer").then((m) => {
        countTokens = m.countTokens as CountTokens;
      });
      return loading;
    },
    count(text) {
      if (!countTokens) throw new Error("createGptTokenizer: await tokenizer.ready() before count()");
      return countTokens(text, PLAIN_TEXT);
    },
  };
}
