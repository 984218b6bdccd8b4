/**
 * Reads: `recall`, `context`, `get`, `list`, `explain`, `history`, `stats`. Each `run*` returns
 * the engine's answer as is (that is the --json shape); each `render*` turns it into text.
 */
import type { HistoryResult, Memory, MemoryItem } from "../../core/engine.js";
import type {
  Belief,
  ContextResult,
  Episode,
  ExplainResult,
  RecallHit,
  StatsResult,
} from "../../core/model.js";
import { withoutUndefined } from "../args.js";
import {
  counted,
  fixed2,
  indent,
  interval,
  keyValues,
  type Style,
  shortTime,
  table,
  truncate,
} from "../style.js";

type Options<F extends (...a: never[]) => unknown> = NonNullable<Parameters<F>[1]>;

export interface RecallArgs {
  query: string;
  k?: number;
  at?: string;
  asOf?: string;
  kinds?: string[];
  /** Episode types: observation, decision, tension, question, outcome, context. */
  types?: string[];
  /** Only items whose metadata has these fields equal (`--where`). */
  metadata?: Record<string, string | number | boolean>;
  /** The namespace and every namespace under it, within the engine's roots. */
  namespacePrefix?: string;
  /** MMR's weight on novelty, 0–1 (`--diversity`; default the policy's). */
  diversity?: number;
  /** One associative hop (`--associative`). */
  associative?: boolean;
}

/** `strata recall "rate limit" -k 5 --at 2026-03-01` · `strata recall "export" --type decision` */
export async function runRecall(mem: Memory, args: RecallArgs): Promise<RecallHit[]> {
  const { query, ...options } = args;
  return mem.recall(query, withoutUndefined(options) as Options<Memory["recall"]>);
}

/**
 * Nothing found at a past date is the answer, not a fault; it says which clock was read, since a
 * fact stored today without `--at` did not hold in March (the README's `--at 2026-03-01` line).
 */
function nothingRecalled(when: { at?: string | undefined; asOf?: string | undefined }): string {
  if (when.at)
    return `Nothing recalled at ${when.at.slice(0, 10)}: nothing that matches held then (--at reads when a statement held in the world; one remembered without --at holds from the moment it was stored, so an earlier date does not find it).`;
  if (when.asOf)
    return `Nothing recalled as of ${when.asOf.slice(0, 10)}: the store had recorded nothing that matches by then (--as-of reads when statements were stored).`;
  return "Nothing recalled.";
}

/**
 * Whether the namespace a read found nothing in was never written: `"namespace"` when the store's
 * other namespaces hold something (a -n that may be mistyped), `"store"` when no namespace does (a
 * store just made), null when the namespace holds or held anything.
 */
export async function unwrittenNamespace(mem: Memory): Promise<"namespace" | "store" | null> {
  const s = await mem.stats();
  if (s.episodes.total + s.beliefs.total + s.audit.entries > 0) return null;
  return (await mem.store.auditNamespaces()).length === 0 ? "store" : "namespace";
}

/**
 * Why a read found nothing, when the reason is that the namespace it read was never written
 * (`strata recall x -n 5`, `head -n` style, reads namespace "5"): said on stderr, so "Nothing
 * recalled." is not taken for an empty memory. Null when the namespace holds or held anything.
 * When no namespace of the store does (a store just made), -n is not why: it says how to fill it.
 * (context says both in its empty block instead: emptyContextNote.)
 *
 *   await unusedNamespaceNote(mem) // 'namespace "5" holds nothing: …; -k 5 sets how many items'
 */
export async function unusedNamespaceNote(mem: Memory): Promise<string | null> {
  const unwritten = await unwrittenNamespace(mem);
  if (unwritten === null) return null;
  if (unwritten === "store")
    return 'the store holds nothing yet: strata remember "…" stores a fact, strata record "…" an event.';
  const count = /^\d+$/.test(mem.namespace) ? `; -k ${mem.namespace} sets how many items` : "";
  return `namespace "${mem.namespace}" holds nothing: -n/--namespace names the namespace to read (strata namespaces lists those in the store)${count}.`;
}

