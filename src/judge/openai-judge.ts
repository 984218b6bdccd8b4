/**
 * A model judge over the OpenAI-compatible chat-completions protocol: `POST {baseUrl}/chat/completions`
 * with `{ model, messages, temperature: 0, response_format: { type: "json_object" } }`, answered
 * with `{ choices: [{ message: { content } }] }`. Works with OpenAI, Ollama
 * (`http://localhost:11434/v1`), vLLM, LM Studio and llama.cpp's server.
 *
 *   const judge = createOpenAiJudge({ baseUrl: "http://localhost:11434/v1", model: "qwen2.5:7b" });
 *   const mem = await openMemory({ path: "agent.db", sleepJudge: judge });
 *
 * Options only: the environment (STRATA_JUDGE_*) is read by the entry points (the CLI), never here.
 */
import { createModelJudge, type ModelJudge, type ModelJudgeOptions, type Protocol } from "./model-judge.js";

export interface OpenAiJudgeOptions extends ModelJudgeOptions {
  /**
   * How the answer is constrained: `json_object` (default; OpenAI, Ollama, vLLM, llama.cpp),
   * `json_schema` (the answer's JSON Schema, strict; LM Studio needs this one) or `none`.
   */
  responseFormat?: "json_object" | "json_schema" | "none";
}

/** The answer's JSON Schema, for servers that enforce one (`responseFormat: "json_schema"`). */
const ANSWER_JSON_SCHEMA = {
  name: "verdicts",
  strict: true,
  schema: {
    type: "object",
    additionalProperties: false,
    required: ["verdicts"],
    properties: {
      verdicts: {
        type: "array",
        items: {
          type: "object",
          additionalProperties: false,
          required: ["pair", "relation"],
          properties: {
            pair: { type: "integer" },
            relation: {
              type: "string",
              enum: ["duplicate", "supersedes", "contradicts", "refines", "distinct"],
            },
          },
        },
      },
    },
  },
};

interface ChatCompletion {
  choices?: { message?: { content?: unknown; refusal?: unknown }; finish_reason?: unknown }[];
}

export function openAiProtocol(
  responseFormat: OpenAiJudgeOptions["responseFormat"] = "json_object",
): Protocol {
  return {
    name: "openai",
    defaultBaseUrl: "https://api.openai.com/v1",
    path: "/chat/completions",
    headers: (apiKey): Record<string, string> => (apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
    body: (model, system, user, maxTokens) => ({
      model,
      temperature: 0,
      max_tokens: maxTokens,
      messages: [
        { role: "system", content: system },
        { role: "user", content: user },
      ],
      ...(responseFormat === "json_object"
        ? { response_format: { type: "json_object" } }
        : responseFormat === "json_schema"
          ? { response_format: { type: "json_schema", json_schema: ANSWER_JSON_SCHEMA } }
          : {}),
    }),
    read(json) {
      const choice = (json as ChatCompletion | null)?.choices?.[0];
      if (!choice) return { problem: "malformed response: no choices[0]", retry: false };
      const refusal = choice.message?.refusal;
      if (typeof refusal === "string" && refusal)
        return { problem: `refused: ${refusal.slice(0, 120)}`, retry: false };
      if (choice.finish_reason === "content_filter")
        return { problem: "refused: content filter", retry: false };
      const content = choice.message?.content;
      if (typeof content !== "string" || !content.trim())
        return { problem: "malformed response: empty message content", retry: false };
      return { text: content };
    },
  };
}

/** The chat-completions judge; see `ModelJudgeOptions` for batching, budget, timeout and fallback. */
export function createOpenAiJudge(options: OpenAiJudgeOptions): ModelJudge {
  return createModelJudge(openAiProtocol(options.responseFormat), options);
}
