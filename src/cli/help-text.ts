/**
 * What a command's `--help` says after its options: commands to run (`examples`) and, for the
 * commands people run first, what one of them prints (`sample`). Each `*-commands.ts` file and
 * program.ts write their help with these two, so every command's help reads alike.
 *
 *   .addHelpText("after", examples("strata health", "strata -n agent-7 health --json"))
 *   .addHelpText("after", sample("strata health", "2 active beliefs in default: 100% usable"))
 */

/** `Examples:` and each command on a `  $ ` line (`strata help CMD --json` reads them back from these lines). */
export const examples = (...lines: string[]): string =>
  `\nExamples:\n${lines.map((l) => `  $ ${l}`).join("\n")}\n`;

/**
 * `Prints, for example:`, the command and the lines it printed, indented four spaces (so neither
 * is read as an example). The lines are real output: test/e2e/help-output.test.ts runs every
 * sample's command on a new store, in the order a newcomer would, and compares what it prints
 * with the lines here, every number masked (ids, dates, scores and timings vary, the shape may not).
 */
export const sample = (command: string, ...lines: string[]): string =>
  `\nPrints, for example:\n    $ ${command}\n${lines.map((l) => (l ? `    ${l}` : "")).join("\n")}\n`;
