/**
 * The reproduced `porter unicode61` tokenizer against FTS5 itself: every text is indexed by an
 * FTS5 table with the store's tokenizer, and the terms an `fts5vocab` table lists for it (as
 * bytes) must be exactly the terms `Fts5Tokenizer` gives, in order.
 */
import { existsSync, readFileSync } from "node:fs";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { createRandom } from "../../../test/support/random.js";
import { Fts5Tokenizer, termText } from "./fts5-tokenizer.js";
import { DIACRITIC, SEPARATOR, TOKEN, UNICODE61, unicode61Table } from "./unicode61-table.js";

const LOCOMO = "/work/shared/data/locomo/locomo10.json";

/** FTS5's terms for each text, as byte strings (one character per byte). */
function fts5Terms(texts: readonly string[]): string[][] {
  const db = new Database(":memory:");
  db.exec(
    `CREATE VIRTUAL TABLE t USING fts5(x, tokenize='porter ${UNICODE61}'); CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance');`,
  );
  const insert = db.prepare("INSERT INTO t(rowid, x) VALUES (?, ?)");
  db.transaction(() => {
    texts.forEach((text, i) => {
      insert.run(i + 1, text);
    });
  })();
  const out: string[][] = texts.map(() => []);
  for (const [term, doc] of db
    .prepare("SELECT CAST(term AS BLOB), doc FROM v ORDER BY doc, offset")
    .raw(true)
    .iterate() as Iterable<[Buffer, number]>)
    out[doc - 1]!.push(term.toString("latin1"));
  db.close();
  return out;
}

/** The texts whose terms differ, with both lists (empty when all agree). */
function mismatches(texts: readonly string[]) {
  const tokenizer = new Fts5Tokenizer();
  const want = fts5Terms(texts);
  return texts
    .map((text, i) => ({ text, mine: tokenizer.tokenize(text), fts5: want[i]! }))
    .filter((m) => m.mine.join("\u0000") !== m.fts5.join("\u0000") || m.mine.length !== m.fts5.length)
    .map((m) => ({ text: m.text, mine: m.mine.map(termText), fts5: m.fts5.map(termText) }));
}

