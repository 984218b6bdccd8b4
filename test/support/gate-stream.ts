import type { RecordItem, RememberItem } from "../../src/core/gated-writes.js";
import { createRandom, randomStatement } from "./random.js";

/**
 * A seeded stream for the write gate's batch tests, over a few subjects that share most of their
 * words (so every item has near candidates to judge): first values, restatements in other words,
 * changed and backdated values, added detail, failures, questions and outcomes of one action.
 * `unrelated` mixes in statements about nothing the stream is about (`randomStatement`), about one
 * in seventeen items. Same seed, same stream.
 *
 *   const { statements, events } = gateStream(11, 120);
 */
export function gateStream(
  seed: number,
  count: number,
  options: { unrelated?: boolean } = {},
): { statements: RememberItem[]; events: RecordItem[] } {
  const rand = createRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const subjects = ["billing gateway", "search indexer", "checkout worker", "ledger cache", "media proxy"];
  const attributes = [
    ["request timeout", (n: number) => `${n * 5} seconds`],
    ["retry limit", (n: number) => String(n)],
    ["owner", (n: number) => ["Alice", "Bob", "Carla", "Dmitri"][n % 4]!],
    ["region", (n: number) => ["us-east-1", "eu-west-1", "ap-south-1"][n % 3]!],
  ] as const;
  // Where each kind of item ends on the roll (the unrelated statements take 0.74–0.8).
  const unrelatedBelow = options.unrelated ? 0.8 : 0.74;
  const questionBelow = options.unrelated ? 0.86 : 0.82;
  const outcomeBelow = options.unrelated ? 0.94 : 0.92;
  const statements: RememberItem[] = [];
  const events: RecordItem[] = [];
  for (let i = 0; i < count; i++) {
    const subject = pick(subjects);
    const [attribute, value] = pick(attributes);
    const v = value(1 + Math.floor(rand() * 9));
    const day = String(1 + Math.floor(rand() * 27)).padStart(2, "0");
    const roll = rand();
    if (roll < 0.3)
      statements.push({ statement: `The ${attribute} of the ${subject} is ${v}`, at: `2026-02-${day}` });
    else if (roll < 0.45) statements.push(`${subject} ${attribute}: ${v}`);
    else if (roll < 0.6)
      statements.push({ statement: `The ${subject} ${attribute} is now ${v}`, at: `2026-02-${day}` });
    else if (roll < 0.68) statements.push(`The ${attribute} of the ${subject} is ${v} per the platform team`);
    else if (roll < 0.74)
      statements.push({
        statement: `Raising the ${attribute} of the ${subject} caused outages`,
        kind: "failure",
      });
    else if (roll < unrelatedBelow) statements.push(randomStatement(rand));
    else if (roll < questionBelow)
      events.push({ content: `Is the ${subject} ${attribute} ${v}?`, type: "question" });
    else if (roll < outcomeBelow) {
      const outcome = rand() < 0.5 ? "success" : "failure";
      events.push({
        content: `Deploying the ${subject} with a blue-green switch ${outcome === "success" ? "worked" : "failed"}`,
        type: "outcome",
        outcome,
      });
    } else events.push(`Observed the ${subject} ${attribute} at ${v} in production`);
  }
  return { statements, events };
}
