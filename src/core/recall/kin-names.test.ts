import { describe, expect, it } from "vitest";
import { rankOf, sleptTurns, UNRELATED_TEXTS } from "../../../test/support/memory.js";
import { askedKin, askedKinThing, kinNamesIn, ownersIn } from "./kin-names.js";

describe("askedKin: the relative a question asks of by kin", () => {
  it.each([
    ["where is my son stationed now", "son"],
    ["which part of his battalion is my boy in", "son"],
    ["who is in charge of my son's platoon", "son"],
    ["Where does our eldest daughter study?", "daughter"],
    ["when does my mum fly back", "mother"],
    ["what's my daughter in law's mobile", "daughter-in-law"],
    ["What does my father-in-law drive?", "father-in-law"],
    // Scots "ma" is "my" before a kin noun.
    ["where does ma sister stay now", "sister"],
    // A pet is asked of as a relative is, by "my" or "the".
    ["what do I feed my dog", "dog"],
    ["how heavy is the dog", "dog"],
    ["who takes the dug out when I'm away", "dog"],
    ["when is the cat due at the vet", "cat"],
    ["the boy next door walks my puppy", "dog"],
    ["what pet does my granddaughter have", "granddaughter"],
    ["which team does my grandson play for", "grandson"],
  ])("%s → %s", (question, kin) => {
    expect(askedKin(question)).toBe(kin);
  });

  it.each([
    "where do my kids have swimming lessons", // several people
    "which school does Theo go to", // a name already
    "who is my dentist", // no kin
    "where does his son work", // not the speaker's kin
    "which team is the boy playing for", // "the" before a person is no kin of the speaker's
    "where does my ma live", // "ma" a mother, not a possessive: no kin noun after it
    "what kind of dog is mine", // no "my"/"the" before the pet
    "what does ma bank charge", // "ma" before no kin noun
  ])("none: %s", (question) => {
    expect(askedKin(question)).toBeNull();
  });
});

describe("KIN_NAME_RULE: a name said in apposition to the kin noun", () => {
  it.each<[string, string, string[]]>([
    ["My son Jun Hao doing NS, my mother stay with us", "son", ["Jun Hao"]],
    ["My daughter Hui Min set up this thing for me", "daughter", ["Hui Min"]],
    ["I fry with my husband Ah Seng, 22 years already", "husband", ["Ah Seng"]],
    ["our eldest boy, Theo, starts school in May", "son", ["Theo"]],
    ["my daughter-in-law Kylie rang", "daughter-in-law", ["Kylie"]],
    ["My mum Brenda and my son Theo came", "son", ["Theo"]],
    ["Hello there ma daughter Lorraine set this up on the phone", "daughter", ["Lorraine"]],
    ["Ma sister Jean lives in Largs", "sister", ["Jean"]],
    ["so it's just me and the dug Bruno now", "dog", ["Bruno"]],
    ["our cat, Pepper, hates the vet", "cat", ["Pepper"]],
    ["ma granddaughter Ellie phoned on the video", "granddaughter", ["Ellie"]],
  ])("%s (%s) → %j", (text, kin, names) => {
    expect(kinNamesIn(text, kin)).toEqual(names);
  });

  it.each<[string, string, string]>([
    ["my son's teacher Mrs Lee is strict", "son", "a possessive: the teacher's name"],
    ["I told my son, Sunday we go to the zoo", "son", "a weekday is no name"],
    ["My son I think is fine", "son", "a stop word is no name"],
    ["my daughter-in-law Kylie rang", "daughter", "an in-law is another kin"],
    ["my son goes to Riverside Academy", "son", "the name must follow the kin noun"],
    ["My sister Effie lives in Ayr", "son", "another kin"],
    ["the boy Kyle plays for Dyce", "son", '"the" before a person: any boy'],
    ["ma dog's vet Mr Reid retired", "dog", "a possessive: the vet's name"],
    ["the dug Bruno", "cat", "another pet"],
    ["my ma Agnes", "mother", '"ma" no kin noun here'],
  ])("none: %s (%s): %s", (text, kin) => {
    expect(kinNamesIn(text, kin)).toEqual([]);
  });
});

describe("recall searches the name the store gives the asked relative", () => {
  const NAMED = "My son Theo started his national service in March.";
  const POSTED = "Theo is posted to Kranji Camp now, two trains and a bus.";
  const QUESTION = "Where is my son stationed now?";

  it("finds a statement that names the son, not the kin word", async () => {
    const mem = await sleptTurns([
      { text: NAMED },
      ...UNRELATED_TEXTS.map((text) => ({ text })),
      { text: POSTED },
    ]);
    try {
      const hits = await mem.recall(QUESTION, { k: 10 });
      expect(rankOf(hits, "Kranji")).toBeGreaterThanOrEqual(0);
      // Another relative's question does not read the son's name.
      const other = await mem.recall("Where is my daughter stationed now?", { k: 10 });
      expect(rankOf(other, "Kranji")).toBe(-1);
    } finally {
      await mem.close?.();
    }
  });

  it("reads no name where none is said beside the kin, nor from another namespace", async () => {
    for (const named of [
      { text: "Theo started his national service in March." },
      { text: NAMED, namespace: "neighbours" },
    ]) {
      const mem = await sleptTurns([named, ...UNRELATED_TEXTS.map((text) => ({ text })), { text: POSTED }]);
      try {
        expect(rankOf(await mem.recall(QUESTION, { k: 10 }), "Kranji")).toBe(-1);
      } finally {
        await mem.close?.();
      }
    }
  });
});

