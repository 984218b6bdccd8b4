/**
 * What `strata` alone prints: the few commands a newcomer starts with, not the whole help (over
 * fifty commands, ~190 lines). Read before the grammar is loaded, so it costs what `--version`
 * costs; src/cli/start-here.test.ts parses every line through the real program.
 */

/** Global options that take a value: the word after them is not a command. */
export const VALUED_OPTIONS: ReadonlySet<string> = new Set([
  "--db",
  "--config",
  "--embedder",
  "-n",
  "--namespace",
]);

/** Global options that take none and ask for no answer of their own (not --help or --version). */
const PLAIN_OPTIONS = new Set(["--json", "-q", "--quiet"]);

/**
 * Whether argv names no command and asks for nothing else: only global options (`strata`,
 * `strata --db x.db`, `strata --json`). An unknown option, `--help` or `--version` is left to the
 * grammar.
 *
 *   isBare([]) // true
 *   isBare(["--db", "x.db", "--json"]) // true
 *   isBare(["recall", "x"]) // false
 */
export function isBare(argv: readonly string[]): boolean {
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (VALUED_OPTIONS.has(token)) {
      i++;
      continue;
    }
    if (PLAIN_OPTIONS.has(token)) continue;
    const name = token.split("=")[0]!;
    if (token.includes("=") && VALUED_OPTIONS.has(name)) continue;
    return false;
  }
  return true;
}

/** The message every surface gives for `strata` with no command (also `--json`'s error message). */
export const NO_COMMAND =
  "strata needs a command: strata --help lists them (strata demo shows what Strata does).";

/** [command, what it does] for the first screen, in the order a newcomer meets them. */
export const FIRST_COMMANDS: readonly (readonly [string, string])[] = [
  ["strata demo", "a narrated three-week session (temporary store)"],
  ['strata remember "The retry limit is 5"', "store a fact through the write gate"],
  ['strata recall "retry limit"', "what is believed, ranked, each with why"],
  ['strata context "deploy"', "a prompt block inside a token budget"],
  ["strata install claude-code", "wire it into an agent (or cursor, codex, …)"],
  ["strata serve --http", "MCP, REST and the dashboard on one port"],
  ["strata doctor", "check the store, Node.js and the wired clients"],
];

/**
 * The first screen, for a person: what Strata is, the commands above aligned, where the store
 * is by default, and where the rest is.
 */
export function renderStartHere(): string {
  const width = Math.max(...FIRST_COMMANDS.map(([c]) => c.length));
  return [
    "strata: memory consolidation for AI agents. It needs a command; start with one of these:",
    "",
    ...FIRST_COMMANDS.map(([command, what]) => `  ${command.padEnd(width)}  ${what}`),
    "",
    "The store is --db PATH, else $STRATA_DB, else ~/.strata/memory.db (a write creates it).",
    "strata --help lists every command; strata help COMMAND explains one, with examples.",
  ].join("\n");
}

/**
 * The command word argv names, skipping global options and their values, and whether it came
 * after `help` (`strata help status`); null when argv names none.
 *
 *   commandWord(["--db", "x.db", "status"]) // { word: "status", viaHelp: false }
 *   commandWord(["help", "status"])         // { word: "status", viaHelp: true }
 */
export function commandWord(argv: readonly string[]): { word: string; viaHelp: boolean } | null {
  let viaHelp = false;
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (VALUED_OPTIONS.has(token)) {
      i++;
      continue;
    }
    if (token.startsWith("-")) continue;
    if (token === "help" && !viaHelp && i + 1 < argv.length) {
      viaHelp = true;
      continue;
    }
    return { word: token, viaHelp };
  }
  return null;
}
