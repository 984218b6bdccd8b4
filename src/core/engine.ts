/**
 * The engine: the one place Strata's behaviour lives. Surfaces (CLI, MCP, REST, integrations)
 * take an engine and translate; they hold no logic of their own.
 *
 * This file is the typed public API: each method parses its call (a refusal is INVALID_INPUT
 * naming the field) and delegates to the process that does the work, in its own room: the write
 * gate (gated-writes.ts, write-gate.ts), reads (reads.ts, recall.ts, context.ts), the lifecycle
 * (lifecycle.ts, forget.ts), homeostasis (maintain.ts), sleep (sleep/), continuity (continuity/),
 * the audit chain (audit.ts) and exchange (exchange/). Processes get an EngineContext, never the
 * engine, so none of them imports this file.
 *
 *   const mem = createEngine({ store, embedder, tokenizer, clock });
 *   await mem.record("Deploy failed: migration lock timeout", { type: "outcome", outcome: "failure" });
 *   const { text } = await mem.context("deploy the service", { tokenBudget: 600 });
 */

import { z } from "zod";
import { auditChainFiles, listAuditEntries, readOneState, verifyChains } from "./audit.js";
import { type AuditSink, withAuditSink } from "./audit-sink.js";
import { buildContext } from "./context.js";
import { type Digest, records } from "./continuity/records.js";
import {
  type AssociationView,
  cancelWrap as cancelWrapProcess,
  listAssociations,
  type PreparedWrap,
  prepareWrap as prepareWrapProcess,
  renderContinuity,
  type SaveReport,
  saveContinuity as saveContinuityProcess,
} from "./continuity/wraps.js";
import type { EngineContext } from "./engine-context.js";
import { StrataError } from "./errors.js";
import { dumpNamespace } from "./exchange/document.js";
import { renderJson, renderJsonl, renderMarkdown, renderMemoryJsonl } from "./exchange/export.js";
import { parseImportSource } from "./exchange/import.js";
import { type ImportReport, importStatements, loadDocument } from "./exchange/load.js";
import { readWhole } from "./exchange/whole-read.js";
import {
  type BatchResult,
  captureRule,
  type RecordItem,
  type RecordManyOptions,
  type RememberItem,
  type RememberManyOptions,
  recordMany as recordManyProcess,
  recordOne,
  rememberMany as rememberManyProcess,
  rememberOne,
} from "./gated-writes.js";
import { inThreadPreparer } from "./import-prep.js";
import { createLexicalJudge } from "./judge/lexical-judge.js";
import { memoiseVerdicts } from "./judge/verdict-memo.js";
import { forgetAndScrub, markUsed, recordOutcome, restoreItem, setPinned } from "./lifecycle.js";
import { type MaintainReport, runMaintain } from "./maintain.js";
import {
  type AssociationsOptions,
  AssociationsOptionsSchema,
  type AuditEntry,
  type AuditJsonlOptions,
  AuditJsonlOptionsSchema,
  type AuditOptions,
  AuditOptionsSchema,
  type AuditVerification,
  type Belief,
  type CandidatesOptions,
  CandidatesOptionsSchema,
  type CaptureInput,
  CaptureInputSchema,
  type ConsolidateOptions,
  ContextInputSchema,
  type ContextOptions,
  type ContextResult,
  DEFAULT_NAMESPACE,
  DistilInputSchema,
  type DistilOptions,
  type Episode,
  type ExplainResult,
  type ExportOptions,
  ExportOptionsSchema,
  type ForgetResult,
  type GateResult,
  type IdOptions,
  IdOptionsSchema,
  IdSchema,
  type ImportOptions,
  ImportOptionsSchema,
  type Judgment,
  JudgmentsSchema,
  type ListOptions,
  ListOptionsSchema,
  NamespaceSchema,
  NamespacesOptionsSchema,
  type OutcomeResult,
  OutcomeSessionSchema,
  type PendingOptions,
  PendingOptionsSchema,
  type PrepareWrapOptions,
  PrepareWrapOptionsSchema,
  type RecallHit,
  RecallInputSchema,
  type RecallOptions,
  type RecordOptions,
  type RememberOptions,
  SaveContinuityInputSchema,
  type SaveContinuityOptions,
  type StatsOptions,
  StatsOptionsSchema,
  type StatsResult,
  type SweepOptionsInput,
  SweepOptionsSchema,
  storableAs,
  WrapTokenSchema,
} from "./model.js";
import { checkPrefix, namespacesUnder } from "./namespace-prefix.js";
import { type Policy, type PolicyInput, PolicySchema } from "./policy.js";
import type { Clock, Embedder, ImportPreparer, Judge, Lexicon, Store, Tokenizer } from "./ports.js";
import {
  explainItem,
  type HistoryResult,
  historyOf,
  listItems,
  type MemoryItem,
  namespaceStats,
  recallHits,
} from "./reads.js";
import { type ReindexOptions, type ReindexReport, reindex } from "./reindex.js";
import { itemIn } from "./scope.js";
import {
  AGENT,
  applyJudgments,
  type CandidatePair,
  findCandidates,
  findReview,
} from "./sleep/agent-judge.js";
import { distilPending, distilPropositions } from "./sleep/distil.js";
import { withoutForgottenItems } from "./sleep/forgotten-items.js";
import { generaliseAbstractions } from "./sleep/generalise.js";
import { type HealthReport, healthReport } from "./sleep/health.js";
import { combineReports, makeReport, type SleepReport } from "./sleep/report.js";
import { reconcileRules } from "./sleep/rules.js";
import { parseStepBound, type StepBound } from "./sleep/steps.js";
import { sweep as runSweep } from "./sleep/sweep.js";
import { parseInput } from "./validate.js";
import {
  pendingRequest,
  requestConsolidation,
  type WorkerReport,
  type WorkerRequest,
  workerReports,
} from "./worker/records.js";
import { Writes } from "./writes.js";

export { describeBelief } from "./context.js";
export type { HistoryResult, MemoryItem } from "./reads.js";

/** What the background worker did in a namespace, and what it was asked to do (`workerStatus`). */
export interface WorkerStatus {
  namespace: string;
  /** A run asked for (`requestConsolidation`) and not honoured yet; null: none. */
  request: WorkerRequest | null;
  /** The kept run reports, newest first. */
  reports: WorkerReport[];
}

