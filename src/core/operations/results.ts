/**
 * The shapes operations answer with, as zod schemas: what the OpenAPI document publishes and
 * what the REST tests check every answer against. Each mirrors a result type of the engine;
 * results.test.ts holds them together at compile time (a field added to one and not the
 * other fails the type-check).
 */
import { z } from "zod";
import { MAINTAIN_ACTIONS } from "../maintain.js";
import {
  AuditEntrySchema,
  BeliefSchema,
  CONTEXT_BLOCKS,
  CONTEXT_EMPTY_REASONS,
  EpisodeSchema,
  GateResultSchema,
  IdSchema,
  LinkSchema,
  OutcomeEventSchema,
  VERDICTS,
} from "../model.js";
import { JUDGE_RELATIONS } from "../ports.js";
import { SLEEP_ACTIONS } from "../sleep/report.js";
import { HEALTH_CLASSES } from "../vocabulary.js";
import { WorkerReportSchema, WorkerRequestSchema } from "../worker/records.js";

export { GateResultSchema };

export const BatchResultSchema = z.object({
  results: z.array(GateResultSchema).describe("One gate result per item, in input order."),
  counts: z.record(z.enum(VERDICTS), z.number().int()).describe("How many items got each verdict."),
  stored: z.number().int().describe("Items that wrote a new row (every verdict but redundant)."),
});

export const RecallWhySchema = z.object({
  textRank: z.number().int().nullable().describe("Rank in the full-text list; null when no word matched."),
  vectorRank: z
    .number()
    .int()
    .nullable()
    .describe("Rank in the vector list; null when not among the nearest."),
  relevance: z.number().describe("Fused relevance, the best candidate being 1."),
  confidence: z.number().describe("Stored confidence."),
  effectiveConfidence: z.number().describe("Confidence after the forgetting curve."),
  usage: z.number().describe("Usage signal in [0,1] from reported uses."),
  utility: z.number().describe("0.7 · effectiveConfidence + 0.3 · usage."),
  summary: z.string().describe("The same, in words."),
});

export const RecallHitSchema = z.object({
  id: IdSchema,
  layer: z.enum(["belief", "episode"]),
  kind: z.string().describe("fact, failure, procedure, rule, or episode."),
  text: z.string(),
  namespace: z.string(),
  status: z.string(),
  score: z.number(),
  at: z.string().describe("World time the item is about."),
  validTo: z.string().nullable(),
  sources: z
    .array(IdSchema)
    .describe(
      "Episodes a belief rests on; on an episode, the other records of the same words it stands for (listed once).",
    ),
  when: z.string().nullable().optional().describe("A rule's trigger."),
  prefer: z.string().nullable().optional().describe("A rule's action."),
  exceptions: z.array(z.string()).optional().describe("Where a belief stops holding."),
  why: RecallWhySchema,
  via: z
    .object({ id: IdSchema, strength: z.number() })
    .optional()
    .describe("The hit an associative hop reached this item from."),
});
export const RecallResultSchema = z.object({ hits: z.array(RecallHitSchema) });

const block = z.enum(CONTEXT_BLOCKS);
export const ContextResultSchema = z.object({
  text: z.string().describe("The prompt block."),
  tokens: z.number().int(),
  tokenBudget: z.number().int(),
  items: z.array(z.object({ id: z.string(), block, tokens: z.number().int() })),
  skipped: z
    .array(z.object({ id: z.string(), block, tokens: z.number().int() }))
    .describe("Relevant items that did not fit the budget."),
  whyEmpty: z
    .enum(CONTEXT_EMPTY_REASONS)
    .nullable()
    .describe(
      "Why the block is empty, null when it holds anything: empty-namespace (the namespace holds no belief or event yet, or none at `at`), nothing-relevant (it holds some, none bearing on the goal), over-budget (what was chosen did not fit tokenBudget: see skipped).",
    ),
});

export const MemoryItemSchema = z.discriminatedUnion("layer", [
  BeliefSchema.extend({ layer: z.literal("belief") }),
  EpisodeSchema.extend({ layer: z.literal("episode") }),
]);
export const ItemsSchema = z.object({ items: z.array(MemoryItemSchema) });

export const ExplainResultSchema = z.object({
  belief: BeliefSchema.nullable(),
  episode: EpisodeSchema.nullable(),
  sources: z.array(EpisodeSchema),
  outcomes: z.array(OutcomeEventSchema),
  links: z.array(LinkSchema),
  supersedes: z.array(BeliefSchema),
  supersededBy: BeliefSchema.nullable(),
  audit: z.array(AuditEntrySchema),
});

export const HistoryResultSchema = z.object({
  id: IdSchema,
  chain: z.array(BeliefSchema).describe("The supersession chain, oldest first."),
});

const tally = z.record(z.string(), z.number().int());
export const StatsResultSchema = z.object({
  namespace: z.string(),
  episodes: z.object({ total: z.number().int(), byType: tally, byStatus: tally }),
  beliefs: z.object({ total: z.number().int(), byKind: tally, byStatus: tally, pinned: z.number().int() }),
  audit: z.object({ entries: z.number().int() }),
});

export const OutcomeResultSchema = z.object({
  belief: BeliefSchema,
  confidenceBefore: z.number(),
  confidenceAfter: z.number(),
  halfLifeDays: z.number(),
  counted: z.boolean().describe("False when this source already reported this result."),
});

