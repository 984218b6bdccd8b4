import { describe, expect, it } from "vitest";
import { mentionsAnyId, SPEAKER_SUBJECT } from "./text.js";

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

describe("mentionsAnyId", () => {
  it.each([
    [["b1"], "replaces [b1] (value-changed: 8080 → 9090)", true],
    [["b1", "e4"], "source e4: the door PIN", true],
    [["b1"], "replaces [b12]", false],
    [["b1"], "ab1 is another word", false],
    [["e-1.x"], "cites e-1.x here", true],
    [["e-1.x"], "cites e-1yx here", false],
  ])("%j in %j: %s", (ids, text, found) => {
    expect(mentionsAnyId(ids).test(text)).toBe(found);
  });
});
