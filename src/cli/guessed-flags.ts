/**
 * A flag a command does not take, answered with the flag of that command that means the same
 * (`strata recall x --limit 5`: recall takes -k; `strata list --k 5`: list takes --limit), as git
 * and npm answer a mistyped one. Commander's own suggestion goes by spelling only, so `--limit` on
 * recall got a bare "unknown option". Each row below is one meaning and the names people give it
 * (other CLIs', and Strata's own other commands'); a suggestion names only flags the command (or
 * the program, for the global ones) really takes, so a renamed flag cannot leave a pointer to
 * nothing. A flag in no row, or whose row the command has no flag of, keeps commander's spelling
 * suggestion. A flag that is a value one of the command's flags takes (`list --episodes`) names
 * that flag with the value (`--layer episode`). The table is the core's (`NAME_MEANINGS`,
 * src/core/borrowed-names.ts), so REST and MCP name the field a borrowed name means from the same
 * rows. Installed once over the whole program by createProgram.
 */
import type { Command, Option } from "commander";
import { hasMeaning, namesMeant, namesNear, plainName } from "../core/borrowed-names.js";
import type { InputIssue } from "../core/validate.js";
import { CLI_OPERATIONS } from "./cli-operations.generated.js";
import { cliCommandFor } from "./operation-commands.js";

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

/**
 * The flags of `command` that mean what `flag` (unknown to it) means, or [] when none does.
 *
 *   flagsMeant(recall, "--limit") // [-k/--k option]
 *   flagsMeant(list, "--k")       // [--limit option]
 *   flagsMeant(recall, "--lmit")  // [-k/--k option]: one slip from --limit
 *   flagsMeant(recall, "--color") // []
 */
export function flagsMeant(command: Command, flag: string): Option[] {
  const options = optionsOf(command);
  const meant = namesMeant(
    flag,
    options.map((o) => o.long as string),
  );
  return meant.map((long) => options.find((o) => o.long === long) as Option);
}

/**
 * The values `option` of `command` takes by name: commander's choices, else its operation field's
 * (`record --type`: observation, decision, …). What a mistyped flag is answered with, and what
 * shell completion offers after the flag.
 */
export function choicesOf(command: Command, option: Option): readonly string[] {
  if (option.argChoices) return option.argChoices;
  return operationOf(command)?.flags.find((f) => `--${f.flag}` === option.long)?.choices ?? [];
}

/**
 * The values each item of `option`'s comma-separated list takes by name (`recall --kinds`: fact,
 * failure, rule, procedure, episode), from its operation's list field — the flag's own name, or
 * the field's name in the plural for a flag named in the singular (recall's `--type` is `types`);
 * [] for a flag that takes no such list. What shell completion offers after each comma.
 *
 *   itemChoicesOf(recall, --kinds) // ["fact", "failure", "rule", "procedure", "episode"]
 *   itemChoicesOf(recall, --at)    // []
 */
export function itemChoicesOf(command: Command, option: Option): readonly string[] {
  const fields = operationOf(command)?.flags ?? [];
  const field =
    fields.find((f) => `--${f.flag}` === option.long) ??
    fields.find((f) => `--${f.flag}` === `${option.long}s`);
  return field?.itemChoices ?? [];
}

/** The operation `command` runs (generated or tailored), by its command line; none for the rest. */
export function operationOf(command: Command) {
  const line = commandPath(command).split(" ").slice(1).join(" ");
  return CLI_OPERATIONS.find((o) => cliCommandFor(o.name) === line);
}

/**
 * The flags of `command` that take, as their value, the word `flag` (unknown to it) names — the
 * value itself, or its plural — each with that value, or [] when none does. The help says "beliefs
 * (default) or episodes", so `--episodes` is a guess a reader makes; the flag is `--layer episode`.
 *
 *   valuesNamed(list, "--episodes")   // [{ option: --layer, value: "episode" }]
 *   valuesNamed(list, "--archived")   // [{ option: --status, value: "archived" }]
 *   valuesNamed(record, "--failure")  // [{ option: --outcome, value: "failure" }]
 *   valuesNamed(list, "--episodic")   // []
 */