export function renderRecall(
  hits: RecallHit[],
  style: Style,
  when: { at?: string | undefined; asOf?: string | undefined } = {},
): string {
  if (hits.length === 0) return style.dim(nothingRecalled(when));
  return hits
    .map((h, i) => {
      const when = h.validTo ? interval(h.at, h.validTo) : shortTime(h.at);
      const head = `${i + 1}. ${style.id(h.id.padEnd(4))} ${style.dim(`${h.kind} · ${h.status} · ${when} · score ${h.score.toFixed(3)}`)}`;
      const exceptions = h.exceptions?.length ? `\n   exceptions: ${h.exceptions.join("; ")}` : "";
      return `${head}\n   ${h.text}${exceptions}\n   ${style.dim(`why: ${h.why.summary}`)}`;
    })
    .join("\n");
}

export interface ContextArgs {
  goal?: string;
  budget?: number;
  at?: string;
  /** How many recent events to add (`--recent-events`; default the engine's 5). */
  recentEvents?: number;
  /** False leaves out the continuity digest (`--no-continuity`). */
  continuity?: boolean;
}

/** `strata context "deploy the API" --budget 600` */
export async function runContext(mem: Memory, args: ContextArgs): Promise<ContextResult> {
  const options = withoutUndefined({
    tokenBudget: args.budget,
    at: args.at,
    recentEvents: args.recentEvents,
    continuity: args.continuity,
  });
  return mem.context(args.goal ?? "", options as Options<Memory["context"]>);
}

/**
 * What an empty block means, said where the block would be: a blank line told a newcomer nothing.
 * The reason is the engine's (`whyEmpty`); this only phrases it for a terminal.
 *
 *   emptyContextNote({ ...r, whyEmpty: "empty-namespace" }, {}) // "Nothing in context: the namespace holds …"
 */
export function emptyContextNote(
  r: ContextResult,
  asked: { goal?: string | undefined; at?: string | undefined; unwritten?: string | undefined },
): string {
  const then = asked.at ? ` at ${asked.at}` : "";
  // A namespace never written beside others that hold something: a mistyped -n, not a memory to
  // fill (before newcomer43 the block advised strata remember under a stderr note saying so).
  if (asked.unwritten !== undefined && r.whyEmpty === "empty-namespace")
    return `Nothing in context: namespace "${asked.unwritten}" holds nothing, but the store's other namespaces do: -n/--namespace names the namespace to read (strata namespaces lists them).`;
  switch (r.whyEmpty) {
    case "over-budget":
      return `Nothing in context: what was chosen did not fit the ${r.tokenBudget}-token budget (skipped, below); raise --budget.`;
    case "empty-namespace":
      return asked.at
        ? `Nothing in context: the namespace held no belief or event${then}; a later --at, or none, shows what came after.`
        : 'Nothing in context: the namespace holds no belief or event yet; strata remember "…" stores a fact, strata record "…" an event.';
    default:
      return asked.goal?.trim()
        ? `Nothing in context for this goal${then}: nothing in the namespace bears on it (strata context with no goal shows what the namespace holds; strata recall searches it by words).`
        : `Nothing in context${then}: the namespace holds no active belief or recent event (strata list --status any shows everything it holds).`;
  }
}

export function renderContext(
  r: ContextResult,
  style: Style,
  asked: { goal?: string | undefined; at?: string | undefined; unwritten?: string | undefined } = {},
): string {
  const skipped = r.skipped.length
    ? `, skipped ${r.skipped.map((s) => `${s.id} (${counted(s.tokens, "token")})`).join(", ")}`
    : "";
  const block = r.whyEmpty ? style.dim(emptyContextNote(r, asked)) : r.text;
  return `${block}\n${style.dim(`${r.tokens}/${r.tokenBudget} tokens, ${counted(r.items.length, "item")}${skipped}`)}`;
}

/** `strata get b12` */
export async function runGet(mem: Memory, args: { id: string }): Promise<MemoryItem> {
  return mem.get(args.id);
}

export function renderItem(item: MemoryItem, style: Style): string {
  return item.layer === "belief" ? renderBelief(item, style) : renderEpisode(item, style);
}