export interface EngineOptions {
  store: Store;
  embedder: Embedder;
  tokenizer: Tokenizer;
  clock: Clock;
  /** Judge used by the write gate (and by sweeps unless `sleepJudge` is set). Default: the lexical judge. */
  judge?: Judge;
  /**
   * Judge of `sweep` and `consolidate`, which judge outside any write transaction: where a model
   * judge (src/judge) belongs, so the gate never waits on a network. Default: `judge`.
   */
  sleepJudge?: Judge;
  policy?: PolicyInput;
  /**
   * Relations between words (a noun and its synonyms and kinds: "puppy" is a kind of "dog"), used
   * by recall only, for the slot a current-state question asks ("What is our dog called?" is
   * answered by "we renamed the puppy Waffles"). `openMemory` passes WordNet (src/lexicon).
   * Default: none, a statement fills the asked slot in the question's own words only.
   */
  lexicon?: Lexicon;
  /** Namespace used when a call names none. Default `default`. */
  namespace?: string;
  /**
   * Namespaces besides `namespace` under which a call may name a prefix (`namespacePrefix` of
   * recall and list, `namespaces()`), reaching them and every namespace below. A prefix is a
   * wildcard, so it stays under these roots: the security boundary of namespaces holds. Default
   * none: prefixes only under the engine's own namespace.
   */
  namespaceRoots?: readonly string[];
  /** Who the audit chain names for changes made through this engine. Default `library`. */
  actor?: string;
  /**
   * External audit sink (SIEM, cloud logging): called with each audit entry after its
   * transaction commits, in chain order; never for work that rolled back. Best-effort: an error
   * thrown (or a promise rejected) by the sink is ignored and never breaks a write. Default: none.
   */
  onAuditEvent?: AuditSink;
  /**
   * How long `sweep` and `consolidate` wait for another sweep or consolidation of the same
   * namespace (in this process, another process, or another server on the same PostgreSQL) to
   * finish before refusing with BUSY, in milliseconds. 0 refuses at once. Default 30 000.
   */
  lockWaitMs?: number;
  /**
   * How much one write transaction of `consolidate` and `sweep` does at most: distilling a backlog
   * and applying a sweep's decisions run as many short transactions (steps) of at most `items`
   * items or `ms` milliseconds, so other processes' writes interleave instead of timing out. The
   * bounds never change what is written. Default `{ items: 25, ms: 250 }`.
   */
  sleepStep?: Partial<StepBound>;
  /**
   * Prepares a known-clean import's texts (`rememberMany(items, { gate: "off" })`: vectors,
   * stored statements, content hashes) chunk by chunk. `openMemory` passes a worker thread's
   * (src/bulk/worker-preparer.ts) for the hashed embedder, so the next chunk is prepared while
   * this one is written; the stored result is the same. Default: in the calling thread.
   */
  importPreparer?: ImportPreparer;
}

/** Default of `EngineOptions.lockWaitMs`. */
export const DEFAULT_LOCK_WAIT_MS = 30_000;

export interface ProgressHooks {
  /**
   * Called as long work advances, e.g. for a progress bar. Work of several passes names each
   * (`consolidate`: `"distil"`, then `"sweep"`), whose counts start again from 0.
   */
  onProgress?: (done: number, total: number, phase?: string) => void;
}

/** Per-call settings of `sweep` and `consolidate`: progress, and the judge of this one run. */
export interface SleepCall extends ProgressHooks {
  /**
   * Judges this run's pairs instead of the engine's sleep judge: how a surface lends a judge it
   * holds for one call (MCP sampling through the client's model, a model judge with a budget).
   */
  judge?: Judge;
}

/** Milliseconds for work reports; never part of stored state. */
const elapsed = () => globalThis.performance.now();

const ActorSchema = z
  .string({ message: "an actor is a name such as cli or mcp:claude-code" })
  .trim()
  .min(1, "an actor is a name such as cli or mcp:claude-code")
  .max(128, "an actor is at most 128 characters")
  .superRefine(storableAs("the actor"));

const LockWaitSchema = z
  .number({ message: "lockWaitMs must be a number of milliseconds" })
  .int("lockWaitMs must be a whole number of milliseconds")
  .min(0, "lockWaitMs must be 0 or more");

const OutcomeArgsSchema = z.object({
  id: IdSchema,
  success: z.boolean({ message: "success must be true or false" }),
  options: IdOptionsSchema.extend({
    session: OutcomeSessionSchema,
  }).strict(),
});

/**
 * Creates the engine over injected ports. Prefer `openMemory()` for the embedded default.
 */
export function createEngine(options: EngineOptions): Memory {
  return new Memory(options);
}

export class Memory {
  readonly store: Store;
  readonly embedder: Embedder;
  readonly tokenizer: Tokenizer;
  readonly clock: Clock;
  /** The judge of the write gate (lexical unless one was injected). */
  readonly configuredJudge: Judge;
  /** The judge of sweeps and consolidation (`EngineOptions.sleepJudge`, else the gate's). */
  readonly sleepJudge: Judge;
  readonly policy: Policy;
  /** The relations between words recall and sleep read (`EngineOptions.lexicon`); undefined: none. */
  readonly lexicon: Lexicon | undefined;
  readonly namespace: string;
  /** Where a `namespacePrefix` may point: the engine's namespace, then `EngineOptions.namespaceRoots`. */
  readonly namespaceRoots: readonly string[];
  readonly actor: string;
  /** How long sweep and consolidate wait for the namespace's sleep lock (`EngineOptions.lockWaitMs`). */
  readonly lockWaitMs: number;
  /** How much one write transaction of `consolidate` and `sweep` does at most (`EngineOptions.sleepStep`). */
  readonly sleepStep: StepBound;
  /** The write kernel shared with the sleep processes. */
  readonly writes: Writes;
  /** Prepares known-clean imports (`EngineOptions.importPreparer`). */
  readonly importPreparer: ImportPreparer;
  /** The lexical judge, for candidate screening and health, whatever judge is configured (it reads `lexicon`). */
  private readonly lexical: Judge;
  /** What the process functions run with (src/core/engine-context.ts). */
  private readonly ctx: EngineContext;

