/**
 * The immune system of a wrap save, as a pure function over the parsed digest.
 *
 *   citation   valid only if the episode exists, is in this wrap's frozen set (no replayed
 *              evidence), shares ≥ 2 meaningful words with the explanation (grounded), and is
 *              not the agent citing itself: an episode that is the digest written back (a level
 *              mark, an echo of the pattern) or that says the pattern word for word (a claim
 *              citing itself explains nothing). As anneal checks it: the evidence, not how the
 *              explanation is worded, so an honest later wrap may describe similar evidence in
 *              words like an earlier one's
 *   ladder     new patterns start at 1x; a pattern climbs one step per wrap (1x → 2x → 3x) and
 *              only on a valid citation of an episode it has not used before; a claimed level it
 *              did not earn is held back with a visible marker
 *   staleness  a pattern not reinforced for `staleWraps` wraps is marked stale and drops a level;
 *              a graduated pattern left out of the digest is reported as dropped
 *   links      only valid citations form associations (same line +1.0, same wrap +0.3, × affect)
 *   sources    the last step, 2x → 3x, needs at least one piece of evidence that is not the
 *              agent's own claim (see `isOwnClaim`): an agent recording what it believes and
 *              citing itself three times proves nothing it did not already say
 */
import type { Episode } from "../model.js";
import { sha256 } from "../sha256.js";
import { analyseEcho, contentTokens, jaccard } from "../text.js";
import {
  type Citation,
  type ParsedDigest,
  renderDigest,
  renderPatternLine,
  SECTIONS,
  type Section,
} from "./format.js";
import type { Association, Evidence, Pattern } from "./records.js";

export type CitationProblem = "unknown" | "not-in-wrap" | "ungrounded" | "self-citation" | "over-cited";

export interface CitationCheck {
  episodeId: string;
  explanation: string;
  valid: boolean;
  problem: CitationProblem | null;
  detail: string;
}

export type PatternOutcome = "new" | "graduated" | "held" | "demoted" | "stale";

export interface PatternReport {
  text: string;
  claimed: number | null;
  previous: number | null;
  level: number;
  outcome: PatternOutcome;
  markers: string[];
  citations: CitationCheck[];
}

export interface ImmuneInput {
  parsed: ParsedDigest;
  wrapNumber: number;
  frozen: ReadonlySet<string>;
  /** Every cited episode that exists (any namespace check is the caller's). */
  episodes: ReadonlyMap<string, Episode>;
  patterns: readonly Pattern[];
  associations: readonly Association[];
  affect: { tag: string; intensity: number } | null;
  staleWraps: number;
  now: string;
  /**
   * Whether a cited episode (now or in an earlier wrap) is evidence independent of the wrapping
   * agent's own claims. Default: every episode is.
   */
  independent?: (episodeId: string) => boolean;
}

/**
 * The wrapping agent's own claim: an episode that reports no result (no success/failure, type
 * other than `outcome`) and was recorded either in the wrap's own session or with no actor or
 * the wrapping agent's actor. Results, and episodes another actor (a user, a tool, CI) recorded
 * in another session, are independent evidence. The actor is declared by whoever records the
 * episode, so this stops an agent's echo chamber, not a writer that lies about who it is.
 */
export function isOwnClaim(
  episode: Pick<Episode, "type" | "outcome" | "actor" | "session">,
  wrapping: { actor: string; session: string | null },
): boolean {
  if (episode.outcome !== null || episode.type === "outcome") return false;
  if (wrapping.session !== null && episode.session === wrapping.session) return true;
  return episode.actor === null || episode.actor === wrapping.actor;
}

export interface ImmuneResult {
  text: string;
  patterns: Pattern[];
  associations: Association[];
  report: {
    patterns: PatternReport[];
    dropped: { text: string; level: number }[];
    stale: string[];
    overCited: string[];
    citations: { valid: number; invalid: number };
    associations: { formed: number; strengthened: number; decayed: number; removed: number };
  };
}

