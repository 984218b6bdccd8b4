/**
 * FTS5's `porter unicode61` tokenizer, reproduced so the in-process text index (text-index.ts)
 * indexes and queries exactly the terms FTS5 does:
 *
 * - **unicode61** (`UNICODE61`: `remove_diacritics 2`): a token is a run of token characters
 *   (ASCII letters and digits; beyond ASCII the categories L*, N*, Co of FTS5's own Unicode data,
 *   see unicode61-table.ts); a combining diacritic continues a token but never starts one; each
 *   character is folded (lower case, every diacritic removed, a letter's two as one: "ẵ" → "a").
 * - **porter**: SQLite's Porter stemmer, which works on the token's UTF-8 *bytes* (every byte
 *   that is not an ASCII vowel is a consonant) and leaves tokens shorter than 3 or longer than
 *   64 bytes alone. Its quirks are kept: `y` counts as a vowel anywhere but first when looking
 *   for a vowel (`*v*`), only the first suffix of a step that the word ends with is tried (if its
 *   condition fails, the step ends: `feed` keeps its `eed`, never losing `ed`), and step 2
 *   knows `logi` and `bli`.
 *
 * Terms are **byte strings**: one character per UTF-8 byte (a stem can end inside a multi-byte
 * character, as in SQLite). For ASCII, the byte string is the token itself; `termText` decodes
 * one for display.
 *
 *   const tokenizer = new Fts5Tokenizer();
 *   tokenizer.tokenize("The retry limits were raised"); // ["the", "retri", "limit", "were", "rais"]
 *   tokenizer.tokenize("Crème brûlée, naïve");           // ["creme", "brule", "naiv"]
 */
import { TOKEN, type Unicode61Chars, unicode61Table } from "./unicode61-table.js";

/** FTS5 leaves longer tokens unstemmed (bytes). */
const PORTER_MAX_TOKEN = 64;
/** FTS5 indexes at most this many bytes of a token. */
const MAX_TOKEN_SIZE = 32768;
/** Distinct tokens whose stems are remembered before the memo starts over. */
const MEMO_LIMIT = 200_000;

const A = 97;
const E = 101;
const I = 105;
const O = 111;
const U = 117;
const Y = 121;

/** ASCII `0-9A-Za-z`: unicode61's token characters below 128. */
const ASCII_TOKEN = new Uint8Array(128);
for (let c = 48; c <= 57; c++) ASCII_TOKEN[c] = 1;
for (let c = 65; c <= 90; c++) ASCII_TOKEN[c] = 1;
for (let c = 97; c <= 122; c++) ASCII_TOKEN[c] = 1;

/** One (suffix, replacement) rule of a Porter step, as byte arrays. */
interface Rule {
  suffix: Uint8Array;
  to: Uint8Array;
}
const bytes = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const rules = (list: [string, string][]): Rule[] =>
  list.map(([suffix, to]) => ({ suffix: bytes(suffix), to: bytes(to) }));

/*
 * The suffix lists of steps 2–4, in SQLite's order. Only the first suffix the word ends with
 * (and is longer than) is tried: if its condition fails, the step leaves the word alone.
 */
const STEP2 = rules([
  ["ational", "ate"],
  ["tional", "tion"],
  ["enci", "ence"],
  ["anci", "ance"],
  ["izer", "ize"],
  ["logi", "log"],
  ["bli", "ble"],
  ["alli", "al"],
  ["entli", "ent"],
  ["eli", "e"],
  ["ousli", "ous"],
  ["ization", "ize"],
  ["ation", "ate"],
  ["ator", "ate"],
  ["alism", "al"],
  ["iveness", "ive"],
  ["fulness", "ful"],
  ["ousness", "ous"],
  ["aliti", "al"],
  ["iviti", "ive"],
  ["biliti", "ble"],
]);
const STEP3 = rules([
  ["ical", "ic"],
  ["ness", ""],
  ["icate", "ic"],
  ["iciti", "ic"],
  ["ful", ""],
  ["ative", ""],
  ["alize", "al"],
]);
const STEP4 = rules(
  [
    "al",
    "ance",
    "ence",
    "er",
    "ic",
    "able",
    "ible",
    "ant",
    "ement",
    "ment",
    "ent",
    "ion",
    "ou",
    "ism",
    "ate",
    "iti",
    "ous",
    "ive",
    "ize",
  ].map((s) => [s, ""]),
);
const ION = STEP4.find((r) => r.suffix.length === 3 && r.suffix[0] === I && r.suffix[1] === O)!;
const STEP1B2 = rules([
  ["at", "ate"],
  ["bl", "ble"],
  ["iz", "ize"],
]);

/**
 * SQLite's Porter stemmer over `b[0..n)`, in place; returns the new length. The caller
 * guarantees 3 ≤ n ≤ 64 and room for a few more bytes.
 */
