/**
 * Sleep, the deep and periodic pass, and the agent-as-judge round trip: `consolidate`,
 * `sweep`, `candidates`, `judge`, `pending`, `distil` and `health`. Each returns the engine's
 * report untouched; the renderers show every item with its id and reason code.
 */
import type { Memory, ProgressHooks } from "../../core/engine.js";
import type { Episode, Judgment } from "../../core/model.js";
import type { CandidatePair } from "../../core/sleep/agent-judge.js";
import type { HealthReport } from "../../core/sleep/health.js";
import { SLEEP_ACTIONS, type SleepItem, type SleepReport } from "../../core/sleep/report.js";
import { HEALTH_CLASSES } from "../../core/vocabulary.js";
import { withoutUndefined } from "../args.js";
import { counted, indent, keyValues, type Style, shortTime, table, truncate } from "../style.js";
import { UsageError } from "../usage-error.js";

export interface SleepArgs {
  full?: boolean;
}

/** `strata consolidate [--full]`: distil pending episodes, reconcile rules, then sweep. */
export async function runConsolidate(
  mem: Memory,
  args: SleepArgs,
  hooks: ProgressHooks = {},
): Promise<SleepReport> {
  return mem.consolidate(withoutUndefined({ full: args.full }), hooks);
}

/** `strata sweep [--full]`: the supersession, redundancy and retention sweep alone. */
export async function runSweep(
  mem: Memory,
  args: SleepArgs,
  hooks: ProgressHooks = {},
): Promise<SleepReport> {
  return mem.sweep(withoutUndefined({ full: args.full }), hooks);
}

/** `strata candidates --limit 20`: pairs the lexical judge is unsure of. */
export async function runCandidates(
  mem: Memory,
  args: { limit?: number; offset?: number; review?: boolean; days?: number },
): Promise<CandidatePair[]> {
  return mem.candidates(
    withoutUndefined({ limit: args.limit, offset: args.offset, review: args.review, days: args.days }),
  );
}

/**
 * Parses the verdicts `strata judge` reads from a file or stdin. Only the JSON syntax is the
 * CLI's business; whether each verdict is valid is the engine's schema's.
 *
 *   parseJudgments('[{"a":"b1","b":"b2","verdict":"merge"}]')
 */
export function parseJudgments(text: string, from: string): Judgment[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UsageError(
      `${from} must hold a JSON array of verdicts such as [{"a":"b1","b":"b2","verdict":"merge"}]; it is not valid JSON.`,
    );
  }
  // A single verdict object is accepted as a batch of one.
  if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) return [parsed as Judgment];
  return parsed as Judgment[];
}

/** `strata judge verdicts.json`: applies the agent's verdicts, all or none. */
export async function runJudge(mem: Memory, args: { judgments: Judgment[] }): Promise<SleepReport> {
  return mem.judge(args.judgments);
}

/** `strata pending --limit 50`: episodes not yet distilled, oldest first. */
export async function runPending(mem: Memory, args: { limit?: number; offset?: number }): Promise<Episode[]> {
  return mem.pending(withoutUndefined({ limit: args.limit, offset: args.offset }));
}

export interface DistilArgs {
  episodes: string[];
  propositions: string[];
  valence?: string;
}

/** `strata distil --episodes e4,e7 --valence failure "CSV validation over 50MB times out"` */
export async function runDistil(mem: Memory, args: DistilArgs): Promise<SleepReport> {
  return mem.distil(
    args.episodes,
    args.propositions,
    withoutUndefined({ valence: args.valence }) as Parameters<Memory["distil"]>[2],
  );
}

/** `strata health`: the junk audit. */
export async function runHealth(mem: Memory): Promise<HealthReport> {
  return mem.health();
}

// ---------------------------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------------------------

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;

/** How many items `strata consolidate` and `strata sweep` list by default (`--limit N`). */
export const DEFAULT_LISTED_ITEMS = 20;

/**
 * Up to `limit` of the items, in report order, shared among the actions (a round over the
 * actions at a time): a run that distils thousands of episodes still shows its supersessions
 * and merges, which change what recall answers.
 */
