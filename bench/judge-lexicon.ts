/**
 * What WordNet costs the lexical judge (`npx tsx bench/judge-lexicon.ts [rounds]`): the dev pairs of
 * the judge evals (everyday, judge-styles, supersession and the pair tables of eval/everyday), judged
 * by `compareLexically` without a lexicon and with one (`openWordNet`, as `openMemory` passes it),
 * each round in turn, the order alternating so a shared machine's load falls on both alike:
 *
 *   cold            the first lookup of a fresh lexicon: its files opened, its first pages read
 *   cpu per pair    process CPU time over all pairs, warm (the tagger loaded, the analyses memoised
 *                   once by a first pass), median of the rounds, without and with the lexicon
 *   lookups         how many pairs reached `wordRelation` (the rule's preconditions passed)
 *   heap / rss      memory after the rounds, with the lexicon's page caches held
 *
 * Ratios, not absolute times: on a loaded machine the milliseconds are the load's as much as the code's.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { compareLexically, loadTagger } from "../src/core/judge/lexical-judge.js";
import type { JudgeItem, Lexicon } from "../src/core/ports.js";
import { openWordNet } from "../src/lexicon/wordnet.js";

const root = join(import.meta.dirname, "..");
const FILES = [
  "eval/everyday/pairs.json",
  "eval/judge-styles/pairs.json",
  "eval/supersession/pairs.json",
  ...[36, 37, 38, 39, 40, 41].map((n) => `eval/everyday/judge${n}-pairs.json`),
];
const at = "2026-01-01T00:00:00.000Z";

function devPairs(): [JudgeItem, JudgeItem][] {
  return FILES.flatMap((file) =>
    (JSON.parse(readFileSync(join(root, file), "utf8")) as { split: string; older: string; newer: string }[])
      .filter((p) => p.split === "dev")
      .map((p): [JudgeItem, JudgeItem] => [
        { text: p.older, at },
        { text: p.newer, at },
      ]),
  );
}

/** CPU milliseconds to judge every pair once. */
function judgeAll(pairs: [JudgeItem, JudgeItem][], lexicon: Lexicon | undefined): number {
  const start = process.cpuUsage();
  for (const [a, b] of pairs) compareLexically(a, b, lexicon);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const rounds = Number(process.argv[2] ?? 5);
  await loadTagger();
  const pairs = devPairs();
  // The analyses of both texts are memoised on the first pass: every round after it measures the rules.
  judgeAll(pairs, undefined);
  const before = process.memoryUsage();
  const lexicon = openWordNet();
  // The first lookup opens the lexicon's files and reads their first pages.
  const first = process.cpuUsage();
  lexicon.wordRelation?.("early", "late");
  const firstUsed = process.cpuUsage(first);
  const cold = (firstUsed.user + firstUsed.system) / 1000;
  let lookups = 0;
  const counted: Lexicon = {
    ...lexicon,
    wordRelation: (x, y) => {
      lookups++;
      return lexicon.wordRelation?.(x, y) ?? null;
    },
  };
  const plain: number[] = [];
  const withLexicon: number[] = [];
  for (let r = 0; r < rounds; r++) {
    if (r % 2 === 0) {
      plain.push(judgeAll(pairs, undefined));
      withLexicon.push(judgeAll(pairs, counted));
    } else {
      withLexicon.push(judgeAll(pairs, counted));
      plain.push(judgeAll(pairs, undefined));
    }
  }
  const after = process.memoryUsage();
  const mb = (n: number) => Math.round((n / 1048576) * 10) / 10;
  console.log(
    JSON.stringify(
      {
        pairs: pairs.length,
        rounds,
        coldFirstLookupMs: Math.round(cold * 10) / 10,
        cpuMsPerPair: {
          plain: Math.round((median(plain) / pairs.length) * 1000) / 1000,
          lexicon: Math.round((median(withLexicon) / pairs.length) * 1000) / 1000,
        },
        ratio: Math.round((median(withLexicon) / median(plain)) * 100) / 100,
        lookupsPerRound: lookups / rounds,
        heapMb: { before: mb(before.heapUsed), after: mb(after.heapUsed) },
        rssMb: { before: mb(before.rss), after: mb(after.rss) },
      },
      null,
      2,
    ),
  );
  lexicon.close();
}

await main();
