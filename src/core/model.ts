/**
 * Strata's model, schema first: every record and every option is a zod schema with its
 * type inferred beside it, so the library, CLI, MCP tools and REST bodies describe a field once.
 */
import { z } from "zod";
import { hasLoneSurrogate, LONE_SURROGATE_PROBLEM } from "./errors.js";
import { MetadataFilterSchema } from "./metadata-filter.js";
import { reservedMetadataProblem, reservedSourceProblem, SLEEP_RECORD_KEY } from "./sleep-record.js";
import { notADate, timeInputMs } from "./time-input.js";
import { issueCoded } from "./validate.js";
import { EXPORT_FORMATS } from "./vocabulary.js";

export const DEFAULT_NAMESPACE = "default";
export const MAX_CONTENT_CHARS = 8_000;
export const MAX_METADATA_CHARS = 16_000;

export const EPISODE_TYPES = [
  "observation",
  "decision",
  "tension",
  "question",
  "outcome",
  "context",
] as const;
export const OUTCOMES = ["success", "failure"] as const;
export const BELIEF_KINDS = ["fact", "failure", "rule", "procedure"] as const;
export const BELIEF_STATUSES = ["active", "dormant", "archived", "retired", "forgotten"] as const;
export const EPISODE_STATUSES = ["active", "archived", "forgotten"] as const;
export const VERDICTS = ["novel", "refinement", "contradiction", "redundant", "outcome-conflict"] as const;
export const LAYERS = ["episode", "belief"] as const;
/**
 * What a belief is about, as sleep's calibration classes it (Sieve's category): the belief kinds,
 * with `identity` for a pinned belief (the identity layer) and `preference` for a fact stating what
 * someone prefers, likes or wants.
 */
export const CATEGORIES = ["identity", "preference", "fact", "failure", "rule", "procedure"] as const;

export const NamespaceSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._:@/-]{0,127}$/,
    "a namespace is 1-128 characters: letters, digits and . _ : @ / -, starting with a letter or digit",
  )
  .describe("Tenant, user, agent or project the item belongs to. Nothing crosses namespaces.");

export const IdSchema = z
  .string()
  .regex(/^[eb][1-9][0-9]*$/, "an id looks like e12 (an episode) or b7 (a belief), with no leading zeros")
  .describe("An episode id (e…) or belief id (b…).");

/** The session an outcome is reported from, as `outcome` takes it (the engine's options and the operation's input). */
export const OutcomeSessionSchema = z
  .string()
  .min(1)
  .max(200)
  .superRefine(storableAs("session"))
  .optional()
  .describe("The session reporting the result: the same result counts once per session.");

/**
 * An episode id: provenance and distillation name episodes, never beliefs. One pattern, so the
 * JSON Schema the OpenAPI document and the MCP tools publish refuses a belief's id as the engine
 * does (a refinement is not carried into JSON Schema: the document said `^[eb]…`).
 */
export const EpisodeIdSchema = z
  .string()
  .regex(/^e[1-9][0-9]*$/, {
    error: (issue) =>
      /^b[1-9][0-9]*$/.test(String(issue.input))
        ? "sources are episode ids (e…), not belief ids"
        : "an episode id looks like e12, with no leading zeros",
  })
  .describe("An episode id (e…).");

export const EpisodeTypeSchema = z.enum(EPISODE_TYPES).describe("What kind of event this is.");
export const OutcomeSchema = z.enum(OUTCOMES).describe("Whether acting on it worked.");
export const BeliefKindSchema = z
  .enum(BELIEF_KINDS)
  .describe(
    "fact: a proposition; failure: a lesson from what went wrong; rule: WHEN → PREFER; procedure: steps.",
  );
export const BeliefStatusSchema = z.enum(BELIEF_STATUSES);
export const EpisodeStatusSchema = z.enum(EPISODE_STATUSES);
export const VerdictSchema = z.enum(VERDICTS);
export type EpisodeType = z.infer<typeof EpisodeTypeSchema>;
export type Outcome = z.infer<typeof OutcomeSchema>;
export type BeliefKind = z.infer<typeof BeliefKindSchema>;
export type BeliefStatus = z.infer<typeof BeliefStatusSchema>;
export type EpisodeStatus = z.infer<typeof EpisodeStatusSchema>;
export type Verdict = z.infer<typeof VerdictSchema>;
export type Layer = z.infer<typeof LayerSchema>;
export const LayerSchema = z.enum(LAYERS);

