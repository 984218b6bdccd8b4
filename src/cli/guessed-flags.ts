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
import { hasMeaning, namesMeant, plainName } from "../core/borrowed-names.js";
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
  const line = commandPath(command).split(" ").slice(1).join(" ");
  const operation = CLI_OPERATIONS.find((o) => cliCommandFor(o.name) === line);
  return operation?.flags.find((f) => `--${f.flag}` === option.long)?.choices ?? [];
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
        return command.error(
          `error: unknown option '${flag}'\n(Did you mean ${valued.map(({ option, value }) => `${option.long} ${value}`).join(" or ")}? ${commandPath(command)} --help lists every option.)`,
          { code: "commander.unknownOption" },
        );
      // A name of known meaning that the command has no flag for (`hook session-end --budget`)
      // gets no spelling guess: commander's named --quiet, a flag of another meaning.
      if (meant.length === 0 && flag.startsWith("--") && hasMeaning(flag))
        return command.error(
          `error: unknown option '${flag}'\n(${commandPath(command)} takes no flag that means what ${flag} means; ${commandPath(command)} --help lists every option.)`,
          { code: "commander.unknownOption" },
        );
      if (meant.length === 0) return withHelpPointer(command, () => spellingOnly(flag));
      command.error(
        `error: unknown option '${flag}'\n(Did you mean ${meant.map(named).join("; or ")}? ${commandPath(command)} --help lists every option.)`,
        { code: "commander.unknownOption" },
      );
    };
    command.commands.forEach(visit);
  };
  visit(program);
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
