import { beforeAll, describe, expect, it } from "vitest";
import { intentionOf } from "./intention.js";
import { loadTagger, tag } from "./tagger.js";

beforeAll(() => loadTagger());

describe("intentionOf", () => {
  it.each([
    ["Now, I'm aiming to turn my dancing passion into a business.", "aim"],
    ["I'm hoping to get a new job soon.", "hope"],
    ["We want to move the office to Leeds.", "want"],
    ["I'm trying to eat less sugar now.", "try"],
    ["I'm going to switch banks next month.", "go"],
    // The speaker's contracted "will" and "would" (with a base form).
    ["I'll switch to Bitwarden for my passwords next month.", "will"],
    ["We’ll probably move standup to Thursdays.", "will"],
    ["I'd switch to Bitwarden if it were cheaper.", "would"],
    ["I'd love to drive a Tesla.", "would"],
  ] as const)("%j says an intention (%s)", (text, lemma) => {
    expect(intentionOf(tag(text))).toBe(lemma);
  });

  it.each([
    // Done, or holding now.
    "I moved to Boston last month.",
    "I'm now part of the fire-fighting brigade.",
    // The first full verb is done; the intention is in a subordinate clause.
    "I moved to Boston because I wanted to be near family.",
    // "went to see" did; "going to the gym" is a movement; "like to" is a habit; "need to" a requirement.
    "I went to see a doctor about my knee.",
    "I'm going to the gym on Tuesdays now.",
    "I like to run in the mornings.",
    "I need to take the 8:05 train now.",
    // "I'd" before a participle is "I had": done. Another's "will" is left alone.
    "I'd moved to York by then.",
    "I'd sold the Golf before the Tesla arrived.",
    "The deploy will run at 3pm from now on.",
    "She'll take the 8:05 train from now on.",
  ])("%j says no intention", (text) => {
    expect(intentionOf(tag(text))).toBeNull();
  });
});
