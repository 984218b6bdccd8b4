/**
 * Deterministic text analysis shared by the write gate, the lexical judge and recall:
 * tokens, stop words, light stemming, and the cues that mark questions, hypotheticals,
 * changes, additions, negations and recalled memories written back.
 */
import { type BoundedMemo, boundedMemo } from "./bounded-memo.js";
import {
  adverbs,
  adverbWords,
  CURRENTLY,
  FROM_NOW_ON,
  NO_LONGER,
  NOT_ANYMORE,
  NOW,
  STILL,
} from "./change-adverbs.js";
import { unlistedName } from "./lower-case-names.js";
import { sleepRecordOf } from "./sleep-record.js";
import { REFERENTS_KEY } from "./vocabulary.js";

/**
 * A table looked up by a word of the text, as a Map: the word is one of the table's own keys or
 * none, never a member every object inherits ("constructor" was `Object`, perf51). Write the table
 * as an object literal for its reader; this turns it into the Map that is looked up.
 *
 *   wordTable({ mo: "month", hr: "hour" }).get("hr")          // → "hour"
 *   wordTable({ mo: "month", hr: "hour" }).get("constructor") // → undefined
 */
export function wordTable<V>(table: Readonly<Record<string, V>>): ReadonlyMap<string, V> {
  return new Map(Object.entries(table));
}

/**
 * Number words read as figures. A Map, not an object: a word that names a member every object
 * inherits ("constructor") is a word, not `Object` (perf51).
 */
const NUMBER_WORDS: ReadonlyMap<string, string> = new Map([
  ["zero", "0"],
  ["one", "1"],
  ["two", "2"],
  ["three", "3"],
  ["four", "4"],
  ["five", "5"],
  ["six", "6"],
  ["seven", "7"],
  ["eight", "8"],
  ["nine", "9"],
  ["ten", "10"],
  ["eleven", "11"],
  ["twelve", "12"],
  ["fifteen", "15"],
  ["twenty", "20"],
  ["thirty", "30"],
  ["forty", "40"],
  ["fifty", "50"],
  ["hundred", "100"],
]);

/**
 * Words no search or comparison reads as content. The one-word adverbs of the present — "now",
 * Scots "noo", "still", "currently" (change-adverbs.ts's `NOW`, `STILL`, `CURRENTLY`) — say when a
 * value holds, never what it is. "nowadays" and "anymore" are deliberately not among them: they
 * were content words before the vocabulary, and nothing measured asked for the change.
 */
export const STOP_WORDS = new Set([
  ...(
    "a an the and or but if then else of to in on at by for with from into onto over under about as is are was were be been " +
    "being am do does did done has have had having it its it's this that these those there here i me my we our us you your " +
    "he him his she her they them their what which who whom whose when where why how all any both each few more most other " +
    "some such no nor not only own same so than too very can will just should would could shall may might must also " +
    "yet again ever let lets let's get got gets set sets use uses used using via per up down out off s t " +
    "actually really please ok okay"
  ).split(" "),
  ...adverbWords(NOW, STILL, CURRENTLY),
]);

/**
 * `OTHER_LANGUAGES_FUNCTION_WORDS`: the function words of the other languages our users write in —
 * pronouns and possessives, articles and demonstratives, prepositions, conjunctions, the copula and
 * auxiliaries, particles, question words and the adverb of the present — which, like English's
 * (`STOP_WORDS`), say how a sentence is put together, never what it is about. Read as content, the
 * Swahili copula "ni", the associative "ya"/"za" and "kwa" tied statements of other things together
 * and kept an update's words from meeting its question's (fresh26: below52, wronglift52, notfound52).
 *
 * Each list is the high-frequency closed-class part of the `stopword` package's list for the
 * language (v3.1.5, MIT; its Swahili, Vietnamese, French and Tagalog lists), with the personal
 * pronouns, possessives, question words and particles it leaves out; Scots' are the Scots spellings
 * of English stop words (the Dictionary of the Scots Language). A word is left out when:
 * - it is a content word of its own language ("saa" hour, "mpya" new, "leo" today, Vietnamese
 *   "chị", "em", "anh", "con", "ba" — kin nouns that also serve as pronouns — and "một" one);
 * - it is a word of English (listed in the lexicon, `LISTED_WORDS`: "wa", "si", "pia", "au",
 *   "pale", "de", "son", "sur", "ma", "mo", "para", "ye", "khi"), but for the two that English lists
 *   only as spoken forms of its own function words (`SPOKEN_FUNCTION_WORDS`: "ya" you, "na" no);
 * - written in lower case it is an English abbreviation, a name or a part of one ("la" LA, "wi" WI,
 *   "et" ET, "il" IL, "ou" OU, "po" PO, "eu", "ra", "pa", "cet" CET, "les", "des", "elle", "mimi",
 *   "yao", "cho", "bao", "hilo", "bali", "hadi", "kati", "sana", "theo", "kung" of kung fu, "kong"
 *   of Hong Kong, "notre" of Notre Dame, "chi" of tai chi, "nani" a grandmother in Hindi);
 * - it is a Vietnamese word typed without its marks ("roi", "toi", "moi", "nao"): bare, it is another
 *   word (so French "moi" and "toi" are left out too).
 * A word the lists share ("ni" Swahili and Tagalog, "à" French and Vietnamese, "tu") is listed once.
 * The embedder's frozen reading (`embedderTokensV1`) does not read these: a stored vector keeps its
 * features.
 *
 *   contentTokens("Chama yetu hukutana kila Jumamosi") // → ["chama", "hukutana", "jumamosi"]
 *   contentTokens("Tiệm của chị ở Bellaire")           // → ["tiệm", "chị", "bellaire"]
 *   contentTokens("My son moved to LA")                // → ["son", "move", "la"] (English words kept)
 */
