/**
 * The namespaces a store's read of listed ids is scoped to. Ids are store-wide counters, so a list
 * of them read without a namespace hands out rows of every namespace; `getBeliefs`/`getEpisodes`
 * require the scope by type (ports.ts), and this refuses a call that still arrives without one (a
 * JavaScript caller, a cast) rather than read every namespace (attacks41). A read of every
 * namespace is its own method, `…AnyNamespace`, named so. Every other read by id takes the scope
 * too (attacks42: `getBelief/getEpisode`, `getItems`, `getVectors`, `links`, `outcomes`,
 * `judgedPairs`, `supersededBy`, `beliefsFromEpisode`).
 *
 *   const namespaces = scopedNamespaces(namespace, "getBeliefs"); // ["team-a"], or INVALID_INPUT
 */
import { StrataError } from "../core/errors.js";
import type { NamespaceScope } from "../core/ports.js";

/** The scope as a list of namespaces; INVALID_INPUT when there is none, or one is not a string. */
export function scopedNamespaces(scope: NamespaceScope | undefined, method: string): readonly string[] {
  const namespaces = typeof scope === "string" ? [scope] : scope;
  if (!Array.isArray(namespaces) || namespaces.some((n) => typeof n !== "string"))
    throw new StrataError(
      "INVALID_INPUT",
      `${method} reads within namespaces and was called without one${
        method === "getBeliefs" || method === "getEpisodes"
          ? `; a read of every namespace is ${method}AnyNamespace`
          : "; pass the namespace the id was read in"
      }.`,
      { method },
    );
  return namespaces;
}
