/**
 * A command run without an option it requires (`strata keys create --name x`): commander says
 * only "required option '--scope <scope>' not specified". This says every required option that
 * is missing, what each one is (its help line), and one of the command's own help examples that
 * gives it, so the fix is on the screen. A command run without an argument it requires
 * (`strata recall`, `strata outcome b2`) is answered the same way: which argument, what it is,
 * and an example. Installed once over the whole program by createProgram.
 */
import type { Argument, Command, Option } from "commander";

/** The `  $ ` lines of a command's --help, printed into a string (only on this error's path). */
function helpExamples(command: Command): string[] {
  const before = command.configureOutput();
  const text: string[] = [];
  command.configureOutput({ ...before, writeOut: (s) => text.push(s) });
  try {
    command.outputHelp();
  } finally {
    command.configureOutput(before);
  }
  return [...text.join("").matchAll(/^ {2}\$ (.+)$/gm)].map((m) => m[1]!.replace(/\s+#.*$/, "").trim());
}

function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(" ");
}

/** The message for `command` run without the required `first` (and any other it lacks). */
export function missingOptionsMessage(command: Command, first: Option): string {
  const missing = command.options.filter(
    (o) => o.mandatory && command.getOptionValue(o.attributeName()) === undefined,
  );
  const all = missing.includes(first) ? missing : [first, ...missing];
  const names = all.map((o) => o.long ?? o.flags);
  const what = all.map((o) => ` ${o.long ?? o.flags}: ${o.description.replace(/\.$/, "")}.`).join("");
  const example = helpExamples(command).find((line) => names.every((n) => line.includes(`${n} `)));
  const path = commandPath(command);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `${path} needs ${list}.${what}${example ? ` For example: ${example}` : ""} (${path} --help lists every option.)`;
}

/** The message for `command` run without its required argument `name` (and any after it). */
export function missingArgumentMessage(command: Command, name: string): string {
  const args = command.registeredArguments as readonly Argument[];
  const at = Math.max(
    0,
    args.findIndex((a) => a.name() === name),
  );
  const missing = args.slice(at).filter((a) => a.required);
  const all = missing.length > 0 ? missing : args.slice(at, at + 1);
  const what = all
    .map((a) => {
      const choices = a.argChoices ? ` (${a.argChoices.join(" or ")})` : "";
      return ` ${a.name()}: ${a.description.replace(/\.$/, "") || "required"}${choices}.`;
    })
    .join("");
  const path = commandPath(command);
  const own = ` ${command.name()} `;
  // An example that gives the arguments: the command's name followed by a word that is not a flag.
  const example = helpExamples(command).find((line) => {
    const i = line.indexOf(own);
    return i >= 0 && !line.slice(i + own.length).startsWith("-");
  });
  const names = all.map((a) => `<${a.name()}>`);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `${path} needs ${list}.${what}${example ? ` For example: ${example}` : ""} (${path} --help lists every option.)`;
}

/**
 * The message for `command` given more arguments than it takes (`strata recall rate limit`: a
 * shell splits an unquoted text into words, and commander says only "Expected 1 argument but got
 * 2"). It names what the command takes and what was given; when one of the command's own help
 * examples quotes its argument (`strata recall "rate limit"`), it says to quote, with that example.
 *
 *   excessArgumentsMessage(recall, ["rate", "limit"])
 *   // strata recall takes one argument, <query>, and got 2: rate limit. Quote a text of several
 *   // words, as in: strata recall "rate limit" (strata recall --help lists every option.)
 */
export function excessArgumentsMessage(command: Command, received: readonly string[]): string {
  const args = command.registeredArguments as readonly Argument[];
  const path = commandPath(command);
  const names = args.map((a) => `<${a.name()}>`);
  const takes =
    names.length === 0
      ? "takes no argument"
      : names.length === 1
        ? `takes one argument, ${names[0]},`
        : `takes ${names.length} arguments, ${names.slice(0, -1).join(", ")} and ${names.at(-1)},`;
  const own = ` ${command.name()} "`;
  const quoted = names.length > 0 ? helpExamples(command).find((line) => line.includes(own)) : undefined;
  const hint = quoted ? ` Quote a text of several words, as in: ${quoted}` : "";
  return `${path} ${takes} and got ${received.length}: ${received.join(" ")}.${hint} (${path} --help lists every option.)`;
}

/**
 * Every command of `program`, itself included, answers a missing required option with
 * `missingOptionsMessage`, a missing required argument with `missingArgumentMessage` and
 * arguments beyond those it takes with `excessArgumentsMessage`.
 */
export function explainMissingOptions(program: Command): void {
  const visit = (command: Command) => {
    // Commander's own hook for this error (public in its JavaScript, not in its types).
    (
      command as unknown as { missingMandatoryOptionValue(option: Option): void }
    ).missingMandatoryOptionValue = (option: Option) =>
      command.error(`error: ${missingOptionsMessage(command, option)}`, {
        code: "commander.missingMandatoryOptionValue",
      });
    (command as unknown as { missingArgument(name: string): void }).missingArgument = (name: string) =>
      command.error(`error: ${missingArgumentMessage(command, name)}`, { code: "commander.missingArgument" });
    // Commander's own (private) hook for too many arguments; its tests below fail if it moves.
    const excess = command as unknown as {
      _allowExcessArguments: boolean;
      _excessArguments(received: string[]): void;
    };
    excess._excessArguments = (received: string[]) => {
      if (excess._allowExcessArguments) return;
      command.error(`error: ${excessArgumentsMessage(command, received)}`, {
        code: "commander.excessArguments",
      });
    };
    command.commands.forEach(visit);
  };
  visit(program);
}
