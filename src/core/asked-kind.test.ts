import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sleptChat } from "../../test/support/memory.js";
import { sharedWordNet } from "../lexicon/wordnet.js";
import type { Memory } from "./engine.js";
import { loadTagger } from "./judge/tagger.js";
import { askedKind, askedSlot, namesAnotherOfAskedKind, namesAskedKind } from "./state-slots.js";

beforeAll(() => loadTagger());
const lexicon = sharedWordNet();

describe("askedKind: the kind a question's determiner asks a member of", () => {
  it.each([
    ["Which school does my son go to?", "school"],
    ["What car do I drive?", "car"],
    ["What keyboard do I type on?", "keyboard"],
    ["Which city do I live in?", "city"],
    // No determiner: "is" follows "what".
    ["What is our favourite restaurant?", null],
    // No determiner at all.
    ["Who looks after our dog during the day?", null],
    // A kind of person: a name of one is a person, not a value of a slot.
    ["Which dentist do I go to?", null],
    // WordNet's "editor" is first a person (the program is a "text editor").
    ["Which code editor do I use?", null],
    // A time is no kind of thing a name is of.
    ["What time is choir rehearsal?", null],
  ])("%j → %j", (question, kind) => {
    const asked = askedSlot(question);
    expect(asked === null ? null : askedKind(question, asked, lexicon)).toBe(kind);
  });
});

describe("namesAskedKind: a name WordNet reads as a member of the asked kind", () => {
  it.each([
    // A name made of a kind of the asked noun: an academy is a school.
    ["Maya's form tutor at Northgate Academy wants a poster by Monday.", "school", [], "Northgate Academy"],
    ["We moved our daughter to Northgate Academy for the music program.", "school", [], "Northgate Academy"],
    // A name that is an instance of the kind: Edinburgh is a city.
    ["I've only been here three weeks, and the hikes near Edinburgh are lovely.", "city", [], "Edinburgh"],
    // A name the older already names is no other value.
    [
      "Maya's form tutor at Northgate Academy wants a poster by Monday.",
      "school",
      ["Northgate", "Academy"],
      null,
    ],
    // A name sharing a word with the older's is still another value: "Hillcrest Academy" / "Northgate Academy".
    [
      "Maya's form tutor at Northgate Academy wants a poster by Monday.",
      "school",
      ["Hillcrest", "Academy"],
      "Northgate Academy",
    ],
    // No name: a common noun of the kind is not a value.
    ["Theo plays the violin after school on Fridays.", "school", [], null],
    // A name WordNet lacks is of no kind it can tell.
    ["Ever since I switched to Zedit I keep hitting Escape.", "editor", [], null],
    // A name of another kind.
    ["My book club meets in the back room of the Fox and Hound.", "school", [], null],
    ["We spent the weekend in Edinburgh with friends.", "school", [], null],
  ])("%j (%s, not %j) → %j", (text, kind, except, name) => {
    expect(namesAskedKind(text, kind, except, lexicon)).toBe(name);
  });
});

describe("namesAnotherOfAskedKind: the speaker's, or of a name the older names", () => {
  it.each([
    // The older's name said again (first in its sentence): the same child.
    [
      "My daughter Maya is in Year 5 at Hillcrest Primary.",
      "Maya's form tutor at Northgate Academy wants a poster by Monday.",
      "Northgate Academy",
    ],
    // The speaker's own statement, in place of a member of the kind the older names.
    [
      "Our daughter goes to Hillcrest Academy, it's a five minute walk.",
      "We moved our daughter to Northgate Academy for the music program.",
      "Northgate Academy",
    ],
    // The speaker's, but the older names no member of the kind: nothing to replace by kind.
    [
      "Our daughter goes to Maple Elementary, it's a five minute walk.",
      "We moved our daughter to Northgate Academy for the music program.",
      null,
    ],
    // Neither the speaker's nor of the older's name: someone else's school.
    [
      "My daughter Maya is in Year 5 at Hillcrest Primary.",
      "Priya's son started at Northgate Academy this term.",
      null,
    ],
    // The speaker's, but no other member of the kind.
    [
      "My daughter Maya is in Year 5 at Hillcrest Primary.",
      "Maya has a spelling test on Friday at Hillcrest Primary.",
      null,
    ],
  ])("%j, then %j → %j", (older, newer, name) => {
    expect(namesAnotherOfAskedKind(newer, older, "school", lexicon)).toBe(name);
  });

  it.each([
    // A speaker's name of the kind said of another thing: a hotel is a building, the office's is not named.
    [
      "My office is on the third floor of the old mill, near the lifts.",
      "We met friends for dinner at the Grand Hotel.",
      null,
    ],
    [
      "I live in Leeds, near the university.",
      "We finally moved, and the hikes near Edinburgh are lovely.",
      "Edinburgh",
    ],
  ])("%j, then %j (building / city) → %j", (older, newer, name) => {
    const kind = /office/.test(older) ? "building" : "city";
    expect(namesAskedKind(newer, kind, [], lexicon)).not.toBeNull();
    expect(namesAnotherOfAskedKind(newer, older, kind, lexicon)).toBe(name);
  });
});

describe("recall: the slot-typed link ranks a newer member of the asked kind above the older", () => {
  let mem: Memory | undefined;
  afterEach(async () => {
    await mem?.close();
    mem = undefined;
  });

  it("a turn left as itself, of the older's child, naming another school: first", async () => {
    mem = await sleptChat([
      { text: "My daughter Maya is in Year 5 at Hillcrest Primary, her teacher is lovely.", day: 0 },
      {
        text: "Maya's form tutor at Northgate Academy wants a poster on volcanoes by Monday. What glue works best on card?",
        day: 20,
      },
    ]);
    const hits = await mem.recall("Which school does my daughter go to?", { k: 5 });
    expect(hits[0]?.text).toMatch(/Northgate Academy/);
    expect(hits[0]?.why.summary).toMatch(/names another of the asked kind/);
  });

  it("another family's school is not the speaker's: the older stays first", async () => {
    mem = await sleptChat([
      { text: "My daughter Maya is in Year 5 at Hillcrest Primary, her teacher is lovely.", day: 0 },
      {
        text: "Priya's son started at Northgate Academy this term. What glue works best on card?",
        day: 20,
      },
    ]);
    const hits = await mem.recall("Which school does my daughter go to?", { k: 5 });
    expect(hits[0]?.text).toMatch(/Hillcrest Primary/);
    expect(hits.some((h) => /names another of the asked kind/.test(h.why.summary))).toBe(false);
  });

  it("a question with no determiner asks no kind: no slot-typed link", async () => {
    mem = await sleptChat([
      { text: "My daughter Maya is in Year 5 at Hillcrest Primary, her teacher is lovely.", day: 0 },
      {
        text: "Maya's form tutor at Northgate Academy wants a poster on volcanoes by Monday. What glue works best on card?",
        day: 20,
      },
    ]);
    const hits = await mem.recall("Where does my daughter go to school?", { k: 5 });
    expect(hits.some((h) => /names another of the asked kind/.test(h.why.summary))).toBe(false);
  });
});
