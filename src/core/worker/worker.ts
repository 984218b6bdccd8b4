/**
 * The background worker: keeps memory clean without anyone asking. Each tick, per namespace:
 *
 *   1. skip it when nothing changed since the worker last looked (its audit head), no request
 *      waits, and neither the idle timer nor the daily backstop is due;
 *   2. take the namespace's sleep lock without waiting (busy: skip, another pass runs);
 *   3. one guarded pass (guarded-pass.ts): `maintain`, then `consolidate` when a trigger says
 *      memory needs it (triggers.ts), in bounded steps (one short transaction each) so other
 *      writers interleave; the retire-share guard checks every step before it commits and stops
 *      the pass at the step that would cross its limit; a dry run rolls back whole; shutdown
 *      rolls back the step under way;
 *   4. keep the report (records.ts).
 *
 * Never forgets. Failures back off per namespace (doubling, capped). Deterministic: the clock
 * is the engine's and the wait between ticks is injected.
 *
 *   const worker = createWorker(mem, { namespaces: ["agent-7"], idle: "10m", daily: "03:00" });
 *   await worker.tick();                        // one pass over each namespace
 *   await worker.run({ signal: ac.signal });    // until aborted
 */
import type { Memory } from "../engine.js";
import { isStrataError } from "../errors.js";
import type { StoreReader } from "../ports.js";
import { isBusy, PassAbandoned, PassInterrupted, runPass, stateAfter } from "./guarded-pass.js";
import { parseWorkerOptions, type WorkerOptionsInput, type WorkerSettings } from "./options.js";
import {
  type AuditMark,
  clearRequest,
  keepReport,
  readRequest,
  readState,
  type WorkerReport,
  type WorkerState,
  workerReports,
  writeState,
} from "./records.js";
import {
  consolidationReasons,
  dailyDue,
  idleDue,
  type NamespaceSignals,
  readSignals,
  writesSince,
} from "./triggers.js";

/**
 * What a tick did with a namespace. `applied`, `dry-run`, `stopped`, `abandoned` and `failed`
 * come with a report; `unchanged` (nothing to do), `held` (a stopped pass, nothing changed
 * since), `busy` (another sweep or consolidation holds the lock), `backoff` (waiting after a
 * failure) and `empty` (a namespace named in `namespaces` that nothing was ever written in: a
 * misspelt name, or one named before its first write; skipped, nothing kept) do not.
 */
export type NamespaceStatus = WorkerReport["status"] | "unchanged" | "held" | "busy" | "backoff" | "empty";

export interface NamespaceOutcome {
  namespace: string;
  status: NamespaceStatus;
  /** In words. */
  detail: string;
  report: WorkerReport | null;
}

export interface TickResult {
  /** Store time the tick began. */
  at: string;
  outcomes: NamespaceOutcome[];
  /** Shutdown came before every namespace was visited. */
  interrupted: boolean;
}

export interface WorkerHooks {
  /** Waits `ms` between ticks, returning early once `signal` aborts. Default: a timer. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Each namespace's outcome, as soon as it is known (progress lines, live updates). */
  onOutcome?: (outcome: NamespaceOutcome) => void;
  /** Consolidation progress inside a namespace, for progress bars; `phase` as `ProgressHooks` names it. */
  onProgress?: (namespace: string, done: number, total: number, phase?: string) => void;
  /**
   * Awaited between two steps (write transactions) of a pass, with no transaction open: the
   * moment other writers get in. `step` counts the steps committed so far. Default: a
   * zero-delay timer (lets signals and this process's other work run).
   */
  betweenSteps?: (namespace: string, step: number) => Promise<void>;
  /** Each tick of `run`, once done. */
  onTick?: (result: TickResult) => void;
  /** A tick that failed as a whole (the namespace list could not be read); it is retried after a backoff. */
  onTickError?: (error: unknown) => void;
}

/**
 * setTimeout's longest wait, 2^31 − 1 ms (about 24.8 days): a longer one fires after 1 ms (Node's
 * TimeoutOverflowWarning), so `--interval 4w` or `30d` would tick without pause.
 */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Waits `ms` (any length, in steps setTimeout can take), or less if `signal` aborts first. */
