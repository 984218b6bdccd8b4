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
  ])("%s → %s", (question, kin) => {
    expect(askedKin(question)).toBe(kin);
  });

  it.each([
    "where do my kids have swimming lessons", // several people
    "which school does Theo go to", // a name already
    "who is my dentist", // no kin
    "where does his son work", // not the speaker's kin
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
