/**
 * One worker pass over a namespace — decide, `maintain`, `consolidate` when due — under the
 * namespace's sleep lock (the worker holds it around the pass), in bounded steps: each write
 * transaction of the engine's processes (maintain's, each step of distillation, each step of the
 * sweep's decisions …, see sleep/steps.ts) commits on its own, so writers in other processes
 * interleave between steps instead of waiting for the whole pass.
 *
 * - The retire-share guard is checked on every step before it commits: what the step takes out of
 *   the active set (watched on its writer: a belief active when the pass began set to another
 *   status) plus what the committed steps took out. A step that would take the pass over the
 *   limit rolls back and the pass stops there (`stopped`): committed work never takes more than
 *   the limit out of the active set.
 * - A dry run runs every step inside ONE transaction and rolls it back, having seen exactly what
 *   would be applied (writers wait for it meanwhile).
 * - Shutdown (an aborted signal) rolls back the step under way; the steps before it stay, and the
 *   next pass carries on from there.
 *
 * The engine's processes run unchanged over `stepStore`, a view of the store whose
 * `transaction` is one guarded step and whose `withLock` is the sleep lock the worker holds.
 */
import { createEngine, type Memory } from "../engine.js";
import { StrataError } from "../errors.js";
import type { MaintainReport } from "../maintain.js";
import type {
  BeliefPatch,
  Embedder,
  Judge,
  JudgePair,
  JudgeVerdict,
  Store,
  StoreReader,
  StoreWriter,
} from "../ports.js";
import type { SleepReport } from "../sleep/report.js";
import { laterOf } from "../time.js";
import type { WorkerSettings } from "./options.js";
import {
  type AuditMark,
  type ConsolidateReason,
  ITEMS_KEPT,
  type WorkerReport,
  type WorkerState,
} from "./records.js";

type RunStep = <T>(fn: (w: StoreWriter) => Promise<T>) => Promise<T>;

