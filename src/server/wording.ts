/**
 * Library calls named in error messages (`explain("e1")`, `list()`), said as the REST routes
 * and the dashboard pages that do the same, so an HTTP caller or a dashboard user is never told
 * to call a library method (src/cli/wording.ts and src/mcp/wording.ts do this for their surfaces).
 *
 *   restWording('No item with id "e9". List ids with list().')
 *   // → 'No item with id "e9". List ids with `GET /v1/namespaces/{namespace}/items`.'
 */
import { type MessageVerb, rewriteVerbCalls } from "../core/verb-calls.js";

const NS = "/v1/namespaces/{namespace}";

const ROUTE: Record<MessageVerb, (args: string[]) => string> = {
  explain: ([id]) => `\`GET ${NS}/items/${id ?? "{id}"}/explain\``,
  history: ([id]) => `\`GET ${NS}/items/${id ?? "{id}"}/history\``,
  candidates: () => `\`GET ${NS}/candidates\``,
  prepareWrap: () => `\`POST ${NS}/wraps\``,
  export: ([format]) => `\`GET ${NS}/export${format ? `?format=${format}` : ""}\``,
  list: () => `\`GET ${NS}/items\``,
  reindex: () => "the CLI's `strata reindex`",
  capture: () => `\`POST ${NS}/rules\` (when, prefer)`,
};

const PAGE: Record<MessageVerb, (args: string[]) => string> = {
  explain: ([id]) => (id ? `the item's page (/ui/items/${id})` : "an item's page"),
  history: ([id]) => (id ? `the item's page (/ui/items/${id})` : "an item's page"),
  candidates: () => "the Review page",
  prepareWrap: () => "the CLI's `strata prepare-wrap`",
  export: ([format]) => `the CLI's \`strata export${format ? ` --format ${format}` : ""}\``,
  list: () => "the Timeline page",
  reindex: () => "the CLI's `strata reindex`",
  capture: () => "the CLI's `strata capture --when … --prefer …`",
};

export const restWording = (message: string): string =>
  rewriteVerbCalls(message, (verb, args) => ROUTE[verb](args));

export const dashboardWording = (message: string): string =>
  rewriteVerbCalls(message, (verb, args) => PAGE[verb](args));