export const OTHER_LANGUAGES_FUNCTION_WORDS: Readonly<Record<string, readonly string[]>> = {
  swahili: (
    "ni na ya kwa za vya katika kuwa alikuwa ilikuwa kama kwamba hiyo lakini hata hivyo hivi sasa tu kwenye " +
    "ili kila baada ambao ambayo ambaye ambazo wao kuna kutoka pamoja bila huu hayo hizo hizi hiki huyu " +
    "zile kile lile kule ndani juu kuhusu wote yote zote nini ndiyo ndio hapa hapo huku huko huyo hicho " +
    "hawa yeye wala ile dhidi kwani sisi wewe tena bado basi kabla chini iko ziko yuko tuko niko uko " +
    "yangu wangu zangu changu vyangu langu kwangu yako wako zako chako yake zake chake yetu wetu zetu " +
    "chetu vyetu letu kwetu yenu wenu zenu zao gani ngapi lini wapi vipi"
  ).split(" "),
  vietnamese: (
    "bị bởi cả các cái chứ chưa có của cùng cũng đã đang để đến đều đó được gì không là lại mà mỗi này " +
    "nên nếu như nhưng những nữa qua rằng rất rồi sẽ thì từ và vẫn vào vậy vì với vừa à ừ vâng trên " +
    "dưới trước tại lên chỉ nhiều hơn thôi quá ở nha nhé nào mấy nhiêu đâu tôi mình nó"
  ).split(" "),
  french: (
    "le du une c'est avec mais pas que qui dans aux ils je j'ai en lui où vos votre vous cette ces " +
    "ceci cela ça été être était suis sont avons avez leur leurs quel quelle pis faque"
  ).split(" "),
  tagalog: (
    "ako aking amin aming atin ating natin dito doon iyon iyong iyo ikaw ka kami kanila kanilang kanya " +
    "kanyang ko mga namin nila nilang nito niya niyang pero sila siya tayo saan sino paano bakit kailan " +
    "nasaan ngayon lamang lang naman kasi yung yun rin ay"
  ).split(" "),
  scots: "tae intae ontae frae oot aboot dae nae cannae didnae isnae wisnae oor yer".split(" "),
};

/** Function words of another language that English's lexicon lists only as its own spoken function words: "ya" (you), "na" (no). */
export const SPOKEN_FUNCTION_WORDS: ReadonlySet<string> = new Set(["ya", "na"]);

/**
 * The words `contentTokens` and `queryTerms` leave out: English's stop words and the other
 * languages' function words (`OTHER_LANGUAGES_FUNCTION_WORDS`).
 */
const FUNCTION_WORDS: ReadonlySet<string> = new Set([
  ...STOP_WORDS,
  ...Object.values(OTHER_LANGUAGES_FUNCTION_WORDS).flat(),
]);

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

/**
 * Lower-cased raw tokens, punctuation dropped, internal dots/dashes kept (v16.2, us-east-1).
 * Remembered by the exact text (`rawMemo`): the same array comes back, so callers never change it.
 */
export function rawTokens(text: string): readonly string[] {
  return rawMemo(text);
}

/** How many texts `rawRead` has split (`textsTokenized`). */
let textsSplit = 0;

function rawRead(text: string): readonly string[] {
  textsSplit++;
  const out: string[] = [];
  const lower = text.toLowerCase();
  // `exec` over one global pattern: `matchAll` copies the pattern on every call.
  TOKEN_RE.lastIndex = 0;
  for (let m = TOKEN_RE.exec(lower); m !== null; m = TOKEN_RE.exec(lower)) {
    let t = m[0];
    if (t.includes("’")) t = t.replace(/’/g, "'");
    if (t.endsWith("'s")) t = t.slice(0, -2);
    out.push(NUMBER_WORDS.get(t) ?? t);
  }
  return out;
}

/**
 * A light, deterministic suffix stripper: enough to match plural and tense variants. One rule per
 * word: "-ies" → "-y", "-sses" → "-ss", Porter2's step 1b for "-eed", "-ing" and "-ed", "-es"
 * after ch/sh/x/z, and a plural "-s" (then step 1b for "-ings", so "meetings" meets "meeting").
 *
 * Step 1b restores what English changed before "-ing" / "-ed": a silent "e" after "at", "bl",
 * "iz" or a short word, and a doubled consonant undoubled, so the forms of one verb meet:
 *
 *   stem("taking") // → "take" = stem("take")     stem("hoping") // → "hope" = stem("hopes")
 *   stem("moved")  // → "move" = stem("move")     stem("hopping") // → "hop" (not "hope")
 *   stem("created") // → "create"                 stem("stopped") // → "stop"
 *   stem("agreed") // → "agree"                   stem("speed") // → "speed", stem("spring") // → "spring"
 *
 * A longer verb with a silent "e" keeps it apart ("decided" → "decid", "decide" → "decide"):
 * Porter2 joins those only by dropping every such "e" (its step 5), which would split plurals
 * from their singulars in a one-rule stemmer.
 */
export function stem(token: string): string {
  if (token.length <= 3 || /\d/.test(token)) return token;
  if (token.endsWith("ies") && token.length > 4) return `${token.slice(0, -3)}y`;
  if (token.endsWith("sses")) return token.slice(0, -2);
  if (token.endsWith("eed")) return eed(token);
  if (token.endsWith("ing") && token.length > 5) return step1b(token, 3);
  if (token.endsWith("ed") && token.length > 4) return step1b(token, 2);
  if (token.endsWith("es") && /(?:ch|sh|x|z)es$/.test(token)) return token.slice(0, -2);
  if (token.endsWith("s") && !token.endsWith("ss") && !token.endsWith("us") && !token.endsWith("is")) {
    const t = token.slice(0, -1);
    if (t.endsWith("eed")) return eed(t);
    // A plural of an "-ing" noun meets its singular ("meetings" → "meet" = stem("meeting")).
    return t.endsWith("ing") && t.length > 5 ? step1b(t, 3) : t;
  }
  return token;
}

/** a, e, i, o, u (by char code). */
const isAeiou = (c: number): boolean => c === 97 || c === 101 || c === 105 || c === 111 || c === 117;

/** Porter2's vowels; a "y" after a vowel or first in the word is a consonant. */
function isVowelAt(w: string, i: number): boolean {
  const c = w.charCodeAt(i);
  if (isAeiou(c)) return true;
  if (c !== 121 || i === 0) return false;
  const before = w.charCodeAt(i - 1);
  return !isAeiou(before) && before !== 121;
}

