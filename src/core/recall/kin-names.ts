/**
 * A person asks about a relative by kin ("where is my son stationed now", "which hospital does my
 * daughter work at") and speaks of them by name once the name is said: "My son Jun Hao doing NS"
 * once, then "Jun Hao kena move to Charlie Company", "Hui Min move to Sengkang General already".
 * Recall has only words; neither BM25 nor the hashed vector links "son" to "Jun Hao", so a statement
 * that names the relative and says nothing of the kin word is not found (fresh18: 10 of 27 dev "not
 * found" misses after sleep). The name is in the store, said beside the kin word in apposition
 * ("my son Jun Hao", "our daughter, Zoe,"); recall reads it there (`kinNameTerms`) and searches the
 * name as the question's own words, as `doerTerms` searches a doer's noun.
 *
 * The rule (`KIN_NAME_RULE`): a question that says "my"/"our"/"ma" + a kin noun, singular (not "my
 * kids": several people) — or a pet's noun after those or "the" (`PET_GROUPS`: "how heavy is the
 * dog") — and a store text that says the same of the same kin or pet ("ma daughter Lorraine", "the
 * dug Bruno") + capitalised words right after it (a comma between allowed), none a stop word, a
 * weekday or a month ("my son, Sunday we…" names no one). "my son's teacher Mrs Lee" names the teacher, not the
 * son: a possessive kin noun is no apposition. An in-law is its own kin ("my daughter-in-law
 * Kylie" is not "my daughter").
 *
 *   askedKin("who is in charge of my son's platoon") // → "son"
 *   kinNamesIn("My son Jun Hao doing NS, my mother stay with us", "son") // → ["Jun Hao"]
 */
import { calendarWords } from "../calendar-words.js";
import type { Belief, Episode } from "../model.js";
import { KIN_GROUPS } from "../person-words.js";
import type { BeliefFilter, EpisodeFilter, StoreReader } from "../ports.js";
import { queryTerms, STOP_WORDS, stem } from "../text.js";

export const KIN_NAME_RULE = "kin-name";
/**
 * When no apposition names the kin, a question of the kin's thing ("what day is my sister's
 * wedding") is searched by the names the store gives as the thing's owners ("Chantal and Dewald's
 * wedding is on 7 March"): the speaker says whose wedding it is by name once she has said whose
 * sister; `askedKinThing`, `ownersIn`.
 */
export const KIN_OWNER_RULE = "kin-owner";

/**
 * A household pet is asked of and named as a relative is ("what do I feed my dog" / "me and the dug
 * Bruno"), and also by "the" ("how heavy is the dog"): a speaker's "the dog" is his own. "dug" is
 * the Scots spelling of "dog" (Dictionary of the Scots Language, SND "DUG, n.").
 */
export const PET_GROUPS: readonly (readonly string[])[] = [
  ["dog", "dug", "doggy", "doggie", "puppy", "pup"],
  ["cat", "kitty", "kitten", "pussycat"],
];

const GROUP_OF = new Map<string, readonly string[]>(
  [...KIN_GROUPS, ...PET_GROUPS].flatMap((g) => g.map((w) => [w, g] as const)),
);
const PETS = new Set(PET_GROUPS.flat());
const KIN_WORDS = [...GROUP_OF.keys()].sort((a, b) => b.length - a.length).join("|");
/** Words before the kin noun that keep it one person: "my eldest son", "our little girl". */
const MODIFIERS = "eldest|oldest|youngest|older|younger|elder|little|big|baby|middle";
const IN_LAW = "[- ]in[- ]law";
/**
 * The possessive before the kin noun: "my", "our", and "ma", the Scots (and much spoken English)
 * "my" (Dictionary of the Scots Language, SND "MA, poss. adj."; "ma daughter Lorraine") — only
 * before a kin noun, so "my ma" stays a mother; "the" is kept here and allowed before a pet only.
 */
