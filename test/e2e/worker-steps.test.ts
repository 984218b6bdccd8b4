/**
 * A worker pass over a large backlog does not lock other processes out of a SQLite store: a
 * second process (its own handle, a 200 ms busy timeout) asked to write between two steps of the
 * pass succeeds every time, and its entries land in the audit chain between the pass's own. The
 * same process asked to write from inside a step (while the embedder runs in the step's
 * transaction) is refused after its busy timeout: the write lock is real, and steps release it.
 * Then the next tick finds the writes made during the pass and distils them. Order, not timing.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { afterEach, describe, expect, it } from "vitest";
import type { Embedder } from "../../src/core/ports.js";
import { workerReports } from "../../src/core/worker/records.js";
import { createWorker } from "../../src/core/worker/worker.js";
import { createHashedEmbedder } from "../../src/embed/hashed-embedder.js";
import { openMemory } from "../../src/open-memory.js";
import { tempDbPath, testClock } from "../support/memory.js";

const ROOT = resolve(import.meta.dirname, "../..");
const WRITER = join(ROOT, "test/fixtures/step-writer.ts");
const EPISODES = 60;

type Reply = { n: number; ok: boolean; id?: string; error?: string };

/** The writer process, and `write(n)`: one episode, resolved with the writer's answer. */
async function startWriter(db: string) {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ["--import", "tsx", WRITER, db], {
    cwd: ROOT,
  });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    const line = await lines.next();
    if (line.done) throw new Error(`the writer process ended: ${stderr}`);
    return JSON.parse(line.value) as Reply & { ready?: boolean };
  };
  expect(await next()).toEqual({ ready: true });
  return {
    child,
    write: async (n: number): Promise<Reply> => {
      child.stdin.write(`write ${n}\n`);
      return next();
    },
  };
}

let writer: Awaited<ReturnType<typeof startWriter>> | null = null;
afterEach(() => {
  writer?.child.kill();
  writer = null;
});

describe("worker passes in steps (two processes, one SQLite file)", () => {
  it("another process writes between steps; inside a step it is refused; the next tick distils its writes", async () => {
    const db = tempDbPath();
    const clock = testClock();
    const hashed = createHashedEmbedder();
    // While armed, the next embedding (inside a distillation step's transaction) waits for a write.
    let insideStep: ((n: number) => Promise<void>) | null = null;
    const embedder: Embedder = {
      id: hashed.id,
      dimension: hashed.dimension,
      embed: async (texts) => {
        const during = insideStep;
        insideStep = null;
        await during?.(100);
        return hashed.embed(texts);
      },
    };
    const mem = await openMemory({ path: db, clock, embedder, sleepStep: { items: 5, ms: 60_000 } });
    try {
      const items = Array.from(
        { length: EPISODES },
        (_, i) => `Service s${i} deploys from branch release-${i % 7} on host h${i % 5} with ${i} replicas`,
      );
      await mem.recordMany(items);
      writer = await startWriter(db);
      const w = writer;

      const between: Reply[] = [];
      let inside: Reply | null = null;
      let talking = true;
      const worker = createWorker(
        mem,
        { idle: 0, daily: null, maxRetireShare: 1 },
        {
          betweenSteps: async (_ns, step) => {
            if (!talking) return;
            between.push(await w.write(step));
            // Once, in the middle of the pass: a write from inside the next step.
            if (step === 4)
              insideStep = async (n) => {
                inside = await w.write(n);
              };
          },
        },
      );
      const tick = await worker.tick();
      talking = false;
      expect(tick.outcomes[0]).toMatchObject({ status: "applied" });
      const report = tick.outcomes[0]!.report!;
      expect(report.committed!.steps).toBeGreaterThan(EPISODES / 5);

      // Between steps: every write went through at once.
      expect(between.length).toBe(report.committed!.steps);
      expect(between.filter((r) => !r.ok)).toEqual([]);
      // Inside a step: the write lock was held, and the other process gave up after its busy timeout.
      expect(inside).toMatchObject({
        ok: false,
        error: expect.stringMatching(/held its write lock.*Nothing was changed/),
      });

      // The other process's entries sit between the pass's own in the chain.
      const chain = await mem.audit({ limit: 10_000 });
      const passSeqs = chain.filter((e) => e.actor === "worker").map((e) => e.seq);
      const [first, last] = [Math.min(...passSeqs), Math.max(...passSeqs)];
      const interleaved = chain.filter((e) => e.actor === "other-process" && e.seq > first && e.seq < last);
      expect(interleaved.length).toBeGreaterThan(5);
      expect((await mem.verifyAudit()).ok).toBe(true);

      // The pass read its backlog before those writes: they wait, and the next tick sees them.
      const written = new Set(between.map((r) => r.id));
      const waiting = (await mem.pending({ limit: 1000 })).map((e) => e.id);
      expect(waiting.length).toBeGreaterThan(5);
      expect(waiting.filter((id) => !written.has(id))).toEqual([]);
      const next = await worker.tick();
      // Idle (and, as the writer's notes repeat, redundant writes: the count depends on the steps).
      expect(next.outcomes[0]).toMatchObject({
        status: "applied",
        report: { reasons: expect.arrayContaining([expect.objectContaining({ code: "idle" })]) },
      });
      expect(await mem.pending({ limit: 1000 })).toEqual([]);
      expect((await workerReports(mem)).map((r) => r.status)).toEqual(["applied", "applied"]);
    } finally {
      await mem.close();
    }
  }, 180_000);
});
