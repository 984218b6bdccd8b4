/**
 * Tool input and output shapes, built from the core's zod schemas (a field is described once, in
 * src/core/model.ts). Two MCP-specific adjustments only: times travel as JSON strings (the core's
 * time input also takes a Date, which JSON Schema cannot express), and fields the core leaves
 * undescribed get a short description here, because every tool field must say what it is.
 * The engine still parses every call with its own schema: these shapes are the wire contract.
 */
import { z } from "zod";
import {
  CandidatesOptionsSchema,
  CaptureInputSchema,
  CONTEXT_EMPTY_REASONS,
  ContextInputSchema,
  ContextOptionsSchema,
  DistilInputSchema,
  IdSchema,
  JudgmentSchema,
  OutcomeSchema,
  RecallInputSchema,
  RecallOptionsSchema,
  RecordInputSchema,
  RecordOptionsSchema,
  RememberInputSchema,
  RememberOptionsSchema,
  SaveContinuityInputSchema,
  SweepOptionsSchema,
} from "../core/model.js";

/** A core field with a description; the core's own description wins when it has one. */
const described = <S extends z.ZodType>(schema: S, fallback: string): S =>
  schema.description ? schema : (schema.describe(fallback) as S);

/** A time on the wire: an ISO 8601 string, parsed by the engine's TimeInputSchema. */
const time = (what: string) => z.string().describe(`${what}, ISO 8601`);

const strictObject = <T extends z.ZodRawShape>(shape: T) => z.object(shape).strict();

/**
 * A metadata filter as the engine checks it (its refusals are the engine's `INVALID_INPUT`), but
 * an own `"__proto__"` key is refused here: the record's copy would drop it before the engine
 * sees it, and the filter then matched on its other fields alone, in silence. A preprocess, so
 * the tool's JSON Schema (and the manifest's hash) stays the record's.
 */
const metadataFilterArgument = z.preprocess(
  (v, ctx) => {
    if (v !== null && typeof v === "object" && Object.hasOwn(v, "__proto__")) {
      ctx.addIssue({
        code: "custom",
        message: 'a metadata filter field cannot be "__proto__" (no metadata holds one: writes refuse it)',
      });
      return z.NEVER;
    }
    return v;
  },
  z.record(z.string(), z.unknown()),
) as unknown as z.ZodRecord<z.ZodString, z.ZodUnknown>;

/** The core's id schema, described in fewer tokens (it is in almost every tool). */
const Id = IdSchema.describe("b12 or e7.");

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

const record = RecordOptionsSchema.shape;
export const RecordToolInput = strictObject({
  content: described(RecordInputSchema.shape.content, "One event."),
  type: record.type.describe("Event kind."),
  outcome: OutcomeSchema.optional(),
  session: described(record.session, "Session id."),
  at: time("Event time (default now)").optional(),
});

const remember = RememberOptionsSchema.shape;
export const RememberToolInput = strictObject({
  statement: described(RememberInputSchema.shape.statement, "The proposition."),
  kind: described(remember.kind, "failure: a lesson."),
  source: remember.source.describe("Who said it."),
  sources: remember.sources.describe("Episode ids it rests on."),
  steps: remember.steps.describe("For a procedure."),
  key: z.string().optional().describe("Names it; restating under it supersedes."),
});

const capture = CaptureInputSchema.shape;
export const CaptureToolInput = strictObject({
  when: described(capture.when, "The situation (trigger)."),
  prefer: described(capture.prefer, "What to do in it."),
  feedback: capture.feedback.describe("Observed outcome."),
  sources: described(capture.sources, "Episode ids it rests on."),
});

const recall = RecallOptionsSchema.shape;
export const RecallToolInput = strictObject({
  query: described(RecallInputSchema.shape.query, "What to recall."),
  k: recall.k.describe("How many."),
  kinds: recall.kinds.describe("Only these kinds."),
  types: recall.types.describe("Only these episode types."),
  at: time("World time: what held then").optional(),
  metadata: metadataFilterArgument.optional().describe("Exact metadata matches."),
});

const context = ContextOptionsSchema.shape;
export const ContextToolInput = strictObject({
  goal: described(ContextInputSchema.shape.goal, "The task at hand.").optional(),
  tokenBudget: described(context.tokenBudget, "Token budget."),
});

export const IdToolInput = strictObject({ id: Id });