/** A point in time: an ISO 8601 string, a Date or epoch milliseconds. Normalised to ISO UTC. */
export const TimeInputSchema = z
  .union([z.string(), z.number(), z.date()], {
    error: "a time is an ISO 8601 string (2026-03-01T12:00:00Z), epoch milliseconds or a Date",
  })
  .transform((value, ctx) => {
    const ms = timeInputMs(value);
    if (Number.isNaN(ms)) {
      ctx.addIssue({ code: "custom", message: notADate(value), params: issueCoded("NOT_A_DATE") });
      return z.NEVER;
    }
    return new Date(ms).toISOString();
  })
  .describe("A time: ISO 8601 (2026-03-01T12:00:00Z), epoch milliseconds or a Date.");

/**
 * Why a string cannot be stored as it was written, or null. PostgreSQL's `text` holds no NUL
 * (U+0000), so a store there refused it with a driver error while SQLite kept it; a lone UTF-16
 * surrogate (half of a pair, as `"\ud800"`) has no UTF-8 form, so SQLite kept replacement
 * characters in its place and read back a text the caller never wrote. Both are refused on
 * every store before anything is written.
 *
 *   unstorableText("The port is 5432");     // null
 *   unstorableText("bad \ud800 half pair"); // "holds a lone UTF-16 surrogate …"
 */
export function unstorableText(s: string): string | null {
  if (s.includes("\u0000")) return "holds a NUL character (U+0000): remove it";
  if (hasLoneSurrogate(s)) return LONE_SURROGATE_PROBLEM;
  return null;
}

/**
 * A zod refinement that refuses a string `unstorableText` finds a problem in, naming the field
 * (`what`). A declaration, so schemas above it (`OutcomeSessionSchema`) may use it.
 */
export function storableAs(what: string): (s: string, ctx: z.RefinementCtx) => void {
  return (s, ctx) => {
    const problem = unstorableText(s);
    if (problem) ctx.addIssue({ code: "custom", message: `${what} ${problem}` });
  };
}

/** A string field that is stored as written: no NUL, no lone surrogate (`unstorableText`). */
export const storableString = (what: string) => z.string().superRefine(storableAs(what));

const contentSchema = (what: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? `${what} is required: pass the text` : `${what} must be a string`,
    })
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1, `${what} is empty: pass the text to store`)
        .max(
          MAX_CONTENT_CHARS,
          `${what} is longer than ${MAX_CONTENT_CHARS} characters: split it or summarise it`,
        )
        .superRefine(storableAs(what)),
    );

/** Deepest nesting of objects and arrays metadata may have. */
export const MAX_METADATA_DEPTH = 32;

/**
 * Why a value is not storable JSON (too deep, a cycle, a BigInt, a function, NaN or Infinity, a
 * `__proto__` key), or null. Walks with an explicit stack, so no input can overflow the call stack
 * the way JSON.stringify does.
 */
export function jsonProblem(
  value: unknown,
  maxDepth = MAX_METADATA_DEPTH,
  maxNodes = MAX_METADATA_VALUES,
): string | null {
  const stack: { v: unknown; depth: number }[] = [{ v: value, depth: 0 }];
  const seen = new Set<object>();
  let nodes = 0;
  while (stack.length > 0) {
    const { v, depth } = stack.pop()!;
    if (++nodes > maxNodes) return `holds more than ${maxNodes} values`;
    if (typeof v === "bigint") return "holds a BigInt: write it as a string or a number";
    if (typeof v === "function" || typeof v === "symbol")
      return `holds a ${typeof v}: only JSON values are kept`;
    // JSON has no NaN or Infinity: JSON.stringify writes null, so the store kept another value
    // than the one passed, silently.
    if (typeof v === "number" && !Number.isFinite(v))
      return `holds ${v}, which JSON cannot hold (it would be stored as null): pass a finite number, or a string`;
    // A lone surrogate round-trips as a JSON escape in one store and is refused by PostgreSQL's
    // json in a filter: refused in metadata as in every text (attacks46).
    if (typeof v === "string" && hasLoneSurrogate(v)) return LONE_SURROGATE_PROBLEM;
    if (v === null || typeof v !== "object" || v instanceof Date) continue;
    if (depth >= maxDepth) return `is nested deeper than ${maxDepth} levels: flatten it`;
    if (seen.has(v))
      return "refers to the same object more than once (a cycle or a shared reference): pass plain JSON";
    seen.add(v);
    if (Array.isArray(v)) {
      if (nodes + stack.length + v.length > maxNodes) return `holds more than ${maxNodes} values`;
      for (const child of v) stack.push({ v: child, depth: depth + 1 });
    } else
      for (const k in v) {
        if (!Object.hasOwn(v, k)) continue;
        if (hasLoneSurrogate(k)) return `has a key that ${LONE_SURROGATE_PROBLEM}`;
        // JSON.parse makes "__proto__" an own key, but copying the object (zod's record, a
        // spread into a plain object) sets the prototype instead: the key was dropped, silently.
        if (k === "__proto__")
          return 'has a key "__proto__", which a JavaScript object cannot keep as a field: rename it';
        if (nodes + stack.length >= maxNodes) return `holds more than ${maxNodes} values`;
        stack.push({ v: (v as Record<string, unknown>)[k], depth: depth + 1 });
      }
  }
  return null;
}