  constructor(options: EngineOptions) {
    this.store = options.onAuditEvent ? withAuditSink(options.store, options.onAuditEvent) : options.store;
    this.embedder = options.embedder;
    this.tokenizer = options.tokenizer;
    this.clock = options.clock;
    this.lexical = createLexicalJudge({ lexicon: options.lexicon });
    this.configuredJudge = options.judge ?? this.lexical;
    this.sleepJudge = options.sleepJudge ?? this.configuredJudge;
    this.policy = Object.freeze(parseInput(PolicySchema, options.policy ?? {}, "policy"));
    this.lexicon = options.lexicon;
    this.namespace = parseInput(NamespaceSchema, options.namespace ?? DEFAULT_NAMESPACE, "namespace");
    this.namespaceRoots = Object.freeze([
      this.namespace,
      ...parseInput(z.array(NamespaceSchema).max(64), [...(options.namespaceRoots ?? [])], "namespaceRoots"),
    ]);
    this.actor = parseInput(ActorSchema, options.actor ?? "library", "actor");
    this.lockWaitMs = parseInput(LockWaitSchema, options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS, "lockWaitMs");
    this.sleepStep = parseStepBound(options.sleepStep);
    this.importPreparer = options.importPreparer ?? inThreadPreparer(this.embedder);
    this.writes = new Writes({
      embedder: this.embedder,
      policy: this.policy,
      clock: this.clock,
      judge: this.configuredJudge,
      actor: this.actor,
    });
    this.ctx = {
      store: this.store,
      embedder: this.embedder,
      tokenizer: this.tokenizer,
      policy: this.policy,
      writes: this.writes,
      lexical: this.lexical,
      lexicon: this.lexicon,
      namespace: this.namespace,
      now: () => this.now(),
    };
  }

  private now(): string {
    return this.clock.now().toISOString();
  }

  /**
   * The same engine (store, ports, policy, namespace) naming another actor in the audit chain:
   * how a surface records who made each change.
   *
   *   const asAgent = mem.withActor("mcp:claude-code");
   *   await asAgent.pin("b3"); // audit entry: actor "mcp:claude-code"
   */
  withActor(actor: string): Memory {
    return derive(this, {
      namespace: this.namespace,
      namespaceRoots: this.namespaceRoots.slice(1),
      actor: parseInput(ActorSchema, actor, "actor"),
    });
  }

  /**
   * The same engine (store, ports, policy, actor) acting in another namespace, whose prefixes
   * (`namespacePrefix`, `namespaces()`) reach only that namespace and what lies under it: how a
   * surface that authorised one namespace for a call (a REST route) hands the call an engine
   * that cannot widen past it.
   *
   *   const team = mem.withNamespace("app/team-a");
   *   await team.recall("theme", { namespacePrefix: "app/team-a/users" }); // under it: allowed
   *   await team.recall("theme", { namespacePrefix: "app" });              // INVALID_INPUT
   */
  withNamespace(namespace: string): Memory {
    return derive(this, {
      namespace: parseInput(NamespaceSchema, namespace, "namespace"),
      namespaceRoots: [],
      actor: this.actor,
    });
  }

  // -------------------------------------------------------------------------------------------
  // Writes through the gate
  // -------------------------------------------------------------------------------------------

  /**
   * Records an L1 episode through the write gate.
   *
   *   await mem.record("Retry limit is 7", { type: "decision", at: "2026-03-02" });
   *   // → { verdict: "contradiction", superseded: ["b3"], … }
   */
  async record(content: string, options: RecordOptions = {}): Promise<GateResult> {
    return recordOne(this, content, options);
  }

  /**
   * Asserts a belief (fact, failure or procedure) directly, through the write gate.
   *
   *   await mem.remember("The staging database is Postgres 16", { source: "user" });
   */
  async remember(statement: string, options: RememberOptions = {}): Promise<GateResult> {
    return rememberOne(this, statement, options);
  }

  /**
   * Records many episodes through the write gate in one transaction with one embedding call
   * (at most `MAX_BATCH_ITEMS`). Each item is gated against the store and the batch's earlier
   * items, exactly as the same `record` calls in order would be, and gets its own verdict. Every
   * item is validated first: one invalid item (its `index` in the error's details) refuses the
   * whole batch, and nothing is written.
   *
   *   const { results, counts } = await mem.recordMany([
   *     { content: "Deploy failed: migration lock timeout", type: "outcome", outcome: "failure" },
   *     "User prefers short answers",
   *   ]);
   *
   * `{ gate: "approximate" }` trades exactness for time as `rememberMany`'s does.
   */
  async recordMany(items: readonly RecordItem[], options: RecordManyOptions = {}): Promise<BatchResult> {
    return recordManyProcess(this, items, options);
  }

  /**
   * Asserts many beliefs through the write gate in one transaction with one embedding call
   * (at most `MAX_BATCH_ITEMS`): the public bulk path. Same gating, verdicts and all-or-nothing
   * validation as `recordMany`.
   *
   *   await mem.rememberMany(["The staging database is Postgres 16", { statement: "Retry limit is 5", at: "2026-03-01" }]);
   *
   * `{ gate: "off" }` imports a collection known to be clean: every item stored as novel without
   * comparison (keys and sources still checked), the fast way to build a large store.
   *
   *   await mem.rememberMany(cleanFacts, { gate: "off" });
   *
   * `{ gate: "approximate" }` gates every item with a cheaper candidate search (the vector index's
   * approximate lists, no BM25, far pairs not judged); a verdict that drops the item or closes a
   * belief is confirmed by the exact search, so a miss only stores an item the exact gate would
   * have dropped or linked (left for sleep), never a refusal or a supersession it would not make.
   *
   *   await mem.rememberMany(conversationFacts, { gate: "approximate" });
   */
  async rememberMany(
    items: readonly RememberItem[],
    options: RememberManyOptions = {},
  ): Promise<BatchResult> {
    return rememberManyProcess(this, items, options);
  }

