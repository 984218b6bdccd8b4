/**
 * `strata help --json`, `strata help COMMAND --json` and `strata COMMAND --help --json`: the help
 * as data, like every other answer under --json. Read from the same commander program the text
 * help is printed from, so the two cannot drift.
 *
 *   helpRequest(program, ["help", "recall", "--json"]) // { command: <recall> } → describeCommand
 *   describeCommand(recall, "strata recall", text).options[0] // { flags: "-k, --k <n>", long: "--k", … }
 */
import type { Command } from "commander";

export interface OptionHelp {
  flags: string;
  long?: string;
  short?: string;
  description: string;
  /** Whether the flag takes a value (`--k <n>`), and whether that value must be given. */
  takesValue: boolean;
  default?: unknown;
  choices?: readonly string[];
  /** A flag the command cannot run without. */
  mandatory?: boolean;
}

export interface CommandHelp {
  /** The command as typed: `strata`, `strata recall`, `strata keys create`. */
  command: string;
  usage: string;
  description: string;
  arguments: {
    name: string;
    required: boolean;
    variadic: boolean;
    description: string;
    choices?: readonly string[];
  }[];
  /** The command's own options; on `strata` itself, the options every command takes (--db, -n, --json …). */
  options: OptionHelp[];
  /** The command's own commands (a group such as `keys`, or `strata` itself). */
  commands: { name: string; usage: string; description: string }[];
  /** The help's examples, each a command line without the `$ `. */
  examples: string[];
  /**
   * What the command prints, for the commands people run first (`Prints, for example:`): the
   * sample's command line without the `$ ` and the lines it printed, as `--help` shows them
   * (src/cli/help-text.ts `sample`). [] for a command whose help shows none.
   */
  samples: { command: string; prints: string[] }[];
  /** The text `--help` prints. */
  text: string;
}

/** Global options that take a value: their value is not a command name. */
const VALUED_OPTIONS = new Set(["--db", "--config", "--embedder", "-n", "--namespace"]);

const optionHelp = (o: Command["options"][number]): OptionHelp => ({
  flags: o.flags,
  ...(o.long ? { long: o.long } : {}),
  ...(o.short ? { short: o.short } : {}),
  description: o.description,
  takesValue: o.required || o.optional,
  ...(o.defaultValue !== undefined ? { default: o.defaultValue } : {}),
  ...(o.argChoices ? { choices: o.argChoices } : {}),
  ...(o.mandatory ? { mandatory: true } : {}),
});

/**
 * The command whose help argv asks for as JSON (`help [COMMAND…]`, or `--help`/`-h` after a
 * command), or null when argv asks for no help. `unknown` names a `help` operand that is no command.
 */
export function helpRequest(
  program: Command,
  argv: readonly string[],
): { command: Command; path: string } | { unknown: string; path: string } | null {
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (VALUED_OPTIONS.has(token)) i++;
    else if (!token.startsWith("-")) words.push(token);
  }
  const viaHelp = words[0] === "help";
  if (!viaHelp && !argv.some((a) => a === "--help" || a === "-h")) return null;
  let command = program;
  let path = "strata";
  for (const word of viaHelp ? words.slice(1) : words) {
    const sub = command.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!sub) {
      if (viaHelp) return { unknown: word, path };
      break;
    }
    command = sub;
    path += ` ${word}`;
  }
  return { command, path };
}

/**
 * The samples a help text shows (help-text.ts `sample`): after `Prints, for example:`, the command
 * on a `    $ ` line and the lines it printed, each indented four spaces (a blank line inside kept),
 * up to the first line that is not.
 *
 *   samplesOf("Prints, for example:\n    $ strata health\n    2 active beliefs\n")
 *   // [{ command: "strata health", prints: ["2 active beliefs"] }]
 */
export function samplesOf(text: string): CommandHelp["samples"] {
  return [...text.matchAll(/^Prints, for example:\n {4}\$ (.+)\n((?:(?: {4}.*)?\n?)*)/gm)].map((m) => {
    const prints = m[2]!.split("\n").map((l) => l.slice(4));
    while (prints.length > 0 && prints.at(-1) === "") prints.pop();
    return { command: m[1]!, prints };
  });
}

/** The help of one command as data; `text` is what its --help prints. */
export function describeCommand(command: Command, path: string, text: string): CommandHelp {
  const examples = [...text.matchAll(/^ {2}\$ (.+)$/gm)].map((m) => m[1]!);
  return {
    command: path,
    usage: `${path} ${command.usage()}`.trim(),
    description: command.description(),
    arguments: command.registeredArguments.map((a) => ({
      name: a.name(),
      required: a.required,
      variadic: a.variadic,
      description: a.description,
      ...(a.argChoices ? { choices: a.argChoices } : {}),
    })),
    options: command.options.filter((o) => !o.hidden).map(optionHelp),
    commands: command.commands
      .filter((c) => c.name() !== "help")
      .map((c) => ({
        name: c.name(),
        usage: `${c.name()} ${c.usage()}`.trim(),
        description: c.description(),
      })),
    examples,
    samples: samplesOf(text),
    text,
  };
}
