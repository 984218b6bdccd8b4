/**
 * Every operation of Strata, declared once. The inputs are the wire contract: built from the
 * core's own field schemas (src/core/model.ts), with times as ISO 8601 strings (JSON has no
 * Date) and no namespace field (the surface resolves the namespace and passes it in the
 * context). The engine parses each call again with its own schema, so the library, CLI, MCP and
 * REST refuse the same input with the same message.
 *
 * Adding a verb: its engine method, one declaration here, its test. The REST route, the OpenAPI
 * entry and the generated CLI command follow from the declaration.
 */
import { z } from "zod";
import {
  AffectSchema,
  AssociationsOptionsSchema,
  AuditEventFilterSchema,
  AuditJsonlOptionsSchema,
  BELIEF_KINDS,
  BELIEF_STATUSES,
  CandidatesOptionsSchema,
  CaptureInputSchema,
  ContextOptionsSchema,
  DistilInputSchema,
  EPISODE_TYPES,
  EpisodeIdSchema,
  ExportOptionsSchema,
  IdSchema,
  JudgmentsSchema,
  LayerSchema,
  ListOptionsSchema,
  MetadataSchema,
  NamespaceSchema,
  OutcomeSessionSchema,
  PendingOptionsSchema,
  PrepareWrapOptionsSchema,
  RecallOptionsSchema,
  RecordOptionsSchema,
  RememberOptionsSchema,
  SweepOptionsSchema,
} from "../model.js";
import { SLEEP_RECORD_KEY } from "../sleep-record.js";
import { WorkerRequestSchema } from "../worker/records.js";
import {
  DESTRUCTIVE,
  defineOperation,
  IDEMPOTENT_WRITE,
  NoInput,
  type Operation,
  READ,
  WRITE,
} from "./operation.js";
import {
  AuditEntriesSchema,
  AuditVerificationSchema,
  BatchResultSchema,
  CandidatesResultSchema,
  ContextResultSchema,
  EpisodesSchema,
  ExplainResultSchema,
  ForgetResultSchema,
  GateResultSchema,
  HealthReportSchema,
  HistoryResultSchema,
  ItemsSchema,
  MaintainReportSchema,
  MemoryItemSchema,
  OutcomeResultSchema,
  RecallResultSchema,
  SleepReportSchema,
  StatsResultSchema,
  TextResultSchema,
  WorkerStatusSchema,
} from "./results.js";
import {
  AssociationsResultSchema,
  CancelWrapResultSchema,
  DigestsResultSchema,
  ImportReportSchema,
  PreparedWrapSchema,
  SaveReportSchema,
} from "./results-continuity.js";

/** A time on the wire: an ISO 8601 string (the engine also takes epoch ms and Dates). */
const time = (what: string) =>
  z.string().min(1).max(64).describe(`${what}, ISO 8601 (2026-03-01T12:00:00Z).`);

const text = (what: string, max = 200_000) => z.string().min(1).max(max).describe(what);

const Id = IdSchema.describe("A belief (b12) or episode (e7) id.");
const IdInput = z.object({ id: Id }).strict();
/** Uses, pins, unpins and history act on beliefs: an episode's id is refused. */
const BeliefIdInput = z.object({ id: IdSchema.describe("A belief id (b12).") }).strict();

const record = RecordOptionsSchema.shape;
const RecordInput = z
  .object({
    content: text("What happened, in words: one event."),
    type: record.type.describe("Event kind (default observation)."),
    outcome: record.outcome.describe("For an outcome event: success or failure."),
    session: record.session.describe("The session the event belongs to."),
    actor: record.actor.describe("Who did it, when not the caller."),
    at: time("When it happened (default now)").optional(),
    metadata: MetadataSchema.optional().describe(
      `Your own JSON fields, kept with the episode. The key "${SLEEP_RECORD_KEY}" is reserved for sleep's record (only Strata writes it).`,
    ),
  })
  .strict();

const remember = RememberOptionsSchema.shape;
const RememberInput = z
  .object({
    statement: text("The proposition to believe."),
    kind: remember.kind.describe("fact (default), failure (a lesson), or procedure."),
    at: time("From when it holds (default now)").optional(),
    source: remember.source,
    sources: remember.sources,
    steps: remember.steps,
    metadata: MetadataSchema.optional().describe(
      `Your own JSON fields, kept with the belief. The key "${SLEEP_RECORD_KEY}" is reserved for sleep's record (only Strata writes it).`,
    ),
    key: remember.key,
  })
  .strict();

