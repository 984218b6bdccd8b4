/**
 * The sweep's judged-pair cache read (`judgePairs`, sleep/sweep.ts) at the size of a full sweep:
 * the memory one lookup holds and the time the read takes, one lookup for the whole run beside
 * lookups of `CACHE_LOOKUP_PAIRS` pairs, in one process, the order alternating by round.
 *
 *   npm run bench -- --only cache-lookup --beliefs 10000,30000 --rounds 3   (or: node --expose-gc --import tsx bench/cache-lookup.ts …)
 *
 * Each size gets its own SQLite file: `--beliefs` beliefs written through the write kernel, each
 * paired with the next `--per` (a full sweep pairs a belief with ~9 neighbours, each pair once:
 * ~4.5 pairs a belief), every pair's verdict cached, so every pair is a cache hit and the judge is
 * never asked. Memory: the heap the lookup's answer holds once it returns (after a GC; the largest
 * lookup of the run), and the heap `judgePairs`' answer holds (the `judged` list the sweep keeps
 * anyway). Time: wall and CPU of `judgePairs`, rounds without GC. Read ratios within one run.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { Belief } from "../src/core/model.js";
import type { Judge, StoreReader } from "../src/core/ports.js";
import { CACHE_LOOKUP_PAIRS, judgePairs, orient } from "../src/core/sleep/sweep.js";
import { openMemory } from "../src/open-memory.js";
import { numberList, walkArgs } from "./argv.js";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc)
  throw new Error(
    "run with npm run bench -- --only cache-lookup (or node --expose-gc --import tsx bench/cache-lookup.ts)",
  );

const options = { beliefs: [10_000], per: 5, rounds: 3 };
walkArgs(process.argv.slice(2), (a, value) => {
  if (a === "--beliefs") options.beliefs = numberList(value());
  else if (a === "--per") options.per = Number(value());
  else if (a === "--rounds") options.rounds = Number(value());
  else throw new Error(`unknown option ${a} (use --beliefs 10000,30000 --per 5 --rounds 3)`);
});

const never: Judge = {
  name: "lexical",
  compare: () => {
    throw new Error("every pair is cached: the judge is never asked");
  },
};
const mb = (bytes: number) => Math.round(bytes / 104_857.6) / 10;

for (const size of options.beliefs) {
  const dir = mkdtempSync(join(tmpdir(), "strata-cache-lookup-"));
  const mem = await openMemory({ path: join(dir, "bench.db") });
  try {
    const now = "2026-03-01T12:00:00.000Z";
    const ids: string[] = [];
    for (let done = 0; done < size; done += 5000) {
      const texts = Array.from(
        { length: Math.min(5000, size - done) },
        (_, i) =>
          `service ${done + i} listens on port ${8000 + ((done + i) % 50_000)} in rack ${(done + i) % 97}`,
      );
      const vectors = await mem.embedder.embed(texts);
      await mem.store.transaction(async (tx) => {
        for (const [i, text] of texts.entries())
          ids.push(
            await mem.writes.insertBelief(tx, {
              namespace: mem.namespace,
              kind: "fact",
              text,
              validFrom: new Date(Date.parse(now) + (done + i) * 60_000).toISOString(),
              sources: [],
              source: "bench-cache-lookup",
              now,
              vector: vectors[i]!,
            }),
          );
      });
    }
    const beliefs: Belief[] = [];
    for (let i = 0; i < ids.length; i += 1000)
      beliefs.push(...((await mem.store.getBeliefs(ids.slice(i, i + 1000), [mem.namespace])) as Belief[]));
    const pairs: [Belief, Belief][] = [];
    for (let i = 0; i < beliefs.length; i++)
      for (let j = i + 1; j <= i + options.per && j < beliefs.length; j++)
        pairs.push([beliefs[i]!, beliefs[j]!]);
    for (let start = 0; start < pairs.length; start += 5000)
      await mem.store.transaction(async (tx) => {
        for (const [x, y] of pairs.slice(start, start + 5000)) {
          const [a, b] = orient(x, y);
          await tx.putJudgedPair({
            a: a.id,
            b: b.id,
            aHash: a.contentHash,
            bHash: b.contentHash,
            relation: "distinct",
            judge: "lexical",
            reason: `distinct: another value of the port (${a.id} ~ ${b.id}), no change cue`,
            at: now,
          });
        }
      });

    let heldByLookup = 0;
    let measure = false;
    const store = new Proxy(mem.store as StoreReader, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (prop === "judgedPairs")
          return async (asked: readonly { a: string; b: string }[], namespace: string) => {
            if (!measure) return target.judgedPairs(asked, namespace);
            gc();
            const before = process.memoryUsage().heapUsed;
            const rows = await target.judgedPairs(asked, namespace);
            gc();
            heldByLookup = Math.max(heldByLookup, process.memoryUsage().heapUsed - before);
            return rows;
          };
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const run = (lookupPairs: number) =>
      judgePairs(store, never, pairs, now, mem.namespace, undefined, lookupPairs);
    const ways = [
      { name: "one lookup", lookupPairs: Number.POSITIVE_INFINITY },
      { name: `lookups of ${CACHE_LOOKUP_PAIRS}`, lookupPairs: CACHE_LOOKUP_PAIRS },
    ];
    console.log(`${size} beliefs, ${pairs.length} pairs, all cached`);
    // Memory, with GCs (not timed).
    // Its own function, so the answer of one way is gone before the next is measured.
    const held = async (lookupPairs: number) => {
      heldByLookup = 0;
      gc();
      const before = process.memoryUsage().heapUsed;
      const out = await run(lookupPairs);
      gc();
      const judged = process.memoryUsage().heapUsed - before;
      if (out.judged.length !== pairs.length) throw new Error("a pair was not answered from the cache");
      return { lookup: heldByLookup, judged };
    };
    measure = true;
    for (const way of ways) {
      const h = await held(way.lookupPairs);
      console.log(
        `  ${way.name}: the largest lookup's rows hold ${mb(h.lookup)} MB; judgePairs' answer holds ${mb(h.judged)} MB`,
      );
    }
    measure = false;
    // Time, rounds alternating.
    const ratios: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const order = round % 2 === 0 ? ways : [...ways].reverse();
      const cpu: Record<string, number> = {};
      const wall: Record<string, number> = {};
      for (const way of order) {
        gc();
        const t = performance.now();
        const c = process.cpuUsage();
        await run(way.lookupPairs);
        const used = process.cpuUsage(c);
        wall[way.name] = performance.now() - t;
        cpu[way.name] = (used.user + used.system) / 1000;
      }
      const [whole, chunked] = ways.map((w) => w.name) as [string, string];
      ratios.push(cpu[chunked]! / cpu[whole]!);
      console.log(
        `  round ${round + 1}: CPU ms ${Math.round(cpu[whole]!)} one lookup, ${Math.round(cpu[chunked]!)} chunked (ratio ${(cpu[chunked]! / cpu[whole]!).toFixed(3)}); wall ms ${Math.round(wall[whole]!)} / ${Math.round(wall[chunked]!)}`,
      );
    }
    ratios.sort((x, y) => x - y);
    console.log(
      `  CPU chunked / one lookup, median of ${ratios.length}: ${ratios[ratios.length >> 1]!.toFixed(3)}`,
    );
  } finally {
    await mem.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