  /**
   * Captures a WHEN → PREFER rule. `feedback` is an observed outcome and moves confidence.
   *
   *   await mem.capture({ when: "target model is Anthropic", prefer: "use XML delimiters", feedback: "positive" });
   */
  async capture(input: CaptureInput): Promise<GateResult> {
    const o = parseInput(CaptureInputSchema, input, "capture");
    return captureRule(this, o, o.namespace ?? this.namespace);
  }

  // -------------------------------------------------------------------------------------------
  // Reads
  // -------------------------------------------------------------------------------------------

  /**
   * Ranked beliefs and the episodes no current belief represents, each with its score and why
   * (an episode a belief was distilled from lends its match to the belief, listed once).
   *
   *   const hits = await mem.recall("retry limit", { k: 3 });
   *   const then = await mem.recall("retry limit", { at: "2026-02-01" }); // what held then
   */
  async recall(query: string, options: RecallOptions = {}): Promise<RecallHit[]> {
    const { query: q, options: o } = parseInput(RecallInputSchema, { query, options }, "recall");
    return recallHits(this.ctx, q, o, await this.namespacesOf(o, "recall"));
  }

  /**
   * A prompt block fitted to a token budget: identity, failures, knowledge, procedures, recent events.
   *
   *   const { text, tokens, items } = await mem.context("deploy the API", { tokenBudget: 600 });
   */
  async context(goal: string, options: ContextOptions = {}): Promise<ContextResult> {
    const { goal: g, options: o } = parseInput(ContextInputSchema, { goal, options }, "context");
    return buildContext(this.ctx, g, o);
  }

  /**
   * One item by id, belief (b…) or episode (e…), of the engine's namespace (or `options.namespace`).
   * An id of another namespace is NOT_FOUND, exactly like one that does not exist.
   */
  async get(id: string, options: IdOptions = {}): Promise<MemoryItem> {
    const { key, namespace } = this.idArgs(id, options);
    return itemIn(this.store, key, namespace);
  }

  /** Parses an id and the namespace it is looked up in: the id-taking verbs' one entry point. */
  private idArgs(id: string, options: IdOptions): { key: string; namespace: string } {
    const key = parseInput(IdSchema, id, "id");
    const o = parseInput(IdOptionsSchema, options, "options");
    return { key, namespace: o.namespace ?? this.namespace };
  }

  /** Pages through beliefs (default) or episodes. */
  async list(options: ListOptions = {}): Promise<MemoryItem[]> {
    const o = parseInput(ListOptionsSchema, options, "list options");
    return listItems(this.ctx, o, await this.namespacesOf(o, "list"));
  }

  /**
   * The namespaces a read covers: `namespacePrefix` (checked against `namespaceRoots`), else the
   * named namespace(s), else the engine's. A prefix and a namespace together are refused.
   */
  private async namespacesOf(
    o: { namespace?: string | string[] | undefined; namespacePrefix?: string | undefined },
    verb: string,
  ): Promise<string[]> {
    if (o.namespacePrefix === undefined)
      return o.namespace === undefined
        ? [this.namespace]
        : Array.isArray(o.namespace)
          ? o.namespace
          : [o.namespace];
    if (o.namespace !== undefined)
      throw new StrataError(
        "INVALID_INPUT",
        `Invalid ${verb}: pass namespace or namespacePrefix, not both (a prefix already names its namespace).`,
        { field: "namespacePrefix", fields: ["namespace", "namespacePrefix"] },
      );
    checkPrefix(o.namespacePrefix, this.namespaceRoots);
    return namespacesUnder(this.store, o.namespacePrefix);
  }

  /**
   * The namespaces holding at least one current item (an active belief or episode) under
   * `prefix` (default: the engine's namespace), which must lie under the engine's roots.
   *
   *   await mem.namespaces({ prefix: "app/users" }); // → ["app/users/42", "app/users/43"]
   */
  async namespaces(options: { prefix?: string } = {}): Promise<string[]> {
    const o = parseInput(NamespacesOptionsSchema, options, "namespaces options");
    const prefix = o.prefix ?? this.namespace;
    checkPrefix(prefix, this.namespaceRoots, "prefix");
    const out: string[] = [];
    for (const namespace of await namespacesUnder(this.store, prefix)) {
      const filter = { namespaces: [namespace], statuses: ["active" as const] };
      const [b] = await this.store.listBeliefs(filter, { limit: 1, offset: 0 });
      const e = b ? [] : await this.store.listEpisodes(filter, { limit: 1, offset: 0, order: "at-asc" });
      if (b || e.length > 0) out.push(namespace);
    }
    return out;
  }

  /** Provenance: a belief's episodes, outcomes, links, supersessions and audit entries. */
  async explain(id: string, options: IdOptions = {}): Promise<ExplainResult> {
    return explainItem(this.ctx, await this.get(id, options));
  }

  /** The supersession chain a belief belongs to, oldest first. */
  async history(id: string, options: IdOptions = {}): Promise<HistoryResult> {
    return historyOf(this.ctx, await this.get(id, options), id);
  }

  /** Counts of episodes and beliefs by type, kind and status, and audit entries. */
  async stats(options: StatsOptions = {}): Promise<StatsResult> {
    const o = parseInput(StatsOptionsSchema, options, "stats options");
    const namespace = o.namespace ?? this.namespace;
    // Counts of one state: a forget between two counts would count an item twice or not at all.
    return readOneState(this.store, (reader) => namespaceStats(reader, namespace), "snapshot");
  }

  // -------------------------------------------------------------------------------------------
  // Feedback and lifecycle
  // -------------------------------------------------------------------------------------------

  /**
   * Reports whether acting on a belief worked: the only mutator of confidence.
   * Laplace-smoothed: 1/1 → 0.67, 9/9 → 0.91. Success also lengthens the half-life. Each result
   * counts once per source: pass the `session` reporting it; without one, the engine's actor
   * that UTC day is the source (`counted: false` when it was already counted).
   *
   *   await mem.outcome("b12", true, { session: "2026-03-01-deploy" });
   */
  async outcome(
    beliefId: string,
    success: boolean,
    options: IdOptions & { session?: string } = {},
  ): Promise<OutcomeResult> {
    const args = parseInput(OutcomeArgsSchema, { id: beliefId, success, options }, "outcome");
    const namespace = args.options.namespace ?? this.namespace;
    return recordOutcome(this.ctx, args.id, args.success, args.options.session ?? null, namespace);
  }

