import { describe, expect, it } from "vitest";
import { SPEAKER_SUBJECT } from "./text.js";

describe("SPEAKER_SUBJECT: the speaker as the subject of a clause, one word", () => {
  it.each(["I", "i", "we", "We", "I'm", "I’m", "we're", "I've", "we’ve", "I'd", "I'll", "WE'LL"])(
    "the speaker as subject: %s",
    (word) => expect(SPEAKER_SUBJECT.test(word)).toBe(true),
  );
  // Objects, possessives, other persons, and words that only begin like a contraction.
  it.each(["me", "us", "my", "our", "you're", "it'll", "he'd", "I's", "Ian", "weve", "I'mm"])(
    "not the speaker as subject: %s",
    (word) => expect(SPEAKER_SUBJECT.test(word)).toBe(false),
  );
});