const KIN_PHRASE = `\\b([Mm]y|[Oo]ur|[Mm]a|[Tt]he)\\s+(?:(?:${MODIFIERS})\\s+)?(${KIN_WORDS})(${IN_LAW})?`;
/** A kin phrase in a question, possessive or not ("my son's platoon" asks of the son). */
const ASKED = new RegExp(`${KIN_PHRASE}(?!\\w)`, "gi");
/** One capitalised word of a name (letters, an apostrophe or a hyphen inside). */
const NAME_WORD = "\\p{Lu}[\\p{L}'’-]*";
/**
 * A kin phrase then a name: never after a possessive ("my son's teacher Mrs Lee"). Case-sensitive
 * (a name is capitalised): the kin noun in lower case, "my"/"our" either.
 */
const APPOSITION = new RegExp(
  `${KIN_PHRASE}(?!['’\\w])\\s*,?\\s+(${NAME_WORD}(?:\\s+${NAME_WORD}){0,2})`,
  "gu",
);
/** A kin phrase with "'s" and the words after it: "my sister's wedding photos" (`askedKinThing`). */
const POSSESSED = new RegExp(`${KIN_PHRASE}['’]s\\s+([\\p{L}-]+(?:\\s+[\\p{L}-]+)?)`, "giu");
/**
 * One or two names with "'s" and at most two words after it: "Chantal and Dewald's wedding",
 * "Chantal's wedding hashtag" (`ownersIn`). Case-sensitive: a name is capitalised.
 */
const OWNER = new RegExp(
  `(${NAME_WORD}(?:\\s+${NAME_WORD}){0,2})(?:\\s+(?:and|&)\\s+(${NAME_WORD}(?:\\s+${NAME_WORD}){0,2}))?['’]s\\s+([\\p{L}-]+(?:\\s+[\\p{L}-]+)?)`,
  "gu",
);
/** Weekdays and months by name: a name ends before one ("my sister Ana Monday"). */
const CALENDAR = calendarWords({ months: "names", weekdays: "names" });

/** The kin a question asks of, as its group's first noun ("mum" → "mother"), "-in-law" kept; null when none. */
export function askedKin(question: string): string | null {
  for (const m of question.matchAll(ASKED)) {
    const kin = kinOf(m);
    if (kin) return kin;
  }
  return null;
}

/** A kin phrase's kin (`askedKin`'s form), or null when "the" stands before a person ("the boy next door"). */
function kinOf(m: RegExpMatchArray): string | null {
  const noun = m[2]!.toLowerCase();
  if (m[1]!.toLowerCase() === "the" && !PETS.has(noun)) return null;
  const group = GROUP_OF.get(noun)![0]!;
  return m[3] ? `${group}-in-law` : group;
}

/** The names a text gives the kin (`askedKin`'s form) in apposition, as written, in text order. */
export function kinNamesIn(text: string, kin: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(APPOSITION)) {
    if (kinOf(m) !== kin) continue;
    // The name ends before its first word that is a stop word, a weekday or a month.
    const words: string[] = [];
    for (const w of m[4]!.split(/\s+/)) {
      const lower = w.toLowerCase();
      if (STOP_WORDS.has(lower) || CALENDAR.has(lower)) break;
      words.push(w);
    }
    if (words.length > 0) out.push(words.join(" "));
  }
  return out;
}

/**
 * The kin's thing a question asks of (`KIN_OWNER_RULE`): "my sister's wedding" → the sister's
 * "wedding", as the (at most two) words after the possessive that are no stop words ("my son's new
 * school": "new", "school"); null when the question says no kin with "'s" ("where is my son
 * stationed", "my kids' school").
 *
 *   askedKinThing("what day is my sister's wedding") // → { kin: "sister", things: ["wedding"] }
 */
export function askedKinThing(question: string): { kin: string; things: string[] } | null {
  for (const m of question.matchAll(POSSESSED)) {
    const kin = kinOf(m);
    const things = m[4]!
      .toLowerCase()
      .split(/\s+/)
      .filter((w) => !STOP_WORDS.has(w) && !CALENDAR.has(w));
    if (kin && things.length > 0) return { kin, things };
  }
  return null;
}

