/**
 * What giant turns cost recall's current-state path (attacks35; attacks34 measured 0.75–3.3 s a
 * recall for 160 turns of 7,990 characters). One SQLite file of `--turns` giant turns (four shapes:
 * a phone said again and again, a switch, a correction, a changed number, each ~7,990 characters),
 * slept once, and a file of as many ordinary turns of the same four shapes. Two engines read each
 * file: the current-state path on (the default) and off (`policy.currentStatePath: false`: no
 * lifts, no related-word search, no current versions). The current-state questions are asked of both
 * in turn, round after round, so a burst of load on a shared machine hits both alike; the result is
 * the ratio of their median times in this one run. It says how much of a giant store's recall the
 * current-state path is, which is what a budget on the lifts' reading could save at most.
 *
 *   node_modules/.bin/tsx bench/giant-turns.ts
 *   node_modules/.bin/tsx bench/giant-turns.ts --turns 40 --rounds 5
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { Memory } from "../src/core/engine.js";
import { openMemory } from "../src/open-memory.js";
import { median } from "./stats.js";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i]!.replace(/^--/, ""), process.argv[i + 1]!);
const TURNS = Number(args.get("turns") ?? 40);
const ROUNDS = Number(args.get("rounds") ?? 3);
const LENGTH = 7990;
const DAY = 86_400_000;
const START = Date.parse("2026-01-05T09:00:00.000Z");

/** A sentence said again and again to `LENGTH` characters (the giant turn), or once. */
const said = (sentence: string, giant: boolean) =>
  giant ? sentence.repeat(Math.ceil(LENGTH / sentence.length)).slice(0, LENGTH) : sentence;

const SHAPES = [
  (i: number) => `My phone is a Pixel ${i % 9}, `,
  (i: number) => `I switched my coffee grinder to the Baratza ${i}. `,
  (i: number) => `Sorry, I meant the gym is on Elm Street ${i}, not Oak. `,
  (i: number) => `My rent went up to ${1000 + i} euros a month. `,
];
const QUESTIONS = [
  "What phone do I have now?",
  "Which coffee grinder do I use?",
  "Where is my gym?",
  "How much is my rent now?",
];

async function build(path: string, giant: boolean): Promise<void> {
  const mem = await openMemory({ path, clock: { now: () => new Date(START + (TURNS + 30) * DAY) } });
  for (let i = 0; i < TURNS; i++) {
    const at = new Date(START + i * DAY).toISOString();
    await mem.record(said(SHAPES[i % SHAPES.length]!(i), giant), {
      type: "observation",
      actor: "user",
      at,
      session: at.slice(0, 10),
    });
  }
  await mem.consolidate();
  await mem.close();
}

const open = (path: string, currentStatePath: boolean) =>
  openMemory({
    path,
    clock: { now: () => new Date(START + (TURNS + 30) * DAY) },
    policy: { currentStatePath },
  });

async function timed(mem: Memory, q: string): Promise<{ ms: number; hits: string }> {
  const t = performance.now();
  const hits = await mem.recall(q, { k: 10 });
  return { ms: performance.now() - t, hits: hits.map((h) => h.id).join(",") };
}

async function measure(path: string, label: string): Promise<void> {
  const off = await open(path, false);
  const on = await open(path, true);
  const times = { off: [] as number[], on: [] as number[] };
  let differ = 0;
  // One warm-up pass each (the tagger, the lexicon, the store's caches).
  for (const q of QUESTIONS) {
    await timed(off, q);
    await timed(on, q);
  }
  for (let r = 0; r < ROUNDS; r++)
    for (const [i, q] of QUESTIONS.entries()) {
      const pair = (r + i) % 2 === 0 ? ([off, on] as const) : ([on, off] as const);
      const x = await timed(pair[0], q);
      const y = await timed(pair[1], q);
      const [b, a] = pair[0] === off ? [x, y] : [y, x];
      times.off.push(b.ms);
      times.on.push(a.ms);
      if (b.hits !== a.hits) differ++;
    }
  const mb = median(times.off);
  const ma = median(times.on);
  console.log(
    `${label}: ${TURNS} turns, ${QUESTIONS.length * ROUNDS} recalls each; median path off ${mb.toFixed(0)} ms, on ${ma.toFixed(0)} ms, on/off ${(ma / mb).toFixed(3)}; recalls whose top 10 differ: ${differ}`,
  );
  await off.close();
  await on.close();
}
const dir = mkdtempSync(join(tmpdir(), "strata-giant-turns-"));
try {
  for (const giant of [true, false]) {
    const path = join(dir, giant ? "giant.db" : "ordinary.db");
    const t = performance.now();
    await build(path, giant);
    console.log(
      `${giant ? "giant" : "ordinary"} store built and slept in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    await measure(path, giant ? `giant turns (${LENGTH} characters)` : "ordinary turns");
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
