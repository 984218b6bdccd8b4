/**
 * A model judge from plain settings: what `openMemory({ judge: { provider, model, … } })` takes
 * and what the CLI builds from STRATA_JUDGE_PROVIDER, STRATA_JUDGE_URL, STRATA_JUDGE_MODEL and
 * STRATA_JUDGE_KEY (or STRATA_JUDGE_KEY_FILE). The entry point reads the environment and the
 * key file; this file only checks the values.
 */
import { StrataError } from "../core/errors.js";
import { createAnthropicJudge } from "./anthropic-judge.js";
import type { ModelJudge, ModelJudgeOptions } from "./model-judge.js";
import { createOpenAiJudge, type OpenAiJudgeOptions } from "./openai-judge.js";

export const JUDGE_PROVIDERS = ["openai", "anthropic"] as const;
export type JudgeProvider = (typeof JUDGE_PROVIDERS)[number];

export interface ModelJudgeConfig extends ModelJudgeOptions {
  /** `openai`: any OpenAI-compatible chat-completions server; `anthropic`: the Messages API. */
  provider: JudgeProvider;
  /** OpenAI protocol only: see `OpenAiJudgeOptions.responseFormat`. */
  responseFormat?: OpenAiJudgeOptions["responseFormat"];
}

/** Whether a `judge` option is settings for a model judge rather than a `Judge`. */
export const isModelJudgeConfig = (x: unknown): x is ModelJudgeConfig =>
  typeof x === "object" && x !== null && "provider" in x && !("compare" in x);

/**
 *   createJudgeFromConfig({ provider: "openai", baseUrl: "http://localhost:11434/v1", model: "qwen2.5:7b" })
 */
export function createJudgeFromConfig(config: ModelJudgeConfig): ModelJudge {
  if (!JUDGE_PROVIDERS.includes(config.provider))
    throw new StrataError(
      "INVALID_INPUT",
      `Unknown judge provider "${String(config.provider)}": use openai (any OpenAI-compatible server) or anthropic.`,
      { field: "provider" },
    );
  const { provider, ...options } = config;
  return provider === "anthropic" ? createAnthropicJudge(options) : createOpenAiJudge(options);
}

/** The raw values an entry point read (environment variables, flags). */
export interface JudgeSettings {
  provider?: string | undefined;
  url?: string | undefined;
  model?: string | undefined;
  key?: string | undefined;
  /** A file holding the key; read through `readKeyFile` when `key` is not set. */
  keyFile?: string | undefined;
}

/**
 * The model judge's config from the entry point's values, or null when none is asked for (the
 * lexical judge stays). Refuses half a configuration with what to set.
 *
 *   judgeConfigFrom({ url: env.STRATA_JUDGE_URL, model: env.STRATA_JUDGE_MODEL, … }, (p) => readFileSync(p, "utf8"))
 */
export function judgeConfigFrom(
  s: JudgeSettings,
  readKeyFile: (path: string) => string,
): ModelJudgeConfig | null {
  const value = (x: string | undefined) => x?.trim() || undefined;
  const provider = value(s.provider);
  const url = value(s.url);
  const model = value(s.model);
  if (!provider && !url && !model) return null;
  if (provider && !JUDGE_PROVIDERS.includes(provider as JudgeProvider))
    throw new StrataError(
      "INVALID_INPUT",
      `STRATA_JUDGE_PROVIDER must be openai or anthropic (got "${provider}").`,
      { field: "STRATA_JUDGE_PROVIDER" },
    );
  if (!model)
    throw new StrataError(
      "INVALID_INPUT",
      "A model judge needs STRATA_JUDGE_MODEL (e.g. gpt-4o-mini, qwen2.5:7b, claude-3-5-haiku-latest); unset STRATA_JUDGE_URL and STRATA_JUDGE_PROVIDER to keep the lexical judge.",
      { field: "STRATA_JUDGE_MODEL" },
    );
  let key = value(s.key);
  const keyFile = value(s.keyFile);
  if (!key && keyFile) {
    try {
      key = readKeyFile(keyFile).trim() || undefined;
    } catch (error) {
      // A key file that is not UTF-8: the reader's own refusal, naming the byte.
      if (error instanceof StrataError) throw error;
      const code = (error as { code?: string }).code ?? "unreadable";
      throw new StrataError(
        "INVALID_INPUT",
        `STRATA_JUDGE_KEY_FILE ${keyFile} cannot be read (${code}): point it at a file holding the API key.`,
        { field: "STRATA_JUDGE_KEY_FILE" },
      );
    }
  }
  return {
    provider: (provider ?? "openai") as JudgeProvider,
    model,
    ...(url ? { baseUrl: url } : {}),
    ...(key ? { apiKey: key } : {}),
  };
}