describe("recall searches the name the store gives the asked pet", () => {
  const NAMED = "It's just me and the dug Bruno now since Margaret passed.";
  const WEIGHED = "Vet nurse weighed Bruno at 21 kilos, she was pleased with him.";

  it('finds a statement that names the dog, not the word dog, for "the dog" and "my dog"', async () => {
    const mem = await sleptTurns([
      { text: NAMED },
      ...UNRELATED_TEXTS.map((text) => ({ text })),
      { text: WEIGHED },
    ]);
    try {
      expect(
        rankOf(await mem.recall("How heavy is the dog now?", { k: 10 }), "21 kilos"),
      ).toBeGreaterThanOrEqual(0);
      expect(
        rankOf(await mem.recall("How heavy is my dog now?", { k: 10 }), "21 kilos"),
      ).toBeGreaterThanOrEqual(0);
      // A cat is another pet: the dog's name is not searched for it.
      expect(rankOf(await mem.recall("How heavy is the cat now?", { k: 10 }), "21 kilos")).toBe(-1);
    } finally {
      await mem.close?.();
    }
  });

  it("reads no name where the dog is never named beside its noun", async () => {
    const mem = await sleptTurns([
      { text: "Bruno came home with me from the rescue in March." },
      ...UNRELATED_TEXTS.map((text) => ({ text })),
      { text: WEIGHED },
    ]);
    try {
      expect(rankOf(await mem.recall("How heavy is the dog now?", { k: 10 }), "21 kilos")).toBe(-1);
    } finally {
      await mem.close?.();
    }
  });
});

describe("askedKinThing: the kin's thing a question asks of (KIN_OWNER_RULE)", () => {
  it.each<[string, string, string[]]>([
    ["what day is my sister's wedding", "sister", ["wedding"]],
    ["what's the tag for posting my sister's wedding photos", "sister", ["wedding", "photos"]],
    ["who is in charge of my son's platoon", "son", ["platoon"]],
    ["where is my son's new school", "son", ["new", "school"]],
    ["what time is our daughter's recital", "daughter", ["recital"]],
    ["how old is the dog's collar", "dog", ["collar"]],
  ])("%s → %s's %j", (question, kin, things) => {
    expect(askedKinThing(question)).toEqual({ kin, things });
  });

  it.each([
    "where is my sister going after the wedding", // no possessive: the wedding is not said to be hers
    "where is my son stationed now", // no thing
    "when is my kids' sports day", // several people
    "what is Theo's school called", // a name, no kin
    "when is the boy's match", // "the" before a person: any boy
  ])("none: %s", (question) => {
    expect(askedKinThing(question)).toBeNull();
  });
});

describe("KIN_OWNER_RULE: the names a text gives as the thing's owner", () => {
  it.each<[string, string[], string[]]>([
    ["Chantal and Dewald's wedding is on 7 March next year", ["wedding"], ["Chantal", "Dewald"]],
    ["Chantal's wedding hashtag is #ChantalSaysJa, cute hey", ["wedding"], ["Chantal"]],
    ["Theo's new school starts on Monday", ["school"], ["Theo"]],
    ["Mia’s recital moved to the big hall", ["recital"], ["Mia"]],
    ["Dewald's weddings are always late", ["wedding"], ["Dewald"]],
  ])("%s (%j) → %j", (text, things, names) => {
    expect(ownersIn(text, things)).toEqual(names);
  });

  it.each<[string, string[], string]>([
    ["My sister's wedding is in March", ["wedding"], "a possessive pronoun, no name"],
    ["Mom's wedding dress is in the cupboard", ["wedding"], "a kin noun is no name"],
    ["On Sunday's wedding we danced", ["wedding"], "a weekday is no name"],
    ["Dewald vetoed the hashtag", ["wedding"], "no possessive"],
    ["Dewald's ouma in Windhoek has to have her hip op", ["wedding"], "another thing of his"],
    ["the bride's wedding planner", ["wedding"], "not capitalised: no name"],
    [
      "Chantal's bachelorette is in Franschhoek, wine tram and a house for the wedding weekend",
      ["wedding"],
      "the thing more than two words after the possessive",
    ],
  ])("none: %s (%j): %s", (text, things) => {
    expect(ownersIn(text, things)).toEqual([]);
  });
});

describe("recall searches the names the store gives as owners of the kin's thing", () => {
  const OWNED = "Priya and Tom's wedding is at the old mill on 9 May.";
  const MOVED = "Priya phoned, the mill double-booked so it's the 23rd of May now.";
  const QUESTION = "What day is my sister's wedding?";

  it("finds a statement that names the owner, not the kin nor the thing", async () => {
    const mem = await sleptTurns([
      { text: OWNED },
      ...UNRELATED_TEXTS.map((text) => ({ text })),
      { text: MOVED },
    ]);
    try {
      expect(rankOf(await mem.recall(QUESTION, { k: 10 }), "23rd of May")).toBeGreaterThanOrEqual(0);
      // Another thing of the sister's: no owner of a party is said, no name is searched.
      expect(rankOf(await mem.recall("What day is my sister's party?", { k: 10 }), "23rd of May")).toBe(-1);
    } finally {
      await mem.close?.();
    }
  });

  it("reads no name where the thing's owner is not named, nor where an apposition names the kin", async () => {
    for (const texts of [
      ["The wedding is at the old mill on 9 May."],
      // The apposition names the sister (Ana): Priya's wedding is someone else's.
      ["My sister Ana lives in Durban.", OWNED],
    ]) {
      const mem = await sleptTurns([
        ...texts.map((text) => ({ text })),
        ...UNRELATED_TEXTS.map((text) => ({ text })),
        { text: MOVED },
      ]);
      try {
        expect(rankOf(await mem.recall(QUESTION, { k: 10 }), "23rd of May")).toBe(-1);
      } finally {
        await mem.close?.();
      }
    }
  });
});
