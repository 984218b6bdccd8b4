import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseInput } from "./validate.js";

const schema = z.strictObject({
  statement: z.string().min(1),
  options: z.strictObject({ k: z.number().int().min(1).optional() }).optional(),
});

const refusal = (value: unknown) => {
  try {
    parseInput(schema, value, "remember");
  } catch (error) {
    return error as Error & { code: string; details: { issues: { path: string[]; message: string }[] } };
  }
  throw new Error("accepted");
};

describe("parseInput's message", () => {
  it("says a required field left out is missing, and what it takes", () => {
    const e = refusal({ text: "The retry limit is 5" });
    expect(e.code).toBe("INVALID_INPUT");
    expect(e.message).toBe(
      'Invalid remember: statement: missing (a string is required); unknown option "text".',
    );
    // details keep zod's own message, which the CLI's flag mapping reads.
    expect(e.details.issues[0]!.message).toMatch(/expected string/);
  });

  it("keeps the type message for a value of the wrong type, null included", () => {
    expect(refusal({ statement: 5 }).message).toMatch(
      /statement: Invalid input: expected string, received number/,
    );
    expect(refusal({ statement: null }).message).toMatch(/statement: Invalid input: expected string/);
    expect(refusal({ statement: null }).message).not.toMatch(/missing/);
    expect(refusal({ statement: "x", options: { k: "3" } }).message).toMatch(
      /k: Invalid input: expected number/,
    );
  });
});
