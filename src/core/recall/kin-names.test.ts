import { describe, expect, it } from "vitest";
import { rankOf, sleptTurns, UNRELATED_TEXTS } from "../../../test/support/memory.js";
import { askedKin, kinNamesIn } from "./kin-names.js";

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
