import { beforeAll, describe, expect, it } from "vitest";
import { loadTagger } from "./judge/tagger.js";
import { namedValues } from "./named-values.js";

beforeAll(() => loadTagger());

describe("namedValues: the names a statement gives its values", () => {
  it.each<[string, string[]]>([
    // inside a sentence: a capitalised word, not a pronoun, title or calendar word
    ["I commute by bike, a blue Trek hybrid.", ["Trek"]],
    ["Our dog eats Purina kibble.", ["Purina"]],
    ["I see Dr. Alvarez on Friday.", ["Alvarez"]],
    // FIRST_WORD_NAME: a first word the lexicon does not list is a name (each was missed before prec30)
    ["Kasia walks Bolt every morning.", ["Kasia", "Bolt"]],
    ["Priya runs the team now.", ["Priya"]],
    ["Netflix is what we watch now.", ["Netflix"]],
    ["We moved. Farida lives next door.", ["Farida"]],
    ["Luigi's is our pizza place.", ["Luigi"]],
    // a first word the lexicon lists is an ordinary word capitalised by its place
    ["Coffee is my vice.", []],
    ["Yesterday we moved to Leeds.", ["Leeds"]],
    ["Mum drives a Golf now.", ["Golf"]],
    ["Hmm, that sounds right.", []],
    ["Walking helps my back.", []],
    // a name the lexicon also lists as a word is not taken first: a missed name over a wrong one
    ["Sam drives a Golf.", ["Golf"]],
  ])("%s → %j", (text, names) => {
    expect(namedValues(text)).toEqual(names);
  });
});
