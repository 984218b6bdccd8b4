/**
 * An OpenAI-compatible HTTP embedder: `POST {baseUrl}/embeddings` with `{ model, input: [...] }`,
 * answered with `{ data: [{ index, embedding }] }`. Works with OpenAI, Ollama
 * (`http://localhost:11434/v1`), vLLM, LM Studio and llama.cpp's server. Batches the texts,
 * retries 429 and 5xx with exponential backoff (honouring `Retry-After`), times every request
 * out, and normalises each vector to unit length (the stores compare by cosine = dot product).
 *
 *   const embedder = createHttpEmbedder({ baseUrl: "http://localhost:11434/v1", model: "nomic-embed-text" });
 *   const [v] = await embedder.embed(["retry limit"]);
 *
 * Options only: the environment (STRATA_EMBED_URL, STRATA_EMBED_MODEL, STRATA_EMBED_KEY) is read
 * by the entry points (the CLI), never here.
 */
import { StrataError } from "../core/errors.js";
import type { Embedder } from "../core/ports.js";

export interface HttpEmbedderOptions {
  /** The API root, e.g. `https://api.openai.com/v1` or `http://localhost:11434/v1`. Required. */
  baseUrl: string;
  /** The model name the server knows, e.g. `text-embedding-3-small`. Required. */
  model: string;
  /** Sent as `Authorization: Bearer …` when set. Default none (local servers). */
  apiKey?: string;
  /**
   * Vector length. Default: learnt from the first answer (call `init()` to learn it before the
   * id is needed); set it to fail fast when the server answers another size.
   */
  dimension?: number;
  /** Texts per request. Default 64. */
  batchSize?: number;
  /** Per-request timeout. Default 30 000 ms. */
  timeoutMs?: number;
  /** Retries after a 429, a 5xx or a network error. Default 4. */
  maxRetries?: number;
  /** First backoff; doubles each retry. A `Retry-After` header wins. Default 500 ms. */
  retryBaseMs?: number;
  /** Injected for tests; default the global `fetch`. */
  fetch?: typeof fetch;
  /** Injected for tests; default `setTimeout`-based sleep. */
  sleep?: (ms: number) => Promise<void>;
}

export interface HttpEmbedder extends Embedder {
  /** Asks the server once (embeds a probe text) so `dimension` and `id` are known. */
  init(): Promise<HttpEmbedder>;
}

interface EmbeddingsResponse {
  data?: { index?: number; embedding?: unknown }[];
}

const RETRYABLE = (status: number) => status === 429 || status === 408 || status >= 500;

function fail(message: string, details: Record<string, unknown>): StrataError {
  return new StrataError("EMBEDDER_FAILED", message, details);
}

/** Unit length; a zero vector stays zero. */
export function normalize(values: ArrayLike<number>): Float32Array {
  const v = Float32Array.from(values as ArrayLike<number>);
  let norm = 0;
  for (let i = 0; i < v.length; i++) norm += v[i]! * v[i]!;
  if (norm > 0) {
    const inv = 1 / Math.sqrt(norm);
    for (let i = 0; i < v.length; i++) v[i] = v[i]! * inv;
  }
  return v;
}

/**
 * Creates the embedder. Its `id` is `http:{model}/{dimension}`: the model, not the URL, decides
 * whether two stores' vectors are comparable (the same model behind another host is the same).
 */
