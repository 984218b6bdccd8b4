import { describe, expect, it } from "vitest";
import { continuesTurn } from "./continues-turn.js";

const turn = (actor: string | null, content: string) => ({ actor, content });

describe("continuesTurn: two neighbouring turns of a session are one exchange", () => {
  it.each([
    // A question and the other speaker's answer, either order.
    [turn("Caroline", "What did you paint last week?"), turn("Melanie", "A sunset over the lake.")],
    [turn("Melanie", "A sunset over the lake."), turn("Caroline", "What did you paint last week?")],
    [
      turn("user", "Any idea how I set up Wi-Fi calling on this phone?"),
      turn("assistant", "Open Settings, then Mobile Data, and switch it on."),
    ],
    // Two speakers, neither asks, nothing in common: still a telling and its reply.
    [
      turn("Caroline", "I finally finished the sunset over the lake."),
      turn("Melanie", "Wow, congrats! You've been at it for weeks."),
    ],
    // One topic carried on: a word in common (stemmed), whoever says it.
    [
      turn("user", "The boiler broke again this morning."),
      turn("user", "Booked an engineer for the boiler on Friday."),
    ],
    [
      turn("Jon", "I started the dance studio in March."),
      turn("Gina", "The dance studio was always your dream."),
    ],
  ])("yes: %j / %j", (a, b) => {
    expect(continuesTurn(a, b)).toBe(true);
  });

  it.each([
    // One speaker's notes side by side, no word in common.
    [
      turn("user", "Our unit tests use Jest and the run takes eleven minutes."),
      turn("user", "I'm down to one coffee a day, before 10."),
    ],
    // A question, but the same speaker goes on to something else: not an answer.
    [
      turn("user", "What year did the first moon landing happen?"),
      turn("user", "Our mortgage is fixed at 2.1% until the spring."),
    ],
    // One speaker asks, then says something else: a question alone is no exchange.
    [
      turn("user", "Should I get the big tin or the small one?"),
      turn("user", "Tilly starts nursery on the ninth."),
    ],
    // A question beside a turn whose speaker is not known: no pair to read.
    [turn(null, "Where do you keep the spare keys?"), turn("user", "Lunch was sandwiches by the lake.")],
    // Stop words alone are not a topic.
    [turn("user", "I was there for it."), turn("user", "It was what they had.")],
  ])("no: %j / %j", (a, b) => {
    expect(continuesTurn(a, b)).toBe(false);
  });
});
