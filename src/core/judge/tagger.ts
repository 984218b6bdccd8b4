/**
 * Part-of-speech tags and lemmas for the lexical judge, from wink-nlp's lite English model
 * (pure JavaScript, no `node:*`, no network). Measured on this machine before choosing
 * (docs/judges.md): wink-nlp loads in ~0.2 s and tags a sentence in ~0.06 ms; compromise 14 loads
 * in ~0.6 s and needs ~1.1 ms a sentence, too slow for a judge that runs on every write and on
 * thousands of pairs per sweep.
 *
 * Deterministic per text: `tag(text)` gives the same words, tags and lemmas whatever the process
 * tagged before. wink alone does not: its cache keeps every unknown word it reads, and its
 * tokenizer first looks each space-separated piece up in that cache, so a piece an earlier text
 * added whole stays whole ("mum's." adds "mum's", and a later "my mum's GP" then reads "mum's" as
 * one unknown word, PROPN, instead of "mum" NOUN + "'s"). `tag` therefore gives wink back the
 * tables it had after loading once it has read a text (`forgetReading`; docs/evaluation.md,
 * tagger23).
 *
 * Nothing is loaded at import: `loadTagger()` imports wink-nlp and its model and builds the
 * pipeline (~0.1–0.2 s of a cold process), once, and every path that judges awaits it first (the
 * lexical judge's `compare`, the write gate before `distinctions`, sleep before its own lexical
 * comparisons). A process that prints its version never pays for it, and one that recalls only
 * when a question or a pair of beliefs needs reading (the slot a question asks, a newer belief
 * judged against an older, the base forms of two words that begin alike: `linkedByFamily`).
 *
 *   await loadTagger();
 *   tag("checkout-svc is owned by Ravi.")
 *   // → [{ text: "checkout-svc", lemma: "checkout-svc", pos: "NOUN", start: 0 }, { text: "is", lemma: "be", pos: "AUX", … }, …]
 */

import type winkNLP from "wink-nlp";
import { boundedMemo } from "../bounded-memo.js";

export interface TaggedWord {
  /** The word as written (case kept). */
  text: string;
  /** Lower-case lemma: `manages` → `manage`, `took` → `take`, `was` → `be`. */
  lemma: string;
  /** Universal POS tag: NOUN, PROPN, VERB, AUX, ADJ, ADP, DET, PRON, NUM, PART, … */
  pos: string;
  /** Character offset of the word in the text. */
  start: number;
}

type Nlp = ReturnType<typeof winkNLP>;
type WinkModel = Parameters<typeof winkNLP>[0];

/**
 * One of the tables wink's cache grows as it reads (`cache.js`, `getFeaturesIndex`): values by
 * id (`list`), ids by value (`hash`), and the next id (`index`, the list's length).
 */
interface WinkTable {
  list: string[];
  hash: Record<string, number>;
  index: number;
}

/**
 * A wink pipeline and the tables its reading changes, with their sizes after loading. Reading a
 * text adds each unknown word (and its lower case) to `lexemes`, and each new prefix, suffix and
 * shape of one to `featureTables`; the tokenizer looks pieces up in `lexemes.hash`, so what one
 * text adds decides how a later one is split and tagged.
 */
interface Wink {
  nlp: Nlp;
  lexemes: WinkTable;
  lexemesAtLoad: number;
  /** `lexemes.list` before this is already forgotten (out of `lexemes.hash`). */
  lexemesForgotten: number;
  featureTables: { table: WinkTable; sizeAtLoad: number }[];
  /** The parts of speech the model's lexicon lets each listed form take (`formTakes`). */
  classes: WordClasses;
}

/**
 * The model's record of the parts of speech each listed form can take: wink packs, per lexeme of
 * its lexicon, the id of a cluster of tags ("moves": NOUN and VERB; "lessons": NOUN; "opens": VERB)
 * that its tagger chooses among. Read straight from the packed lexicon (`packing.layout.lexemeCID`).
 */
interface WordClasses {
  lexicon: Uint32Array;
  packSize: number;
  /** Where the cluster id sits in a lexeme's pack: word offset, mask, shift. */
  cid: readonly [number, number, number];
  clusters: ReadonlySet<number>[];
  tags: readonly string[];
}

let wink: Wink | null = null;
let loading: Promise<void> | null = null;
/** wink's factory and model, kept to build a fresh pipeline when the old one has grown (`WINK_REBUILD_AFTER`). */
let buildWink: (() => Wink) | null = null;
/** How many times `tag` has run (`textsTagged`). */
let tagCalls = 0;

