/**
 * When memory needs a consolidation, read from the audit chain and the store's counts:
 *
 *   request           someone asked (requestConsolidation: the library, REST, the session-end hook)
 *   idle              writes came since the last consolidation, and none for `idle`
 *   new-beliefs       ≥ `newBeliefs` beliefs written since the last consolidation
 *   redundant-writes  ≥ `redundantWrites` restatements since the last consolidation
 *   near-cap          active beliefs ≥ `nearCapShare` × the policy's `maxActiveBeliefs`
 *   undistilled       ≥ `undistilledEpisodes` episodes waiting to be distilled
 *   daily             past today's `daily` time (UTC) and no consolidation since
 *
 * `readSignals` reads; `consolidationReasons` decides, purely.
 */
import type { StoreReader } from "../ports.js";
import type { WorkerSettings } from "./options.js";
import { parseDailyTime } from "./options.js";
import type { ConsolidateReason, WorkerRequest, WorkerState } from "./records.js";

/** Audit events of writes that give consolidation work (the write gate's, and imports). */
const WRITE_EVENTS = new Set([
  "episode.recorded",
  "episode.restated",
  "belief.remembered",
  "belief.captured",
  "belief.restated",
  "namespace.imported",
]);
const NEW_BELIEF_EVENTS = new Set(["belief.remembered", "belief.captured"]);
const REDUNDANT_EVENTS = new Set(["belief.restated", "episode.restated"]);
/** Entries scanned at most per look; past it, pressure is certain anyway. */
const SCAN_LIMIT = 20_000;

export interface NamespaceSignals {
  now: string;
  /** Writes (not the worker's own) since the last consolidation. */
  writes: number;
  lastWriteAt: string | null;
  newBeliefs: number;
  redundantWrites: number;
  active: number;
  undistilled: number;
  consolidatedAt: string | null;
  request: WorkerRequest | null;
}

/**
 * Writes that give consolidation work, made by anyone but `actor`, in the audit entries after
 * `afterSeq` (at most `SCAN_LIMIT` entries read: past it, pressure is certain anyway).
 */
export async function writesSince(
  store: StoreReader,
  ns: string,
  afterSeq: number,
  actor: string,
): Promise<Pick<NamespaceSignals, "writes" | "newBeliefs" | "redundantWrites" | "lastWriteAt">> {
  let writes = 0;
  let newBeliefs = 0;
  let redundantWrites = 0;
  let lastWriteAt: string | null = null;
  for (let scanned = 0; scanned < SCAN_LIMIT; ) {
    const page = await store.listAudit({ namespace: ns, afterSeq, limit: 1000 });
    for (const e of page) {
      afterSeq = e.seq;
      if (e.actor === actor || !WRITE_EVENTS.has(e.event)) continue;
      writes++;
      if (NEW_BELIEF_EVENTS.has(e.event)) newBeliefs++;
      if (REDUNDANT_EVENTS.has(e.event)) redundantWrites++;
      if (lastWriteAt === null || e.at > lastWriteAt) lastWriteAt = e.at;
    }
    scanned += page.length;
    if (page.length < 1000) break;
  }
  return { writes, newBeliefs, redundantWrites, lastWriteAt };
}

/** Reads a namespace's signals: the audit entries since the last consolidation, and two counts. */
export async function readSignals(
  store: StoreReader,
  ns: string,
  state: WorkerState,
  request: WorkerRequest | null,
  actor: string,
  now: string,
): Promise<NamespaceSignals> {
  const { writes, newBeliefs, redundantWrites, lastWriteAt } = await writesSince(
    store,
    ns,
    state.consolidated?.seq ?? 0,
    actor,
  );
  const [beliefs, episodes] = await Promise.all([
    store.countBeliefs({ namespaces: [ns], statuses: ["active"] }),
    store.countEpisodes({
      namespaces: [ns],
      statuses: ["active"],
      undistilled: true,
      includeSuperseded: true,
    }),
  ]);
  const total = (r: Record<string, Record<string, number>>) =>
    Object.values(r.status ?? {}).reduce((a, n) => a + n, 0);
  return {
    now,
    writes,
    lastWriteAt,
    newBeliefs,
    redundantWrites,
    active: total(beliefs),
    undistilled: total(episodes),
    consolidatedAt: state.consolidated?.at ?? null,
    request,
  };
}

