/**
 * Sleep's bookkeeping on a belief is read only where sleep's provenance (`source`, which a caller
 * cannot write) says sleep wrote it: a mixed belief's tally (`metadata.mixed`) on a "distilled"
 * belief, an abstraction's children (`abstraction`, `children`, `values`) on an "abstraction" rule.
 * The same metadata on a belief of another source is the caller's and reads as nothing.
 */
import { describe, expect, it } from "vitest";
import type { Belief } from "../model.js";
import type { StoreWriter } from "../ports.js";
import { mixedOf } from "./mixed.js";
import { abstractionWithout } from "./rules.js";

const TALLY = { successes: ["e1"], failures: ["e2"], wordings: ["ran the backup job"] };

describe("mixedOf: a tally only on a belief sleep distilled", () => {
  it.each([
    ["distilled", { mixed: TALLY }, TALLY],
    // Negative rows: a caller's own field of the same shape, or sleep's source with no tally.
    [null, { mixed: TALLY }, null],
    ["user", { mixed: TALLY }, null],
    ["Distilled", { mixed: TALLY }, null],
    ["abstraction", { mixed: TALLY }, null],
    ["distilled", { mixed: { successes: ["e1"] } }, null],
    ["distilled", {}, null],
  ] as const)("source %j, metadata %j → %j", (source, metadata, tally) => {
    expect(mixedOf({ source, metadata })).toEqual(tally);
  });
});

describe("abstractionWithout: children only on a rule sleep abstracted", () => {
  const rule = (source: string | null): Belief =>
    ({
      id: "b9",
      namespace: "default",
      kind: "rule",
      text: "WHEN deploying to staging → PREFER back up first",
      when: "deploying to staging",
      prefer: "back up first",
      source,
      metadata: { abstraction: true, children: ["b1"], values: ["staging"] },
    }) as unknown as Belief;
  // Its only child forgotten: nothing of it is readable, so the abstraction is left with none.
  const tx = { getBeliefs: async () => [] } as unknown as StoreWriter;

  it.each([
    ["abstraction", []],
    [null, null],
    ["user", null],
    ["distilled", null],
  ] as const)("source %j → children %j", async (source, children) => {
    const r = await abstractionWithout(tx, rule(source), new Set(["b1"]));
    expect(r === null ? null : r.children).toEqual(children);
  });
});
