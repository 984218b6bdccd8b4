import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTagger } from "../core/judge/tagger.js";
import { askedSlot, fillsAskedSlot, saysOthersState } from "../core/state-slots.js";
import {
  derivedNouns,
  derivedVerbs,
  isArtifact,
  isListed,
  isPartOf,
  isPerson,
  isPlace,
  KINDS_KEPT,
  nounKinds,
  nounRelation,
  openWordNet,
  sharesKind,
  topicKind,
  WordNetNouns,
  wordnetDir,
  wordRelation,
} from "./wordnet.js";

const nouns = new WordNetNouns(wordnetDir(), (p) => statSync(p).size);
const wordsOf = (offsets: number[]) => offsets.map((o) => nouns.synset(o).words);

describe("the WordNet reader: known facts of WordNet 3.1, read by seeking", () => {
  it("finds the senses of a noun, most frequent first, and reads each synset's words", () => {
    const car = wordsOf(nouns.sensesOf("car"));
    expect(car).toHaveLength(5);
    expect(car[0]).toEqual(["car", "auto", "automobile", "machine", "motorcar"]);
    expect(car[1]).toContain("railcar");
  });

  it("follows hypernyms: puppy → dog → canine → carnivore", () => {
    const [puppy] = nouns.sensesOf("puppy");
    const up = nouns.synset(puppy!).hypernyms.map((h) => nouns.synset(h));
    const dog = up.find((s) => s.words.includes("dog"))!;
    expect(dog.words).toEqual(["dog", "domestic dog", "canis familiaris"]);
    expect(dog.offset).toBe(nouns.sensesOf("dog")[0]);
    const canine = nouns.synset(dog.hypernyms[0]!);
    expect(canine.words).toContain("canine");
    expect(canine.hypernyms.map((h) => nouns.synset(h).words)).toContainEqual(["carnivore"]);
  });

  it("finds the index's first and last nouns and multi-word nouns, and nothing for a word it lacks", () => {
    // The binary search's edges: the first lemma after the licence header, and the file's last line.
    expect(nouns.sensesOf("'hood").length).toBeGreaterThan(0);
    expect(nouns.sensesOf("zyrian").length).toBeGreaterThan(0);
    expect(wordsOf(nouns.sensesOf("domestic dog"))[0]).toContain("dog");
    expect(nouns.sensesOf("Domestic   Dog")).toEqual(nouns.sensesOf("domestic_dog"));
    expect(nouns.sensesOf("synthwave")).toEqual([]);
    expect(nouns.sensesOf("")).toEqual([]);
    expect(nouns.sensesOf("a b/c")).toEqual([]);
  });

  // What WordNet says, not a list of ours: "boyfriend" (a lover) and "partner" (a spouse, a
  // collaborator) share no sense and neither is a kind of the other.
  it.each([
    ["dog", "dog", "same"],
    ["auto", "car", "synonym"],
    ["domestic dog", "dog", "synonym"],
    ["puppy", "dog", "kind"],
    ["poodle", "dog", "kind"],
    ["jazz", "music", "kind"],
    ["cat", "dog", null],
    ["dog", "puppy", null],
    ["boyfriend", "partner", null],
    ["vegan", "diet", null],
    ["pottery", "hobby", null],
    ["synthwave", "music", null],
  ] as const)("%s to %s: %s", (word, of, relation) => {
    expect(nounRelation(nouns, word, of)).toBe(relation);
  });
});

describe("nounKinds: the kinds of a noun within two hyponym steps, nearest first", () => {
  it("names a dog's kinds and a music's genres, not the noun itself", () => {
    const dog = nounKinds(nouns, "dog");
    expect(dog[0]).toBe("puppy");
    expect(dog).toEqual(expect.arrayContaining(["poodle", "corgi", "hound"]));
    expect(dog).not.toContain("dog");
    expect(dog).not.toContain("cat");
    expect(nounKinds(nouns, "music")).toContain("jazz");
  });

  it("leaves out instances and bounds the list", () => {
    // Paris is an instance of a national capital, not a kind of city.
    const city = nounKinds(nouns, "city");
    expect(city).toContain("national capital");
    expect(city).not.toContain("paris");
    expect(nounKinds(nouns, "job").length).toBeLessThanOrEqual(KINDS_KEPT);
    expect(nounKinds(nouns, "synthwave")).toEqual([]);
  });

  it("reads a kind's word in its dominant sense: a tagged word's first sense only", () => {
    // "spot" is a broadcast's slot (a section of music) in its second sense, a place in its first.
    expect(nounKinds(nouns, "music")).toContain("spot");
    expect(nounRelation(nouns, "spot", "music")).toBeNull();
    expect(nouns.dominantSensesOf("spot")).toEqual(nouns.sensesOf("spot").slice(0, 1));
    // "jazz" has no corpus counts, so its order says nothing: its first three senses are read.
    expect(nouns.dominantSensesOf("jazz")).toHaveLength(3);
  });
});

