import type { z } from "zod";
import { StrataError } from "./errors.js";

/** Parses input at the boundary; a failure is an INVALID_INPUT error naming each bad field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => {
    const path = i.path.filter((p) => p !== "options").join(".");
    const message =
      i.code === "unrecognized_keys"
        ? `unknown option${i.keys.length > 1 ? "s" : ""} ${i.keys.map((k) => `"${k}"`).join(", ")}`
        : i.code === "invalid_type" && i.path.length === 1 && i.path[0] === "options"
          ? 'options must be an object of named options, such as { namespace: "default" }'
          : i.message;
    return path ? `${path}: ${message}` : message;
  });
  throw new StrataError("INVALID_INPUT", `Invalid ${what}: ${issues.join("; ")}.`, {
    issues: result.error.issues.map((i) => ({ path: i.path.map(String), message: i.message })),
  });
}