export function porterStem(b: Uint8Array, n: number): number {
  // Step 1a: sses → ss, ies → i, s → "" (but not ss).
  if (b[n - 1] === 115) {
    if (b[n - 2] === E) {
      if ((n > 4 && b[n - 4] === 115 && b[n - 3] === 115) || (n > 3 && b[n - 3] === I)) n -= 2;
      else n -= 1;
    } else if (b[n - 2] !== 115) n -= 1;
  }

  // Step 1b: (m>0) eed → ee; (*v*) ed → ""; (*v*) ing → "".
  let removed = false;
  if (endsWith(b, n, EED)) {
    if (measureAbove0(b, n - 3)) n -= 1;
  } else if (endsWith(b, n, ED)) {
    if (hasVowel(b, n - 2)) {
      n -= 2;
      removed = true;
    }
  } else if (endsWith(b, n, ING)) {
    if (hasVowel(b, n - 3)) {
      n -= 3;
      removed = true;
    }
  }
  if (removed) {
    const rule = STEP1B2.find((r) => endsWith(b, n, r.suffix));
    if (rule) n = replace(b, n, rule);
    else {
      const c = b[n - 1]!;
      // A double consonant but l, s, z loses one; a short (m=1, *o) stem gains an e.
      if (!isVowel(c, false) && c !== 108 && c !== 115 && c !== 122 && c === b[n - 2]) n -= 1;
      else if (measureIs1(b, n) && cvc(b, n)) b[n++] = E;
    }
  }

  // Step 1c: y → i when the stem has a vowel.
  if (b[n - 1] === Y && hasVowel(b, n - 1)) b[n - 1] = I;

  // Steps 2 and 3 (m>0), step 4 (m>1; ion only after s or t).
  n = applyFirst(b, n, STEP2, measureAbove0);
  n = applyFirst(b, n, STEP3, measureAbove0);
  n = applyFirst(b, n, STEP4, (z, len, rule) =>
    rule === ION
      ? (z[len - 1] === 115 || z[len - 1] === 116) && measureAbove1(z, len)
      : measureAbove1(z, len),
  );

  // Step 5a: e → "" when m>1, or m=1 and not *o.
  if (b[n - 1] === E && (measureAbove1(b, n - 1) || (measureIs1(b, n - 1) && !cvc(b, n - 1)))) n -= 1;
  // Step 5b: ll → l when m>1.
  if (n > 1 && b[n - 1] === 108 && b[n - 2] === 108 && measureAbove1(b, n - 1)) n -= 1;
  return n;
}

const EED = bytes("eed");
const ED = bytes("ed");
const ING = bytes("ing");

/** True when `b[0..n)` ends with `suffix` and is longer than it. */
function endsWith(b: Uint8Array, n: number, suffix: Uint8Array): boolean {
  const k = suffix.length;
  if (n <= k) return false;
  for (let i = 0; i < k; i++) if (b[n - k + i] !== suffix[i]) return false;
  return true;
}

function replace(b: Uint8Array, n: number, rule: Rule): number {
  const stem = n - rule.suffix.length;
  b.set(rule.to, stem);
  return stem + rule.to.length;
}

function applyFirst(
  b: Uint8Array,
  n: number,
  list: readonly Rule[],
  condition: (b: Uint8Array, stemLength: number, rule: Rule) => boolean,
): number {
  for (const rule of list) {
    if (!endsWith(b, n, rule.suffix)) continue;
    return condition(b, n - rule.suffix.length, rule) ? replace(b, n, rule) : n;
  }
  return n;
}

/** a e i o u, and y when `yIsVowel` (it follows a consonant, or is not first). */
function isVowel(c: number, yIsVowel: boolean): boolean {
  return c === A || c === E || c === I || c === O || c === U || (yIsVowel && c === Y);
}

/**
 * Past the first vowel-then-consonant of `b[from..to)`: the index after that consonant, or -1.
 * `prevConsonant` says whether the byte before `from` was a consonant (it decides a leading y).
 */
function pastVC(b: Uint8Array, from: number, to: number, prevConsonant: boolean): number {
  let consonant = prevConsonant;
  let i = from;
  for (; i < to; i++) {
    consonant = !isVowel(b[i]!, consonant);
    if (!consonant) break;
  }
  for (i++; i < to; i++) {
    consonant = !isVowel(b[i]!, consonant);
    if (consonant) return i + 1;
  }
  return -1;
}

/** m > 0 for the stem `b[0..n)`. */
function measureAbove0(b: Uint8Array, n: number): boolean {
  return pastVC(b, 0, n, false) >= 0;
}

function measureAbove1(b: Uint8Array, n: number): boolean {
  const k = pastVC(b, 0, n, false);
  return k >= 0 && pastVC(b, k, n, true) >= 0;
}

