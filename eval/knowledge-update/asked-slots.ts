import { loadTagger } from "../../src/core/judge/tagger.js";
import { askedSlot } from "../../src/core/state-slots.js";
import { loadCases, SETS, splitOf } from "./index.js";
await loadTagger();
const show = process.argv.includes("--show");
for (const set of SETS) {
  if (set === "fresh2") continue;
  const file = loadCases(set);
  let n = 0, nul = 0;
  for (const c of file.cases) {
    const split = file.split ?? splitOf(c.id);
    if (split !== "dev") continue;
    n++;
    const s = askedSlot(c.question);
    if (!s) { nul++; if (show) console.log(`${set}\t${c.id}\t${c.question}`); }
    else if (process.argv.includes("--all")) console.log(`${set}\t${c.id}\t${c.question}\t${[...s.attributes].join(",")}\t${s.subject}`);
  }
  console.log(`# ${set}: dev ${n}, null slot ${nul}`);
}