export function valuesNamed(command: Command, flag: string): { option: Option; value: string }[] {
  const word = plainName(flag);
  const found: { option: Option; value: string }[] = [];
  for (const option of optionsOf(command))
    for (const value of choicesOf(command, option)) {
      const plain = plainName(value);
      if (word === plain || word === `${plain}s`) found.push({ option, value });
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
      const valued = meant.length === 0 && flag.startsWith("--") ? valuesNamed(command, flag) : [];
      if (valued.length > 0)
        return refuseFlag(
          command,
          flag,
          `(Did you mean ${valued.map(({ option, value }) => `${option.long} ${value}`).join(" or ")}? ${commandPath(command)} --help lists every option.)`,
          valued.map(({ option, value }) => `${option.long} ${value}`),
        );
      // A name of known meaning that the command has no flag for (`hook session-end --budget`)
      // gets no spelling guess: commander's named --quiet, a flag of another meaning.
      if (meant.length === 0 && flag.startsWith("--") && hasMeaning(flag))
        return refuseFlag(
          command,
          flag,
          `(${commandPath(command)} takes no flag that means what ${flag} means; ${commandPath(command)} --help lists every option.)`,
          [],
        );
      // Commander guesses no flag of one letter (`--kk` for `--k`): the slips of such a flag.
      const slipped = meant.length === 0 && flag.startsWith("--") ? oneLetterFlagsNear(command, flag) : [];
      if (slipped.length > 0) meant.push(...slipped);
      if (meant.length === 0)
        return withIssue(flag, undefined, () => withHelpPointer(command, () => spellingOnly(flag)));
      refuseFlag(
        command,
        flag,
        `(Did you mean ${meant.map(named).join("; or ")}? ${commandPath(command)} --help lists every option.)`,
        meant.map((o) => o.long as string),
      );
    };
    if (command.commands.length > 0 && command !== program) answerValuesTypedAsCommands(command);
    command.commands.forEach(visit);
  };
  visit(program);
}

/** Refuses `flag` on `command` with `said` after "unknown option", `meant` the flags it names. */
function refuseFlag(command: Command, flag: string, said: string, meant: readonly string[]): void {
  withIssue(flag, meant, () =>
    command.error(`error: unknown option '${flag}'\n${said}`, { code: "commander.unknownOption" }),
  );
}

/**
 * Runs `refuse` (a commander refusal of the unknown `flag`) and gives the error it throws the
 * issue a `--json` caller reads, in the shape of the engine's (validate.ts `InputIssue`, as REST
 * and MCP give an unknown field): `{ path: [], message, received, meant? }`, `meant` by the flag
 * typed. `meant` undefined reads the flag commander guessed by spelling from its words ("(Did you
 * mean --kinds?)"). main.ts prints it as `details.issues`.
 *
 *   recall x --limit 5 → { path: [], message: "unknown option '--limit'", received: "--limit", meant: { "--limit": ["--k"] } }
 */