/** Where Porter2's R1 starts: after the first non-vowel that follows a vowel ("gener", "commun", "arsen" whole). */
function r1(w: string): number {
  const prefix = /^(?:gener|commun|arsen)/.exec(w);
  if (prefix) return prefix[0].length;
  for (let i = 1; i < w.length; i++) if (!isVowelAt(w, i) && isVowelAt(w, i - 1)) return i + 1;
  return w.length;
}

/** "-eed" → "-ee" when the suffix is inside R1 ("agreed" → "agree"), else kept ("speed", "need"). */
const eed = (w: string): string => (w.length - 3 >= r1(w) ? w.slice(0, -1) : w);

/**
 * Porter2's step 1b for "-ing" / "-ed" (`cut` letters): removed only when what precedes has a
 * vowel ("spring", "shred" kept); then "at", "bl", "iz" gain an "e" ("creat" → "create"), a doubled
 * consonant but l, s, z loses one ("stopp" → "stop"; "fall", "pass" kept), and a short word gains
 * an "e" ("tak" → "take", "hop" → "hope"; not "visit", "open": their R1 is not empty).
 */
function step1b(w: string, cut: number): string {
  const t = w.slice(0, -cut);
  let vowel = false;
  for (let i = 0; i < t.length && !vowel; i++) vowel = isVowelAt(t, i);
  if (!vowel) return w;
  if (/(?:at|bl|iz)$/.test(t)) return `${t}e`;
  if (t.length > 3 && /([b-df-hj-km-np-rtv-y])\1$/.test(t)) return t.slice(0, -1);
  return isShort(t) ? `${t}e` : t;
}

/**
 * Porter2's short word: it ends in a short syllable (a vowel, then a non-vowel other than w, x
 * or a consonant y, after a non-vowel; or a vowel first in the word, then a non-vowel) and its R1 is empty.
 */
function isShort(w: string): boolean {
  const n = w.length;
  if (r1(w) < n) return false;
  if (n === 2) return isVowelAt(w, 0) && !isVowelAt(w, 1);
  return (
    n > 2 && !isVowelAt(w, n - 3) && isVowelAt(w, n - 2) && !isVowelAt(w, n - 1) && !/[wxy]/.test(w[n - 1]!)
  );
}

/**
 * The stemmer before Porter2's step 1b ("taking" → "tak", "moved" → "mov", "spring" → "spr"),
 * frozen: the default embedder's features (`hashed-ngram-v1`) are made with it, so every stored
 * vector keeps meaning what it meant. Changing it changes the vectors of every store, which then
 * needs a new embedder id and `reindex`.
 */
export function stemV1(token: string): string {
  if (token.length <= 3 || /\d/.test(token)) return token;
  if (token.endsWith("ies") && token.length > 4) return `${token.slice(0, -3)}y`;
  if (token.endsWith("sses")) return token.slice(0, -2);
  if (token.endsWith("ing") && token.length > 5) return trimDoubleV1(token.slice(0, -3));
  if (token.endsWith("ed") && token.length > 4) return trimDoubleV1(token.slice(0, -2));
  if (token.endsWith("es") && /(?:ch|sh|x|z)es$/.test(token)) return token.slice(0, -2);
  if (token.endsWith("s") && !token.endsWith("ss") && !token.endsWith("us") && !token.endsWith("is"))
    return token.slice(0, -1);
  return token;
}

function trimDoubleV1(t: string): string {
  return t.length > 3 && t.at(-1) === t.at(-2) && !/[lsz]/.test(t.at(-1)!) ? t.slice(0, -1) : t;
}

/**
 * Clitics a function word takes in a contraction, and the function words that take each: "what's",
 * "you're", "I've", "she'd", "it'll", "I'm", "don't". Typed without the apostrophe ("whats", "im",
 * "dont"), a contraction passed the stop list as a word of its own and was then stemmed into a stop
 * word ("whats" → "what"), or kept apart from the same contraction written with it ("im" ≠ "i'm").
 */
const CLITIC_HOSTS: Readonly<Record<string, string>> = {
  s: "what where who how when why that there here it he she",
  re: "you we they what where who there",
  ve: "i you we they who what could should would might must",
  d: "i you he she we they who what it that there where how",
  ll: "i you he she we they it that there who what",
  m: "i",
  nt: "do does did is are was were have has had could should would must might need ai",
};

/**
 * Contractions whose form without the apostrophe is an English word of its own, which WordNet lists
 * (src/lexicon/contractions.test.ts holds this list to WordNet): "ill" (I'll), "well" (we'll),
 * "shell", "hell", "wed", "shed", "id" (I'd; "ids" and "my id card"), "whore" (who're). Typed
 * without the apostrophe they stay the word they spell.
 */
export const CONTRACTIONS_THAT_ARE_WORDS: ReadonlySet<string> = new Set([
  "ill",
  "well",
  "shell",
  "hell",
  "wed",
  "shed",
  "id",
  "whore",
]);

/** Each contraction of a function word, as written ("what's", "didn't") and without its apostrophe ("whats"). */
export const STOP_WORD_CONTRACTIONS: readonly { written: string; bare: string }[] = Object.entries(
  CLITIC_HOSTS,
).flatMap(([clitic, hosts]) =>
  hosts.split(" ").map((host) => {
    const written = clitic === "nt" ? `${host}n't` : `${host}'${clitic}`;
    return { written, bare: written.replace("'", "") };
  }),
);

/**
 * A bare contraction → the token `rawTokens` makes of it written out ("whats" → "what", "im" → "i'm").
 * Not a bare form that is a stop word of its own ("were", "its"), which WordNet does not list: "were"
 * is the past of "be" far more often than "we're" typed bare ("the tickets were 40"), and read as
 * "we're" it was a content word two unrelated statements shared.
 */
const WRITTEN_OF_BARE: ReadonlyMap<string, string> = new Map(
  STOP_WORD_CONTRACTIONS.filter(
    ({ bare }) => !CONTRACTIONS_THAT_ARE_WORDS.has(bare) && !STOP_WORDS.has(bare),
  ).map(({ written, bare }) => [bare, written.endsWith("'s") ? written.slice(0, -2) : written]),
);

/**
 * A raw token as it reads with its apostrophe: a contraction of a function word typed without one
 * becomes the token the written contraction gives, so "whats" is "what" (a stop word, as "what's"
 * is), "im" is "i'm", "dont" is "don't" (a negation). A bare form that spells a word of its own
 * stays that word ("id", "ill", "shed"; "ids" is no contraction).
 *
 *   asWritten("whos") // → "who"
 *   asWritten("im")   // → "i'm"
 *   asWritten("ids")  // → "ids"
 *   asWritten("shed") // → "shed"
 */
