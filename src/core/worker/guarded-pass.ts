/**
 * One worker pass over a namespace — decide, `maintain`, `consolidate` when due — run as ONE
 * write transaction, so it lands whole or not at all:
 *
 * - the retire-share guard compares the active set before and after, and rolls the pass back
 *   (nothing applied) when more left it than the limit allows;
 * - a dry run rolls back after the pass, having seen exactly what would be applied;
 * - shutdown (an aborted signal) rolls back at the next progress step.
 *
 * The engine's processes run unchanged over `passStore`, a view of the store whose
 * `transaction` joins the open one and whose `withLock` is the sleep lock the worker already
 * holds. Writers wait for the pass (one write lock) rather than see half of it.
 */
import { createEngine, type Memory } from "../engine.js";
import { StrataError } from "../errors.js";
import type { MaintainReport } from "../maintain.js";
import type { Belief } from "../model.js";
import type { Embedder, Judge, JudgePair, Store, StoreWriter } from "../ports.js";
import type { SleepReport } from "../sleep/report.js";
import type { WorkerSettings } from "./options.js";
import { type ConsolidateReason, ITEMS_KEPT, type WorkerReport, type WorkerState } from "./records.js";

/** The store as a pass inside `tx` sees it: one transaction, the lock already held. */
export function passStore(store: Store, tx: StoreWriter): Store {
  const joined = {
    transaction: <T>(fn: (w: StoreWriter) => Promise<T>) => fn(tx),
    // The worker holds the namespace's sleep lock around the whole pass.
    withLock: <T>(_name: string, _o: unknown, fn: () => Promise<T>) => fn(),
    name: store.name,
    capabilities: store.capabilities,
    backup: undefined,
    purgeErased: undefined,
    close: async () => undefined,
  } as Record<PropertyKey, unknown>;
  return new Proxy(tx as unknown as Store, {
    get(target, prop) {
      if (prop in joined) return joined[prop];
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** Thrown inside the pass to roll it back with an outcome to report. */
class RollBack extends Error {
  constructor(readonly report: WorkerReport) {
    super(`pass over namespace "${report.namespace}" rolled back: ${report.status}`);
  }
}

export interface PassInput {
  namespace: string;
  settings: WorkerSettings;
  /** Decides inside the transaction, on the state the pass will change. */
  decide: (tx: StoreWriter) => Promise<ConsolidateReason[]>;
  /** Applied pass: write the worker's own records in the same transaction. */
  finish: (tx: StoreWriter, report: WorkerReport) => Promise<void>;
  signal?: AbortSignal | undefined;
  /**
   * Lets the host's event loop run (signals, timers) now and then during the pass: the
   * processes over an embedded store may never wait on I/O. Default: a zero-delay timer.
   */
  yieldToHost?: (() => Promise<void>) | undefined;
  onProgress?: ((done: number, total: number) => void) | undefined;
}

/** Calls between two yields to the host during a pass. */
const YIELD_EVERY = 16;
const zeroTimer = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The engine's embedder and judges, pausing before every call: each `YIELD_EVERY`-th call lets
 * the host's event loop run (a SIGTERM handler, say), and every call checks for shutdown. The
 * pass embeds and judges item by item, so shutdown is seen within a few items.
 */
function interruptible(mem: Memory, pause: () => Promise<void>) {
  const judge = (j: Judge): Judge => ({
    name: j.name,
    ...(j.pairsPerRun !== undefined ? { pairsPerRun: j.pairsPerRun } : {}),
    compare: async (a, b) => {
      await pause();
      return j.compare(a, b);
    },
    ...(j.compareMany
      ? {
          compareMany: async (pairs: readonly JudgePair[]) => {
            await pause();
            return j.compareMany!(pairs);
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
  return { embedder, judge: judge(mem.configuredJudge), sleepJudge: judge(mem.sleepJudge) };
}

/** Shutdown reached a pass: it rolls back, and this is what the worker reports. */
export class PassAbandoned extends Error {
  override readonly name = "PassAbandoned";
}

async function activeBeliefs(tx: StoreWriter, ns: string): Promise<Set<string>> {
  const ids = new Set<string>();
  for (let offset = 0; ; offset += 5000) {
    const page = await tx.listBeliefs({ namespaces: [ns], statuses: ["active"] }, { limit: 5000, offset });
    for (const b of page) ids.add(b.id);
    if (page.length < 5000) break;
  }
  return ids;
}

const maintainItems = (r: MaintainReport) =>
  r.items.map((i) => ({ id: i.id, action: i.action, reason: i.reason, by: null }));
const sleepItems = (r: SleepReport) =>
  r.items.map((i) => ({ id: i.id, action: i.action, reason: i.reason, by: i.by }));

/**
 * Runs one guarded pass; resolves with its report (applied, dry-run or stopped). Shutdown
 * rejects with PassAbandoned and an error with itself, both after rolling back.
 */
export async function runPass(mem: Memory, input: PassInput): Promise<WorkerReport> {
  const { namespace: ns, settings: o, signal } = input;
  const checkpoint = () => {
    if (signal?.aborted) throw new PassAbandoned(`shutdown while tending namespace "${ns}"`);
  };
  checkpoint();
  let calls = 0;
  const yieldToHost = input.yieldToHost ?? zeroTimer;
  const ports = interruptible(mem, async () => {
    if (++calls % YIELD_EVERY === 0) await yieldToHost();
    checkpoint();
  });
  try {
    return await mem.store.transaction(async (tx) => {
      const at = mem.clock.now().toISOString();
      const reasons = await input.decide(tx);
      const worker = createEngine({
        store: passStore(mem.store, tx),
        ...ports,
        tokenizer: mem.tokenizer,
        clock: mem.clock,
        policy: mem.policy,
        namespace: ns,
        actor: o.actor,
        lockWaitMs: 0,
      });
      const before = await activeBeliefs(tx, ns);
      const maintained = await worker.maintain({ namespace: ns });
      checkpoint();
      const consolidated =
        reasons.length > 0
          ? await worker.consolidate(
              { namespace: ns },
              {
                onProgress: (done, total) => {
                  checkpoint();
                  input.onProgress?.(done, total);
                },
              },
            )
          : null;
      checkpoint();
      const after = await activeBeliefs(tx, ns);
      const gone = [...before].filter((id) => !after.has(id));
      const byStatus: Record<string, number> = {};
      for (const b of (await tx.getBeliefs(gone)) as Belief[])
        byStatus[b.status] = (byStatus[b.status] ?? 0) + 1;
      const limit = Math.max(o.retireAllowance, Math.floor(o.maxRetireShare * before.size));
      const items = [...maintainItems(maintained), ...(consolidated ? sleepItems(consolidated) : [])];
      const report: WorkerReport = {
        namespace: ns,
        at,
        worker: o.actor,
        status: "applied",
        reasons,
        activeBefore: before.size,
        activeAfter: after.size,
        left: {
          count: gone.length,
          share: before.size === 0 ? 0 : Math.round((gone.length / before.size) * 10_000) / 10_000,
          byStatus,
        },
        limit,
        maintain: maintained.counts,
        consolidate: consolidated ? consolidated.counts : null,
        items: items.slice(0, ITEMS_KEPT),
        itemsOmitted: Math.max(0, items.length - ITEMS_KEPT),
        error: null,
      };
      if (gone.length > limit) throw new RollBack({ ...report, status: "stopped" });
      if (o.dryRun) throw new RollBack({ ...report, status: "dry-run" });
      await input.finish(tx, report);
      return report;
    });
  } catch (error) {
    if (error instanceof RollBack) return error.report;
    throw error;
  }
}

/** The state after an applied pass: what the worker saw, and the consolidation if one ran. */
export function stateAfter(
  state: WorkerState,
  report: WorkerReport,
  head: { seq: number; hash: string } | null,
  lastWriteAt: string | null,
): WorkerState {
  const seen = head ?? { seq: 0, hash: "" };
  return {
    seen,
    consolidated: report.consolidate ? { at: report.at, ...seen } : state.consolidated,
    lastWriteAt: report.consolidate ? null : lastWriteAt,
    stopped: null,
  };
}

export const isBusy = (error: unknown) => error instanceof StrataError && error.code === "BUSY";
