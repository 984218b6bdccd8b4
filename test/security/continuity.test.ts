/**
 * Continuity graduation cannot be bought with the agent's own words: a pattern reaches 3x only
 * when at least one piece of its evidence is not the wrapping agent's own claim (an outcome, or
 * an episode another actor recorded). What the digest says, and so what every session loads,
 * stays at 2x otherwise.
 */
import { afterEach, describe, expect, it } from "vitest";
import { isOwnClaim } from "../../src/core/continuity/immune.js";
import type { Memory } from "../../src/core/engine.js";
import type { RecordOptions } from "../../src/core/model.js";
import { HOUR, type TestClock, testMemory } from "../support/memory.js";

let mem: Memory | null = null;
let clock: TestClock;
afterEach(async () => {
  await mem?.close();
  mem = null;
});

const digest = (pattern: string) =>
  `## State\n- Working on the release\n\n## Patterns\n${pattern}\n\n## Decisions\n- Keep the release on Thursdays\n\n## Context\n- Staging only`;

const EPISODES = [
  "Staging deploys pass when the feature flags service is warmed before the rollout",
  "Warming the feature flags service first made the staging rollout pass again",
  "The rollout on staging passed after the flags service warm-up ran first",
];
const EXPLANATIONS = [
  "staging deploys pass when flags service warmed",
  "warming feature flags service made rollout pass",
  "rollout passed after flags service warm-up",
];

/** Three wraps, each citing one new episode for the same pattern, claiming 3x each time. */
async function threeWraps(
  third: RecordOptions = {},
): Promise<{ levels: number[]; digest: string; markers: string[] }> {
  const t = await testMemory();
  mem = t.mem;
  clock = t.clock;
  const levels: number[] = [];
  let markers: string[] = [];
  let text = "";
  for (let i = 0; i < 3; i++) {
    clock.advance(HOUR);
    const options: RecordOptions = i === 2 ? third : {};
    const e = (await mem.record(EPISODES[i]!, options)).id;
    const w = await mem.prepareWrap();
    const r = await mem.saveContinuity(
      digest(`- Warm the flags service before a rollout | 3x [evidence: ${e} "${EXPLANATIONS[i]}"]`),
      { token: w.token! },
    );
    levels.push(r.patterns[0]!.level);
    markers = r.patterns[0]!.markers;
    text = r.text;
  }
  return { levels, digest: text, markers };
}

describe("graduation to 3x", () => {
  it("three episodes the agent recorded itself, over three wraps, stop at 2x", async () => {
    const r = await threeWraps();
    expect(r.levels).toEqual([1, 2, 2]);
    expect(r.markers.join(" ")).toMatch(/only the agent's own claims/);
    expect(r.digest).toMatch(/Warm the flags service before a rollout \| 2x/);
    expect(await mem!.continuity()).not.toMatch(/\| 3x/);
  });

  it("an observed outcome among the evidence lets it graduate", async () => {
    const r = await threeWraps({ type: "outcome", outcome: "success" });
    expect(r.levels).toEqual([1, 2, 3]);
    expect(r.digest).toMatch(/\| 3x/);
  });

  it("another actor's episode among the evidence lets it graduate", async () => {
    const r = await threeWraps({ actor: "ci" });
    expect(r.levels).toEqual([1, 2, 3]);
  });

  it("defines an own claim precisely", () => {
    const wrapping = { actor: "library", session: "s1" };
    const e = { type: "observation" as const, outcome: null, actor: null, session: null };
    expect(isOwnClaim(e, wrapping)).toBe(true);
    expect(isOwnClaim({ ...e, actor: "library" }, wrapping)).toBe(true);
    expect(isOwnClaim({ ...e, actor: "user", session: "s1" }, wrapping)).toBe(true);
    expect(isOwnClaim({ ...e, actor: "user", session: "s0" }, wrapping)).toBe(false);
    expect(isOwnClaim({ ...e, outcome: "failure" as const }, wrapping)).toBe(false);
    expect(isOwnClaim({ ...e, type: "outcome" as const }, wrapping)).toBe(false);
  });
});
