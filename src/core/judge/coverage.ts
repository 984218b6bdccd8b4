/**
 * Redundancy is structural: a newer statement may be dropped as a restatement of an older one
 * only when the older accounts for every word that carries information in the newer — each
 * content word, number, quantifier, modal, direction word, pronoun and modifier is in the older
 * statement (stemmed), or stands for a word of the older one in a known paraphrase group
 * ("lives in" / "is based in", "likes" / "enjoys", "max" / "limit"). Anything unaccounted for
 * might be new information, so the pair is stored and deferred, never dropped.
 *
 *   uncoveredWords("The user lives in Oslo.", "The user is based in Oslo.")         // → []
 *   uncoveredWords("The staging cluster has 3 nodes", "The staging cluster has 3 large nodes") // → ["large"]
 *
 * Numbers, units, negation, enumerated states and polar function words are compared both ways by
 * `distinctions()` (./analysis.ts); this check is the newer statement's words against the older's.
 */

import { boundedMemo } from "../bounded-memo.js";
import { adverbs, FROM_NOW_ON, THESE_DAYS } from "../change-adverbs.js";
import { capitalTitles, DOTTED_TITLES } from "../person-words.js";
import { asWritten, isQuestion, rawTokens, stem, wordTable } from "../text.js";

/** The rule's name (the reason code of a verdict it downgrades) and its doc line. */
export const UNCOVERED_RULE = {
  name: "uncovered-words",
  doc: "A duplicate needs every informative word of the newer statement (content words, quantifiers, modals, direction words, pronouns, modifiers, and its mood: a question and a statement never restate each other) in the older one or in a known paraphrase of one of its words; otherwise the pair is stored and deferred.",
} as const;

/**
 * Words that carry nothing a restatement could lose: articles, forms of be/do, plain prepositions
 * of place, chat fillers, relative pronouns ("… is where the team meets"), and the negations
 * (compared by `distinctions`, not here).
 */
const EMPTY = new Set(
  (
    "a an the is are was were be been being am 's do does did done doing of in on at by for with as via about " +
    "and that this these those there here it's so just really actually please ok okay yeah yep yes hey hi hello " +
    "btw fyi oh well um uh lol now currently still also too anyway basically where which who whom " +
    "not no never n't cannot can't don't doesn't isn't aren't won't wasn't weren't didn't hasn't haven't longer"
  ).split(" "),
);

/**
 * Forms one word takes that the stemmer does not join, which the judge's term comparison joins as
 * well (`canon`, analysis.ts): irregular verbs and an abbreviation.
 */
export const CANONICAL_FORMS = wordTable({
  kept: "keep",
  led: "lead",
  ran: "run",
  built: "build",
  held: "hold",
  sent: "send",
  went: "go",
  max: "maximum",
  owner: "own",
  ownership: "own",
  owned: "own",
});

/** Forms one word takes that the stemmer does not join: `CANONICAL_FORMS` and more. */
const IRREGULAR = wordTable({
  ...Object.fromEntries(CANONICAL_FORMS),
  has: "have",
  had: "have",
  having: "have",
  goes: "go",
  gone: "go",
  took: "take",
  taken: "take",
  takes: "take",
  made: "make",
  born: "birth",
  v: "version",
  became: "become",
  maintainer: "maintain",
  leader: "lead",
  manager: "manage",
});

/**
 * Known paraphrases: words in one group say the same thing of a statement. Small on purpose — a
 * group is added only with a positive and a negative example in ./coverage.test.ts.
 */
