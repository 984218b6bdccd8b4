/**
 * A value the engine's schema refused that came from a flag on the command line (`-k 0`,
 * `--kinds fact,bogus`, `--limit 9999`) is a usage error, not an engine refusal: the CLI
 * converts flags but leaves ranges and choices to the engine's zod schemas (one rule for every
 * surface), so this is where a refusal is traced back to the flag that carried it. It reads the
 * `details.issues` every INVALID_INPUT from `parseInput` (core/validate.ts) carries: the field's
 * path, the value received and what is allowed.
 *
 *   flagUsage(program, "recall", ["recall", "x", "-k", "0"], issues)
 *   // { message: "-k must be at least 1, got 0.", details: { flag: "-k", value: 0, allowed: "at least 1" } }
 */
import type { Command, Option } from "commander";
import type { FieldRender } from "../core/field-names.js";
import type { InputIssue } from "../core/validate.js";

export interface FlagUsage {
  message: string;
  details: Record<string, unknown>;
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

/** The invoked command (`keys list` → program's keys → its list), or null. */
function commandOf(program: Command, path: string): Command | null {
  let command: Command | undefined = program;
  for (const name of path.split(" ")) {
    command = command?.commands.find((c) => c.name() === name);
    if (!command) return null;
  }
  return command ?? null;
}

/** The options of `command` and of the program above it that the command line set. */
export function typedOptions(program: Command, command: Command): { command: Command; option: Option }[] {
  return [command, program].flatMap((c) =>
    c.options
      .filter((o) => c.getOptionValueSource(o.attributeName()) === "cli")
      .map((option) => ({ command: c, option })),
  );
}

/**
 * The flag given on the command line that set `field`: its attribute is the field or names it
 * in short (--meta → metadata, --type → types, --budget → tokenBudget). Null when none, or when
 * more than one could be meant.
 */
export function optionFor(given: readonly { command: Command; option: Option }[], field: string) {
  const f = norm(field);
  const exact = given.filter((g) => norm(g.option.attributeName()) === f);
  if (exact.length === 1) return exact[0]!;
  const near = given.filter((g) => {
    const a = norm(g.option.attributeName());
    // A name in short is a word of it, not a letter (-k is field k, never kinds).
    return Math.min(a.length, f.length) >= 3 && (f.startsWith(a) || f.endsWith(a) || a.startsWith(f));
  });
  return near.length === 1 ? near[0]! : null;
}

/**
 * Library fields whose flag has another name than theirs, by field: a delete's `confirm` is
 * `--yes` on every command that erases.
 */
const FLAG_OF_FIELD: Readonly<Record<string, string>> = { confirm: "yes" };

/**
 * How the CLI says a field an engine refusal names (core/field-names.ts): the flag of the invoked
 * command (or a global one) that sets it, as the user wrote it when they did (`types` → `--type`,
 * `tokenBudget` → `-b` after `strata context -b 5`), with its value when the message gives one
 * (`kind: "procedure"` → `--kind procedure`, `confirm: true` → `--yes`); null (the library's name
 * kept) for a field no flag sets.
 *
 *   fieldFlags(program, "recall", ["recall", "x", "--type", "decision", "--kinds", "fact"])("types")
 *   // "--type"
 */
export function fieldFlags(program: Command, commandPath: string, argv: readonly string[]): FieldRender {
  const command = commandOf(program, commandPath);
  const all = (command ? [command, program] : [program]).flatMap((c) =>
    c.options.filter((o) => !o.negate).map((option) => ({ command: c, option })),
  );
  const given = all.filter((g) => g.command.getOptionValueSource(g.option.attributeName()) === "cli");
  return (field, value) => {
    const name = FLAG_OF_FIELD[field] ?? field;
    const hit = optionFor(given, name) ?? optionFor(all, name);
    if (!hit) return null;
    const flag = spelling(hit.option, argv);
    if (value === undefined || hit.option.isBoolean()) return value === "false" ? null : flag;
    return `${flag} ${value.replace(/^"([^"\s]*)"$/, "$1")}`;
  };
}

/** How the user wrote it: the short flag when that is what argv holds, else the long one. */
function spelling(option: Option, argv: readonly string[]): string {
  const short = option.short;
  if (short && argv.some((a) => a === short || (a.startsWith(short) && !a.startsWith("--")))) return short;
  return option.long ?? short ?? option.flags;
}

/**
 * Whether a choice's refusal carries its schema's own words (`remember --kind rule`: "a rule has a
 * WHEN and a PREFER: use capture(…)"), which say more than the list of allowed values; zod's
 * generic ones ("Invalid option: expected one of …") say no more than `allowed` does. Only a
 * choice's: a bound's own words are the library's ("content is empty: pass the text to store"
 * would misname `--when`), and "must be at least 1 character" already says it.
 */
const ownWords = (message: string, allowed: string): boolean =>
  /^one of /.test(allowed) && !/^(?:Invalid \w+:|Too (?:small|big):)/.test(message);

/** The value as given; a long text by its length (a --note is not echoed whole). */
function shown(v: unknown): string {
  const text = Array.isArray(v) ? v.join(",") : v;
  if (typeof text !== "string") return String(text);
  return text.length > 80 ? `${text.length} characters` : JSON.stringify(text);
}

/**
 * The argument typed on the command line that set `field` (`strata remember ""`: `<statement>`),
 * or null. Only a top-level field (`path` is the field alone): a --jsonl line's item is not one.
 */
function argumentFor(command: Command, path: readonly string[]): { name: string; value: unknown } | null {
  const fields = path.filter((p) => p !== "options");
  if (fields.length !== 1) return null;
  const f = norm(fields[0]!);
  const args = command.registeredArguments;
  const at = args.findIndex((a) => norm(a.name()) === f);
  const value = at < 0 ? undefined : (command.processedArgs as unknown[])[at];
  return at < 0 || value === undefined ? null : { name: `<${args[at]!.name()}>`, value };
}

/**
 * The usage error for an engine refusal whose every issue comes from a value the user typed on
 * the command line — a flag, or an argument (`strata remember ""` as `--when ""`: one rule for an
 * empty value, exit 2); null when any does not (a --jsonl line, a rule the engine checks beyond
 * the schema), which stays the engine's INVALID_INPUT.
 */
export function flagUsage(
  program: Command,
  commandPath: string,
  argv: readonly string[],
  issues: readonly InputIssue[],
): FlagUsage | null {
  const command = commandOf(program, commandPath);
  if (!command || issues.length === 0) return null;
  const given = typedOptions(program, command);
  const found: {
    flag: string;
    kind: "flag" | "argument";
    value: unknown;
    allowed: string | undefined;
    message: string;
  }[] = [];
  for (const issue of issues) {
    const field = [...issue.path].reverse().find((p) => !/^\d+$/.test(p) && p !== "options");
    const hit = field === undefined ? null : optionFor(given, field);
    const argument = hit ? null : argumentFor(command, issue.path);
    if (!hit && !argument) return null;
    const flag = hit ? spelling(hit.option, argv) : argument!.name;
    const value =
      issue.received ?? (hit ? hit.command.getOptionValue(hit.option.attributeName()) : argument!.value);
    const got = shown(value);
    // Without a plain rule, the schema's own message (which may name the value already).
    let rule = issue.message.replace(/\.$/, "");
    // The engine names the ISO forms only (a library takes no "yesterday"); a time flag reads more.
    const reads = (hit?.option.parseArg as { reads?: unknown } | undefined)?.reads;
    if (typeof reads === "string" && issue.code === "NOT_A_DATE")
      rule = `${rule}; ${flag} also reads ${reads}`;
    found.push({
      flag,
      kind: hit ? "flag" : "argument",
      value,
      allowed: issue.allowed,
      message: issue.allowed
        ? `${flag} must be ${issue.allowed}, got ${got}${ownWords(issue.message, issue.allowed) ? `: ${rule}` : ""}.`
        : field !== undefined && rule.startsWith(`${field} `)
          ? // The schema's words name the field first ("interval must be at least 1s"): the flag in its place.
            `${flag}${rule.slice(field.length)}.`
          : `${flag}${rule.includes(got) ? "" : ` ${got}`}: ${rule}.`,
    });
  }
  const [first] = found;
  return {
    message: found.map((f) => f.message).join(" "),
    details:
      found.length === 1
        ? {
            [first!.kind]: first!.flag,
            value: first!.value,
            ...(first!.allowed ? { allowed: first!.allowed } : {}),
          }
        : {
            flags: found.map(({ flag, kind, value, allowed }) => ({
              [kind]: flag,
              value,
              ...(allowed ? { allowed } : {}),
            })),
          },
  };
}
