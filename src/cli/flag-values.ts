/**
 * A flag's value that its field can never take — none of its choices, or a number outside its
 * range — refused while the command line is read, before the store or the engine loads:
 * `strata recall x --kinds facts` and `strata recall x -k 0` loaded 35-37 module files (and
 * better-sqlite3) to be told what 14 files can say. The choices and bounds are the registry's, as
 * plain data (cli-operations.generated.ts), the field a flag sets is found as the engine's refusal
 * finds it (flag-issues.ts `optionFor`: `--budget` sets tokenBudget), and the refusal is worded by
 * flagUsage with the issues the engine gives, so the words and `--json` details are the engine's:
 *
 *   strata recall x --kinds facts
 *   // usage: --kinds must be one of fact, failure, rule, procedure, episode, got "facts".
 *   strata context --budget 10
 *   // usage: --budget must be at least 32, got 10.
 *
 * Left to the engine: a value the registry knows as a choice of another field (`remember --kind
 * rule`: rule is a belief kind recall takes), whose schema may say why it is not taken here ("a
 * rule has a WHEN and a PREFER: use capture"), which a list of choices cannot; a flag whose field
 * is not its command's operation's (`audit --jsonl d --lines-per-file 5` runs exportAuditJsonl);
 * and rules across fields. Flags with commander's own choices are refused by commander already.
 */
import type { Command } from "commander";
import type { InputIssue } from "../core/validate.js";
import type { CliField } from "./cli-operation.js";
import { CLI_OPERATIONS } from "./cli-operations.generated.js";
import { flagUsage, optionFor, typedOptions } from "./flag-issues.js";
import { operationOf } from "./guessed-flags.js";
import { UsageError } from "./usage-error.js";

/** Every value some field of the registry takes by name (fact, rule, observation, success …). */
let known: ReadonlySet<string> | undefined;
const knownValues = (): ReadonlySet<string> =>
  (known ??= new Set(
    CLI_OPERATIONS.flatMap((o) => o.flags.flatMap((f) => [...(f.choices ?? []), ...(f.itemChoices ?? [])])),
  ));

/**
 * The library methods that take their options after a first argument and read both as one input,
 * `{ query, options }`: an issue of theirs names a field under "options" (`["options", "k"]`),
 * where list's, candidates' or audit's, which take the options alone, name the field itself
 * (`["limit"]`). A refusal made here carries the path the engine's would (flag-values.test.ts
 * compares each with the library's own).
 */
const READ_WITH_ARGUMENT: ReadonlySet<string> = new Set([
  "record",
  "remember",
  "recall",
  "context",
  "distil",
]);

/** `keys list`: the command's names below the program. */
function pathOf(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(" ");
}

const rootOf = (command: Command): Command => (command.parent ? rootOf(command.parent) : command);

/** The issue the engine's schema gives a number outside `field`'s bounds, or null when inside. */
function outOfRange(field: CliField, value: number, path: string[]): InputIssue | null {
  if (field.min !== undefined && value < field.min)
    return {
      path,
      message: `Too small: expected number to be >=${field.min}`,
      received: value,
      allowed: `at least ${field.min}`,
    };
  if (field.max !== undefined && value > field.max)
    return {
      path,
      message: `Too big: expected number to be <=${field.max}`,
      received: value,
      allowed: `at most ${field.max}`,
    };
  return null;
}

/** The issues for each typed value of `field` (one, or each item of a list) that it never takes. */
function choiceIssues(field: CliField, value: unknown, path: string[]): InputIssue[] {
  const allowed = field.choices ?? field.itemChoices ?? [];
  if (allowed.length === 0) return [];
  const list = field.itemChoices !== undefined && Array.isArray(value);
  const values: unknown[] = list ? value : [value];
  return values.flatMap((v, i) =>
    typeof v !== "string" || allowed.includes(v) || knownValues().has(v)
      ? []
      : [
          {
            path: list ? [...path, String(i)] : path,
            message: `Invalid option: expected one of ${allowed.map((a) => JSON.stringify(a)).join("|")}`,
            received: v,
            allowed: `one of ${allowed.join(", ")}`,
          },
        ],
  );
}

/**
 * The usage error for the values typed on the command line that their field never takes, or
 * null when every value may be taken (or is left to the engine).
 *
 *   flagValuesRefused(recall, ["recall", "x", "--kinds", "facts"])
 *   // UsageError('--kinds must be one of fact, failure, rule, procedure, episode, got "facts".')
 *   flagValuesRefused(recall, ["recall", "x", "-k", "0"])  // UsageError("-k must be at least 1, got 0.")
 *   flagValuesRefused(remember, ["remember", "x", "--kind", "rule"]) // null: the engine's words
 */
export function flagValuesRefused(command: Command, argv: readonly string[]): UsageError | null {
  const operation = operationOf(command);
  if (!operation) return null;
  const program = rootOf(command);
  const given = typedOptions(program, command);
  const under = READ_WITH_ARGUMENT.has(operation.name) ? ["options"] : [];
  const issues: InputIssue[] = [];
  for (const field of operation.flags) {
    const hit = optionFor(given, field.name);
    if (!hit || hit.option.argChoices) continue;
    const value = hit.command.getOptionValue(hit.option.attributeName()) as unknown;
    const path = [...under, field.name];
    if (typeof value === "number") {
      const issue = outOfRange(field, value, path);
      if (issue) issues.push(issue);
    } else issues.push(...choiceIssues(field, value, path));
  }
  if (issues.length === 0) return null;
  const usage = flagUsage(program, pathOf(command), argv, issues);
  // `details.issues` as the engine's refusal carries them, so `--json` prints one shape either way.
  return usage ? new UsageError(usage.message, { ...usage.details, issues }) : null;
}

/**
 * Every command of `program` refuses, before its action runs, a flag's value that its field
 * never takes (`flagValuesRefused`). Installed once over the whole program by createProgram.
 */
export function refuseFlagValues(program: Command): void {
  program.hook("preAction", (root, action) => {
    // The words parsed, as typed (commander keeps them, untyped, on the command parsed): how a
    // flag was spelled, `-t` or `--type`, is how the refusal names it.
    const argv = (root as unknown as { rawArgs?: readonly string[] }).rawArgs ?? [];
    const refusal = flagValuesRefused(action, argv);
    if (refusal) throw refusal;
  });
}
