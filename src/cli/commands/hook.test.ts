import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { StrataError } from "../../core/errors.js";
import {
  cutBetweenCharacters,
  goalOf,
  type HookArgs,
  noStoreNotice,
  runHookSessionEnd,
  runHookSessionStart,
} from "./hook.js";

const dir = mkdtempSync(join(tmpdir(), "strata-hook-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const payload = (text: string) => Readable.from([text]);
const noStore = join(dir, "none.db");

describe("hooks: the configuration is refused, runtime failures are swallowed", () => {
  it.each<[string, Partial<HookArgs>, string]>([
    ["a budget of 0", { budget: 0 }, "tokenBudget"],
    ["a budget under the engine's minimum", { budget: 5 }, "tokenBudget"],
    ["a budget over its maximum", { budget: 200_001 }, "tokenBudget"],
    ["a malformed namespace", { namespace: "bad name!" }, ""],
    ["an empty namespace", { namespace: "" }, ""],
  ])("session-start refuses %s before reading the payload or the store", async (_name, flags, path) => {
    const run = runHookSessionStart({ dbPath: noStore, stdin: payload("{not json"), ...flags });
    const error = await run.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StrataError);
    expect((error as StrataError).code).toBe("INVALID_INPUT");
    expect((error as StrataError).details.issues).toMatchObject([{ path: path ? [path] : [] }]);
  });

  it("session-end refuses a malformed namespace too", async () => {
    await expect(
      runHookSessionEnd({ dbPath: noStore, stdin: payload("{}"), namespace: "bad name!" }),
    ).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
  });

  it.each<[string, Partial<HookArgs>]>([
    ["the smallest budget", { budget: 32 }],
    ["the largest budget", { budget: 200_000 }],
    ["a well-formed namespace", { namespace: "billing-bot" }],
  ])("accepts %s: no store yet is nothing to inject, and the hook says so", async (_name, flags) => {
    expect(await runHookSessionStart({ dbPath: noStore, stdin: payload("{}"), ...flags })).toMatchObject({
      ok: true,
      block: "",
      notice: noStoreNotice(noStore, "session-start"),
    });
    expect(existsSync(noStore)).toBe(false);
  });

  it("session-end with no store says so too, and creates none", async () => {
    const r = await runHookSessionEnd({ dbPath: noStore, stdin: payload("{}") });
    expect(r).toMatchObject({ ok: true, notes: [], notice: noStoreNotice(noStore, "session-end") });
    expect(r.notice).toContain(`strata --db ${noStore} init`);
    expect(existsSync(noStore)).toBe(false);
  });

  it("a bad payload is a runtime failure: reported, never thrown", async () => {
    const r = await runHookSessionStart({ dbPath: noStore, stdin: payload("{not json"), budget: 600 });
    expect(r.ok).toBe(false);
    expect(r.problem).toBe(
      'the payload on stdin is not JSON (it begins "{not json"): the agent sends one object such as {"session_id":"s1","cwd":"/work/api","hook_event_name":"SessionStart"}; by hand, pipe one in or give none',
    );
  });
});

describe("the goal is cut between characters (attacks45)", () => {
  it.each<[string, string, number, string]>([
    ["short text is kept whole", "ab🎉", 10, "ab🎉"],
    ["a cut after a whole pair keeps it", "ab🎉c", 4, "ab🎉"],
    ["a cut inside a pair drops its first half", "ab🎉c", 3, "ab"],
    ["a cut after a low half alone keeps the letters", "abcd", 3, "abc"],
  ])("%s", (_name, text, max, cut) => {
    expect(cutBetweenCharacters(text, max)).toBe(cut);
  });

  it("a 2,000-unit goal ending in half an emoji loses the half, not the letters before it", () => {
    const goal = goalOf({ prompt: `${"x".repeat(1999)}🎉` });
    expect(goal).toBe("x".repeat(1999));
    expect(goalOf({ prompt: `${"x".repeat(1998)}🎉` })).toBe(`${"x".repeat(1998)}🎉`);
  });
});