export function renderBelief(b: Belief, style: Style): string {
  return keyValues(
    [
      ["id", style.id(b.id)],
      ["kind", b.kind],
      ["text", b.text || style.dim("(forgotten)")],
      ["when", b.when ?? undefined],
      ["prefer", b.prefer ?? undefined],
      ["steps", b.steps?.length ? b.steps.map((s, i) => `${i + 1}) ${s}`).join(" ") : undefined],
      ["exceptions", b.exceptions.length ? b.exceptions.join("; ") : undefined],
      ["status", `${b.status}${b.statusReason ? ` (${b.statusReason})` : ""}${b.pinned ? ", pinned" : ""}`],
      [
        "confidence",
        `${fixed2(b.confidence)} (${b.successes} success, ${b.failures} failure; half-life ${b.halfLifeDays} d)`,
      ],
      ["support", String(b.support)],
      ["uses", String(b.uses)],
      [
        "calibration",
        b.calibration
          ? `${b.calibration.category}, salience ${b.calibration.salience}${
              b.calibration.supersession === null
                ? ""
                : `, supersession ${b.calibration.supersession} by ${style.id(b.calibration.supersededBy ?? "?")}`
            } (sleep ${shortTime(b.calibration.at)})`
          : undefined,
      ],
      ["valid", interval(b.validFrom, b.validTo)],
      ["recorded", `${shortTime(b.recordedAt)}${b.retiredAt ? ` (left ${shortTime(b.retiredAt)})` : ""}`],
      ["superseded by", b.supersededBy ? style.id(b.supersededBy) : undefined],
      ["sources", b.sources.length ? b.sources.map(style.id).join(", ") : undefined],
      ["source", b.source ?? undefined],
      ["namespace", b.namespace],
    ],
    style,
  );
}

export function renderEpisode(e: Episode, style: Style): string {
  return keyValues(
    [
      ["id", style.id(e.id)],
      ["type", e.type],
      ["content", e.content || style.dim("(forgotten)")],
      ["outcome", e.outcome ?? undefined],
      ["status", e.status],
      ["at", shortTime(e.at)],
      ["recorded", shortTime(e.recordedAt)],
      ["session", e.session ?? undefined],
      ["actor", e.actor ?? undefined],
      ["support", String(e.support)],
      ["superseded by", e.supersededBy ? style.id(e.supersededBy) : undefined],
      ["metadata", Object.keys(e.metadata).length ? JSON.stringify(e.metadata) : undefined],
      ["namespace", e.namespace],
    ],
    style,
  );
}

export interface ListArgs {
  layer?: string;
  status?: string;
  kind?: string;
  limit?: number;
  offset?: number;
  /** Only items whose metadata has these fields equal (`--where`). */
  metadata?: Record<string, string | number | boolean>;
  /** The namespace and every namespace under it, within the engine's roots. */
  namespacePrefix?: string;
  /** MMR's weight on novelty, 0–1 (`--diversity`; default the policy's). */
  diversity?: number;
  /** One associative hop (`--associative`). */
  associative?: boolean;
}

/** `strata list --layer episode --limit 20` */
export async function runList(mem: Memory, args: ListArgs): Promise<MemoryItem[]> {
  return mem.list(withoutUndefined(args) as Parameters<Memory["list"]>[0]);
}

export function renderList(items: MemoryItem[], style: Style): string {
  if (items.length === 0) return style.dim("No items.");
  const beliefs = items.filter((i): i is MemoryItem & { layer: "belief" } => i.layer === "belief");
  const episodes = items.filter((i): i is MemoryItem & { layer: "episode" } => i.layer === "episode");
  const parts: string[] = [];
  if (beliefs.length) parts.push(beliefTable(beliefs, style));
  if (episodes.length) parts.push(episodeTable(episodes, style));
  return parts.join("\n\n");
}

export function beliefTable(beliefs: readonly Belief[], style: Style): string {
  return table(
    beliefs,
    [
      { header: "ID", value: (b) => b.id, color: style.id },
      { header: "KIND", value: (b) => b.kind },
      { header: "STATUS", value: (b) => b.status + (b.pinned ? "*" : "") },
      { header: "CONF", value: (b) => fixed2(b.confidence), right: true },
      { header: "SUP", value: (b) => String(b.support), right: true },
      { header: "VALID", value: (b) => interval(b.validFrom, b.validTo) },
      { header: "TEXT", value: (b) => truncate(b.text || "(forgotten)", 80) },
    ],
    style,
  );
}