const capture = CaptureInputSchema.shape;
const CaptureInput = z
  .object({
    when: text("The situation (trigger)."),
    prefer: text("What to do in it."),
    feedback: capture.feedback,
    session: capture.session,
    at: time("When it was learned (default now)").optional(),
    sources: capture.sources.describe("Episode ids it rests on."),
  })
  .strict();

/**
 * A read's namespace prefix on the wire: the call acts in one namespace (the surface resolved and
 * authorised it); a prefix widens the read to a namespace under it and everything below.
 */
const NamespacePrefix = (verb: string) =>
  NamespaceSchema.optional().describe(
    `${verb} this namespace and every namespace under it (prefix/…): the call's namespace or one under it.`,
  );

/** The namespace a read acts in: a prefix when one was given (the engine checks it), else the call's. */
const readScope = (namespace: string, namespacePrefix: string | undefined) =>
  namespacePrefix === undefined ? { namespace } : { namespacePrefix };

const recall = RecallOptionsSchema.shape;
const RecallInput = z
  .object({
    query: text("What to recall.", 20_000),
    k: recall.k,
    at: time("World time: what held then").optional(),
    asOf: time("Store time: what the store held then").optional(),
    kinds: recall.kinds,
    types: recall.types,
    diversity: recall.diversity,
    associative: recall.associative,
    metadata: recall.metadata,
    namespacePrefix: NamespacePrefix("Search"),
  })
  .strict();

const context = ContextOptionsSchema.shape;
const ContextInput = z
  .object({
    goal: z.string().max(20_000).default("").describe("The task at hand; empty for the most useful beliefs."),
    tokenBudget: context.tokenBudget.describe("Largest block, in tokens (default 600)."),
    at: time("World time: the block as it would have been then").optional(),
    recentEvents: context.recentEvents.describe("How many recent events to add (default 5)."),
    continuity: context.continuity.describe("Include the continuity digest (default true)."),
  })
  .strict();

const list = ListOptionsSchema.shape;
const ListInput = z
  .object({
    layer: LayerSchema.default("belief").describe("belief (default) or episode."),
    status: list.status.describe(
      `Only this status (default active; any for all): ${BELIEF_STATUSES.join(", ")}.`,
    ),
    kind: list.kind.describe(
      `Only this kind or episode type: ${[...BELIEF_KINDS, ...EPISODE_TYPES].join(", ")}.`,
    ),
    limit: list.limit.describe("Page size (default 50)."),
    offset: list.offset.describe("Items to skip (default 0)."),
    metadata: list.metadata,
    namespacePrefix: NamespacePrefix("List"),
  })
  .strict();

const OutcomeInput = z
  .object({
    id: IdSchema.describe("The belief acted on."),
    success: z.boolean().describe("Whether acting on it worked."),
    session: OutcomeSessionSchema,
  })
  .strict();

const SleepInput = SweepOptionsSchema.omit({ namespace: true });

const candidates = CandidatesOptionsSchema.shape;
const CandidatesInput = z
  .object({
    limit: candidates.limit,
    offset: candidates.offset,
    review: candidates.review,
    days: candidates.days,
  })
  .strict();

const JudgeInput = z.object({ judgments: JudgmentsSchema.describe("Verdicts on candidate pairs.") }).strict();

const DistilInput = z
  .object({
    episodeIds: DistilInputSchema.shape.episodeIds.describe("The episodes the propositions come from."),
    propositions: z.array(text("One proposition.")).min(1).max(100).describe("What the episodes teach."),
    valence: DistilInputSchema.shape.options.shape.valence,
  })
  .strict();

const RequestConsolidationInput = z
  .object({
    note: z
      .string()
      .min(1, "a note is 1-500 characters; leave it out for none")
      .max(500, "a note is 1-500 characters; leave it out for none")
      .optional()
      .describe("Why the run is asked for, shown with the worker's report (at most 500 characters)."),
  })
  .strict();

