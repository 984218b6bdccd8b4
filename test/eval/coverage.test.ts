/**
 * The coverage invariant of sleep, on real streams: after `consolidate`, every active episode is
 * represented by a current belief or recallable as itself — as `health` counts it, and as default
 * recall finds it (the episode's own words bring back the episode or a belief whose sources hold it).
 */
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseLocomo } from "../../eval/locomo/dataset.js";
import { DEFAULT_LOCOMO_PATH } from "../../eval/locomo/index.js";
import { generateStream } from "../../eval/rotting-stream/generator.js";
import type { Memory } from "../../src/core/engine.js";
import { queryTerms } from "../../src/core/text.js";
import { openMemory } from "../../src/open-memory.js";

/** Beliefs that speak for an episode: made from it, or what superseded or folded those. */
async function speakersFor(mem: Memory, episodeId: string): Promise<Set<string>> {
  const out = new Set<string>();
  for (const b of (await mem.explain(episodeId)).supersedes) {
    let id: string | null = b.id;
    for (let hop = 0; id && hop < 16 && !out.has(id); hop++) {
      out.add(id);
      const next = await mem.get(id);
      id = next.layer === "belief" ? (next.supersededBy ?? next.parentId) : null;
    }
  }
  return out;
}

async function expectCovered(mem: Memory): Promise<void> {
  const health = await mem.health();
  expect(health.coverage.uncovered).toEqual({ count: 0, ids: [] });
  expect(health.coverage.represented).toBeGreaterThan(0);
  expect(health.coverage.represented + health.coverage.recallable).toBe(health.coverage.episodes);
  const episodes = (await mem.list({ layer: "episode", limit: 10_000 })).filter((e) => e.layer === "episode");
  expect(episodes.length).toBe(health.coverage.episodes);
  const lost: string[] = [];
  let checked = 0;
  for (const e of episodes) {
    // Words recall can search for ("ok", "👍 done" have none: no query finds them, by design).
    if (queryTerms(e.content).length === 0) continue;
    checked++;
    const speakers = await speakersFor(mem, e.id);
    const hits = await mem.recall(e.content, { k: 10 });
    // Or a copy of the same words that recall lists for it (its `sources` hold the others).
    const found = (h: { id: string; layer: string; sources: string[] }) =>
      h.id === e.id || speakers.has(h.id) || (h.layer === "episode" && h.sources.includes(e.id));
    if (!hits.some(found)) lost.push(`${e.id}: ${e.content}`);
  }
  expect(checked).toBeGreaterThan(episodes.length / 2);
  expect(lost).toEqual([]);
}

describe("coverage after sleep", () => {
  it("holds on the rotting stream, slept every day", async () => {
    const stream = generateStream({ seed: 42, days: 8, facts: 15 });
    let now = new Date(`${stream.start}T00:00:00.000Z`);
    const mem = await openMemory({ path: ":memory:", clock: { now: () => now } });
    try {
      for (let day = 1; day <= stream.days; day++) {
        for (const e of stream.events.filter((x) => x.day === day)) {
          now = new Date(e.at);
          await mem.record(e.text, { at: e.at, type: e.type });
        }
        now = new Date(Date.parse(`${stream.start}T23:00:00.000Z`) + (day - 1) * 86_400_000);
        await mem.consolidate();
        await mem.maintain();
      }
      await expectCovered(mem);
    } finally {
      await mem.close();
    }
  }, 120_000);

  it.skipIf(!existsSync(process.env.LOCOMO_PATH ?? DEFAULT_LOCOMO_PATH))(
    "holds on a LoCoMo slice (conversation 0, sessions 1-3)",
    async () => {
      const data = parseLocomo(
        JSON.parse(readFileSync(process.env.LOCOMO_PATH ?? DEFAULT_LOCOMO_PATH, "utf8")),
      );
      const turns = data.conversations[0]!.turns.filter((t) => t.session <= 3);
      const mem = await openMemory({
        path: ":memory:",
        clock: { now: () => new Date("2024-06-01T00:00:00Z") },
      });
      try {
        for (const t of turns)
          await mem.record(t.content, { actor: t.speaker, at: t.at, session: `session_${t.session}` });
        await mem.consolidate();
        await expectCovered(mem);
      } finally {
        await mem.close();
      }
    },
    120_000,
  );
});