describe('ASKED_NOUN_AS_MEANT: nounKinds(…, "dominant") reads the noun\'s dominant senses only', () => {
  it.each([
    // a rarer sense's kinds are not the noun's as meant: a bowed instrument, a body of water, a beverage, a price
    ["string", "fiddle"],
    ["water", "river"],
    ["drink", "coffee"],
    ["charge", "fee"],
    ["part", "upstairs"],
  ])("%s: no %s (a kind of a rarer sense, read by the first three)", (noun, kind) => {
    expect(nounKinds(nouns, noun)).toContain(kind);
    expect(nounKinds(nouns, noun, "dominant")).not.toContain(kind);
  });

  it.each([
    // the first sense's kinds, a counted noun
    ["music", "jazz"],
    ["sport", "cycling"],
    ["mother", "mom"],
    ["dog", "puppy"],
    // an uncounted noun: its first three senses, as before
    ["antidepressant", "sertraline"],
  ])("%s: still %s", (noun, kind) => {
    expect(nounKinds(nouns, noun, "dominant")).toContain(kind);
  });
});

describe("openWordNet: nothing is opened before the first lookup", () => {
  it("builds over a folder that does not exist, and fails only when asked", () => {
    const lexicon = openWordNet(join(wordnetDir(), "no-such-folder"));
    expect(lexicon.id).toBe("wordnet-3.1");
    expect(() => lexicon.nounRelation("puppy", "dog")).toThrow(/ENOENT/);
  });

  it("answers from the package's files", () => {
    const lexicon = openWordNet();
    expect(lexicon.nounRelation("puppy", "dog")).toBe("kind");
    lexicon.close();
  });
});

describe("fillsAskedSlot with WordNet: a statement's noun fills the asked noun when it is a synonym or a kind of it", () => {
  beforeAll(() => loadTagger());
  const lexicon = openWordNet();

  it.each([
    ["What is our dog called?", "We renamed the puppy Waffles because the kids kept calling him that."],
    ["What is our dog called?", "Our poodle is called Biscuit."],
    ["What car do I drive?", "My automobile is an old Volvo my uncle gave me."],
    ["What music am I into?", "My favourite jazz is Coltrane's."],
  ])("fills: %s ← %s", (question, statement) => {
    const asked = askedSlot(question)!;
    expect(asked).not.toBeNull();
    expect(fillsAskedSlot(statement, asked)).toBeNull(); // not in the question's own words
    expect(fillsAskedSlot(statement, asked, lexicon)).not.toBeNull();
  });

  it.each([
    ["What is our dog called?", "Our cat is called Tom."],
    ["What's my partner's name?", "My boyfriend Marco loves cooking Italian food on Sundays."],
    ["What diet do I follow?", "I've gone fully vegan as of this month."],
    // Another person's puppy is not the speaker's dog.
    ["What is our dog called?", "Her puppy is called Waffles."],
  ])("does not fill: %s ← %s", (question, statement) => {
    const asked = askedSlot(question)!;
    expect(asked).not.toBeNull();
    expect(fillsAskedSlot(statement, asked, lexicon)).toBeNull();
  });
});

describe("isPerson: a noun whose dominant sense is a kind of person, at any depth", () => {
  it.each(["flatmate", "roommate", "coworker", "colleague", "daughter", "neighbour", "landlord", "dentist"])(
    "a person: %s",
    (word) => expect(isPerson(nouns, word)).toBe(true),
  );
  // "coworker" is listed as "co-worker"; "bus", "choir" and "college" are things, "dana" no noun.
  it.each(["college", "team", "office", "bus", "choir", "phone", "dana", "people"])(
    "not a person: %s",
    (word) => expect(isPerson(nouns, word)).toBe(false),
  );
});