const MEANINGFUL = (s: string) => new Set(contentTokens(s).filter((t) => t.length > 2));
export const patternKey = (text: string) => sha256([...new Set(contentTokens(text))].sort().join(" "));

/** At least two meaningful words of the explanation occur in the episode. */
export function grounded(explanation: string, episode: string): boolean {
  const e = MEANINGFUL(episode);
  let shared = 0;
  for (const w of MEANINGFUL(explanation)) if (e.has(w)) shared++;
  return shared >= 2;
}

const LEVEL_MARK = /\|\s*\d+\s*x\b|\[evidence:/i;
/** Meaningful-word overlap at which a pattern is its cited episode's text, not a reading of it. */
const VERBATIM = 0.9;

function checkCitation(c: Citation, patternText: string | null, input: ImmuneInput): CitationCheck {
  const base = { episodeId: c.episodeId, explanation: c.explanation };
  const episode = input.episodes.get(c.episodeId);
  if (!episode) return { ...base, valid: false, problem: "unknown", detail: "no such episode" };
  if (!input.frozen.has(c.episodeId))
    return {
      ...base,
      valid: false,
      problem: "not-in-wrap",
      detail: "not among this wrap's episodes (replayed evidence)",
    };
  if (!grounded(c.explanation, episode.content))
    return {
      ...base,
      valid: false,
      problem: "ungrounded",
      detail: "the explanation shares fewer than two meaningful words with the episode",
    };
  const echo = analyseEcho(episode.content);
  const restatesPattern =
    patternText !== null &&
    (LEVEL_MARK.test(episode.content) ||
      (echo.echo && jaccard(MEANINGFUL(echo.core), MEANINGFUL(patternText)) >= 0.6));
  if (restatesPattern)
    return {
      ...base,
      valid: false,
      problem: "self-citation",
      detail: "the episode is the digest's own words written back",
    };
  if (patternText !== null && jaccard(MEANINGFUL(echo.core), MEANINGFUL(patternText)) >= VERBATIM)
    return {
      ...base,
      valid: false,
      problem: "self-citation",
      detail: "the pattern is the episode's own words: a claim citing itself is not an explanation",
    };
  return { ...base, valid: true, problem: null, detail: "ok" };
}

export function runImmuneSystem(input: ImmuneInput): ImmuneResult {
  const { parsed, wrapNumber, now } = input;

  // An episode cited on most lines proves nothing about any one of them.
  const lines = SECTIONS.flatMap((s) => parsed.sections[s]);
  const citedOn = new Map<string, number>();
  for (const l of lines)
    for (const id of new Set(l.citations.map((c) => c.episodeId)))
      citedOn.set(id, (citedOn.get(id) ?? 0) + 1);
  const citingLines = lines.filter((l) => l.citations.length > 0).length;
  const overCited = [...citedOn.entries()]
    .filter(([, n]) => n >= 3 && n > citingLines / 2)
    .map(([id]) => id)
    .sort();
  const overCitedUsed = new Set<string>();

  const byKey = new Map(input.patterns.map((p) => [p.key, p]));
  const findPrevious = (text: string): Pattern | undefined => {
    const exact = byKey.get(patternKey(text));
    if (exact) return exact;
    const words = new Set(contentTokens(text));
    let best: Pattern | undefined;
    let bestScore = 0.6;
    for (const p of input.patterns) {
      const s = jaccard(words, new Set(contentTokens(p.text)));
      if (s >= bestScore) {
        best = p;
        bestScore = s;
      }
    }
    return best;
  };

  const validByLine: string[][] = [];
  const rendered: Record<Section, string[]> = { State: [], Patterns: [], Decisions: [], Context: [] };
  const reports: PatternReport[] = [];
  const nextPatterns = new Map<string, Pattern>();
  let validCount = 0;
  let invalidCount = 0;

  const check = (c: Citation, patternText: string | null): CitationCheck => {
    const result = checkCitation(c, patternText, input);
    if (result.valid && overCited.includes(c.episodeId)) {
      if (overCitedUsed.has(c.episodeId))
        return {
          ...result,
          valid: false,
          problem: "over-cited",
          detail: "cited on most lines; counted once",
        };
      overCitedUsed.add(c.episodeId);
    }
    return result;
  };

  for (const section of SECTIONS) {
    for (const line of parsed.sections[section]) {
      if (section !== "Patterns") {
        const checks = line.citations.map((c) => check(c, null));
        for (const c of checks) c.valid ? validCount++ : invalidCount++;
        validByLine.push([...new Set(checks.filter((c) => c.valid).map((c) => c.episodeId))]);
        rendered[section].push(line.raw);
        continue;
      }
      const previous = findPrevious(line.text);
      const checks = line.citations.map((c) => check(c, line.text));
      for (const c of checks) c.valid ? validCount++ : invalidCount++;
      const valid = checks.filter((c) => c.valid);
      validByLine.push([...new Set(valid.map((c) => c.episodeId))]);
      const used = new Set(previous?.evidence.map((e) => e.episodeId) ?? []);
      const fresh = valid.filter((c) => !used.has(c.episodeId));
      const claimed = line.claimedLevel;
      const markers: string[] = [];
      let level: number;
      let outcome: PatternOutcome;
      if (!previous) {
        level = 1;
        outcome = "new";
        if (claimed !== null && claimed > 1)
          markers.push(
            valid.length === 0
              ? `demoted: claimed ${claimed}x without valid evidence`
              : `level capped: new patterns start at 1x`,
          );
      } else {
        let earned = fresh.length > 0 ? Math.min(previous.level + 1, 3) : previous.level;
        let ownOnly = false;
        if (earned === 3 && previous.level < 3 && input.independent) {
          const ids = [...previous.evidence.map((e) => e.episodeId), ...fresh.map((c) => c.episodeId)];
          if (!ids.some((id) => input.independent!(id))) {
            earned = previous.level;
            ownOnly = true;
            markers.push(
              `held at ${earned}x: the evidence is only the agent's own claims; 3x needs an outcome or another actor's episode`,
            );
          }
        }
        level = claimed !== null && claimed < earned ? Math.max(1, claimed) : earned;
        outcome = level > previous.level ? "graduated" : level < previous.level ? "demoted" : "held";
        if (claimed !== null && claimed > earned && !ownOnly)
          markers.push(
            fresh.length === 0
              ? `demoted: claimed ${claimed}x without new valid evidence`
              : `level capped: one step per wrap, claimed ${claimed}x`,
          );
      }
      const invalid = checks.filter((c) => !c.valid);
      if (invalid.length > 0)
        markers.push(`ungrounded: ${invalid.map((c) => `${c.episodeId} ${c.problem}`).join(", ")}`);
      const reinforced = fresh.length > 0 || (!previous && valid.length > 0);
      const evidence: Evidence[] = [
        ...(previous?.evidence ?? []),
        ...fresh.map((c) => ({ episodeId: c.episodeId, explanation: c.explanation, wrap: wrapNumber })),
      ];
      let status: Pattern["status"] = "active";
      const lastReinforcedWrap = reinforced ? wrapNumber : (previous?.lastReinforcedWrap ?? wrapNumber);
      if (previous && !reinforced && wrapNumber - lastReinforcedWrap >= input.staleWraps) {
        status = "stale";
        if (level > 1 && outcome !== "demoted") {
          level -= 1;
          outcome = "stale";
        }
        markers.push(`stale: not reinforced since wrap ${lastReinforcedWrap}`);
      }
      const key = previous?.key ?? patternKey(line.text);
      const pattern: Pattern = {
        key,
        text: line.text,
        level,
        firstWrap: previous?.firstWrap ?? wrapNumber,
        lastReinforcedWrap,
        evidence,
        status,
        since: previous?.since ?? now,
      };
      nextPatterns.set(key, pattern);
      reports.push({
        text: line.text,
        claimed,
        previous: previous?.level ?? null,
        level,
        outcome,
        markers,
        citations: checks,
      });
      rendered.Patterns.push(
        renderPatternLine({
          text: line.text,
          level,
          since: pattern.since,
          evidence: evidence.slice(-3).map((e) => ({ episodeId: e.episodeId, explanation: e.explanation })),
          markers,
        }),
      );
    }
  }

  const dropped: { text: string; level: number }[] = [];
  for (const p of input.patterns) {
    if (nextPatterns.has(p.key) || p.status === "dropped") {
      if (p.status === "dropped" && !nextPatterns.has(p.key)) nextPatterns.set(p.key, p);
      continue;
    }
    dropped.push({ text: p.text, level: p.level });
    nextPatterns.set(p.key, { ...p, status: "dropped" });
  }

  const { associations, stats } = updateAssociations(
    input.associations,
    validByLine,
    wrapNumber,
    input.affect,
  );
  return {
    text: renderDigest(rendered),
    patterns: [...nextPatterns.values()],
    associations,
    report: {
      patterns: reports,
      dropped,
      stale: reports.filter((r) => r.markers.some((m) => m.startsWith("stale"))).map((r) => r.text),
      overCited,
      citations: { valid: validCount, invalid: invalidCount },
      associations: stats,
    },
  };
}

export const ASSOCIATION = {
  sameLine: 1.0,
  sameWrap: 0.3,
  decay: 0.9,
  cap: 10,
  floor: 0.1,
  maxWrapLinks: 60,
} as const;

/** Hebbian update: decay every link, then strengthen co-cited pairs; cap and clean. */
export function updateAssociations(
  existing: readonly Association[],
  validByLine: readonly string[][],
  wrapNumber: number,
  affect: { tag: string; intensity: number } | null,
): {
  associations: Association[];
  stats: { formed: number; strengthened: number; decayed: number; removed: number };
} {
  const key = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
  const links = new Map<string, Association>();
  let decayed = 0;
  let removed = 0;
  for (const a of existing) {
    const strength = a.strength * ASSOCIATION.decay;
    decayed++;
    if (strength < ASSOCIATION.floor) {
      removed++;
      continue;
    }
    links.set(key(a.a, a.b), { ...a, strength });
  }
  const boost = 1 + 0.5 * (affect?.intensity ?? 0);
  const add = new Map<string, number>();
  const sameLine = new Set<string>();
  for (const ids of validByLine)
    for (let i = 0; i < ids.length; i++)
      for (let j = i + 1; j < ids.length; j++) {
        const k = key(ids[i]!, ids[j]!);
        sameLine.add(k);
        add.set(k, (add.get(k) ?? 0) + ASSOCIATION.sameLine);
      }
  const all = [...new Set(validByLine.flat())].sort().slice(0, ASSOCIATION.maxWrapLinks);
  for (let i = 0; i < all.length; i++)
    for (let j = i + 1; j < all.length; j++) {
      const k = key(all[i]!, all[j]!);
      if (!sameLine.has(k)) add.set(k, (add.get(k) ?? 0) + ASSOCIATION.sameWrap);
    }
  let formed = 0;
  let strengthened = 0;
  for (const [k, amount] of add) {
    const [a, b] = k.split("|") as [string, string];
    const prior = links.get(k);
    prior ? strengthened++ : formed++;
    links.set(k, {
      a,
      b,
      strength: Math.min(ASSOCIATION.cap, (prior?.strength ?? 0) + amount * boost),
      affect: affect ?? prior?.affect ?? null,
      lastWrap: wrapNumber,
    });
  }
  const associations = [...links.values()].sort((x, y) =>
    x.a < y.a ? -1 : x.a > y.a ? 1 : x.b < y.b ? -1 : 1,
  );
  return { associations, stats: { formed, strengthened, decayed, removed } };
}
