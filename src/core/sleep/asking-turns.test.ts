import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sleptChat } from "../../../test/support/memory.js";
import type { Memory } from "../engine.js";
import { loadTagger } from "../judge/tagger.js";
import { ASKING_TURN } from "../vocabulary.js";
import { statementsInAskingTurn } from "./asking-turns.js";

beforeAll(() => loadTagger());

/** Statements of state inside a turn that asks (asking-turns.ts): each rule with rows both ways. */
describe("statementsInAskingTurn: the states a turn that asks says", () => {
  it.each([
    // PRESENT_STATE by a present verb, a present "be", a third-person present.
    [
      "I take two puffs of my inhaler before running. Is that too much before a race?",
      ["I take two puffs of my inhaler before running."],
    ],
    [
      "Our staging cluster runs on three nodes. How many do we need for high availability?",
      ["Our staging cluster runs on three nodes."],
    ],
    [
      "We keep the router in the hallway, next to the coats. Where should a mesh point go?",
      ["We keep the router in the hallway, next to the coats."],
    ],
    // Its opener dropped; the question after it stays with the episode.
    [
      "Oh and my landlord is Mr Adeyemi these days. Can he raise the rent mid-tenancy?",
      ["My landlord is Mr Adeyemi these days."],
    ],
  ])("%j → %j", (turn, statements) => {
    expect(statementsInAskingTurn(turn).statements).toEqual(statements);
  });

  it.each([
    // PRESENT_STATE: a past narrative, a plan, a supposition.
    "Back when I lived in Cardiff I cycled to work every day. How do I get back into it?",
    "I will switch the team to Linear next month. Is the Jira import any good?",
    "Maybe we should move the retro to Fridays. What do you think?",
    // DECLARATIVE: a negation, a lead-in closed by a colon, one sentence that is itself the question.
    "I don't use Slack at work. Which chat tool suits a team of five?",
    "The new diet is working: could you suggest some low-calorie snacks?",
    "Is Postgres 17 stable enough for production yet?",
    // STANDS_ALONE: chit-chat before the question.
    "Thanks so much! Could you also check the second paragraph?",
  ])("%j → nothing", (turn) => {
    const found = statementsInAskingTurn(turn);
    expect(found.statements).toEqual([]);
    expect(found.rest).toBe(turn);
  });
});

describe("sleep takes the states out of a turn that asks, and leaves the changes they make to the agent", () => {
  let mem: Memory | undefined;
  afterEach(async () => {
    await mem?.close?.();
    mem = undefined;
  });

  it("distils the statement as a belief marked as said while asking, the question staying with its turn", async () => {
    mem = await sleptChat([
      { text: "I take 50mg of sertraline every morning. Can I drink coffee with it?", day: 0 },
    ]);
    const items = await mem.list({ limit: 10 });
    const beliefs = items.flatMap((i) => (i.layer === "belief" ? [i] : []));
    expect(beliefs.map((b) => b.text)).toEqual(["I take 50mg of sertraline every morning."]);
    expect(beliefs[0]!.metadata[ASKING_TURN]).toBe(true);
    const episodes = await mem.list({ layer: "episode", limit: 10 });
    expect(episodes).toHaveLength(1);
    expect(episodes[0]!.layer === "episode" && episodes[0]!.content).toContain("Can I drink coffee with it?");
  });

  it("keeps both values of a change said while asking, and offers the pair in candidates()", async () => {
    mem = await sleptChat([
      { text: "I take 50mg of sertraline every morning. Can I drink coffee with it?", day: 0 },
      { text: "I take 100mg of sertraline every morning. Should I take it with food?", day: 20 },
    ]);
    const items = await mem.list({ limit: 10, status: "any" });
    const beliefs = items.flatMap((i) => (i.layer === "belief" ? [i] : []));
    expect(beliefs.map((b) => [b.text, b.status])).toEqual([
      ["I take 50mg of sertraline every morning.", "active"],
      ["I take 100mg of sertraline every morning.", "active"],
    ]);
    const pairs = await mem.candidates({ limit: 10 });
    expect(pairs.map((p) => [p.textA, p.textB])).toContainEqual([
      "I take 50mg of sertraline every morning.",
      "I take 100mg of sertraline every morning.",
    ]);
  });
});
