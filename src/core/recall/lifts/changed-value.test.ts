import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sleptChat } from "../../../../test/support/memory.js";
import { sharedWordNet } from "../../../lexicon/wordnet.js";
import type { Memory } from "../../engine.js";
import { loadTagger } from "../../judge/tagger.js";
import { askedSlot } from "../../state-slots.js";
import { anotherValueOfKind, speaksOfChange } from "./changed-value.js";

const lexicon = sharedWordNet();

beforeAll(async () => {
  await loadTagger();
});

describe("isChangeVerb: a verb WordNet's verb hierarchy puts under a change of one thing for another", () => {
  it.each(["switch", "migrate", "move", "replace", "swap", "convert", "shift", "relocate", "substitute"])(
    "%s",
    (verb) => {
      expect(lexicon.isChangeVerb?.(verb)).toBe(true);
    },
  );

  it.each(["use", "take", "go", "eat", "type", "like", "join", "start", "fold", "grow", "cut", "buy"])(
    "%s → not a change",
    (verb) => {
      expect(lexicon.isChangeVerb?.(verb)).toBe(false);
    },
  );
});

describe("speaksOfChange: a change said done, by a change verb, its nominalisation or a reference to the replaced one", () => {
  it.each([
    // a change verb (WordNet), said as done
    ["We swapped the router for a mesh system last weekend.", "swapped"],
    ["I've relocated the allotment shed to the far corner.", "relocated"],
    // its nominalisation (`derivedVerbs`: migration → migrate)
    ["The migration to Fly.io finished on Friday.", "migration"],
    ["The replacement is a Brother laser printer, much quieter.", "replacement"],
    // a definite reference to the alternative left behind
    ["The vet put her on Royal Canin because the other one upset her stomach.", "the other one"],
    ["My previous dentist never explained anything; Dr. Amin does.", "my previous dentist"],
    ["I bake with spelt instead of rye these days.", "instead of"],
  ])("%s", (sentence, cue) => {
    expect(speaksOfChange(sentence, lexicon)).toBe(cue);
  });

  it.each([
    // no change: a state, a use
    ["I use Fly.io for the side projects."],
    ["My printer is a Brother laser."],
    // a question, a plan, a supposition, a refusal
    ["Should we migrate to Fly.io?"],
    ["We might migrate to Fly.io next year."],
    ["We're going to swap the router for a mesh system."],
    ["I want to switch to spelt but haven't yet."],
    // a remembered past
    ["Years ago we used to swap the router every spring."],
    // a change verb in a sense that changes nothing for another ("grow", "fold")
    ["The tomatoes grew so fast this summer."],
  ])("%s → none", (sentence) => {
    expect(speaksOfChange(sentence, lexicon)).toBeNull();
  });
});

describe("anotherValueOfKind: the newer names another value of the kind the older gives", () => {
  it.each([
    [
      "Which host do we deploy on?",
      "We deploy everything on Heroku.",
      "The migration to Netlify is done.",
      "netlify",
    ],
    [
      "What do I take for my migraines?",
      "For migraines I take sumatriptan when one starts.",
      "The neurologist switched me to rizatriptan.",
      "rizatriptan",
    ],
    ["What is our rent?", "Our rent is £1,150 a month.", "The landlord moved it to £1,240 in May.", "240"],
  ])("%s: %s / %s", (question, older, newer, value) => {
    expect(anotherValueOfKind(older, newer, askedSlot(question)!, lexicon)).toContain(value);
  });

  it.each([
    // the older's own value again
    ["Which host do we deploy on?", "We deploy everything on Heroku.", "The migration to Heroku is done."],
    // a name where the older gives a number: a shop is no rent
    ["What is our rent?", "Our rent is £1,150 a month.", "We switched to Lidl for the weekly shop."],
    // no value at all
    ["Which host do we deploy on?", "We deploy everything on Heroku.", "The migration is done."],
  ])("%s: %s / %s → none", (question, older, newer) => {
    expect(anotherValueOfKind(older, newer, askedSlot(question)!, lexicon)).toBeNull();
  });
});

describe("recall: changedValueFirst ranks a newer change to another value of the asked thing above the older", () => {
  let mem: Memory | undefined;
  afterEach(async () => {
    await mem?.close();
    mem = undefined;
  });
  // openMemory gives recall WordNet (src/lexicon) as its lexicon.
  const withLexicon = (m: Memory, query: string) => m.recall(query, { k: 5 });

  it("a turn that names the other value, refers to the old one as 'the other one' and the asked thing only in its question", async () => {
    mem = await sleptChat([
      { text: "For migraines I take sumatriptan as soon as one starts.", day: 0 },
      { text: "Can you recommend a good podcast about gardening?", day: 3 },
      {
        text: "The neurologist suggested rizatriptan because the other one made my chest tight, and it works faster. Is coffee a bad idea during a migraine?",
        day: 20,
      },
    ]);
    const hits = await withLexicon(mem, "What do I take for migraines?");
    const newer = hits.findIndex((h) => /rizatriptan/.test(h.text));
    const older = hits.findIndex((h) => /sumatriptan/.test(h.text));
    expect(newer).toBeGreaterThanOrEqual(0);
    expect(older < 0 || newer < older).toBe(true);
    expect(hits[newer]?.why.summary).toMatch(/speaking of a change \("the other one"\)/);
  });

  it("another person's change leaves the older first", async () => {
    mem = await sleptChat([
      { text: "For my eczema I use Dermol cream twice a day.", day: 0 },
      {
        text: "My sister's nurse suggested Epaderm for her eczema because the other one stung her. Any tips for sleeping when it itches?",
        day: 20,
      },
    ]);
    const hits = await withLexicon(mem, "What cream do I use for eczema?");
    expect(hits[0]?.text).toMatch(/Dermol/);
    expect(hits.some((h) => h.why.summary.includes("speaking of a change"))).toBe(false);
  });

  it("a plan on the asked thing leaves the older first", async () => {
    mem = await sleptChat([
      { text: "For my eczema I use Dermol cream twice a day.", day: 0 },
      {
        text: "The nurse mentioned Epaderm, I might try it for my eczema if the other one keeps stinging. Any tips for sleeping when it itches?",
        day: 20,
      },
    ]);
    const hits = await withLexicon(mem, "What cream do I use for eczema?");
    expect(hits.some((h) => h.why.summary.includes("speaking of a change"))).toBe(false);
  });

  it("a change of another thing, whose talk never names the asked thing, leaves the older first", async () => {
    mem = await sleptChat([
      { text: "For my eczema I use Dermol cream twice a day.", day: 0 },
      { text: "The migration to Render is done, so I'm rewriting the deploy scripts.", day: 20 },
    ]);
    const hits = await withLexicon(mem, "What cream do I use for eczema?");
    expect(hits[0]?.text).toMatch(/Dermol/);
    expect(hits.some((h) => h.why.summary.includes("speaking of a change"))).toBe(false);
  });
});
