import { statSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTagger } from "../core/judge/tagger.js";
import { doerAsked, doerTerms, relatedTerms } from "../core/recall/expansion.js";
import { askedSlot } from "../core/state-slots.js";
import { queryTerms } from "../core/text.js";
import { openMemory } from "../open-memory.js";
import { agentNouns, relatedWords, sharedWordNet, WordNetNouns, wordnetDir } from "./wordnet.js";

const sizeOf = (p: string) => statSync(p).size;
const nouns = new WordNetNouns(wordnetDir(), sizeOf);
const verbs = new WordNetNouns(wordnetDir(), sizeOf, "verb");
const adjectives = new WordNetNouns(wordnetDir(), sizeOf, "adj");

describe("relatedWords names a title WordNet abbreviates with a full stop (ABBREVIATION)", () => {
  it.each([
    ["doctor", "dr", "doctor, doc, physician, MD, Dr., medico"],
    ["mister", "mr", "mister, Mr, Mr."],
  ])("%s → %j (%s)", (word, abbreviation) => {
    expect(relatedWords(nouns, verbs, adjectives, word)).toContain(abbreviation);
  });

  it.each([
    ["doctor", "md", "an abbreviation written without a full stop is a word of two letters like any other"],
    ["dentist", "dr", "not a synonym of dentist (tooth doctor, dental practitioner)"],
    ["hr", "hr", "a two-letter question word still relates nothing"],
  ])("%s never → %j (%s)", (word, never) => {
    expect(relatedWords(nouns, verbs, adjectives, word)).not.toContain(never);
  });
});

describe("agentNouns: the doers of a verb, from WordNet 3.1", () => {
  it.each([
    ["clean", "cleaner"],
    ["walk", "walker"],
    ["teach", "teacher"],
    ["supply", "supplier"],
    ["pay", "payer"],
  ])("%s → %s", (verb, doer) => {
    expect(agentNouns(verbs, nouns, verb)).toContain(doer);
  });

  it.each([
    ["pay", "payee", "the one paid, not the payer"],
    ["train", "trainee", "the one trained"],
    ["advise", "advisee", "the one advised"],
    ["clean", "cleaning", "an act, not a person"],
  ])("%s never → %s (%s)", (verb, never) => {
    expect(agentNouns(verbs, nouns, verb)).not.toContain(never);
  });

  it.each([["insure"], ["bank"], ["synthwave"], [""]])("%j → [] (no doer WordNet derives)", (verb) => {
    expect(agentNouns(verbs, nouns, verb)).toEqual([]);
  });

  it("is the shared lexicon's agentNouns", () => {
    expect(sharedWordNet().agentNouns?.("clean")).toEqual(agentNouns(verbs, nouns, "clean"));
  });
});

describe("a current-state question's search finds a statement that names the title or the doer", () => {
  beforeAll(async () => {
    await loadTagger();
  });
  /** The question's search terms, as recall makes them: its own, its doer's, its related words. */
  const links = (question: string, statement: string) => {
    const asked = askedSlot(question);
    const terms = new Set(
      [...doerTerms(question, asked, sharedWordNet()), ...relatedTerms(question, asked, sharedWordNet())].map(
        (t) => t.toLowerCase(),
      ),
    );
    return queryTerms(statement).some((t) => terms.has(t.toLowerCase()));
  };

  it.each([
    ["Who is my doctor?", "The new GP, Dr Whitcombe, actually listened about the knee."],
    ["Who is my doctor?", "My GP is Dr. Anand and I see him on Thursday."],
    ["Who cleans our house?", "Our cleaner Agnieszka comes every other week."],
    ["Who walks our dog?", "Our dog walker is Kasia from down the road."],
    ["Who teaches Theo piano?", "His new teacher is Mrs Okoro, on Wednesdays."],
  ])("links %j and %j", (question, statement) => {
    expect(links(question, statement)).toBe(true);
  });

  it.each([
    ["Who is my dentist?", "My doctor is Dr. Patel.", "dentist has no abbreviated synonym"],
    [
      "Who cleaned the house before we moved?",
      "Our cleaner Agnieszka comes every other week.",
      "a past event",
    ],
    ["Who will clean the house at the new place?", "Our cleaner Agnieszka comes every other week.", "a plan"],
    ["Who do I bank with?", "Our banker at Nationwide is helpful.", "'who' is the object, no doer is asked"],
    [
      "Who is our cleaner?",
      "Our cleaner Agnieszka comes every other week.",
      "no doer: the copula (found by its own word)",
    ],
    [
      "Who trains you?",
      "The trainee started on Monday.",
      "the one trained is no doer (and no person's state is asked)",
    ],
  ])("no doer or title links %j and %j (%s)", (question, statement) => {
    const asked = askedSlot(question);
    const extra = new Set([...doerTerms(question, asked, sharedWordNet())]);
    if (question === "Who is my dentist?") {
      expect(links(question, statement)).toBe(false);
      return;
    }
    expect(queryTerms(statement).some((t) => extra.has(t.toLowerCase()))).toBe(false);
  });

  it.each([
    ["Who cleans our house?", "clean"],
    ["Who walks our dog?", "walk"],
  ])("doerAsked(%j) reads the verb %s", (question, lemma) => {
    expect(doerAsked(question)?.lemma).toBe(lemma);
  });

  it.each([
    ["Who is my doctor?"],
    ["Who do I bank with?"],
    ["Who did you meet?"],
    ["What do we feed the dog?"],
  ])("doerAsked(%j) → null", (question) => {
    expect(doerAsked(question)).toBeNull();
  });

  it("names no doer without a lexicon that derives one", () => {
    const q = "Who cleans our house?";
    const { agentNouns: _, ...without } = sharedWordNet();
    expect(doerTerms(q, askedSlot(q), { ...without, id: "none" } as never)).toEqual([]);
    expect(doerTerms(q, askedSlot(q), undefined)).toEqual([]);
  });
});

