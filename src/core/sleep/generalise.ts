/**
 * Model-written generalisation, checked before it is believed: of abstractions' triggers and of
 * beliefs distilled from several episodes (`distilCluster`). When
 * `consolidate` folds three or more rules with one action under a parent, the parent's trigger
 * is first the lexical generalisation (rules.ts `generaliseTriggers`: the shared words once, the
 * differing values listed). A judge that can write (a model judge's `generalise`) is then asked,
 * outside any write transaction, for one condition covering the children's triggers, and its
 * answer replaces the lexical trigger only if it passes `checkGeneralisation`: nothing specific
 * it could have invented (a number, a name, a negation) and little that is new at all.
 *
 *   checkGeneralisation("the deploy targets any environment", ["the deploy targets staging", …]) // → null (fine)
 *   checkGeneralisation("the deploy targets production on 3 May", […])  // → 'adds "3", which no trigger has'
 */
import type { DistilRequest, Judge, StoreWriter } from "../ports.js";
import { contentTokens, isNegated, numericTokens, oneLine, rawTokens } from "../text.js";
import type { Writes } from "../writes.js";
import type { SleepItem } from "./report.js";
import { ruleWhen } from "./rules.js";

/** Content words a generalisation may bring that no trigger has: the word naming the common kind. */
const MAX_NEW_WORDS = 3;
const MAX_CHARS = 240;

/** Why a judge's trigger may not replace the lexical one, or null when it may. */
export function checkGeneralisation(when: string, triggers: readonly string[]): string | null {
  const text = when.trim();
  if (text === "") return "empty";
  if (text.length > MAX_CHARS) return `longer than ${MAX_CHARS} characters`;
  if (/[\r\n{}<>`]/.test(text)) return "not a single plain line";
  const source = triggers.join(" \n ");
  const numbers = new Set(numericTokens(source));
  const invented = numericTokens(text).filter((n) => !numbers.has(n));
  if (invented.length > 0) return `adds "${invented[0]}", which no trigger has`;
  if (isNegated(text) && !triggers.some(isNegated)) return "adds a negation no trigger has";
  // A capitalised word inside the sentence names something: it must come from the triggers.
  const sourceWords = new Set(rawTokens(source).map((w) => w.toLowerCase()));
  const names = text
    .split(/\s+/)
    .slice(1)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter((w) => /^\p{Lu}/u.test(w) && !sourceWords.has(w.toLowerCase()));
  if (names.length > 0) return `names "${names[0]}", which no trigger has`;
  const known = new Set(contentTokens(source));
  const words = new Set(contentTokens(text));
  const fresh = [...words].filter((w) => !known.has(w));
  if (words.size === fresh.length) return "shares no word with the triggers";
  if (fresh.length > MAX_NEW_WORDS)
    return `adds ${fresh.length} words no trigger has (at most ${MAX_NEW_WORDS})`;
  return null;
}

/** Content words a distilled statement may bring that no episode has ("fails", "when", "avoid"). */
const MAX_NEW_DISTIL_WORDS = 4;

/** A word that identifies: a digit in it, or punctuation inside it (eu-west-1, v2.3, ledger-db, #releases). */
const IDENTIFIER_RE = /\d|^#|[\p{L}\p{N}][.\-_/:][\p{L}\p{N}]/u;
const bare = (w: string) => w.replace(/^[^\p{L}\p{N}#]+|[^\p{L}\p{N}]+$/gu, "");

/**
 * Why a judge's distilled statement may not replace the lexical one, or null when it may: every
 * number, identifier, name and negation in it must be in an episode, and it must share at least
 * two content words with them and bring at most four of its own (what a generalisation needs:
 * "fails", "when", "avoid").
 *
 *   checkDistillation("Avoid: the CSV import times out on 60MB files", ["The 60MB CSV import timed out", …]) // → null
 *   checkDistillation("The CSV import times out on 80MB files", […]) // → 'adds "80", which no episode has'
 */
export function checkDistillation(text: string, episodes: readonly string[]): string | null {
  const t = text.trim();
  if (t === "") return "empty";
  if (t.length > MAX_CHARS) return `longer than ${MAX_CHARS} characters`;
  if (/[\r\n{}<>`]/.test(t)) return "not a single plain line";
  const source = episodes.join(" \n ");
  const numbers = new Set(numericTokens(source));
  const invented = numericTokens(t).filter((n) => !numbers.has(n));
  if (invented.length > 0) return `adds "${invented[0]}", which no episode has`;
  if (isNegated(t) && !episodes.some(isNegated)) return "adds a negation no episode has";
  const sourceWords = new Set(source.split(/\s+/).map((w) => bare(w).toLowerCase()));
  const words = t.split(/\s+/).map(bare).filter(Boolean);
  const id = words.find((w) => IDENTIFIER_RE.test(w) && !sourceWords.has(w.toLowerCase()));
  if (id) return `adds "${id}", which no episode has`;
  // A capitalised word after the first names something ("Avoid:" opens a lesson and names nothing).
  const name = words.slice(1).find((w) => /^\p{Lu}/u.test(w) && !sourceWords.has(w.toLowerCase()));
  if (name) return `names "${name}", which no episode has`;
  const known = new Set(contentTokens(source));
  const own = new Set(contentTokens(t));
  const shared = [...own].filter((w) => known.has(w));
  if (shared.length < 2) return "shares fewer than two words with the episodes";
  const fresh = own.size - shared.length;
  if (fresh > MAX_NEW_DISTIL_WORDS)
    return `adds ${fresh} words no episode has (at most ${MAX_NEW_DISTIL_WORDS})`;
  return null;
}

