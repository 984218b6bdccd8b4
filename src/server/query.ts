/**
 * A GET operation's input from the query string, guided by the operation's zod input shape:
 * numbers and booleans are converted, arrays come as repeated (`kinds=fact&kinds=rule`) or
 * comma-separated (`kinds=fact,rule`) parameters, and an object (a metadata filter) as JSON text
 * (`metadata={"ticket":"OPS-12"}`, URL-encoded), which keeps its values' types. A value that does not convert stays a string,
 * so the operation's schema refuses it with INVALID_INPUT naming the field; an unknown parameter
 * is passed through for the same reason.
 *
 *   queryInput(recall.input, new URLSearchParams("query=retry&k=3")) // { query: "retry", k: 3 }
 *   queryInput(list.input, new URLSearchParams('metadata={"n":5}'))    // { metadata: { n: 5 } }
 */
import type { z } from "zod";

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

// The integer part's digits and the fraction's are told apart by the point: `\d+\.?\d*` read a
// query value of 8,000 digits and a stray character in quadratic time (the two runs share every digit).
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

function convert(value: string, kind: Scalar): unknown {
  // Decimal notation only: Number() also reads "0x10", "0b1" and "" (16, 1 and 0).
  if (kind === "number") return DECIMAL.test(value.trim()) ? Number(value) : value;
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