/** Today's backstop time (UTC) on the day of `now`, ISO; null when the backstop is off. */
export function dailyMark(now: string, daily: string | null): string | null {
  if (daily === null) return null;
  const minutes = parseDailyTime(daily);
  const day = new Date(now);
  day.setUTCHours(Math.floor(minutes / 60), minutes % 60, 0, 0);
  return day.toISOString();
}

/** Whether the daily backstop is due: past today's time, and no consolidation since. */
export function dailyDue(now: string, daily: string | null, consolidatedAt: string | null): boolean {
  const mark = dailyMark(now, daily);
  return mark !== null && now >= mark && (consolidatedAt === null || consolidatedAt < mark);
}

/** Whether writes have gone quiet for `idleMs`. */
export function idleDue(now: string, lastWriteAt: string | null, idleMs: number): boolean {
  return lastWriteAt !== null && Date.parse(now) - Date.parse(lastWriteAt) >= idleMs;
}

export function formatDuration(ms: number): string {
  if (ms % 3_600_000 === 0 && ms > 0) return `${ms / 3_600_000}h`;
  if (ms % 60_000 === 0 && ms > 0) return `${ms / 60_000}m`;
  if (ms % 1000 === 0) return `${ms / 1000}s`;
  return `${ms}ms`;
}

/**
 * Why a namespace needs consolidating now, each reason with its figures; empty: it does not.
 *
 *   consolidationReasons(signals, settings, policy.maxActiveBeliefs);
 *   // → [{ code: "idle", detail: "no writes for 12m (idle 10m)" }]
 */
export function consolidationReasons(
  s: NamespaceSignals,
  o: Pick<
    WorkerSettings,
    "idle" | "daily" | "newBeliefs" | "redundantWrites" | "nearCapShare" | "undistilledEpisodes"
  >,
  maxActiveBeliefs: number,
): ConsolidateReason[] {
  const out: ConsolidateReason[] = [];
  if (s.request)
    out.push({
      code: "request",
      detail: `requested by ${s.request.by} at ${s.request.at}${s.request.note ? `: ${s.request.note}` : ""}`,
    });
  if (s.writes > 0 && idleDue(s.now, s.lastWriteAt, o.idle))
    out.push({
      code: "idle",
      detail: `${s.writes} write(s) since the last consolidation, none for ${formatDuration(
        Date.parse(s.now) - Date.parse(s.lastWriteAt!),
      )} (idle ${formatDuration(o.idle)})`,
    });
  if (s.newBeliefs >= o.newBeliefs)
    out.push({
      code: "new-beliefs",
      detail: `${s.newBeliefs} new beliefs since the last consolidation (threshold ${o.newBeliefs})`,
    });
  if (s.redundantWrites >= o.redundantWrites)
    out.push({
      code: "redundant-writes",
      detail: `${s.redundantWrites} redundant writes since the last consolidation (threshold ${o.redundantWrites})`,
    });
  const near = Math.ceil(o.nearCapShare * maxActiveBeliefs);
  if (s.active >= near)
    out.push({
      code: "near-cap",
      detail: `${s.active} active beliefs, cap ${maxActiveBeliefs} (consolidates from ${near})`,
    });
  if (s.undistilled >= o.undistilledEpisodes)
    out.push({
      code: "undistilled",
      detail: `${s.undistilled} episodes waiting to be distilled (threshold ${o.undistilledEpisodes})`,
    });
  if (dailyDue(s.now, o.daily, s.consolidatedAt))
    out.push({
      code: "daily",
      detail: `daily backstop at ${o.daily} UTC; last consolidation ${s.consolidatedAt ?? "never"}`,
    });
  return out;
}
