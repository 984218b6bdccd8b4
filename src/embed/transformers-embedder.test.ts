import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTransformersEmbedder } from "./transformers-embedder.js";

const dir = mkdtempSync(join(tmpdir(), "strata-tfm-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("transformers embedder (never downloads)", () => {
  it("a missing model folder is a clear EMBEDDER_FAILED naming the folder and what to supply", async () => {
    const missing = join(dir, "no-such-model");
    const error = (await createTransformersEmbedder({ modelPath: missing }).catch(
      (e: unknown) => e,
    )) as Error;
    expect(error).toMatchObject({ code: "EMBEDDER_FAILED" });
    expect(error.message).toContain(missing);
    expect(error.message).toMatch(/config\.json.*onnx\/model\.onnx/);
    expect(error.message).toContain("never downloads");
  });

  it("a folder without config.json says where to point", async () => {
    const empty = join(dir, "empty");
    mkdirSync(empty);
    await expect(createTransformersEmbedder({ modelPath: empty })).rejects.toThrow(/has no config\.json/);
  });

  it("a missing package says what to install, with ONNXRUNTIME_NODE_INSTALL=skip", async () => {
    const model = join(dir, "model");
    mkdirSync(model);
    writeFileSync(join(model, "config.json"), "{}");
    const error = (await createTransformersEmbedder({
      modelPath: model,
      packageName: "@strata-test/not-installed-transformers",
    }).catch((e: unknown) => e)) as Error;
    expect(error).toMatchObject({ code: "EMBEDDER_FAILED" });
    expect(error.message).toContain("ONNXRUNTIME_NODE_INSTALL=skip npm install @huggingface/transformers");
  });
});
