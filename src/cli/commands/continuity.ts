/**
 * Session wraps and what they leave behind: `prepare-wrap`, `save-continuity`, `cancel-wrap`,
 * `continuity`, `associations`, `graph` and `diff`. Each `run*` returns the engine's answer (or
 * a plain view built from it): that is the --json shape; each `render*` turns it into text.
 */

import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { parseDigest } from "../../core/continuity/format.js";
import type { AssociationView, PreparedWrap, SaveReport } from "../../core/continuity/wraps.js";
import type { Memory } from "../../core/engine.js";
import { withoutUndefined } from "../args.js";
import { fixed2, indent, type Style, shortTime, table, truncate } from "../style.js";
import { UsageError } from "../usage-error.js";
import { outputGuard } from "./output-file.js";

// ---------------------------------------------------------------------------------------------
// prepare-wrap · save-continuity · cancel-wrap
// ---------------------------------------------------------------------------------------------

export interface PrepareWrapArgs {
  session?: string;
  maxChars?: number;
}

/** `strata prepare-wrap --session s42 --max-chars 12000` */
export async function runPrepareWrap(mem: Memory, args: PrepareWrapArgs): Promise<PreparedWrap> {
  return mem.prepareWrap(withoutUndefined({ session: args.session, maxChars: args.maxChars }));
}

/** The package itself, then one line on where it stands and how to answer it. */
export function renderPrepareWrap(r: PreparedWrap, style: Style): string {
  if (r.status === "empty" || r.package === null || r.token === null)
    return style.dim("Nothing to wrap: no episodes since the last wrap.");
  const e = r.episodes;
  const shown =
    e.omitted > 0 ? `${e.shown} of ${e.total} episodes shown (${e.omitted} omitted)` : `${e.total} episodes`;
  const foot = [
    `wrap ${r.wrap} · token ${style.id(r.token)} · ${shown}${r.reopened ? " · reopened (this wrap was already prepared)" : ""}`,
    `Save the compressed digest with: strata save-continuity digest.md --token ${r.token}`,
  ];
  return `${r.package}\n\n${style.dim(foot.join("\n"))}`;
}

export interface SaveContinuityArgs {
  text: string;
  token: string;
  affectTag?: string;
  affectIntensity?: number;
}

/** `strata save-continuity digest.md --token w3-… --affect-tag curious --affect-intensity 0.6` */
export async function runSaveContinuity(mem: Memory, args: SaveContinuityArgs): Promise<SaveReport> {
  if ((args.affectTag === undefined) !== (args.affectIntensity === undefined))
    throw new UsageError(
      "--affect-tag and --affect-intensity go together: pass both (e.g. --affect-tag curious --affect-intensity 0.6) or neither.",
    );
  const affect =
    args.affectTag !== undefined && args.affectIntensity !== undefined
      ? { tag: args.affectTag, intensity: args.affectIntensity }
      : undefined;
  return mem.saveContinuity(args.text, { token: args.token, ...(affect ? { affect } : {}) });
}

const levelOf = (p: SaveReport["patterns"][number]) =>
  p.previous !== null && p.previous !== p.level ? `${p.previous}x → ${p.level}x` : `${p.level}x`;

