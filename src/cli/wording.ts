/** Library calls named in error messages, said as the `strata` commands that do the same. */
import { type MessageVerb, rewriteVerbCalls } from "../core/verb-calls.js";

const COMMAND: Record<MessageVerb, (args: string[]) => string> = {
  explain: ([id]) => `\`strata explain ${id ?? "ID"}\``,
  history: ([id]) => `\`strata history${id ? ` ${id}` : ""}\``,
  candidates: () => "`strata candidates`",
  prepareWrap: () => "`strata prepare-wrap`",
  export: ([format]) => `\`strata export${format ? ` --format ${format}` : ""}\``,
  list: () => "`strata list`",
  reindex: () => "`strata reindex`",
  capture: () => "`strata capture --when … --prefer …`",
};

export const cliWording = (message: string): string =>
  rewriteVerbCalls(message, (verb, args) => COMMAND[verb](args));
