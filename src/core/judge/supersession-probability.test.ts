/**
 * The supersession probability: monotone in its evidence, 1 only for the same text, and split by
 * the default threshold exactly where the lexical judge's confident verdicts are. On real pairs (the
 * supersession set's dev half): test/eval/supersession.test.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_POLICY } from "../policy.js";
import { compareLexically, loadTagger } from "./lexical-judge.js";
import {
  CONFIDENT_FLOOR,
  probabilityOf,
  type SupersessionEvidence,
  supersessionEvidence,
  supersessionProbability,
} from "./supersession-probability.js";

beforeAll(() => loadTagger());

const T0 = "2026-01-01T00:00:00.000Z";
const dayAfter = (days: number) => new Date(Date.parse(T0) + days * 86_400_000).toISOString();
const none: SupersessionEvidence = {
  exact: false,
  acting: false,
  sameSubject: false,
  samePredicate: false,
  valueAgrees: false,
  daysApart: 0,
};
const FLAGS = ["acting", "sameSubject", "samePredicate", "valueAgrees"] as const;

/** Every combination of the four flags, at a few distances in time. */
function* everyEvidence(): Generator<SupersessionEvidence> {
  for (let mask = 0; mask < 16; mask++)
    for (const daysApart of [0, 1, 30, 365, 3650])
      yield {
        ...none,
        daysApart,
        ...Object.fromEntries(FLAGS.map((f, i) => [f, (mask & (1 << i)) !== 0])),
      };
}

describe("supersession probability", () => {
  it("never falls when a piece of evidence is added, nor as the newer statement comes later", () => {
    for (const e of everyEvidence()) {
      const p = probabilityOf(e);
      for (const f of FLAGS) if (!e[f]) expect(probabilityOf({ ...e, [f]: true }), f).toBeGreaterThan(p);
      expect(probabilityOf({ ...e, daysApart: e.daysApart + 30 })).toBeGreaterThanOrEqual(p);
    }
    expect(probabilityOf({ ...none, daysApart: 90 })).toBeGreaterThan(probabilityOf(none));
  });

  it("is 1 only for the same text; every other pair stays below 1", () => {
    for (const e of everyEvidence()) expect(probabilityOf(e)).toBeLessThan(1);
    const same = supersessionEvidence(
      { relation: "duplicate" },
      { text: "Primary cluster is us-east-1", at: T0 },
      { text: "primary cluster is  us-east-1.", at: dayAfter(1) },
    );
    expect(same.exact).toBe(true);
    expect(probabilityOf(same)).toBe(1);
  });

  it("puts every confident acting verdict at or above the default threshold, every other below it", () => {
    const threshold = DEFAULT_POLICY.stalenessThreshold;
    for (const e of everyEvidence()) {
      if (e.acting) expect(probabilityOf(e)).toBeGreaterThanOrEqual(CONFIDENT_FLOOR);
      else expect(probabilityOf(e)).toBeLessThan(threshold);
    }
    expect(CONFIDENT_FLOOR).toBeGreaterThan(threshold);
  });

  it("reads the judge's evidence: a changed number of the same attribute scores above a bare overlap", () => {
    const older = { text: "The retry limit is 5", at: T0 };
    const newer = { text: "The retry limit is now 7", at: dayAfter(10) };
    const v = compareLexically(older, newer);
    expect(v.relation).toBe("supersedes");
    const e = supersessionEvidence(v, older, newer);
    expect(e).toMatchObject({ acting: true, sameSubject: true, valueAgrees: true });
    const changed = supersessionProbability(v, older, newer);
    const sooner = supersessionProbability(v, older, { ...newer, at: T0 });
    expect(changed).toBeGreaterThan(sooner);
    // The same pair with an unsure verdict scores below the threshold: the verdict is evidence too.
    expect(supersessionProbability({ relation: "refines", confident: false }, older, newer)).toBeLessThan(
      DEFAULT_POLICY.stalenessThreshold,
    );
  });
});
