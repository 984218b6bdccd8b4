/**
 * What `prepareWrap` hands the agent: a bounded package — instructions, the current digest,
 * the graduated patterns (so the agent merges rather than forks), stale-pattern warnings,
 * association context, and the frozen episodes, most salient first when over budget.
 */
import type { Belief, Episode } from "../model.js";
import { oneLine } from "../text.js";
import type { Association, Pattern } from "./records.js";

export const COMPRESSION_INSTRUCTIONS = `Rewrite the continuity digest from the episodes below. Keep exactly four sections:
## State — where things stand now. ## Patterns — recurring lessons, one per line.
## Decisions — what was decided and why. ## Context — what a future session needs to know.
Pattern lines: "- <pattern> | <level>x (<date>) [evidence: e12 "why e12 shows it", e15 "…"]".
Levels climb one step per wrap (1x → 2x → 3x) and only on evidence from THIS wrap's episodes; a new
pattern starts at 1x. Each explanation must use words from the episode it cites. Do not cite your
own earlier notes. Merge with the existing patterns below instead of writing near-copies. Keep the
digest short: compress, don't append.
Carry state with markers, kept as written: "? question" still open, "thought: hunch" not yet a
pattern, "✓ done" finished, "cause -> effect" what leads to what, "[decided(what)]" a decision,
"[blocked(on what)]" a blocker. Drop a question once answered and a blocker once cleared.`;

const TYPE_WEIGHT: Record<string, number> = {
  tension: 3,
  decision: 3,
  outcome: 2.5,
  question: 2,
  observation: 1.5,
  context: 1,
};

/** Salience: what most deserves the agent's attention when not everything fits. */
export function salience(e: Episode, degree: number): number {
  return (
    (TYPE_WEIGHT[e.type] ?? 1) +
    (e.outcome === "failure" ? 2 : e.outcome === "success" ? 1 : 0) +
    Math.log1p(e.support - 1) +
    Math.min(2, degree * 0.5)
  );
}

export interface WrapPackage {
  text: string;
  episodes: { total: number; shown: number; omitted: number };
  chars: number;
}

export function buildPackage(input: {
  namespace: string;
  wrapNumber: number;
  episodes: readonly Episode[];
  digest: string | null;
  patterns: readonly Pattern[];
  associations: readonly Association[];
  staleWraps: number;
  maxChars: number;
}): WrapPackage {
  const degree = new Map<string, number>();
  for (const a of input.associations) {
    degree.set(a.a, (degree.get(a.a) ?? 0) + 1);
    degree.set(a.b, (degree.get(a.b) ?? 0) + 1);
  }
  const active = input.patterns.filter((p) => p.status !== "dropped");
  const graduated = active
    .sort((a, b) => b.level - a.level || a.text.localeCompare(b.text))
    .map((p) => `- ${oneLine(p.text)} | ${p.level}x (since wrap ${p.firstWrap})`);
  const stale = active
    .filter((p) => input.wrapNumber - p.lastReinforcedWrap >= input.staleWraps - 1)
    .map(
      (p) =>
        `- "${oneLine(p.text)}" not reinforced since wrap ${p.lastReinforcedWrap}: cite new evidence or let it go`,
    );
  const strongest = [...input.associations]
    .sort((a, b) => b.strength - a.strength)
    .slice(0, 10)
    .map(
      (a) => `- ${a.a} ↔ ${a.b} (strength ${a.strength.toFixed(1)}${a.affect ? `, ${a.affect.tag}` : ""})`,
    );

  const head = [
    `# Wrap ${input.wrapNumber} — namespace ${input.namespace}`,
    "## Instructions",
    COMPRESSION_INSTRUCTIONS,
    "## Current digest",
    input.digest ?? "(none yet)",
    "## Existing patterns (merge, don't fork)",
    ...(graduated.length ? graduated : ["(none yet)"]),
    ...(stale.length ? ["## Stale pattern warnings", ...stale] : []),
    ...(strongest.length ? ["## Associations", ...strongest] : []),
    `## Episodes (${input.episodes.length}, most salient first)`,
  ].join("\n");

  const ranked = [...input.episodes].sort(
    (a, b) =>
      salience(b, degree.get(b.id) ?? 0) - salience(a, degree.get(a.id) ?? 0) ||
      (a.at < b.at ? -1 : a.at > b.at ? 1 : Number(a.id.slice(1)) - Number(b.id.slice(1))),
  );
  const lines: string[] = [];
  let size = head.length + 1;
  const reserve = 80;
  for (const e of ranked) {
    const line = `- [${e.id}] ${e.at.slice(0, 10)} ${e.type}${e.outcome ? ` (${e.outcome})` : ""}: ${oneLine(e.content).slice(0, 600)}`;
    if (size + line.length + 1 > input.maxChars - reserve) continue;
    lines.push(line);
    size += line.length + 1;
  }
  const omitted = input.episodes.length - lines.length;
  const tail =
    omitted > 0 ? `\n(${omitted} less salient episodes omitted to fit ${input.maxChars} characters)` : "";
  const text = `${head}\n${lines.join("\n")}${tail}`;
  return {
    text,
    episodes: { total: input.episodes.length, shown: lines.length, omitted },
    chars: text.length,
  };
}

/**
 * The digest without an LLM: the same four sections rendered from beliefs and episodes,
 * citing ids, bounded to `maxChars`. Deterministic for a given store and clock.
 */
export function renderFromBeliefs(input: {
  facts: readonly Belief[];
  rules: readonly Belief[];
  failures: readonly Belief[];
  patterns: readonly Pattern[];
  decisions: readonly Episode[];
  context: readonly Episode[];
  maxChars: number;
}): string {
  const fitLines = (lines: string[], budget: number) => {
    const out: string[] = [];
    let used = 0;
    for (const l of lines) {
      if (used + l.length + 1 > budget) continue;
      out.push(l);
      used += l.length + 1;
    }
    return out;
  };
  const quarter = Math.floor(input.maxChars / 4) - 20;
  const state = fitLines(
    input.facts.map((b) => `- [${b.id}] ${oneLine(b.text)}`),
    quarter,
  );
  const patterns = fitLines(
    [
      ...input.patterns
        .filter((p) => p.status === "active")
        .sort((a, b) => b.level - a.level)
        .map((p) => `- ${oneLine(p.text)} | ${p.level}x (${p.since.slice(0, 10)})`),
      ...input.rules.map(
        (b) =>
          `- [${b.id}] ${oneLine(b.text)}${b.exceptions.length ? ` (${b.exceptions.length} exception(s))` : ""}`,
      ),
    ],
    quarter,
  );
  const decisions = fitLines(
    input.decisions.map((e) => `- [${e.id}] ${e.at.slice(0, 10)} ${oneLine(e.content)}`),
    quarter,
  );
  const context = fitLines(
    [
      ...input.failures.map((b) => `- [${b.id}] Avoid: ${oneLine(b.text).replace(/^avoid:\s*/i, "")}`),
      ...input.context.map((e) => `- [${e.id}] ${e.at.slice(0, 10)} ${oneLine(e.content)}`),
    ],
    quarter,
  );
  const section = (name: string, lines: string[]) =>
    [`## ${name}`, ...(lines.length ? lines : ["- (nothing yet)"])].join("\n");
  return [
    section("State", state),
    section("Patterns", patterns),
    section("Decisions", decisions),
    section("Context", context),
  ].join("\n\n");
}
