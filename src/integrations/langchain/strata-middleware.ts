/**
 * A LangChain `createAgent` middleware: before each model call, Strata's context block for the
 * conversation's latest user message is appended to the system message; after the agent
 * finishes, that message and the agent's final answer are recorded as episodes, without holding
 * the agent's result back (`settled()` awaits the writes). Memory is skipped, never fatal:
 * `onError` hears a failure.
 *
 *   const memoryMiddleware = strataMiddleware(memory);
 *   const agent = createAgent({ model, tools: strataTools(memory), middleware: [memoryMiddleware] });
 */
import type { BaseMessage } from "@langchain/core/messages";
import { createMiddleware } from "langchain";
import type { Memory } from "../../core/engine.js";
import { exchangeRecorder } from "../exchange-recorder.js";

export interface StrataMiddlewareOptions {
  /** Largest context block, in tokens. Default 600. */
  tokenBudget?: number;
  /** The namespace read and written. Default: the memory's namespace. */
  namespace?: string;
  /** The session the recorded episodes belong to. Default none. */
  session?: string;
  /** Record each exchange when the agent finishes. Default true. */
  record?: boolean;
  /** Hears a memory failure (context or record) that was skipped. Default: ignored. */
  onError?: (error: unknown) => void;
}

export function strataMiddleware(memory: Memory, options: StrataMiddlewareOptions = {}) {
  const onError = options.onError ?? (() => undefined);
  const ns = options.namespace ? { namespace: options.namespace } : {};
  const recorder = exchangeRecorder(memory, options);
  const middleware = createMiddleware({
    name: "StrataMemory",
    wrapModelCall: async (request, handler) => {
      const goal = lastText(request.messages, "human");
      let block: string | null = null;
      try {
        const context = await memory.context(goal, {
          ...ns,
          ...(options.tokenBudget ? { tokenBudget: options.tokenBudget } : {}),
        });
        if (context.items.length > 0) block = context.text;
      } catch (error) {
        onError(error);
      }
      if (block === null) return handler(request);
      const system = request.systemMessage.text ? `\n\n${block}` : block;
      return handler({ ...request, systemMessage: request.systemMessage.concat(system) });
    },
    afterAgent: async (state) => {
      recorder.record(lastText(state.messages, "human"), lastText(state.messages, "ai"));
    },
  });
  return Object.assign(middleware, {
    /** Resolves when every recording started so far has finished. */
    settled: recorder.settled,
  });
}

/** The text of the last message of a type (`human`, `ai`) that has text. */
function lastText(messages: readonly BaseMessage[], type: "human" | "ai"): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.getType() === type && m.text.trim() !== "") return m.text.trim();
  }
  return "";
}