/** Every pattern with its level, outcome and markers; then what was refused, dropped and linked. */
export function renderSaveReport(r: SaveReport, style: Style): string {
  const out: string[] = [
    style.good(`saved wrap ${r.wrap} as digest v${r.version}`) +
      style.dim(
        ` · ${r.text.length} chars · ${r.patterns.length} pattern(s) · citations ${r.citations.valid} valid, ${r.citations.invalid} invalid`,
      ),
  ];
  if (r.patterns.length > 0)
    out.push(
      "",
      table(
        r.patterns,
        [
          { header: "LEVEL", value: levelOf, right: true },
          {
            header: "OUTCOME",
            value: (p) => p.outcome,
            color: (s) =>
              s.startsWith("graduated") ? style.good(s) : s.startsWith("new") ? s : style.warn(s),
          },
          { header: "PATTERN", value: (p) => truncate(p.text, 80) },
          {
            header: "MARKERS",
            value: (p) => (p.markers.length ? p.markers.join("; ") : "-"),
          },
        ],
        style,
      ),
    );
  const invalid = r.patterns.flatMap((p) =>
    p.citations.filter((c) => !c.valid).map((c) => ({ ...c, pattern: p.text })),
  );
  if (invalid.length > 0)
    out.push(
      "",
      style.bad("Invalid citations:"),
      indent(
        table(
          invalid,
          [
            { header: "EPISODE", value: (c) => c.episodeId, color: style.id },
            { header: "PROBLEM", value: (c) => c.problem ?? "-", color: style.bad },
            { header: "PATTERN", value: (c) => truncate(c.pattern, 40) },
            { header: "DETAIL", value: (c) => c.detail },
          ],
          style,
        ),
      ),
    );
  if (r.dropped.length > 0)
    out.push(
      "",
      style.warn("Dropped graduated patterns (left out of this digest):"),
      ...r.dropped.map((d) => `  - ${d.text} (was ${d.level}x)`),
    );
  if (r.stale.length > 0) out.push("", style.warn("Stale patterns:"), ...r.stale.map((s) => `  - ${s}`));
  if (r.overCited.length > 0)
    out.push("", style.warn(`Over-cited (counted once): ${r.overCited.map(style.id).join(", ")}`));
  const state = Object.entries(r.state ?? {}).filter(([, list]) => list.length > 0);
  if (state.length > 0)
    out.push("", "State carried:", ...state.map(([kind, list]) => `  ${kind}: ${list.join(" · ")}`));
  const a = r.associations;
  out.push(
    "",
    `associations: ${a.formed} formed, ${a.strengthened} strengthened, ${a.decayed} decayed, ${a.removed} removed`,
  );
  return out.join("\n");
}

/** `strata cancel-wrap --token w3-…` */
export async function runCancelWrap(
  mem: Memory,
  args: { token: string },
): Promise<{ cancelled: true; wrap: number }> {
  return mem.cancelWrap(args.token);
}

export function renderCancelWrap(r: { cancelled: true; wrap: number }, style: Style): string {
  return `cancelled wrap ${r.wrap}${style.dim("; its episodes go into the next prepare-wrap.")}`;
}

// ---------------------------------------------------------------------------------------------
// continuity
// ---------------------------------------------------------------------------------------------

export interface ContinuityView {
  namespace: string;
  /** `saved` by an agent's wrap, or `rendered` from beliefs (no wrap saved yet). */
  source: "saved" | "rendered";
  /** The saved digest's version; null when rendered. */
  version: number | null;
  savedAt: string | null;
  chars: number;
  text: string;
  /** Where `--out` wrote the markdown copy, when it did. */
  file?: string;
}

/**
 * `strata continuity [--out FILE [--force]]`: the always-loaded digest. With a file, also a markdown
 * copy a person can read and edit (an existing file is replaced only with --force); edits return only through a wrap (`prepare-wrap`, then
 * `save-continuity FILE --token …`), so they are validated like an agent's digest.
 */
export async function runContinuity(
  mem: Memory,
  out?: string,
  options: { force?: boolean } = {},
): Promise<ContinuityView> {
  const text = await mem.continuity();
  const last = (await mem.continuityHistory()).at(-1);
  const saved = last !== undefined && last.text === text;
  if (out) {
    (await outputGuard(mem))(out);
    // As every command that writes a file the user names (main.ts `outputPath`): never silently over one.
    if (!options.force && existsSync(out))
      throw new UsageError(`${out} already exists: pick a new path, or add --force to replace it.`);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, text.endsWith("\n") ? text : `${text}\n`, { mode: 0o600 });
  }
  return {
    namespace: mem.namespace,
    source: saved ? "saved" : "rendered",
    version: saved ? last.version : null,
    savedAt: saved ? last.savedAt : null,
    chars: text.length,
    text,
    ...(out ? { file: out } : {}),
  };
}

export function renderContinuity(v: ContinuityView, style: Style): string {
  const note =
    v.source === "saved"
      ? `digest v${v.version}, saved ${shortTime(v.savedAt)} · ${v.chars} chars`
      : `rendered from beliefs (no wrap saved yet) · ${v.chars} chars`;
  const file = v.file
    ? `\n${style.dim(`written to ${v.file}: edit it, then save it back with the next wrap (strata prepare-wrap, strata save-continuity ${v.file} --token …)`)}`
    : "";
  return `${v.text}\n\n${style.dim(note)}${file}`;
}

// ---------------------------------------------------------------------------------------------
// associations
// ---------------------------------------------------------------------------------------------

export interface AssociationsArgs {
  episode?: string;
  minStrength?: number;
  limit?: number;
}

/** `strata associations --episode e12 --min-strength 0.5 --limit 10` */
export async function runAssociations(mem: Memory, args: AssociationsArgs): Promise<AssociationView[]> {
  return mem.associations(
    withoutUndefined({ episodeId: args.episode, minStrength: args.minStrength, limit: args.limit }),
  );
}

