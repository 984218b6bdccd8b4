import { describe, expect, it } from "vitest";
import {
  DOTTED_TITLES,
  genderOf,
  isTitle,
  KIN_GROUPS,
  LOWER_CASE_TITLES,
  TITLES,
  typedTitles,
} from "./person-words.js";

describe("person words: one vocabulary of titles and gendered nouns", () => {
  it.each<[string, boolean]>([
    ["Mr", true],
    ["Mrs.", true],
    ["ms", true],
    ["Miss", true],
    ["Mx", true],
    ["DR", true],
    ["Prof.", true],
    ["Doctor", false], // a noun, spelled out
    ["St", false], // a saint or a street, not a person's title
    ["Mrs..", false],
    ["Mister", false],
  ])("isTitle(%j) → %s", (word, title) => {
    expect(isTitle(word)).toBe(title);
  });

  it.each<[string, "he" | "she" | null]>([
    ["he", "he"],
    ["She", "she"],
    ["brother", "he"],
    ["Grandad", "he"],
    ["mum", "she"],
    ["aunty", "she"],
    ["auntie", "she"],
    ["woman", "she"],
    ["Mr.", "he"],
    ["Mrs", "she"],
    ["miss", "she"],
    ["cousin", null],
    ["parent", null],
    ["Dr", null],
    ["Mx", null],
    ["him", null], // an object pronoun names no subject
    ["landlord", null],
  ])("genderOf(%j) → %s", (word, gender) => {
    expect(genderOf(word)).toBe(gender);
  });

  it("writes a title's period only where it has one, and in lower case only where it reads as nothing else", () => {
    expect(DOTTED_TITLES).not.toContain("miss");
    expect(LOWER_CASE_TITLES).not.toContain("ms"); // "120 ms. we shipped it"
    expect(new Set([...DOTTED_TITLES, "miss"])).toEqual(new Set(TITLES.keys()));
    const typed = new RegExp(`^(?:${typedTitles(DOTTED_TITLES)})\\.$`);
    for (const t of ["Dr.", "dr.", "Mrs.", "mrs.", "Ms.", "Prof.", "prof."]) expect(typed.test(t)).toBe(true);
    for (const t of ["ms.", "Miss.", "St.", "DR."]) expect(typed.test(t)).toBe(false);
  });

  it("a kin group's nouns never say two genders, and no noun is in two groups", () => {
    for (const group of KIN_GROUPS) {
      const said = new Set(group.map(genderOf).filter((g) => g !== null));
      expect(said.size, group.join(",")).toBeLessThanOrEqual(1);
    }
    expect(genderOf(KIN_GROUPS.find((g) => g.includes("mum"))![0]!)).toBe("she");
    const all = KIN_GROUPS.flat();
    expect(new Set(all).size).toBe(all.length);
  });
});