describe("saysOthersState: another person's state is not the speaker's", () => {
  beforeAll(() => loadTagger());
  const lexicon = openWordNet();

  it.each([
    [
      "Which bus do I take to work?",
      "My flatmate started taking the number 38 bus instead of cycling now that it's icy.",
    ],
    [
      "Which choir do I sing in?",
      "My daughter left the school choir and joined the St Mary's youth choir instead.",
    ],
    [
      "What do I usually have for lunch?",
      "My coworker Dana switched to intermittent fasting, so she skips lunch now.",
    ],
    [
      "Which class do I go to?",
      "The college moved the woodwork class to a later slot, which annoys my neighbour who takes it.",
    ],
    ["What car do I drive?", "Our neighbours traded their Golf for a Tesla."],
    // A possessive chain: the first link, a person, says whose.
    ["Who do I bank with?", "My sister's salary goes into a Monzo account now."],
    ["What car do I drive?", "My boss’s car is a Tesla."],
    ["What breed is my dog?", "Our neighbour's dog is a beagle."],
    ["Where is my flat?", "My best friend's new flat is in Leeds."],
    ["Who insures our car?", "Admiral beat my sister's renewal quote, so she signed with them instead."],
    // A named third person as the subject, no first-person word (namedSubject).
    ["Who do I bank with?", "Dana quit the food bank after the new manager started, lots of drama there."],
    ["Who is my piano teacher?", "Mrs. Halloran emigrated to Canada last spring."],
    ["Which gym do I go to?", "After the merger, Marco and Dana moved to the gym on Elm Street."],
  ])("another's: %s ← %s", (question, statement) => {
    const asked = askedSlot(question)!;
    expect(asked).not.toBeNull();
    expect(saysOthersState(statement, asked, lexicon)).toBe(true);
  });

  it.each([
    // The speaker is a subject or an object somewhere.
    ["Which day do I swim?", "The pool changed its lane schedule, so I swim on Fridays now."],
    ["Which floor does our team sit on?", "Facilities moved us up to the 9th floor over the weekend."],
    ["What do I take for my hay fever?", "Claritin stopped working so my doctor put me on Zyrtec."],
    // The person is what the question asks about.
    ["Who is my roommate?", "Oliver moved in with his girlfriend, so my new roommate is Priscilla."],
    ["Where does my sister live?", "My sister moved to Glasgow last month for a new hospital job."],
    ["Where does my sister live?", "My sister's flat is in Glasgow now."],
    // A first-person word possesses a thing, or there is none (left to the slot readers).
    ["What phone do I have?", "My flatmate says my phone is ancient, so I got an iPhone 15."],
    ["How much is our rent?", "The landlord raised the rent to $2,050 starting next month."],
    // A possessive chain whose first link is a thing, or the person the question asks about.
    ["What car do I drive?", "My car's engine was replaced last week."],
    ["Which health plan am I on?", "My company's health plan switched to Bupa."],
    ["Who is my boss?", "My boss's car is a Tesla."],
    // A capital that only opens the sentence, on a common noun; the name the question asks; a name
    // beside the speaker; an acronym.
    ["Which Redis version do we run?", "Production runs Redis 7.2.4 now."],
    ["How much do I pay for Netflix?", "Netflix raised its price again."],
    ["Who do I bank with?", "Dana and I moved our accounts to Monzo."],
    ["Which cloud do we host on?", "AWS raised its prices again."],
  ])("the speaker's, or not read: %s ← %s", (question, statement) => {
    const asked = askedSlot(question)!;
    expect(asked).not.toBeNull();
    expect(saysOthersState(statement, asked, lexicon)).toBe(false);
  });
});

describe("derivedNouns / derivedVerbs: WordNet's derivationally related forms, in the dominant sense", () => {
  const verbs = new WordNetNouns(wordnetDir(), (p) => statSync(p).size, "verb");
  it.each([
    ["renew", ["renewal"]],
    ["commute", ["commutation"]],
    ["drive", ["driving"]],
    // A doer is a person (noun.person), not an event: "driver", "reader", "walker" are left out.
    ["read", ["reading"]],
    // None in the dominant sense ("insure" is first "ensure"); a light verb's are its own words.
    ["insure", []],
    ["practise", []],
  ])("nouns of %s → %j", (verb, nouns_) => expect(derivedNouns(verbs, nouns, verb)).toEqual(nouns_));
  it.each([
    ["insurance", ["insure"]],
    // The dominant sense of "renewal" is a reclamation of land, derived from no verb "renew".
    ["renewal", []],
    ["car", []],
  ])("verbs of %s → %j", (noun, verbs_) => expect(derivedVerbs(nouns, verbs, noun)).toEqual(verbs_));
});