/**
 * The most values metadata can hold: its JSON is at most `MAX_METADATA_CHARS`, and every value
 * but the outermost takes at least two characters of it (`1,`). Checked before anything else reads the metadata,
 * so a request body of 200,000 keys is refused at once (it cost 3-6 s of schema walking).
 */
export const MAX_METADATA_VALUES = MAX_METADATA_CHARS / 2 + 1;

export const MetadataSchema = z
  .preprocess(
    (m, ctx) => {
      // First, before the record's walk over every key: how many values, how deep, plain JSON
      // (a preprocess, so the JSON Schema stays the record's; it is typed as taking anything,
      // hence the cast below: callers still see the record they pass).
      const problem = jsonProblem(m);
      if (!problem) return m;
      ctx.addIssue({ code: "custom", message: `metadata ${problem}` });
      return z.NEVER;
    },
    z
      .record(z.string(), z.unknown(), {
        error: (issue) =>
          issue.code === "invalid_type"
            ? 'metadata must be a JSON object such as { "ticket": "OPS-12" }'
            : undefined,
      })
      .superRefine((m, ctx) => {
        // Sleep's record is the engine's: a caller's copy of it would be read as what sleep found.
        const reserved = reservedMetadataProblem(m);
        if (reserved) ctx.addIssue({ code: "custom", message: reserved, path: [SLEEP_RECORD_KEY] });
        if (JSON.stringify(m).length > MAX_METADATA_CHARS)
          ctx.addIssue({
            code: "custom",
            message: `metadata is larger than ${MAX_METADATA_CHARS} characters of JSON`,
          });
      }),
  )
  .describe(
    `Free-form JSON kept with the item. The key "${SLEEP_RECORD_KEY}" is reserved for sleep's record (only Strata writes it); every other key is yours.`,
  ) as z.ZodType<Record<string, unknown>, Record<string, unknown>>;

// ---------------------------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------------------------

export const EpisodeSchema = z.object({
  id: IdSchema,
  namespace: NamespaceSchema,
  type: EpisodeTypeSchema,
  content: z.string().describe("The event text; empty once forgotten."),
  outcome: OutcomeSchema.nullable(),
  session: z.string().nullable(),
  actor: z.string().nullable(),
  at: z.string().describe("Event time (world clock), ISO 8601."),
  recordedAt: z.string().describe("When the store recorded it (store clock)."),
  metadata: z.record(z.string(), z.unknown()),
  contentHash: z.string().describe("SHA-256 of the content; kept after forget."),
  support: z.number().int().describe("How many times the event was restated (1 = once)."),
  status: EpisodeStatusSchema,
  distilledAt: z.string().nullable().describe("When consolidation distilled it into beliefs."),
  supersededBy: IdSchema.nullable().describe("A later episode that replaced what this one stated."),
  validTo: z.string().nullable().describe("World time at which what it stated stopped holding."),
});
export type Episode = z.infer<typeof EpisodeSchema>;

export const CategorySchema = z.enum(CATEGORIES);
export type Category = z.infer<typeof CategorySchema>;

/** Per-belief scores computed during sleep (Sieve's calibration stage), read by the sweep's policy. */
export const BeliefCalibrationSchema = z.object({
  supersession: z
    .number()
    .nullable()
    .describe(
      "Probability, 0..1, that a newer belief replaces this one: the highest over the pairs the sweep judged it the older side of (null: in none).",
    ),
  supersededBy: IdSchema.nullable().describe("The newer belief of that pair."),
  salience: z
    .number()
    .describe("How much the belief matters now, 0..1: support, recency, uses, outcomes; 1 when pinned."),
  category: CategorySchema.describe("What it is about: its kind, identity (pinned) or preference."),
  at: z.string().describe("Store time of the sweep that computed the scores."),
});
export type BeliefCalibration = z.infer<typeof BeliefCalibrationSchema>;