const PARAPHRASE_GROUPS: readonly string[] = [
  // Where someone or something is.
  "live reside base locate home",
  // Where a service runs.
  "run host deploy serve",
  // Liking.
  "like enjoy fond",
  // An upper bound.
  "maximum limit cap",
  // Preference.
  "prefer favorite favourite",
  // Using.
  "use utilize utilise",
  // Starting, ending.
  "start begin",
  "end finish",
  // Persons: a pronoun is accounted for only by a pronoun of the same person.
  "i me my mine myself",
  "we us our ours ourselves",
  "you your yours yourself",
  "he him his himself",
  "she her hers herself",
  "they them their theirs themselves",
  "it its itself",
];
const FIRST_SINGULAR = new Set("i me my mine myself".split(" "));
const FIRST_PLURAL = new Set("we us our ours ourselves".split(" "));
const PRONOUN = new Set(PARAPHRASE_GROUPS.slice(-7).flatMap((g) => g.split(" ")));
const GROUP = new Map<string, number>();
PARAPHRASE_GROUPS.forEach((g, i) => {
  for (const w of g.split(" ")) {
    GROUP.set(w, i);
    GROUP.set(stem(w), i);
    GROUP.set(stem(`${w.replace(/e$/, "")}ed`), i);
  }
});

const formOf = (t: string): string => {
  const lower = t.replace(/^v(?=\d)/, "");
  const irregular = IRREGULAR.get(lower);
  if (irregular) return irregular;
  if (GROUP.has(lower)) return lower;
  const s = stem(lower);
  return IRREGULAR.get(s) ?? s;
};

const groupOf = (t: string): number | undefined => GROUP.get(t) ?? GROUP.get(formOf(t));

/**
 * Verbs that only link a subject to where it is or what it holds ("listens on port 9443" says
 * what "port … is 9443" says), and the passive's "gets": accounted for by a copula in the older statement.
 */
const LINKING = new Set(
  "run listen serve live reside base locate sit stay host deploy keep store set get gets got gotten".split(
    " ",
  ),
);
const COPULA = new Set(["is", "are", "was", "were", "be", "'s"]);
const LABEL_RE = /^[^:]{3,60}:\s+\S/;

/** Verbs of change: "was switched to Postgres" states the value "is Postgres" states. */
const CHANGE = new Set(
  (
    "move switch change rename replace migrate upgrade downgrade update relocate transfer become reassign " +
    "bump raise lower increase decrease reduce push shift convert swap"
  ).split(" "),
);
/** A verb list with every form the stemmer leaves of it: base, -s, -ed, -ing. */
const formsOf = (verbs: Iterable<string>) =>
  new Set(
    [...verbs].flatMap((w) => [
      w,
      stem(w),
      stem(`${w}s`),
      stem(`${w.replace(/e$/, "")}ed`),
      stem(`${w.replace(/e$/, "")}ing`),
    ]),
  );
const CHANGE_FORMS = formsOf(CHANGE);
const LINKING_FORMS = formsOf(LINKING);
const changeVerb = (t: string) => CHANGE_FORMS.has(t) || CHANGE_FORMS.has(formOf(t));
const linking = (t: string) => LINKING_FORMS.has(t) || LINKING_FORMS.has(formOf(t));

/**
 * A hand-over of a thing ("took over the ledger-db service", "was handed over to Omar", "ownership
 * … passed to Mei") makes its new holder the owner: it accounts for "owns", "owner", "owned by".
 * Not for another role (leads, maintains, manages), which a hand-over does not name.
 */
const HANDOVER_RE =
  /\b(?:t(?:ake|akes|ook|aken|aking) over|hand(?:s|ed|ing)? (?:it )?over to|pass(?:es|ed)? to)\b/i;
const OWNERSHIP = new Set(["own", "owns", "owned", "owner", "owners", "ownership"]);

/** Names of an attribute whose value both sides give: "the PostgreSQL version … is 14.11". */
const ATTRIBUTE = new Set([
  "version",
  "value",
  "number",
  "setting",
  "current",
  "latest",
  "region",
  "zone",
  "port",
]);

/** What opens a chat turn without saying anything: "hey, fyi", "btw", "quick update:", "just so you know". */
const OPENER_RE =
  /^\s*(?:(?:hey|hi|hello|ok|okay|so|oh|well|btw|fyi|heads[- ]up|quick (?:note|update)|just so you know|update|note|by the way)\b[\s,:;!.\-–—]*)+/i;

