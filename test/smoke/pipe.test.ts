/** A reader that stops early (`strata export | head -c 10`) ends the CLI quietly, not with an EPIPE crash. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bin, ensureBuilt } from "../support/built-cli.js";

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "strata-pipe-"));
}, 90_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("piping into a reader that stops early (built)", () => {
  it("export | head -c 10 prints no EPIPE error", () => {
    const db = join(dir, "memory.db");
    const lines = Array.from({ length: 400 }, (_, i) =>
      JSON.stringify(`Service ${i} listens on port ${8000 + i}`),
    );
    writeFileSync(join(dir, "facts.jsonl"), `${lines.join("\n")}\n`);
    expect(
      spawnSync(process.execPath, [bin, "--db", db, "remember", "--jsonl", join(dir, "facts.jsonl")]).status,
    ).toBe(0);
    const r = spawnSync(
      "/bin/sh",
      ["-c", `"${process.execPath}" "${bin}" --db "${db}" export --format jsonl | head -c 10`],
      {
        encoding: "utf8",
      },
    );
    expect(r.stdout.length).toBe(10);
    expect(r.stderr).not.toMatch(/EPIPE|Unhandled/);
  }, 120_000);
});