function listed(items: readonly SleepItem[], limit: number): SleepItem[] {
  if (items.length <= limit) return [...items];
  const byAction = new Map<string, SleepItem[]>();
  for (const item of items) {
    const group = byAction.get(item.action) ?? [];
    group.push(item);
    byAction.set(item.action, group);
  }
  const chosen = new Set<SleepItem>();
  for (let round = 0; chosen.size < limit; round++)
    for (const group of byAction.values()) {
      const item = group[round];
      if (item && chosen.size < limit) chosen.add(item);
    }
  return items.filter((i) => chosen.has(i));
}

/**
 * One summary line, then the items: action, id, by, reason, related ids. With `limit`, at most
 * that many (see `listed`), and a last line saying what was left out and how to see it.
 */
export function renderSleepReport(
  r: SleepReport,
  style: Style,
  options: { limit?: number; command?: string } = {},
): string {
  const counts = SLEEP_ACTIONS.filter((a) => r.counts[a] > 0)
    .map((a) => `${a} ${r.counts[a]}`)
    .join(", ");
  const w = r.work;
  const work =
    r.process === "judge" || r.process === "distil"
      ? ""
      : ` · ${counted(w.beliefs, "belief")}, ${counted(w.episodes, "episode")}, ${counted(w.pairs, "pair")} (${w.judged} judged, ${w.cached} cached) in ${seconds(w.ms)}`;
  const fallbackLines = (r.fallbacks ?? [])
    .map(
      (f) =>
        `\n${style.warn(`${counted(f.count, "pair")} fell back to the ${f.judge} judge: ${truncate(f.why, 100)}`)}\n  ${f.pairs
          .slice(0, 5)
          .map(([a, b]) => `${a} ↔ ${b}`)
          .join(", ")}${f.count > 5 ? `, … ${f.count - 5} more` : ""}`,
    )
    .join("");
  const head = `${r.process}: ${counts || "nothing to change"}${style.dim(work)}${fallbackLines}`;
  if (r.items.length === 0) return head;
  const shown = options.limit === undefined ? r.items : listed(r.items, options.limit);
  const rows = table(
    shown,
    [
      {
        header: "ACTION",
        value: (i) => i.action,
        color: (s) => (s.startsWith("skipped") ? style.dim(s) : style.warn(s)),
      },
      { header: "ID", value: (i) => i.id, color: style.id },
      { header: "BY", value: (i) => i.by ?? "-", color: style.id },
      { header: "RELATED", value: (i) => (i.related.length ? i.related.join(",") : "-") },
      { header: "REASON", value: (i) => truncate(i.reason, 100) },
    ],
    style,
  );
  const left = r.items.length - shown.length;
  if (left === 0) return `${head}\n${rows}`;
  const kept = new Set(shown);
  const leftCounts = new Map<string, number>();
  for (const item of r.items)
    if (!kept.has(item)) leftCounts.set(item.action, (leftCounts.get(item.action) ?? 0) + 1);
  const command = options.command ?? r.process;
  const more = `… ${left} more not listed (${[...leftCounts].map(([a, n]) => `${a} ${n}`).join(", ")}): strata ${command} --json lists every item; --limit N lists N.`;
  return `${head}\n${rows}\n${style.dim(more)}`;
}

export function renderCandidates(pairs: CandidatePair[], style: Style): string {
  if (pairs.length === 0) return style.dim("No pairs need a call.");
  const blocks = pairs.map((p, n) =>
    [
      `${n + 1}. ${style.id(p.a)} ↔ ${style.id(p.b)}  similarity ${p.similarity.toFixed(2)}  ${
        p.decided
          ? `${p.decided.closed} ${p.decided.action} by ${p.decided.by}`
          : `lexical: ${p.lexical.relation}`
      }`,
      indent(
        keyValues(
          [
            [p.a, `${truncate(p.textA, 100)} ${style.dim(`(${p.kindA}, ${shortTime(p.atA)})`)}`],
            [p.b, `${truncate(p.textB, 100)} ${style.dim(`(${p.kindB}, ${shortTime(p.atB)})`)}`],
            p.decided
              ? ["decided", `${shortTime(p.decided.at)} by ${p.decided.judge}: ${p.decided.reason}`]
              : ["why", p.lexical.reason],
          ],
          style,
        ),
        "   ",
      ),
    ].join("\n"),
  );
  const hint = style.dim(
    pairs[0]!.decided
      ? `Undo one with: echo '[{"a":"${pairs[0]!.a}","b":"${pairs[0]!.b}","verdict":"distinct"}]' | strata judge`
      : `Answer with: echo '[{"a":"${pairs[0]!.a}","b":"${pairs[0]!.b}","verdict":"merge|contradict|supersede|distinct"}]' | strata judge`,
  );
  return `${blocks.join("\n")}\n${hint}`;
}