/** Outcomes, uses, pins and unpins act on beliefs only (an episode id is refused). */
const BeliefId = IdSchema.describe("b12.");

export const OutcomeToolInput = strictObject({
  id: BeliefId,
  success: z.boolean().optional().describe("Did it work? Omit if only used."),
});

export const CurateToolInput = strictObject({
  action: z.enum(["pin", "unpin", "restore"]).describe("restore undoes a retirement."),
  id: IdSchema.describe("b12; restore also takes e7."),
});

export const InspectToolInput = strictObject({
  what: z
    .enum(["explain", "pending", "candidates", "stats", "health", "continuity"])
    .describe("explain needs id."),
  id: Id.optional(),
  limit: described(CandidatesOptionsSchema.shape.limit.unwrap(), "Page size.").optional(),
  offset: z.number().int().min(0).optional().describe("Skip n."),
  review: z.boolean().optional().describe("Recent auto-decisions to undo."),
  days: z.number().int().min(1).optional().describe("Review days (7)."),
});

export const SleepToolInput = strictObject({
  action: z.enum(["maintain", "consolidate", "sweep"]).describe("The pass to run."),
  full: SweepOptionsSchema.shape.full.describe("Re-examine all beliefs."),
});

const save = SaveContinuityInputSchema.shape.options.shape;
export const WrapToolInput = strictObject({
  action: z.enum(["prepare", "save", "cancel"]).describe("prepare, then save with the token."),
  token: save.token.optional().describe("From prepare."),
  text: z.string().optional().describe("Your digest."),
  // The engine parses the affect with AffectSchema; the listing says only its shape.
  affect: z
    .object({ tag: z.string(), intensity: z.number() })
    .optional()
    .describe("How it felt: tag, intensity 0..1."),
});

const judgment = JudgmentSchema.shape;
const distil = DistilInputSchema.shape;
export const SettleToolInput = strictObject({
  judgments: z
    .array(
      JudgmentSchema.extend({
        a: judgment.a.describe("Older."),
        b: judgment.b.describe("Newer."),
        verdict: judgment.verdict.describe("supersede: b replaces a; distinct: both stand."),
      }),
    )
    .min(1)
    .optional()
    .describe("Your verdicts on candidate pairs."),
  episodeIds: described(distil.episodeIds, "Pending episodes you distil.").optional(),
  propositions: described(distil.propositions, "Durable statements they support.").optional(),
  valence: OutcomeSchema.optional().describe("failure: lessons."),
});

// ---------------------------------------------------------------------------------------------
// Outputs: compact projections of the engine's answers (full records: strata://item/{id}).
// Ids are plain strings here: the model reads them, nothing validates them on the way out.
// ---------------------------------------------------------------------------------------------

const ids = (what: string) => z.array(z.string()).describe(what);

export const GateToolOutput = z.object({
  verdict: z.string(),
  id: z.string(),
  superseded: z.array(z.string()),
  reason: z.string(),
});

export const RecallToolOutput = z.object({
  hits: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      text: z.string(),
      exceptions: z.array(z.string()).optional().describe("Where it stops holding."),
      score: z.number(),
      why: z.string(),
    }),
  ),
});

export const ContextToolOutput = z.object({
  text: z.string(),
  tokens: z.number(),
  skipped: ids("Did not fit."),
  whyEmpty: z.enum(CONTEXT_EMPTY_REASONS).nullable(),
});

export const OutcomeToolOutput = z.object({
  id: z.string(),
  confidenceBefore: z.number(),
  confidenceAfter: z.number(),
  uses: z.number(),
});

export const CurateToolOutput = z.object({ id: z.string(), status: z.string(), pinned: z.boolean() });

export const ForgetToolOutput = z.object({
  forgotten: z.array(z.string()),
  reason: z.string(),
  wrapCancelled: z.number().nullable(),
});

export const InspectToolOutput = z.object({
  text: z.string(),
  result: z.record(z.string(), z.unknown()).describe("The engine's full answer."),
});

export const WrapToolOutput = z.object({
  status: z.string().describe("ready, empty, saved, cancelled."),
  token: z.string().nullable(),
  package: z.string().nullable(),
  text: z.string().nullable().describe("Digest as stored."),
  notes: z.array(z.string()),
});

export const SleepToolOutput = z.object({
  judge: z.string().describe("Who judged."),
  items: z.array(
    z.object({ action: z.string(), id: z.string(), by: z.string().nullable(), reason: z.string() }),
  ),
});
