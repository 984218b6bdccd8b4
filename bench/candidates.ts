/**
 * What `candidates()` costs as the store grows (`npx tsx bench/candidates.ts 1000 10000`): a store
 * of N unconsolidated beliefs from the synthetic traffic (built through the write kernel, no
 * gate, like bench/sleep.ts), then
 *
 *   first page       candidates({ limit: 20 })                 what an agent asks first
 *   deep page        candidates({ limit: 20, offset: 1000 })   paging past unanswered pairs
 *   whole walk       candidates({ limit: 500, offset: 99500 }) the worst case: every pair walked
 *   review page      candidates({ review: true })              after a consolidation
 *
 * and the number of same-subject pairs the whole walk examines (bounded by 16 per belief).
 */
import { performance } from "node:perf_hooks";
import { subjectPairs } from "../src/core/sleep/subject-pairs.js";
import { loadActive } from "../src/core/sleep/sweep.js";
import { openMemory } from "../src/open-memory.js";
import { createTraffic } from "./synthetic.js";

const MINUTE = 60_000;

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const out = await fn();
  return [out, Math.round(performance.now() - t)];
}

async function size(n: number) {
  let now = Date.parse("2026-06-01T00:00:00Z");
  const mem = await openMemory({ clock: { now: () => new Date(now) } });
  const traffic = createTraffic(7);
  const start = now - (n + 10) * MINUTE;
  for (let done = 0; done < n; done += 1000) {
    const texts = Array.from({ length: Math.min(1000, n - done) }, () => traffic.statement().text);
    const vectors = await mem.embedder.embed(texts);
    await mem.store.transaction(async (tx) => {
      for (const [i, text] of texts.entries())
        await mem.writes.insertBelief(tx, {
          namespace: mem.namespace,
          kind: "fact",
          text,
          validFrom: new Date(start + (done + i) * MINUTE).toISOString(),
          sources: [],
          source: "bench",
          now: mem.writes.now(),
          vector: vectors[i]!,
        });
    });
  }
  const [first, firstMs] = await timed(() => mem.candidates({ limit: 20 }));
  const [, deepMs] = await timed(() => mem.candidates({ limit: 20, offset: 1000 }));
  const [all, wholeMs] = await timed(() => mem.candidates({ limit: 500, offset: 99_500 }));
  const beliefs = await loadActive(mem.store, mem.namespace, new Set(["fact", "failure", "rule"]));
  let pairs = 0;
  for (const _ of subjectPairs(beliefs)) pairs++;
  now += 1000;
  await mem.consolidate();
  now += 1000;
  const [review, reviewMs] = await timed(() => mem.candidates({ review: true, limit: 20 }));
  await mem.close();
  return {
    beliefs: n,
    firstPage: { ms: firstMs, pairs: first.length },
    deepPage: { ms: deepMs },
    wholeWalk: {
      ms: wholeMs,
      pairsExamined: pairs,
      perBelief: Math.round((pairs / n) * 10) / 10,
      returned: all.length,
    },
    reviewPage: { ms: reviewMs, pairs: review.length },
  };
}

for (const n of process.argv
  .slice(2)
  .map(Number)
  .filter((x) => x > 0))
  console.log(JSON.stringify(await size(n)));