export function renderPending(episodes: Episode[], style: Style): string {
  if (episodes.length === 0) return style.dim("No pending episodes: everything is distilled.");
  return table(
    episodes,
    [
      { header: "ID", value: (e) => e.id, color: style.id },
      { header: "AT", value: (e) => shortTime(e.at) },
      { header: "TYPE", value: (e) => e.type },
      { header: "OUTCOME", value: (e) => e.outcome ?? "-" },
      { header: "CONTENT", value: (e) => truncate(e.content, 90) },
    ],
    style,
  );
}

const SHOWN_IDS = 6;
const ids = (list: readonly string[], style: Style) =>
  list.length === 0
    ? style.dim("-")
    : `${list.slice(0, SHOWN_IDS).map(style.id).join(", ")}${list.length > SHOWN_IDS ? style.dim(` … +${list.length - SHOWN_IDS}`) : ""}`;
/** Pairs as `b1↔b2`; groups of the same content as `b1=b2=b5`. */
const pairs = (list: readonly (readonly string[])[], style: Style, join = "↔") =>
  ids(
    list.map((p) => p.join(join)),
    style,
  );

export function renderHealth(r: HealthReport, style: Style): string {
  const pct = Math.round(r.usable * 1000) / 10;
  const usable = r.usable >= 0.9 ? style.good : r.usable >= 0.7 ? style.warn : style.bad;
  // No active belief: no share to give (not "100% usable" of nothing).
  const head =
    r.active === 0
      ? `0 active beliefs in ${r.namespace}: no usable share to give (strata remember stores a fact; strata consolidate distils recorded events into beliefs)`
      : `${counted(r.active, "active belief")} in ${r.namespace}: ${usable(`${pct}% usable`)}`;
  const classes = table(
    HEALTH_CLASSES.map((c) => ({ name: c, ...r.classes[c] })),
    [
      { header: "CLASS", value: (c) => c.name },
      { header: "COUNT", value: (c) => String(c.count), right: true },
      { header: "IDS", value: (c) => ids(c.ids, style) },
    ],
    style,
  );
  const problems = table(
    [
      {
        name: "exact duplicates",
        count: r.duplicates.exact.count,
        ids: pairs(r.duplicates.exact.groups, style, "="),
      },
      { name: "near duplicates", count: r.duplicates.near.count, ids: pairs(r.duplicates.near.pairs, style) },
      { name: "echoes", count: r.echoes.count, ids: ids(r.echoes.ids, style) },
      { name: "contradictions", count: r.contradictions.count, ids: pairs(r.contradictions.pairs, style) },
      {
        name: "superseded but active",
        count: r.supersededButActive.count,
        ids: ids(r.supersededButActive.ids, style),
      },
    ],
    [
      { header: "PROBLEM", value: (p) => p.name },
      { header: "COUNT", value: (p) => String(p.count), right: true },
      { header: "IDS", value: (p) => p.ids },
    ],
    style,
  );
  const c = r.coverage;
  const covered = `${c.represented + c.recallable} of ${counted(c.episodes, "episode")} covered (${c.represented} by a belief, ${c.recallable} recallable as themselves)`;
  const coverage =
    c.uncovered.count === 0
      ? style.good(covered)
      : style.bad(`${covered}; uncovered ${c.uncovered.count}: ${ids(c.uncovered.ids, style)}`);
  return `${head}\n\n${classes}\n\n${problems}\n\n${coverage}`;
}