/**
 * The text a cluster of episodes is distilled into: the judge's statement when it writes one and
 * it passes `checkDistillation`, else the lexical one; `note` says which and why, for the report.
 */
export async function distilCluster(
  judge: Judge,
  request: DistilRequest,
): Promise<{ text: string; note: string; by: string | null }> {
  if (!judge.distil) return { text: request.lexical, note: "", by: null };
  const answer = await judge.distil(request);
  const text = "text" in answer ? oneLine(answer.text).trim() : "";
  const problem = "problem" in answer ? answer.problem : checkDistillation(text, request.episodes);
  if (problem !== null)
    return {
      text: request.lexical,
      note: `kept the episodes' wording (${judge.name}: ${problem})`,
      by: null,
    };
  return { text, note: `written by ${judge.name} from ${request.episodes.length} episodes`, by: judge.name };
}

/**
 * Asks `judge` to write the trigger of each abstraction `items` report, and puts a checked
 * answer in place of the lexical one (text, trigger and vector; the lexical trigger kept in
 * metadata; audited `belief.generalised`). Each item's reason says what became of it. A judge
 * without `generalise`, an answer that fails, or an abstraction changed meanwhile leaves the
 * lexical trigger. One short transaction per abstraction, none held while the judge answers.
 */
export async function generaliseAbstractions(
  tx: (fn: (w: StoreWriter) => Promise<void>) => Promise<void>,
  read: { getBelief: StoreWriter["getBelief"]; getBeliefs: StoreWriter["getBeliefs"] },
  writes: Writes,
  judge: Judge,
  items: SleepItem[],
  namespace: string,
): Promise<SleepItem[]> {
  if (!judge.generalise) return items;
  const out: SleepItem[] = [];
  for (const item of items) {
    if (item.action !== "abstracted") {
      out.push(item);
      continue;
    }
    const parent = await read.getBelief(item.id, namespace);
    const children = parent ? await read.getBeliefs(item.related, namespace) : [];
    if (parent?.status !== "active" || children.length < 2) {
      out.push(item);
      continue;
    }
    const triggers = children.map(ruleWhen);
    const lexical = parent.when ?? parent.text;
    const answer = await judge.generalise({ triggers, action: parent.prefer ?? "", lexical });
    const when =
      "when" in answer
        ? oneLine(answer.when)
            .replace(/^when\s+/i, "")
            .trim()
        : "";
    const problem = "problem" in answer ? answer.problem : checkGeneralisation(when, triggers);
    if (problem !== null) {
      out.push({ ...item, reason: `${item.reason}; kept the lexical trigger (${judge.name}: ${problem})` });
      continue;
    }
    const text = `WHEN ${when} → PREFER ${parent.prefer ?? ""}`;
    const [vector] = await writes.embedder.embed([text]);
    let applied = false;
    await tx(async (w) => {
      const now = await w.getBelief(parent.id, namespace);
      // Changed while the judge answered (restored, forgotten, folded): leave it as it is.
      if (now?.status !== "active" || now.when !== parent.when) return;
      await w.updateBelief(parent.id, {
        text,
        when,
        contentHash: writes.contentHash(w, text),
        metadata: { ...now.metadata, lexicalWhen: lexical, generalisedBy: judge.name },
      });
      await w.putVector(parent.id, parent.namespace, writes.embedder.id, vector!);
      await writes.audit(w, parent.namespace, "belief.generalised", parent.id, {
        judge: judge.name,
        from: lexical,
        to: when,
      });
      applied = true;
    });
    out.push(
      applied
        ? { ...item, reason: `${item.reason}; trigger written by ${judge.name}: "${when}"` }
        : { ...item, reason: `${item.reason}; kept the lexical trigger (changed meanwhile)` },
    );
  }
  return out;
}