export function timerSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let left = ms;
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const step = () => {
      const wait = Math.min(left, LONGEST_TIMER_MS);
      left -= wait;
      timer = setTimeout(left > 0 ? step : done, wait);
    };
    step();
    signal?.addEventListener("abort", done, { once: true });
  });
}

const sameMark = (a: AuditMark | null, b: AuditMark | null) =>
  (a?.seq ?? 0) === (b?.seq ?? 0) && (a?.hash ?? "") === (b?.hash ?? "");

const errorOf = (error: unknown) =>
  isStrataError(error)
    ? { code: error.code, message: error.message }
    : { code: "INTERNAL", message: error instanceof Error ? error.message : String(error) };

export class Worker {
  readonly settings: WorkerSettings;
  /** A dry run keeps where it left off here, never in the store. */
  private readonly dryState = new Map<string, WorkerState>();
  private readonly failures = new Map<string, { count: number; retryAt: number }>();

  constructor(
    readonly mem: Memory,
    options: WorkerOptionsInput = {},
    private readonly hooks: WorkerHooks = {},
  ) {
    this.settings = parseWorkerOptions(options);
  }

  /** Wait after `n` failures in a row: backoffFirst doubling, at most backoffMax. */
  backoffMs(n: number): number {
    return Math.min(this.settings.backoffMax, this.settings.backoffFirst * 2 ** Math.max(0, n - 1));
  }

  private async namespaces(): Promise<string[]> {
    const ns = this.settings.namespaces;
    return ns === "all" ? [...(await this.mem.store.auditNamespaces())].sort() : [...ns];
  }

  private async state(store: StoreReader, ns: string): Promise<WorkerState> {
    return this.dryState.get(ns) ?? readState(store, ns);
  }

  /** One pass over every namespace; stops between namespaces once `signal` aborts. */
  async tick(signal?: AbortSignal): Promise<TickResult> {
    const at = this.mem.clock.now().toISOString();
    const outcomes: NamespaceOutcome[] = [];
    let interrupted = false;
    for (const ns of await this.namespaces()) {
      if (signal?.aborted) {
        interrupted = true;
        break;
      }
      const outcome = await this.visitGuarded(ns, signal);
      outcomes.push(outcome);
      this.hooks.onOutcome?.(outcome);
    }
    return { at, outcomes, interrupted };
  }

  /**
   * Ticks every `interval` until `signal` aborts; a tick that fails as a whole waits a backoff
   * instead. Resolves once the current namespace is finished or rolled back: no lock is held.
   */
  async run(options: { signal?: AbortSignal } = {}): Promise<{ ticks: number }> {
    const { signal } = options;
    const sleep = this.hooks.sleep ?? timerSleep;
    let ticks = 0;
    let failed = 0;
    while (!signal?.aborted) {
      let wait = this.settings.interval;
      try {
        const result = await this.tick(signal);
        this.hooks.onTick?.(result);
        ticks++;
        failed = 0;
      } catch (error) {
        failed++;
        wait = this.backoffMs(failed);
        this.hooks.onTickError?.(error);
      }
      if (signal?.aborted) break;
      await sleep(wait, signal);
    }
    return { ticks };
  }

  private async visitGuarded(ns: string, signal?: AbortSignal): Promise<NamespaceOutcome> {
    const now = this.mem.clock.now().getTime();
    const failing = this.failures.get(ns);
    if (failing && now < failing.retryAt)
      return {
        namespace: ns,
        status: "backoff",
        detail: `${failing.count} failure(s) in a row; retrying at ${new Date(failing.retryAt).toISOString()}`,
        report: null,
      };
    try {
      const outcome = await this.visit(ns, signal);
      this.failures.delete(ns);
      return outcome;
    } catch (error) {
      if (isBusy(error))
        return {
          namespace: ns,
          status: "busy",
          detail: "another sweep or consolidation of this namespace is running: skipped",
          report: null,
        };
      const cause = error instanceof PassInterrupted ? error.cause : error;
      const committed = error instanceof PassInterrupted ? error.committed : undefined;
      const abandoned = cause instanceof PassAbandoned;
      const report = await this.keepFailure(ns, abandoned ? "abandoned" : "failed", cause, committed);
      if (abandoned) return { namespace: ns, status: "abandoned", detail: describeReport(report), report };
      const count = (failing?.count ?? 0) + 1;
      const wait = this.backoffMs(count);
      this.failures.set(ns, { count, retryAt: now + wait });
      return {
        namespace: ns,
        status: "failed",
        detail: `${errorOf(cause).code}: ${errorOf(cause).message} (next try in ${Math.round(wait / 1000)}s)`,
        report,
      };
    }
  }

