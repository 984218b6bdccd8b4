/**
 * An operation as the CLI sees it, as plain data (no zod): what the generated commands and the
 * tailored commands' descriptions are built from. See operation-projection.ts for how it is read
 * from the registry and cli-operations.generated.ts for the list.
 */

/** One input field as the CLI sees it: plain data from the registry's zod schema. */
export interface CliField {
  name: string;
  /** The flag (or argument) name: the field in kebab case. */
  flag: string;
  /** The zod type under optional/default: string, number, boolean, enum, array, object … */
  kind: string;
  required: boolean;
  description: string;
  choices?: readonly string[];
  /** A number that must be whole. */
  integer?: boolean;
  /** A number's least and greatest value, both allowed (`k`: 1 and 200); absent when unbounded. */
  min?: number;
  max?: number;
  /** An array's element kind. */
  element?: string;
  /** A list's (an array of enum's) values by name: what each comma-separated item may be. */
  itemChoices?: readonly string[];
}

/** One operation as the CLI sees it: its summary, its argument and its flags. */
export interface CliOperation {
  name: string;
  summary: string;
  /** What a caller needs to run it (the registry's `access`): a `read` never writes the store. */
  access: "read" | "write" | "admin";
  positional?: CliField;
  flags: readonly CliField[];
}

/** The command a generated operation gets: its name in kebab case (`renderContinuity` → `render-continuity`). */
export const commandName = (operation: string): string =>
  operation.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
