/**
 * `strata context` when the block is empty: before newcomer40 it printed a blank line and
 * "0/600 tokens, 0 items", so a newcomer could not tell an empty store from a goal nothing bears
 * on, a budget too small, or a namespace mistyped (recall and list said the last on stderr; context
 * did not). Now the empty block says which it is and what to do, on a real SQLite file.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureOutput } from "../../test/support/captured-output.js";
import { runMain } from "./main.js";

let db: string;
let said: string[];

beforeEach(() => {
  db = join(mkdtempSync(join(tmpdir(), "strata-empty-context-")), "m.db");
  said = captureOutput();
});
afterEach(() => vi.restoreAllMocks());

const run = async (...argv: string[]) => {
  said.length = 0;
  expect(await runMain(["--db", db, ...argv])).toBe(0);
  return said.join("");
};

describe("an empty context block says why and what to do", () => {
  it.each([
    // [what, writes first, argv, what it says (a note on stderr comes first)]
    [
      "an empty store, no goal",
      [["init"]],
      ["context"],
      // Once: before newcomer42 a stderr note said it first ("the store holds nothing yet: …").
      /^Nothing in context: the namespace holds no belief or event yet; strata remember/,
    ],
    [
      "an empty store, a goal",
      [["init"]],
      ["context", "deploy"],
      // The engine's whyEmpty (newcomer41): a goal on an empty store is not "nothing bears on it".
      /^Nothing in context: the namespace holds no belief or event yet/,
    ],
    [
      "a goal nothing bears on",
      [["remember", "The retry limit is 5"]],
      ["context", "paint the fence"],
      /^Nothing in context for this goal: .*strata context with no goal shows/m,
    ],
    [
      "a time before anything was stored",
      [["remember", "The retry limit is 5", "--at", "2026-03-01"]],
      ["context", "--at", "2026-01-01"],
      /^Nothing in context: the namespace held no belief or event at 2026-01-01; a later --at/m,
    ],
    [
      // Before newcomer43 a stderr note said -n may be wrong, and the block below it advised
      // strata remember: a newcomer reads the first. Now the block says the one thing, once.
      "a namespace never written",
      [["remember", "The retry limit is 5"]],
      ["-n", "defualt", "context"],
      /^Nothing in context: namespace "defualt" holds nothing, but the store's other namespaces do: -n\/--namespace names the namespace to read \(strata namespaces lists them\)\.\n/,
    ],
    [
      "a namespace never written, at a past time",
      [["remember", "The retry limit is 5"]],
      ["-n", "defualt", "context", "--at", "2026-01-01"],
      /^Nothing in context: namespace "defualt" holds nothing, but the store's other namespaces do/,
    ],
    [
      "a count typed as -n (context has no -k)",
      [["remember", "The retry limit is 5"]],
      ["-n", "5", "context", "retry"],
      /^Nothing in context: namespace "5" holds nothing, but the store's other namespaces do/,
    ],
  ] as const)("%s", async (what, setup, argv, says) => {
    for (const write of setup) await run(...write, "--quiet");
    const out = await run(...argv);
    expect(out).toMatch(says);
    expect(out).toMatch(/0\/600 tokens, 0 items/);
    expect(out.match(/strata remember/g)?.length ?? 0).toBeLessThanOrEqual(1); // advice given once
    expect(out).not.toContain("the store holds nothing yet");
    if (what.startsWith("a namespace never written") || what.startsWith("a count")) {
      expect(out).not.toContain("strata remember"); // the store is not empty: no advice to fill it
      expect(out.match(/-n\/--namespace/g)).toHaveLength(1);
      expect(out).not.toContain("-k ");
    }
  });

  it("a budget nothing chosen fits says to raise --budget", async () => {
    await run("remember", "The retry limit is 5", "--quiet");
    const out = await run("context", "retry", "--budget", "32");
    expect(out).toMatch(
      /^Nothing in context: what was chosen did not fit the 32-token budget \(skipped, below\); raise --budget\.\n0\/32 tokens, 0 items, skipped b1 \(\d+ tokens\)/m,
    );
    expect(out).not.toContain("holds nothing");
  });

  it("recall and list on a store just made say how to fill it, not that -n may be wrong", async () => {
    await run("init", "--quiet");
    for (const argv of [["recall", "retry"], ["list"]]) {
      const out = await run(...argv);
      expect(out).toContain('the store holds nothing yet: strata remember "…" stores a fact');
      expect(out).not.toContain("-n/--namespace");
    }
  });

  it("a block that holds anything is printed as it was, with no note", async () => {
    await run("remember", "The retry limit is 5", "--quiet");
    const out = await run("context");
    expect(out).toContain("[b1] The retry limit is 5");
    expect(out).not.toMatch(/Nothing in context|holds nothing/);
  });

  it("--json is the engine's answer: text empty, the reason in whyEmpty, no note on stdout", async () => {
    await run("init", "--quiet");
    const out = await run("context", "--json");
    expect(JSON.parse(out)).toMatchObject({ text: "", tokens: 0, items: [], whyEmpty: "empty-namespace" });
  });
});
