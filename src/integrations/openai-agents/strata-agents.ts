/**
 * Strata for the OpenAI Agents SDK: tools from the operations registry (strict function calling:
 * `null` for an omitted field is dropped before the registry's schema validates), an
 * `instructions` function that adds the context block for the run's input to the agent's own
 * instructions, and agent hooks that record each exchange when the agent finishes, without
 * holding the run back. Memory is skipped, never fatal: `onError` hears a failure.
 *
 *   const strata = strataAgents(memory);
 *   const agent = strata.attach(
 *     new Agent({ name: "ops", instructions: strata.instructions("You run deploys."), tools: strata.tools() }),
 *   );
 *   await run(agent, "Deploy the API");
 *   await strata.settled();
 */
import { type Agent, type FunctionTool, type RunContext, tool } from "@openai/agents";
import type { Memory } from "../../core/engine.js";
import { exchangeRecorder } from "../exchange-recorder.js";
import { type ToolSpecOptions, toolSpecs } from "../tool-specs.js";
import { strictJsonSchema } from "./strict-schema.js";

/** Any agent, whatever its context and output types: the hooks and instructions use neither. */
// biome-ignore lint/suspicious/noExplicitAny: the SDK's own variance needs any here
type AnyAgent = Agent<any, any>;

export interface StrataAgentsOptions {
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

export interface StrataAgents {
  /** Strata's operations as strict function tools (default recall, remember, record, outcome). */
  tools(options?: Omit<ToolSpecOptions, "namespace">): FunctionTool[];
  /** An `instructions` function: `base`, then the context block for the run's latest user input. */
  instructions<TContext = unknown>(
    base?: string,
  ): (runContext: RunContext<TContext>, agent: Agent<TContext, "text">) => Promise<string>;
  /** Adds the hooks that note the run's input and record the exchange when the agent ends; returns the agent. */
  attach<A extends object>(agent: A): A;
  /** Resolves when every recording started so far has finished. */
  settled(): Promise<void>;
}

export function strataAgents(memory: Memory, options: StrataAgentsOptions = {}): StrataAgents {
  const onError = options.onError ?? (() => undefined);
  const ns = options.namespace ? { namespace: options.namespace } : {};
  /** The latest user input of each run (its context object), noted when the agent starts. */
  const inputs = new WeakMap<object, string>();
  const recorder = exchangeRecorder(memory, options);

  return {
    tools: (o = {}) =>
      toolSpecs(memory, { ...o, ...ns }).map((spec) =>
        tool({
          name: spec.name,
          description: spec.description,
          parameters: strictJsonSchema(spec.input) as never,
          strict: true,
          execute: async (input: unknown) => JSON.stringify(await spec.run(input)),
        }),
      ),
    instructions:
      (base = "") =>
      async (runContext) => {
        const goal = inputs.get(runContext) ?? "";
        try {
          const block = await memory.context(goal, {
            ...ns,
            ...(options.tokenBudget ? { tokenBudget: options.tokenBudget } : {}),
          });
          return block.items.length === 0 ? base : [base, block.text].filter(Boolean).join("\n\n");
        } catch (error) {
          onError(error);
          return base;
        }
      },
    attach(target) {
      const agent = target as unknown as AnyAgent;
      agent.on("agent_start", (context, _agent, turnInput) => {
        const text = lastUserText(turnInput ?? []);
        if (text) inputs.set(context, text);
      });
      agent.on("agent_end", (context, output) => {
        recorder.record(
          inputs.get(context) ?? "",
          typeof output === "string" ? output : JSON.stringify(output),
        );
      });
      return target;
    },
    settled: recorder.settled,
  };
}

/** The text of the last user message among a turn's input items. */
function lastUserText(items: readonly unknown[]): string {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i] as { role?: string; content?: unknown };
    if (item?.role !== "user") continue;
    if (typeof item.content === "string") return item.content.trim();
    if (Array.isArray(item.content))
      return item.content
        .flatMap((p: { type?: string; text?: string }) =>
          p?.type === "input_text" && typeof p.text === "string" ? [p.text] : [],
        )
        .join("\n")
        .trim();
  }
  return "";
}