function episodeTable(episodes: readonly Episode[], style: Style): string {
  return table(
    episodes,
    [
      { header: "ID", value: (e) => e.id, color: style.id },
      { header: "TYPE", value: (e) => e.type },
      { header: "OUTCOME", value: (e) => e.outcome ?? "-" },
      { header: "STATUS", value: (e) => e.status },
      { header: "AT", value: (e) => shortTime(e.at) },
      { header: "CONTENT", value: (e) => truncate(e.content || "(forgotten)", 80) },
    ],
    style,
  );
}

/** `strata explain b12` */
export async function runExplain(mem: Memory, args: { id: string }): Promise<ExplainResult> {
  return mem.explain(args.id);
}

export function renderExplain(r: ExplainResult, style: Style): string {
  const parts: string[] = [];
  if (r.belief) parts.push(renderBelief(r.belief, style));
  if (r.episode) parts.push(renderEpisode(r.episode, style));
  const section = (title: string, lines: string[]) => {
    if (lines.length) parts.push(`${style.bold(title)}\n${indent(lines.join("\n"))}`);
  };
  section(
    "Sources",
    r.sources.map((e) => `${style.id(e.id)} ${shortTime(e.at)} ${e.type}: ${truncate(e.content, 90)}`),
  );
  section(
    "Outcomes",
    r.outcomes.map(
      (o) =>
        `${shortTime(o.at)} ${o.success ? style.good("success") : style.bad("failure")} ${fixed2(o.confidenceBefore)} → ${fixed2(o.confidenceAfter)}`,
    ),
  );
  section(
    "Links",
    r.links.map((l) => `${style.id(l.from)} ${l.relation} ${style.id(l.to)} (${shortTime(l.at)})`),
  );
  section(
    r.episode ? "Beliefs from this episode" : "Supersedes",
    r.supersedes.map((b) => `${style.id(b.id)} ${interval(b.validFrom, b.validTo)} ${truncate(b.text, 80)}`),
  );
  if (r.supersededBy)
    section("Superseded by", [`${style.id(r.supersededBy.id)} ${truncate(r.supersededBy.text, 80)}`]);
  section(
    "Audit",
    r.audit.map(
      (a) => `#${a.seq} ${shortTime(a.at)} ${a.event} by ${a.actor} ${style.dim(a.hash.slice(0, 12))}`,
    ),
  );
  return parts.join("\n\n");
}

/** `strata history b12` */
export async function runHistory(mem: Memory, args: { id: string }): Promise<HistoryResult> {
  return mem.history(args.id);
}

export function renderHistory(r: HistoryResult, style: Style): string {
  return table(
    r.chain,
    [
      { header: "", value: (b) => (b.id === r.id ? "›" : " ") },
      { header: "ID", value: (b) => b.id, color: style.id },
      { header: "STATUS", value: (b) => b.status },
      { header: "VALID", value: (b) => interval(b.validFrom, b.validTo) },
      { header: "RECORDED", value: (b) => shortTime(b.recordedAt) },
      { header: "TEXT", value: (b) => truncate(b.text || "(forgotten)", 80) },
    ],
    style,
  );
}

/** `strata stats` */
export async function runStats(mem: Memory): Promise<StatsResult> {
  return mem.stats();
}

export function renderStats(s: StatsResult, style: Style): string {
  const counts = (r: Record<string, number>) =>
    Object.entries(r)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${k} ${v}`)
      .join(", ") || "—";
  return keyValues(
    [
      ["namespace", s.namespace],
      ["episodes", `${s.episodes.total} (${counts(s.episodes.byStatus)})`],
      ["  by type", counts(s.episodes.byType)],
      ["beliefs", `${s.beliefs.total} (${counts(s.beliefs.byStatus)}), ${s.beliefs.pinned} pinned`],
      ["  by kind", counts(s.beliefs.byKind)],
      ["audit entries", String(s.audit.entries)],
    ],
    style,
  );
}