/**
 * Builds a wink pipeline over `model` and finds the tables its reading grows. wink hands the
 * model's `core()` tables to its cache and keeps them private; the model is wrapped so `core()`'s
 * result is seen on its way in.
 */
function newWink(factory: typeof winkNLP, model: WinkModel): Wink {
  let core:
    | {
        features: Record<string, Partial<WinkTable>>;
        lexicon: Uint32Array;
        packing: { size: number; layout: Record<string, number[]> };
      }
    | undefined;
  const seen = {
    ...model,
    core: () => {
      core = (model.core as () => NonNullable<typeof core>)();
      return core;
    },
  } as WinkModel;
  const nlp = factory(seen, ["pos"]);
  if (!core) throw new Error("wink-nlp did not read its model's core tables: the tagger cannot keep them.");
  const tables = Object.values(core.features).filter(
    (t): t is WinkTable => Array.isArray(t.list) && typeof t.hash === "object" && typeof t.index === "number",
  );
  const lexemes = core.features.lexeme as WinkTable;
  const cid = core.packing.layout.lexemeCID;
  const clusters = (core.features.posClusters as { list?: unknown }).list;
  const tags = (core.features.pos as { list?: unknown }).list;
  if (!cid || !Array.isArray(clusters) || !Array.isArray(tags))
    throw new Error("wink-nlp's model has no word classes in its lexicon: the tagger cannot read them.");
  return {
    classes: {
      lexicon: core.lexicon,
      packSize: core.packing.size,
      cid: [cid[0]!, cid[1]!, cid[2]!],
      clusters: clusters as ReadonlySet<number>[],
      tags: tags as string[],
    },
    nlp,
    lexemes,
    lexemesAtLoad: lexemes.list.length,
    lexemesForgotten: lexemes.list.length,
    featureTables: tables
      .filter((t) => t !== lexemes)
      .map((table) => ({ table, sizeAtLoad: table.list.length })),
  };
}

/**
 * Gives wink back the lookups it had after loading, once a text's tokens have been read out: the
 * words that text added leave `lexemes.hash` (so the next text is split as in a fresh process),
 * and the prefix, suffix and shape tables go back to their size at load. `lexemes.list` cannot be
 * cut back: the cache keeps each added word's properties in a private array addressed by the
 * word's id, and a new word must not reuse an old one's id. The list keeps growing by the unknown
 * words read (ids nothing looks up any more) until `tag` builds a fresh pipeline.
 */
function forgetReading(w: Wink): void {
  const { list, hash } = w.lexemes;
  for (let i = w.lexemesForgotten; i < list.length; i++) {
    if (hash[list[i]!] === i) delete hash[list[i]!];
  }
  w.lexemesForgotten = list.length;
  for (const { table, sizeAtLoad } of w.featureTables) {
    for (let i = sizeAtLoad; i < table.list.length; i++) delete table.hash[table.list[i]!];
    table.list.length = sizeAtLoad;
    table.index = sizeAtLoad;
  }
}

/**
 * Ids held for forgotten words after which `tag` builds a fresh pipeline (~0.2 s measured, once)
 * instead of letting `lexemes.list` and wink's private property array grow: ~100 bytes an id
 * (measured), so ~10 MB at most. An unknown word adds one id, two when written with capitals (it
 * and its lower case): one pass over LoCoMo's conversations 0–2 (1,451 turns) adds ~3,800, one
 * over every knowledge-update file ~3,200.
 */
export const WINK_REBUILD_AFTER = 100_000;

/**
 * The model's lemmatiser (its `lemmatize` addon): WordNet's exception lists ("went" → "go",
 * "children" → "child", "stopped" → "stop") then its suffix rules, each candidate checked against
 * a vocabulary (`hasSamePOS`); the word itself when none fits. The tagger hands it its own lexicon.
 */
type Lemmatize = (
  value: string,
  pos: string,
  vocabulary: { hasSamePOS(lemma: string, pos: string): boolean },
) => string;
let lemmatize: Lemmatize | null = null;

/**
 * Ids wink's current pipeline still holds for words it read and `tag` then forgot: they leave
 * only with the pipeline, when `tag` builds a fresh one past `WINK_REBUILD_AFTER`. 0 before loading.
 */
export const heldWordIds = (): number => (wink ? wink.lexemes.list.length - wink.lexemesAtLoad : 0);

/** True once `loadTagger()` has finished: `tag` can run. */
export const taggerLoaded = (): boolean => wink !== null;