/**
 * Phrases that say only that a statement holds now, when it is said: "these days", "for now",
 * "this week" (change-adverbs.ts's `THESE_DAYS` and `FROM_NOW_ON`, and fixed phrases of "now").
 * Another time ("next week", "since March") is information.
 */
const NOW_RE = new RegExp(
  String.raw`\b(?:${adverbs(THESE_DAYS)}|for now|as of now|right now|${adverbs(FROM_NOW_ON)}|today|this (?:week|month|quarter|year))\b`,
  "gi",
);

function informative(text: string): string[] {
  return rawTokens(text.replace(OPENER_RE, "").replace(NOW_RE, " ")).filter(
    (t) => !EMPTY.has(t) && !asWritten(t).endsWith("n't"),
  );
}

/**
 * The informative words of `newer` that `older` does not account for, in the newer's order,
 * de-duplicated. Empty means the newer statement says nothing the older one does not.
 */
export function uncoveredWords(older: string, newer: string): string[] {
  const olderWords = olderWordsOf(older);
  const forms = new Set<string>();
  const groups = new Set<number>();
  for (const t of olderWords) {
    forms.add(t);
    forms.add(formOf(t));
    const g = groupOf(t);
    if (g !== undefined) groups.add(g);
  }
  // A label ("Billing service region: ap-southeast-2") or a change ("port changed to 7000") links
  // its name and value as "is" does.
  const copula = LABEL_RE.test(older) || olderWords.some((t) => COPULA.has(t) || linking(t) || changeVerb(t));
  // A number or an identifier with a digit (14.11, us-east-2) is the value an attribute name names.
  const olderNumber = olderWords.some((t) => /\d/.test(t));
  const olderPronoun = olderWords.some((t) => PRONOUN.has(t));
  const handedOver = HANDOVER_RE.test(older);
  const words = informative(newer);
  // "changed to", "set to": the value after "to" is the value the older statement gives.
  const changes = words.some((t) => changeVerb(t) || formOf(t) === "set");
  // Asking is not stating: a question never restates a statement, nor a statement a question ("?").
  const out: string[] = isQuestion(newer) !== isQuestion(older) ? ["?"] : [];
  for (const t of words) {
    if (forms.has(t) || forms.has(formOf(t))) continue;
    // Every way a word passes below but its forms and group must be in `mayPass` too: sleep's
    // clustering leaves unasked the pairs `coverNeeds` says cannot pass (coverage.test.ts checks it).
    const g = groupOf(t);
    if (g !== undefined && groups.has(g)) continue;
    if (copula && linking(t)) continue;
    if (changeVerb(t) || (changes && t === "to")) continue;
    if (olderNumber && ATTRIBUTE.has(t)) continue;
    if (handedOver && OWNERSHIP.has(t)) continue;
    // "We keep secrets in Vault" / "Secrets are kept in Vault": the speaker's side, no one else named.
    if (!olderPronoun && FIRST_PLURAL.has(t)) continue;
    // "The user" is the "I" of a chat turn, either way round.
    if (FIRST_SINGULAR.has(t) && forms.has("user") && !olderPronoun) continue;
    if (t === "user" && olderWords.some((w) => FIRST_SINGULAR.has(w))) continue;
    if (!out.includes(t)) out.push(t);
  }
  return out;
}

/**
 * The keys under which `older` accounts for a word of a newer statement by its own words, as
 * `uncoveredWords` reads it: each word's form ("f:…" of the word and of `formOf`) and its paraphrase
 * group ("g:…"). An index for callers that look for the statements that could restate a newer one
 * (sleep's clustering): a newer word none of whose `coverNeeds` keys is here is uncovered.
 */