export function createHttpEmbedder(options: HttpEmbedderOptions): HttpEmbedder {
  if (!options.baseUrl || !/^https?:\/\//.test(options.baseUrl))
    throw new StrataError(
      "INVALID_INPUT",
      `The HTTP embedder needs a base URL such as http://localhost:11434/v1 (got "${options.baseUrl ?? ""}"): set baseUrl, or STRATA_EMBED_URL for the CLI.`,
      { field: "baseUrl" },
    );
  if (!options.model)
    throw new StrataError(
      "INVALID_INPUT",
      "The HTTP embedder needs a model name (e.g. nomic-embed-text, text-embedding-3-small): set model, or STRATA_EMBED_MODEL for the CLI.",
      { field: "model" },
    );
  const o = Object.freeze({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    model: options.model,
    apiKey: options.apiKey,
    batchSize: Math.max(1, options.batchSize ?? 64),
    timeoutMs: options.timeoutMs ?? 30_000,
    maxRetries: Math.max(0, options.maxRetries ?? 4),
    retryBaseMs: options.retryBaseMs ?? 500,
    fetch: options.fetch ?? globalThis.fetch,
    sleep: options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms))),
  });
  const url = `${o.baseUrl}/embeddings`;
  let dimension = options.dimension ?? 0;

  async function request(input: readonly string[]): Promise<Float32Array[]> {
    let lastProblem = "";
    for (let attempt = 0; attempt <= o.maxRetries; attempt++) {
      let response: Response;
      try {
        response = await o.fetch(url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...(o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {}),
          },
          body: JSON.stringify({ model: o.model, input }),
          signal: AbortSignal.timeout(o.timeoutMs),
        });
      } catch (error) {
        const e = error as Error;
        lastProblem =
          e.name === "TimeoutError" || e.name === "AbortError"
            ? `no answer within ${o.timeoutMs} ms`
            : `${e.message}${(e as { cause?: { code?: string } }).cause?.code ? ` (${(e as { cause?: { code?: string } }).cause!.code})` : ""}`;
        if (attempt < o.maxRetries) await o.sleep(o.retryBaseMs * 2 ** attempt);
        continue;
      }
      if (response.ok) return parse(await response.json().catch(() => null), input.length);
      const body = (await response.text().catch(() => "")).slice(0, 300);
      lastProblem = `HTTP ${response.status}${body ? `: ${body}` : ""}`;
      if (!RETRYABLE(response.status))
        throw fail(
          `The embedding server at ${url} refused the request (${lastProblem}). ${response.status === 401 || response.status === 403 ? "Check the API key (apiKey or STRATA_EMBED_KEY)." : response.status === 404 ? "Check the base URL (it usually ends in /v1) and the model name." : "Check the model name and the server's logs."}`,
          { url, status: response.status, model: o.model },
        );
      if (attempt < o.maxRetries) {
        const after = Number(response.headers.get("retry-after"));
        await o.sleep(Number.isFinite(after) && after > 0 ? after * 1000 : o.retryBaseMs * 2 ** attempt);
      }
    }
    throw fail(
      `The embedding server at ${url} did not answer after ${o.maxRetries + 1} attempts (${lastProblem}). Check it is running and reachable (baseUrl or STRATA_EMBED_URL).`,
      { url, model: o.model, attempts: o.maxRetries + 1 },
    );
  }

  function parse(body: unknown, expected: number): Float32Array[] {
    const data = (body as EmbeddingsResponse | null)?.data;
    if (!Array.isArray(data) || data.length !== expected)
      throw fail(
        `The embedding server at ${url} answered without ${expected} embeddings (expected the OpenAI shape { data: [{ index, embedding }] }). Check that the base URL points at an OpenAI-compatible API.`,
        { url, model: o.model },
      );
    const out: Float32Array[] = new Array(expected);
    data.forEach((d, i) => {
      const embedding = d.embedding;
      if (!Array.isArray(embedding) || embedding.length === 0 || embedding.some((x) => typeof x !== "number"))
        throw fail(`The embedding server at ${url} answered an embedding that is not a list of numbers.`, {
          url,
          model: o.model,
        });
      const v = normalize(embedding as number[]);
      if (dimension === 0) dimension = v.length;
      if (v.length !== dimension)
        throw fail(
          `The embedding server at ${url} answered ${v.length} dimensions for ${o.model}; ${dimension} were expected. Check the model name, or set dimension to the model's size.`,
          { url, model: o.model, expected: dimension, got: v.length },
        );
      out[typeof d.index === "number" ? d.index : i] = v;
    });
    return out;
  }

  const embedder: HttpEmbedder = {
    get id() {
      return `http:${o.model}/${dimension || "unknown"}`;
    },
    get dimension() {
      return dimension;
    },
    async embed(texts) {
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += o.batchSize)
        out.push(...(await request(texts.slice(i, i + o.batchSize))));
      return out;
    },
    async init() {
      if (dimension === 0) await request(["dimension probe"]);
      return embedder;
    },
  };
  return embedder;
}