/**
 * True when the model's own lexicon (as loaded, not the words read since) lists `word` in lower
 * case: "coffee", "yesterday", "mum", "trek" are listed; most given names and brands are not
 * ("kasia", "priya", "netflix"). False before `loadTagger()`. Recall and sleep read the copy of
 * this listing that needs no model (listed-words.ts, for named-values.ts's first words);
 * listed-words.test.ts keeps the two equal.
 *
 *   await loadTagger();
 *   listedWord("Coffee"); // → true
 *   listedWord("Kasia");  // → false
 */
export function listedWord(word: string): boolean {
  if (!wink) return false;
  const id = wink.lexemes.hash[word.toLowerCase()];
  return id !== undefined && id < wink.lexemesAtLoad;
}

/**
 * True when the model's own lexicon lists `word` (lower case, as loaded) as a form that can take
 * the part of speech `pos`: "moves" is listed as a noun and a verb, "lessons" as a noun only,
 * "opens" as a verb only. The tagger picks one of these by context; a reader that has other
 * evidence of the word's role asks whether the other was open to it. False for a word the lexicon
 * does not list, and before `loadTagger()`.
 *
 *   await loadTagger();
 *   formTakes("moves", "VERB");   // → true
 *   formTakes("lessons", "VERB"); // → false
 */
export function formTakes(word: string, pos: string): boolean {
  if (!wink) return false;
  const id = wink.lexemes.hash[word.toLowerCase()];
  if (id === undefined || id >= wink.lexemesAtLoad) return false;
  const { lexicon, packSize, cid, clusters, tags } = wink.classes;
  const cluster = clusters[((lexicon[cid[0] + id * packSize] ?? 0) & cid[1]) >>> cid[2]];
  const tagId = tags.indexOf(pos);
  return cluster !== undefined && tagId >= 0 && cluster.has(tagId);
}

/**
 * The words the model's lexicon lists as loaded that a sentence's first word can be read against
 * (letters only, two or more, lower case), sorted by code unit: the source of
 * src/core/listed-words.generated.ts (scripts/write-listed-words.ts) and of the test that keeps
 * that copy equal to the model.
 */
export async function modelWords(): Promise<string[]> {
  await loadTagger();
  const { list } = wink!.lexemes;
  const words = new Set<string>();
  for (let i = 0; i < wink!.lexemesAtLoad; i++) {
    const w = list[i]!;
    if (/^\p{L}{2,}$/u.test(w) && w === w.toLowerCase()) words.add(w);
  }
  return [...words].sort();
}

