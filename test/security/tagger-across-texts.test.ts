/**
 * The lexical judge tags every text it compares (`tag`, wink-nlp), in one process for every
 * namespace a server or worker holds. One namespace's texts must not change how another's are
 * tagged: wink's cache keeps each unknown word it reads and its tokenizer looks pieces up there
 * first, and `tag` gives wink back its tables after each text (`forgetReading`, tagger23). Here
 * namespace B's texts are tagged on a fresh pipeline, then namespace A's — crafted to end on B's
 * words in every shape wink's tokenizer treats by what it has seen (possessives before a full
 * stop, comma, bracket or quote, curly apostrophes, dotted abbreviations, URLs, mentions,
 * hashtags, emoji, numbers with units, times, accented and hyphenated names) — then B's again:
 * every word, tag and lemma the same. Held when written: a guard, not a fix (with
 * `forgetReading` made a no-op it fails, on "My mum's GP": "mum's" read whole).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loadTagger, tag } from "../../src/core/judge/tagger.js";

beforeAll(loadTagger);

const NAMESPACE_B = [
  "My mum's GP moved to Leeds",
  "the landlord's agent rang twice about the boiler",
  "our childminder's hours changed in March",
  "Maya's form tutor at Northgate's annex wants a poster by Monday",
  "Theo’s teacher at Riverside Académie moved to Qorvane-on-Sea",
  "Ping @zelvik about svc-ledgerd's config for v2.3.1",
  "The U.S.-based team meets at 7:30pm, e.g. on Fridays",
  "We paid 5kg worth of Brixtel's coffee #worthit 🙂",
  "Dr. Okwuosa's clinic (at https://okwuosa.example/clinic) opens at 9",
];

const NAMESPACE_A = [
  "It was my mum's.",
  "The keys are the landlord's, I think",
  "(our childminder's) and [the landlord's]",
  "It was Maya's.",
  "Northgate's, not Hillcrest's, he said",
  "(Northgate's) and [Maya's]",
  '"Theo’s." she wrote',
  "Riverside Académie’s. Qorvane-on-Sea's!",
  "svc-ledgerd's. @zelvik's, #worthit's",
  "U.S.-based? e.g., 7:30pm's slot",
  "5kg's. Brixtel's; 🙂's",
  "Okwuosa's. https://okwuosa.example/clinic's",
  "MAYA'S NORTHGATE'S THEO’S BRIXTEL'S",
];

describe("namespace A's texts never change how namespace B's are tagged", () => {
  it("B's words, tags and lemmas after A's crafted texts are those of a fresh pipeline", () => {
    const fresh = NAMESPACE_B.map((t) => tag(t));
    for (const t of NAMESPACE_A) tag(t);
    // And interleaved, as one worker judging both namespaces' pairs would.
    const after = NAMESPACE_B.map((t, i) => {
      tag(NAMESPACE_A[i % NAMESPACE_A.length]!);
      return tag(t);
    });
    for (const [i, text] of NAMESPACE_B.entries())
      expect({ text, words: after[i] }).toEqual({ text, words: fresh[i] });
  });
});
