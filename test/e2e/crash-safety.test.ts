/**
 * Crash safety: a writer process killed with SIGKILL in the middle of a stream of writes
 * never breaks the audit chain. After the kill the file opens, the chain verifies, and every
 * committed episode and belief has its audit entry (a write and its entry are one transaction).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openMemory } from "../../src/open-memory.js";

const ROOT = resolve(import.meta.dirname, "../..");
const WRITER = join(ROOT, "test/fixtures/crash-writer.ts");
const dir = mkdtempSync(join(tmpdir(), "strata-crash-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts the writer, waits until it has committed a few writes, lets it run ~1 s more, kills it. */
function killMidStream(db: string): Promise<{ committed: string[]; signal: NodeJS.Signals | null }> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, ["--import", "tsx", WRITER, db], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const committed: string[] = [];
    let err = "";
    let timer: NodeJS.Timeout | null = null;
    child.stdout.on("data", (d: Buffer) => {
      for (const line of d.toString().split("\n"))
        if (line.startsWith("committed ")) committed.push(line.slice(10));
      // Six, as the test expects more than five: a loaded machine can starve the writer for the
      // whole second after the fifth, so the second is not counted on for a sixth.
      if (!timer && committed.length >= 6) timer = setTimeout(() => child.kill("SIGKILL"), 1000);
    });
    child.stderr.on("data", (d: Buffer) => {
      err += d.toString();
    });
    child.on("error", fail);
    child.on("close", (code, signal) => {
      if (signal !== "SIGKILL") fail(new Error(`writer ended by itself (code ${code}): ${err}`));
      else ok({ committed, signal });
    });
  });
}

describe("a writer killed mid-stream", () => {
  it("leaves a chain that verifies, with an audit entry for every committed write", async () => {
    const db = join(dir, "crash.db");
    const first = await killMidStream(db);
    // Twice: the second writer starts on the file the first one left, then is killed too.
    const second = await killMidStream(db);
    expect(first.committed.length).toBeGreaterThan(5);
    expect(second.committed.length).toBeGreaterThan(5);

    const mem = await openMemory({ path: db });
    try {
      const verification = await mem.verifyAudit();
      expect(verification.problems).toEqual([]);
      expect(verification.ok).toBe(true);
      const counts = await mem.store.dumpCounts();
      const subjects = new Set((await mem.audit({ limit: 10_000 })).map((e) => e.subjectId));
      expect(verification.entries).toBeGreaterThanOrEqual(counts.episodes + counts.beliefs);
      const episodes = await mem.list({ layer: "episode", status: "any", limit: 10_000 });
      const beliefs = await mem.list({ layer: "belief", status: "any", limit: 10_000 });
      expect(episodes.length).toBe(counts.episodes);
      for (const item of [...episodes, ...beliefs]) expect(subjects.has(item.id), item.id).toBe(true);
      // What the writers saw committed is there (a write killed before COMMIT is simply absent).
      const ids = new Set([...episodes, ...beliefs].map((i) => i.id));
      for (const id of [...first.committed, ...second.committed]) expect(ids.has(id), id).toBe(true);
    } finally {
      await mem.close();
    }
  }, 60_000);
});
