/**
 * An AI SDK language-model middleware that gives every call Strata's context and records the
 * exchange: before the call, `context(goal)` (the goal is the last user message) goes in as a
 * system message after the app's own; after a call that succeeded, the user's message and the
 * model's text are recorded as episodes. Recording never holds the response back: a generated
 * result is returned and a stream flows while the write runs, and `settled()` awaits the writes
 * (tests, shutdown). Memory is skipped, never fatal: if Strata fails, the call goes on without
 * context and `onError` hears why; a call that failed (or a stream that errored) is not recorded.
 *
 *   const model = wrapLanguageModel({ model: yourModel, middleware: strataMiddleware(memory) });
 *   await streamText({ model, prompt: "Deploy the API" });
 */
import type { LanguageModelMiddleware } from "ai";
import type { Memory } from "../../core/engine.js";
import { exchangeRecorder } from "../exchange-recorder.js";

type CallOptions = Parameters<NonNullable<LanguageModelMiddleware["transformParams"]>>[0]["params"];
type PromptMessage = CallOptions["prompt"][number];
type StreamResult = Awaited<ReturnType<NonNullable<LanguageModelMiddleware["wrapStream"]>>>;
type StreamPart = StreamResult["stream"] extends ReadableStream<infer P> ? P : never;

export interface StrataMiddlewareOptions {
  /** Largest context block, in tokens. Default 600. */
  tokenBudget?: number;
  /** The namespace read and written. Default: the memory's namespace. */
  namespace?: string;
  /** The session the recorded episodes belong to. Default none. */
  session?: string;
  /** Record each exchange after the call. Default true. */
  record?: boolean;
  /** Hears a memory failure (context or record) that was skipped. Default: ignored. */
  onError?: (error: unknown) => void;
}

export type StrataMiddleware = LanguageModelMiddleware & {
  /** Resolves when every recording started so far has finished (failures go to `onError`). */
  settled(): Promise<void>;
};

/** The middleware for `wrapLanguageModel`, for the installed AI SDK's middleware spec (v3). */
export function strataMiddleware(memory: Memory, options: StrataMiddlewareOptions = {}): StrataMiddleware {
  const onError = options.onError ?? (() => undefined);
  const recorder = exchangeRecorder(memory, options);
  const recordExchange = (params: CallOptions, answer: string) =>
    recorder.record(lastUserText(params.prompt), answer);

  return {
    specificationVersion: "v3",
    async transformParams({ params }) {
      const goal = lastUserText(params.prompt);
      try {
        const block = await memory.context(goal, {
          ...(options.tokenBudget ? { tokenBudget: options.tokenBudget } : {}),
          ...(options.namespace ? { namespace: options.namespace } : {}),
        });
        if (block.items.length === 0) return params;
        const at = params.prompt.findIndex((m) => m.role !== "system");
        const system: PromptMessage = { role: "system", content: block.text };
        const prompt = [...params.prompt];
        prompt.splice(at < 0 ? prompt.length : at, 0, system);
        return { ...params, prompt };
      } catch (error) {
        onError(error);
        return params;
      }
    },
    async wrapGenerate({ doGenerate, params }) {
      const result = await doGenerate();
      if (result.finishReason.unified !== "error")
        recordExchange(params, result.content.flatMap((c) => (c.type === "text" ? [c.text] : [])).join(""));
      return result;
    },
    async wrapStream({ doStream, params }) {
      const { stream, ...rest } = await doStream();
      let answer = "";
      let failed = false;
      const watch = new TransformStream<StreamPart, StreamPart>({
        transform(part, controller) {
          if (part.type === "text-delta") answer += part.delta;
          else if (part.type === "error") failed = true;
          else if (part.type === "finish" && part.finishReason.unified === "error") failed = true;
          controller.enqueue(part);
        },
        flush() {
          if (!failed) recordExchange(params, answer);
        },
      });
      return { stream: stream.pipeThrough(watch), ...rest };
    },
    settled: recorder.settled,
  };
}

/** The text of the last user message (its text parts). */
function lastUserText(prompt: CallOptions["prompt"]): string {
  for (let i = prompt.length - 1; i >= 0; i--) {
    const m = prompt[i]!;
    if (m.role === "user")
      return m.content
        .flatMap((p) => (p.type === "text" ? [p.text] : []))
        .join("\n")
        .trim();
  }
  return "";
}
