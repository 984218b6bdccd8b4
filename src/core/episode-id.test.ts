/**
 * An episode id field (a belief's sources, a distillation's episodes, links touching an episode):
 * the engine's check and the JSON Schema it publishes (OpenAPI, MCP) refuse the same ids. Before
 * newcomer40 the schema was the shared id's `^[eb]…` with a refinement JSON Schema cannot carry, so
 * the OpenAPI document offered `b1` where the server refuses it.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { EpisodeIdSchema } from "./model.js";

const published = z.toJSONSchema(EpisodeIdSchema) as { pattern: string };

describe("EpisodeIdSchema", () => {
  it.each([
    // [id, the engine's refusal or null, ]
    ["e1", null],
    ["e1207", null],
    ["b1", "sources are episode ids (e…), not belief ids"],
    ["b12", "sources are episode ids (e…), not belief ids"],
    ["e01", "an episode id looks like e12, with no leading zeros"],
    ["b0", "an episode id looks like e12, with no leading zeros"],
    ["E1", "an episode id looks like e12, with no leading zeros"],
    ["", "an episode id looks like e12, with no leading zeros"],
  ] as const)("%j → %s, and the published pattern agrees", (id, refusal) => {
    const r = EpisodeIdSchema.safeParse(id);
    expect(r.success ? null : r.error.issues.map((i) => i.message).join("; ")).toBe(refusal);
    expect(new RegExp(published.pattern).test(id)).toBe(refusal === null);
  });
});
