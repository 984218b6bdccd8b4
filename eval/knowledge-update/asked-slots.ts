/**
 * A development count, not a benchmark: `npx tsx eval/knowledge-update/asked-slots.ts [--show]`
 * reads every **dev** question of each knowledge-update set with `askedSlot` (the tagger and
 * WordNet loaded, as recall reads it) and counts the questions it reads no slot of: for those
 * recall searches no related word and runs no current-state lift. `--show` lists them. Held-out
 * questions are never read; fresh2 (all held-out) is skipped.
 */
import { loadTagger } from "../../src/core/judge/tagger.js";
import { askedSlot } from "../../src/core/state-slots.js";
import { sharedWordNet } from "../../src/lexicon/wordnet.js";
import { loadCases, SETS, splitOf } from "./index.js";

async function main(): Promise<void> {
  await loadTagger();
  const lexicon = sharedWordNet();
  const show = process.argv.includes("--show");
  for (const set of SETS) {
    if (set === "fresh2") continue;
    const file = loadCases(set);
    let dev = 0;
    let none = 0;
    for (const c of file.cases) {
      if ((file.split ?? splitOf(c.id)) !== "dev") continue;
      dev++;
      const slot = askedSlot(c.question, lexicon);
      if (slot) continue;
      none++;
      if (show) console.log(`${set}\t${c.id}\t${c.question}`);
    }
    console.log(`# ${set}: ${dev} dev questions, ${none} with no asked slot`);
  }
}

void main();