export const BeliefSchema = z.object({
  id: IdSchema,
  namespace: NamespaceSchema,
  kind: BeliefKindSchema,
  text: z.string().describe("The proposition as the agent reads it; empty once forgotten."),
  when: z.string().nullable().describe("Rule trigger (WHEN)."),
  prefer: z.string().nullable().describe("Rule action (PREFER)."),
  exceptions: z.array(z.string()).describe("Boundary notes: where the belief stops holding."),
  steps: z.array(z.string()).nullable().describe("Procedure steps."),
  status: BeliefStatusSchema,
  statusReason: z
    .string()
    .nullable()
    .describe("Why the status last changed (superseded, merged, decayed …)."),
  pinned: z.boolean().describe("Identity: never decayed, swept or evicted; always first in context."),
  restored: z.boolean().describe("Restored by a user: immune to the sweep that removed it."),
  confidence: z.number().describe("Laplace-smoothed outcome rate (successes+1)/(outcomes+2)."),
  successes: z.number().int(),
  failures: z.number().int(),
  support: z.number().int().describe("Times the belief was stated or restated; moves no confidence."),
  uses: z.number().int().describe("Times an outcome or an explicit `used` reported it was applied."),
  halfLifeDays: z.number().describe("Forgetting-curve half-life: 14 × (1 + successes) days by default."),
  lastConfirmedAt: z
    .string()
    .nullable()
    .describe(
      "Last successful outcome or restatement: the forgetting curve restarts from it (or from a use).",
    ),
  lastUsedAt: z.string().nullable(),
  validFrom: z.string().describe("World time from which it held."),
  validTo: z.string().nullable().describe("World time at which it stopped holding (null: still holds)."),
  recordedAt: z.string().describe("Store time it was recorded."),
  retiredAt: z.string().nullable().describe("Store time it left the active set."),
  supersededBy: IdSchema.nullable(),
  parentId: IdSchema.nullable().describe("The abstraction it is folded under, when dormant."),
  sources: z.array(IdSchema).describe("Provenance: the episodes it came from."),
  source: z.string().nullable().describe("Free-text provenance (user, document, tool)."),
  contentHash: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  calibration: BeliefCalibrationSchema.nullable().describe(
    "Scores sleep computed for the belief (docs/retention.md, Calibration); null before its first sweep.",
  ),
});
export type Belief = z.infer<typeof BeliefSchema>;

export const OutcomeEventSchema = z.object({
  beliefId: IdSchema,
  success: z.boolean(),
  at: z.string(),
  confidenceBefore: z.number(),
  confidenceAfter: z.number(),
});
export type OutcomeEvent = z.infer<typeof OutcomeEventSchema>;

export const LINK_RELATIONS = [
  "refines",
  "contradicts",
  "supersedes",
  "outcome-conflict",
  "restates",
] as const;
export const LinkSchema = z.object({
  from: IdSchema,
  to: IdSchema,
  relation: z.enum(LINK_RELATIONS),
  at: z.string(),
});
export type Link = z.infer<typeof LinkSchema>;

