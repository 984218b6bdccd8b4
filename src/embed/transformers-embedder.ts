/**
 * A local model embedder over transformers.js (`@huggingface/transformers`), for a model folder
 * the user supplies (config.json, tokenizer files, onnx/model*.onnx — e.g. an export of
 * sentence-transformers/all-MiniLM-L6-v2). It never downloads: remote models are switched off
 * and only local files are read. The package is an optional peer, loaded by dynamic import
 * only when this embedder is created; install it yourself:
 *
 *   ONNXRUNTIME_NODE_INSTALL=skip npm install @huggingface/transformers
 *
 *   const embedder = await createTransformersEmbedder({ modelPath: "./models/all-MiniLM-L6-v2" });
 *   const mem = await openMemory({ path: "agent.db", embedder });
 */
import { existsSync, statSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { StrataError } from "../core/errors.js";
import type { Embedder } from "../core/ports.js";
import { normalize } from "./http-embedder.js";

export interface TransformersEmbedderOptions {
  /** The model folder (holding config.json). Required. */
  modelPath: string;
  /** `mean` (sentence-transformers models) or `cls`. Default `mean`. */
  pooling?: "mean" | "cls";
  /** Weights precision, picks `onnx/model{_fp16,_quantized…}.onnx`. Default `fp32`. */
  dtype?: "fp32" | "fp16" | "q8" | "int8" | "uint8" | "q4";
  /** Texts per forward pass. Default 32. */
  batchSize?: number;
  /** The package to import; tests point it elsewhere. Default `@huggingface/transformers`. */
  packageName?: string;
}

interface Tensor {
  dims: number[];
  data: ArrayLike<number>;
}
type Extractor = (texts: string[], options: { pooling: string; normalize: boolean }) => Promise<Tensor>;
interface TransformersModule {
  env: { allowRemoteModels: boolean; allowLocalModels: boolean; localModelPath: string };
  pipeline(
    task: "feature-extraction",
    model: string,
    options: { local_files_only: boolean; dtype?: string },
  ): Promise<Extractor>;
}

/**
 * Loads the model (seconds) and embeds a probe to learn its dimension. The id is
 * `transformers:{folder name}/{dimension}`.
 */
export async function createTransformersEmbedder(options: TransformersEmbedderOptions): Promise<Embedder> {
  const folder = resolve(options.modelPath ?? "");
  if (!options.modelPath || !existsSync(folder) || !statSync(folder).isDirectory())
    throw new StrataError(
      "EMBEDDER_FAILED",
      `The model folder ${folder} does not exist. Supply a local transformers.js model folder (config.json, tokenizer.json and onnx/model.onnx, e.g. an ONNX export of sentence-transformers/all-MiniLM-L6-v2); Strata never downloads models.`,
      { modelPath: folder },
    );
  if (!existsSync(resolve(folder, "config.json")))
    throw new StrataError(
      "EMBEDDER_FAILED",
      `The model folder ${folder} has no config.json: point modelPath at the folder holding config.json, tokenizer.json and onnx/.`,
      { modelPath: folder },
    );
  const packageName = options.packageName ?? "@huggingface/transformers";
  let lib: TransformersModule;
  try {
    lib = (await import(packageName)) as TransformersModule;
  } catch (error) {
    throw new StrataError(
      "EMBEDDER_FAILED",
      `The local model embedder needs the optional package ${packageName}, which is not installed (${(error as Error).message.split("\n")[0]}). Install it next to strata-memory: ONNXRUNTIME_NODE_INSTALL=skip npm install @huggingface/transformers`,
      { package: packageName },
    );
  }
  // Never reach the network: only the folder the user gave.
  lib.env.allowRemoteModels = false;
  lib.env.allowLocalModels = true;
  lib.env.localModelPath = `${dirname(folder)}/`;
  let extract: Extractor;
  try {
    extract = await lib.pipeline("feature-extraction", basename(folder), {
      local_files_only: true,
      ...(options.dtype ? { dtype: options.dtype } : {}),
    });
  } catch (error) {
    throw new StrataError(
      "EMBEDDER_FAILED",
      `Cannot load the model in ${folder}: ${(error as Error).message}. Check the folder holds tokenizer.json and onnx/model.onnx (or the file for the dtype asked).`,
      { modelPath: folder },
    );
  }
  const pooling = options.pooling ?? "mean";
  const batchSize = Math.max(1, options.batchSize ?? 32);
  const run = async (texts: readonly string[]): Promise<Float32Array[]> => {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += batchSize) {
      const t = await extract(texts.slice(i, i + batchSize), { pooling, normalize: true });
      const [n, d] = [t.dims[0]!, t.dims.at(-1)!];
      for (let j = 0; j < n; j++) out.push(normalize(Array.prototype.slice.call(t.data, j * d, (j + 1) * d)));
    }
    return out;
  };
  const dimension = (await run(["dimension probe"]))[0]!.length;
  return Object.freeze({
    id: `transformers:${basename(folder)}/${dimension}`,
    dimension,
    embed: run,
  });
}
