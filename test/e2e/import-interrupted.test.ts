/**
 * A known-clean import killed part way (`kill -9` while `strata remember --jsonl --gate off` is
 * writing) leaves a consistent store: every batch reported done is there whole, nothing of the
 * batch in flight is (each batch is one transaction), and every derived row agrees with the
 * beliefs: vectors, their components, FTS5, the change log, the audit chain and its head. The
 * store then takes the rest of the input.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bin, ensureBuilt } from "../support/built-cli.js";

const LINES = 20_000;
const BATCH = 512;

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "strata-e2e-kill-"));
}, 60_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const strata = (db: string, args: string[]) =>
  spawnSync(process.execPath, [bin, "--db", db, ...args], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });

/** Resolves with the number of items the import reports written once it is past `atLeast`. */
function killedAfter(child: ChildProcess, atLeast: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let err = "";
    child.stderr!.setEncoding("utf8");
    child.stderr!.on("data", (chunk: string) => {
      err += chunk;
      const done = [...err.matchAll(/remember (\d+)\/\d+/g)].map((m) => Number(m[1]));
      const last = done.length > 0 ? Math.max(...done) : 0;
      if (last >= atLeast && child.exitCode === null && !child.killed) {
        child.kill("SIGKILL");
        resolve(last);
      }
    });
    child.on("exit", (code, signal) => {
      if (signal !== "SIGKILL") reject(new Error(`the import ended by itself (${code}): ${err}`));
    });
  });
}

describe("an interrupted known-clean import", () => {
  it("kill -9 mid-import: whole batches only, every derived row consistent, and the rest imports after", async () => {
    const facts = Array.from(
      { length: LINES },
      (_, i) => `The owner of service ${i} in region ${i % 7} is team ${i % 23}`,
    );
    const file = join(dir, "facts.jsonl");
    writeFileSync(file, `${facts.map((f) => JSON.stringify(f)).join("\n")}\n`);
    const db = join(dir, "kill.db");
    const child = spawn(
      process.execPath,
      [bin, "--db", db, "remember", "--jsonl", file, "--gate", "off", "--batch-size", String(BATCH)],
      { cwd: dir, env: { ...process.env, NO_COLOR: "1" }, stdio: ["ignore", "ignore", "pipe"] },
    );
    const reported = await killedAfter(child, 2 * BATCH);
    await new Promise((r) => child.once("close", r));

    const raw = new Database(db, { readonly: true });
    const count = (sql: string) => (raw.prepare(sql).get() as { n: number }).n;
    const beliefs = count("SELECT count(*) AS n FROM beliefs");
    try {
      // Whole batches: at least those reported done, never part of one, never all of the input.
      expect(beliefs).toBeGreaterThanOrEqual(reported);
      expect(beliefs % BATCH).toBe(0);
      expect(beliefs).toBeLessThan(LINES);
      expect(raw.pragma("integrity_check", { simple: true })).toBe("ok");
      // Rowids 1…n, in input order: the first n lines, each once.
      expect(count("SELECT max(rowid) AS n FROM beliefs")).toBe(beliefs);
      const texts = raw.prepare("SELECT text FROM beliefs ORDER BY rowid").pluck().all();
      expect(texts).toEqual(facts.slice(0, beliefs));
      // Every derived row agrees.
      expect(count("SELECT count(*) AS n FROM vectors")).toBe(beliefs);
      expect(count("SELECT count(*) AS n FROM vectors v JOIN beliefs b ON v.id = 'b' || b.rowid")).toBe(
        beliefs,
      );
      expect(count("SELECT count(*) AS n FROM vector_components WHERE layer = 'b' AND active = 1")).toBe(
        beliefs,
      );
      expect(count("SELECT count(*) AS n FROM belief_fts WHERE belief_fts MATCH 'owner'")).toBe(beliefs);
      expect(count("SELECT count(*) AS n FROM text_changes WHERE layer = 'b'")).toBe(beliefs);
      expect(count("SELECT count(*) AS n FROM audit")).toBe(beliefs);
      expect(count("SELECT seq AS n FROM audit_heads WHERE namespace = 'default'")).toBe(beliefs);
    } finally {
      raw.close();
    }
    const ftsCheck = new Database(db);
    try {
      ftsCheck.exec("INSERT INTO belief_fts(belief_fts) VALUES ('integrity-check')");
    } finally {
      ftsCheck.close();
    }

    // The chain verifies, and the lines not written import after (no lock or journal left behind).
    const verified = strata(db, ["verify"]);
    expect(verified.status, verified.stderr).toBe(0);
    const rest = join(dir, "rest.jsonl");
    writeFileSync(
      rest,
      `${facts
        .slice(beliefs, beliefs + 600)
        .map((f) => JSON.stringify(f))
        .join("\n")}\n`,
    );
    const resumed = strata(db, ["remember", "--jsonl", rest, "--gate", "off", "--json"]);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect((JSON.parse(resumed.stdout) as { stored: number }).stored).toBe(600);
    expect(strata(db, ["verify"]).status).toBe(0);
  }, 60_000);
});