export function renderAssociations(rows: AssociationView[], style: Style): string {
  if (rows.length === 0)
    return style.dim("No associations yet: they form when a saved wrap cites episodes together.");
  return table(
    rows,
    [
      { header: "EPISODE", value: (a) => a.episodeId, color: style.id },
      { header: "OTHER", value: (a) => a.other, color: style.id },
      { header: "STRENGTH", value: (a) => fixed2(a.strength), right: true },
      { header: "WRAP", value: (a) => String(a.lastWrap), right: true },
      { header: "AFFECT", value: (a) => (a.affect ? `${a.affect.tag} ${fixed2(a.affect.intensity)}` : "-") },
    ],
    style,
  );
}

// ---------------------------------------------------------------------------------------------
// graph
// ---------------------------------------------------------------------------------------------

export type GraphFormat = "dot" | "json";

export interface GraphNode {
  id: string;
  layer: "episode" | "belief";
  /** Episode type or belief kind. */
  kind: string;
  status: string;
  text: string;
}

export type GraphEdge =
  | { type: "association"; from: string; to: string; strength: number; lastWrap: number }
  /** `from` was superseded by `to`. */
  | { type: "supersession"; from: string; to: string };

export interface GraphResult {
  format: GraphFormat;
  namespace: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
}

const PAGE = 1000;

/**
 * `strata graph --format dot`: associations between episodes as undirected weighted edges, and
 * supersession chains between beliefs (any status) as directed ones, old → new.
 */
export async function runGraph(mem: Memory, args: { format?: string }): Promise<GraphResult> {
  const format = args.format ?? "dot";
  if (format !== "dot" && format !== "json")
    throw new UsageError(`--format is dot or json, got "${format}".`);
  const edges: GraphEdge[] = (await mem.associations({ limit: 1000 })).map((a) => ({
    type: "association",
    from: a.episodeId,
    to: a.other,
    strength: a.strength,
    lastWrap: a.lastWrap,
  }));
  const nodes = new Map<string, GraphNode>();
  const beliefs = new Map<string, GraphNode & { supersededBy: string | null }>();
  for (let offset = 0; ; offset += PAGE) {
    const page = await mem.list({ status: "any", limit: PAGE, offset });
    for (const item of page)
      if (item.layer === "belief")
        beliefs.set(item.id, {
          id: item.id,
          layer: "belief",
          kind: item.kind,
          status: item.status,
          text: item.text,
          supersededBy: item.supersededBy,
        });
    if (page.length < PAGE) break;
  }
  for (const b of beliefs.values()) {
    if (!b.supersededBy) continue;
    edges.push({ type: "supersession", from: b.id, to: b.supersededBy });
    for (const id of [b.id, b.supersededBy]) {
      const node = beliefs.get(id);
      if (node && !nodes.has(id)) {
        const { supersededBy: _, ...plain } = node;
        nodes.set(id, plain);
      }
    }
  }
  for (const e of edges) {
    if (e.type !== "association") continue;
    for (const id of [e.from, e.to]) {
      if (nodes.has(id)) continue;
      try {
        const item = await mem.get(id);
        nodes.set(id, {
          id,
          layer: "episode",
          kind: item.layer === "episode" ? item.type : item.kind,
          status: item.status,
          text: item.layer === "episode" ? item.content : item.text,
        });
      } catch {
        nodes.set(id, { id, layer: "episode", kind: "episode", status: "unknown", text: "" });
      }
    }
  }
  const byId = (a: { id: string }, b: { id: string }) =>
    a.id[0] === b.id[0] ? Number(a.id.slice(1)) - Number(b.id.slice(1)) : a.id < b.id ? -1 : 1;
  return { format, namespace: mem.namespace, nodes: [...nodes.values()].sort(byId), edges };
}

const dotEscape = (s: string) => s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\s+/g, " ");
const dotString = (s: string) => `"${dotEscape(s)}"`;

/**
 * Graphviz: one `digraph`; association edges carry `dir=none`, a label and a pen width by
 * strength; supersession edges point from the old belief to the one that replaced it.
 */
