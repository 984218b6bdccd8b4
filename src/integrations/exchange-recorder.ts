/**
 * How every integration records an exchange: the user's turn and the assistant's answer as two
 * episodes in one gated batch, written in the background so the agent's answer (or stream) is
 * never held back, a memory failure heard by `onError` and never thrown. `settled()` waits for
 * the writes started so far (tests, a graceful shutdown).
 *
 *   const recorder = exchangeRecorder(memory, { session: "s42", onError: console.warn });
 *   recorder.record("What is the retry limit?", "It is 5.");
 *   await recorder.settled();
 */
import type { Memory } from "../core/engine.js";
import { MAX_CONTENT_CHARS } from "../core/model.js";

export interface ExchangeRecorderOptions {
  /** The namespace written. Default: the memory's namespace. */
  namespace?: string;
  /** The session the recorded episodes belong to. Default none. */
  session?: string;
  /** Record at all. Default true. */
  record?: boolean;
  /** Hears a failed recording. Default: ignored. */
  onError?: (error: unknown) => void;
}

export interface ExchangeRecorder {
  /** Starts recording one exchange; empty turns are left out, long ones cut to the content limit. */
  record(user: string, assistant: string): void;
  /** Resolves when every recording started so far has finished (failures go to `onError`). */
  settled(): Promise<void>;
}

export function exchangeRecorder(memory: Memory, options: ExchangeRecorderOptions = {}): ExchangeRecorder {
  const onError = options.onError ?? (() => undefined);
  const pending = new Set<Promise<void>>();
  return {
    record(user, assistant) {
      if (options.record === false) return;
      const items = [
        { content: user, actor: "user" },
        { content: assistant, actor: "assistant" },
      ]
        .filter((i) => i.content.trim() !== "")
        .map((i) => ({
          ...i,
          content: i.content.slice(0, MAX_CONTENT_CHARS),
          ...(options.namespace ? { namespace: options.namespace } : {}),
          ...(options.session ? { session: options.session } : {}),
        }));
      if (items.length === 0) return;
      const write = memory.recordMany(items).then(
        () => undefined,
        (error: unknown) => onError(error),
      );
      pending.add(write);
      void write.finally(() => pending.delete(write));
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
