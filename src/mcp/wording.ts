/** Library calls named in error messages, said as the MCP tools (and actions) that do the same. */
import { type MessageVerb, rewriteVerbCalls } from "../core/verb-calls.js";

const TOOL: Record<MessageVerb, (args: string[]) => string> = {
  explain: ([id]) => `\`inspect\` with what "explain" and id "${id ?? "…"}"`,
  history: () => '`inspect` with what "explain"',
  candidates: () => '`inspect` with what "candidates"',
  prepareWrap: () => '`wrap` with action "prepare"',
  export: ([format]) => `the CLI's \`strata export${format ? ` --format ${format}` : ""}\``,
  list: () => "`recall`",
  reindex: () => "the CLI's `strata reindex`",
  capture: () => "the `capture` tool (when, prefer)",
};

export const mcpWording = (message: string): string =>
  rewriteVerbCalls(message, (verb, args) => TOOL[verb](args));
