/**
 * The REST routes as a markdown table, from the registry: docs/rest.md carries it between
 * markers, and a test keeps the two equal.
 *
 *   routesTable() // "| method | path | operation | scope | what it does |\n|---|…"
 */
import { OPERATIONS } from "../core/operations/index.js";

export function routesTable(): string {
  const rows = OPERATIONS.map(
    (op) =>
      `| ${op.http.method} | \`/v1/namespaces/{namespace}${op.http.path}\` | \`${op.name}\` | ${op.access} | ${op.summary.replace(/\|/g, "\\|")} |`,
  );
  return ["| method | path | operation | scope | what it does |", "|---|---|---|---|---|", ...rows].join(
    "\n",
  );
}
