/**
 * `NUMBER_IN_WORDS`: an English number said in words, read to its digits — the grammar people
 * speak amounts in ("one hundred and eighty dollars", "twenty four kilos", "three point six five
 * percent", "two thousand units", "twelve hundred", "a hundred and ten", "two and a half"). `Intl`
 * formats numbers in words for no locale and parses none, so this is the project's own small
 * reading: units, teens, tens (hyphenated or not), the scales "hundred", "thousand", "million" and
 * "billion", "and" after a scale, "a" before one, "point" and its digits, "and a half".
 *
 * It reads only a number it can be sure of: two words or more that the grammar joins. One word
 * alone ("one", "ten") is left to its reader: "one" is as often a pronoun ("the one I liked", "one
 * of the kids"), and an ordinal ("second") is no number here. A run the grammar does not join
 * stops where it breaks ("five six people" reads "five" alone, so nothing; "twenty twenty-four",
 * a year, nothing).
 */

/** The words below twenty, each its value. */
const SMALL = new Map(
  (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen " +
    "sixteen seventeen eighteen nineteen"
  )
    .split(" ")
    .map((word, value) => [word, value] as const),
);

/** The tens, each its value. */
const TENS = new Map(
  "twenty thirty forty fifty sixty seventy eighty ninety"
    .split(" ")
    .map((word, k) => [word, 20 + 10 * k] as const),
);

/** The scales above a hundred, each its power of ten. */
const SCALES = new Map([
  ["thousand", 3],
  ["million", 6],
  ["billion", 9],
]);

/** The digits said after "point" ("point oh five": "oh" is a zero there). */
const DIGIT_WORDS = new Map([...[...SMALL].filter(([, v]) => v < 10), ["oh", 0] as const]);

/** A number read in words: its digits ("180", "3.65", "2.5"), the last token it spans, and how many words it took. */
export interface WordNumber {
  value: string;
  /** Index of the last token of the number. */
  to: number;
  /** How many number words it spans ("and", "a" and "point" not counted). */
  words: number;
}

/** A word below a hundred: a unit, a teen, a ten, or a hyphenated ten and unit ("twenty-four", two words in one). */
function belowHundred(word: string): { value: number; tens: boolean; words: number } | null {
  const small = SMALL.get(word);
  if (small !== undefined) return { value: small, tens: false, words: 1 };
  const tens = TENS.get(word);
  if (tens !== undefined) return { value: tens, tens: true, words: 1 };
  const hyphen = /^(\p{L}+)-(\p{L}+)$/u.exec(word);
  const ten = hyphen ? TENS.get(hyphen[1]!) : undefined;
  const unit = hyphen ? SMALL.get(hyphen[2]!) : undefined;
  return ten !== undefined && unit !== undefined && unit >= 1 && unit <= 9
    ? { value: ten + unit, tens: false, words: 2 }
    : null;
}

/** The value of one word below a hundred ("eleven": 11, "twenty-four": 24), or undefined. */
export const wordBelowHundred = (word: string): number | undefined => belowHundred(word.toLowerCase())?.value;

/** `whole` (a whole number's digits) followed by `fraction`'s digits, scaled by a power of ten, exactly. */
function scaledDigits(whole: bigint, fraction: string, power: number): string {
  const digits = `${whole}${fraction.padEnd(power, "0")}`;
  const point = String(whole).length + power;
  const out = `${digits.slice(0, point)}${digits.length > point ? `.${digits.slice(point)}` : ""}`;
  return out.replace(/^0+(?=\d)/, "");
}

/**
 * The number said in words from token `from` of `tokens`, or null when there is none the grammar
 * reads for sure (`NUMBER_IN_WORDS`: two number words or more; "a" only before a scale).
 *
 *   numberInWords(["one", "hundred", "and", "eighty", "dollars"], 0) // → { value: "180", to: 3, words: 3 }
 *   numberInWords(["three", "point", "six", "five", "percent"], 0)   // → { value: "3.65", to: 3, words: 3 }
 *   numberInWords(["one", "of", "the", "kids"], 0)                    // → null
 */
export function numberInWords(tokens: readonly string[], from: number): WordNumber | null {
  const at = (k: number) => (tokens[k] ?? "").toLowerCase();
  let total = 0n; // the groups already scaled ("two thousand" in "two thousand and fifty")
  let group = 0; // the group below a thousand being read
  let lastScale = Number.POSITIVE_INFINITY;
  let words = 0;
  let to = -1;
  // What the last word read was: the grammar allows what may follow each.
  let last: "start" | "unit" | "tens" | "hundred" | "scale" = "start";
  let k = from;
  if (/^an?$/.test(at(k)) && (at(k + 1) === "hundred" || SCALES.has(at(k + 1)))) {
    group = 1;
    last = "unit";
    k++;
  }
  for (; k < tokens.length; k++) {
    const word = at(k);
    // "and" joins a scale to what follows it ("one hundred and eighty", "two thousand and fifty").
    const joined = word === "and" && (last === "hundred" || last === "scale");
    const next = joined ? at(k + 1) : word;
    const small = belowHundred(next);
    if (
      small &&
      (last === "start" ||
        last === "hundred" ||
        last === "scale" ||
        (last === "tens" && !small.tens && small.value >= 1 && small.value <= 9))
    ) {
      group += small.value;
      last = small.tens ? "tens" : "unit";
      k += joined ? 1 : 0;
      words += small.words;
      to = k;
      continue;
    }
    if (joined) break;
    if (word === "hundred" && (last === "unit" || last === "tens") && group >= 1 && group <= 99) {
      group *= 100;
      last = "hundred";
      words++;
      to = k;
      continue;
    }
    const power = SCALES.get(word);
    if (power !== undefined && last !== "start" && last !== "scale" && power < lastScale && group >= 1) {
      total += BigInt(group) * 10n ** BigInt(power);
      group = 0;
      lastScale = power;
      last = "scale";
      words++;
      to = k;
      continue;
    }
    break;
  }
  if (to < 0) return null;
  const whole = total + BigInt(group);
  // "point" and its digits ("three point six five"); then a scale may follow ("one point two million").
  let fraction = "";
  if (at(to + 1) === "point" && last !== "scale" && last !== "hundred" && group < 1000) {
    let d = to + 2;
    for (; DIGIT_WORDS.has(at(d)); d++) fraction += String(DIGIT_WORDS.get(at(d)));
    if (fraction.length > 0) {
      words += fraction.length;
      to = d - 1;
      const power = SCALES.get(at(d));
      if (power !== undefined && total === 0n)
        return { value: scaledDigits(whole, fraction, power), to: d, words: words + 1 };
      return words >= 2 ? { value: `${whole}.${fraction}`, to, words } : null;
    }
  }
  // "and a half" ("two and a half").
  if (at(to + 1) === "and" && /^an?$/.test(at(to + 2)) && at(to + 3) === "half")
    return { value: `${whole}.5`, to: to + 3, words: words + 1 };
  return words >= 2 || total > 0n || last === "hundred" ? { value: String(whole), to, words } : null;
}
