/**
 * Sleep's cost on chat text: the time `consolidate()` takes on LoCoMo conversations (every turn
 * recorded, then one sleep: the locomo eval's `after` phase) and on the rotting stream (a month of
 * traffic, one sleep and `maintain` a day), with a digest of the beliefs sleep left, so two source
 * trees can be compared pair by pair and shown to consolidate alike. Prints a table, then JSON.
 *
 *   npm run bench -- --only sleep-cost                            # LoCoMo 0-1, rotting stream seed 42
 *   npm run bench -- --only sleep-cost --conversations 0,1,2 --seeds 42,7
 *   npm run bench -- --only sleep-cost --json-only
 *
 * Times are wall and CPU (user + system of this process) around `consolidate()` alone; recording
 * and `maintain` are outside them. `judged` counts the pairs the sleeps put to the judge itself
 * (the lexical judge openMemory makes, counted under a wrapper that keeps it text-only): what
 * one sleep's verdict memo (src/core/judge/verdict-memo.ts) answers is not counted. Read ratios between trees run in turn on one machine, not
 * absolute times. The digest (a SHA-256 of every belief's status, successor and text, in id
 * order) must be equal between trees whose verdicts are equal.
 */
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { performance } from "node:perf_hooks";
import { DEFAULT_LOCOMO_PATH } from "../eval/locomo/index.js";
import { generateStream } from "../eval/rotting-stream/generator.js";
import type { Memory } from "../src/core/engine.js";
import { createLexicalJudge } from "../src/core/judge/lexical-judge.js";
import type { Judge, JudgeItem } from "../src/core/ports.js";
import { sharedWordNet } from "../src/lexicon/wordnet.js";
import { openMemory } from "../src/open-memory.js";
import { numberList, walkArgs } from "./argv.js";
import { recordedLocomo } from "./locomo-chat.js";

interface Options {
  conversations: number[];
  seeds: number[];
  path: string;
  jsonOnly: boolean;
  /** `--cpu-prof FILE`: a V8 CPU profile of the time inside `consolidate()` only, for DevTools. */
  cpuProfile: string | null;
}

export interface SleepCostResult {
  /** "locomo 0", "rotting 42" … */
  name: string;
  sleeps: number;
  /** Wall seconds inside `consolidate()`, summed over the run's sleeps. */
  seconds: number;
  /** User + system CPU seconds inside `consolidate()`. */
  cpuSeconds: number;
  beliefs: { active: number; archived: number; all: number };
  /** SHA-256 (first 16 hex) of every belief's id, status, successor and text. */
  digest: string;
  /** Pairs of texts the judge itself was asked inside `consolidate()`, summed over the sleeps. */
  judged: number;
}

/** The lexical judge `openMemory` makes (WordNet as its lexicon), counting the pairs it is asked. */
function countingJudge(): Judge & { asked: number } {
  const lexical = createLexicalJudge({ lexicon: sharedWordNet() });
  const judge = {
    name: lexical.name,
    textOnly: true,
    asked: 0,
    compare(a: JudgeItem, b: JudgeItem) {
      judge.asked++;
      return lexical.compare(a, b);
    },
  };
  return judge;
}

function parseArgs(argv: readonly string[]): Options {
  const o: Options = {
    conversations: [0, 1],
    seeds: [42],
    path: DEFAULT_LOCOMO_PATH,
    jsonOnly: false,
    cpuProfile: null,
  };
  walkArgs(argv, (flag, value) => {
    if (flag === "--conversations") o.conversations = numberList(value());
    else if (flag === "--seeds") o.seeds = numberList(value());
    else if (flag === "--path") o.path = value();
    else if (flag === "--json-only") o.jsonOnly = true;
    else if (flag === "--cpu-prof") o.cpuProfile = value();
    else throw new Error(`unknown option ${flag}`);
  });
  return o;
}

/** The inspector session that profiles sleeps when `--cpu-prof` is given, and its profiles. */
let profiler: Session | null = null;
const profiles: unknown[] = [];