/** Imports wink-nlp and its English model and builds the tagger, once; later calls share the first. */
export function loadTagger(): Promise<void> {
  if (wink) return Promise.resolve();
  loading ??= Promise.all([import("wink-nlp"), import("wink-eng-lite-web-model")]).then(
    ([winkModule, model]) => {
      buildWink = () => newWink(winkModule.default, model.default);
      wink = buildWink();
      lemmatize = model.default.addons.lemmatize as Lemmatize;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const WORD_RE = /[\p{L}\p{N}#]+(?:[.\-_/:'’][\p{L}\p{N}]+)*/gu;

/**
 * The longest whitespace-free run handed to wink whole. wink's tokenizer tries an e-mail
 * pattern (`[-!#$%&'*+/=?^\w{|}~](?:\.?[…])*@…`) at every position of a run of letters, digits
 * or those marks, and each try reads to the run's end: quadratic in the run (attacks20: "a", 7,988
 * dashes and ">" took 0.85 s to tag, 8,000 dashes 1.2 s, against 20 ms for 8,000 characters of
 * prose; 1,000 dashes 12 ms, 4,000 283 ms). No word of any eval text is 40 characters long; a
 * URL or hash of 65 and more is read in pieces of 64, each tagged as wink tags it, the word
 * taking its first piece's tag as a hyphenated word takes its first part's.
 */
export const WINK_RUN = 64;

/**
 * `text` with a space after every `WINK_RUN` characters of a longer whitespace-free run (never
 * inside a surrogate pair), so wink's per-run patterns read at most `WINK_RUN` characters each.
 * Every piece is a substring of `text`, so `tag` finds its tokens' offsets in `text` as before.
 *
 *   brokenRuns(`a${"-".repeat(130)}`) // "a---…-" (64) + " " + 64 dashes + " " + "--"
 */
export function brokenRuns(text: string): string {
  return text.replace(/\S+/g, (run) => {
    if (run.length <= WINK_RUN) return run;
    const pieces: string[] = [];
    for (let i = 0; i < run.length; ) {
      let end = Math.min(run.length, i + WINK_RUN);
      // A low surrogate begins no piece: its pair stays whole.
      if (end < run.length && /[\uDC00-\uDFFF]/.test(run[end]!)) end--;
      pieces.push(run.slice(i, end));
      i = end;
    }
    return pieces.join(" ");
  });
}

/**
 * Words of `text` with their tags. Words are Strata's tokens (hyphenated and dotted identifiers
 * such as `checkout-svc`, `eu-west-1` and `v2.3.1` stay one word); each takes the tag of its
 * first wink token and, when it is one wink token, that token's lemma.
 */
export function tag(text: string): TaggedWord[] {
  if (!wink || !buildWink)
    throw new Error("tag() before loadTagger(): await loadTagger() on the path that judges.");
  tagCalls++;
  if (heldWordIds() > WINK_REBUILD_AFTER) wink = buildWink();
  const { nlp } = wink;
  let values: string[];
  let pos: string[];
  let lemmas: string[];
  try {
    const tokens = nlp.readDoc(brokenRuns(text)).tokens();
    const its = nlp.its;
    // Read out before forgetting: values and lemmas are looked up by the ids the text added.
    values = tokens.out(its.value) as string[];
    pos = tokens.out(its.pos) as string[];
    // The lemma helper's declared type does not fit `out`'s overloads; it works the same at run time.
    lemmas = tokens.out(its.lemma as typeof its.value) as string[];
  } finally {
    forgetReading(wink);
  }
  // Offsets of wink's tokens, found left to right in the text.
  const starts: number[] = [];
  let cursor = 0;
  for (const v of values) {
    const at = text.indexOf(v, cursor);
    starts.push(at < 0 ? cursor : at);
    if (at >= 0) cursor = at + v.length;
  }
  const out: TaggedWord[] = [];
  let k = 0;
  for (const m of text.matchAll(WORD_RE)) {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    while (k < values.length && starts[k]! + values[k]!.length <= start) k++;
    let first = -1;
    let count = 0;
    for (let j = k; j < values.length && starts[j]! < end; j++) {
      if (first < 0 && /[\p{L}\p{N}]/u.test(values[j]!)) first = j;
      if (/[\p{L}\p{N}]/u.test(values[j]!)) count++;
    }
    const word = m[0];
    out.push({
      text: word,
      // wink gives no lemma to some words it reads as a noun or a verb ("wont" and "cant" before a
      // comma: "i cant, sorry"): the word is its own lemma then, as when it spans several tokens.
      lemma: (first >= 0 && count === 1 ? lemmas[first] : undefined)?.toLowerCase() ?? word.toLowerCase(),
      pos: first >= 0 ? pos[first]! : "X",
      start,
    });
  }
  return out;
}

/**
 * `tag`, remembered by the exact text: the judge asks of one text against many others (a sweep's
 * pairs, a write against its nearest beliefs), and recall's lifts and state slots ask of the same
 * question and the same few candidates again and again (fresh24's dev recalls tagged 633 of their
 * 1,356 texts a second time in the same recall before perf50: docs/evaluation.md). Safe because
 * `tag` gives the same words whatever was tagged before (above). Bounded (`boundedMemo`: two
 * generations of 8,192 texts each). It holds nothing of a namespace: it hands back `tag` of the
 * text given, nothing else. Callers share the words: never change them (the array is readonly).
 *
 *   tagged("I moved to Lisbon"); // tags it
 *   tagged("I moved to Lisbon"); // the same array, not tagged again
 */
export const tagged = boundedMemo((text: string): readonly TaggedWord[] => tag(text), 8_192);

/** How many texts `tag` has read in this process, remembered ones (`tagged`) not counted: for benches (bench/recall-tagging.ts). */
export function textsTagged(): number {
  return tagCalls;
}

/**
 * The base form the tagger's lemmatiser gives a word read as a noun or a verb out of its sentence
 * (lower case), with `listed` as the vocabulary its suffix rules are checked against (the tagger
 * checks them against its own lexicon; `wordFamily` hands it WordNet's listing): WordNet's
 * exception lists first ("went" → "go", "geese" → "goose"), then the rules ("mortgaged" →
 * "mortgage" when `listed("mortgage")`); the word itself when nothing fits. Out of its sentence a
 * form of two verbs reads as the first rule that fits ("hoped" → "hop" when "hop" is listed): a
 * caller that has the sentence reads the tagger's lemma there (`tag`). `await loadTagger()` first.
 */
export function lemmaAs(word: string, pos: "NOUN" | "VERB", listed: (lemma: string) => boolean): string {
  if (!lemmatize) throw new Error("lemmaAs() before loadTagger(): await loadTagger() first.");
  const w = word.toLowerCase();
  return lemmatize(w, pos, { hasSamePOS: (lemma) => listed(lemma) }).toLowerCase();
}
