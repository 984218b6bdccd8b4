/**
 * The candidate queue after a sleep: how many pairs `candidates()` offers a semantic judge (the
 * calling agent) once a real chat has been recorded and slept on, per 100 episodes, and whether any
 * pair is offered twice — the same two beliefs again or the other way round, or the same two texts
 * under other ids. Chats: LoCoMo conversations (every turn recorded, one sleep: the locomo eval's
 * `after` phase) and the knowledge-update tuning sets' dev halves (each set's chat with its dev cases
 * only, eval/knowledge-update's `after` phase). Prints a table, then JSON.
 *
 *   npx tsx bench/candidate-queue.ts                                  # LoCoMo 0-2 and every tuning set
 *   npx tsx bench/candidate-queue.ts --conversations 0 --sets fresh24,chat-dev --json-only
 *
 * The whole queue is read, page by page (500 a page). `byReason` counts the lexical judge's
 * reasons for deferring (the rule before the colon): compare trees by running this in each.
 * Only dev cases are recorded: a held-out case's text never enters a store here, and only the tuning
 * sets are read (bench/tuning-sets.ts).
 */
import {
  buildStream,
  type CaseFile,
  type CaseSet,
  loadCases,
  replayChat,
  splitOf,
} from "../eval/knowledge-update/index.js";
import { DEFAULT_LOCOMO_PATH } from "../eval/locomo/index.js";
import type { Memory } from "../src/core/engine.js";
import type { CandidatePair } from "../src/core/sleep/agent-judge.js";
import { numberList, walkArgs, wordList } from "./argv.js";
import { recordedLocomo } from "./locomo-chat.js";
import { TUNING_SETS, tuningSets } from "./tuning-sets.js";

const PAGE = 500;

interface Options {
  conversations: number[];
  sets: CaseSet[];
  path: string;
  jsonOnly: boolean;
}

export interface CandidateQueueResult {
  /** "locomo 0", "fresh24 dev" … */
  name: string;
  episodes: number;
  activeBeliefs: number;
  candidates: number;
  per100Episodes: number;
  /** Pairs offered again: the same two beliefs (either way round), the same two texts (either way round). */
  repeated: { ids: number; texts: number };
  /** Candidates by the lexical judge's reason (its rule: "unsure:overlap", "unsure:thing-in-another-clause" …). */
  byReason: Record<string, number>;
}

function parseArgs(argv: readonly string[]): Options {
  const o: Options = {
    conversations: [0, 1, 2],
    sets: [...TUNING_SETS],
    path: DEFAULT_LOCOMO_PATH,
    jsonOnly: false,
  };
  walkArgs(argv, (flag, value) => {
    if (flag === "--conversations") o.conversations = numberList(value());
    else if (flag === "--sets") o.sets = tuningSets(wordList(value()));
    else if (flag === "--path") o.path = value();
    else if (flag === "--json-only") o.jsonOnly = true;
    else
      throw new Error(`unknown option ${flag} (use --conversations 0,1 --sets fresh24,chat-dev --json-only)`);
  });
  return o;
}

/** Every candidate pair, page by page. */
async function wholeQueue(mem: Memory): Promise<CandidatePair[]> {
  const out: CandidatePair[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await mem.candidates({ limit: PAGE, offset });
    out.push(...page);
    if (page.length < PAGE) return out;
  }
}

/** The queue's count, its repeats and its reasons. */
async function measure(name: string, mem: Memory, episodes: number): Promise<CandidateQueueResult> {
  const queue = await wholeQueue(mem);
  const ids = new Set<string>();
  const texts = new Set<string>();
  const repeated = { ids: 0, texts: 0 };
  const byReason: Record<string, number> = {};
  const pairKey = (x: string, y: string) => (x < y ? `${x}\u0000${y}` : `${y}\u0000${x}`);
  for (const c of queue) {
    const byIds = pairKey(c.a, c.b);
    const byTexts = pairKey(c.textA, c.textB);
    if (ids.has(byIds)) repeated.ids++;
    else if (texts.has(byTexts)) repeated.texts++;
    ids.add(byIds);
    texts.add(byTexts);
    // The rule: the reason before its detail ("unsure:overlap", "reported" of "reported (vet says): …").
    const reason = c.lexical.reason
      .split(":")
      .slice(0, c.lexical.reason.startsWith("unsure:") ? 2 : 1)
      .join(":")
      .replace(/\s*\(.*$/, "");
    byReason[reason] = (byReason[reason] ?? 0) + 1;
  }
  const activeBeliefs = (await mem.health()).active;
  return {
    name,
    episodes,
    activeBeliefs,
    candidates: queue.length,
    per100Episodes: Math.round((queue.length / Math.max(1, episodes)) * 1000) / 10,
    repeated,
    byReason,
  };
}

async function runLocomo(path: string, index: number): Promise<CandidateQueueResult> {
  const { mem, turns } = await recordedLocomo(path, index);
  try {
    await mem.consolidate();
    return await measure(`locomo ${index}`, mem, turns);
  } finally {
    await mem.close?.();
  }
}

async function runSet(set: CaseSet): Promise<CandidateQueueResult> {
  const whole = loadCases(set);
  // The dev cases alone: no held-out case's text is recorded.
  const file: CaseFile = {
    ...whole,
    cases: whole.cases.filter((c) => (whole.split ?? splitOf(c.id)) === "dev"),
  };
  const mem = await replayChat(file, "after");
  try {
    return await measure(`${set} dev`, mem, buildStream(file).length);
  } finally {
    await mem.close?.();
  }
}

export function renderCandidateQueueTable(results: readonly CandidateQueueResult[]): string {
  const lines = [
    "| chat | episodes | active | candidates | per 100 episodes | repeated ids / texts | thing-in-another-clause |",
    "|---|--:|--:|--:|--:|--:|--:|",
  ];
  for (const r of results)
    lines.push(
      `| ${r.name} | ${r.episodes} | ${r.activeBeliefs} | ${r.candidates} | ${r.per100Episodes} | ${r.repeated.ids} / ${r.repeated.texts} | ${r.byReason["unsure:thing-in-another-clause"] ?? 0} |`,
    );
  return lines.join("\n");
}

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  const results: CandidateQueueResult[] = [];
  for (const c of o.conversations) results.push(await runLocomo(o.path, c));
  for (const s of o.sets) results.push(await runSet(s));
  if (!o.jsonOnly) console.log(`${renderCandidateQueueTable(results)}\n`);
  console.log(JSON.stringify({ results }, null, 2));
}

await main();
