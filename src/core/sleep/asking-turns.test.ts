import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sleptChat } from "../../../test/support/memory.js";
import type { Memory } from "../engine.js";
import { loadTagger } from "../judge/tagger.js";
import { sleepRecordOf } from "../sleep-record.js";
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
    // PRESENT_STATE by a contraction the tagger keeps whole: the speaker's, a name's "'s" as "is".
    [
      "I'm on the night shift at the depot. How do I sleep in the day?",
      ["I'm on the night shift at the depot."],
    ],
    [
      "We're with Octopus for gas and electric. Is their tracker tariff worth it?",
      ["We're with Octopus for gas and electric."],
    ],
    [
      "Mum's at Rosewood care home in Harrogate. What can I bring her?",
      ["Mum's at Rosewood care home in Harrogate."],
    ],
    // CURRENT_PERIOD: a choice made in the period that holds now.
    [
      "Went with Aviva for the home insurance this year, it was cheaper. Do I need to cancel the old one?",
      ["Went with Aviva for the home insurance this year, it was cheaper."],
    ],
    // LEADING_CLAUSE: the main clause before a clause that denies, or a turn of one sentence that asks.
    [
      "Oh and our build box still runs Ubuntu 20.04, so I can't upgrade the toolchain. Any workaround?",
      ["Our build box still runs Ubuntu 20.04."],
    ],
    [
      "From this quarter the billing service runs on Go 1.22, I've bumped the base image; what else could break?",
      ["From this quarter the billing service runs on Go 1.22."],
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
    // PRESENT_STATE: another person's contraction, a possessive; a past in a day or a week, not a period that holds.
    "She's a size 3 in toddler shoes. Where do I buy wide fit?",
    "Marta's sister visited us in May. Where should we take her next time?",
    "I was ill this week. Is it too soon to run?",
    // LEADING_CLAUSE: a subordinate clause, a supposition, a denial are no main clause that states.
    "Now that the lease has ended and we're paying monthly, should we move?",
    "If we move, I'd take the flat in Leeds. What do you think?",
    "We don't use Slack, we use Teams for now. Any tips?",
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
    expect(sleepRecordOf(beliefs[0]!.metadata)[ASKING_TURN]).toBe(true);
    const episodes = await mem.list({ layer: "episode", limit: 10 });
    expect(episodes).toHaveLength(1);
    expect(episodes[0]!.layer === "episode" && episodes[0]!.content).toContain("Can I drink coffee with it?");
  });

  it("takes the leading clause of a turn of one sentence that asks, and keeps the question with its turn", async () => {
    mem = await sleptChat([
      {
        text: "From this sprint the billing api runs Node 22, I've updated the Dockerfile; what else might break?",
        day: 0,
      },
    ]);
    const items = await mem.list({ limit: 10 });
    const beliefs = items.flatMap((i) => (i.layer === "belief" ? [i] : []));
    expect(beliefs.map((b) => b.text)).toEqual(["From this sprint the billing api runs Node 22."]);
    expect(sleepRecordOf(beliefs[0]!.metadata)[ASKING_TURN]).toBe(true);
    // The whole turn, question and all, is still the episode the belief cites.
    const episodes = await mem.list({ layer: "episode", limit: 10 });
    expect(episodes.map((e) => e.layer === "episode" && e.content)).toEqual([
      "From this sprint the billing api runs Node 22, I've updated the Dockerfile; what else might break?",
    ]);
    expect(beliefs[0]!.layer === "belief" && beliefs[0]!.sources).toEqual([episodes[0]!.id]);
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
