/**
 * Words a newcomer types for a command Strata names otherwise (`strata status`, `strata search`,
 * `strata add`, the MCP tools' names `sleep`, `inspect`, `settle`, `wrap`): which command does it.
 * Commander's own suggestion goes by spelling only ("search": "Did you mean one of health,
 * serve?"); a word in this table is answered by meaning instead. A word not in it keeps
 * commander's message. src/cli/guessed-commands.test.ts parses every command named here through
 * the real program, so a renamed command cannot leave a pointer to nothing.
 */

const STATUS =
  "strata stats counts what the store holds, strata health says how current and clean it is, and strata doctor checks the set-up (the store, Node.js, the agent clients; with no store yet it says how to make one)";
const SEARCH =
  'strata recall "QUERY" ranks what is believed, each with why (strata context "GOAL" fits it into a prompt block)';
const ADD =
  'strata remember "STATEMENT" stores a fact through the write gate; strata record "WHAT HAPPENED" stores an event (an episode)';
const SHOW = "strata get ID shows one belief or episode; strata list pages through them";
const DELETE =
  "strata forget ID --yes erases an item everywhere Strata keeps it (strata restore ID brings back a retired or superseded belief)";
const SERVE =
  "strata serve --http serves MCP at /mcp, the REST API at /v1 and the dashboard at /ui on one port (strata serve alone: MCP over stdio)";
const SETUP =
  "strata install CLIENT wires Strata into an agent client (claude-code, cursor, codex, gemini, claude-desktop, windsurf); strata init creates the store";

/** word → what to type instead. Lower-case; looked up as typed, lower-cased. */
export const GUESSED_COMMANDS: Readonly<Record<string, string>> = {
  status: STATUS,
  info: STATUS,
  search: SEARCH,
  query: SEARCH,
  find: SEARCH,
  ask: SEARCH,
  add: ADD,
  save: ADD,
  store: ADD,
  note: ADD,
  show: SHOW,
  view: SHOW,
  delete: DELETE,
  remove: DELETE,
  rm: DELETE,
  start: SERVE,
  server: SERVE,
  ui: SERVE,
  dashboard: SERVE,
  web: SERVE,
  rest: SERVE,
  api: SERVE,
  mcp: "strata serve runs the MCP server over stdio (--http: Streamable HTTP at /mcp); strata install CLIENT wires it into an agent client",
  setup: SETUP,
  configure: SETUP,
  connect: SETUP,
  version: "strata --version prints the version",
  // The MCP tools' names, for someone who met Strata through an agent first.
  sleep: "strata consolidate runs sleep (distil, reconcile rules, sweep); strata maintain the cheap pass",
  inspect: "strata get ID, strata explain ID (provenance) and strata history ID (the supersession chain)",
  settle:
    "strata candidates lists the pairs the judge left unsure, and strata judge applies verdicts on them",
  wrap: "strata prepare-wrap, then strata save-continuity FILE --token TOKEN (strata cancel-wrap abandons one)",
};

/**
 * The usage message for an unknown command, or null when the word is not one a newcomer
 * guesses (commander's spelling suggestion then stands).
 *
 *   guessedCommand("status") // "unknown command 'status': Strata has no status command; strata stats …"
 *   guessedCommand("recal")  // null
 */
export function guessedCommand(word: string): string | null {
  const instead = Object.hasOwn(GUESSED_COMMANDS, word.toLowerCase())
    ? GUESSED_COMMANDS[word.toLowerCase()]
    : undefined;
  if (instead === undefined) return null;
  return `unknown command '${word}': Strata has no ${word} command; ${instead}. strata --help lists every command.`;
}