/**
 * The names a text gives as the owner of one of `things` (`KIN_OWNER_RULE`): "Chantal and Dewald's wedding is
 * on 7 March" → ["Chantal", "Dewald"] for "wedding"; the thing at most one word after the "'s"
 * ("Chantal's wedding hashtag", "Theo's new school"); a name's words that are stop words, months,
 * weekdays or kin nouns are no name ("My sister's wedding", "Mom's birthday", "Sunday's lunch").
 */
export function ownersIn(text: string, things: readonly string[]): string[] {
  const own = new Set(things.map((t) => stem(t.toLowerCase())));
  const out: string[] = [];
  for (const m of text.matchAll(OWNER)) {
    const after = m[3]!.toLowerCase().split(/\s+/);
    if (!after.some((w) => own.has(stem(w)))) continue;
    for (const name of [m[1], m[2]]) {
      if (!name) continue;
      const words = name
        .split(/\s+/)
        .filter(
          (w) =>
            !STOP_WORDS.has(w.toLowerCase()) &&
            !CALENDAR.has(w.toLowerCase()) &&
            !GROUP_OF.has(w.toLowerCase()),
        );
      if (words.length > 0) out.push(words.join(" "));
    }
  }
  return out;
}

/** At most this many texts that say the kin's nouns are read for its name, from each layer. */
export const KIN_CANDIDATES = 20;

/** At most this many names of one kin are searched (a speaker with two sons names both). */
export const KIN_NAMES = 3;

/**
 * The names the store gives the relative a current-state question asks of by kin, as full-text
 * terms, none of the question's own: the texts the full-text index lists first for the kin's
 * nouns (`KIN_CANDIDATES` beliefs and episodes, active), read for appositions (`kinNamesIn`); the
 * names said most often first (ties: the one said first in the list's order), at most `KIN_NAMES`.
 * [] when the question asks of no kin or the store names none.
 */
export async function kinNameTerms(
  store: StoreReader,
  question: string,
  beliefs: BeliefFilter | null,
  episodes: EpisodeFilter | null,
): Promise<string[]> {
  const kin = askedKin(question);
  if (!kin) return [];
  const group = GROUP_OF.get(kin.replace(/-in-law$/, ""))!;
  let counts = await namesRead(store, group, beliefs, episodes, (text) => kinNamesIn(text, kin));
  // No apposition names the kin: the owners the store gives the kin's thing ("Chantal's wedding"
  // for "my sister's wedding", `KIN_OWNER_RULE`).
  const asked = counts.size === 0 ? askedKinThing(question) : null;
  if (asked && asked.kin === kin)
    counts = await namesRead(store, asked.things, beliefs, episodes, (text) => ownersIn(text, asked.things));
  const names = [...counts].sort((x, y) => y[1] - x[1]).slice(0, KIN_NAMES);
  const own = new Set(queryTerms(question).map(stem));
  const terms = queryTerms(names.map(([n]) => n).join(" ")).filter((t) => !own.has(stem(t)));
  return [...new Set(terms)];
}

/**
 * The names `read` finds in the texts the full-text index lists first for `words`
 * (`KIN_CANDIDATES` beliefs and episodes, active), each with how often it is said.
 */
async function namesRead(
  store: StoreReader,
  words: readonly string[],
  beliefs: BeliefFilter | null,
  episodes: EpisodeFilter | null,
  read: (text: string) => string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const [b, e] = await Promise.all([
    beliefs ? store.searchBeliefText(words, beliefs, KIN_CANDIDATES) : [],
    episodes ? store.searchEpisodeText(words, episodes, KIN_CANDIDATES) : [],
  ]);
  const ids = [...b, ...e].map((h) => h.id);
  if (ids.length === 0) return counts;
  const namespaces = (beliefs ?? episodes)!.namespaces;
  const items = await store.getItems(ids, namespaces);
  const texts = new Map<string, string>();
  for (const r of [...items.beliefs, ...items.episodes] as (Belief | Episode)[])
    texts.set(r.id, "kind" in r ? r.text : r.content);
  for (const id of ids)
    for (const name of read(texts.get(id) ?? "")) counts.set(name, (counts.get(name) ?? 0) + 1);
  return counts;
}