  /** Reports that a belief was applied (usage), without saying whether it worked. */
  async used(id: string, options: IdOptions = {}): Promise<Belief> {
    const { key, namespace } = this.idArgs(id, options);
    return markUsed(this.ctx, key, namespace);
  }

  /** Pins a belief as identity: never decayed, swept or evicted; always first in context. */
  async pin(id: string, options: IdOptions = {}): Promise<Belief> {
    return this.setPinned(id, true, options);
  }

  async unpin(id: string, options: IdOptions = {}): Promise<Belief> {
    return this.setPinned(id, false, options);
  }

  private async setPinned(id: string, pinned: boolean, options: IdOptions): Promise<Belief> {
    const { key, namespace } = this.idArgs(id, options);
    return setPinned(this.ctx, key, namespace, pinned);
  }

  /**
   * Brings a belief (any status) or a superseded episode back into the current set. A restored
   * belief is immune to the sweep that removed it.
   */
  async restore(id: string, options: IdOptions = {}): Promise<MemoryItem> {
    const { key, namespace } = this.idArgs(id, options);
    return restoreItem(this.ctx, key, namespace);
  }

  /**
   * Erases an item's text from every place Strata keeps it: the row (a keyed tombstone hash
   * stays, with the audit trail), its provenance text, vector and cached verdicts, the beliefs
   * resting only on it and the duplicates merged into it, and every line of the continuity digest,
   * its kept versions and patterns that cite or quote it. Then the store scrubs its files (SQLite:
   * full-text merge and a truncating WAL checkpoint; PostgreSQL: a rewrite of the tables it
   * touched, `VACUUM (FULL)` or, for a large one or while an older snapshot is open, copy and swap). Says exactly what it removed.
   *
   *   await mem.forget("e4"); // → { forgotten: [{ id: "e4", … }], reason: "…", continuity: { lines: 1, … } }
   */
  async forget(id: string, options: IdOptions = {}): Promise<ForgetResult> {
    const { key, namespace } = this.idArgs(id, options);
    return forgetAndScrub(this.ctx, key, namespace);
  }

  /**
   * Homeostasis, the cheap pass for every run: retires what decayed below the floor and evicts the
   * lowest-retention beliefs over the active cap. Pinned, restored and proven beliefs are immune.
   * Returns what it did, item by item, with a reason code.
   *
   *   const report = await mem.maintain();  // report.counts → { retired: 3, evicted: 0, … }
   */
  async maintain(options: StatsOptions = {}): Promise<MaintainReport> {
    const o = parseInput(StatsOptionsSchema, options, "maintain options");
    return runMaintain(this.ctx, o.namespace ?? this.namespace);
  }

  /**
   * The supersession, redundancy and retention sweep alone. Incremental unless `full`. One
   * sweep or consolidation per namespace at a time, across processes: another one running is
   * waited for up to `lockWaitMs`, then refused with BUSY (nothing changed).
   *
   *   const report = await mem.sweep();  // report.items → [{ action: "superseded", id: "b3", by: "b9", … }]
   */
  async sweep(options: SweepOptionsInput = {}, hooks: SleepCall = {}): Promise<SleepReport> {
    const o = parseInput(SweepOptionsSchema, options, "sweep options");
    const namespace = o.namespace ?? this.namespace;
    const judge = memoiseVerdicts(hooks.judge ?? this.sleepJudge);
    return this.sleepLocked(namespace, "a sweep", async () =>
      withoutForgottenItems(this.store, await this.sweepUnlocked(namespace, o.full ?? false, hooks, judge)),
    );
  }

  /**
   * Sleep, the deep periodic pass: distil pending episodes, reconcile rules (resolve
   * contradictions into boundary exceptions, merge, abstract), then sweep. Holds the namespace's
   * sleep lock throughout, like `sweep` (BUSY after `lockWaitMs` if another one runs).
   */
  async consolidate(options: ConsolidateOptions = {}, hooks: SleepCall = {}): Promise<SleepReport> {
    const o = parseInput(SweepOptionsSchema, options, "consolidate options");
    const namespace = o.namespace ?? this.namespace;
    // One verdict memo for this sleep (verdict-memo.ts), dropped when it ends: the sweep reads again
    // many pairs distil's write gate read. A sleep is one namespace's; a text-only judge's verdict
    // is its texts' alone, so a remembered one is the one it would give again.
    const gateJudge = memoiseVerdicts(this.configuredJudge);
    const sleepJudge = hooks.judge ?? this.sleepJudge;
    const sweepJudge = sleepJudge === this.configuredJudge ? gateJudge : memoiseVerdicts(sleepJudge);
    return this.sleepLocked(namespace, "a consolidation", async () => {
      const started = elapsed();
      const distilled = await distilPending(
        this.store,
        this.writes.withJudge(gateJudge),
        namespace,
        elapsed,
        this.sleepStep,
        hooks.onProgress && ((done, total) => hooks.onProgress?.(done, total, "distil")),
        hooks.judge ?? this.sleepJudge,
        this.ctx.lexicon,
      );
      const ruleItems = await this.store.transaction((tx) => reconcileRules(tx, this.writes, namespace));
      // A judge that writes (a model) may word each new abstraction's trigger; checked, outside the transaction.
      const worded = await generaliseAbstractions(
        (fn) => this.store.transaction(fn),
        this.store,
        this.writes,
        hooks.judge ?? this.sleepJudge,
        ruleItems,
        namespace,
      );
      const rules = makeReport("rules", namespace, this.now(), worded);
      const swept = await this.sweepUnlocked(
        namespace,
        o.full ?? false,
        {
          ...hooks,
          ...(hooks.onProgress
            ? { onProgress: (done, total) => hooks.onProgress?.(done, total, "sweep") }
            : {}),
        },
        sweepJudge,
      );
      const report = combineReports("consolidate", namespace, this.now(), [distilled, rules, swept]);
      report.work.ms = elapsed() - started;
      // A forget that committed between the pass's transactions is not quoted back to the caller.
      return withoutForgottenItems(this.store, report);
    });
  }