export function asWritten(token: string): string {
  return WRITTEN_OF_BARE.get(token) ?? token;
}

/**
 * `MARKS_FOLDED`: a word in the Latin script is the same word with or without its accents, macrons
 * and other marks, as writers type it both ways — te reo Māori "whānau" / "whanau", "kōhanga" /
 * "kohanga", French "café" / "cafe", Welsh "tŷ" / "ty" — so the mark is taken off (Unicode's
 * canonical decomposition, the combining marks dropped). A word in another script keeps its marks:
 * a Devanagari vowel sign or a Thai tone mark is part of the letter, and "का" is not "क". A letter
 * with no decomposition ("ø", "ß", "æ") stays as it is. The full-text index reads words so already
 * (SQLite's `unicode61`). Recall's word test of a newer against an older reads so (`newerFirst`);
 * `contentTokens` and sleep's judge do not: folded there, "hāngī" tied a statement of another thing to
 * an older and the judge closed it (fresh22, below48) — a wrong closure costs more than a pair left
 * apart.
 *
 *   withoutMarks("whānau")  // → "whanau"
 *   withoutMarks("café")    // → "cafe"
 *   withoutMarks("whanau")  // → "whanau"
 *   withoutMarks("किताब")    // → "किताब" (not Latin: kept)
 */
export function withoutMarks(token: string): string {
  // ASCII has no marks to fold: most words leave here.
  if (/^[\p{ASCII}]*$/u.test(token)) return token;
  const parts = token.normalize("NFD");
  return LATIN_WORD.test(parts) ? parts.replace(/\p{M}+/gu, "").normalize("NFC") : token;
}