  /** A pass ended by an error or shutdown (the step under way rolled back), kept as a report (best effort). */
  private async keepFailure(
    ns: string,
    status: "failed" | "abandoned",
    error: unknown,
    committed: WorkerReport["committed"],
  ): Promise<WorkerReport> {
    const report: WorkerReport = {
      namespace: ns,
      at: this.mem.clock.now().toISOString(),
      worker: this.settings.actor,
      status,
      reasons: [],
      activeBefore: 0,
      activeAfter: 0,
      left: { count: 0, share: 0, byStatus: {} },
      limit: 0,
      maintain: null,
      consolidate: null,
      items: [],
      itemsOmitted: 0,
      error: errorOf(error),
      ...(committed && !this.settings.dryRun ? { committed } : {}),
    };
    if (!this.settings.dryRun)
      await this.mem.store
        .transaction((tx) => keepReport(tx, report, this.settings.keepReports))
        .catch(() => undefined);
    return report;
  }

  private async emptyOutcome(ns: string): Promise<NamespaceOutcome> {
    const known = [...(await this.mem.store.auditNamespaces())].sort();
    const shown = known.slice(0, 8).join(", ") + (known.length > 8 ? `, … (${known.length} in all)` : "");
    return {
      namespace: ns,
      status: "empty",
      detail: `nothing was ever written in this namespace: skipped (a misspelt name? ${
        known.length === 0 ? "the store holds no namespace yet" : `the store has ${shown}`
      }; a namespace named before its first write is tended from then on)`,
      report: null,
    };
  }

  private async visit(ns: string, signal?: AbortSignal): Promise<NamespaceOutcome> {
    const o = this.settings;
    const store = this.mem.store;
    const now = this.mem.clock.now().toISOString();
    const [state, head, request] = await Promise.all([
      this.state(store, ns),
      store.auditHeadMark(ns),
      readRequest(store, ns),
    ]);
    // Nothing was ever written here (no audit entry): no pass, no state, no report kept, so a
    // misspelt name leaves nothing behind. Said as a status of its own, naming what the store has.
    if (head === null) return this.emptyOutcome(ns);
    const due =
      request !== null ||
      idleDue(now, state.lastWriteAt, o.idle) ||
      dailyDue(now, o.daily, state.consolidated?.at ?? null);
    if (sameMark(head, state.seen) && !due)
      return {
        namespace: ns,
        status: "unchanged",
        detail: "nothing changed since the last look",
        report: null,
      };
    const stopped = state.stopped;
    if (stopped && sameMark(head, stopped) && request === null && o.maxRetireShare <= stopped.maxRetireShare)
      return {
        namespace: ns,
        status: "held",
        detail: `a pass was stopped by the retire-share guard at ${stopped.at} and nothing changed since: request a consolidation or raise maxRetireShare to go on`,
        report: null,
      };

    return store.withLock(
      `sleep:${ns}`,
      { waitMs: 0, what: `the worker's pass over namespace "${ns}"`, kind: "the worker's pass" },
      async () => {
        let before: WorkerState = state;
        let signals: NamespaceSignals | null = null;
        // The audit head the pass began from: where memory is again after a rollback.
        let start: AuditMark | null = head;
        const report = await runPass(this.mem, {
          namespace: ns,
          settings: o,
          signal,
          onProgress: this.hooks.onProgress
            ? (d, t, phase) => this.hooks.onProgress?.(ns, d, t, phase)
            : undefined,
          betweenSteps: this.hooks.betweenSteps ? (n) => this.hooks.betweenSteps!(ns, n) : undefined,
          decide: async (reader) => {
            // Read again under the lock: another worker may just have run.
            before = await this.state(reader, ns);
            start = await reader.auditHeadMark(ns);
            signals = await readSignals(reader, ns, before, await readRequest(reader, ns), o.actor, now);
            return consolidationReasons(signals, o, this.mem.policy.maxActiveBeliefs);
          },
          finish: async (tx, r) => {
            if (r.reasons.length > 0 || r.left.count > 0) await keepReport(tx, r, o.keepReports);
            if (r.reasons.some((x) => x.code === "request")) await clearRequest(tx, ns);
            // Others' writes between the pass's steps: counted from where the pass began next time.
            const during = { start, ...(await writesSince(tx, ns, start?.seq ?? 0, o.actor)) };
            await writeState(
              tx,
              ns,
              stateAfter(before, r, await tx.auditHeadMark(ns), signals?.lastWriteAt ?? null, during),
            );
          },
        });
        const lastWriteAt = (signals as NamespaceSignals | null)?.lastWriteAt ?? null;
        if (report.status === "stopped") {
          // Held at the head after the steps that committed (the pass's start, if none did).
          const mark = (o.dryRun ? start : await store.auditHeadMark(ns)) ?? { seq: 0, hash: "" };
          const held: WorkerState = {
            ...before,
            seen: mark,
            lastWriteAt,
            stopped: { at: report.at, seq: mark.seq, hash: mark.hash, maxRetireShare: o.maxRetireShare },
          };
          if (o.dryRun) this.dryState.set(ns, held);
          else
            await store.transaction(async (tx) => {
              await keepReport(tx, report, o.keepReports);
              if (report.reasons.some((x) => x.code === "request")) await clearRequest(tx, ns);
              await writeState(tx, ns, held);
            });
        } else if (report.status === "dry-run")
          this.dryState.set(ns, stateAfter(before, report, start, lastWriteAt));
        return { namespace: ns, status: report.status, detail: describeReport(report), report };
      },
    );
  }
}