/** Times one `consolidate()` into `acc`, counting what `judge` is asked in it (and profiles it, when asked). */
async function timedSleep(
  mem: Memory,
  judge: { asked: number },
  acc: { seconds: number; cpuSeconds: number; sleeps: number; judged: number },
) {
  const asked = judge.asked;
  await profiler?.post("Profiler.start");
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await mem.consolidate();
  acc.seconds += (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  if (profiler) profiles.push((await profiler.post("Profiler.stop")).profile);
  acc.cpuSeconds += (cpu.user + cpu.system) / 1e6;
  acc.judged += judge.asked - asked;
  acc.sleeps++;
}

async function digestOf(mem: Memory): Promise<SleepCostResult["beliefs"] & { digest: string }> {
  const all = (await mem.list({ status: "any", limit: 10_000 })).flatMap((b) =>
    b.layer === "belief" ? [b] : [],
  );
  all.sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  const hash = createHash("sha256");
  for (const b of all) hash.update(`${b.id}\t${b.status}\t${b.supersededBy ?? ""}\t${b.text}\n`);
  return {
    active: all.filter((b) => b.status === "active").length,
    archived: all.filter((b) => b.status === "archived").length,
    all: all.length,
    digest: hash.digest("hex").slice(0, 16),
  };
}

async function runLocomo(path: string, index: number): Promise<SleepCostResult> {
  const judge = countingJudge();
  const { mem } = await recordedLocomo(path, index, { judge });
  const acc = { seconds: 0, cpuSeconds: 0, sleeps: 0, judged: 0 };
  try {
    await timedSleep(mem, judge, acc);
    const { digest, ...beliefs } = await digestOf(mem);
    return { name: `locomo ${index}`, ...acc, beliefs, digest };
  } finally {
    await mem.close?.();
  }
}

async function runRotting(seed: number): Promise<SleepCostResult> {
  const stream = generateStream({ seed });
  let now = new Date(`${stream.start}T00:00:00.000Z`);
  const judge = countingJudge();
  const mem = await openMemory({ path: ":memory:", clock: { now: () => now }, judge });
  const acc = { seconds: 0, cpuSeconds: 0, sleeps: 0, judged: 0 };
  try {
    for (let day = 1; day <= stream.days; day++) {
      for (const e of stream.events) {
        if (e.day !== day) continue;
        now = new Date(e.at);
        await mem.record(e.text, { at: e.at, type: e.type });
      }
      now = new Date(Date.parse(`${stream.start}T23:00:00.000Z`) + (day - 1) * 86_400_000);
      await timedSleep(mem, judge, acc);
      await mem.maintain();
    }
    const { digest, ...beliefs } = await digestOf(mem);
    return { name: `rotting ${seed}`, ...acc, beliefs, digest };
  } finally {
    await mem.close?.();
  }
}

const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

export function renderSleepCostTable(results: readonly SleepCostResult[]): string {
  const lines = [
    "| run | sleeps | sleep s | sleep cpu s | judged | active | archived | digest |",
    "|---|--:|--:|--:|--:|--:|--:|---|",
  ];
  for (const r of results)
    lines.push(
      `| ${r.name} | ${r.sleeps} | ${round(r.seconds, 2)} | ${round(r.cpuSeconds, 2)} | ${r.judged} | ${r.beliefs.active} | ${r.beliefs.archived} | ${r.digest} |`,
    );
  return lines.join("\n");
}

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  if (o.cpuProfile) {
    profiler = new Session();
    profiler.connect();
    await profiler.post("Profiler.enable");
  }
  const results: SleepCostResult[] = [];
  for (const c of o.conversations) results.push(await runLocomo(o.path, c));
  for (const s of o.seeds) results.push(await runRotting(s));
  const rounded = results.map((r) => ({ ...r, seconds: round(r.seconds), cpuSeconds: round(r.cpuSeconds) }));
  // One profile a sleep: FILE-1.cpuprofile, FILE-2.cpuprofile … (each opens in DevTools).
  for (const [i, p] of profiles.entries())
    writeFileSync(`${o.cpuProfile}-${i + 1}.cpuprofile`, JSON.stringify(p));
  if (!o.jsonOnly) console.log(`${renderSleepCostTable(results)}\n`);
  console.log(JSON.stringify({ results: rounded }, null, 2));
}

await main();
