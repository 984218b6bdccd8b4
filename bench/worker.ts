/**
 * What the worker's guarded pass costs beside the engine's own `maintain` + `consolidate`: two
 * SQLite files seeded alike (same traffic, same clock), one consolidated by the engine, the other
 * by one worker tick (bounded steps, the retire-share guard checked on each, the event-loop
 * yields). Compare the ratio, not the milliseconds: the machine is shared. How long a writer in
 * another process waits is not measured here: one step, not the pass
 * (test/e2e/worker-steps.test.ts: a writer with a 200 ms busy timeout gets in between every step).
 *
 *   npx tsx bench/worker.ts                 # 500 episodes
 *   npx tsx bench/worker.ts --episodes 2000
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { createWorker } from "../src/core/worker/worker.js";
import { openMemory } from "../src/open-memory.js";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const episodes = arg("--episodes", 500);
const clock = { now: () => new Date("2027-01-01T12:00:00Z") };
const dir = mkdtempSync(join(tmpdir(), "strata-bench-worker-"));

async function seeded(name: string) {
  const path = join(dir, `${name}.db`);
  const mem = await openMemory({ path, clock });
  const items = Array.from(
    { length: episodes },
    (_, i) =>
      `Service s${i % (episodes / 2)} deploys from branch release-${i % 97} on host h${i % 13} with ${i % 40} replicas`,
  );
  for (let i = 0; i < items.length; i += 250) await mem.recordMany(items.slice(i, i + 250));
  return { mem, path };
}

try {
  const plain = await seeded("plain");
  const guarded = await seeded("guarded");

  let t = performance.now();
  await plain.mem.maintain();
  const report = await plain.mem.consolidate();
  const plainMs = performance.now() - t;

  t = performance.now();
  const tick = await createWorker(guarded.mem, { idle: 0, daily: null, maxRetireShare: 1 }).tick();
  const outcome = tick.outcomes[0]!;
  const guardedMs = performance.now() - t;

  const same = JSON.stringify(report.counts) === JSON.stringify(outcome.report?.consolidate);
  const rows = {
    episodes,
    plainMs: Math.round(plainMs),
    guardedMs: Math.round(guardedMs),
    ratio: Math.round((guardedMs / plainMs) * 100) / 100,
    sameCounts: same,
    counts: outcome.report?.consolidate,
  };
  console.log(JSON.stringify(rows, null, 2));
  await Promise.all([plain.mem.close(), guarded.mem.close()]);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