export function toDot(g: GraphResult): string {
  const lines = [
    `digraph strata {`,
    `  graph [label=${dotString(`strata · namespace ${g.namespace}`)}, rankdir=LR];`,
    `  node [shape=box, fontname="Helvetica", fontsize=10];`,
    `  edge [fontname="Helvetica", fontsize=9];`,
  ];
  for (const n of g.nodes) {
    const shape = n.layer === "belief" ? "ellipse" : "box";
    const style = n.status === "active" ? "" : ", style=dashed";
    lines.push(
      `  ${dotString(n.id)} [label="${dotEscape(`${n.id} · ${n.kind}${n.status === "active" ? "" : ` (${n.status})`}`)}\\n${dotEscape(truncate(n.text, 40))}", shape=${shape}${style}];`,
    );
  }
  for (const e of g.edges) {
    if (e.type === "association")
      lines.push(
        `  ${dotString(e.from)} -> ${dotString(e.to)} [dir=none, label=${dotString(fixed2(e.strength))}, penwidth=${Math.min(1 + e.strength, 8).toFixed(2)}, weight=${Math.max(1, Math.round(e.strength * 10))}];`,
      );
    else
      lines.push(
        `  ${dotString(e.from)} -> ${dotString(e.to)} [label="superseded by", style=bold, color="gray40"];`,
      );
  }
  lines.push("}");
  return lines.join("\n");
}

export function renderGraph(g: GraphResult, _style: Style): string {
  if (g.format === "dot") return toDot(g);
  const { format: _, ...graph } = g;
  return JSON.stringify(graph, null, 2);
}

// ---------------------------------------------------------------------------------------------
// diff
// ---------------------------------------------------------------------------------------------

export interface WrapDiff {
  version: number;
  wrap: number;
  savedAt: string;
  chars: number;
  /** Chars minus the previous digest's; null for the first digest kept. */
  charsDelta: number | null;
  patterns: number;
  added: { text: string; level: number | null }[];
  removed: { text: string; level: number | null }[];
  changed: { text: string; from: number | null; to: number | null }[];
}

export interface DiffResult {
  namespace: string;
  wraps: WrapDiff[];
}

const patternsOf = (text: string) =>
  new Map(parseDigest(text).sections.Patterns.map((l) => [l.text, l.claimedLevel] as const));

/** `strata diff --wraps 3`: each of the last N saved digests against the one before it. */
export async function runDiff(mem: Memory, args: { wraps?: number }): Promise<DiffResult> {
  const n = args.wraps ?? 2;
  if (n < 1) throw new UsageError(`--wraps must be 1 or more, got ${n}.`);
  const history = await mem.continuityHistory();
  const start = Math.max(0, history.length - n);
  const wraps: WrapDiff[] = [];
  for (let i = start; i < history.length; i++) {
    const d = history[i]!;
    const before = i > 0 ? history[i - 1]! : null;
    const now = patternsOf(d.text);
    const then = before ? patternsOf(before.text) : new Map<string, number | null>();
    wraps.push({
      version: d.version,
      wrap: d.wrap,
      savedAt: d.savedAt,
      chars: d.chars,
      charsDelta: before ? d.chars - before.chars : null,
      patterns: now.size,
      added: [...now].filter(([t]) => !then.has(t)).map(([text, level]) => ({ text, level })),
      removed: [...then].filter(([t]) => !now.has(t)).map(([text, level]) => ({ text, level })),
      changed: [...now]
        .filter(([t, level]) => then.has(t) && then.get(t) !== level)
        .map(([text, to]) => ({ text, from: then.get(text) ?? null, to })),
    });
  }
  return { namespace: mem.namespace, wraps };
}

const lvl = (l: number | null) => (l === null ? "?" : `${l}x`);

export function renderDiff(r: DiffResult, style: Style): string {
  if (r.wraps.length === 0) return style.dim("No saved digests yet: run prepare-wrap, then save-continuity.");
  return r.wraps
    .map((w) => {
      const delta = w.charsDelta === null ? "" : ` (${w.charsDelta >= 0 ? "+" : ""}${w.charsDelta})`;
      const head = `${style.bold(`digest v${w.version}`)} · wrap ${w.wrap} · ${shortTime(w.savedAt)} · ${w.chars} chars${delta} · ${w.patterns} pattern(s)`;
      const lines = [
        ...w.added.map((p) => style.good(`+ ${p.text} (${lvl(p.level)})`)),
        ...w.changed.map((p) => style.warn(`~ ${p.text}: ${lvl(p.from)} → ${lvl(p.to)}`)),
        ...w.removed.map((p) => style.bad(`- ${p.text} (was ${lvl(p.level)})`)),
      ];
      return lines.length
        ? `${head}\n${indent(lines.join("\n"))}`
        : `${head}\n${indent(style.dim("patterns unchanged"))}`;
    })
    .join("\n\n");
}