export const ForgetResultSchema = z.object({
  forgotten: z.array(
    z.object({
      id: IdSchema,
      layer: z.enum(["belief", "episode"]),
      contentHash: z.string().describe("Keyed tombstone hash."),
      erasedChars: z.number().int(),
    }),
  ),
  reason: z.string(),
  continuity: z
    .object({
      versions: z.number().int(),
      lines: z.number().int(),
      patterns: z.number().int(),
      evidence: z.number().int(),
      associations: z.number().int(),
    })
    .nullable(),
  purge: z
    .object({
      rewritten: z
        .array(z.string())
        .describe(
          "Parts of the store whose files were scrubbed (tables rewritten; SQLite: full-text indexes, `wal`).",
        ),
      skipped: z
        .array(
          z.object({
            part: z.string(),
            reason: z.string(),
            remedy: z.string().describe("What to run so the part's files lose the forgotten text."),
          }),
        )
        .describe(
          "Parts left as they were: the forgotten text may remain in their files until the remedy runs.",
        ),
    })
    .nullable()
    .describe(
      "What the store did to its files after the erase; null when nothing was erased or it keeps no files.",
    ),
  wrapCancelled: z
    .number()
    .int()
    .nullable()
    .describe(
      "The number of the open session wrap cancelled because its package showed the item (its save is refused; prepare a new wrap); null when none.",
    ),
});

export const AuditEntriesSchema = z.object({ entries: z.array(AuditEntrySchema) });

export const AuditVerificationSchema = z.object({
  ok: z.boolean(),
  entries: z.number().int(),
  namespaces: z.number().int(),
  problems: z.array(z.object({ namespace: z.string(), seq: z.number().int(), problem: z.string() })),
});

export const EpisodesSchema = z.object({ episodes: z.array(EpisodeSchema) });

export const TextResultSchema = z.object({ text: z.string() });

export const SleepItemSchema = z.object({
  action: z.enum(SLEEP_ACTIONS),
  id: z.string().describe("The item acted on (the superseded, merged or distilled one)."),
  by: z.string().nullable().describe("What replaced or absorbed it."),
  reason: z.string().describe("Reason code and words, e.g. `value-changed: 5 → 7`."),
  related: z.array(z.string()).describe("Other ids involved."),
});

export const SleepReportSchema = z.object({
  namespace: z.string(),
  at: z.string(),
  process: z.string().describe("sweep, distil, rules, judge or consolidate."),
  counts: z.record(z.enum(SLEEP_ACTIONS), z.number().int()),
  items: z.array(SleepItemSchema),
  work: z.object({
    beliefs: z.number().int(),
    episodes: z.number().int(),
    pairs: z.number().int(),
    judged: z.number().int(),
    cached: z.number().int(),
    ms: z.number(),
  }),
  fallbacks: z
    .array(
      z.object({
        judge: z.string(),
        why: z.string(),
        count: z.number().int(),
        pairs: z.array(z.tuple([z.string(), z.string()])),
      }),
    )
    .optional()
    .describe("Pairs the judge asked handed to its fallback, grouped by why."),
});

export const MaintainReportSchema = z.object({
  namespace: z.string(),
  at: z.string(),
  scanned: z.object({ beliefs: z.number().int(), episodes: z.number().int() }),
  activeBefore: z.number().int(),
  activeAfter: z.number().int(),
  counts: z.record(z.enum(MAINTAIN_ACTIONS), z.number().int()),
  items: z.array(
    z.object({
      id: z.string(),
      action: z.enum(MAINTAIN_ACTIONS),
      reason: z.string(),
      effectiveConfidence: z.number().optional(),
      retention: z.number().optional(),
    }),
  ),
});

const idList = z.object({ count: z.number().int(), ids: z.array(z.string()) });
const pairList = z.object({ count: z.number().int(), pairs: z.array(z.tuple([z.string(), z.string()])) });
export const HealthReportSchema = z.object({
  namespace: z.string(),
  at: z.string(),
  active: z.number().int(),
  classes: z.record(z.enum(HEALTH_CLASSES), idList),
  duplicates: z.object({
    exact: z.object({ count: z.number().int(), groups: z.array(z.array(z.string())) }),
    near: pairList,
  }),
  echoes: idList,
  contradictions: pairList,
  supersededButActive: idList,
  coverage: z.object({
    episodes: z.number().int(),
    represented: z.number().int(),
    recallable: z.number().int(),
    uncovered: idList,
    share: z.number(),
  }),
  usable: z.number().describe("Share of active beliefs that are healthy or new and in no problem list."),
});

export const CandidatePairSchema = z.object({
  a: IdSchema,
  b: IdSchema.describe("The newer side."),
  textA: z.string(),
  textB: z.string(),
  kindA: z.string(),
  kindB: z.string(),
  atA: z.string(),
  atB: z.string(),
  similarity: z.number(),
  lexical: z.object({ relation: z.enum(JUDGE_RELATIONS), reason: z.string() }),
  supersession: z
    .number()
    .optional()
    .describe(
      "A confident verdict deferred by the policy's stalenessThreshold: its supersession probability, below the threshold.",
    ),
  decided: z
    .object({
      action: z.enum(["superseded", "merged"]),
      closed: IdSchema,
      by: IdSchema,
      at: z.string(),
      judge: z.string(),
      reason: z.string(),
    })
    .optional()
    .describe("Review pairs only: the automatic decision a distinct verdict undoes."),
});
export const CandidatesResultSchema = z.object({ pairs: z.array(CandidatePairSchema) });

export const WorkerStatusSchema = z.object({
  namespace: z.string(),
  request: WorkerRequestSchema.nullable().describe(
    "A consolidation asked for and not yet run by the background worker; null: none.",
  ),
  reports: z
    .array(WorkerReportSchema)
    .describe("The worker's kept run reports, newest first: status, why it ran, item by item."),
});
export type WorkerStatus = z.infer<typeof WorkerStatusSchema>;
