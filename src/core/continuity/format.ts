/**
 * The continuity digest's markdown: four sections, pattern lines with a level and cited
 * evidence. Parsing is lenient about spacing and strict about structure.
 *
 *   ## Patterns
 *   - Retries fix flaky uploads | 2x (2026-03-01) [evidence: e12 "upload retried and passed"]
 */
export const SECTIONS = ["State", "Patterns", "Decisions", "Context"] as const;
export type Section = (typeof SECTIONS)[number];

export interface Citation {
  episodeId: string;
  explanation: string;
}

export interface DigestLine {
  section: Section;
  /** The line as written. */
  raw: string;
  /** Text without level, evidence or markers (patterns), or the raw line (other sections). */
  text: string;
  claimedLevel: number | null;
  citations: Citation[];
  /** Continuity markers the line carries (anneal's notation): state, not only patterns. */
  markers: ContinuityMarker[];
}

/**
 * The continuity markers a digest line may carry, as anneal's compression teaches them:
 *
 *   ? Should uploads shard by tenant        question   an open question
 *   thought: the retries may hide a leak    thought    a hunch, not yet a pattern
 *   ✓ Moved the queue to Redis              done       finished
 *   flaky DNS -> upload timeouts            leads-to   a cause and its effect (also →)
 *   [decided(keep retries at 3)]            decided    a decision, with what was decided
 *   [blocked(waiting for the VPN grant)]    blocked    blocked, with on what
 */
export const CONTINUITY_MARKERS = ["question", "thought", "done", "leads-to", "decided", "blocked"] as const;
export type ContinuityMarkerKind = (typeof CONTINUITY_MARKERS)[number];
export interface ContinuityMarker {
  kind: ContinuityMarkerKind;
  /** What the marker says: the decision or blocker in brackets, else the line's text. */
  text: string;
}

/** The markers of one digest line, in the order above. */
export function markersOf(raw: string): ContinuityMarker[] {
  const body = raw
    .replace(EVIDENCE, "")
    .replace(/^\s*[-*]\s+/, "")
    .trim();
  const out: ContinuityMarker[] = [];
  const rest = (prefix: RegExp) => body.replace(prefix, "").trim();
  if (/^\?\s*\S/.test(body)) out.push({ kind: "question", text: rest(/^\?/) });
  if (/^thought:/i.test(body)) out.push({ kind: "thought", text: rest(/^thought:/i) });
  if (/^✓/.test(body)) out.push({ kind: "done", text: rest(/^✓/) });
  if (/\s(->|→)\s/.test(body)) out.push({ kind: "leads-to", text: body });
  for (const m of body.matchAll(/\[(decided|blocked)\(([^)]*)\)\]/gi))
    out.push({ kind: m[1]!.toLowerCase() as ContinuityMarkerKind, text: m[2]!.trim() });
  return out;
}

/** The digest's state by marker: open questions, decisions, blockers, what is done. */
export function digestState(parsed: ParsedDigest): Record<ContinuityMarkerKind, string[]> {
  const state = Object.fromEntries(CONTINUITY_MARKERS.map((k) => [k, [] as string[]])) as Record<
    ContinuityMarkerKind,
    string[]
  >;
  for (const s of SECTIONS)
    for (const l of parsed.sections[s]) for (const m of l.markers) state[m.kind].push(m.text);
  return state;
}

export interface ParsedDigest {
  sections: Record<Section, DigestLine[]>;
  problems: string[];
}

/**
 * A section heading's name ("## State" → "State"), or null. Not one regex: `^##\s+(.+?)\s*$` took
 * minutes on a line of 8,000 characters of tabs around a stray control character (the lazy name
 * and the whitespace around it share every tab: cubic), inside save's write transaction.
 */
function headingOf(line: string): string | null {
  if (!/^##\s/.test(line)) return null;
  const name = line.slice(2).trim();
  return name !== "" && !/[\r\u2028\u2029]/.test(name) ? name : null;
}
// Each pattern below has no two quantifiers over the same characters side by side (a run of
// whitespace is read once), so a line costs time in proportion to its length.
const EVIDENCE = /\[evidence:([^\]]*)\]/i;
const LEVEL = /\|\s*(\d+)\s*x\b(?:\s*\(([^)]*)\))?/i;
const MARKER = /(?<!\s)\s*\((?:demoted|stale|level capped|over-cited|ungrounded)[^)]*\)/gi;
const CITATION = /\b([eb]\d+)\b(?:\s*(?:[:=]\s*)?"([^"]*)")?/g;

export function parseCitations(line: string): Citation[] {
  const m = EVIDENCE.exec(line);
  if (!m) return [];
  return [...m[1]!.matchAll(CITATION)].map((c) => ({ episodeId: c[1]!, explanation: (c[2] ?? "").trim() }));
}

export function parseDigest(text: string): ParsedDigest {
  const sections = { State: [], Patterns: [], Decisions: [], Context: [] } as Record<Section, DigestLine[]>;
  const seen = new Set<Section>();
  const problems: string[] = [];
  let current: Section | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const heading = headingOf(raw);
    if (heading !== null) {
      const name = SECTIONS.find((s) => s.toLowerCase() === heading.toLowerCase());
      if (!name) {
        problems.push(`unknown section "## ${heading}" (use ${SECTIONS.map((s) => `## ${s}`).join(", ")})`);
        current = null;
        continue;
      }
      if (seen.has(name)) problems.push(`section "## ${name}" appears twice`);
      seen.add(name);
      current = name;
      continue;
    }
    if (raw.trim() === "" || /^#\s/.test(raw)) continue;
    if (!current) {
      problems.push(`text before the first section: "${raw.trim().slice(0, 60)}"`);
      continue;
    }
    const citations = parseCitations(raw);
    if (current === "Patterns") {
      if (!/^\s*[-*]\s+/.test(raw)) {
        problems.push(`a pattern must be a list item ("- …"): "${raw.trim().slice(0, 60)}"`);
        continue;
      }
      const level = LEVEL.exec(raw);
      const text = raw
        .replace(EVIDENCE, "")
        .replace(LEVEL, "")
        .replace(MARKER, "")
        .replace(/^\s*[-*]\s+/, "")
        .trim();
      sections.Patterns.push({
        section: "Patterns",
        raw,
        text,
        claimedLevel: level ? Number(level[1]) : null,
        citations,
        markers: markersOf(raw),
      });
    } else
      sections[current].push({
        section: current,
        raw,
        text: raw.trim(),
        claimedLevel: null,
        citations,
        markers: markersOf(raw),
      });
  }
  for (const s of SECTIONS) if (!seen.has(s)) problems.push(`missing section "## ${s}"`);
  return { sections, problems };
}

/** Quotes are the citation's delimiters: an explanation cannot contain one. */
export const cleanExplanation = (s: string) => s.replace(/["\]\n]/g, "'").trim();

export function renderPatternLine(p: {
  text: string;
  level: number;
  since: string;
  evidence: Citation[];
  markers: string[];
}): string {
  const evidence =
    p.evidence.length > 0
      ? ` [evidence: ${p.evidence.map((c) => `${c.episodeId} "${cleanExplanation(c.explanation)}"`).join(", ")}]`
      : "";
  const markers = p.markers.map((m) => ` (${m})`).join("");
  return `- ${p.text} | ${p.level}x (${p.since.slice(0, 10)})${evidence}${markers}`;
}

export function renderDigest(sections: Record<Section, string[]>): string {
  return SECTIONS.map((s) => [`## ${s}`, ...sections[s]].join("\n")).join("\n\n");
}