/** A word all of whose letters are Latin (digits, marks and the joiners a token may hold allowed). */
const LATIN_WORD = /^[\p{Script=Latin}\p{M}\p{N}'._\-/:]*$/u;

/**
 * Content tokens: raw tokens read as written (`asWritten`), minus function words (`FUNCTION_WORDS`:
 * English's stop words and the other languages'), stemmed (by `stem`).
 * Order kept, duplicates kept. Remembered by the exact text for `stem` and `stemV1` (`contentMemos`):
 * the same words come back, the same array, so callers never change them (the array is readonly).
 *
 *   contentTokens("The meetings moved to Fridays") // → ["meet", "move", "friday"]
 *   contentTokens("The meetings moved to Fridays", stemV1) // → ["meeting", "mov", "friday"]
 */
export function contentTokens(text: string, stemmer: (token: string) => string = stem): readonly string[] {
  const memo = contentMemos.get(stemmer);
  return memo ? memo(text) : contentRead(text, stemmer);
}

function contentRead(text: string, stemmer: (token: string) => string): readonly string[] {
  return rawRead(text)
    .map(asWritten)
    .filter((t) => !FUNCTION_WORDS.has(t) && !NEGATIONS.has(t))
    .map(stemmer);
}

/**
 * `contentTokens` remembered, one memo a stemmer (`stem`, `stemV1`; another stemmer reads afresh):
 * recall's lifts read the question's and the same few candidates' words again for every pair they
 * weigh (fresh24's dev recalls spent ~16 % of their CPU here before perf51: docs/evaluation.md).
 * Safe because the words depend on the text and the stemmer alone. Bounded (`boundedMemo`: two
 * generations of 16,384 texts each); it holds nothing of a namespace, only the words of the text given.
 */
const contentMemos: ReadonlyMap<(token: string) => string, BoundedMemo<readonly string[]>> = new Map(
  [stem, stemV1].map((stemmer) => [stemmer, boundedMemo((text) => contentRead(text, stemmer), 16_384)]),
);

/**
 * `rawTokens` remembered: recall reads the raw words of the same candidates and turns again for
 * every question (its passages, a turn's parts, a reply's share). Bounded and namespace-free as
 * `contentMemos` is. `contentTokens` reads its texts afresh (`rawRead`), so a text only ever asked
 * for its content words is not held twice.
 */
const rawMemo = boundedMemo(rawRead, 16_384);

/**
 * How many texts have been split into tokens in this process, remembered ones (`rawTokens`,
 * `contentTokens`) not counted: for benches (bench/recall-tagging.ts).
 */
export function textsTokenized(): number {
  return textsSplit;
}

/** Empties the memos of `rawTokens` and `contentTokens` (every stemmer's): for benches and tests. */
export function clearTokenMemos(): void {
  rawMemo.clear();
  for (const memo of contentMemos.values()) memo.clear();
}

/**
 * The hashed embedder's content tokens, frozen as they were when its vectors were first stored: raw
 * tokens minus stop words, stemmed by `stemV1` ("whats" kept as "what"). A stored vector must keep
 * the features it was made with, so this reading does not follow `contentTokens`.
 */
export function embedderTokensV1(text: string): string[] {
  return rawTokens(text)
    .filter((t) => !STOP_WORDS.has(t) && !NEGATIONS.has(t))
    .map(stemV1);
}

/**
 * `HYPHEN_JOINED`: a word of letters written with hyphens between them is one word people also write
 * together, so a full-text query asks for it joined as well as for its parts: "mid-day" also asks
 * "midday", "e-mail" "email", "check-up" "checkup", "Wi-Fi" "wifi", "H-E-B" "heb", "Chick-fil-A"
 * "chickfila" (Lucene's word-delimiter filter catenates the same way). The full-text index splits a
 * word at its hyphens ("mid-day" is "mid" "day" to FTS5), so a text that wrote it together was
 * never found by a question that wrote it with a hyphen. Not joined: a part with a digit
 * ("us-east-1", "2026-01-05", "555-1234") and words joined by a dot, slash, underscore or colon
 * ("v16.2", "a/c", "co_op"). A joined form nobody writes ("sister-in-law") matches nothing and
 * moves no score. The other way (a text that wrote "mid-day" for a question's "midday") needs the
 * index to hold the joined form: not done (docs/evaluation.md, notfound53).
 */
const HYPHEN_JOINED = /^\p{L}+(?:-\p{L}+)+$/u;

/**
 * Terms for a full-text query: content tokens (each read `asWritten`, function words of every
 * language left out), de-duplicated, at most `max`; after them, each word written with hyphens
 * joined (`HYPHEN_JOINED`), while there is room.
 */
export function queryTerms(text: string, max = 24): string[] {
  const seen = new Set<string>();
  const joined: string[] = [];
  for (const t of rawTokens(text).map(asWritten)) {
    if (FUNCTION_WORDS.has(t) || NEGATIONS.has(t) || t.length < 2) continue;
    // A part of a joined token ("wi-fi", "us-east-1") is read against English's stop words alone.
    for (const part of t.split(/[.\-_/:']/)) if (part.length >= 1 && !STOP_WORDS.has(part)) seen.add(part);
    if (HYPHEN_JOINED.test(t)) joined.push(t.replace(/-/g, ""));
    if (seen.size >= max) break;
  }
  for (const word of joined) {
    if (seen.size >= max) break;
    if (!STOP_WORDS.has(word)) seen.add(word);
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

/** The words of negation proper, as against the states that negate ("disabled", "without"). */
const NEGATION_WORDS = new Set(["not", "no", "never", "none", "cannot"]);

/**
 * "cant" and "wont" typed without the apostrophe are the negations "can't" and "won't" in chat ("i
 * cant make friday", "he wont eat veg"); they are nouns only after a determiner or a possessive
 * ("the cant of the roof", "as was his wont"). `asWritten` keeps them as they are spelt: the noun
 * reading needs the word before.
 */
const BARE_NEGATED_MODALS = new Set(["cant", "wont"]);
const NOUN_BEFORE = new Set([
  "a",
  "an",
  "the",
  "this",
  "that",
  "my",
  "your",
  "his",
  "her",
  "its",
  "our",
  "their",
]);

/**
 * Whether the raw token is a word of negation, read as written (`asWritten`): "not", "no", "never",
 * "none", "cannot", or a contraction in "n't" with or without its apostrophe ("don't", "dont",
 * "isnt", "didnt"); "cant" and "wont" unless `before`, the raw token before it, makes it a noun.
 * Not a state that negates ("disabled", "without": `isNegated` reads those too).
 *
 *   negationWord("dont")         // → true
 *   negationWord("wont", "his")  // → false ("as was his wont")
 *   negationWord("donut")        // → false
 */
export function negationWord(token: string, before?: string): boolean {
  const t = asWritten(token);
  if (NEGATION_WORDS.has(t) || t.endsWith("n't")) return true;
  return BARE_NEGATED_MODALS.has(t) && !(before !== undefined && NOUN_BEFORE.has(before));
}

/**
 * Whether the text is negated: a word of negation, with its apostrophe or without ("not", "don't",
 * "dont", "cant"; `negationWord`), or a state that negates ("disabled", "without"). The typed
 * values read it clause by clause (typed-values.ts `CLAUSE_NEGATION`), so an aside's "cant sleep"
 * no longer drops the dose its text gives, and the bare forms are read here as the judge reads them.
 *
 *   isNegated("we don't do fridays anymore") // → true
 *   isNegated("we dont do fridays anymore")  // → true
 *   isNegated("we do fridays")               // → false
 */
export function isNegated(text: string): boolean {
  const raw = rawTokens(text);
  return raw.some((t, i) => NEGATIONS.has(t) || negationWord(t, raw[i - 1]));
}

const QUESTION_START =
  /^(?:who|what|when|where|why|how|which|whose|is|are|was|were|do|does|did|can|could|should|would|will|shall|have|has|may)\b/i;

/**
 * Fillers a spoken turn may open with before its question ("um so what's…", "ok quick question can
 * I…"), after the writer's name where several people share one account ("gaz: whats…", "maisie
 * here, whats…"): one word and a colon with a space after it (a time, "10:15", has none), or one
 * word and "here".
 */
const SPOKEN_OPENING =
  /^(?:\p{L}+:\s+|\p{L}+\s+here\b[\s,]*)?(?:(?:um+|uh+|er+m?|hm+|so|ok|okay|oh|hey|hi|and|also|anyway|btw|quick question|right)\b[\s,]*)*/iu;

/** A subject after an auxiliary that opens the sentence: "can you…", "is the gym…", "does my…". */
const INVERTED =
  /^(?:is|are|was|were|am|do|does|did|can|could|should|would|will|shall|has|have|had|may|might|must|(?:is|are|was|were|do|does|did|can|could|should|would|won|has|have)n['’]t|can['’]t)\s+(?:i|you|u|we|they|he|she|it|there|this|that|these|those|my|your|our|his|her|their|the|a|an|any|anyone|someone)\b/i;

/**
 * Question word first, then the verb before any subject: "what's…", "how long does…", "which gym
 * should…", "who cuts…". "when the kids were little…" and "what I did was…" open a clause that
 * the sentence is about, not a question: a word after "when"/"where"/"why" must be the verb itself,
 * and no subject pronoun may come between a question word and its verb.
 */
const WH_FIRST =
  /^(?:(?:what|where|who|how|when|why)['’](?:s|re|ll|d)\b|(?:when|where|why|who)\s+(?:is|are|was|were|do|does|did|can|could|should|would|will|has|have)\b|how\s+(?:much|many|long|often|far|old|big|come|do|does|did|can|could|should|would|is|are|was|were)\b|(?:what|which|whose)\s+(?:(?!(?:i|you|we|they|he|she|it)\b)[\w'’-]+\s+){0,2}(?:is|are|was|were|do|does|did|can|could|should|would|will|has|have)\b|who\s+(?!(?:i|you|we|they|he|she|it)\b)\w+s\b)/i;

/**
 * `WH_WITH_ITS_VERB`: a wh-word, alone or with its verb written on ("what's", "when’s", "who're",
 * "how'd"; typed or dictated with no apostrophe, "whats", "whos"), is one token to the tagger and
 * asks as that wh-word: "what's the POS charge when I withdraw" asks what, not when. "'s" and
 * "'re" (or a bare "s") are "is"/"are", the question's finite verb; "'d" is "did" or "would".
 * Not "whose" (a wh-word of its own: "Whose phone is this?"), nor "whatsapp", "whence", "howl".
 * changed-measures.ts's `askedWhWord` reads a question's first one; state-slots.ts's `askedSlot`
 * reads one with "is" or "are" (`WH_WITH_BE`, `whWithBe`) as its finite verb.
 */
const WH_WITH_ITS_VERB = /^(where|who|whom|whose|why|how|what|which|when)(?:['’](s|re|d)|(s))?$/i;

/**
 * The wh-word a token is, lower-cased, with the verb written on it ("s" for "'s" or a bare "s",
 * "re", "d"; "" when alone), or null when it is none (`WH_WITH_ITS_VERB`).
 *
 *   whWordOf("Who's")     // → { word: "who", on: "s" }
 *   whWordOf("whose")     // → { word: "whose", on: "" }
 *   whWordOf("whatsapp")  // → null
 */
export function whWordOf(token: string): { word: string; on: "" | "s" | "re" | "d" } | null {
  const wh = WH_WITH_ITS_VERB.exec(token);
  if (!wh) return null;
  const on = (wh[2] ?? wh[3] ?? "").toLowerCase() as "" | "s" | "re" | "d";
  return { word: wh[1]!.toLowerCase(), on };
}

/**
 * `WH_WITH_BE`: a wh-word with "is" or "are" written on it (`whWordOf`: "where's", "when’s",
 * "how's", "whats", "whos", "who're") — the question's finite verb, whatever the tagger reads it as
 * ("where's", "when’s", "how's" one adverb; "whats", "whos" a determiner or a noun): "Where's my
 * savings account?", "whats my blood type" ask what holds now. Not "whose", a wh-word alone, nor
 * one with "'d" ("how'd").
 */
export function whWithBe(token: string): boolean {
  const wh = whWordOf(token);
  return wh !== null && (wh.on === "s" || wh.on === "re");
}

/** A personal pronoun: a subject no question word's own phrase contains ("what I did…"). */
const PRONOUN = "(?:i|you|u|we|they|he|she|it)";
/** What a noun phrase opens with when it is a clause's subject, not a question word's bare noun. */
const DETERMINER = "(?:the|a|an|my|your|our|his|her|their|its|this|that|these|those)";
/** An auxiliary or a form of "be", the verb a question puts before its subject. */
const AUXILIARY = "(?:am|is|are|was|were|do|does|did|can|could|should|would|will|has|have)";
/** The subject right after that verb: a pronoun, a determiner or "there". */
const SUBJECT = `(?:${PRONOUN}|${DETERMINER}|there|any|anyone|someone)`;

/**
 * A question phrase, then an auxiliary, then its subject: "what am i knitting for the boy", "which
 * hours rule am i on", "what kind of fuel economy do i get", "how heavy are my loads", "whom do I
 * call". The question word's own phrase is a bare noun or an adjective (up to three words, "kind
 * of" beside them), never a subject of its own: "what I need is a new bike", "how lucky we were"
 * and "what my sister wants is a dog" open a clause the sentence is about. After "what" or "which"
 * and a form of "be", only a pronoun is read as the subject: "what kids need most is the time" is a
 * free relative and what it is ("the time"), not a question.
 */
const ASKED_WITH_SUBJECT = new RegExp(
  `^(?:(?:when|where|why|who|whom|how\\s+(?!${PRONOUN}\\b)[\\w'’-]+)\\s+${AUXILIARY}\\s+${SUBJECT}|(?:what|which|whose)(?:\\s+(?:kind|sort|type)s?\\s+of)?(?:\\s+(?!(?:${PRONOUN}|${DETERMINER})\\b)[\\w'’-]+){0,3}\\s+(?:(?:am|is|are|was|were)\\s+(?:${PRONOUN}|there)|(?:do|does|did|can|could|should|would|will|has|have)\\s+${SUBJECT}))\\b`,
  "i",
);

/**
 * A question word's noun "of" another, then the verb the phrase is the subject of: "which version of
 * R is on the lab server", "what brand of milk is in the fridge". Neither noun a pronoun or a
 * determiner's phrase: "what the rest of us did was call the bank" and "what most of us want is
 * time" open a clause the sentence is about.
 */
const WH_NOUN_OF_NOUN = new RegExp(
  `^(?:what|which|whose)\\s+(?!(?:${PRONOUN}|${DETERMINER})\\b)[\\w'’-]+\\s+of\\s+(?!(?:${PRONOUN}|${DETERMINER}|us|them|him|me)\\b)[\\w'’.-]+\\s+(?:is|are|was|were|do|does|did|can|could|should|would|will|has|have)\\b`,
  "i",
);

/** "how" and a measure's adjective asked of one named thing: "how heavy is biscuit", "how old is Sam". */
const HOW_OF_NAMED = /^how\s+[\w'’-]+\s+(?:is|are)\s+[\w'’-]+$/i;

/**
 * A question word's bare noun as the subject, then its verb in the present: "what app keeps my
 * hours", "which bank gets my client payments", "whose card pays for our streaming", "what goes in
 * the litter box". Not a free relative that is the subject of a "be" after it ("what matters most
 * is the price", "what kids need is time"), nor a noun phrase of its own ("what the doctor says").
 * A word in -ss, -us or -is is a noun, not the verb ("which bus goes…" reads "goes").
 */
const WH_SUBJECT_VERB = new RegExp(
  `^(?:what|which|whose)(?:\\s+(?!(?:${PRONOUN}|${DETERMINER})\\b)[\\w'’-]+)?\\s+(?!\\p{L}*(?:ss|us|is)\\b)\\p{L}+s\\b(?!.*\\b(?:am|is|are|was|were)\\b)`,
  "iu",
);

/**
 * A request to be told, which asks what its clause says: "remind me when the vet is", "tell me
 * what time the physio is", "any idea where the spare key is". Not a request to do something
 * ("remind me to call Shelley", "tell me a joke"): that asks for an act, not an answer.
 */
const ASKS_TO_BE_TOLD =
  /^(?:(?:(?:can|could|would|will)\s+(?:you|u)\s+)?(?:please\s+)?(?:remind|tell)\s+me\s+(?:again\s+)?|any\s+idea\s+)(?:what|when|where|who|whom|which|whose|how|whether|if)\b/i;

/**
 * A name after "does", "is", "are" or "has", as its subject: "does maisie eat meat", "is Dave coming
 * to the match". A capital marks a name; in lower case only after "does", and only a word read as a
 * name without its capital (`unlistedName`, the one reading of a lower-case name sleep's and recall's
 * names share): "is lowkey the best" and "is gonna rain" are a subject left out, and so are "does
 * tues and thurs now" (a clipped day) and "does everything herself now" (an indefinite pronoun).
 * Not a possessive ("is Sarah's party…" is left as it reads).
 */
function namedSubjectAsked(spoken: string): boolean {
  const m = /^(does|is|are|has)\s+([\p{L}]+)(?!['’\p{L}])\s+\S/iu.exec(spoken);
  if (!m) return false;
  const [, aux, word] = m as unknown as [string, string, string];
  if (/^\p{Lu}/u.test(word) && word !== "I" && !/^\p{Lu}/u.test(aux.slice(1))) return true;
  return aux.toLowerCase() === "does" && /^\p{Ll}+$/u.test(word) && unlistedName(word);
}

/** A word's -s form by its shape, a verb's or a plural's: in -s but not -ss, -us, -is, -as, -ics or -ews ("class", "bus", "news"). */
const S_FORM = "(?!\\p{L}*(?:ss|us|is|as|ics|ews)\\b)\\p{L}{2,}s";
/** A verb's -ed form by its shape: "worked", "suggested"; not "-eed" ("speed") nor a short word ("bed", "shed"). */
const VERB_ED = "\\p{L}{2,}[^e\\P{L}]ed";
/** The main verb a free relative is the subject of: a form of "be", a modal or an auxiliary. */
const MAIN_VERB =
  "(?:is|was|will|would|can|could|should|must|does|doesn['’]?t|did|didn['’]?t|has|gets|goes|pays|wins)";
/** The clause's own verb right after "what", one adverb before it at most: "what matters", "what really helped". */
const OWN_VERB_FIRST = `(?:\\s+\\p{L}+ly|\\s+(?:most|just|always|usually|still|first))?\\s+(?:${S_FORM}|${VERB_ED})`;
/** A word that opens no noun phrase of a clause's subject, nor is a verb: a pronoun, a determiner, a "be". */
const NOT_A_NOUN = `(?!(?:${PRONOUN}|${DETERMINER}|is|was|are|were)\\b)`;
/**
 * The clause's subject and its verb: a plural and a bare verb ("kids need", "people want": English's
 * few plurals without -s), or a noun and a verb in -s or -ed ("mum wants", "Dave suggested").
 */
const SUBJECT_AND_VERB = `\\s+${NOT_A_NOUN}(?:${S_FORM}\\s+${NOT_A_NOUN}\\p{L}+(?<!s)|(?:people|children|men|women)\\s+${NOT_A_NOUN}\\p{L}+|\\p{L}+\\s+(?:${S_FORM}|${VERB_ED}))`;
/**
 * What follows the main "is" or "was" when the sentence states: not its subject, as a question has
 * ("what meds is he on", "what hours is there"), and not a preposition left at the end ("what meds is
 * dad on").
 */
const STATED_AFTER_BE =
  "(?!\\s+(?:i|you|u|we|they|he|she|it|there)\\b)(?!.*\\b(?:on|in|at|for|with|to|from|about|of|by|into)$)";

/**
 * A wh-clause that is the subject of a finite verb after it, a free relative: the sentence states
 * what the clause names ("what matters most is the price", "what worked was the timer", "what kids
 * need is time", "whoever wins gets the last slice"). The clause's own verb is read by its form: a
 * verb in -s or -ed right after "what"/"who" (one adverb may come first: "what really matters"), or
 * a plural noun and its bare verb ("kids need", "people want"). Its main verb is "is"/"was" with no
 * subject after it and no preposition left at the end, or after "who" a modal, an auxiliary or
 * "gets"/"goes"/"pays"/"wins". A question keeps its subject after the verb: "what meds is he on",
 * "what kids club is it", "what time is it", "who cuts your hair".
 */
const FREE_RELATIVE_SUBJECT = new RegExp(
  `^(?:what|whatever)(?:${OWN_VERB_FIRST}|${SUBJECT_AND_VERB})(?:\\s+(?!(?:is|was)\\b)\\p{L}+){0,2}\\s+(?:is|was)\\b${STATED_AFTER_BE}|^(?:who|whoever)\\s+${S_FORM}(?:\\s+\\p{L}+ly|\\s+(?:first|last|most))?\\s+${MAIN_VERB}\\b`,
  "iu",
);

/**
 * A question said without its question mark, as speech-to-text and hurried typing leave it
 * (`isQuestion`): a short text with no sentence punctuation at all (a decimal point is none: "can you
 * set me an alarm for 5.15") whose word order asks — an auxiliary before its subject ("can you remind
 * me to bring a padlock", "is the pool open on sundays", "does maisie eat meat") or a question word
 * before its verb ("how long does the school run take", "which inhaler am I on", "what app keeps my
 * hours"; "whats" as texting spells "what's"), or a request to be told ("remind me when the vet is").
 * A statement that opens with a clause ("when the kids were little we lived in Leeds", "what I did
 * was call the bank", "how lucky we were") or a name ("Will is my brother") is not one, and a long
 * unpunctuated turn that goes on past its question (more than 15 words) is left a statement: what it
 * says is kept rather than skipped.
 */
function asksByWordOrder(t: string): boolean {
  if (/[!?;]|\.(?!\d)/.test(t)) return false;
  const spoken = t.replace(SPOKEN_OPENING, "").replace(/^(what|where|who|how)s\b/i, "$1's");
  if (spoken.split(/\s+/).length > 15 || FREE_RELATIVE_SUBJECT.test(spoken)) return false;
  return (
    INVERTED.test(spoken) ||
    WH_FIRST.test(spoken) ||
    ASKED_WITH_SUBJECT.test(spoken) ||
    HOW_OF_NAMED.test(spoken) ||
    WH_SUBJECT_VERB.test(spoken) ||
    WH_NOUN_OF_NOUN.test(spoken) ||
    ASKS_TO_BE_TOLD.test(spoken) ||
    namedSubjectAsked(spoken)
  );
}

/**
 * A question asks; it never asserts, so it never supersedes anything. It ends with "?", opens with
 * a question word and has one, or is short, unpunctuated and asks by its word order
 * (`asksByWordOrder`: "can you remind me…", "what's a good stretch for tight calves").
 */
export function isQuestion(text: string): boolean {
  const t = text.trim();
  return (
    t.endsWith("?") ||
    (QUESTION_START.test(t) && !/[.!]$/.test(t) && t.split(/\s+/).length < 20 && /\?/.test(t)) ||
    asksByWordOrder(t)
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
  /\b(?:maybe|perhaps|possibly|might|could we|should we|shall we|would it|what if|if we|in case|considering|consider|was considered|were considered|proposal|proposed|thinking about|wondering|hypothetically|suppose|planning to|might want|option would be|idea:)\b/i;

/**
 * "plan to" says an intention only before a verb ("we plan to switch", "my plan to move"). Before
 * a value — a number or a price, a determiner's or a possessive's noun, a capitalised name — "plan"
 * is the noun and "to" the preposition of a change ("switched my phone plan to 15 a month",
 * "moved the family plan to the cheaper one", "upgraded our broadband plan to Fibre Max"). Case
 * matters for the name, so the verb is matched in either case and the value as written.
 */
const PLAN_TO_RE = new RegExp(`\\b[Pp]lan to (?!${DETERMINER}\\b|[\\p{N}\\p{Sc}]|\\p{Lu})`, "u");

/** Speculation and proposals state no fact, so they never supersede one. */
export function isHypothetical(text: string): boolean {
  return HYPOTHETICAL_RE.test(text) || PLAN_TO_RE.test(text) || /^\s*if\b/i.test(text);
}

/**
 * Change cues: the change adverbs that say a change (change-adverbs.ts: "now", "no longer", "not …
 * anymore", "from now on"; not "these days" or "currently", which say a state holds now without
 * saying it changed), and the verbs and phrases of one.
 */
const CHANGE_RE = new RegExp(
  `\\b(?:${adverbs(NOW, NO_LONGER, NOT_ANYMORE, FROM_NOW_ON)}|moved to|moved from|switched|switching|changed|changes to|renamed|replaced|replacing|migrated|migrating|upgraded|downgraded|updated to|instead|relocated|transferred|took over|handed over|new|became|becomes|failed over|deprecated|retired|reassigned)\\b`,
  "i",
);

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

/** A pronoun of a distilled clause and the noun phrase of its turn it stands for (sleep/referents.ts). */
export interface ReferentWords {
  pronoun: string;
  referent: string;
}

/**
 * The topic of a distilled clause named only in a neighbouring sentence of its turn, with no pronoun
 * ("Lent started… black coffee only" / "I brew with it every morning now": "coffee";
 * sleep/referents.ts `topicsOf`).
 */
export interface TopicWords {
  topic: string;
}

/** What sleep records in a distilled clause's `referents`: a resolved pronoun, or a neighbour's topic. */
export type ReferentEntry = ReferentWords | TopicWords;

const isTopic = (r: ReferentEntry): r is TopicWords => "topic" in r;

/**
 * A belief's text read with each resolved pronoun replaced by what it stands for, and the topics
 * its turn named beside it after it in brackets, for matching only (the write gate's candidates and
 * judge, recall's newer-first word test): the stored text is never changed. "it's" reads
 * "<referent> is", "its" "<referent>'s", "they're" "<referent> are"; "the new one" reads "the new
 * <kind>"; a topic whose words the text already says is not added. Text without referents is
 * returned as it is.
 *
 *   withReferents("I replaced it with a MacBook Air.", [{ pronoun: "it", referent: "my old laptop" }])
 *   // → "I replaced my old laptop with a MacBook Air."
 *   withReferents("I brew with a Chemex now.", [{ topic: "coffee" }])
 *   // → "I brew with a Chemex now (coffee)."
 */
export function withReferents(text: string, referents: readonly ReferentEntry[] | undefined): string {
  if (!referents || referents.length === 0) return text;
  let out = text;
  for (const r of referents) {
    if (isTopic(r)) continue;
    const { pronoun, referent } = r;
    const one = /^(that|this|the new|the old|the other) one$/.exec(pronoun);
    const [re, by]: [RegExp, string] = one
      ? [
          new RegExp(`\\b${one[1]} one\\b`, "iu"),
          `${one[1] === "that" || one[1] === "this" ? "the" : one[1]} ${referent}`,
        ]
      : /^it['’]s$/.test(pronoun)
        ? [/\bit['’]s\b/iu, `${referent} is`]
        : pronoun === "its"
          ? [/\bits\b/iu, `${referent}'s`]
          : /^they['’]re$/.test(pronoun)
            ? [/\bthey['’]re\b/iu, `${referent} are`]
            : [new RegExp(`\\b${pronoun}\\b(?!['’])`, "iu"), referent];
    out = out.replace(re, by);
  }
  const said = new Set(rawTokens(out));
  const topics = referents
    .filter(isTopic)
    .map((r) => r.topic)
    .filter((t) => !rawTokens(t).every((w) => said.has(w)));
  // Inside the last sentence, before its closing mark: the topic is read with the clause's own cue
  // ("…every morning now (coffee).").
  return topics.length > 0 ? out.replace(/\s*([.!?…]*)\s*$/u, ` (${topics.join(", ")})$1`) : out;
}

const PRONOUNS = /^(?:it|it['’]s|its|they|them|they['’]re|(?:that|this|the new|the old|the other) one)$/;

/** The referents sleep recorded on a belief (`referents` in sleep's record), well-formed ones only. */
export function referentsIn(metadata: Readonly<Record<string, unknown>> | undefined): ReferentEntry[] {
  const list = sleepRecordOf(metadata)[REFERENTS_KEY];
  if (!Array.isArray(list)) return [];
  return list.filter((r): r is ReferentEntry => {
    if (typeof r !== "object" || r === null) return false;
    const e = r as Partial<ReferentWords & TopicWords>;
    if (typeof e.topic === "string") return e.pronoun === undefined && /^[\p{L}][\p{L}' -]*$/u.test(e.topic);
    return typeof e.pronoun === "string" && typeof e.referent === "string" && PRONOUNS.test(e.pronoun);
  });
}