describe("isPartOf: a part holonym in the first senses", () => {
  it.each([
    ["evening", "night"],
    ["night", "day"],
    ["bumper", "car"],
    ["finger", "hand"],
  ])("%s is a part of %s", (part, whole) => expect(isPartOf(nouns, part, whole)).toBe(true));
  it.each([
    ["night", "evening"],
    ["evening", "morning"],
    ["morning", "evening"],
    ["car", "bumper"],
  ])("%s is not a part of %s", (part, whole) => expect(isPartOf(nouns, part, whole)).toBe(false));
});

describe("isPlace: a place in every dominant sense (noun.location)", () => {
  it.each(["Portland", "Glasgow", "Denver", "Chicago", "New York", "Berlin"])("%s is a place", (w) =>
    expect(isPlace(nouns, w)).toBe(true),
  );
  // A brand WordNet lacks, a word whose dominant sense is an act or an ally, a riverbank or a river town.
  it.each(["Giffgaff", "Bitwarden", "Reading", "Crunch", "Ally", "Riverside", "password"])(
    "%s is not a place",
    (w) => expect(isPlace(nouns, w)).toBe(false),
  );
});

describe("isArtifact: a made thing in one of the first senses (noun.artifact)", () => {
  it.each(["server", "router", "laptop", "chair", "kettle"])("%s may be a made thing", (w) =>
    expect(isArtifact(nouns, w)).toBe(true),
  );
  it.each(["sister", "manager", "colleague", "neighbour", "driver", "morning", "Giffgaff"])(
    "%s is no made thing",
    (w) => expect(isArtifact(nouns, w)).toBe(false),
  );
});

describe("topicKind: the kind of thing a turn's topic may be, by the noun's dominant senses", () => {
  it.each([
    ["coffee", "food"],
    ["milk", "food"],
    ["laptop", "artifact"],
    ["gym", "artifact"],
    ["company", "organisation"],
    ["dentist", "role"],
    ["sister", "role"],
    // Senses of other kinds, split senses, time, unknown words: none.
    ["week", null],
    ["idea", null],
    ["bank", null],
    ["insurance", null],
    ["Chemex", null],
  ])("%s → %s", (w, kind) => expect(topicKind(nouns, w)).toBe(kind));
});

describe("sharesKind: two nouns of one kind within two hypernym steps each", () => {
  it.each([
    ["coffee", "brew", true],
    ["tea", "brew", true],
    ["coffee", "coffee", true],
    ["coffee", "garden", false],
    ["sugar", "brew", false],
    ["phone", "meeting", false],
    ["car", "drive", false],
    ["tomatoes", "car", false],
    ["Chemex", "Chemex", false],
  ])("%s / %s → %s", (a, b, shared) => expect(sharesKind(nouns, a, b)).toBe(shared));
});

describe("wordRelation: two values of one thing as WordNet relates them (judge41)", () => {
  const adjectives = new WordNetNouns(wordnetDir(), (p) => statSync(p).size, "adj");
  const verbs = new WordNetNouns(wordnetDir(), (p) => statSync(p).size, "verb");
  it.each([
    // Direct antonyms, adjectives and nouns.
    ["early", "late", "antonym"],
    ["junior", "senior", "antonym"],
    ["slow", "fast", "antonym"],
    ["night", "day", "antonym"],
    ["open", "closed", "antonym"],
    // A satellite reads its head's antonym: "ajar" is similar to "open".
    ["ajar", "closed", "antonym"],
    // Two attribute nouns under one attribute: colours.
    ["blue", "green", "sibling"],
    ["red", "yellow", "sibling"],
    // Grey is an achromatic colour, red a chromatic one: not one hypernym.
    ["red", "grey", null],
    ["begin", "start", "synonym"],
    ["big", "large", "synonym"],
    // Foods, days, cities, a kind and its kind: no one attribute, no antonym.
    ["pork", "beef", null],
    ["monday", "tuesday", null],
    ["leeds", "sheffield", null],
    ["vegetarian", "vegan", null],
    ["late", "late", null],
    ["hr", "day", null],
  ] as const)("%s / %s → %s", (a, b, relation) => {
    expect(wordRelation(nouns, adjectives, verbs, a, b)).toBe(relation);
    expect(wordRelation(nouns, adjectives, verbs, b, a)).toBe(relation);
  });
  it("is the lexicon's wordRelation", () => {
    const lexicon = openWordNet();
    expect(lexicon.wordRelation?.("early", "late")).toBe("antonym");
    expect(lexicon.wordRelation?.("pork", "beef")).toBeNull();
    lexicon.close();
  });
});