export const AuditEntrySchema = z.object({
  seq: z.number().int().describe("Position in its namespace's chain, from 1."),
  namespace: NamespaceSchema,
  at: z.string(),
  actor: z.string(),
  event: z.string(),
  subjectId: z.string().nullable(),
  contentHash: z.string().describe("SHA-256 of the change's canonical JSON."),
  detail: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe("The change itself, only when audit content is on."),
  prevHash: z.string(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

// ---------------------------------------------------------------------------------------------
// Gate results
// ---------------------------------------------------------------------------------------------

export const GateTargetSchema = z.object({
  id: IdSchema,
  layer: LayerSchema,
  similarity: z.number(),
  text: z.string(),
});
export type GateTarget = z.infer<typeof GateTargetSchema>;

export const GateResultSchema = z.object({
  verdict: VerdictSchema,
  id: IdSchema.describe("The stored row, or the target strengthened when redundant."),
  layer: LayerSchema,
  stored: z.boolean().describe("Whether a new row was written."),
  target: GateTargetSchema.nullable().describe("The nearest item the gate compared against."),
  superseded: z.array(IdSchema).describe("Beliefs closed off by this write."),
  derived: z
    .array(IdSchema)
    .describe("Beliefs created alongside the episode (a successor to a superseded one)."),
  reason: z.string().describe("Why the gate decided so, in words."),
  rule: z
    .string()
    .nullable()
    .describe(
      "The named rule that decided, e.g. `value-changed:number`, `state-flipped`, `near-identical`; null when nothing was near.",
    ),
  deferred: z
    .boolean()
    .describe(
      "True when no rule could name its evidence: the item was stored, nothing was closed or dropped, and the pair waits for a semantic judge (candidates).",
    ),
  notes: z.array(z.string()).describe("Reason codes for anything skipped, e.g. `skipped: pinned`."),
});
export type GateResult = z.infer<typeof GateResultSchema>;

// ---------------------------------------------------------------------------------------------
// Options (the boundary: every public method parses its input with one of these)
// ---------------------------------------------------------------------------------------------

export const RecordOptionsSchema = z
  .object({
    type: EpisodeTypeSchema.default("observation"),
    outcome: OutcomeSchema.nullable().optional(),
    session: storableString("session").max(200).optional(),
    actor: storableString("actor").max(200).optional(),
    at: TimeInputSchema.optional(),
    namespace: NamespaceSchema.optional(),
    metadata: MetadataSchema.optional(),
  })
  .strict();
export type RecordOptions = z.input<typeof RecordOptionsSchema>;

export const RecordInputSchema = z.object({
  content: contentSchema("content"),
  options: RecordOptionsSchema,
});

/** The key of a keyed belief (`remember({ key })`), kept in its metadata under `key`. */
export const KeySchema = storableString("the key")
  .min(1, "a key is not empty: name what the belief is about, such as user.theme")
  .max(512, "a key is at most 512 characters")
  .describe(
    "Names the belief: one current belief per key and namespace. The write gate is not asked: the same statement under the key is a restatement, a changed one supersedes the key's current belief (kept, closed, for history and time travel). Kept in metadata as `key`.",
  );

export const RememberOptionsSchema = z
  .object({
    kind: z
      .enum(["fact", "failure", "procedure"], {
        error: (issue) =>
          issue.input === "rule"
            ? "a rule has a WHEN and a PREFER: use capture({ when, prefer }) instead of remember"
            : undefined,
      })
      .default("fact"),
    at: TimeInputSchema.optional(),
    namespace: NamespaceSchema.optional(),
    source: storableString("source")
      .max(500)
      .superRefine((s, ctx) => {
        // The engine's provenance would be read as sleep's (sleep-record.ts `ENGINE_SOURCES`).
        const reserved = reservedSourceProblem(s);
        if (reserved) ctx.addIssue({ code: "custom", message: reserved });
      })
      .optional()
      .describe(
        'Where the statement came from (user, doc:…, tool:…). "distilled" and "abstraction" are reserved for the provenance only Strata writes.',
      ),
    sources: z.array(EpisodeIdSchema).max(1000).optional().describe("Episode ids the belief rests on."),
    steps: z
      .array(storableString("a step").min(1).max(1000))
      .max(100)
      .optional()
      .describe("Steps, for a procedure."),
    metadata: MetadataSchema.optional(),
    key: KeySchema.optional(),
  })
  .strict();
export type RememberOptions = z.input<typeof RememberOptionsSchema>;
export const RememberInputSchema = z.object({
  statement: contentSchema("statement"),
  options: RememberOptionsSchema,
});

export const CaptureInputSchema = z
  .object({
    when: contentSchema("when"),
    prefer: contentSchema("prefer"),
    feedback: z.enum(["positive", "negative"]).optional().describe("An outcome observed with the rule."),
    session: storableString("session")
      .min(1)
      .max(200)
      .optional()
      .describe("The session reporting the feedback: the same feedback counts once per session."),
    namespace: NamespaceSchema.optional(),
    at: TimeInputSchema.optional(),
    sources: z.array(EpisodeIdSchema).max(1000).optional(),
  })
  .strict();
export type CaptureInput = z.input<typeof CaptureInputSchema>;

export const RECALL_KINDS = [...BELIEF_KINDS, "episode"] as const;
export const RecallOptionsSchema = z
  .object({
    k: z.number().int().min(1).max(200).default(3).describe("How many items to return (default 3)."),
    at: TimeInputSchema.optional().describe("World time: what held then (validity interval)."),
    asOf: TimeInputSchema.optional().describe("Store time: what the store held then (record interval)."),
    kinds: z
      .array(z.enum(RECALL_KINDS))
      .min(1)
      .optional()
      .describe("Restrict to these kinds; `episode` for L1."),
    types: z
      .array(EpisodeTypeSchema)
      .min(1)
      .optional()
      .describe(
        "Only episodes of these types (observation, decision, tension, question, outcome, context); alone, recall searches episodes only.",
      ),
    namespace: z.union([NamespaceSchema, z.array(NamespaceSchema).min(1).max(32)]).optional(),
    namespacePrefix: NamespaceSchema.optional().describe(
      "Search the namespace and every namespace under it (prefix/…). Only the engine's own namespace, or a root it was opened with (namespaceRoots), and what lies under them.",
    ),
    metadata: MetadataFilterSchema.optional(),
    diversity: z.number().min(0).max(1).optional().describe("MMR weight on novelty, 0 (none) to 1."),
    associative: z
      .boolean()
      .optional()
      .describe(
        "Take one associative hop: add episodes linked to the episode hits by validated co-citation.",
      ),
  })
  .strict();
export type RecallOptions = z.input<typeof RecallOptionsSchema>;
export const RecallInputSchema = z.object({
  // Refused like stored text (attacks46): a lone surrogate or a NUL read as UTF-8 was a query the
  // caller never sent (U+FFFD in its place), and a NUL failed PostgreSQL's search with a driver error.
  query: z
    .string()
    .trim()
    .min(1, "query is empty: say what to recall")
    .max(MAX_CONTENT_CHARS)
    .superRefine(storableAs("query")),
  options: RecallOptionsSchema,
});

/** The token budgets a context block may have: a form's field offers the same range. */
export const TOKEN_BUDGET_RANGE = { min: 32, max: 200_000 } as const;

export const ContextOptionsSchema = z
  .object({
    tokenBudget: z.number().int().min(TOKEN_BUDGET_RANGE.min).max(TOKEN_BUDGET_RANGE.max).default(600),
    namespace: NamespaceSchema.optional(),
    at: TimeInputSchema.optional(),
    recentEvents: z.number().int().min(0).max(100).default(5),
    /** Include the last saved continuity digest (its own section, after identity). Default true. */
    continuity: z.boolean().default(true),
  })
  .strict();
export type ContextOptions = z.input<typeof ContextOptionsSchema>;
export const ContextInputSchema = z.object({
  goal: z.string().trim().max(MAX_CONTENT_CHARS).superRefine(storableAs("goal")),
  options: ContextOptionsSchema,
});

export const ListOptionsSchema = z
  .object({
    namespace: NamespaceSchema.optional(),
    layer: LayerSchema.default("belief"),
    status: z.enum([...BELIEF_STATUSES, "any"]).optional(),
    kind: z.enum([...BELIEF_KINDS, ...EPISODE_TYPES]).optional(),
    limit: z.number().int().min(1).max(10_000).default(50),
    offset: z.number().int().min(0).default(0),
    metadata: MetadataFilterSchema.optional(),
    namespacePrefix: NamespaceSchema.optional().describe(
      "List the namespace and every namespace under it (prefix/…), within the engine's roots.",
    ),
  })
  .strict();
export type ListOptions = z.input<typeof ListOptionsSchema>;

export const NamespacesOptionsSchema = z
  .object({
    prefix: NamespaceSchema.optional().describe(
      "Only namespaces that are this one or under it (prefix/…); default the engine's namespace.",
    ),
  })
  .strict();
export type NamespacesOptions = z.input<typeof NamespacesOptionsSchema>;

export const StatsOptionsSchema = z.object({ namespace: NamespaceSchema.optional() }).strict();

/**
 * Options of every verb that takes an id (get, explain, history, outcome, used, pin, unpin,
 * restore, forget, judge, cancelWrap): the namespace the id is looked up in. An id of another
 * namespace is refused exactly like an id that does not exist.
 */
export const IdOptionsSchema = z.object({ namespace: NamespaceSchema.optional() }).strict();
export type IdOptions = z.input<typeof IdOptionsSchema>;

export const AuditEventFilterSchema = z
  .string()
  .regex(
    /^(\*|[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*(\.\*)?)$/,
    'an event filter is an event name (belief.retired) or a prefix ending in ".*" (belief.*)',
  )
  .describe("Only entries of this event, exact (belief.retired) or by prefix (belief.*).");

export const AuditOptionsSchema = z
  .object({
    namespace: NamespaceSchema.optional(),
    subjectId: IdSchema.optional().describe("Only entries about this episode or belief."),
    since: TimeInputSchema.optional().describe("Only entries recorded at or after this time."),
    event: AuditEventFilterSchema.optional(),
    limit: z.number().int().min(1).max(10_000).default(100).describe("How many entries (default 100)."),
  })
  .strict();
export type AuditOptions = z.input<typeof AuditOptionsSchema>;

export const AuditJsonlOptionsSchema = z
  .object({
    namespace: NamespaceSchema.optional(),
    linesPerFile: z
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .default(10_000)
      .describe("Entries per file (default 10 000); each file also opens with a header line."),
  })
  .strict();
export type AuditJsonlOptions = z.input<typeof AuditJsonlOptionsSchema>;

export { EXPORT_FORMATS };
export const ExportOptionsSchema = z
  .object({
    format: z
      .enum(EXPORT_FORMATS)
      .default("json")
      .describe(
        "json: lossless (round-trips through import); markdown: for people; jsonl: one record a line; memory-jsonl: the current beliefs as the MCP memory server's memory.jsonl.",
      ),
    namespace: NamespaceSchema.optional(),
  })
  .strict();
export type ExportOptions = z.input<typeof ExportOptionsSchema>;

export const ImportOptionsSchema = z
  .object({
    namespace: NamespaceSchema.optional().describe(
      "Where MCP memory.jsonl statements go (default: the engine's). A Strata export keeps its own namespace.",
    ),
  })
  .strict();
export type ImportOptions = z.input<typeof ImportOptionsSchema>;

export const SweepOptionsSchema = z
  .object({
    namespace: NamespaceSchema.optional(),
    full: z
      .boolean()
      .optional()
      .describe("Re-examine every belief, not only those recorded since the last sweep."),
  })
  .strict();
export type SweepOptionsInput = z.input<typeof SweepOptionsSchema>;

export const CandidatesOptionsSchema = z
  .object({
    namespace: NamespaceSchema.optional(),
    limit: z.number().int().min(1).max(500).default(20).describe("How many pairs to return (default 20)."),
    offset: z
      .number()
      .int()
      .min(0)
      .max(100_000)
      .default(0)
      .describe("Pairs to skip, to page past pairs left unanswered (default 0)."),
    review: z
      .boolean()
      .default(false)
      .describe(
        "List the automatic supersessions and merges of the last `days` days instead; a distinct verdict undoes one.",
      ),
    days: z
      .number()
      .int()
      .min(1)
      .max(3650)
      .optional()
      .describe("With review: how many days back (default 7)."),
  })
  .strict()
  .refine((o) => o.days === undefined || o.review, {
    message: "days applies to review: pass review: true with it",
    path: ["days"],
  });
export type CandidatesOptions = z.input<typeof CandidatesOptionsSchema>;

export const JUDGE_VERDICTS = ["merge", "contradict", "supersede", "distinct"] as const;
export const JudgmentSchema = z
  .object({
    a: IdSchema.describe("The first belief of the pair (as returned by candidates)."),
    b: IdSchema.describe("The second belief of the pair."),
    verdict: z
      .enum(JUDGE_VERDICTS)
      .describe(
        "merge: the same thing; contradict: opposite claims; supersede: b replaces a; distinct: both stand.",
      ),
  })
  .strict();
export type Judgment = z.infer<typeof JudgmentSchema>;
export const JudgmentsSchema = z.array(JudgmentSchema).min(1, "judge needs at least one verdict").max(500);

export const PendingOptionsSchema = z
  .object({
    namespace: NamespaceSchema.optional(),
    limit: z.number().int().min(1).max(1000).default(50),
    offset: z.number().int().min(0).default(0),
  })
  .strict();
export type PendingOptions = z.input<typeof PendingOptionsSchema>;

export const DistilInputSchema = z.object({
  episodeIds: z.array(EpisodeIdSchema).min(1, "name the episodes the propositions come from").max(1000),
  propositions: z.array(contentSchema("proposition")).min(1, "give at least one proposition").max(100),
  options: z
    .object({
      valence: OutcomeSchema.nullable()
        .optional()
        .describe("failure: the propositions are lessons from what went wrong."),
      namespace: NamespaceSchema.optional(),
    })
    .strict(),
});
export type DistilOptions = z.input<typeof DistilInputSchema>["options"];

export const ConsolidateOptionsSchema = SweepOptionsSchema;
export type ConsolidateOptions = SweepOptionsInput;
export type StatsOptions = z.input<typeof StatsOptionsSchema>;

// ---------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------

export interface RecallWhy {
  /** Rank in the full-text (BM25) list, null when the item did not match lexically. */
  textRank: number | null;
  /** Rank in the vector-similarity list, null when not among the nearest. */
  vectorRank: number | null;
  /** Fused relevance, normalised so the best candidate is 1. */
  relevance: number;
  /** Stored confidence and the confidence after the forgetting curve. */
  confidence: number;
  effectiveConfidence: number;
  /** Usage signal in [0,1] from reported uses. */
  usage: number;
  /** 0.7 · effectiveConfidence + 0.3 · usage. */
  utility: number;
  /** The same line in words. */
  summary: string;
}

export interface RecallHit {
  id: string;
  layer: "belief" | "episode";
  kind: string;
  text: string;
  namespace: string;
  status: string;
  score: number;
  /** World time the item is about: a belief's validFrom, an episode's event time. */
  at: string;
  validTo: string | null;
  sources: string[];
  /** A rule's trigger (WHEN) and action (PREFER); null for other beliefs; absent on episodes. */
  when?: string | null;
  prefer?: string | null;
  /** Where a belief stops holding: the boundary exceptions consolidation gave it. Absent on episodes. */
  exceptions?: string[];
  why: RecallWhy;
  /** Set on an item reached by an associative hop: the hit it is linked to. */
  via?: { id: string; strength: number };
}

export interface ContextItem {
  id: string;
  block: ContextBlock;
  tokens: number;
}
export const CONTEXT_BLOCKS = [
  "identity",
  "continuity",
  "failures",
  "knowledge",
  "procedures",
  "recent",
] as const;
export type ContextBlock = (typeof CONTEXT_BLOCKS)[number];

/**
 * Why a context block came back empty, decided once in the core so every surface says the same:
 * `empty-namespace`: the namespace holds no belief or event context reads (at `at`, when given);
 * `nothing-relevant`: it holds some, but none bears on the goal (or none is active, with no goal);
 * `over-budget`: what was chosen did not fit the token budget (see `skipped`).
 */
export const CONTEXT_EMPTY_REASONS = ["empty-namespace", "nothing-relevant", "over-budget"] as const;
export type ContextEmptyReason = (typeof CONTEXT_EMPTY_REASONS)[number];

export interface ContextResult {
  text: string;
  tokens: number;
  tokenBudget: number;
  items: ContextItem[];
  /** Items that were relevant but did not fit the budget. */
  skipped: { id: string; block: ContextBlock; tokens: number }[];
  /** Why the block is empty; null when it holds anything. */
  whyEmpty: ContextEmptyReason | null;
}

export interface OutcomeResult {
  belief: Belief;
  confidenceBefore: number;
  confidenceAfter: number;
  halfLifeDays: number;
  /**
   * False when the same result for this belief was already counted from the same source (the
   * session, else the actor that day): recorded as a use, confidence unchanged.
   */
  counted: boolean;
}

export interface ExplainResult {
  belief: Belief | null;
  episode: Episode | null;
  sources: Episode[];
  outcomes: OutcomeEvent[];
  links: Link[];
  supersedes: Belief[];
  supersededBy: Belief | null;
  audit: AuditEntry[];
}

export interface ForgetResult {
  /** Every item erased; `contentHash` is the keyed tombstone (HMAC-SHA256 with the store's secret). */
  forgotten: { id: string; layer: "belief" | "episode"; contentHash: string; erasedChars: number }[];
  reason: string;
  /** What the continuity digest, its kept versions and the patterns lost; null when nothing cited or quoted it. */
  continuity: {
    versions: number;
    lines: number;
    patterns: number;
    evidence: number;
    associations: number;
  } | null;
  /**
   * What the store did to its files after the erase (`Store.purgeErased`): the parts it scrubbed,
   * and those it had to leave (a lock not had, the role not their owner, `rewriteOnForget: false`,
   * a reader on SQLite's log, a copy an upgrade kept beside a SQLite store: `part: "upgrade copy"`),
   * where the forgotten text may remain until the `remedy` is run.
   * Null when nothing was erased, or the store keeps no files (the in-memory test store).
   */
  purge: {
    rewritten: string[];
    skipped: { part: string; reason: string; remedy: string }[];
  } | null;
  /**
   * The number of the namespace's open session wrap this forget cancelled, because its package
   * showed the item (a frozen episode, or a digest or pattern line forget redacted): its save is
   * refused WRAP_NOT_PREPARED, and `prepareWrap` freezes a new one without it. Null when no open
   * wrap showed it. The audit says the same (`wrap.cancelled`, `by: "forget"`).
   */
  wrapCancelled: number | null;
}

export interface StatsResult {
  namespace: string;
  episodes: { total: number; byType: Record<string, number>; byStatus: Record<string, number> };
  beliefs: {
    total: number;
    byKind: Record<string, number>;
    byStatus: Record<string, number>;
    pinned: number;
  };
  audit: { entries: number };
}

export interface AuditVerification {
  ok: boolean;
  entries: number;
  namespaces: number;
  problems: { namespace: string; seq: number; problem: string }[];
}

// ---------------------------------------------------------------------------------------------
// Continuity: wraps, the digest, associations
// ---------------------------------------------------------------------------------------------

export const PrepareWrapOptionsSchema = z
  .object({
    namespace: NamespaceSchema.optional(),
    session: storableString("session").max(200).optional().describe("A label for the session being wrapped."),
    maxChars: z
      .number()
      .int()
      .min(1000)
      .max(1_000_000)
      .optional()
      .describe("Size budget of the package in characters (default policy.wrapMaxChars, 20000)."),
  })
  .strict();
export type PrepareWrapOptions = z.input<typeof PrepareWrapOptionsSchema>;

export const AffectSchema = z
  .object({
    tag: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .superRefine(storableAs("the affect's tag"))
      .describe("How the material felt to process: curious, uncertain, surprised …"),
    intensity: z
      .number()
      .min(0)
      .max(1)
      .describe("0..1; multiplies the associations formed by 1 + 0.5 × intensity."),
  })
  .strict();

export const SaveContinuityInputSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, "the digest is empty: pass the compressed markdown")
    .superRefine(storableAs("the digest")),
  options: z
    .object({
      token: z.string().min(1, "token is required: pass the token prepareWrap returned"),
      affect: AffectSchema.optional(),
      namespace: NamespaceSchema.optional(),
    })
    .strict(),
});
export type SaveContinuityOptions = z.input<typeof SaveContinuityInputSchema>["options"];

export const WrapTokenSchema = z.string().min(1, "token is required");

export const AssociationsOptionsSchema = z
  .object({
    namespace: NamespaceSchema.optional(),
    episodeId: EpisodeIdSchema.optional().describe("Only links touching this episode."),
    minStrength: z.number().min(0).max(10).default(0),
    limit: z.number().int().min(1).max(1000).default(20),
  })
  .strict();
export type AssociationsOptions = z.input<typeof AssociationsOptionsSchema>;
