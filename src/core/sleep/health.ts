/**
 * The junk audit no peer runs on itself: how much of a namespace's active memory is healthy,
 * and the ids behind every number that is not.
 */

import { loadTagger } from "../judge/tagger.js";
import type { Belief, Episode } from "../model.js";
import type { Judge, StoreReader } from "../ports.js";
import { representative } from "../recall/representative.js";
import { analyseEcho } from "../text.js";
import { HEALTH_CLASSES } from "../vocabulary.js";
import { oppositeActions, sameTrigger } from "./rules.js";
import { candidatePairs, judgePairs, loadActive } from "./sweep.js";

export { HEALTH_CLASSES };
export type HealthClass = (typeof HEALTH_CLASSES)[number];

export interface HealthReport {
  namespace: string;
  at: string;
  active: number;
  classes: Record<HealthClass, { count: number; ids: string[] }>;
  duplicates: {
    exact: { count: number; groups: string[][] };
    near: { count: number; pairs: [string, string][] };
  };
  echoes: { count: number; ids: string[] };
  contradictions: { count: number; pairs: [string, string][] };
  supersededButActive: { count: number; ids: string[] };
  /**
   * The coverage invariant of sleep: every active episode that no later episode replaced is
   * either represented by a current belief (one whose `sources` hold it, or what superseded or
   * folded that belief, that kept what the episode said: its numbers, typed values and names,
   * kept-content.ts; the one definition recall folds by, `representative`) or stays recallable as
   * itself (default recall searches it: indexed, with content). `uncovered` lists the episodes
   * that are neither; after any `consolidate` it is empty. Chit-chat, questions, other turns
   * distillation skips and turns whose belief lost a value count as recallable: they stay episodes.
   */
  coverage: {
    /** Active episodes that no later episode replaced. */
    episodes: number;
    represented: number;
    recallable: number;
    uncovered: { count: number; ids: string[] };
    /** (represented + recallable) / episodes; 1 when there are no episodes. */
    share: number;
  };
  /** Share of active beliefs that are healthy or new and in no problem list. */
  usable: number;
}

const DAY = 86_400_000;

export function classify(b: Belief, now: string, staleDays: number): HealthClass {
  const age = Date.parse(now) - Date.parse(b.recordedAt);
  if (b.failures > b.successes) return "drifting";
  if (age < 7 * DAY) return "new";
  const last = [b.lastConfirmedAt, b.lastUsedAt]
    .filter((x): x is string => x !== null)
    .sort()
    .at(-1);
  if (!last) return b.pinned ? "healthy" : "dead";
  if (Date.parse(now) - Date.parse(last) > staleDays * DAY) return "stale";
  return "healthy";
}

export async function healthReport(
  store: StoreReader,
  lexical: Judge,
  namespace: string,
  now: string,
  staleDays: number,
): Promise<HealthReport> {
  const beliefs = await loadActive(store, namespace, new Set(["fact", "failure", "rule", "procedure"]));
  const classes = Object.fromEntries(
    HEALTH_CLASSES.map((c) => [c, { count: 0, ids: [] as string[] }]),
  ) as HealthReport["classes"];
  for (const b of beliefs) {
    const c = classify(b, now, staleDays);
    classes[c].count++;
    classes[c].ids.push(b.id);
  }

  const byHash = new Map<string, string[]>();
  for (const b of beliefs) byHash.set(b.contentHash, [...(byHash.get(b.contentHash) ?? []), b.id]);
  const exact = [...byHash.values()].filter((g) => g.length > 1);

  const pairs = candidatePairs(
    beliefs,
    beliefs.map((_, i) => i),
    4,
  ).map(([a, b]) => [beliefs[a]!, beliefs[b]!] as [Belief, Belief]);
  const { judged } = await judgePairs(store, lexical, pairs, now, namespace);
  const exactPairs = new Set(exact.flatMap((g) => g.flatMap((x) => g.map((y) => `${x}:${y}`))));
  const near: [string, string][] = [];
  const contradictions: [string, string][] = [];
  if (judged.length > 0) await loadTagger(); // `sameTrigger` compares lexically
  for (const j of judged) {
    const key: [string, string] = [j.older.id, j.newer.id];
    if (j.verdict.relation === "duplicate" && !exactPairs.has(`${key[0]}:${key[1]}`)) near.push(key);
    if (
      (j.verdict.relation === "supersedes" || j.verdict.relation === "contradicts") &&
      j.older.kind !== "rule" &&
      j.newer.kind !== "rule"
    )
      contradictions.push(key);
    if (
      j.older.kind === "rule" &&
      j.newer.kind === "rule" &&
      sameTrigger(j.older, j.newer) &&
      oppositeActions(j.older, j.newer)
    )
      contradictions.push(key);
  }
  const echoes = beliefs.filter((b) => analyseEcho(b.text).echo).map((b) => b.id);
  const supersededButActive = beliefs.filter((b) => b.supersededBy !== null).map((b) => b.id);

  const problems = new Set<string>([
    ...exact.flatMap((g) => g.slice(1)),
    ...near.map((p) => p[0]),
    ...contradictions.map((p) => p[0]),
    ...echoes,
    ...supersededButActive,
    ...classes.drifting.ids,
    ...classes.stale.ids,
    ...classes.dead.ids,
  ]);
  const coverage = await coverageOf(store, namespace);
  return {
    namespace,
    at: now,
    active: beliefs.length,
    classes,
    duplicates: { exact: { count: exact.length, groups: exact }, near: { count: near.length, pairs: near } },
    echoes: { count: echoes.length, ids: echoes },
    contradictions: { count: contradictions.length, pairs: contradictions },
    supersededButActive: { count: supersededButActive.length, ids: supersededButActive },
    coverage,
    usable: beliefs.length === 0 ? 1 : (beliefs.length - problems.size) / beliefs.length,
  };
}

/** Coverage of a namespace's episodes by current beliefs or by themselves (see `HealthReport.coverage`). */
export async function coverageOf(store: StoreReader, namespace: string): Promise<HealthReport["coverage"]> {
  const cache = new Map<string, Belief | null>();
  let episodes = 0;
  let represented = 0;
  let recallable = 0;
  const uncovered: string[] = [];
  for (let offset = 0; ; offset += 2000) {
    const page: Episode[] = await store.listEpisodes(
      { namespaces: [namespace], statuses: ["active"] },
      { limit: 2000, offset, order: "at-asc" },
    );
    const alone: Episode[] = [];
    for (const e of page) {
      episodes++;
      if (await representative(store, e.id, e.namespace, cache, {})) represented++;
      else alone.push(e);
    }
    const vectors = await store.getVectors(
      alone.map((e) => e.id),
      namespace,
    );
    for (const e of alone) {
      if (e.content.trim().length > 0 && vectors.has(e.id)) recallable++;
      else uncovered.push(e.id);
    }
    if (page.length < 2000) break;
  }
  return {
    episodes,
    represented,
    recallable,
    uncovered: { count: uncovered.length, ids: uncovered },
    share: episodes === 0 ? 1 : (represented + recallable) / episodes,
  };
}
