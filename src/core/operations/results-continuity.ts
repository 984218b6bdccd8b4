/**
 * Result shapes of the continuity and exchange operations (wraps, digests, associations,
 * import), mirroring src/core/continuity and src/core/exchange; see results.ts.
 */
import { z } from "zod";
import { DigestSchema } from "../continuity/records.js";
import { IMPORT_FORMATS } from "../exchange/import.js";
import { DUMP_SECTIONS } from "../ports.js";
import { AuditVerificationSchema } from "./results.js";

const wrapEpisodes = z
  .object({ total: z.number().int(), shown: z.number().int(), omitted: z.number().int() })
  .describe("Episodes frozen into the wrap, and how many the package shows.");

export const PreparedWrapSchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("ready"),
    token: z.string().describe("Pass it to saveContinuity or cancelWrap."),
    wrap: z.number().int().describe("Wrap number in the namespace."),
    package: z.string().describe("The package to compress into the digest."),
    episodes: wrapEpisodes,
    reopened: z.boolean().describe("True when an open wrap was handed back."),
  }),
  z.object({
    status: z.literal("empty"),
    token: z.null(),
    wrap: z.null(),
    package: z.null(),
    episodes: wrapEpisodes,
    reopened: z.boolean(),
  }),
]);

const citation = z.object({
  episodeId: z.string(),
  explanation: z.string(),
  valid: z.boolean(),
  problem: z.enum(["unknown", "not-in-wrap", "ungrounded", "self-citation", "over-cited"]).nullable(),
  detail: z.string(),
});

export const SaveReportSchema = z.object({
  saved: z.literal(true),
  wrap: z.number().int(),
  version: z.number().int(),
  text: z.string().describe("The digest as stored: levels enforced, evidence re-rendered."),
  state: z
    .record(z.enum(["question", "thought", "done", "leads-to", "decided", "blocked"]), z.array(z.string()))
    .describe("What the digest's continuity markers say."),
  patterns: z.array(
    z.object({
      text: z.string(),
      claimed: z.number().int().nullable(),
      previous: z.number().int().nullable(),
      level: z.number().int(),
      outcome: z.enum(["new", "graduated", "held", "demoted", "stale"]),
      markers: z.array(z.string()),
      citations: z.array(citation),
    }),
  ),
  dropped: z.array(z.object({ text: z.string(), level: z.number().int() })),
  stale: z.array(z.string()),
  overCited: z.array(z.string()),
  citations: z.object({ valid: z.number().int(), invalid: z.number().int() }),
  associations: z.object({
    formed: z.number().int(),
    strengthened: z.number().int(),
    decayed: z.number().int(),
    removed: z.number().int(),
  }),
});

export const CancelWrapResultSchema = z.object({ cancelled: z.literal(true), wrap: z.number().int() });

export const DigestsResultSchema = z.object({ digests: z.array(DigestSchema) });

export const AssociationsResultSchema = z.object({
  associations: z.array(
    z.object({
      episodeId: z.string(),
      other: z.string(),
      strength: z.number(),
      affect: z.object({ tag: z.string(), intensity: z.number() }).nullable(),
      lastWrap: z.number().int(),
    }),
  ),
});

export const ImportReportSchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  namespace: z.string(),
  loaded: z
    .record(z.enum(DUMP_SECTIONS as [string, ...string[]]), z.number().int())
    .nullable()
    .describe("Strata exports: rows loaded per section."),
  audit: AuditVerificationSchema.nullable().describe(
    "Strata exports: the imported namespace's audit chain, verified after loading (no other namespace's).",
  ),
  items: z.array(
    z.object({
      origin: z.string(),
      text: z.string(),
      action: z.enum(["stored", "merged"]),
      episodeId: z.string().nullable(),
      beliefId: z.string().nullable(),
      reason: z.string(),
    }),
  ),
  counts: z.object({
    statements: z.number().int(),
    stored: z.number().int(),
    merged: z.number().int(),
    entities: z.number().int(),
    relations: z.number().int(),
  }),
  ms: z.number(),
});
