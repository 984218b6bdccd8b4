import { beforeAll, describe, expect, it } from "vitest";
import { loadTagger } from "./judge/tagger.js";
import { distinctiveContent, keeps, lostWords } from "./kept-content.js";

beforeAll(() => loadTagger());

describe("distinctiveContent: the numbers, typed values and names a belief from a turn must keep", () => {
  it.each<[rule: string, text: string, words: string[]]>([
    ["NUMBER", "I ran 12 laps and the wifi password is goldenlotus2019.", ["12", "goldenlotus2019"]],
    // A first word the tagger's lexicon does not list is a name (named-values.ts `FIRST_WORD_NAME`).
    ["NUMBER: a clock time, and a first-word name", "Leo goes to bed at 7:45pm now.", ["7:45pm", "leo"]],
    [
      "NUMBER: a clock time (a first word the lexicon lists is no name)",
      "Bedtime is 7:45pm now.",
      ["7:45pm"],
    ],
    ["TYPED_VALUE: a weekday", "Yeah, I moved my dentist appointment to Thursdays.", ["thursdays"]],
    ["TYPED_VALUE: a date and a word clock", "The meeting is on 15 of May at noon.", ["15", "may", "noon"]],
    ["NAME inside a sentence", "My wifi is with BT and it's fine", ["bt"]],
    [
      "NAME_OWNER: a first word owning what follows",
      "Zed's vim mode still doesn't do :g, any workaround?",
      ["zed"],
    ],
    // Negative rows: nothing a belief must keep.
    ["VOCATIVE: after a greeting", "Hey Mel! Good to see you!", []],
    ["VOCATIVE: set off by commas", "Sorry about the factory, Ben, but a shop sounds exciting!", []],
    ["VOCATIVE: at a sentence's end", "I understand, Ben. Believing in yourself matters.", []],
    ["a list after a comma is no address", "I use Zed, Vim and Emacs.", ["emacs", "vim", "zed"]],
    ["no number, value or name", "i get about with my walking stick", []],
    ["a first word is no name (the tagger reads 'Awesome' as one)", "Awesome, that's great.", []],
    ["a first word is no name ('Good')", "Good to see you!", []],
    ["'I' and 'OK' are no names", "OK, I think I will.", []],
    ["a quantity with no number", "We have a few cats.", []],
    ["a number in words is no NUMBER", "She already fixed two flaky tests, no one else did.", []],
  ])("%s: %s", (_rule, text, words) => {
    expect([...distinctiveContent(text)].sort()).toEqual([...words].sort());
  });
});

describe("keeps: the beliefs from a turn together say every distinctive word of it", () => {
  it.each<[name: string, beliefs: string[], turn: string, kept: boolean]>([
    [
      "the sentence with the name was dropped (a question)",
      ["Otherwise I'm really happy since I switched over, the startup is instant."],
      "Zed's vim mode still doesn't do :g as far as I can tell, any workaround? Otherwise I'm really happy since I switched over, the startup is instant.",
      false,
    ],
    [
      "a restatement folded into an older belief with another value",
      ["Leo goes to bed at 7pm."],
      "Leo goes to bed at 7:45pm now.",
      false,
    ],
    ["the turn in its own words", ["Leo goes to bed at 7:45pm now."], "Leo goes to bed at 7:45pm now.", true],
    [
      "a turn split in two beliefs, each keeping its part",
      ["I switched to Zed.", "The startup is instant on my M2."],
      "I switched to Zed. The startup is instant on my M2.",
      true,
    ],
    ["case and a possessive aside", ["zed is my editor"], "Zed's startup is instant.", true],
    [
      "a turn with nothing distinctive is kept by any belief from it",
      ["I walk."],
      "i get about with my walking stick",
      true,
    ],
  ])("%s", (_name, beliefs, turn, kept) => {
    expect(keeps(beliefs, turn)).toBe(kept);
    expect(lostWords(beliefs, turn).length === 0).toBe(kept);
  });
});
