/**
 * A name a request does not take, answered with the name it does take that means the same: a
 * recall asked with `limit` (as `list` and most APIs call it) takes `k`; a listing asked with `k`
 * takes `limit`. One table for every surface: the CLI names the flag (src/cli/guessed-flags.ts),
 * REST and MCP name the field (`parseInput`, src/core/validate.ts). Each row is one meaning and
 * the names people give it (other tools', and Strata's own other commands' and fields'); a
 * suggestion names only what the request really takes, so a renamed field cannot leave a pointer
 * to nothing. Names are compared plain: lower-case, without dashes or underscores, so `--dry-run`,
 * `dryRun` and `dry_run` are one name. A name asked for that does not exist at all (an MCP tool
 * called `recal`) is answered by `namesNear`: the names it is a slip of, or another name of.
 */

/** One meaning per row: the names people use for it. */
export const NAME_MEANINGS: readonly (readonly string[])[] = [
  // how many results
  ["k", "limit", "top", "topk", "top-k", "count", "max", "max-results", "num", "number", "results", "size"],
  // the token budget of a context block
  ["budget", "tokens", "token-budget", "max-tokens"],
  // the store
  ["db", "store", "database", "db-path", "sqlite"],
  // the namespace
  ["namespace", "ns"],
  // world time
  ["at", "date", "valid-at", "when"],
  // store time
  ["as-of", "asof", "recorded-at"],
  // metadata: what a write attaches, what a read filters by
  ["meta", "metadata", "where", "filter"],
  // consent to something that cannot be undone, or to replacing a file
  ["yes", "confirm", "force", "overwrite", "replace"],
  // where an output goes
  ["out", "output", "outfile", "out-file"],
  // a file of many inputs
  ["jsonl", "file", "input", "batch", "from-file"],
  // say less
  ["quiet", "silent"],
  // show what would happen, change nothing
  ["dry-run", "dryrun", "print", "preview"],
  // what a read searches for (REST `?q=`, as search APIs call it)
  ["query", "q", "search"],
  // the text a write stores: a belief's statement, an episode's content
  ["statement", "content"],
  // what sort of item: a belief's kind, an episode's type (`remember --type fact` means `--kind`)
  ["kind", "kinds", "type", "types"],
  // which of a tool's operations to run (MCP: inspect takes what; curate, sleep and wrap take action)
  ["what", "action", "operation", "op"],
];

/** `--Dry-Run`, `dryRun`, `dry_run` → `dryrun`. */
export const plainName = (name: string): string => name.replace(/^-+/, "").replace(/[-_]/g, "").toLowerCase();

const PLAIN_ROWS: readonly (readonly string[])[] = NAME_MEANINGS.map((row) => row.map(plainName));

/** Whether `a` and `b` differ by at most one letter added, dropped, changed or swapped. */
function oneSlip(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return (
    a.slice(i + 1) === b.slice(i + 1) || // changed
    a.slice(i) === b.slice(i + 1) || // added to b
    a.slice(i + 1) === b.slice(i) || // dropped from b
    (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2)) // swapped
  );
}

/** The rows `word` is in; else, for a word of four letters or more, the rows one slip away (lmit). */
function rowsOf(word: string): (readonly string[])[] {
  const exact = PLAIN_ROWS.filter((row) => row.includes(word));
  if (exact.length > 0 || word.length < 4) return exact;
  return PLAIN_ROWS.filter((row) => row.some((name) => name.length >= 4 && oneSlip(word, name)));
}

/** Whether `given` is a name the table knows a meaning of (a row holds it, or it is one slip from one). */
export const hasMeaning = (given: string): boolean => rowsOf(plainName(given)).length > 0;

/**
 * The names among `taken` (as written there) that mean what `given` means, or [] when none does.
 *
 *   namesMeant("limit", ["query", "k", "kinds"])  // ["k"]
 *   namesMeant("--lmit", ["--k", "--kinds"])      // ["--k"]: one slip from limit
 *   namesMeant("top_k", ["query", "limit"])       // ["limit"]
 *   namesMeant("dry_run", ["dryRun"])             // ["dryRun"]: the same name, written otherwise
 *   namesMeant("color", ["query", "k"])           // []
 */
export function namesMeant(given: string, taken: readonly string[]): string[] {
  const word = plainName(given);
  const rows = rowsOf(word);
  if (rows.length === 0) return [];
  // The same name written another way (`dry_run` for `dryRun`) is named; the name itself is not.
  const bare = (name: string) => name.replace(/^-+/, "");
  const found: string[] = [];
  for (const name of taken) {
    const plain = plainName(name);
    if (bare(name) !== bare(given) && rows.some((row) => row.includes(plain)) && !found.includes(name))
      found.push(name);
  }
  return found;
}

/**
 * The names among `taken` that `given` is a slip of or another name for, or [] when none is: the
 * same name written otherwise (`Recall`, `prepare_wrap`), one letter added, dropped, changed or
 * swapped (`recal`, `remeber`; both of four letters or more), a name of one letter with one letter
 * added (`kk` for `k`), or a name `alsoCalled` lists for it
 * (an MCP tool by the operations it runs: `sleep` runs `consolidate`). For a thing asked for by a
 * name nothing has, such as a tool; a field is answered by `namesMeant`.
 *
 *   namesNear("recal", ["recall", "record"])                                  // ["recall"]
 *   namesNear("consolidate", ["recall", "sleep"], { sleep: ["consolidate"] }) // ["sleep"]
 *   namesNear("--kk", ["--k", "--at"])                                        // ["--k"]
 *   namesNear("search", ["recall", "sleep"])                                  // []
 */
export function namesNear(
  given: string,
  taken: readonly string[],
  alsoCalled: Readonly<Record<string, readonly string[]>> = {},
): string[] {
  const word = plainName(given);
  const near = (name: string): boolean => {
    const plain = plainName(name);
    return (
      plain === word ||
      (word.length >= 4 && plain.length >= 4 && oneSlip(word, plain)) ||
      // A name of one letter, by that letter with one letter more (`kk` for `k`): a shorter name's
      // slips are too many to guess from.
      (plain.length === 1 && word.length === 2 && word.includes(plain))
    );
  };
  return taken.filter(
    (name) => near(name) || (Object.hasOwn(alsoCalled, name) && (alsoCalled[name] ?? []).some(near)),
  );
}
