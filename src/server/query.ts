/**
 * A GET operation's input from the query string, guided by the operation's zod input shape:
 * numbers and booleans are converted, arrays come as repeated (`kinds=fact&kinds=rule`) or
 * comma-separated (`kinds=fact,rule`) parameters, and an object (a metadata filter) as JSON text
 * (`metadata={"ticket":"OPS-12"}`, URL-encoded), which keeps its values' types. A number or
 * boolean that does not convert stays a string, which `queryValuesRefused` refuses naming the
 * parameter (REST calls it before the operation); any other value, and an unknown parameter, is
 * passed through for the operation's schema to refuse by name.
 *
 *   queryInput(recall.input, new URLSearchParams("query=retry&k=3")) // { query: "retry", k: 3 }
 *   queryInput(list.input, new URLSearchParams('metadata={"n":5}'))    // { metadata: { n: 5 } }
 */
import type { z } from "zod";
import { StrataError } from "../core/errors.js";
import { decimalNumber } from "../core/time-input.js";
import type { InputIssue } from "../core/validate.js";

/**
 * The name of the first parameter of `encoded` (a query string or a urlencoded form, without its
 * `?`) whose percent-escapes name bytes that are no UTF-8 text, or null. The platform's decoders
 * (URLSearchParams, the form parser) read such a byte as U+FFFD, so `query=caf%E9` (Latin-1's é)
 * or `query=%ED%A0%80` (half a surrogate pair) became a text the caller never sent, in silence.
 * One check for REST's query strings and the dashboard's forms (attacks46).
 *
 *   nonUtf8Parameter("query=caf%C3%A9&k=3"); // null
 *   nonUtf8Parameter("k=3&query=caf%E9");    // "query"
 */
export function nonUtf8Parameter(encoded: string): string | null {
  for (const pair of encoded.split("&")) {
    // `%` before anything but two hex digits is kept as written, as the decoders keep it.
    const escaped = pair.replace(/\+/g, " ").replace(/%(?![0-9A-Fa-f]{2})/g, "%25");
    try {
      decodeURIComponent(escaped);
    } catch {
      return pair.split("=")[0]!.slice(0, 40);
    }
  }
  return null;
}

/**
 * INVALID_INPUT for a query string `nonUtf8Parameter` finds a parameter in, naming it; `where` is
 * what the caller called ("GET /v1/namespaces/{namespace}/recall").
 */
export function refuseNonUtf8Query(url: string, where: string): void {
  const search = new URL(url).search.slice(1);
  const name = search ? nonUtf8Parameter(search) : null;
  if (name !== null)
    throw new StrataError(
      "INVALID_INPUT",
      `${where}: the query parameter "${name}" is not UTF-8: a percent-escape (such as %E9, or %ED%A0%80 for half a surrogate pair) names a byte that starts no UTF-8 character. Encode the text as UTF-8 (encodeURIComponent does). Nothing was changed.`,
      { field: name },
    );
}

type Scalar = "number" | "boolean" | "string" | "json";
type Kind = Scalar | { array: Scalar };

interface ZodInternals {
  _zod: {
    def: {
      type: string;
      innerType?: unknown;
      in?: unknown;
      out?: unknown;
      element?: unknown;
      options?: unknown[];
    };
  };
}

/** What a field is on the wire, looking through optional, default, nullable and pipes. */
export function fieldKind(schema: unknown): Kind {
  const def = (schema as ZodInternals)._zod.def;
  switch (def.type) {
    case "optional":
    case "default":
    case "prefault":
    case "nullable":
    case "readonly":
    case "catch":
      return fieldKind(def.innerType);
    case "pipe":
      // A preprocess is a pipe from a transform: the wire form is what it feeds (the metadata filter).
      return (def.in as ZodInternals)._zod.def.type === "transform" ? fieldKind(def.out) : fieldKind(def.in);
    case "number":
    case "int":
    case "bigint":
      return "number";
    case "boolean":
      return "boolean";
    case "object":
    case "record":
      return "json";
    case "array": {
      const inner = fieldKind(def.element);
      return { array: typeof inner === "string" ? inner : "string" };
    }
    case "union": {
      const kinds = (def.options ?? []).map(fieldKind);
      return kinds.find((k) => typeof k !== "string") ?? kinds.find((k) => k !== "string") ?? "string";
    }
    default:
      return "string";
  }
}