/** A report in one line. */
export function describeReport(r: WorkerReport): string {
  const why =
    r.reasons.length > 0 ? `consolidated (${r.reasons.map((x) => x.code).join(", ")})` : "maintained";
  const left = `${r.left.count} of ${r.activeBefore} active left the active set`;
  const kept = r.committed
    ? r.committed.steps === 0
      ? "nothing applied"
      : `${r.committed.steps} step(s) before it applied (${r.committed.left} left the active set)`
    : "nothing applied";
  if (r.status === "stopped")
    return `stopped by the retire-share guard: ${r.left.count} of ${r.activeBefore} active would have left the active set (${(r.left.share * 100).toFixed(1)}%), limit ${r.limit}; the step that crossed it rolled back, ${kept}`;
  if (r.status === "dry-run") return `dry run, nothing applied: would have ${why}; ${left}`;
  if (r.status === "applied") return `${why}; ${left}; ${r.activeAfter} active now`;
  return `${r.status}: ${r.error?.message ?? ""}; the step under way rolled back, ${kept}`;
}

/**
 * A worker over `mem`: call `tick()` yourself, or `run({ signal })` to tick every interval.
 *
 *   const worker = createWorker(mem, { idle: "10m", dryRun: true });
 *   const { outcomes } = await worker.tick();
 */
export function createWorker(mem: Memory, options: WorkerOptionsInput = {}, hooks: WorkerHooks = {}): Worker {
  return new Worker(mem, options, hooks);
}

export interface RunningWorker {
  worker: Worker;
  /** Settles when the loop has stopped. */
  done: Promise<{ ticks: number }>;
  /** Stops the loop: the current namespace finishes or rolls back; no lock stays held. */
  stop(): Promise<void>;
  /** A namespace's kept reports, newest first. */
  reports(namespace?: string): Promise<WorkerReport[]>;
}

/**
 * Starts the worker loop in the background, for a server (`strata serve --http --worker`).
 *
 *   const running = startWorker(mem, { interval: "5m" });
 *   …
 *   await running.stop(); // on shutdown, before mem.close()
 */
export function startWorker(
  mem: Memory,
  options: WorkerOptionsInput = {},
  hooks: WorkerHooks = {},
): RunningWorker {
  const worker = new Worker(mem, options, hooks);
  const controller = new AbortController();
  const done = worker.run({ signal: controller.signal });
  return {
    worker,
    done,
    stop: async () => {
      controller.abort();
      await done;
    },
    reports: (namespace) => workerReports(mem, namespace === undefined ? {} : { namespace }),
  };
}
