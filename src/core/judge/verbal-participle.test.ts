import { beforeAll, describe, expect, it } from "vitest";
import { saysChangedState } from "../state-slots.js";
import { verbalParticiple } from "./analysis.js";
import { loadTagger, tag } from "./tagger.js";

beforeAll(() => loadTagger());

/** The lemmas `verbalParticiple` reads for the word `form` of `text`, or null. */
function read(text: string, form: string): string[] | null {
  const words = tag(text);
  const i = words.findIndex((w) => w.text === form);
  expect(i, `"${form}" is a word of "${text}"`).toBeGreaterThanOrEqual(0);
  return verbalParticiple(text, words, i);
}

describe("verbalParticiple: a past participle after a subject with no auxiliary is the verb", () => {
  it.each([
    ["Since Tony retired I get my hair cut at Sharp Lines near the station.", "retired", "retire"],
    ["Once Dave retired I started taking the car to QuickFit.", "retired", "retire"],
    ["Since Tony retired, I go to Sharp Lines.", "retired", "retire"],
    ["When my barber retired I found a new one.", "retired", "retire"],
  ])("%s: %s is a verb (%s)", (text, form, lemma) => {
    const words = tag(text);
    const i = words.findIndex((w) => w.text === form);
    // The premise: the tagger reads it as an adjective (else the rule has nothing to do).
    if (words[i]!.pos !== "ADJ") return;
    expect(read(text, form)).toContain(lemma);
  });

  it.each([
    ["The retired teacher lives next door.", "retired"],
    ["I'm retired now.", "retired"],
    ["Tony's retired, sadly.", "retired"],
    ["My dad is retired.", "retired"],
    ["Tony, retired now, still cuts hair on Fridays.", "retired"],
    ["She looked tired after the shift.", "tired"],
    ["We met a retired nurse at the park.", "retired"],
  ])("%s: %s is not read as a verb", (text, form) => {
    expect(read(text, form)).toBeNull();
  });

  it("the tagger reads the positive examples' participle as an adjective (the rule is needed)", () => {
    const words = tag("Since Tony retired I get my hair cut at Sharp Lines near the station.");
    expect(words.find((w) => w.text === "retired")?.pos).toBe("ADJ");
  });
});

describe("saysChangedState reads an opening clause's participle of a verb of change", () => {
  it.each([
    ["Since Tony retired I get my hair cut at Sharp Lines near the station.", true],
    ["Once Dave retired I get the car serviced at QuickFit.", true],
    ["My dad is retired and lives in Spain.", false],
    ["The retired teacher lives next door.", false],
    ["Tony, retired now, still visits the shop on Fridays.", false],
    ["I'm retired, so I have time for the garden.", false],
  ])("%s → %s", (text, expected) => {
    expect(saysChangedState(text)).toBe(expected);
  });
});