function measureIs1(b: Uint8Array, n: number): boolean {
  const k = pastVC(b, 0, n, false);
  return k >= 0 && pastVC(b, k, n, true) < 0;
}

/** *v*: a vowel anywhere in `b[0..n)`, y counting as one except first. */
function hasVowel(b: Uint8Array, n: number): boolean {
  for (let i = 0; i < n; i++) if (isVowel(b[i]!, i > 0)) return true;
  return false;
}

/** *o: the stem ends consonant-vowel-consonant, the last not w, x or y. */
function cvc(b: Uint8Array, n: number): boolean {
  const last = b[n - 1];
  if (last === 119 || last === 120 || last === Y) return false;
  let mask = 0;
  let consonant = false;
  for (let i = 0; i < n; i++) {
    consonant = !isVowel(b[i]!, consonant);
    mask = ((mask << 1) | (consonant ? 1 : 0)) & 7;
  }
  return mask === 5;
}

/** A term (byte string) as text. */
export function termText(term: string): string {
  return Buffer.from(term, "latin1").toString("utf8");
}

const encoder = new TextEncoder();

export class Fts5Tokenizer {
  private readonly chars: Unicode61Chars;
  private readonly memo = new Map<string, string>();
  private readonly buf = new Uint8Array(PORTER_MAX_TOKEN + 64);

  constructor(chars: Unicode61Chars = unicode61Table()) {
    this.chars = chars;
  }

  /** The terms FTS5 indexes for `text` (or queries for it, inside a phrase), in order. */
  tokenize(text: string): string[] {
    const out: string[] = [];
    const chars = this.chars;
    const n = text.length;
    let i = 0;
    while (i < n) {
      // Skip separators; a diacritic never starts a token.
      let c = text.charCodeAt(i);
      let width = 1;
      if (c < 128) {
        if (!ASCII_TOKEN[c]) {
          i++;
          continue;
        }
      } else {
        [c, width] = codePointAt(text, i);
        if (chars.kind(c) !== TOKEN) {
          i += width;
          continue;
        }
      }
      // The token: an ASCII run is sliced whole; other characters are folded one by one.
      const start = i;
      let j = i;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d >= 128 || !ASCII_TOKEN[d]) break;
        j++;
      }
      if (j === n || text.charCodeAt(j) < 128) {
        out.push(this.stem(text.slice(start, j).toLowerCase(), true));
        i = j;
        continue;
      }
      let folded = text.slice(start, j).toLowerCase();
      let ascii = true;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d < 128) {
          if (!ASCII_TOKEN[d]) break;
          folded += String.fromCharCode(d >= 65 && d <= 90 ? d + 32 : d);
          j++;
          continue;
        }
        const [cp, w] = codePointAt(text, j);
        if (chars.kind(cp) === 0) break;
        const f = chars.fold(cp);
        if (f !== 0) {
          folded += String.fromCodePoint(f);
          if (f >= 128) ascii = false;
        }
        j += w;
      }
      out.push(this.stem(folded, ascii));
      i = j;
    }
    return out;
  }

  /** The Porter stem of a folded token, as a byte string. */
  private stem(token: string, ascii: boolean): string {
    if (ascii && (token.length < 3 || token.length > PORTER_MAX_TOKEN))
      return token.length > MAX_TOKEN_SIZE ? token.slice(0, MAX_TOKEN_SIZE) : token;
    let term = this.memo.get(token);
    if (term !== undefined) return term;
    term = ascii ? this.stemAscii(token) : this.stemUtf8(token);
    if (this.memo.size >= MEMO_LIMIT) this.memo.clear();
    this.memo.set(token, term);
    return term;
  }

  private stemAscii(token: string): string {
    const b = this.buf;
    for (let k = 0; k < token.length; k++) b[k] = token.charCodeAt(k);
    const term = latin1(b, porterStem(b, token.length));
    return term === token ? token : term;
  }

  private stemUtf8(token: string): string {
    const utf8 = encoder.encode(token);
    if (utf8.length < 3 || utf8.length > PORTER_MAX_TOKEN)
      return Buffer.from(utf8.buffer, utf8.byteOffset, Math.min(utf8.length, MAX_TOKEN_SIZE)).toString(
        "latin1",
      );
    this.buf.set(utf8);
    return latin1(this.buf, porterStem(this.buf, utf8.length));
  }
}

function latin1(b: Uint8Array, n: number): string {
  let s = "";
  for (let k = 0; k < n; k++) s += String.fromCharCode(b[k]!);
  return s;
}

/** The code point at `i` and its UTF-16 width; a lone surrogate reads as U+FFFD, as SQLite stores it. */
function codePointAt(text: string, i: number): [number, number] {
  const c = text.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
    const d = text.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return [(c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000, 2];
  }
  if (c >= 0xd800 && c <= 0xdfff) return [0xfffd, 1];
  return [c, 1];
}
