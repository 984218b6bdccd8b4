/**
 * Subordinators: the words that open a clause which leans on another — "since the garage closed, I
 * park on Fifth Avenue", "we moved standup to Thursdays because half the team is off on Mondays".
 * One list, read by five readers: sleep's test of a sentence that stands alone (standalone.ts) and
 * of an asking turn's statement (asking-turns.ts), the judge's opening clause (analysis.ts), and
 * recall's reason clause (reason-clause.ts) and clause boundaries (value-said-of.ts). Each reads
 * the part that fits how it reads (by form alone, or beside the tagger), named here; the table
 * test (subordinators.test.ts) holds each reader's words.
 *
 *   SUBORDINATORS.includes("until")        // → true
 *   opensWithSubordinator.test("Since the garage closed I park on Fifth Avenue") // → true
 */

/**
 * The one-word subordinators of time, cause, condition and contrast, as written: each opens a
 * clause wherever it stands first, so a reader with no tagger may read them by form.
 */
export const SUBORDINATORS = [
  "since",
  "because",
  "when",
  "whenever",
  "while",
  "whilst",
  "although",
  "though",
  "whereas",
  "unless",
  "until",
  "till",
  "once",
  "after",
  "before",
  "if",
] as const;

/**
 * Subordinators that are far more often prepositions ("after work", "before 9"): a reader beside
 * the tagger takes them only where the tagger reads a conjunction (value-said-of.ts reads SCONJ).
 */
export const MOSTLY_PREPOSITIONS: ReadonlySet<string> = new Set(["after", "before"]);

/**
 * "as" opens a clause ("as the rent went up, we moved") as often as it is a preposition ("as of
 * May", "as a nurse"): read only where a wrong reading costs little (an asking turn's clause, a
 * clause boundary beside the tagger), never by the judge's reading of what a statement says.
 */
export const AS = "as";

/** Subordinators of two words ("now that the fix has ended"): "now" alone opens no clause. */
export const SUBORDINATOR_PHRASES = ["now that", "even though", "so that", "in case"] as const;

/** The subordinators of cause: what a change was made for ("… since 8080 clashed"). */
export const CAUSE_SUBORDINATORS = ["since", "because"] as const;

/**
 * "because" as people type it in chat: "cos", "coz", "cause". "cause" is also a noun and a verb
 * ("the cause", "cause problems"), so a reader by form alone takes it with its apostrophe only
 * ("'cause"); "cos" and "coz" are read only in chat readers, not by the judge (a cosine is "cos").
 */
export const SPOKEN_BECAUSE = ["cos", "coz", "cause"] as const;

/** Alternatives of a regular expression, longest first (no word is cut short by a shorter one). */
export const alternatives = (words: readonly string[]): string =>
  [...words].sort((a, b) => b.length - a.length || (a < b ? -1 : 1)).join("|");

/** A text that opens with a one-word subordinator ("Since the garage closed …"). */
export const opensWithSubordinator = new RegExp(`^(?:${alternatives(SUBORDINATORS)})\\b`, "i");

/** A word that is a one-word subordinator. */
export const subordinatorWord = new RegExp(`^(?:${alternatives(SUBORDINATORS)})$`, "i");