  /**
   * Sweeps and consolidations of one namespace never overlap (across processes and servers):
   * each runs as several short transactions, and two interleaved would judge and apply against
   * each other's half-done state. Writes and reads do not take this lock.
   */
  private sleepLocked<T>(namespace: string, kind: string, fn: () => Promise<T>): Promise<T> {
    return this.store.withLock(
      `sleep:${namespace}`,
      { waitMs: this.lockWaitMs, what: `${kind} of namespace "${namespace}"`, kind },
      fn,
    );
  }

  /** The sweep itself, by `judge` (the sleep's, memoised); the caller holds the namespace's sleep lock. */
  private sweepUnlocked(
    namespace: string,
    full: boolean,
    hooks: SleepCall,
    judge: Judge,
  ): Promise<SleepReport> {
    return runSweep(
      this.store,
      this.writes,
      judge,
      { namespace, full, onProgress: hooks.onProgress, step: this.sleepStep },
      this.policy.ttlDays,
      elapsed,
    );
  }

  /**
   * Pairs for a semantic judge (the calling agent): every pair of active beliefs about the same
   * subject that no confident rule decided and no semantic judge answered, newest first, one page
   * (`limit`, `offset`). With `review: true`, the write gate's and the sweeps' supersessions and
   * merges of the last `days` days (default 7) instead, each with its `decided` record: a
   * `distinct` verdict on one reopens the closed belief.
   *
   *   const pairs = await mem.candidates({ limit: 20 });
   *   const recent = await mem.candidates({ review: true, days: 3 });
   */
  async candidates(options: CandidatesOptions = {}): Promise<CandidatePair[]> {
    const o = parseInput(CandidatesOptionsSchema, options, "candidates options");
    const namespace = o.namespace ?? this.namespace;
    const page = { limit: o.limit, offset: o.offset };
    return o.review
      ? findReview(this.store, this.lexical, namespace, { ...page, days: o.days ?? 7 }, this.now())
      : findCandidates(this.store, this.lexical, namespace, page, this.policy.stalenessThreshold);
  }

  /**
   * Applies an agent's verdicts on candidate pairs: merge, contradict, supersede or distinct.
   * On a review pair (one side closed by the other, `candidates({ review: true })`), `distinct`
   * undoes the automatic decision and reopens the closed belief (audited `belief.reopened`); any
   * other verdict confirms it. Refused whole (nothing applied) if any pair names an unknown
   * belief, or an inactive one that its partner did not close.
   *
   *   await mem.judge([{ a: "b3", b: "b9", verdict: "distinct" }]);
   */
  async judge(judgments: Judgment[], options: IdOptions = {}): Promise<SleepReport> {
    const list = parseInput(JudgmentsSchema, judgments, "judgments");
    const o = parseInput(IdOptionsSchema, options, "judge options");
    return applyJudgments(this.store, this.writes, list, AGENT, o.namespace ?? this.namespace);
  }

  /** Episodes not yet distilled into beliefs, oldest first. */
  async pending(options: PendingOptions = {}): Promise<Episode[]> {
    const o = parseInput(PendingOptionsSchema, options, "pending options");
    return this.store.listEpisodes(
      {
        namespaces: [o.namespace ?? this.namespace],
        statuses: ["active"],
        undistilled: true,
        includeSuperseded: true,
      },
      { limit: o.limit, offset: o.offset, order: "at-asc" },
    );
  }

  /**
   * The agent distils: its propositions become beliefs (through the write gate) with the
   * episodes as provenance. Unknown episode ids are refused.
   *
   *   await mem.distil(["e4", "e7"], ["Validation of CSVs over 50MB times out"], { valence: "failure" });
   */
  async distil(
    episodeIds: string[],
    propositions: string[],
    options: DistilOptions = {},
  ): Promise<SleepReport> {
    const input = parseInput(DistilInputSchema, { episodeIds, propositions, options }, "distil");
    const namespace = input.options.namespace ?? this.namespace;
    return distilPropositions(
      this.store,
      this.writes,
      { ...input, valence: input.options.valence ?? null },
      namespace,
      this.now(),
    );
  }

  /** Health: healthy, new, drifting, stale and dead beliefs, duplicates, echoes, open contradictions. */
  async health(options: StatsOptions = {}): Promise<HealthReport> {
    const o = parseInput(StatsOptionsSchema, options, "health options");
    const namespace = o.namespace ?? this.namespace;
    // Its fallback holds no write lock: a report of a large namespace outlasts many writes.
    return readOneState(
      this.store,
      (reader) => healthReport(reader, this.lexical, namespace, this.now(), this.policy.staleDays),
      "snapshot",
    );
  }

  /**
   * What the background worker (`strata worker`, `serve --http --worker`) did here: its kept run
   * reports, newest first, each with why it ran and what it did item by item, and the request
   * for a run it has not honoured yet.
   *
   *   const { request, reports } = await mem.workerStatus();
   *   reports[0]?.status; // "applied" | "dry-run" | "stopped" | "abandoned" | "failed"
   */
  async workerStatus(options: StatsOptions = {}): Promise<WorkerStatus> {
    const o = parseInput(StatsOptionsSchema, options, "workerStatus options");
    const namespace = o.namespace ?? this.namespace;
    const [request, reports] = await Promise.all([
      pendingRequest(this, { namespace }),
      workerReports(this, { namespace }),
    ]);
    return { namespace, request, reports };
  }

  /**
   * Asks the background worker to consolidate this namespace at its next tick, whatever its
   * triggers say. Changes no memory, only the request flag (a pending request is replaced); the
   * worker clears it when a pass honours it. Without a running worker nothing happens.
   *
   *   await mem.requestConsolidation({ note: "session s42 ended" });
   *   // → { at: "2026-03-01T12:00:00.000Z", by: "library", note: "session s42 ended" }
   */
  async requestConsolidation(options: { namespace?: string; note?: string } = {}): Promise<WorkerRequest> {
    return requestConsolidation(this, options);
  }