describe("recall on a real SQLite store finds the newer holder through the doer's noun and the title", () => {
  const clock = { now: () => new Date("2026-06-01T00:00:00.000Z") };
  const filler = [
    "We looked at a house in Didsbury at the weekend but it fell through.",
    "The house got sold and the new landlord is a company called Carrow Lettings.",
    "Zoe is mad about gymnastics now, cartwheels all over the house.",
    "The monorepo uses yarn and a clean install takes almost four minutes on CI.",
    "Bolt licks the bowl clean every evening.",
    "Our house has a damp patch under the stairs.",
    "The clean-up after the party took all Sunday.",
    "I keep the house plants on the kitchen windowsill.",
  ];
  async function cleanerMemory(options: { lexicon?: null; otherNamespace?: boolean } = {}) {
    const mem = await openMemory({
      path: ":memory:",
      clock,
      ...(options.lexicon === null ? { lexicon: null } : {}),
    });
    const at = (day: string) => ({ type: "observation" as const, actor: "user", at: `${day}T09:00:00.000Z` });
    await mem.record("Our cleaner Agnieszka comes every other week.", at("2026-01-07"));
    for (const [i, text] of filler.entries()) await mem.record(text, at(`2026-02-${10 + i}`));
    await mem.record("Agnieszka retired, so her cousin Beata comes now, same days.", at("2026-03-01"));
    if (options.otherNamespace)
      await mem.record("Our cleaner Marisol does Mondays.", { ...at("2026-04-01"), namespace: "neighbours" });
    await mem.consolidate();
    return mem;
  }

  it("'Who cleans our house?' lists the newer cleaner above the older", async () => {
    const mem = await cleanerMemory();
    const hits = await mem.recall("Who cleans our house?", { k: 5 });
    const newer = hits.findIndex((h) => h.text.includes("Beata"));
    const older = hits.findIndex((h) => h.text.includes("Our cleaner Agnieszka"));
    expect(newer).toBeGreaterThanOrEqual(0);
    expect(older === -1 || newer < older).toBe(true);
    await mem.close?.();
  });

  it("without a lexicon, the question's own words only: the newer cleaner is not listed", async () => {
    const mem = await cleanerMemory({ lexicon: null });
    const hits = await mem.recall("Who cleans our house?", { k: 5 });
    expect(hits.some((h) => h.text.includes("Beata"))).toBe(false);
    await mem.close?.();
  });

  it("another namespace's cleaner is never found nor lent", async () => {
    const mem = await cleanerMemory({ otherNamespace: true });
    const hits = await mem.recall("Who cleans our house?", { k: 10 });
    expect(hits.some((h) => h.text.includes("Marisol"))).toBe(false);
    expect(hits.some((h) => h.text.includes("Beata"))).toBe(true);
    await mem.close?.();
  });

  it("'Who is my doctor?' finds the GP statements by the title 'Dr'", async () => {
    const mem = await openMemory({ path: ":memory:", clock });
    const at = (day: string) => ({ type: "observation" as const, actor: "user", at: `${day}T09:00:00.000Z` });
    await mem.record(
      "My GP is Dr Anand and I've got ten minutes with him on Thursday about my knee.",
      at("2026-01-07"),
    );
    for (const [i, text] of filler.entries()) await mem.record(text, at(`2026-02-${10 + i}`));
    await mem.record(
      "The new GP, Dr Whitcombe, actually listened about the knee and referred me for a scan.",
      at("2026-03-01"),
    );
    await mem.consolidate();
    const hits = await mem.recall("Who is my doctor?", { k: 5 });
    expect(hits.some((h) => h.text.includes("Whitcombe"))).toBe(true);
    await mem.close?.();
  });
});
