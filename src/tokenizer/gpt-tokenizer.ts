/**
 * A real BPE tokenizer (o200k_base, the GPT-4o family's encoding) from gpt-tokenizer, whose
 * ranks ship inside the package: nothing is downloaded.
 */
import { countTokens } from "gpt-tokenizer";
import type { Tokenizer } from "../core/ports.js";

// Stored text may contain strings such as "<|endoftext|>": count them as plain text, never throw.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

export function createGptTokenizer(): Tokenizer {
  return { id: "o200k_base", count: (text) => countTokens(text, PLAIN_TEXT) };
}
