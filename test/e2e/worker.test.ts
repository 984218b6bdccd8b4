/**
 * The shipped `strata worker` as a service manager runs it: SIGTERM in the middle of a
 * consolidation (between its steps) ends the process with exit code 0; the steps that committed
 * stay and the one under way rolls back, so the store is consistent (every belief's sources are
 * distilled episodes, the audit chain intact); the namespace's sleep lock is free, and an
 * `abandoned` report says what was committed. `--once` then finishes the backlog. Plain
 * progress lines on a stderr that is not a terminal.
 */
import { spawn, spawnSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { workerReports } from "../../src/core/worker/records.js";
import { openMemory } from "../../src/open-memory.js";
import { bin, ensureBuilt } from "../support/built-cli.js";
import { tempDbPath } from "../support/memory.js";

const EPISODES = 300;

beforeAll(() => ensureBuilt(), 300_000);

describe("strata worker (built CLI)", () => {
  it("SIGTERM mid-consolidation: exit 0, committed steps kept and consistent, the lock released; --once finishes", async () => {
    const db = tempDbPath();
    const seed = await openMemory({ path: db });
    const items = Array.from(
      { length: EPISODES },
      (_, i) => `Service s${i} deploys from branch release-${i % 97} on host h${i % 13} with ${i} replicas`,
    );
    for (let i = 0; i < items.length; i += 100) await seed.recordMany(items.slice(i, i + 100));
    await seed.close();

    const child = spawn(
      process.execPath,
      [bin, "--db", db, "worker", "--idle", "0s", "--no-daily", "--interval", "1h"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let stdout = "";
    let stderr = "";
    // Once: a second SIGTERM is the service manager insisting, and ends the process at once.
    let signalled = false;
    child.stdout.on("data", (c: Buffer) => {
      stdout += c.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      child.stderr.on("data", (c: Buffer) => {
        stderr += c.toString();
        // The first progress line: a distillation step has committed, the pass goes on.
        if (child.signalCode === null && !signalled && /consolidate default: distil \d+\/\d+/.test(stderr)) {
          signalled = true;
          child.kill("SIGTERM");
          resolve();
        }
      });
      void exited.then(() => reject(new Error(`worker exited before consolidating: ${stderr}`)));
    });
    expect(await exited).toBe(0);
    expect(stderr).toMatch(/worker: tending namespace\(s\) default every 3600s/);
    expect(stderr).toMatch(/SIGTERM: stopping once the current namespace finishes or rolls back/);
    expect(stderr).toMatch(/default: abandoned/);
    expect(stdout).toMatch(/worker stopped by SIGTERM after 1 tick\(s\); no lock held/);

    const mem = await openMemory({ path: db });
    try {
      expect(await mem.store.withLock("sleep:default", { waitMs: 0 }, async () => "free")).toBe("free");
      const pending = new Set((await mem.pending({ limit: 1000 })).map((e) => e.id));
      const beliefs = (await mem.list({ limit: 1000 })) as { sources: string[] }[];
      // At least the step before the progress line committed; the backlog is not done.
      expect(pending.size).toBeLessThan(EPISODES);
      expect(pending.size).toBeGreaterThan(0);
      expect(beliefs.length).toBeGreaterThan(0);
      expect(beliefs.flatMap((b) => b.sources).filter((id) => pending.has(id))).toEqual([]);
      expect((await mem.verifyAudit()).ok).toBe(true);
      const [abandoned] = await workerReports(mem);
      expect(abandoned).toMatchObject({
        status: "abandoned",
        error: { message: expect.stringMatching(/shutdown/) },
      });
      expect(abandoned!.committed!.steps).toBeGreaterThan(1);
    } finally {
      await mem.close();
    }

    // The next run carries on from the committed steps.
    const once = spawnSync(
      process.execPath,
      [bin, "--db", db, "worker", "--once", "--idle", "0s", "--no-daily"],
      {
        encoding: "utf8",
      },
    );
    expect(once.status).toBe(0);
    const after = await openMemory({ path: db });
    try {
      expect(await after.pending({ limit: 1000 })).toEqual([]);
      expect((await after.verifyAudit()).ok).toBe(true);
      expect((await workerReports(after)).map((r) => r.status)).toEqual(["applied", "abandoned"]);
    } finally {
      await after.close();
    }
  }, 300_000);

  it("--once --json: stdout is the one JSON answer and stderr stays quiet; a mistyped namespace is `empty` (exit 0)", async () => {
    const db = tempDbPath();
    const seed = await openMemory({ path: db });
    await seed.remember("Deploys go through the staging cluster first", { namespace: "agent-7" });
    await seed.close();
    const run = (...args: string[]) =>
      spawnSync(
        process.execPath,
        [bin, "--db", db, "worker", "--once", "--namespaces", "agent-7,agnet-7", ...args],
        {
          encoding: "utf8",
        },
      );
    const json = run("--json");
    expect(json.status).toBe(0);
    expect(json.stderr).toBe("");
    const answer = JSON.parse(json.stdout);
    expect(answer.tick.outcomes.map((o: { status: string }) => o.status)).toEqual(["applied", "empty"]);
    // Without --json: the table (each outcome once: not again on stderr, newcomer26) and the hint on stdout.
    const text = run();
    expect(text.status).toBe(0);
    expect(text.stderr).not.toMatch(/agnet-7: empty/);
    expect(text.stdout).toMatch(/agnet-7 +empty +nothing was ever written in this namespace/);
    expect(text.stdout).toMatch(/hint: nothing was ever written in agnet-7: check the spelling/);
    // --quiet: nothing at all.
    const quiet = run("--quiet");
    expect([quiet.status, quiet.stdout, quiet.stderr]).toEqual([0, "", ""]);
  }, 120_000);
});