  /**
   * Freezes the episodes since the last wrap and returns the package the agent compresses:
   * instructions, the current digest, existing patterns, stale warnings, associations and the
   * episodes (most salient first within `maxChars`). `status: "empty"` when nothing is new.
   *
   *   const wrap = await mem.prepareWrap();
   *   if (wrap.status === "ready") await mem.saveContinuity(await llm(wrap.package), { token: wrap.token });
   */
  async prepareWrap(options: PrepareWrapOptions = {}): Promise<PreparedWrap> {
    const o = parseInput(PrepareWrapOptionsSchema, options, "prepareWrap options");
    return prepareWrapProcess(this.store, this.writes, this.policy, {
      namespace: o.namespace ?? this.namespace,
      session: o.session ?? null,
      maxChars: o.maxChars ?? this.policy.wrapMaxChars,
    });
  }

  /**
   * Validates and saves the agent's digest for a prepared wrap: structure, every citation
   * (exists, in this wrap, grounded, not self-cited), the 1x → 2x → 3x ladder, staleness, and
   * associations from valid co-citations. Returns what it accepted, demoted and linked.
   */
  async saveContinuity(text: string, options: SaveContinuityOptions): Promise<SaveReport> {
    const input = parseInput(SaveContinuityInputSchema, { text, options }, "saveContinuity");
    return saveContinuityProcess(this.store, this.writes, this.policy, input.text, {
      token: input.options.token,
      affect: input.options.affect ?? null,
      namespace: input.options.namespace ?? this.namespace,
    });
  }

  /** Abandons a prepared wrap of the namespace; its episodes go into the next one. */
  async cancelWrap(token: string, options: IdOptions = {}): Promise<{ cancelled: true; wrap: number }> {
    const o = parseInput(IdOptionsSchema, options, "cancelWrap options");
    return cancelWrapProcess(
      this.store,
      this.writes,
      parseInput(WrapTokenSchema, token, "token"),
      o.namespace ?? this.namespace,
    );
  }

  /**
   * The current continuity digest (markdown): the last saved one, or — when no agent has
   * wrapped yet — one rendered deterministically from beliefs, so every user has one.
   */
  async continuity(options: StatsOptions = {}): Promise<string> {
    const o = parseInput(StatsOptionsSchema, options, "continuity options");
    const namespace = o.namespace ?? this.namespace;
    const saved = await records.digest(this.store, namespace);
    return saved?.text ?? renderContinuity(this.store, this.policy, namespace);
  }

  /** The digest rendered from beliefs, whatever was saved. */
  async renderContinuity(options: StatsOptions = {}): Promise<string> {
    const o = parseInput(StatsOptionsSchema, options, "continuity options");
    return renderContinuity(this.store, this.policy, o.namespace ?? this.namespace);
  }

  /** Saved digests, oldest first (the last 20), for diffs across wraps. */
  async continuityHistory(options: StatsOptions = {}): Promise<Digest[]> {
    const o = parseInput(StatsOptionsSchema, options, "continuity options");
    return records.history(this.store, o.namespace ?? this.namespace);
  }

  /** Hebbian links between episodes formed by validated co-citation, strongest first. */
  async associations(options: AssociationsOptions = {}): Promise<AssociationView[]> {
    const o = parseInput(AssociationsOptionsSchema, options, "associations options");
    return listAssociations(this.store, {
      namespace: o.namespace ?? this.namespace,
      episodeId: o.episodeId,
      minStrength: o.minStrength,
      limit: o.limit,
    });
  }

  /**
   * Re-embeds every episode and belief with this engine's embedder and drops other embedders'
   * vectors: what to run after switching embedders (until then vector search refuses with
   * EMBEDDER_MISMATCH rather than compare incomparable vectors).
   *
   *   const report = await mem.reindex({}, { onProgress: (done, total) => bar.update(done) });
   */
  async reindex(
    options: Omit<ReindexOptions, "onProgress"> = {},
    hooks: ProgressHooks = {},
  ): Promise<ReindexReport> {
    return reindex(this.store, this.embedder, { ...options, onProgress: hooks.onProgress });
  }

  /**
   * Verifies every namespace's audit chain, or only `options.namespace`'s.
   *
   *   await mem.verifyAudit();                       // the whole store
   *   await mem.verifyAudit({ namespace: "team-a" }); // one chain
   */
  async verifyAudit(options: StatsOptions = {}): Promise<AuditVerification> {
    const o = parseInput(StatsOptionsSchema, options, "verifyAudit options");
    // One state of the chains: an entry appended between the last page and the head mark is no
    // truncation (attacks42).
    return readOneState(this.store, (reader) => verifyChains(reader, undefined, o.namespace), "snapshot");
  }

  /**
   * Audit entries, oldest first, filtered by subject, time (`since`) and event (exact, or a
   * prefix such as `belief.*`).
   *
   *   await mem.audit({ since: "2026-03-01", event: "belief.*", limit: 20 });
   */
  async audit(options: AuditOptions = {}): Promise<AuditEntry[]> {
    const o = parseInput(AuditOptionsSchema, options, "audit options");
    return listAuditEntries(this.store, o.namespace ?? this.namespace, o);
  }

  /**
   * One namespace's audit chain as JSONL files (a header line, then at most `linesPerFile`
   * entries each) that verify together, across file boundaries, with `verifyAuditJsonl`.
   *
   *   const files = await mem.exportAuditJsonl({ linesPerFile: 1000 });
   *   verifyAuditJsonl(files).ok; // true until a line is edited, removed or moved, or a file dropped
   */
  async exportAuditJsonl(options: AuditJsonlOptions = {}): Promise<string[]> {
    const o = parseInput(AuditJsonlOptionsSchema, options, "exportAuditJsonl options");
    const namespace = o.namespace ?? this.namespace;
    // Past 5,000 entries the chain is read in pages: from one state of it (whole-read.ts).
    return readWhole(this.store, (reader) => auditChainFiles(reader, namespace, o.linesPerFile));
  }

