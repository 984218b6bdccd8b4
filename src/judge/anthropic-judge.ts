/**
 * A model judge over the Anthropic Messages API: `POST {baseUrl}/messages` with
 * `{ model, system, messages, max_tokens, temperature: 0 }`, the key in `x-api-key` and
 * `anthropic-version: 2023-06-01`, answered with `{ content: [{ type: "text", text }], stop_reason }`.
 *
 *   const judge = createAnthropicJudge({ model: "claude-3-5-haiku-latest", apiKey });
 *   const mem = await openMemory({ path: "agent.db", sleepJudge: judge });
 *
 * Options only: the environment (STRATA_JUDGE_*) is read by the entry points (the CLI), never here.
 */
import { createModelJudge, type ModelJudge, type ModelJudgeOptions, type Protocol } from "./model-judge.js";

/** The Messages API version this judge speaks. */
export const ANTHROPIC_VERSION = "2023-06-01";

interface MessagesResponse {
  content?: { type?: unknown; text?: unknown }[];
  stop_reason?: unknown;
}

export const anthropicProtocol: Protocol = {
  name: "anthropic",
  defaultBaseUrl: "https://api.anthropic.com/v1",
  path: "/messages",
  headers: (apiKey) => ({
    "anthropic-version": ANTHROPIC_VERSION,
    ...(apiKey ? { "x-api-key": apiKey } : {}),
  }),
  body: (model, system, user, maxTokens) => ({
    model,
    system,
    max_tokens: maxTokens,
    temperature: 0,
    messages: [{ role: "user", content: user }],
  }),
  read(json) {
    const r = json as MessagesResponse | null;
    if (r?.stop_reason === "refusal") return { problem: "refused: stop_reason refusal", retry: false };
    if (!Array.isArray(r?.content)) return { problem: "malformed response: no content blocks", retry: false };
    const text = r.content
      .filter((b) => b.type === "text" && typeof b.text === "string")
      .map((b) => b.text as string)
      .join("");
    if (!text.trim()) return { problem: "malformed response: no text block", retry: false };
    return { text };
  },
};

/** The Messages API judge; see `ModelJudgeOptions` for batching, budget, timeout and fallback. */
export function createAnthropicJudge(options: ModelJudgeOptions): ModelJudge {
  return createModelJudge(anthropicProtocol, options);
}
