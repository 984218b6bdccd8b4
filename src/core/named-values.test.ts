import { afterAll, describe, expect, it } from "vitest";
import { taggerLoaded } from "./judge/tagger.js";
import { namedValues } from "./named-values.js";

// The reading needs no model: this file never loads the tagger (each test file is its own module
// graph), and the rows read as they did when prec30 read them with the tagger loaded.
afterAll(() => expect(taggerLoaded()).toBe(false));

describe("namedValues: the names a statement gives its values", () => {
  it.each<[string, string[]]>([
    // inside a sentence: a capitalised word, not a pronoun, title or calendar word
    ["I commute by bike, a blue Trek hybrid.", ["Trek"]],
    ["Our dog eats Purina kibble.", ["Purina"]],
    ["I see Dr. Alvarez on Friday.", ["Alvarez"]],
    ["Our teacher is Miss Honey.", ["Honey"]], // a title (person-words), as "Mrs" is
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
    ["Will is my brother.", []],
    // a day or month, a title: a time or nothing, first or not
    ["Monday is my gym day.", []],
    ["Mum moved to Leeds in May.", ["Leeds"]],
    // an acronym is read as any capitalised word: a name unless the lexicon lists it ("nasa")
    ["BT sent me a new router.", ["BT"]],
    ["IKEA delivers on Friday.", ["IKEA"]],
    ["NASA launched it. We watched from Cocoa Beach.", ["Cocoa", "Beach"]],
    // a chat abbreviation is no value's name, first or not (each a name before determ31)
    ["FYI the rent went up.", []],
    ["The rent went up BTW.", []],
  ])("%s → %j", (text, names) => {
    expect(namedValues(text)).toEqual(names);
  });
});
