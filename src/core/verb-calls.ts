/**
 * Error messages name the verb that helps, in the library's words (`explain("e1")`,
 * `candidates()`, `export({ format: "json" })`). Each surface rewrites those calls into its own
 * words in one place (the CLI: `strata explain e1`; MCP: the tool and its action), so a CLI or
 * MCP user is never told to call a library method.
 *
 *   rewriteVerbCalls('Use explain("e1").', (verb, args) => `strata ${verb} ${args.join(" ")}`)
 *   // → "Use strata explain e1."
 */

/** The verbs messages may name; anything else in parentheses is left alone. */
export const MESSAGE_VERBS = [
  "explain",
  "history",
  "candidates",
  "prepareWrap",
  "export",
  "list",
  "reindex",
  "capture",
] as const;
export type MessageVerb = (typeof MESSAGE_VERBS)[number];

const CALL = new RegExp(`(?:mem\\.)?\\b(${MESSAGE_VERBS.join("|")})\\(([^()]*)\\)`, "g");

/** The argument values of a call, in order: strings, numbers and the values of an options object. */
function values(args: string): string[] {
  return [...args.matchAll(/"([^"]*)"|'([^']*)'|\b(\d+)\b/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? "");
}

export function rewriteVerbCalls(
  message: string,
  render: (verb: MessageVerb, args: string[]) => string | null,
): string {
  return message.replace(
    CALL,
    (whole, verb: MessageVerb, args: string) => render(verb, values(args)) ?? whole,
  );
}