function convert(value: string, kind: Scalar): unknown {
  // Decimal notation only, as the CLI reads a number flag (core/time-input.ts `decimalNumber`).
  if (kind === "number") {
    const n = decimalNumber(value);
    return Number.isNaN(n) ? value : n;
  }
  if (kind === "boolean") return value === "true" ? true : value === "false" ? false : value;
  if (kind === "json")
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  return value;
}

/** The input object a GET operation's query string stands for. */
export function queryInput(input: z.ZodObject, params: URLSearchParams): Record<string, unknown> {
  const shape = input.shape as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    // The shape's own fields only: `constructor` or `toString` is in every object (as a field it
    // answered 500 INTERNAL before attacks25).
    const kind: Kind = Object.hasOwn(shape, name) ? fieldKind(shape[name]) : "string";
    const value =
      typeof kind === "string"
        ? values.length === 1
          ? convert(values[0]!, kind)
          : values
        : values
            .flatMap((v) => v.split(","))
            .map((v) => v.trim())
            .filter((v) => v !== "")
            .map((v) => convert(v, kind.array));
    // Defined, not assigned: `out.__proto__ = …` would set the prototype (or be dropped), where
    // an own key is an unknown option the schema refuses by name.
    Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** What a query value of each kind must be written as, in words. */
const WRITTEN_AS: Record<"number" | "boolean", string> = {
  number: "a number",
  boolean: "true or false",
};

/**
 * The refusal of query values `queryInput` left as text where the field takes a number or a
 * boolean (`k=ten`, `dryRun=yes`), naming each parameter, what it takes and what was given; null
 * when every such value was read. The schema's own words, "expected number, received string",
 * are true of every query value, so a caller who sent `k=ten` read that a number was sent as text.
 *
 *   queryValuesRefused("GET /v1/namespaces/{namespace}/recall", recall.input, { query: "x", k: "ten" })
 *   // INVALID_INPUT 'Invalid GET /v1/namespaces/{namespace}/recall: k must be a number, got "ten".'
 */
export function queryValuesRefused(
  route: string,
  input: z.ZodObject,
  values: Record<string, unknown>,
): StrataError | null {
  const shape = input.shape as Record<string, unknown>;
  const issues: InputIssue[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (!Object.hasOwn(shape, name)) continue;
    const kind = fieldKind(shape[name]);
    const scalar = typeof kind === "string" ? kind : kind.array;
    if (scalar !== "number" && scalar !== "boolean") continue;
    // A scalar given twice (`k=3&k=4`) is the schema's to refuse: it received a list.
    if (typeof kind === "string" && Array.isArray(value)) continue;
    const unread = (Array.isArray(value) ? value : [value]).find((v) => typeof v === "string");
    if (typeof unread !== "string") continue;
    const allowed = typeof kind === "string" ? WRITTEN_AS[scalar] : `${WRITTEN_AS[scalar]}, each`;
    const got = unread.length > 80 ? `${unread.length} characters` : JSON.stringify(unread);
    issues.push({
      path: [name],
      message: `must be ${allowed}, got ${got}`,
      ...(unread.length <= 80 ? { received: unread } : {}),
      allowed,
    });
  }
  if (issues.length === 0) return null;
  return new StrataError(
    "INVALID_INPUT",
    `Invalid ${route}: ${issues.map((i) => `${i.path[0]} ${i.message}`).join("; ")}.`,
    { issues },
  );
}
