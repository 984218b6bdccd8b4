/**
 * Deterministic text analysis shared by the write gate, the lexical judge and recall:
 * tokens, stop words, light stemming, and the cues that mark questions, hypotheticals,
 * changes, additions, negations and recalled memories written back.
 */

const NUMBER_WORDS: Record<string, string> = {
  zero: "0",
  one: "1",
  two: "2",
  three: "3",
  four: "4",
  five: "5",
  six: "6",
  seven: "7",
  eight: "8",
  nine: "9",
  ten: "10",
  eleven: "11",
  twelve: "12",
  fifteen: "15",
  twenty: "20",
  thirty: "30",
  forty: "40",
  fifty: "50",
  hundred: "100",
};

export const STOP_WORDS = new Set(
  (
    "a an the and or but if then else of to in on at by for with from into onto over under about as is are was were be been " +
    "being am do does did done has have had having it its it's this that these those there here i me my we our us you your " +
    "he him his she her they them their what which who whom whose when where why how all any both each few more most other " +
    "some such no nor not only own same so than too very can will just should would could shall may might must also " +
    "now still yet again ever let lets let's get got gets set sets use uses used using via per up down out off s t " +
    "currently actually really please ok okay"
  ).split(" "),
);

/** Words that make a statement a negation of its positive form. */
const NEGATIONS = new Set([
  "not",
  "no",
  "never",
  "none",
  "cannot",
  "can't",
  "don't",
  "doesn't",
  "isn't",
  "aren't",
  "won't",
  "wasn't",
  "disabled",
  "without",
]);

