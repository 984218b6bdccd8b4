/**
 * A flag a command does not take, answered with the flag of that command that means the same
 * (`strata recall x --limit 5`: recall takes -k; `strata list --k 5`: list takes --limit), as git
 * and npm answer a mistyped one. Commander's own suggestion goes by spelling only, so `--limit` on
 * recall got a bare "unknown option". Each row below is one meaning and the names people give it
 * (other CLIs', and Strata's own other commands'); a suggestion names only flags the command (or
 * the program, for the global ones) really takes, so a renamed flag cannot leave a pointer to
 * nothing. A flag in no row, or whose row the command has no flag of, keeps commander's spelling
 * suggestion. Installed once over the whole program by createProgram.
 */
import type { Command, Option } from "commander";

/** One meaning per row: the long names (without dashes, lower-case) people use for it. */
export const FLAG_MEANINGS: readonly (readonly string[])[] = [
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
];

const bare = (flag: string) => flag.replace(/^-+/, "").toLowerCase();

/** The visible options of `command` and of the commands above it (the global ones). */
function optionsOf(command: Command): Option[] {
  const all: Option[] = [];
  for (let c: Command | null = command; c; c = c.parent)
    all.push(
      ...c
        .createHelp()
        .visibleOptions(c)
        .filter((o) => o.long !== undefined),
    );
  return all;
}

/** How the suggestion names a flag: `-k/--k <n>: how many items (default 3)`. */
function named(option: Option): string {
  const value = option.flags.match(/[<[].*$/)?.[0];
  const spelled = option.short ? `${option.short}/${option.long}` : (option.long as string);
  // A long help line is cut at its first aside: the flag's name is the point.
  const cut = option.description.indexOf(" (", 20);
  const what =
    option.description.length > 60 && cut > 0 ? option.description.slice(0, cut) : option.description;
  return `${spelled}${value ? ` ${value}` : ""}: ${what}`;
}

/** Whether `a` and `b` differ by at most one letter added, dropped, changed or swapped. */
function oneSlip(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const restA = a.slice(i + 1);
  const restB = b.slice(i + 1);
  return (
    restA === restB || // changed
    a.slice(i) === b.slice(i + 1) || // added to b
    a.slice(i + 1) === b.slice(i) || // dropped from b
    (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2)) // swapped
  );
}

/** The rows `word` is in; else, for a word of four letters or more, the rows one slip away (--lmit). */
function rowsOf(word: string): (readonly string[])[] {
  const exact = FLAG_MEANINGS.filter((row) => row.includes(word));
  if (exact.length > 0 || word.length < 4) return exact;
  return FLAG_MEANINGS.filter((row) => row.some((name) => name.length >= 4 && oneSlip(word, name)));
}

/**
 * The flags of `command` that mean what `flag` (unknown to it) means, or [] when none does.
 *
 *   flagsMeant(recall, "--limit") // [-k/--k option]
 *   flagsMeant(list, "--k")       // [--limit option]
 *   flagsMeant(recall, "--lmit")  // [-k/--k option]: one slip from --limit
 *   flagsMeant(recall, "--color") // []
 */
export function flagsMeant(command: Command, flag: string): Option[] {
  const word = bare(flag);
  const rows = rowsOf(word);
  if (rows.length === 0) return [];
  const found: Option[] = [];
  for (const option of optionsOf(command)) {
    const name = bare(option.long as string);
    if (name !== word && rows.some((row) => row.includes(name)) && !found.includes(option))
      found.push(option);
  }
  return found;
}

/**
 * Every command of `program`, itself included, answers an unknown flag with the flags it takes
 * that mean the same; a flag no row knows keeps commander's spelling suggestion ("Did you mean
 * --limit?" for --lmit).
 */
export function suggestMeantFlags(program: Command): void {
  const visit = (command: Command) => {
    // Commander's own hook for this error (public in its JavaScript, not in its types).
    const hooked = command as unknown as { unknownOption(flag: string): void };
    const spellingOnly = hooked.unknownOption.bind(command);
    hooked.unknownOption = (flag: string) => {
      const meant = flag.startsWith("--") ? flagsMeant(command, flag) : [];
      if (meant.length === 0) return spellingOnly(flag);
      command.error(
        `error: unknown option '${flag}'\n(Did you mean ${meant.map(named).join("; or ")}? ${commandPath(command)} --help lists every option.)`,
        { code: "commander.unknownOption" },
      );
    };
    command.commands.forEach(visit);
  };
  visit(program);
}

function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(" ");
}
