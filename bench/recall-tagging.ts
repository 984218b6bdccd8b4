/**
 * Recall's tagging and tokenizing cost on chat text: a knowledge-update set's chat replayed and
 * slept once (the eval's `after` phase, eval/knowledge-update), then every dev question recalled
 * (k 10), counting the texts the tagger reads (`textsTagged`) and the texts split into tokens
 * (`textsTokenized`: `rawTokens`, `contentTokens`), and timing each recall. Prints a table, then JSON.
 *
 *   npm run bench -- --only recall-tagging                        # fresh24 and chat-dev, 3 rounds
 *   npm run bench -- --only recall-tagging --sets fresh24 --rounds 5 --json-only
 *
 * Two arms a round, their order alternating by round so a drift of the shared machine falls on
 * both: `kept`, the memos (`tagged`, the token memos) emptied once before the questions and kept
 * between their recalls (a text an earlier question read is remembered), and `cleared`, the memos
 * emptied before each recall (each recall reads its own texts once). Both count the same texts in
 * every round. The digest (SHA-256 of every
 * hit's id, text and why, in order) must be equal between the arms and between trees whose recall
 * is the same; compare trees by running this in each, in turn, on one machine: read ratios.
 * Only dev questions are asked, and only of the tuning sets (bench/tuning-sets.ts).
 */
import { createHash } from "node:crypto";
import { performance } from "node:perf_hooks";
import { type CaseSet, loadCases, replayChat, splitOf } from "../eval/knowledge-update/index.js";
import { textsTagged } from "../src/core/judge/tagger.js";
import { clearTokenMemos, textsTokenized } from "../src/core/text.js";
import { tagged } from "../src/core/typed-values.js";
import { walkArgs, wordList } from "./argv.js";
import { tuningSets } from "./tuning-sets.js";

const ARMS = ["kept", "cleared"] as const;
type Arm = (typeof ARMS)[number];

interface Options {
  sets: CaseSet[];
  rounds: number;
  jsonOnly: boolean;
}

export interface RecallTaggingResult {
  set: string;
  arm: Arm;
  recalls: number;
  /** Texts the tagger read per recall (the same in every round). */
  taggedPerRecall: number;
  /** Texts split into tokens per recall (`textsTokenized`; the same in every round). */
  tokenizedPerRecall: number;
  /** Wall milliseconds per recall: the median round's, and the fastest and slowest rounds'. */
  ms: { median: number; min: number; max: number };
  /** CPU milliseconds (user + system) per recall, the same way: less moved by a busy machine than wall. */
  cpuMs: { median: number; min: number; max: number };
  /** SHA-256 (first 16 hex) of every recall's hits: id, text and why summary, in order. */
  digest: string;
}

function parseArgs(argv: readonly string[]): Options {
  const o: Options = { sets: ["fresh24", "chat-dev"], rounds: 3, jsonOnly: false };
  walkArgs(argv, (flag, value) => {
    if (flag === "--sets") o.sets = tuningSets(wordList(value()));
    else if (flag === "--rounds") o.rounds = Number(value());
    else if (flag === "--json-only") o.jsonOnly = true;
    else throw new Error(`unknown option ${flag} (use --sets fresh24,chat-dev --rounds 3 --json-only)`);
  });
  if (!Number.isInteger(o.rounds) || o.rounds < 1) throw new Error("--rounds takes a whole number ≥ 1");
  return o;
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
const spread = (xs: readonly number[]) => ({
  median: round(median(xs)),
  min: round(Math.min(...xs)),
  max: round(Math.max(...xs)),
});

async function runSet(set: CaseSet, rounds: number): Promise<RecallTaggingResult[]> {
  const file = loadCases(set);
  const questions = file.cases.filter((c) => (file.split ?? splitOf(c.id)) === "dev").map((c) => c.question);
  const mem = await replayChat(file, "after");
  try {
    const seen = new Map<
      Arm,
      { ms: number[]; cpuMs: number[]; tagged: number; tokenized: number; digest: string }
    >();
    for (let r = 0; r < rounds; r++) {
      for (const arm of r % 2 === 0 ? ARMS : [...ARMS].reverse()) {
        const hash = createHash("sha256");
        const cleared = () => {
          tagged.clear();
          clearTokenMemos();
        };
        cleared();
        const before = textsTagged();
        const tokenizedBefore = textsTokenized();
        let ms = 0;
        let cpuMs = 0;
        for (const q of questions) {
          if (arm === "cleared") cleared();
          const t0 = performance.now();
          const cpu0 = process.cpuUsage();
          const hits = await mem.recall(q, { k: 10 });
          const cpu = process.cpuUsage(cpu0);
          ms += performance.now() - t0;
          cpuMs += (cpu.user + cpu.system) / 1000;
          for (const h of hits) hash.update(`${h.id}\u0000${h.text}\u0000${h.why.summary}\u0001`);
        }
        const digest = hash.digest("hex").slice(0, 16);
        const was = seen.get(arm) ?? {
          ms: [],
          cpuMs: [],
          tagged: textsTagged() - before,
          tokenized: textsTokenized() - tokenizedBefore,
          digest,
        };
        if (was.digest !== digest) throw new Error(`${set} ${arm}: round ${r + 1} recalled otherwise`);
        was.ms.push(ms / questions.length);
        was.cpuMs.push(cpuMs / questions.length);
        seen.set(arm, was);
      }
    }
    return ARMS.map((arm) => {
      const s = seen.get(arm)!;
      return {
        set,
        arm,
        recalls: questions.length,
        taggedPerRecall: round(s.tagged / questions.length),
        tokenizedPerRecall: round(s.tokenized / questions.length),
        ms: spread(s.ms),
        cpuMs: spread(s.cpuMs),
        digest: s.digest,
      };
    });
  } finally {
    await mem.close?.();
  }
}

export function renderRecallTaggingTable(results: readonly RecallTaggingResult[]): string {
  const lines = [
    "| set | arm | recalls | tagged / recall | tokenized / recall | ms / recall (median, min–max) | CPU ms / recall (median, min–max) | digest |",
    "|---|---|--:|--:|--:|--:|--:|---|",
  ];
  for (const r of results)
    lines.push(
      `| ${r.set} | ${r.arm} | ${r.recalls} | ${r.taggedPerRecall} | ${r.tokenizedPerRecall} | ${r.ms.median} (${r.ms.min}–${r.ms.max}) | ${r.cpuMs.median} (${r.cpuMs.min}–${r.cpuMs.max}) | ${r.digest} |`,
    );
  return lines.join("\n");
}

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  const results: RecallTaggingResult[] = [];
  for (const set of o.sets) results.push(...(await runSet(set, o.rounds)));
  if (!o.jsonOnly) console.log(`${renderRecallTaggingTable(results)}\n`);
  console.log(JSON.stringify({ rounds: o.rounds, results }, null, 2));
}

await main();
