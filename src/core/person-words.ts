/**
 * The closed words English puts before a person's name or names a person by: titles ("Mrs
 * Halloran", "Dr. Reyes") and kin and other gendered nouns ("my brother", "our aunty", "the
 * woman"), with the gender each says where it says one. One vocabulary for every reader: the
 * judge's pronoun rule ("he" may be "my brother" or "Mr Ross", not "my sister"), the slot readers'
 * named subject and recall's `notTheThing` (a title is part of the name it heads), sleep's
 * referents (a titled name is a person), the names read from text (`namedValues`,
 * `lowerCaseNames`) and the sentence splitters (a title's period ends no sentence). Whether a noun
 * names a relative at all is WordNet's (`Lexicon.nounRelation(w, "relative")`, "Aunty Nkechi");
 * the list here says only the gender English gives the word.
 *
 *   isTitle("Mrs.")       // → true      isTitle("Doctor") // → false: a noun, spelled out
 *   genderOf("brother")   // → "he"      genderOf("Ms")    // → "she"      genderOf("cousin") // → null
 */

export type Gender = "he" | "she";

/** Titles before a name, lower case, and the gender each says (null: none). */
export const TITLES: ReadonlyMap<string, Gender | null> = new Map<string, Gender | null>([
  ["mr", "he"],
  ["mrs", "she"],
  ["ms", "she"],
  ["miss", "she"],
  ["mx", null],
  ["dr", null],
  ["prof", null],
]);

/** The titles written short with a period ("Dr.", "Mrs."): all but "miss", a whole word. */
export const DOTTED_TITLES: readonly string[] = [...TITLES.keys()].filter((t) => t !== "miss");

/**
 * The dotted titles a writer with no capitals types that read as nothing else: not "ms.", as often
 * milliseconds ("120 ms. we shipped it").
 */
export const LOWER_CASE_TITLES: readonly string[] = DOTTED_TITLES.filter((t) => t !== "ms");

/** A regular expression's alternation of titles as written with a capital: "Mr|Mrs|…". */
export function capitalTitles(titles: readonly string[]): string {
  return titles.map((t) => t[0]!.toUpperCase() + t.slice(1)).join("|");
}

/**
 * The same, as a writer types them before a name: with a capital, and in lower case too where a
 * writer with no capitals types it (`LOWER_CASE_TITLES`): "[Dd]r|[Mm]r|…|Ms|…".
 */
export function typedTitles(titles: readonly string[]): string {
  return titles
    .map((t) =>
      LOWER_CASE_TITLES.includes(t) ? `[${t[0]!.toUpperCase()}${t[0]}]${t.slice(1)}` : capitalTitles([t]),
    )
    .join("|");
}

/** True for a title, in any case, with or without its period: "Mrs", "mrs.", "DR", "Prof". */
export function isTitle(word: string): boolean {
  return TITLES.has(word.toLowerCase().replace(/\.$/, ""));
}

/**
 * The nouns of one kin, as a speaker says them before a name; the first names the group ("mum" is
 * "mother"): how recall's kin-names.ts tells which relative a question asks of.
 */
export const KIN_GROUPS: readonly (readonly string[])[] = [
  ["son", "boy"],
  ["daughter", "girl"],
  ["mother", "mom", "mum", "mummy", "mommy", "mama"],
  ["father", "dad", "daddy", "papa"],
  ["husband", "hubby"],
  ["wife"],
  ["brother"],
  ["sister"],
  ["partner"],
  ["boyfriend"],
  ["girlfriend"],
  ["fiance", "fiancé"],
  ["fiancee", "fiancée"],
  ["grandmother", "grandma", "gran", "granny", "nana"],
  ["grandfather", "grandpa", "grandad", "granddad"],
  ["grandson"],
  ["granddaughter"],
  ["aunt", "auntie", "aunty"],
  ["uncle"],
  ["niece"],
  ["nephew"],
  ["cousin"],
  ["stepson"],
  ["stepdaughter"],
  ["stepmother", "stepmum", "stepmom"],
  ["stepfather", "stepdad"],
];

/** Nouns for a person that say a gender: kin, and a few others ("man", "guy", "sir"). */
const GENDERED: ReadonlyMap<string, Gender> = new Map([
  ...(
    "brother dad father son husband boyfriend uncle grandad granddad grandpa grandfather nephew stepdad stepson stepfather fiance man boy guy sir".split(
      " ",
    ) as string[]
  ).map((w) => [w, "he"] as const),
  ...(
    "sister mum mom mother daughter wife girlfriend aunt auntie aunty gran granny grandma grandmother niece stepmum stepmom stepdaughter stepmother fiancee woman girl".split(
      " ",
    ) as string[]
  ).map((w) => [w, "she"] as const),
]);

/**
 * The gender a word says of the person it names, or null: a subject pronoun ("he"), a gendered
 * noun ("brother", "mum", "woman") or a title ("Mr", "Mrs."). Not a word for either ("cousin",
 * "parent", "Dr").
 */
export function genderOf(word: string): Gender | null {
  const w = word.toLowerCase().replace(/\.$/, "");
  if (w === "he" || w === "she") return w;
  return GENDERED.get(w) ?? TITLES.get(w) ?? null;
}
