/**
 * What the engine's processes run with: the ports, the policy, the write kernel and the clock of
 * one engine. The engine hands it to the process functions (reads, lifecycle, maintain …) that
 * hold its verbs' bodies, so those modules never import the engine and the engine stays its
 * typed public API.
 */
import type { Policy } from "./policy.js";
import type { Embedder, Judge, Lexicon, Store, Tokenizer } from "./ports.js";
import type { Writes } from "./writes.js";

export interface EngineContext {
  readonly store: Store;
  readonly embedder: Embedder;
  readonly tokenizer: Tokenizer;
  readonly policy: Policy;
  /** The write kernel (gate, audit, outcomes) shared with the sleep processes. */
  readonly writes: Writes;
  /** The lexical judge, for recall's lexical checks and health, whatever judge is configured. */
  readonly lexical: Judge;
  /** Word relations for the slot a current-state question asks (recall); none: the question's own words only. */
  readonly lexicon?: Lexicon | undefined;
  /** The engine's namespace, for calls that name none. */
  readonly namespace: string;
  /** Now, from the injected clock, as an ISO 8601 string. */
  now(): string;
}