const PrepareWrapInput = PrepareWrapOptionsSchema.omit({ namespace: true });
const SaveContinuityInput = z
  .object({
    token: z.string().min(1).describe("The token prepareWrap returned."),
    text: text(
      "The compressed digest (markdown): exactly the sections ## State, ## Patterns, ## Decisions, ## Context, citing episode ids.",
    ).meta({
      examples: [
        "## State\nDeploys paused.\n\n## Patterns\n\n## Decisions\n- Raise the lock timeout\n\n## Context\nBilling service.",
      ],
    }),
    affect: AffectSchema.optional(),
  })
  .strict();
const TokenInput = z
  .object({ token: z.string().min(1).describe("The token prepareWrap returned.") })
  .strict();

/**
 * Links from an id in an answer (a write's stored row, a batch's first result, distil's first
 * belief) to the routes that read an item by id; a belief's also to its history.
 *
 *   itemLinks("/results/0/id", "The first item of the batch.", { belief: true })
 */
function itemLinks(pointer: string, what: string, { belief = false } = {}) {
  const id = { id: `$response.body#${pointer}` };
  return {
    get: { operationId: "get", parameters: id, description: what },
    explain: {
      operationId: "explain",
      parameters: id,
      description: "Why it is there: its sources, links and audit entries.",
    },
    ...(belief
      ? {
          history: {
            operationId: "history",
            parameters: id,
            description: "Its versions and what superseded them.",
          },
        }
      : {}),
  };
}
const EPISODE_LINKS = itemLinks("/id", "The item written.");
const BELIEF_LINKS = itemLinks("/id", "The item written.", { belief: true });

/** A prepared wrap's token, to the two routes that close it. */
const WRAP_LINKS = {
  save: {
    operationId: "saveContinuity",
    parameters: { token: "$response.body#/token" },
    description:
      "Save the compressed package as the digest, with the token of a ready wrap (an empty wrap, status empty, has none).",
  },
  cancel: {
    operationId: "cancelWrap",
    parameters: { token: "$response.body#/token" },
    description: "Abandon the wrap instead; its episodes go into the next one.",
  },
} as const;

const associations = AssociationsOptionsSchema.shape;
const AssociationsInput = z
  .object({
    episodeId: EpisodeIdSchema.optional().describe("Only links touching this episode."),
    minStrength: associations.minStrength.describe("Weakest link listed (default 0)."),
    limit: associations.limit.describe("How many links (default 20)."),
  })
  .strict();

const AuditInput = z
  .object({
    subjectId: IdSchema.optional().describe("Only entries about this episode or belief."),
    since: time("Only entries recorded at or after this time").optional(),
    event: AuditEventFilterSchema.optional(),
    limit: z.number().int().min(1).max(10_000).default(100).describe("How many entries (default 100)."),
  })
  .strict();

const AuditJsonlInput = AuditJsonlOptionsSchema.omit({ namespace: true });
const ExportInput = ExportOptionsSchema.omit({ namespace: true });
const ImportInput = z
  .object({
    source: z
      .union([z.string().min(1), z.record(z.string(), z.unknown())])
      .describe("A Strata export (JSON text or object, or JSONL) or the MCP memory server's memory.jsonl.")
      .meta({
        // memory.jsonl goes through the gate into any namespace; a Strata export (GET …/export's
        // text, its link) only into an empty one.
        examples: [
          '{"type":"entity","name":"Billing","entityType":"service","observations":["Billing runs on Postgres 16"]}',
        ],
      }),
  })
  .strict();

const BatchItems = <T extends z.ZodType>(item: T, what: string) =>
  z
    .object({
      items: z
        .array(z.union([z.string().min(1), item]))
        .min(1)
        .max(1000)
        .describe(what),
      gate: z
        .enum(["on", "approximate"])
        .optional()
        .describe(
          "on (default): every item through the exact write gate. approximate: cheaper candidates; a drop or a supersession is still the exact gate's.",
        ),
    })
    .strict();