describe("Fts5Tokenizer (porter unicode61) against FTS5", () => {
  it.skipIf(!existsSync(LOCOMO))("gives FTS5's terms for every distinct word of the LoCoMo corpus", () => {
    const texts: string[] = [];
    const walk = (v: unknown): void => {
      if (typeof v === "string") texts.push(v);
      else if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === "object") Object.values(v).forEach(walk);
    };
    walk(JSON.parse(readFileSync(LOCOMO, "utf8")));
    const words = [...new Set(texts.flatMap((t) => t.split(/\s+/)).filter((w) => w.length > 0))];
    expect(words.length).toBeGreaterThan(15_000);
    expect(mismatches(words)).toEqual([]);
    // And whole turns, a sample: the same terms in the same order.
    expect(mismatches(texts.filter((_, i) => i % 7 === 0))).toEqual([]);
  });

  it.each([
    ["case folding", "RETRY Retry rETRY Σίσυφος ΣΊΣΥΦΟΣ İstanbul ǅemal ẞ"],
    [
      "diacritics, precomposed and combining",
      "café naïve Ångström e\u0301te\u0301 \u0301leading ǖ ấ ø œ ß ł",
    ],
    ["digits and numbers", "v16.2 us-east-1 3.14159 ٣٤ ²³ Ⅻ 1st 2nd 10x 0xff 12:30"],
    [
      "punctuation and separators",
      "don't it’s e-mail foo_bar a/b a.b.c «quoted» (paren) [x] {y} $5 €10 50% #tag @user",
    ],
    [
      "zero-width and format characters",
      "zero\u200bwidth soft\u00adhyphen joiner\u200dx bidi\u2066x\u2069 \ufeffbom",
    ],
    ["CJK, emoji, private use", "中文字符 日本語のテキスト 한국어 😀 smile😀face \ue000\ue001 𝐁𝐨𝐥𝐝"],
    ["scripts with newer Unicode data", "ᲀᲁ Ა Ꭰꭰ 𐐀𐐨 𞤀𞤢 \u0897x \u19b0x \u1c89"],
    ["noncharacters and lone surrogates", "a\ufffeb c\uffffd e\ud800f g\udc00h \ufffd"],
    [
      "Porter's suffix rules",
      "caresses ponies ties caress cats feed agreed disabled matting mating meeting milling messing meetings " +
        "happy sky relational conditional rational valenci hesitanci digitizer conformabli radicalli differentli " +
        "vileli analogousli vietnamization predication operator feudalism decisiveness hopefulness callousness " +
        "formaliti sensitiviti sensibiliti triplicate formative formalize electriciti electrical hopeful goodness " +
        "revival allowance inference airliner gyroscopic adjustable defensible irritant replacement adjustment " +
        "dependent adoption homologou communism activate angulariti homologous effective bowdlerize probate rate " +
        "cease controll roll generalizations oscillators logically possibly syllogi abli fly flies dying lying " +
        "yelled yes eyes ay ayes ying yyyyed sied bled bling filing filling hissing fizzing xed xing",
    ],
    [
      "short and long tokens (stemmed from 3 to 64 bytes)",
      `a ab abc ies sses eed ing ${"ational".repeat(9)} ${"x".repeat(63)}s ${"x".repeat(64)}s ${"ß".repeat(31)}s ${"ß".repeat(32)}s`,
    ],
    [
      "non-ASCII inside stems",
      "façades naïvely Übungen straße grüßen garçons señoritas \u1041ing a\u1041ing bäß",
    ],
    [
      "letters with two marks and letters with none to fold (Vietnamese, Polish, Danish)",
      "Đà Nẵng Nguyễn Thị Hồng Hà Nội phở Huế Quảng Ngãi Ðorđe Łódź København Ạ ẫ ỗ \u0065\u0302\u0303",
    ],
  ])("gives FTS5's terms for %s", (_name, text) => {
    expect(mismatches([text, ...text.split(" ")])).toEqual([]);
  });

  it("gives FTS5's terms for 40,000 generated words built on Porter's suffixes and odd characters", () => {
    const rand = createRandom(7);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
    const suffixes = (
      "ational tional enci anci izer logi bli alli entli eli ousli ization ation ator alism iveness fulness " +
      "ousness aliti iviti biliti ical ness icate iciti ful ative alize al ance ence er ic able ible ant ement " +
      "ment ent ion sion tion ou ism ate iti ous ive ize eed ed ing s es ies sses ss y ly ll e at bl iz ings eds ied"
    ).split(" ");
    const letters = [..."aeiouybcdlnrstgmpzwxhkq"];
    const odd = [..."éßñÜøİıςΣǖấﬁⅫ٣²中😀\ue000ʼ-_'’09\u0301\u200b\u00adǅΩẞᲀꭰ𐐀\u1041"];
    const words: string[] = [];
    for (let i = 0; i < 40_000; i++) {
      let w = "";
      for (let k = Math.floor(rand() * 7); k > 0; k--) w += rand() < 0.05 ? pick(odd) : pick(letters);
      for (let k = Math.floor(rand() * 3); k > 0; k--) w += pick(suffixes);
      if (rand() < 0.1) w = w.toUpperCase();
      if (rand() < 0.02) w = w.repeat(9);
      words.push(w);
    }
    expect(mismatches(words)).toEqual([]);
  });
});

describe("unicode61Table", () => {
  it("reads FTS5's own character data", () => {
    const table = unicode61Table();
    expect(table.kind(0xe9)).toBe(TOKEN);
    expect(table.fold(0xc9)).toBe(0x65); // É → e
    expect(table.kind(0x301)).toBe(DIACRITIC);
    expect(table.fold(0x301)).toBe(0);
    expect(table.kind(0x2019)).toBe(SEPARATOR); // ’
    expect(table.kind(0x4e2d)).toBe(TOKEN); // 中
    expect(table.kind(0xe000)).toBe(TOKEN); // private use (Co)
  });

  it("folds every mark of a Latin letter, two as one (`MARKS_FOLDED_IN_FULL_TEXT`), never a letter with none", () => {
    const table = unicode61Table();
    expect(table.fold(0x1eb5)).toBe(0x61); // ẵ → a (breve and tilde; FTS5's default kept both)
    expect(table.fold(0x1ec5)).toBe(0x65); // ễ → e
    expect(table.fold(0x1ed3)).toBe(0x6f); // ồ → o
    expect(table.fold(0xe3)).toBe(0x61); // ã → a, as before
    expect(table.fold(0x111)).toBe(0x111); // đ: no mark to fold, a letter of its own
    expect(table.fold(0x142)).toBe(0x142); // ł
    expect(table.fold(0xf8)).toBe(0xf8); // ø
  });

  it("reads a question and a text typed with and without marks as the same terms", () => {
    const tokenizer = new Fts5Tokenizer();
    const terms = (text: string) => tokenizer.tokenize(text).map(termText);
    expect(terms("Nẵng Nguyễn Hồng Hà Nội São Paulo café Montréal")).toEqual(
      terms("Nang Nguyen Hong Ha Noi Sao Paulo cafe Montreal"),
    );
    expect(terms("Đà")).not.toEqual(terms("Da")); // "đ" is its own letter to FTS5
  });
});
