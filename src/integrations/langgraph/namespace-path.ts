/**
 * LangGraph namespace tuples ↔ Strata namespaces, losslessly: each label is escaped (every
 * character but letters, digits, `_`, `@` and `-` becomes `:` and two hex digits per UTF-8
 * byte) and the labels are joined with `/` under a root, so no label can forge a separator and
 * every Strata namespace under the root decodes back to exactly one tuple.
 *
 *   toNamespace("app", ["users", "42"]);   // → "app/users/42"
 *   toNamespace("app", ["a/b", "c.d"]);    // → "app/a:2Fb/c:2Ed"
 *   fromNamespace("app", "app/a:2Fb/c:2Ed"); // → ["a/b", "c.d"]
 */
import { StrataError } from "../../core/errors.js";

const PLAIN = /^[A-Za-z0-9_@-]$/;
const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

/** One label, escaped. */
export function encodeLabel(label: string): string {
  let out = "";
  for (const ch of label) {
    if (PLAIN.test(ch)) out += ch;
    else for (const byte of encoder.encode(ch)) out += `:${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** One escaped label back to itself; null when it is not the escape of any label. */
export function decodeLabel(escaped: string): string | null {
  if (!/^(?:[A-Za-z0-9_@-]|:[0-9A-F]{2})+$/.test(escaped)) return null;
  const bytes: number[] = [];
  for (let i = 0; i < escaped.length; ) {
    if (escaped[i] === ":") {
      bytes.push(Number.parseInt(escaped.slice(i + 1, i + 3), 16));
      i += 3;
    } else bytes.push(escaped.charCodeAt(i++));
  }
  try {
    const label = decoder.decode(new Uint8Array(bytes));
    // Only the canonical escape decodes: an escaped plain character would map two names to one tuple.
    return encodeLabel(label) === escaped ? label : null;
  } catch {
    return null;
  }
}

/**
 * The Strata namespace of a tuple under `root`; INVALID_INPUT for an empty label, a label with a
 * lone surrogate, or a name over 128 characters.
 */
export function toNamespace(root: string, tuple: readonly string[]): string {
  if (tuple.length === 0) return root;
  for (const label of tuple)
    if (typeof label !== "string" || label === "")
      throw new StrataError(
        "INVALID_INPUT",
        `Invalid namespace ${JSON.stringify(tuple)}: every label is a non-empty string.`,
        { field: "namespace" },
      );
  // A lone UTF-16 surrogate has no UTF-8 form: TextEncoder writes U+FFFD in its place, so
  // "u\ud800" and "u\ufffd" would both be "root/u:EF:BF:BD", one namespace for two tuples.
  for (const label of tuple)
    if (decodeLabel(encodeLabel(label)) !== label)
      throw new StrataError(
        "INVALID_INPUT",
        `Invalid namespace label ${JSON.stringify(label)}: it holds a lone UTF-16 surrogate (half of a pair), which has no UTF-8 form and would name another label's namespace. Pass well-formed text.`,
        { field: "namespace" },
      );
  const namespace = [root, ...tuple.map(encodeLabel)].join("/");
  if (namespace.length > 128)
    throw new StrataError(
      "INVALID_INPUT",
      `Invalid namespace ${JSON.stringify(tuple)}: under root "${root}" it takes ${namespace.length} characters once escaped, and a Strata namespace holds at most 128. Use shorter labels, fewer levels or a shorter root.`,
      { field: "namespace" },
    );
  return namespace;
}

/** The tuple a Strata namespace under `root` stands for; null for the root itself or a name no tuple maps to. */
export function fromNamespace(root: string, namespace: string): string[] | null {
  if (!namespace.startsWith(`${root}/`)) return null;
  const labels = namespace
    .slice(root.length + 1)
    .split("/")
    .map(decodeLabel);
  return labels.every((l): l is string => l !== null) ? labels : null;
}