function withIssue(flag: string, meant: readonly string[] | undefined, refuse: () => void): void {
  try {
    refuse();
  } catch (error) {
    if (error instanceof Error) {
      // Commander says one guess, or several as "one of --a, --b".
      const guessed = /\(Did you mean (?:one of )?(--[\w-]+(?:, --[\w-]+)*)\?/.exec(error.message)?.[1];
      const named = meant ?? guessed?.split(", ") ?? [];
      const issue: InputIssue = {
        path: [],
        message: `unknown option '${flag}'`,
        received: flag,
        ...(named.length > 0 ? { meant: { [flag]: [...named] } } : {}),
      };
      Object.assign(error, { issues: [issue] });
    }
    throw error;
  }
}

/**
 * The flags of `command` (its own or the global ones) whose name is one letter and that `flag` is
 * a slip of: `--kk` or `--kj` for recall's `-k/--k`. Commander's spelling suggestion never guesses
 * a name of one letter, so `recall x --kk 3` was answered with nothing to try.
 *
 *   oneLetterFlagsNear(recall, "--kk")  // [-k/--k option]
 *   oneLetterFlagsNear(recall, "--kkk") // []: two letters from k
 */
export function oneLetterFlagsNear(command: Command, flag: string): Option[] {
  const oneLetter = optionsOf(command).filter((o) => plainName(o.long as string).length === 1);
  const near = namesNear(
    flag,
    oneLetter.map((o) => o.long as string),
  );
  return oneLetter.filter((o) => near.includes(o.long as string));
}

/**
 * The subcommands of `group` that take `word` (or a slip of it) as the value of one of their own
 * flags, grouped by flag and value: `curate report` → the flag `--mode` with `report`, taken by
 * pgvector, chroma and lancedb. [] when no subcommand takes it.
 *
 *   valueTypedAsCommand(curate, "report") // [{ flag: "--mode", value: "report", commands: ["pgvector", "chroma", "lancedb"] }]
 *   valueTypedAsCommand(keys, "read")     // [{ flag: "--scope", value: "read", commands: ["create"] }]
 *   valueTypedAsCommand(curate, "sqlite") // []
 */
export function valueTypedAsCommand(
  group: Command,
  word: string,
): { flag: string; value: string; commands: string[] }[] {
  const found: { flag: string; value: string; commands: string[] }[] = [];
  for (const sub of group.commands)
    for (const option of sub.options) {
      if (!option.long) continue;
      for (const value of namesNear(word, choicesOf(sub, option))) {
        const seen = found.find((f) => f.flag === option.long && f.value === value);
        if (seen) seen.commands.push(sub.name());
        else found.push({ flag: option.long, value, commands: [sub.name()] });
      }
    }
  return found;
}

/**
 * A command group answers a word that is no subcommand of it but a value its subcommands' flags
 * take (`strata curate report`: report is a `--mode`) with the command line that says it, as git
 * answers a mistyped subcommand; any other word keeps commander's spelling suggestion.
 */
function answerValuesTypedAsCommands(group: Command): void {
  const hooked = group as unknown as { unknownCommand(): void; args: string[] };
  const spellingOnly = hooked.unknownCommand.bind(group);
  hooked.unknownCommand = () => {
    const word = hooked.args[0] ?? "";
    const valued = valueTypedAsCommand(group, word);
    if (valued.length === 0) return spellingOnly();
    const path = commandPath(group);
    const lines = valued.map(
      ({ flag, value, commands }) => `${path} ${commands.join("|")} … ${flag} ${value}`,
    );
    const what = [...new Set(valued.map(({ flag }) => flag))].join(" or ");
    group.error(
      `error: unknown command '${word}'\n(Did you mean ${lines.join(" or ")}? ${valued[0]?.value} is a value of ${what}, not a command; ${path} --help lists the commands.)`,
      { code: "commander.unknownCommand" },
    );
  };
}

/**
 * Runs commander's own answer to an unknown flag with its message ending in where every option is
 * listed, as the answers above end: `--confidence` on remember said `unknown option
 * '--confidence'` and nothing else. On the same line (an unknown flag is one line on stderr); a
 * spelling suggestion stays, the pointer inside its brackets.
 */
function withHelpPointer(command: Command, answer: () => void): void {
  const help = `${commandPath(command)} --help lists every option.`;
  const said = command as unknown as { error: Command["error"] };
  const error = command.error.bind(command);
  said.error = (message, options) =>
    error(message.endsWith("?)") ? `${message.slice(0, -1)} ${help})` : `${message} (${help})`, options);
  try {
    answer();
  } finally {
    delete (said as { error?: unknown }).error;
  }
}

function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(" ");
}