  /**
   * A namespace as text. `json` is lossless (episodes, beliefs of every status, provenance,
   * links, outcomes, vectors, judged pairs, continuity records, the audit chain) and round-trips
   * through `import` into an empty store; `jsonl` holds the same records one a line; `markdown`
   * is for people: the digest and beliefs by kind and status with their evidence; `memory-jsonl`
   * is the current beliefs in the MCP memory server's format.
   *
   *   const json = await mem.export({ format: "json" });
   *   await other.import(json); // same ids, same recall, the chain verifies
   */
  async export(options: ExportOptions = {}): Promise<string> {
    const o = parseInput(ExportOptionsSchema, options, "export options");
    const namespace = o.namespace ?? this.namespace;
    const exportedAt = this.now();
    // From one state of the namespace: a forget landing between two pages would tear it (whole-read.ts).
    const { doc, digest } = await readWhole(this.store, async (reader) => ({
      doc: await dumpNamespace(reader, namespace, exportedAt),
      digest:
        o.format === "markdown"
          ? ((await records.digest(reader, namespace))?.text ??
            (await renderContinuity(reader, this.policy, namespace)))
          : null,
    }));
    if (o.format === "json") return renderJson(doc);
    if (o.format === "jsonl") return renderJsonl(doc);
    if (o.format === "memory-jsonl") return renderMemoryJsonl(doc);
    return renderMarkdown(doc, digest ?? "");
  }

  /**
   * Imports a Strata export (JSON text or object, or JSONL) or the MCP memory server's
   * `memory.jsonl`, detected from the content. A Strata export is loaded as it was, into a
   * namespace that holds nothing yet; memory.jsonl entities, observations and relations pass the
   * write gate as episodes distilled into facts (duplicates merge). An unknown or damaged source
   * is refused whole, nothing written: among the damage, a row of another namespace, an id twice
   * or past 2^52, a forgotten row with text, and an audit chain that does not verify. Returns
   * what it did.
   *
   *   const report = await mem.import(readFileSync("memory.jsonl", "utf8"));
   *   report.counts; // { statements: 12, stored: 10, merged: 2, entities: 4, relations: 3 }
   */
  async import(
    source: unknown,
    options: ImportOptions = {},
    hooks: ProgressHooks = {},
  ): Promise<ImportReport> {
    const o = parseInput(ImportOptionsSchema, options, "import options");
    const parsed = parseImportSource(source);
    if (parsed.format !== "mcp-memory") {
      // A Strata export loads into its own namespace only, and only when that is the caller's.
      const namespace = o.namespace ?? this.namespace;
      if (namespace !== parsed.document.namespace)
        throw new StrataError(
          "INVALID_INPUT",
          `This Strata export is of namespace "${parsed.document.namespace}", which is part of every audit hash: it can only be imported into that namespace, and this call acts in "${namespace}". Import it with namespace "${parsed.document.namespace}" (strata --namespace ${parsed.document.namespace} import …).`,
          // "namespace" is a word of the prose here, not a name for a surface to say its way.
          { field: "namespace", fields: [] },
        );
      return loadDocument(this.store, this.writes, parsed.document, parsed.format, hooks.onProgress);
    }
    return importStatements(
      this,
      parsed.statements,
      o.namespace ?? this.namespace,
      { entities: parsed.entities, relations: parsed.relations },
      hooks.onProgress,
    );
  }

  /**
   * A hot, consistent copy of the whole store at `path` while writers run (SQLite's online
   * backup). A store without the capability (a server database) refuses with UNSUPPORTED.
   *
   * An existing file at `path` is refused (CONFLICT) unless `overwrite: true`.
   *
   *   await mem.backup("backups/memory-2026-03-01.db");
   */
  async backup(
    path: string,
    options: { overwrite?: boolean } = {},
  ): Promise<{ path: string; store: string }> {
    const destination = parseInput(
      z.string().trim().min(1, "a backup path is required: pass a file path such as backups/memory.db"),
      path,
      "backup path",
    );
    if (!this.store.capabilities.backup || !this.store.backup)
      throw new StrataError(
        "UNSUPPORTED",
        `The ${this.store.name} store has no hot backup: copy it with its own tools (pg_dump for Postgres), or export a namespace with export({ format: "json" }).`,
        { store: this.store.name },
      );
    await this.store.backup(destination, { overwrite: options.overwrite === true });
    return { path: destination, store: this.store.name };
  }

  /**
   * Builds the store's in-process search indexes now, or with `background: true` off the request
   * path (SQLite: in a worker thread, while searches are served cold), for a long-lived process
   * (`strata serve`, `strata worker`, an application that recalls many times). `background:
   * "auto"`: off the request path only where the store is large enough for that to pay (SQLite:
   * `backgroundFrom` rows), else on search. Never needed for correctness; a one-shot command
   * should not call it. Settles with what was done, and why nothing was when a background build
   * could not run or was not worth it (the indexes are then built on a search; `small`: not worth
   * it, the store is under the threshold). `notice`: the sentence to show a user, set by the store
   * only when there is something to tell (print it as it is).
   *
   *   void mem.warmIndexes({ background: "auto" }).then((r) => r.notice && log(r.notice));
   */
  async warmIndexes(
    options: { background?: boolean | "auto" } = {},
  ): Promise<{ how: string; reason?: string; small?: boolean; notice?: string }> {
    // A store without the method keeps no index to build ahead (its searches build what they need).
    return (await this.store.warmIndexes?.(options)) ?? { how: "on-search" };
  }

  async close(): Promise<void> {
    await this.importPreparer.close();
    await this.store.close();
  }
}

/** The same engine (store, ports, policy, judges) with another namespace, roots or actor. */
function derive(
  from: Memory,
  o: { namespace: string; namespaceRoots: readonly string[]; actor: string },
): Memory {
  return new Memory({
    // Already wrapped with the audit sink, if any: not wrapped twice.
    store: from.store,
    embedder: from.embedder,
    tokenizer: from.tokenizer,
    clock: from.clock,
    judge: from.configuredJudge,
    sleepJudge: from.sleepJudge,
    policy: from.policy,
    // Every port the engine was made with: a surface's derived engine (REST, MCP, the dashboard)
    // must recall and sleep as the library's does, WordNet included.
    lexicon: from.lexicon,
    ...o,
    lockWaitMs: from.lockWaitMs,
    sleepStep: from.sleepStep,
    importPreparer: from.importPreparer,
  });
}
