/**
 * Namespace prefixes: `app/users/42` names itself and every namespace under it (`app/users/42/…`,
 * never `app/users/420`). A prefix is a wildcard over namespaces, so it is the one way a single
 * call could reach namespaces its caller never named: it is allowed only under the engine's roots
 * (its own namespace, and the `namespaceRoots` it was opened with), and refused the same way
 * whether or not anything exists under it, so a refusal tells nothing about other namespaces.
 *
 *   const mem = await openMemory({ namespace: "app" });
 *   await mem.recall("theme", { namespacePrefix: "app/users/42" }); // app/users/42 and below
 *   await mem.recall("theme", { namespacePrefix: "other" });        // INVALID_INPUT: outside "app"
 */
import { StrataError } from "./errors.js";
import type { StoreReader } from "./ports.js";

/** Whether `namespace` is `prefix` itself or lies under it (`prefix/…`). */
export function isUnder(namespace: string, prefix: string): boolean {
  return namespace === prefix || namespace.startsWith(`${prefix}/`);
}

/**
 * Checks that `prefix` lies under one of `roots`; INVALID_INPUT (naming the field and what to do)
 * otherwise, and for a prefix ending in `/`.
 */
export function checkPrefix(prefix: string, roots: readonly string[], field = "namespacePrefix"): void {
  if (prefix.endsWith("/"))
    throw new StrataError(
      "INVALID_INPUT",
      `Invalid ${field} "${prefix}": a prefix names a namespace, without a trailing "/" (it already covers the namespaces under it).`,
      { field },
    );
  if (!roots.some((root) => isUnder(prefix, root)))
    throw new StrataError(
      "INVALID_INPUT",
      `Invalid ${field} "${prefix}": a prefix may only name a namespace under ${roots.length > 1 ? "one of " : ""}${roots
        .map((r) => `"${r}"`)
        .join(
          ", ",
        )} (the namespace this call acts in${roots.length > 1 ? " and the roots the memory was opened with" : ""}). Name ${roots[0]} or a namespace under it (${roots[0]}/…).`,
      { field },
    );
}

/**
 * The namespaces under `prefix` that the store has written to (every namespace with an audit
 * chain), the prefix itself always first, the rest in byte order. The caller checked the prefix.
 */
export async function namespacesUnder(store: StoreReader, prefix: string): Promise<string[]> {
  const known = (await store.auditNamespaces()).filter((n) => n !== prefix && isUnder(n, prefix));
  return [prefix, ...known.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))];
}