const TOKEN_RE = /[\p{L}\p{N}]+(?:[.\-_/:'’][\p{L}\p{N}]+)*/gu;

/** Lower-cased raw tokens, punctuation dropped, internal dots/dashes kept (v16.2, us-east-1). */
export function rawTokens(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(TOKEN_RE)) {
    let t = m[0].replace(/’/g, "'");
    if (t.endsWith("'s")) t = t.slice(0, -2);
    out.push(NUMBER_WORDS[t] ?? t);
  }
  return out;
}

/** A light, deterministic suffix stripper: enough to match plural and tense variants. */
export function stem(token: string): string {
  if (token.length <= 3 || /\d/.test(token)) return token;
  if (token.endsWith("ies") && token.length > 4) return `${token.slice(0, -3)}y`;
  if (token.endsWith("sses")) return token.slice(0, -2);
  if (token.endsWith("ing") && token.length > 5) return trimDouble(token.slice(0, -3));
  if (token.endsWith("ed") && token.length > 4) return trimDouble(token.slice(0, -2));
  if (token.endsWith("es") && /(?:ch|sh|x|z)es$/.test(token)) return token.slice(0, -2);
  if (token.endsWith("s") && !token.endsWith("ss") && !token.endsWith("us") && !token.endsWith("is"))
    return token.slice(0, -1);
  return token;
}

function trimDouble(t: string): string {
  return t.length > 3 && t.at(-1) === t.at(-2) && !/[lsz]/.test(t.at(-1)!) ? t.slice(0, -1) : t;
}

/** Content tokens: raw tokens minus stop words, stemmed. Order kept, duplicates kept. */
export function contentTokens(text: string): string[] {
  return rawTokens(text)
    .filter((t) => !STOP_WORDS.has(t) && !NEGATIONS.has(t))
    .map(stem);
}

/** Terms for a full-text query: content tokens, de-duplicated, at most `max`. */
export function queryTerms(text: string, max = 24): string[] {
  const seen = new Set<string>();
  for (const t of rawTokens(text)) {
    if (STOP_WORDS.has(t) || NEGATIONS.has(t) || t.length < 2) continue;
    for (const part of t.split(/[.\-_/:']/)) if (part.length >= 1 && !STOP_WORDS.has(part)) seen.add(part);
    if (seen.size >= max) break;
  }
  return [...seen].slice(0, max);
}

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter);
}

export function charTrigrams(text: string): Set<string> {
  const s = ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= s.length; i++) out.add(s.slice(i, i + 3));
  return out;
}

export function dice(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return (2 * inter) / (a.size + b.size);
}

export function isNegated(text: string): boolean {
  return rawTokens(text).some((t) => NEGATIONS.has(t) || t.endsWith("n't"));
}

const QUESTION_START =
  /^(?:who|what|when|where|why|how|which|whose|is|are|was|were|do|does|did|can|could|should|would|will|shall|have|has|may)\b/i;

/** A question asks; it never asserts, so it never supersedes anything. */
export function isQuestion(text: string): boolean {
  const t = text.trim();
  return (
    t.endsWith("?") ||
    (QUESTION_START.test(t) && !/[.!]$/.test(t) && t.split(/\s+/).length < 20 && /\?/.test(t))
  );
}

/**
 * The speaker as the subject of a clause, one word as the tagger and `rawTokens` split it: "I",
 * "we" and their contractions with a verb ("I'm", "we're", "I've", "I'd", "I'll"), in any case and
 * with either apostrophe. One definition for the judge's subject words (rules.ts), the slot reader
 * (state-slots.ts) and the reader of retired values (retired-values.ts), which reads the
 * contraction itself where it needs the verb done, not planned ("I'll sell the Strat").
 *
 *   SPEAKER_SUBJECT.test("I'll")   // → true
 *   SPEAKER_SUBJECT.test("me")     // → false (an object: the speaker is not the subject)
 */
export const SPEAKER_SUBJECT = /^(?:i|we)(?:[’'](?:m|re|ve|d|ll))?$/i;

const HYPOTHETICAL_RE =
  /\b(?:maybe|perhaps|possibly|might|could we|should we|shall we|would it|what if|if we|in case|considering|consider|was considered|were considered|proposal|proposed|thinking about|wondering|hypothetically|suppose|planning to|plan to|might want|option would be|idea:)\b/i;

/** Speculation and proposals state no fact, so they never supersede one. */
export function isHypothetical(text: string): boolean {
  return HYPOTHETICAL_RE.test(text) || /^\s*if\b/i.test(text);
}

const CHANGE_RE =
  /\b(?:now|no longer|moved to|moved from|switched|switching|changed|changes to|renamed|replaced|replacing|migrated|migrating|upgraded|downgraded|updated to|instead|from now on|going forward|anymore|relocated|transferred|took over|handed over|is now|are now|new|became|becomes|failed over|deprecated|retired|reassigned)\b/i;

/** Words that announce a change of value: "moved to", "no longer", "switched from X to Y". */
export function hasChangeCue(text: string): boolean {
  return CHANGE_RE.test(text);
}

const ADDITIVE_RE = /\b(?:also|additionally|as well|in addition|too|another|furthermore|plus)\b/i;

/** Additions about the same subject add a detail; they do not replace the old one. */
export function hasAdditiveCue(text: string): boolean {
  return ADDITIVE_RE.test(text);
}

const ECHO_PREFIX_RE =
  /^\s*(?:(?:as|like)\s+(?:(?:i|we|you)\s+)?(?:noted|mentioned|said|discussed|established|recorded|stated|remembered|learned|found|agreed|decided)(?:\s+(?:before|earlier|previously|already|last time))?|as\s+(?:previously|already)\s+(?:noted|mentioned|recorded|stated)|(?:i|we)\s+(?:remember|recall)(?:\s+that)?|recall(?:ed)?(?:\s+(?:memory|that))?|from\s+(?:my\s+)?memory|according\s+to\s+(?:my\s+)?(?:memory|notes)|(?:previously|earlier)\s+(?:noted|recorded|learned)|memory|remembered|reminder|known)\s*[:,\-–—]?\s*/i;

const CITATION_RE = /[[(]\s*([eb]\d+)\s*[\])]/g;

export interface EchoAnalysis {
  /** True when the text presents itself as a recalled memory (prefix, quote or citation). */
  echo: boolean;
  /** The text with the echo wrapper removed. */
  core: string;
  /** Ids cited inside the text, e.g. `[b12]`. */
  cited: string[];
}

/** What opens a quoted echo: `>` and the space after it, or an opening quote, after leading space. */
const QUOTE_OPENER = /^\s*(?:>\s*|["“'‘])/;
/** The quotes that may close one. */
const CLOSING_QUOTES = `"”'’`;

/** Detects a recalled memory written back: "As noted before, …", `> quoted`, "[b12] …". */
export function analyseEcho(text: string): EchoAnalysis {
  const cited = [...text.matchAll(CITATION_RE)].map((m) => m[1]!);
  let core = text.replace(CITATION_RE, " ").trim();
  let echo = cited.length > 0;
  const prefixed = core.replace(ECHO_PREFIX_RE, "");
  if (prefixed !== core) {
    echo = true;
    core = prefixed;
  }
  // `> …` or a quoted text: what follows the opener, less trailing space and one closing quote.
  // Read by trimming, not by a lazy group before `\s*$`, which restarted at every character of a
  // whitespace run (8,000 characters of `"`, tabs and a letter: 0.7 s, inside record's transaction).
  const opened = QUOTE_OPENER.exec(core);
  if (opened && (core.trimStart().startsWith(">") || CLOSING_QUOTES.includes(core.trimEnd().slice(-1)))) {
    echo = true;
    const rest = core.slice(opened[0].length).trimEnd();
    core = rest.length > 0 && CLOSING_QUOTES.includes(rest.slice(-1)) ? rest.slice(0, -1) : rest;
  }
  core = core
    .replace(/^\s*[-*•]\s*/, "")
    .replace(/\s+/g, " ")
    .trim();
  // Case is kept as written: "ledger-db" and "npm" are names, not sentence starts to capitalise.
  return { echo, core: core.length > 0 ? core : text.trim(), cited };
}

/** Numbers and versions in a text (5, 16.2, v3, 5432, us-east-1's trailing digits excluded). */
export function numericTokens(text: string): string[] {
  return rawTokens(text).filter((t) => /^v?\d+(?:[.,]\d+)*(?:%|ms|s|m|h|d|gb|mb|kb)?$/.test(t));
}

/**
 * Flatten stored text to one safe line: no newlines or control characters, no tags, no forged
 * citations. Every `<` and `>` is escaped (`&lt;`, `&gt;`), so no tag of any kind — least of all
 * the envelope's `</strata-memory>`, however it is nested or split — can be formed from stored
 * text: safe by construction, not by removing known tags (which a nested tag survives).
 */
export function oneLine(text: string): string {
  return text
    .replace(/[\s\p{Cc}\u2028\u2029]+/gu, " ")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\[/g, "(")
    .replace(/\]/g, ")")
    .trim();
}

/** A value safe inside a double-quoted attribute of a prompt tag: one line, no `"`, `<` or `>`. */
export function attributeValue(text: string): string {
  return oneLine(text).replace(/"/g, "&quot;");
}

/**
 * A pattern that finds any of these item ids as a whole word in a text (a reason, a digest line):
 * what forget's redactions look for. Ids are escaped, so any spelling is matched literally.
 *
 *   mentionsAnyId(["b1", "e4"]).test("replaces [b1] (value-changed)") // → true
 *   mentionsAnyId(["b1"]).test("replaces [b12]")                       // → false
 */
export const mentionsAnyId = (ids: Iterable<string>): RegExp =>
  new RegExp(`\\b(?:${[...ids].map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})\\b`);
