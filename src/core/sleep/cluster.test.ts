/**
 * Sleep's clustering of paraphrases (distil.ts `cluster`) asks only the clusters whose wording could
 * restate an episode (`coverNeeds`, coverage.ts); asking every cluster that shares a word with it
 * (`every: true`) must give the same clusters, in the same order, with the same wording. A
 * generated stream of restatements, paraphrases, changes and unrelated statements, both valences.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createRandom } from "../../../test/support/random.js";
import { loadTagger } from "../judge/lexical-judge.js";
import type { Episode } from "../model.js";
import { cluster } from "./distil.js";

beforeAll(() => loadTagger());

const WHO = ["I", "The user", "We", "My sister", "Kenji", "Mei"];
const SAYINGS = [
  (who: string, x: string) => `${who} lives in ${x}`,
  (who: string, x: string) => `${who} is based in ${x}.`,
  (who: string, x: string) => `btw, ${who.toLowerCase()} moved to ${x}`,
  (who: string, x: string) => `${who} likes ${x}`,
  (who: string, x: string) => `${who} enjoys ${x} these days`,
  (who: string, x: string) => `${who} really love ${x} and hiking`,
  (who: string, x: string) => `${who} owns the ${x}-db service`,
  (who: string, x: string) => `fyi the ${x}-db service was handed over to ${who}`,
  (who: string, x: string) => `${who} is on-call for ${x} this week`,
  (who: string, x: string) => `${who} is on call for ${x}`,
  (who: string, x: string) => `Did ${who.toLowerCase()} go to ${x}?`,
  (who: string, x: string) => `${who} went to ${x} last weekend, it was great. The food was amazing!`,
];
const THINGS = ["Oslo", "Leeds", "jazz", "ledger", "billing", "Lisbon", "pottery"];
const NUMBERS = [
  (n: number) => `The retry limit is ${n}`,
  (n: number) => `Retry limit is now ${n}.`,
  (n: number) => `The inventory service listens on port ${9440 + n}`,
  (n: number) => `The port of the inventory service is ${9440 + n}`,
  (n: number) => `We run PostgreSQL 14.${n} in production`,
  (n: number) => `The PostgreSQL version in production is 14.${n}`,
];

function stream(size: number, seed: number): Episode[] {
  const next = createRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const texts: string[] = [];
  for (let i = 0; i < size; i++) {
    const r = next();
    if (i > 0 && r < 0.15) texts.push(texts[Math.floor(next() * i)]!);
    else if (r < 0.35) texts.push(pick(NUMBERS)(1 + Math.floor(next() * 5)));
    else texts.push(pick(SAYINGS)(pick(WHO), pick(THINGS)));
  }
  return texts.map(
    (content, i) =>
      ({
        id: `ep-${i}`,
        content,
        at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
        outcome: next() < 0.1 ? pick(["success", "failure"] as const) : null,
      }) as unknown as Episode,
  );
}

const shape = (clusters: ReturnType<typeof cluster>) =>
  clusters.map((c) => ({ ids: c.episodes.map((e) => e.id), text: c.text, valence: c.valence }));

describe("cluster: asking only the clusters that could restate an episode", () => {
  it.each([1, 2, 3])("gives the clusters of asking every cluster that shares a word (seed %i)", (seed) => {
    const episodes = stream(400, seed);
    const fast = shape(cluster(episodes));
    const every = shape(cluster(episodes, { every: true }));
    expect(fast).toEqual(every);
    // Not vacuous: restatements and paraphrases joined clusters, beside the unrelated statements.
    expect(fast.filter((c) => c.ids.length >= 2).length).toBeGreaterThan(20);
    expect(fast.length).toBeGreaterThan(50);
    // Some cluster's wording was taken over by a fuller episode than its first.
    expect(fast.some((c) => c.text !== episodes.find((e) => e.id === c.ids[0])!.content)).toBe(true);
  });

  it("joins a paraphrase to its cluster and keeps a change and another valence apart", () => {
    const texts: [string, Episode["outcome"]][] = [
      ["The user lives in Oslo.", null],
      ["The user is based in Oslo.", null],
      ["The user lives in Oslo and Bergen.", null],
      ["The user lives in Oslo.", "failure"],
    ];
    const episodes = texts.map(
      ([content, outcome], i) =>
        ({ id: `e${i}`, content, at: `2026-01-0${i + 1}T00:00:00.000Z`, outcome }) as unknown as Episode,
    );
    expect(shape(cluster(episodes)).map((c) => c.ids)).toEqual([["e0", "e1"], ["e2"], ["e3"]]);
  });

  it("joins the first cluster that restates an episode, not a later one", () => {
    // "The retry limit is 5." is restated by both wordings; it is asked of cluster 0 first (under
    // "retry", ascending) and stays there, though cluster 1 is listed under a later word too.
    const texts = [
      "The retry limit is 5 for billing.",
      "The retry limit is 5 for the ledger.",
      "The retry limit is 5.",
    ];
    const episodes = texts.map(
      (content, i) =>
        ({
          id: `e${i}`,
          content,
          at: `2026-01-0${i + 1}T00:00:00.000Z`,
          outcome: null,
        }) as unknown as Episode,
    );
    const expected = [["e0", "e2"], ["e1"]];
    expect(shape(cluster(episodes)).map((c) => c.ids)).toEqual(expected);
    expect(shape(cluster(episodes, { every: true })).map((c) => c.ids)).toEqual(expected);
  });
});
