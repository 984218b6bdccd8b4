/**
 * Forget reaches the continuity layer. The digest, its saved versions and the graduated patterns
 * are the agent's own words about episodes; once an item is forgotten, every line that cites it,
 * quotes it, or carries one of its distinctive words is replaced by a redaction marker, in the
 * current digest and in every kept version, and evidence that cites it leaves the patterns.
 *
 * A word is distinctive when nothing left in the namespace still holds it (the full-text index is
 * asked, after the item's own text is gone): "deploy" stays wherever it is, a PIN or a name that
 * only the forgotten item held goes. What this cannot catch is a paraphrase that shares no such
 * word and cites no id; SECURITY.md says so.
 *
 *   const r = await redactContinuity(tx, "default", [{ id: "e4", text: "the door PIN is 4821" }]);
 *   // r → { versions: 3, lines: 2, patterns: 1, evidence: 1, associations: 0 }
 */
import type { StoreWriter } from "../ports.js";
import { mentionsAnyId, queryTerms, stem } from "../text.js";
import { type Digest, type Pattern, records } from "./records.js";

export const REDACTED_LINE = "- [redacted: forgotten]";

export interface ContinuityRedaction {
  /** Digest versions (current and kept history) that had a line redacted. */
  versions: number;
  /** Lines redacted, over all versions. */
  lines: number;
  /** Patterns removed because their text carried the forgotten item's words. */
  patterns: number;
  /** Evidence entries removed from the remaining patterns. */
  evidence: number;
  /** Associations removed because one end was forgotten. */
  associations: number;
}

export interface ForgottenText {
  id: string;
  text: string;
}

/** Stemmed terms of `text`, split at inner punctuation, as a set. */
function terms(text: string): Set<string> {
  const out = new Set<string>();
  for (const t of queryTerms(text, 10_000)) out.add(stem(t));
  return out;
}

/** The terms of the forgotten texts that no remaining item of the namespace holds. */
async function distinctiveTerms(
  tx: StoreWriter,
  namespace: string,
  forgotten: readonly ForgottenText[],
): Promise<Set<string>> {
  const out = new Set<string>();
  const candidates = new Set<string>();
  for (const f of forgotten) for (const t of queryTerms(f.text, 10_000)) candidates.add(t);
  for (const term of candidates) {
    if (term.length < 2) continue;
    const [b] = await tx.searchBeliefText([term], { namespaces: [namespace], statuses: null }, 1);
    if (b) continue;
    const [e] = await tx.searchEpisodeText(
      [term],
      { namespaces: [namespace], statuses: null, includeSuperseded: true },
      1,
    );
    if (!e) out.add(stem(term));
  }
  return out;
}

/**
 * Redacts the namespace's continuity records for the forgotten items, inside the caller's
 * transaction. Returns what it changed, or null when nothing mentioned them.
 */
export async function redactContinuity(
  tx: StoreWriter,
  namespace: string,
  forgotten: readonly ForgottenText[],
): Promise<ContinuityRedaction | null> {
  if (forgotten.length === 0) return null;
  const ids = new Set(forgotten.map((f) => f.id));
  const idRe = mentionsAnyId(ids);
  const words = await distinctiveTerms(tx, namespace, forgotten);
  const wholeTexts = forgotten.map((f) => f.text.trim().toLowerCase()).filter((t) => t.length >= 8);
  const mentions = (text: string): boolean => {
    if (idRe.test(text)) return true;
    const lower = text.toLowerCase();
    if (wholeTexts.some((t) => lower.includes(t))) return true;
    for (const t of terms(text)) if (words.has(t)) return true;
    return false;
  };

  const report: ContinuityRedaction = { versions: 0, lines: 0, patterns: 0, evidence: 0, associations: 0 };
  const redactDigest = (d: Digest): Digest => {
    let changed = 0;
    const text = d.text
      .split("\n")
      .map((line) => {
        if (/^\s*#/.test(line) || line.trim() === "" || !mentions(line)) return line;
        changed++;
        return REDACTED_LINE;
      })
      .join("\n");
    if (changed === 0) return d;
    report.versions++;
    report.lines += changed;
    return { ...d, text, chars: text.length };
  };

  const current = await records.digest(tx, namespace);
  const history = await records.history(tx, namespace);
  const newCurrent = current ? redactDigest(current) : null;
  const newHistory = history.map(redactDigest);
  if (newCurrent !== current || newHistory.some((d, i) => d !== history[i]))
    await records.replaceDigests(tx, namespace, newCurrent, newHistory);

  const patterns = await records.patterns(tx, namespace);
  const kept: Pattern[] = [];
  for (const p of patterns) {
    if (mentions(p.text)) {
      report.patterns++;
      continue;
    }
    const evidence = p.evidence.filter((e) => !ids.has(e.episodeId) && !mentions(e.explanation));
    report.evidence += p.evidence.length - evidence.length;
    kept.push(evidence.length === p.evidence.length ? p : { ...p, evidence });
  }
  if (report.patterns > 0 || report.evidence > 0) await records.setPatterns(tx, namespace, kept);

  const associations = await records.associations(tx, namespace);
  const linked = associations.filter((a) => !ids.has(a.a) && !ids.has(a.b));
  report.associations = associations.length - linked.length;
  if (report.associations > 0) await records.setAssociations(tx, namespace, linked);

  const touched = report.versions + report.patterns + report.evidence + report.associations;
  return touched > 0 ? report : null;
}
