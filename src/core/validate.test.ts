import { describe, expect, it } from "vitest";
import { z } from "zod";
import { TimeInputSchema } from "./model.js";
import { type InputIssue, InputIssueSchema, parseInput } from "./validate.js";

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

// Before newcomer45 REST and MCP said zod's words for a bound ("k: Too small: expected number to
// be >=1") where the CLI said "-k must be at least 1, got 0".
describe("a bound is said in words, with the value given", () => {
  const bounded = z.strictObject({
    k: z.number().int().min(1).max(100).optional(),
    note: z.string().max(5).optional(),
    tags: z.array(z.string()).min(1).optional(),
    own: z.number().min(1, "own must be 1 or more").optional(),
  });
  const said = (value: unknown) => {
    try {
      parseInput(bounded, value, "recall");
    } catch (error) {
      return error as Error & { details: { issues: { message: string; allowed?: string }[] } };
    }
    throw new Error("accepted");
  };
  it.each([
    [{ k: 0 }, "Invalid recall: k: must be at least 1, got 0."],
    [{ k: 101 }, "Invalid recall: k: must be at most 100, got 101."],
    [{ note: "abcdefg" }, 'Invalid recall: note: must be at most 5 characters, got "abcdefg".'],
    [{ note: "x".repeat(90) }, "Invalid recall: note: must be at most 5 characters, got 90 characters."],
    [{ tags: [] }, "Invalid recall: tags: must be at least 1 item, got 0 items."],
    // A bound with a message of its own keeps it.
    [{ own: 0 }, "Invalid recall: own: own must be 1 or more."],
  ])("%j", (value, message) => {
    expect(said(value).message).toBe(message);
  });
  it("details keep zod's own message, which the CLI's flag mapping reads", () => {
    expect(said({ k: 0 }).details.issues[0]).toMatchObject({
      message: expect.stringMatching(/^Too small/),
      allowed: "at least 1",
    });
  });
});

describe("a field of named values left out is missing, not an invalid option", () => {
  const named = z.strictObject({ what: z.enum(["stats", "health"]) });
  const told = z.discriminatedUnion("action", [
    z.strictObject({ action: z.literal("explain"), id: z.string() }),
    z.strictObject({ action: z.literal("get"), id: z.string() }),
  ]);
  const messageOf = (schema: z.ZodType, value: unknown) => {
    try {
      parseInput(schema, value, "inspect");
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error("accepted");
  };

  it.each([
    ["an enum left out", named, {}, "Invalid inspect: what: missing (one of stats, health is required)."],
    [
      "a union's telling field left out",
      told,
      { id: "b1" },
      "Invalid inspect: action: missing (one of explain, get is required).",
    ],
  ])("%s", (_, schema, value, message) => {
    expect(messageOf(schema, value)).toBe(message);
  });

  it.each([
    [
      "an enum given a value it lacks",
      named,
      { what: "nope" },
      /what: Invalid option: expected one of "stats"\|"health"/,
    ],
    [
      "a union's telling field given a value it lacks",
      told,
      { action: "nope", id: "b1" },
      /action: Invalid discriminator value/,
    ],
    ["an enum given null", named, { what: null }, /what: Invalid option/],
  ])("keeps zod's message for %s", (_, schema, value, message) => {
    expect(messageOf(schema, value)).toMatch(message);
    expect(messageOf(schema, value)).not.toMatch(/missing/);
  });
});

describe("a refused time carries the code NOT_A_DATE, read by code and never by text", () => {
  const timed = z.strictObject({ at: TimeInputSchema.optional(), note: z.string().optional() });
  const issuesOf = (value: unknown) => {
    try {
      parseInput(timed, value, "recall");
    } catch (error) {
      return (error as { details: { issues: InputIssue[] } }).details.issues;
    }
    throw new Error("accepted");
  };

  it.each([
    ["a word", { at: "tomorrow" }],
    ["a phrase", { at: "last tuesday" }],
    ["a day the calendar lacks", { at: "2026-02-30" }],
    ["a month 13", { at: "2026-13-01" }],
    ["epoch milliseconds past year 9999", { at: 1e15 }],
    ["a year before 1000", { at: "0999-01-01" }],
  ])("%s is NOT_A_DATE", (_, value) => {
    const [issue] = issuesOf(value);
    expect(issue).toMatchObject({ path: ["at"], code: "NOT_A_DATE" });
    expect(InputIssueSchema.safeParse(issue).success).toBe(true);
  });

  it.each([
    ["a boolean (a wrong type, not a date refused)", { at: true }],
    ["an object", { at: {} }],
    ["another field's refusal", { note: 5 }],
    ["an unknown field", { when: "2026-03-01" }],
  ])("%s has no code", (_, value) => {
    for (const issue of issuesOf(value)) expect(issue.code).toBeUndefined();
  });

  it("a refinement's params give only a code the engine knows", () => {
    const odd = z.string().superRefine((_, ctx) => {
      ctx.addIssue({ code: "custom", message: "no", params: { inputIssue: "SOMETHING_ELSE" } });
    });
    try {
      parseInput(odd, "x", "test");
    } catch (error) {
      expect((error as { details: { issues: InputIssue[] } }).details.issues[0]!.code).toBeUndefined();
      return;
    }
    throw new Error("accepted");
  });
});