// The namespace always comes from the context: `ns` below is `{ namespace }` for option bags.
export const OPERATIONS: readonly Operation[] = [
  // --------------------------------------------------------------------------- writes
  defineOperation({
    name: "record",
    group: "writes",
    summary: "Records an episode (something that happened) through the write gate.",
    access: "write",
    annotations: WRITE,
    input: RecordInput,
    output: GateResultSchema,
    http: { method: "POST", path: "/episodes" },
    links: EPISODE_LINKS,
    run: ({ memory, namespace }, { content, ...o }) => memory.record(content, { ...o, namespace }),
  }),
  defineOperation({
    name: "recordMany",
    group: "writes",
    summary: "Records many episodes in one transaction, each gated and given its own verdict.",
    access: "write",
    annotations: WRITE,
    input: BatchItems(RecordInput, "Events: text alone, or text with record's fields."),
    output: BatchResultSchema,
    http: { method: "POST", path: "/episodes/batch" },
    links: itemLinks("/results/0/id", "The first item of the batch (results/N/id is item N's)."),
    run: ({ memory, namespace }, { items, gate }) =>
      memory.recordMany(
        items.map((i) => (typeof i === "string" ? { content: i, namespace } : { ...i, namespace })),
        gate ? { gate } : {},
      ),
  }),
  defineOperation({
    name: "remember",
    group: "writes",
    summary: "Asserts a belief (fact, lesson from failure, procedure); contradicted beliefs are superseded.",
    access: "write",
    annotations: WRITE,
    input: RememberInput,
    output: GateResultSchema,
    http: { method: "POST", path: "/beliefs" },
    links: BELIEF_LINKS,
    refusals: ["NOT_FOUND", "FORGOTTEN", "CONFLICT"],
    run: ({ memory, namespace }, { statement, ...o }) => memory.remember(statement, { ...o, namespace }),
  }),
  defineOperation({
    name: "rememberMany",
    group: "writes",
    summary: "Asserts many beliefs in one transaction, each gated and given its own verdict.",
    access: "write",
    annotations: WRITE,
    input: BatchItems(RememberInput, "Statements: text alone, or text with remember's fields."),
    output: BatchResultSchema,
    http: { method: "POST", path: "/beliefs/batch" },
    links: itemLinks("/results/0/id", "The first statement's belief (results/N/id is item N's).", {
      belief: true,
    }),
    refusals: ["NOT_FOUND", "FORGOTTEN", "CONFLICT"],
    run: ({ memory, namespace }, { items, gate }) =>
      memory.rememberMany(
        items.map((i) => (typeof i === "string" ? { statement: i, namespace } : { ...i, namespace })),
        gate ? { gate } : {},
      ),
  }),
  defineOperation({
    name: "capture",
    group: "writes",
    summary: "Captures a WHEN → PREFER rule; feedback is an observed outcome and moves confidence.",
    access: "write",
    annotations: WRITE,
    input: CaptureInput,
    output: GateResultSchema,
    http: { method: "POST", path: "/rules" },
    refusals: ["NOT_FOUND", "FORGOTTEN"],
    run: ({ memory, namespace }, input) => memory.capture({ ...input, namespace }),
  }),
  // --------------------------------------------------------------------------- reads
  defineOperation({
    name: "recall",
    group: "reads",
    summary: "Ranked beliefs and unrepresented episodes for a query, each with why it ranked.",
    access: "read",
    annotations: READ,
    input: RecallInput,
    output: RecallResultSchema,
    http: { method: "GET", path: "/recall" },
    run: async ({ memory, namespace }, { query, namespacePrefix, ...o }) => ({
      hits: await memory.recall(query, { ...o, ...readScope(namespace, namespacePrefix) }),
    }),
  }),
  defineOperation({
    name: "context",
    group: "reads",
    summary: "A prompt block within a token budget: identity, continuity, lessons, knowledge, recent events.",
    access: "read",
    annotations: READ,
    input: ContextInput,
    output: ContextResultSchema,
    http: { method: "GET", path: "/context" },
    run: ({ memory, namespace }, { goal, ...o }) => memory.context(goal, { ...o, namespace }),
  }),
  defineOperation({
    name: "get",
    group: "reads",
    summary: "One belief or episode by id.",
    access: "read",
    annotations: READ,
    input: IdInput,
    output: MemoryItemSchema,
    http: { method: "GET", path: "/items/{id}" },
    run: ({ memory, namespace }, { id }) => memory.get(id, { namespace }),
  }),
  defineOperation({
    name: "list",
    group: "reads",
    summary: "Pages through beliefs (default) or episodes, filtered by status, kind and metadata.",
    access: "read",
    annotations: READ,
    input: ListInput,
    output: ItemsSchema,
    http: { method: "GET", path: "/items" },
    run: async ({ memory, namespace }, { namespacePrefix, ...o }) => ({
      items: await memory.list({ ...o, ...readScope(namespace, namespacePrefix) }),
    }),
  }),
  defineOperation({
    name: "explain",
    group: "reads",
    summary: "Provenance of an item: source episodes, outcomes, links, supersessions and audit entries.",
    access: "read",
    annotations: READ,
    input: IdInput,
    output: ExplainResultSchema,
    http: { method: "GET", path: "/items/{id}/explain" },
    run: ({ memory, namespace }, { id }) => memory.explain(id, { namespace }),
  }),
  defineOperation({
    name: "history",
    group: "reads",
    summary: "The supersession chain a belief belongs to, oldest first.",
    access: "read",
    annotations: READ,
    input: BeliefIdInput,
    output: HistoryResultSchema,
    http: { method: "GET", path: "/items/{id}/history" },
    run: ({ memory, namespace }, { id }) => memory.history(id, { namespace }),
  }),
  defineOperation({
    name: "stats",
    group: "reads",
    summary: "Counts of episodes and beliefs by type, kind and status, and audit entries.",
    access: "read",
    annotations: READ,
    input: NoInput,
    output: StatsResultSchema,
    http: { method: "GET", path: "/stats" },
    run: ({ memory, namespace }) => memory.stats({ namespace }),
  }),
  defineOperation({
    name: "health",
    group: "reads",
    summary: "Health classes, duplicates, echoes, open contradictions and coverage of the namespace.",
    access: "read",
    annotations: READ,
    input: NoInput,
    output: HealthReportSchema,
    http: { method: "GET", path: "/health" },
    run: ({ memory, namespace }) => memory.health({ namespace }),
  }),
  // --------------------------------------------------------------------------- lifecycle
  defineOperation({
    name: "outcome",
    group: "lifecycle",
    summary: "Reports whether acting on a belief worked: the only mutator of confidence.",
    access: "write",
    annotations: WRITE,
    input: OutcomeInput,
    output: OutcomeResultSchema,
    http: { method: "POST", path: "/beliefs/{id}/outcome" },
    refusals: ["FORGOTTEN"],
    run: ({ memory, namespace }, { id, success, session }) =>
      memory.outcome(id, success, { namespace, ...(session ? { session } : {}) }),
  }),
  defineOperation({
    name: "used",
    group: "lifecycle",
    summary: "Reports that a belief was applied, without saying whether it worked.",
    access: "write",
    annotations: WRITE,
    input: BeliefIdInput,
    output: MemoryItemSchema.options[0].omit({ layer: true }),
    http: { method: "POST", path: "/beliefs/{id}/used" },
    refusals: ["FORGOTTEN"],
    run: ({ memory, namespace }, { id }) => memory.used(id, { namespace }),
  }),
  defineOperation({
    name: "pin",
    group: "lifecycle",
    summary: "Pins a belief as identity: never decayed, swept or evicted; always first in context.",
    access: "write",
    annotations: IDEMPOTENT_WRITE,
    input: BeliefIdInput,
    output: MemoryItemSchema.options[0].omit({ layer: true }),
    http: { method: "PUT", path: "/beliefs/{id}/pin" },
    refusals: ["FORGOTTEN", "CONFLICT"],
    run: ({ memory, namespace }, { id }) => memory.pin(id, { namespace }),
  }),
  defineOperation({
    name: "unpin",
    group: "lifecycle",
    summary: "Unpins a belief: it decays and competes like any other again.",
    access: "write",
    annotations: IDEMPOTENT_WRITE,
    input: BeliefIdInput,
    output: MemoryItemSchema.options[0].omit({ layer: true }),
    http: { method: "DELETE", path: "/beliefs/{id}/pin" },
    refusals: ["FORGOTTEN"],
    run: ({ memory, namespace }, { id }) => memory.unpin(id, { namespace }),
  }),
  defineOperation({
    name: "restore",
    group: "lifecycle",
    summary: "Brings a retired or superseded belief, or a superseded episode, back into the current set.",
    access: "write",
    annotations: IDEMPOTENT_WRITE,
    input: IdInput,
    output: MemoryItemSchema,
    http: { method: "POST", path: "/items/{id}/restore" },
    refusals: ["FORGOTTEN"],
    run: ({ memory, namespace }, { id }) => memory.restore(id, { namespace }),
  }),
  defineOperation({
    name: "forget",
    group: "lifecycle",
    summary: "Erases an item's content everywhere Strata keeps it; a keyed hash and the audit trail stay.",
    access: "admin",
    annotations: DESTRUCTIVE,
    input: IdInput,
    output: ForgetResultSchema,
    http: { method: "DELETE", path: "/items/{id}" },
    run: ({ memory, namespace }, { id }) => memory.forget(id, { namespace }),
  }),
  // --------------------------------------------------------------------------- sleep
  defineOperation({
    name: "maintain",
    group: "sleep",
    summary: "The cheap pass: retires what decayed below the floor and evicts over the active cap.",
    access: "write",
    annotations: IDEMPOTENT_WRITE,
    input: NoInput,
    output: MaintainReportSchema,
    http: { method: "POST", path: "/maintain" },
    run: ({ memory, namespace }) => memory.maintain({ namespace }),
  }),
  defineOperation({
    name: "sweep",
    group: "sleep",
    summary: "The supersession, redundancy and retention sweep alone; incremental unless full.",
    access: "write",
    annotations: IDEMPOTENT_WRITE,
    input: SleepInput,
    output: SleepReportSchema,
    http: { method: "POST", path: "/sweep" },
    refusals: ["BUSY"],
    run: ({ memory, namespace, judge, progress }, o) =>
      memory.sweep({ ...o, namespace }, { judge, onProgress: progress }),
  }),
  defineOperation({
    name: "consolidate",
    group: "sleep",
    summary: "Sleep: distil pending episodes, reconcile rules, then sweep.",
    access: "write",
    annotations: IDEMPOTENT_WRITE,
    input: SleepInput,
    output: SleepReportSchema,
    http: { method: "POST", path: "/consolidate" },
    refusals: ["BUSY"],
    run: ({ memory, namespace, judge, progress }, o) =>
      memory.consolidate({ ...o, namespace }, { judge, onProgress: progress }),
  }),
  defineOperation({
    name: "candidates",
    group: "sleep",
    summary: "Pairs of beliefs for a semantic judge, or (review) the automatic decisions to check.",
    access: "read",
    annotations: READ,
    input: CandidatesInput,
    output: CandidatesResultSchema,
    http: { method: "GET", path: "/candidates" },
    links: {
      judge: {
        operationId: "judge",
        requestBody: {
          judgments: [
            { a: "{$response.body#/pairs/0/a}", b: "{$response.body#/pairs/0/b}", verdict: "distinct" },
          ],
        },
        description:
          "A verdict on a listed pair, its a and b as listed; the verdict is the caller's (distinct leaves both standing).",
      },
    },
    run: async ({ memory, namespace }, o) => ({ pairs: await memory.candidates({ ...o, namespace }) }),
  }),
  defineOperation({
    name: "judge",
    group: "sleep",
    summary: "Applies verdicts on candidate pairs: merge, contradict, supersede or distinct.",
    access: "write",
    annotations: WRITE,
    input: JudgeInput,
    output: SleepReportSchema,
    http: { method: "POST", path: "/judgments" },
    refusals: ["NOT_FOUND", "CONFLICT"],
    run: ({ memory, namespace }, { judgments }) => memory.judge(judgments, { namespace }),
  }),
  defineOperation({
    name: "pending",
    group: "sleep",
    summary: "Episodes not yet distilled into beliefs, oldest first.",
    access: "read",
    annotations: READ,
    input: PendingOptionsSchema.omit({ namespace: true }),
    output: EpisodesSchema,
    http: { method: "GET", path: "/pending" },
    run: async ({ memory, namespace }, o) => ({ episodes: await memory.pending({ ...o, namespace }) }),
  }),
  defineOperation({
    name: "distil",
    group: "sleep",
    summary: "Stores the caller's propositions as beliefs, with the episodes as their provenance.",
    access: "write",
    annotations: WRITE,
    input: DistilInput,
    output: SleepReportSchema,
    http: { method: "POST", path: "/distillations" },
    links: itemLinks("/items/0/id", "The first proposition's belief (items/N/id is proposition N's).", {
      belief: true,
    }),
    refusals: ["NOT_FOUND", "FORGOTTEN"],
    run: ({ memory, namespace }, { episodeIds, propositions, valence }) =>
      memory.distil(episodeIds, propositions, { namespace, ...(valence !== undefined ? { valence } : {}) }),
  }),
  defineOperation({
    name: "workerStatus",
    group: "sleep",
    summary:
      "What the background worker did here: its kept run reports, newest first, and any pending request.",
    access: "read",
    annotations: READ,
    input: NoInput,
    output: WorkerStatusSchema,
    http: { method: "GET", path: "/worker" },
    run: ({ memory, namespace }) => memory.workerStatus({ namespace }),
  }),
  defineOperation({
    name: "requestConsolidation",
    group: "sleep",
    summary: "Asks the background worker to consolidate this namespace at its next tick; changes no memory.",
    access: "write",
    annotations: IDEMPOTENT_WRITE,
    input: RequestConsolidationInput,
    output: WorkerRequestSchema,
    http: { method: "POST", path: "/worker/requests" },
    run: ({ memory, namespace }, { note }) =>
      memory.requestConsolidation({ namespace, ...(note !== undefined ? { note } : {}) }),
  }),
  // --------------------------------------------------------------------------- continuity
  defineOperation({
    name: "prepareWrap",
    group: "continuity",
    summary: "Freezes the episodes since the last wrap and returns the package to compress, with its token.",
    access: "write",
    annotations: WRITE,
    input: PrepareWrapInput,
    output: PreparedWrapSchema,
    http: { method: "POST", path: "/wraps" },
    links: WRAP_LINKS,
    run: ({ memory, namespace }, o) => memory.prepareWrap({ ...o, namespace }),
  }),
  defineOperation({
    name: "saveContinuity",
    group: "continuity",
    summary: "Validates and saves the compressed digest of a prepared wrap.",
    access: "write",
    annotations: WRITE,
    input: SaveContinuityInput,
    output: SaveReportSchema,
    http: { method: "POST", path: "/wraps/{token}/save" },
    refusals: ["WRAP_NOT_PREPARED"],
    run: ({ memory, namespace }, { text: digest, token, affect }) =>
      memory.saveContinuity(digest, { token, namespace, ...(affect ? { affect } : {}) }),
  }),
  defineOperation({
    name: "cancelWrap",
    group: "continuity",
    summary: "Abandons a prepared wrap; its episodes go into the next one.",
    access: "write",
    annotations: IDEMPOTENT_WRITE,
    input: TokenInput,
    output: CancelWrapResultSchema,
    http: { method: "DELETE", path: "/wraps/{token}" },
    refusals: ["WRAP_NOT_PREPARED"],
    run: ({ memory, namespace }, { token }) => memory.cancelWrap(token, { namespace }),
  }),
  defineOperation({
    name: "continuity",
    group: "continuity",
    summary: "The current continuity digest (markdown): the last saved one, else one rendered from beliefs.",
    access: "read",
    annotations: READ,
    input: NoInput,
    output: TextResultSchema,
    http: { method: "GET", path: "/continuity" },
    run: async ({ memory, namespace }) => ({ text: await memory.continuity({ namespace }) }),
  }),
  defineOperation({
    name: "renderContinuity",
    group: "continuity",
    summary: "The digest rendered deterministically from current beliefs, whatever was saved.",
    access: "read",
    annotations: READ,
    input: NoInput,
    output: TextResultSchema,
    http: { method: "GET", path: "/continuity/rendered" },
    run: async ({ memory, namespace }) => ({ text: await memory.renderContinuity({ namespace }) }),
  }),
  defineOperation({
    name: "continuityHistory",
    group: "continuity",
    summary: "The saved digests, oldest first (the last 20).",
    access: "read",
    annotations: READ,
    input: NoInput,
    output: DigestsResultSchema,
    http: { method: "GET", path: "/continuity/history" },
    run: async ({ memory, namespace }) => ({ digests: await memory.continuityHistory({ namespace }) }),
  }),
  defineOperation({
    name: "associations",
    group: "continuity",
    summary: "Links between episodes formed by validated co-citation, strongest first.",
    access: "read",
    annotations: READ,
    input: AssociationsInput,
    output: AssociationsResultSchema,
    http: { method: "GET", path: "/associations" },
    run: async ({ memory, namespace }, o) => ({
      associations: await memory.associations({ ...o, namespace }),
    }),
  }),
  // --------------------------------------------------------------------------- integrity
  defineOperation({
    name: "audit",
    group: "integrity",
    summary: "Audit entries, oldest first, filtered by subject, time and event.",
    access: "read",
    annotations: READ,
    input: AuditInput,
    output: AuditEntriesSchema,
    http: { method: "GET", path: "/audit" },
    run: async ({ memory, namespace }, o) => ({ entries: await memory.audit({ ...o, namespace }) }),
  }),
  defineOperation({
    name: "verifyAudit",
    group: "integrity",
    summary: "Verifies the namespace's audit chain: hashes, links, sequence and head mark.",
    access: "read",
    annotations: READ,
    input: NoInput,
    output: AuditVerificationSchema,
    http: { method: "GET", path: "/audit/verify" },
    run: ({ memory, namespace }) => memory.verifyAudit({ namespace }),
  }),
  defineOperation({
    name: "exportAuditJsonl",
    group: "integrity",
    summary: "The namespace's audit chain as JSONL files that verify together.",
    access: "read",
    annotations: READ,
    input: AuditJsonlInput,
    output: z.object({
      files: z.array(z.string()).describe("JSONL files, each a header line then entries."),
    }),
    http: { method: "GET", path: "/audit/jsonl" },
    run: async ({ memory, namespace }, o) => ({ files: await memory.exportAuditJsonl({ ...o, namespace }) }),
  }),
  // --------------------------------------------------------------------------- exchange
  defineOperation({
    name: "export",
    group: "exchange",
    summary: "The namespace as text: lossless JSON or JSONL, markdown for people, or memory.jsonl.",
    access: "read",
    annotations: READ,
    input: ExportInput,
    output: TextResultSchema,
    http: { method: "GET", path: "/export" },
    links: {
      import: {
        operationId: "import",
        requestBody: { source: "{$response.body#/text}" },
        description:
          "Load the export (format json or jsonl) into an empty namespace, of this store or another: it keeps its ids and audit chain.",
      },
    },
    run: async ({ memory, namespace }, o) => ({ text: await memory.export({ ...o, namespace }) }),
  }),
  defineOperation({
    name: "import",
    group: "exchange",
    summary: "Imports a Strata export into an empty namespace, or gates memory.jsonl statements in.",
    access: "admin",
    annotations: WRITE,
    input: ImportInput,
    output: ImportReportSchema,
    http: { method: "POST", path: "/import" },
    refusals: ["TARGET_NOT_EMPTY"],
    run: ({ memory, namespace, progress }, { source }) =>
      memory.import(source, { namespace }, { onProgress: progress }),
  }),
];

/** The operations by name. */
export const OPERATION_BY_NAME: ReadonlyMap<string, Operation> = new Map(
  OPERATIONS.map((op) => [op.name, op]),
);

/**
 * Engine methods that are not operations, and why: they act on the whole store or the process,
 * not on one namespace's memory, so no namespaced surface exposes them.
 */
export const LIBRARY_ONLY_METHODS: Readonly<Record<string, string>> = {
  withActor: "returns the engine naming another actor; surfaces use it to name the caller",
  withNamespace:
    "returns the engine acting in another namespace; surfaces use it for the namespace they authorised",
  reindex: "re-embeds the whole store after an embedder change: an operator's task (strata reindex)",
  backup: "a file copy of the whole store on the server's disk: an operator's task (strata backup)",
  close: "closes the store",
  warmIndexes:
    "builds the process's in-memory search indexes ahead of searches (strata serve and strata worker call it at start-up): a property of the process, not of a namespace's memory",
  namespaces:
    "lists namespaces under a prefix within the engine's own roots; a surface authorises one namespace per call, so it exposes no wildcard over names",
};
