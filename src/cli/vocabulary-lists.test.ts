/**
 * The CLI's choices for `keys create --scope` and `--embedder` come from src/core/vocabulary.ts
 * (loaded without zod); the lists they must equal live with the schemas: the operations'
 * `ACCESS_LEVELS` and the settings file's `embedder`. A value added to one and not the other would
 * be offered and refused, or taken and not offered.
 */
import { describe, expect, it } from "vitest";
import { ACCESS_LEVELS } from "../core/operations/operation.js";
import { EMBEDDER_NAMES, KEY_SCOPES } from "../core/vocabulary.js";
import { ConfigSchema } from "./config.js";

describe("the CLI's word lists equal the schemas'", () => {
  it("keys create --scope offers the operations' access levels", () => {
    expect([...KEY_SCOPES]).toEqual([...ACCESS_LEVELS]);
  });

  it("--embedder offers the settings file's embedders", () => {
    expect([...EMBEDDER_NAMES]).toEqual(ConfigSchema.shape.embedder.unwrap().options);
  });
});