export function coverKeys(older: string): Set<string> {
  const keys = new Set<string>();
  for (const t of olderWordsOf(older)) {
    keys.add(`f:${t}`);
    keys.add(`f:${formOf(t)}`);
    const g = groupOf(t);
    if (g !== undefined) keys.add(`g:${g}`);
  }
  return keys;
}

/**
 * The informative words of `newer` that only the older statement's words can account for — no
 * reading of the older (a copula, a number, a hand-over, its pronouns) lets them pass — each as the
 * keys that would account for it (`coverKeys`). So `uncoveredWords(older, newer)` is empty only when
 * every entry shares a key with `coverKeys(older)`: a necessary condition, never a sufficient one.
 *
 *   coverNeeds("The user is based in Oslo")   // → [["f:oslo"]]: "user" and "based" (a linking verb) may pass
 *   coverNeeds("We enjoy the hiking trails")  // → [["f:enjoy", "g:2"], ["f:hiking", "f:hike"], ["f:trails", "f:trail"]]
 */
export function coverNeeds(newer: string): string[][] {
  const out: string[][] = [];
  const taken = new Set<string>();
  for (const t of informative(newer)) {
    if (taken.has(t) || mayPass(t)) continue;
    taken.add(t);
    const g = groupOf(t);
    const keys = new Set([`f:${t}`, `f:${formOf(t)}`]);
    if (g !== undefined) keys.add(`g:${g}`);
    out.push([...keys]);
  }
  return out;
}

/**
 * Whether `uncoveredWords` may let a newer word pass on a reading of the older statement other than
 * its words' forms and groups (the checks after those two there, each taken as though it held).
 */
function mayPass(t: string): boolean {
  return (
    linking(t) ||
    changeVerb(t) ||
    t === "to" ||
    ATTRIBUTE.has(t) ||
    OWNERSHIP.has(t) ||
    FIRST_PLURAL.has(t) ||
    FIRST_SINGULAR.has(t) ||
    t === "user"
  );
}

/** The older statement's words as `uncoveredWords` reads them: hyphenated words count as their parts too ("on-call" accounts for "on call"). */
function olderWordsOf(older: string): string[] {
  return rawTokens(older).flatMap((t) => (t.includes("-") && !/\d/.test(t) ? [t, ...t.split("-")] : [t]));
}

/** The rule that keeps a change from being closed on a text of several sentences, and its doc line. */
export const SEVERAL_STATEMENTS_RULE = {
  name: "several-statements",
  doc: "A text of several sentences states several things: a change or a contradiction read on it is a guess, so the pair is stored and deferred, never closed.",
} as const;

/** A sentence end followed by another sentence; titles (Dr., Mr.) and decimals do not end one. */
const SENTENCE_BREAK_ALL = new RegExp(
  `(?<!\\b(?:${capitalTitles(DOTTED_TITLES)}|St|vs|etc|approx|e\\.g|i\\.e))[.!?]+["'’”)\\]]?\\s+(?=["'“(]?[\\p{Lu}\\p{N}])`,
  "u",
);

/**
 * Whether a text holds more than one sentence.
 *
 *   severalSentences("Thanks for the tip! Sorry to hear about the studio.") // → true
 *   severalSentences("Ana? She moved to Lisbon last spring.")              // → false: a fragment
 *   severalSentences("Dr. Alvarez moved to the downtown clinic")            // → false
 */
export function severalSentences(text: string): boolean {
  return sentencesCounted(text);
}

/**
 * `severalSentences`, remembered by text: the judge asks it of the same turn once for every pair
 * the turn is in, and sleep puts a long turn in many pairs.
 */
const sentencesCounted = boundedMemo((text: string): boolean => {
  // A fragment ("Ana? She moved to Lisbon.", "Thanks! …") is not a statement of its own.
  const parts = text.trim().split(SENTENCE_BREAK_ALL);
  return parts.filter((part) => rawTokens(part).length >= 3).length >= 2;
}, 8_192);