/** The store as a pass sees it: reads from `reader`, each transaction one guarded step, the lock held. */
function stepStore(store: Store, reader: StoreReader, runStep: RunStep): Store {
  const own = {
    transaction: runStep,
    // The worker holds the namespace's sleep lock around the whole pass.
    withLock: <T>(_name: string, _o: unknown, fn: () => Promise<T>) => fn(),
    // Its reads are `reader`'s, which may be no store's pool: read as they come.
    readScope: <T>(fn: () => Promise<T>) => fn(),
    // The store's mark (a transaction's reader has none of its own); a snapshot reads `reader`:
    // inside the pass's transaction nothing lands, outside it the store's own snapshot is taken.
    writeMark: () => store.writeMark(),
    snapshot: <T>(fn: (r: StoreReader) => Promise<T>) => (reader === store ? store.snapshot(fn) : fn(reader)),
    name: store.name,
    capabilities: store.capabilities,
    backup: undefined,
    purgeErased: undefined,
    close: async () => undefined,
  } as Record<PropertyKey, unknown>;
  return new Proxy(reader as unknown as Store, {
    get(target, prop) {
      if (prop in own) return own[prop];
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** A belief a step took out of the active set (or brought back: `status` active). */
interface Change {
  status: string;
  reason: string;
  by: string | null;
}

/** The retire-share guard over one pass's steps. */
class RetireGuard {
  /** Beliefs active at the start that committed steps took out, with their new status. */
  readonly left = new Map<string, Change>();
  steps = 0;

  constructor(
    private readonly before: ReadonlySet<string>,
    readonly limit: number,
  ) {}

  /** A step's writer, noting every status change of a belief that was active at the start. */
  open(tx: StoreWriter): { writer: StoreWriter; changes: Map<string, Change> } {
    const changes = new Map<string, Change>();
    const before = this.before;
    const updateBelief = async (id: string, patch: BeliefPatch) => {
      await tx.updateBelief(id, patch);
      if (patch.status !== undefined && before.has(id))
        changes.set(id, {
          status: patch.status,
          reason: patch.statusReason ?? patch.status,
          by: patch.supersededBy ?? patch.parentId ?? null,
        });
    };
    const writer = new Proxy(tx, {
      get(target, prop) {
        if (prop === "updateBelief") return updateBelief;
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    return { writer, changes };
  }

  /** What the pass would have taken out once this step commits. */
  private merged(changes: ReadonlyMap<string, Change>): Map<string, Change> {
    const all = new Map(this.left);
    for (const [id, c] of changes) c.status === "active" ? all.delete(id) : all.set(id, c);
    return all;
  }

  /** Before a step commits: throws OverLimit (rolling the step back) when it would cross the limit. */
  check(changes: ReadonlyMap<string, Change>): void {
    const all = this.merged(changes);
    if (all.size > this.limit) throw new OverLimit(all, changes);
  }

  commit(changes: ReadonlyMap<string, Change>): void {
    const all = this.merged(changes);
    this.left.clear();
    for (const [id, c] of all) this.left.set(id, c);
    this.steps++;
  }
}

/** Thrown inside the step that would take the pass over the limit: that step rolls back. */
class OverLimit extends Error {
  constructor(
    readonly all: ReadonlyMap<string, Change>,
    readonly step: ReadonlyMap<string, Change>,
  ) {
    super("the retire-share guard stopped the pass");
  }
}

/** Thrown at the end of a dry run to roll it back with its report. */
class RollBack extends Error {
  constructor(readonly report: WorkerReport) {
    super(`pass over namespace "${report.namespace}" rolled back: ${report.status}`);
  }
}

export interface PassInput {
  namespace: string;
  settings: WorkerSettings;
  /** Decides on the state the pass starts from (inside the dry run's transaction). */
  decide: (reader: StoreReader) => Promise<ConsolidateReason[]>;
  /** Applied pass: write the worker's own records (one last transaction). */
  finish: (tx: StoreWriter, report: WorkerReport) => Promise<void>;
  signal?: AbortSignal | undefined;
  /**
   * Lets the host's event loop run (signals, timers) now and then inside a step: the processes
   * over an embedded store may never wait on I/O. Default: a zero-delay timer.
   */
  yieldToHost?: (() => Promise<void>) | undefined;
  /**
   * Awaited before each step of an applied pass, with no transaction open: the moment other
   * writers get in (and the host's signals). Default: a zero-delay timer.
   */
  betweenSteps?: ((step: number) => Promise<void>) | undefined;
  onProgress?: ((done: number, total: number, phase?: string) => void) | undefined;
}

/** Calls between two yields to the host inside a step. */
const YIELD_EVERY = 16;
const zeroTimer = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Pairs the sleep judge decided itself and handed to its fallback, counted as it answers. */
interface JudgeTally {
  judged: number;
  fallbacks: number;
}

/**
 * The engine's embedder and judges, pausing before every call: each `YIELD_EVERY`-th call lets
 * the host's event loop run (a SIGTERM handler, say), and every call checks for shutdown. The
 * pass embeds and judges item by item, so shutdown is seen within a few items. The sleep judge's
 * verdicts are tallied for the report.
 */
function interruptible(mem: Memory, pause: () => Promise<void>, tally: JudgeTally) {
  const count = (j: Judge, v: JudgeVerdict) => {
    if (v.fallback !== undefined) tally.fallbacks++;
    else if ((v.judge ?? j.name) === j.name) tally.judged++;
  };
  const judge = (j: Judge, counted: boolean): Judge => ({
    name: j.name,
    ...(j.pairsPerRun !== undefined ? { pairsPerRun: j.pairsPerRun } : {}),
    ...(j.generalise ? { generalise: j.generalise.bind(j) } : {}),
    compare: async (a, b) => {
      await pause();
      const v = await j.compare(a, b);
      if (counted) count(j, v);
      return v;
    },
    ...(j.compareMany
      ? {
          compareMany: async (pairs: readonly JudgePair[]) => {
            await pause();
            const verdicts = await j.compareMany!(pairs);
            if (counted) for (const v of verdicts) count(j, v);
            return verdicts;
          },
        }
      : {}),
  });
  const embedder: Embedder = {
    id: mem.embedder.id,
    dimension: mem.embedder.dimension,
    embed: async (texts) => {
      await pause();
      return mem.embedder.embed(texts);
    },
  };
  return { embedder, judge: judge(mem.configuredJudge, false), sleepJudge: judge(mem.sleepJudge, true) };
}

/** Shutdown reached a pass: the step under way rolls back, and this is what the worker reports. */
export class PassAbandoned extends Error {
  override readonly name = "PassAbandoned";
}

/**
 * A pass ended by shutdown or an error: the step under way rolled back, `committed` says what
 * the steps before it applied. `cause` is the PassAbandoned or the error.
 */
export class PassInterrupted extends Error {
  override readonly name = "PassInterrupted";
  constructor(
    override readonly cause: unknown,
    readonly committed: NonNullable<WorkerReport["committed"]>,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

async function activeBeliefs(reader: StoreReader, ns: string): Promise<Set<string>> {
  const ids = new Set<string>();
  for (let offset = 0; ; offset += 5000) {
    const page = await reader.listBeliefs(
      { namespaces: [ns], statuses: ["active"] },
      { limit: 5000, offset },
    );
    for (const b of page) ids.add(b.id);
    if (page.length < 5000) break;
  }
  return ids;
}

async function activeCount(reader: StoreReader, ns: string): Promise<number> {
  const counts = await reader.countBeliefs({ namespaces: [ns], statuses: ["active"] });
  return Object.values(counts.status ?? {}).reduce((a, n) => a + n, 0);
}

/** Audit entries `actor` wrote in `ns` after `afterSeq`. */
async function entriesSince(
  reader: StoreReader,
  ns: string,
  afterSeq: number,
  actor: string,
): Promise<number> {
  let n = 0;
  for (let after = afterSeq; ; ) {
    const page = await reader.listAudit({ namespace: ns, afterSeq: after, limit: 1000 });
    for (const e of page) if (e.actor === actor) n++;
    if (page.length < 1000) return n;
    after = page.at(-1)!.seq;
  }
}

const maintainItems = (r: MaintainReport) =>
  r.items.map((i) => ({ id: i.id, action: i.action, reason: i.reason, by: null }));
const sleepItems = (r: SleepReport) =>
  r.items.map((i) => ({ id: i.id, action: i.action, reason: i.reason, by: i.by }));
const changeItems = (changes: ReadonlyMap<string, Change>) =>
  [...changes].map(([id, c]) => ({ id, action: c.status, reason: c.reason, by: c.by }));

function byStatus(left: ReadonlyMap<string, Change>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of left.values()) out[c.status] = (out[c.status] ?? 0) + 1;
  return out;
}

/**
 * Runs one guarded pass; resolves with its report (applied, dry-run or stopped). Shutdown and
 * errors reject with PassInterrupted (its `cause` a PassAbandoned or the error), after the step
 * under way rolled back.
 */
export async function runPass(mem: Memory, input: PassInput): Promise<WorkerReport> {
  const { namespace: ns, settings: o, signal } = input;
  const checkpoint = () => {
    if (signal?.aborted) throw new PassAbandoned(`shutdown while tending namespace "${ns}"`);
  };
  checkpoint();
  let calls = 0;
  const yieldToHost = input.yieldToHost ?? zeroTimer;
  const tally: JudgeTally = { judged: 0, fallbacks: 0 };
  const ports = interruptible(
    mem,
    async () => {
      if (++calls % YIELD_EVERY === 0) await yieldToHost();
      checkpoint();
    },
    tally,
  );

  /** The pass over `reader`, each step run by `runStep`. */
  const pass = async (reader: StoreReader, runStep: (guard: RetireGuard) => RunStep) => {
    const at = mem.clock.now().toISOString();
    const reasons = await input.decide(reader);
    const start = (await reader.auditHeadMark(ns))?.seq ?? 0;
    const before = await activeBeliefs(reader, ns);
    const limit = Math.max(o.retireAllowance, Math.floor(o.maxRetireShare * before.size));
    const guard = new RetireGuard(before, limit);
    const worker = createEngine({
      store: stepStore(mem.store, reader, runStep(guard)),
      ...ports,
      tokenizer: mem.tokenizer,
      clock: mem.clock,
      policy: mem.policy,
      // Sleeps as the library's consolidate does: WordNet reads its referents and retirements.
      lexicon: mem.lexicon,
      namespace: ns,
      actor: o.actor,
      lockWaitMs: 0,
      sleepStep: mem.sleepStep,
    });
    const base = (left: ReadonlyMap<string, Change>): WorkerReport => ({
      namespace: ns,
      at,
      worker: o.actor,
      status: "applied",
      reasons,
      activeBefore: before.size,
      activeAfter: before.size,
      left: {
        count: left.size,
        share: before.size === 0 ? 0 : Math.round((left.size / before.size) * 10_000) / 10_000,
        byStatus: byStatus(left),
      },
      limit,
      maintain: null,
      consolidate: null,
      items: [],
      itemsOmitted: 0,
      error: null,
    });
    const committed = async () => ({
      steps: guard.steps,
      left: guard.left.size,
      entries: await entriesSince(reader, ns, start, o.actor),
    });
    const judgeOf = () => ({
      name: mem.sleepJudge.name,
      judged: tally.judged,
      fallbacks: tally.fallbacks,
      budget: mem.sleepJudge.pairsPerRun ?? null,
    });
    let maintained: MaintainReport | null = null;
    let consolidated: SleepReport | null = null;
    try {
      maintained = await worker.maintain({ namespace: ns });
      checkpoint();
      if (reasons.length > 0)
        consolidated = await worker.consolidate(
          { namespace: ns },
          {
            onProgress: (done, total, phase) => {
              checkpoint();
              input.onProgress?.(done, total, phase);
            },
          },
        );
      checkpoint();
    } catch (error) {
      if (error instanceof OverLimit) {
        // Stopped: what the committed steps applied stays; the step that would cross the limit did not.
        const report: WorkerReport = {
          ...base(error.all),
          status: "stopped",
          activeAfter: await activeCount(reader, ns),
          maintain: maintained?.counts ?? null,
          items: changeItems(error.step).slice(0, ITEMS_KEPT),
          itemsOmitted: Math.max(0, error.step.size - ITEMS_KEPT),
          committed: await committed(),
        };
        return report;
      }
      throw new PassInterrupted(
        error,
        await committed().catch(() => ({ steps: guard.steps, left: guard.left.size, entries: 0 })),
      );
    }
    const items = [...maintainItems(maintained), ...(consolidated ? sleepItems(consolidated) : [])];
    const report: WorkerReport = {
      ...base(guard.left),
      activeAfter: await activeCount(reader, ns),
      maintain: maintained.counts,
      consolidate: consolidated ? consolidated.counts : null,
      items: items.slice(0, ITEMS_KEPT),
      itemsOmitted: Math.max(0, items.length - ITEMS_KEPT),
      committed: await committed(),
      ...(consolidated ? { judge: judgeOf() } : {}),
    };
    return report;
  };

  if (o.dryRun) {
    // Every step inside one transaction, rolled back at the end.
    try {
      await mem.store.transaction(async (tx) => {
        const report = await pass(tx, (guard) => async (fn) => {
          checkpoint();
          const step = guard.open(tx);
          const out = await fn(step.writer);
          guard.check(step.changes);
          guard.commit(step.changes);
          return out;
        });
        const { committed: _, ...rest } = report;
        throw new RollBack(report.status === "stopped" ? rest : { ...rest, status: "dry-run" });
      });
    } catch (error) {
      if (error instanceof RollBack) return error.report;
      if (error instanceof PassInterrupted)
        throw new PassInterrupted(error.cause, { steps: 0, left: 0, entries: 0 });
      throw error;
    }
    throw new Error("unreachable: a dry run always rolls back");
  }

  const betweenSteps = input.betweenSteps ?? zeroTimer;
  const report = await pass(mem.store, (guard) => async (fn) => {
    await betweenSteps(guard.steps);
    checkpoint();
    const done = await mem.store.transaction(async (tx) => {
      const step = guard.open(tx);
      const out = await fn(step.writer);
      guard.check(step.changes);
      return { out, changes: step.changes };
    });
    guard.commit(done.changes);
    return done.out;
  });
  if (report.status === "applied") await mem.store.transaction((tx) => input.finish(tx, report));
  return report;
}

/**
 * The state after an applied pass: what the worker saw, and the consolidation if one ran. When
 * others wrote between the pass's steps (`during`), the pass did not see those writes: the state
 * points back at where the pass began, so the next tick looks again and counts them.
 */
export function stateAfter(
  state: WorkerState,
  report: WorkerReport,
  head: AuditMark | null,
  lastWriteAt: string | null,
  during?: { start: AuditMark | null; writes: number; lastWriteAt: string | null },
): WorkerState {
  if (during && during.writes > 0) {
    const start = during.start ?? { seq: 0, hash: "" };
    return {
      seen: start,
      consolidated: report.consolidate ? { at: report.at, ...start } : state.consolidated,
      lastWriteAt: laterOf(report.consolidate ? "" : (lastWriteAt ?? ""), during.lastWriteAt ?? "") || null,
      stopped: null,
    };
  }
  const seen = head ?? { seq: 0, hash: "" };
  return {
    seen,
    consolidated: report.consolidate ? { at: report.at, ...seen } : state.consolidated,
    lastWriteAt: report.consolidate ? null : lastWriteAt,
    stopped: null,
  };
}

export const isBusy = (error: unknown) => error instanceof StrataError && error.code === "BUSY";
