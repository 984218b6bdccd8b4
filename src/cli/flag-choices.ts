/**
 * A flag's value that is none of its field's choices, refused while the command line is read,
 * before the store or the engine loads: `strata recall x --kinds facts` loaded 35 module files
 * (and better-sqlite3) to be told what 14 files can say. The choices are the registry's, as plain
 * data (cli-operations.generated.ts, read through `choicesOf` / `itemChoicesOf`), and the refusal is
 * worded by flagUsage, the same words as the engine's refusal traced back to its flag:
 *
 *   strata recall x --kinds facts
 *   // usage: --kinds must be one of fact, failure, rule, procedure, episode, got "facts".
 *
 * A value the registry knows as a choice of another field (`remember --kind rule`: rule is a
 * belief kind recall takes) is left to the engine, whose schema may say why it is not taken here
 * ("a rule has a WHEN and a PREFER: use capture"), which a list of choices cannot. Flags with
 * commander's own choices are refused by commander already.
 */
import type { Command } from "commander";
import type { InputIssue } from "../core/validate.js";
import { CLI_OPERATIONS } from "./cli-operations.generated.js";
import { flagUsage } from "./flag-issues.js";
import { choicesOf, itemChoicesOf } from "./guessed-flags.js";
import { UsageError } from "./usage-error.js";

/** Every value some field of the registry takes by name (fact, rule, observation, success …). */
let known: ReadonlySet<string> | undefined;
const knownValues = (): ReadonlySet<string> =>
  (known ??= new Set(
    CLI_OPERATIONS.flatMap((o) => o.flags.flatMap((f) => [...(f.choices ?? []), ...(f.itemChoices ?? [])])),
  ));

/** `keys list`: the command's names below the program. */
function pathOf(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(" ");
}

/**
 * The usage error for the values typed on the command line that are none of their flag's choices
 * and no choice of any field, or null when every value is one (or is left to the engine).
 *
 *   valuesOutsideChoices(recall, ["recall", "x", "--kinds", "facts"])
 *   // UsageError('--kinds must be one of fact, failure, rule, procedure, episode, got "facts".')
 *   valuesOutsideChoices(remember, ["remember", "x", "--kind", "rule"]) // null: the engine's words
 */
export function valuesOutsideChoices(command: Command, argv: readonly string[]): UsageError | null {
  const issues: InputIssue[] = [];
  for (const option of command.options) {
    const key = option.attributeName();
    if (option.argChoices || command.getOptionValueSource(key) !== "cli") continue;
    const value = command.getOptionValue(key) as unknown;
    const one = choicesOf(command, option);
    const each = one.length > 0 ? [] : itemChoicesOf(command, option);
    const allowed = one.length > 0 ? one : each;
    if (allowed.length === 0) continue;
    const values = each.length > 0 && Array.isArray(value) ? value : [value];
    values.forEach((v, i) => {
      if (typeof v !== "string" || allowed.includes(v) || knownValues().has(v)) return;
      issues.push({
        path: each.length > 0 ? ["options", key, String(i)] : ["options", key],
        message: `Invalid option: expected one of ${allowed.map((a) => JSON.stringify(a)).join("|")}`,
        received: v,
        allowed: `one of ${allowed.join(", ")}`,
      });
    });
  }
  if (issues.length === 0) return null;
  const usage = flagUsage(rootOf(command), pathOf(command), argv, issues);
  // `details.issues` as the engine's refusal carries them, so `--json` prints one shape either way.
  return usage ? new UsageError(usage.message, { ...usage.details, issues }) : null;
}

const rootOf = (command: Command): Command => (command.parent ? rootOf(command.parent) : command);

/**
 * Every command of `program` refuses, before its action runs, a flag's value that is none of its
 * choices (`valuesOutsideChoices`). Installed once over the whole program by createProgram.
 */
export function refuseValuesOutsideChoices(program: Command): void {
  program.hook("preAction", (root, action) => {
    // The words parsed, as typed (commander keeps them, untyped, on the command parsed): how a
    // flag was spelled, `-t` or `--type`, is how the refusal names it.
    const argv = (root as unknown as { rawArgs?: readonly string[] }).rawArgs ?? [];
    const refusal = valuesOutsideChoices(action, argv);
    if (refusal) throw refusal;
  });
}
