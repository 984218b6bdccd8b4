import { afterEach, describe, expect, it } from "vitest";
import { sleptChat } from "../../../../test/support/memory.js";
import type { Memory } from "../../engine.js";

/**
 * Recall's knowledge-update lifts put a newer statement above an older one, or list it within k:
 * each must fire for a statement of the thing the question asks, and not for another thing that
 * shares a word or a rare sense with it (a wrong lift puts a wrong answer above the current one).
 */
describe("recall: a lift fires for the asked thing, not for another that shares its words", () => {
  let mem: Memory;
  afterEach(() => mem?.close());
  const lifted = (summary: string) =>
    /newer than \[|the newest statement of the slot|takes its time of day/.test(summary);

  it("same slot: lifts the newer favourite pizzeria, not a favourite bakery", async () => {
    mem = await sleptChat([
      { text: "Our favourite pizzeria is Franco's on the high street.", day: 0 },
      { text: "Busy week at work, nothing new.", day: 1 },
      { text: "My favourite bakery these days is Crumbs, the sourdough is unreal.", day: 15 },
      { text: "Franco's shut down, so our new favourite is Bella Napoli now.", day: 20 },
    ]);
    const hits = await mem.recall("What is our favourite pizzeria?", { k: 5 });
    const bakery = hits.find((h) => h.text.includes("Crumbs"));
    expect(bakery === undefined || !lifted(bakery.why.summary)).toBe(true);
    // Sleep may close the older on the retirement ("Franco's shut down": `sole-value-retired`);
    // then it is not listed at all, and the newer still answers.
    const newer = hits.findIndex((h) => h.text.includes("Bella Napoli"));
    const older = hits.findIndex((h) => h.text.startsWith("Our favourite pizzeria"));
    expect(newer).toBeGreaterThanOrEqual(0);
    expect(older === -1 || newer < older).toBe(true);
  });

  it("time of day: not when the older leaves two values the change could replace", async () => {
    mem = await sleptChat([
      { text: "I'm studying Korean with Anki every evening.", day: 0 },
      { text: "Busy week at work, nothing new.", day: 1 },
      { text: "I've moved over to Busuu now, ten minutes before bed each night.", day: 20 },
    ]);
    const hits = await mem.recall("Which language am I studying?", { k: 5 });
    expect(hits.some((h) => h.why.summary.includes("takes its time of day"))).toBe(false);
  });

  it("kinds: a club is no team by itself (WordNet splits its uses between a baseball club and a society)", async () => {
    mem = await sleptChat([
      { text: "I'm on the design team, we own the mobile app.", day: 0 },
      { text: "Busy week at work, nothing new.", day: 1 },
      { text: "I quit the chess club because it got dull, and I'm in the one at the library now.", day: 20 },
    ]);
    const hits = await mem.recall("Which team am I on?", { k: 5 });
    const club = hits.find((h) => h.text.includes("chess club"));
    expect(club === undefined || !lifted(club.why.summary)).toBe(true);
  });

  it("same slot: a statement that shares only the question's rate ('a day') is not lifted", async () => {
    mem = await sleptChat([
      { text: "I drink four cups of tea a day, which is probably too many.", day: 0 },
      { text: "Busy week at work, nothing new.", day: 1 },
      { text: "I check the post twice a day now, parcels keep going missing.", day: 15 },
    ]);
    const hits = await mem.recall("How much tea do I drink a day?", { k: 5 });
    const post = hits.find((h) => h.text.includes("check the post"));
    expect(post === undefined || !lifted(post.why.summary)).toBe(true);
  });

  it("same slot: another kind of the asked thing ('the holiday budget' for 'our kitchen renovation budget') is no slot it asks", async () => {
    mem = await sleptChat([
      { text: "Our kitchen renovation budget is £8,000, including fitting.", day: 0 },
      { text: "Busy week at work, nothing new.", day: 1 },
      { text: "We had to raise the holiday budget to £900, flights are mad now.", day: 15 },
    ]);
    const hits = await mem.recall("What is our kitchen renovation budget?", { k: 5 });
    const holiday = hits.find((h) => h.text.includes("holiday budget"));
    expect(holiday?.why.summary ?? "").not.toMatch(/on the same slot the question asks/);
  });

  it("same slot: the employer said as 'Work' is no working asked by 'Where do I work?'", async () => {
    mem = await sleptChat([
      { text: "I work at the bakery on Elm Street, early starts.", day: 0 },
      { text: "I jog along the canal before work.", day: 1 },
      { text: "Busy week at work, nothing new.", day: 2 },
      { text: "Work switched us to Slack now instead of Teams.", day: 15 },
    ]);
    const hits = await mem.recall("Where do I work?", { k: 5 });
    const slack = hits.find((h) => h.text.includes("Slack"));
    expect(slack?.why.summary ?? "").not.toMatch(/on the same slot the question asks/);
  });
});
