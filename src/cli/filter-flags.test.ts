/**
 * The CLI's metadata filter, namespace prefix and keyed beliefs, parsed from argv by the real
 * program and run against a real SQLite store: `--where field=value` (repeated, typed),
 * `--namespace-prefix NS` within `--namespace`, and `remember --key/--meta`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runProgram } from "../../test/support/program-run.js";
import type { Memory, MemoryItem } from "../core/engine.js";
import type { GateResult, RecallHit } from "../core/model.js";
import { openMemory } from "../open-memory.js";
import { toWhere } from "./args.js";
import { UsageError } from "./usage-error.js";

let dir: string;
let mem: Memory;
const clock = { now: () => new Date("2026-03-02T09:00:00Z") };

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "strata-cli-filters-"));
  mem = await openMemory({ path: join(dir, "memory.db"), clock, actor: "cli", namespace: "app" });
});
afterEach(async () => {
  await mem.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Parses argv with the real program and runs the invocation on `mem` (as the CLI would). */
const cli = <T>(argv: string[]) => runProgram<T>(mem, argv);

const ids = (items: { id: string }[]) => items.map((i) => i.id).sort();

describe("--where", () => {
  it("converts numbers and true/false, keeps text, and quotes force text", () => {
    expect(toWhere("ticket=OPS-12", undefined)).toEqual({ ticket: "OPS-12" });
    expect(toWhere("level=3", { a: 1 })).toEqual({ a: 1, level: 3 });
    expect(toWhere("reviewed=false", undefined)).toEqual({ reviewed: false });
    expect(toWhere('build="42"', undefined)).toEqual({ build: "42" });
    expect(toWhere("profile.theme=dark=ish", undefined)).toEqual({ "profile.theme": "dark=ish" });
    expect(() => toWhere("nofield", undefined)).toThrow(UsageError);
    expect(() => toWhere("=x", undefined)).toThrow(UsageError);
    expect(() => toWhere("a=2", { a: 1 })).toThrow(/twice/);
  });

  it("recall and list keep only items whose metadata matches every --where, with its type", async () => {
    const ui = await mem.remember("The theme of the editor is dark", { metadata: { team: "ui", level: 3 } });
    const ops = await mem.remember("The theme of the runbook is plain", {
      metadata: { team: "ops", level: "3" },
    });
    const listed = await cli<MemoryItem[]>(["list", "--where", "team=ui", "--where", "level=3"]);
    expect(ids(listed)).toEqual([ui.id]);
    expect(ids(await cli<MemoryItem[]>(["list", "--where", 'level="3"']))).toEqual([ops.id]);
    const hits = await cli<RecallHit[]>(["recall", "theme", "-k", "5", "--where", "team=ops"]);
    expect(ids(hits)).toEqual([ops.id]);
  });
});

describe("--namespace-prefix", () => {
  it("reads the namespace and those under it, and refuses one outside --namespace", async () => {
    const a = await mem.remember("The theme for user 42 is dark", { namespace: "app/users/42" });
    const b = await mem.remember("The theme for user 43 is light", { namespace: "app/users/43" });
    await mem.remember("The theme of the other app is blue", { namespace: "other/users/42" });
    const hits = await cli<RecallHit[]>(["recall", "theme", "-k", "10", "--namespace-prefix", "app/users"]);
    expect(ids(hits)).toEqual([a.id, b.id].sort());
    expect(ids(await cli<MemoryItem[]>(["list", "--namespace-prefix", "app"]))).toEqual([a.id, b.id].sort());
    await expect(cli(["recall", "theme", "--namespace-prefix", "other"])).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
  });
});

describe("remember --key and --meta", () => {
  it("a changed statement under the key supersedes; --where key=… finds the current one", async () => {
    const first = await cli<GateResult>([
      "remember",
      "The user prefers the dark theme",
      "--key",
      "user.theme",
    ]);
    const second = await cli<GateResult>([
      "remember",
      "The user prefers the light theme",
      "--key",
      "user.theme",
      "--meta",
      '{"source":"settings"}',
    ]);
    expect(second.superseded).toEqual([first.id]);
    const found = await cli<MemoryItem[]>(["list", "--where", "key=user.theme"]);
    expect(ids(found)).toEqual([second.id]);
    expect((found[0] as MemoryItem & { metadata: Record<string, unknown> }).metadata).toMatchObject({
      key: "user.theme",
      source: "settings",
    });
  });

  it("--key and --meta go on each line with --jsonl", async () => {
    await expect(cli(["remember", "--jsonl", "-", "--key", "k"])).rejects.toThrow(/--key/);
  });
});