describe("confidentSensesOf: a counted word is read as a kind only when its first sense is most of its uses", () => {
  it.each([
    // Counted, first sense at least half of the tagged uses.
    ["dog", 1],
    ["coffee", 1],
    ["music", 1],
    ["production", 1],
    // Counted in no tagged text: WordNet's order says nothing, the first SENSES are read.
    ["jazz", 3],
  ])("reads %s in %i sense(s)", (word, n) => expect(nouns.confidentSensesOf(word)).toHaveLength(n));

  it.each([
    // A baseball club in 14 of 29 uses, a society in 9: which one needs the sentence.
    "club",
    // A walk as an act, a gait, a path: none dominant.
    "walk",
    "class",
  ])("reads %s in none: its uses split between senses", (word) => {
    expect(nouns.dominantSensesOf(word)).toHaveLength(1);
    expect(nouns.confidentSensesOf(word)).toEqual([]);
  });

  it("reads the tag counts of index.sense in WordNet's sense order", () => {
    expect(nouns.tagCounts("club").slice(0, 2)).toEqual([14, 9]);
    expect(nouns.tagCounts("synthwave")).toEqual([]);
  });

  it.each([
    ["puppy", "dog", "kind"],
    ["coffee", "drink", "kind"],
    ["jazz", "music", "kind"],
    ["club", "team", null],
    ["club", "organization", null],
  ])("nounRelation(%s, %s) → %s", (word, of, relation) =>
    expect(nounRelation(nouns, word, of)).toBe(relation),
  );
});

describe("isListed: WordNet lists a base form in a part of speech (lemma20)", () => {
  const verbs = new WordNetNouns(wordnetDir(), (p) => statSync(p).size, "verb");
  it.each([
    ["mortgage", "noun", true],
    ["mortgage", "verb", true],
    ["home", "verb", true],
    ["read", "verb", true],
    // An inflected form is no entry (its base is the tagger's lemmatiser's to find), nor a word WordNet lacks.
    ["mortgaged", "verb", false],
    ["went", "verb", false],
    ["remortgaged", "verb", false],
    ["ason", "noun", false],
    // Not a single lower-case word.
    ["", "noun", false],
    ["2.1%", "noun", false],
  ] as const)("%s as a %s → %s", (word, pos, listed) => {
    expect(isListed(pos === "noun" ? nouns : verbs, word)).toBe(listed);
  });
});

describe("the WordNet reader's pages: a line read whole wherever it falls across them", () => {
  it("finds every lemma of a sorted index whose lines cross 4 KB pages, one of them longer than a page", () => {
    const dir = mkdtempSync(join(tmpdir(), "strata-wordnet-pages-"));
    try {
      const lemmas = Array.from(
        { length: 2000 },
        (_, i) => `w${String(i).padStart(5, "0")}${"_x".repeat((i * 37) % 90)}`,
      );
      lemmas.push(`w99999${"y".repeat(5000)}`);
      lemmas.sort();
      const lines = lemmas.map((lemma, i) => `${lemma} n 2 0 2 1 ${1000 + i} ${5000 + i}`);
      writeFileSync(join(dir, "index.noun"), `  licence header line\n${lines.join("\n")}\n`);
      writeFileSync(join(dir, "data.noun"), "");
      const nouns = new WordNetNouns(dir, (path) => statSync(path).size);
      try {
        for (const [i, lemma] of lemmas.entries())
          expect(nouns.sensesOf(lemma.replaceAll("_", " "))).toEqual([1000 + i, 5000 + i]);
        expect(nouns.sensesOf("w00000_x_z")).toEqual([]);
        expect(nouns.sensesOf("zzz")).toEqual([]);
      } finally {
        nouns.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
