/**
 * A development diagnostic, not a benchmark: `npx tsx eval/knowledge-update/diagnose.ts [SET…]
 * [--phase after|daily|before]` (default: chat-dev cases fresh fresh3 fresh4, after one
 * `consolidate`) asks every **dev** question of each set and, for each "not found" miss (the
 * latest value nowhere in recall's top 10), reports why:
 *
 * - the latest statement's rank with k = 50 and k = 200 (recall's candidate pool widens with k),
 *   or "absent";
 * - where the latest value lives: an active belief that says it, the update turn as an uncovered
 *   episode, only a belief (of the update turn) whose text lost the value, or only archived
 *   (superseded / merged away by sleep);
 * - its full-text (BM25) rank and vector rank beside the 10th hit's, from `why`;
 * - how many of the question's stemmed content words it shares (`contentTokens`), and how many
 *   the update turn shares;
 * - the cause, one of a fixed list, and a table of the counts per set.
 *
 * Held-out cases are never asked and never printed; fresh2 (all held-out) is refused.
 */
import type { Memory } from "../../src/core/engine.js";
import type { RecallHit } from "../../src/core/model.js";
import { contentTokens } from "../../src/core/text.js";
import {
  type Case,
  type CaseSet,
  loadCases,
  mentions,
  type Phase,
  replayChat,
  SETS,
  splitOf,
  statesOnlyOlder,
} from "./index.js";

const args = process.argv.slice(2);
let phase: Phase = "after";
const sets: CaseSet[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--phase") phase = args[++i] as Phase;
  else if ((SETS as readonly string[]).includes(args[i]!) && args[i] !== "fresh2")
    sets.push(args[i] as CaseSet);
  else
    throw new Error(
      `E_BAD_ARGS: "${args[i]}" (sets: ${SETS.filter((s) => s !== "fresh2").join(", ")}; --phase)`,
    );
}
if (sets.length === 0) sets.push("chat-dev", "cases", "fresh", "fresh3", "fresh4");

type Cause =
  | "ranks 11-50"
  | "ranks 51-200"
  | "absent at 200, active belief"
  | "absent at 200, uncovered episode"
  | "value lost in distillation"
  | "superseded / merged away";

interface Row {
  set: CaseSet;
  id: string;
  rank50: number | null;
  rank200: number | null;
  where: string;
  text: string | null;
  textRank: number | null;
  vectorRank: number | null;
  tenthText: number | null;
  tenthVector: number | null;
  shared: string;
  turnShared: string;
  olderRank: number | null;
  olderLink: string;
  cause: Cause;
}

const rankOf = (hits: RecallHit[], c: Case) => {
  const i = hits.findIndex((h) => mentions(h.text, c.new));
  return i < 0 ? null : i + 1;
};
const sharedWords = (question: string, text: string) => {
  const q = new Set(contentTokens(question));
  const t = new Set(contentTokens(text));
  return `${[...q].filter((w) => t.has(w)).length}/${q.size}`;
};

async function diagnose(set: CaseSet, mem: Memory, file: ReturnType<typeof loadCases>): Promise<Row[]> {
  const beliefs = await mem.list({ layer: "belief", status: "any", limit: 10_000 });
  const episodes = await mem.list({ layer: "episode", status: "any", limit: 10_000 });
  const rows: Row[] = [];
  for (const c of file.cases) {
    if ((file.split ?? splitOf(c.id)) !== "dev") continue;
    const top = await mem.recall(c.question, { k: 10 });
    if (rankOf(top, c) !== null) continue;
    const h50 = await mem.recall(c.question, { k: 50 });
    const h200 = await mem.recall(c.question, { k: 200 });
    const rank50 = rankOf(h50, c);
    const rank200 = rankOf(h200, c);
    const olderIdx = top.findIndex((h) => statesOnlyOlder(c, h.text));
    // The words the statement of the latest value shares with the older's turn, beside the question's.
    const asked = new Set(contentTokens(c.question));
    const valueTurn = mentions(c.update, c.new) ? c.update : c.first;
    const olderTurn = valueTurn === c.update ? c.first : c.update;
    const older = new Set(contentTokens(olderTurn));
    const link = [...new Set(contentTokens(valueTurn))].filter((w) => older.has(w) && !asked.has(w));
    const textOf = (x: (typeof beliefs)[number]) => ("text" in x ? x.text : x.content);
    // The turn that says the latest value (the first turn, where the update turn only mentions another value).
    const update = episodes.find((e) => "content" in e && e.content === valueTurn);
    const withValue = beliefs.filter((b) => mentions(textOf(b), c.new));
    const activeWith = withValue.filter((b) => b.status === "active");
    const fromUpdate = update ? beliefs.filter((b) => "sources" in b && b.sources.includes(update.id)) : [];
    const activeFromUpdate = fromUpdate.filter((b) => b.status === "active");
    let where: string;
    if (activeWith.length > 0) where = `active belief [${activeWith.map((b) => b.id).join(" ")}]`;
    else if (activeFromUpdate.length > 0)
      where = `only in beliefs without the value [${activeFromUpdate.map((b) => b.id).join(" ")}]`;
    else if (fromUpdate.length > 0 || withValue.length > 0)
      where = `archived only [${[...new Set([...fromUpdate, ...withValue])].map((b) => `${b.id}: ${"statusReason" in b ? b.statusReason : b.status}${"supersededBy" in b && b.supersededBy ? ` by ${b.supersededBy}` : ""}`).join(", ")}]`;
    else if (update && update.status === "active") where = `uncovered episode [${update.id}]`;
    else where = "nowhere";
    const hit = rank200 ? h200[rank200 - 1]! : null;
    const tenth = h200[9] ?? null;
    let cause: Cause;
    if (rank50 !== null) cause = "ranks 11-50";
    else if (rank200 !== null) cause = "ranks 51-200";
    else if (where.startsWith("active belief")) cause = "absent at 200, active belief";
    else if (where.startsWith("uncovered")) cause = "absent at 200, uncovered episode";
    else if (where.startsWith("only in")) cause = "value lost in distillation";
    else cause = "superseded / merged away";
    rows.push({
      set,
      id: c.id,
      rank50,
      rank200,
      where,
      text: hit?.text ?? null,
      textRank: hit?.why.textRank ?? null,
      vectorRank: hit?.why.vectorRank ?? null,
      tenthText: tenth?.why.textRank ?? null,
      tenthVector: tenth?.why.vectorRank ?? null,
      shared: hit ? sharedWords(c.question, hit.text) : "–",
      turnShared: sharedWords(c.question, valueTurn),
      olderRank: olderIdx < 0 ? null : olderIdx + 1,
      olderLink: link.join(" ") || "–",
      cause,
    });
  }
  return rows;
}

const all: Row[] = [];
for (const set of sets) {
  const file = loadCases(set);
  const mem = await replayChat(file, phase);
  try {
    const rows = await diagnose(set, mem, file);
    all.push(...rows);
    console.log(
      `\n### ${set} (${phase}): ${rows.length} dev questions whose latest value is not in the top 10\n`,
    );
    console.log(
      "| case | rank k=50 / k=200 | where the value lives | text / vector rank (10th hit's) | shared words: hit; turn | older at (k=10) | words shared with the older turn | cause |",
    );
    console.log("|---|---|---|---|---|---|---|---|");
    for (const r of rows)
      console.log(
        `| ${r.id} | ${r.rank50 ?? "–"} / ${r.rank200 ?? "absent"} | ${r.where} | ${r.textRank ?? "–"} / ${r.vectorRank ?? "–"} (${r.tenthText ?? "–"} / ${r.tenthVector ?? "–"}) | ${r.shared}; ${r.turnShared} | ${r.olderRank ?? "–"} | ${r.olderLink} | ${r.cause} |`,
      );
  } finally {
    await mem.close?.();
  }
}
const causes = new Map<string, Map<CaseSet, number>>();
for (const r of all) {
  const m = causes.get(r.cause) ?? new Map<CaseSet, number>();
  m.set(r.set, (m.get(r.set) ?? 0) + 1);
  causes.set(r.cause, m);
}
console.log(`\n### causes (${phase}, dev halves)\n`);
console.log(`| cause | ${sets.join(" | ")} | all |`);
console.log(`|---|${sets.map(() => "--:|").join("")}--:|`);
for (const [cause, m] of [...causes].sort((a, b) => b[1].size - a[1].size))
  console.log(
    `| ${cause} | ${sets.map((s) => m.get(s) ?? 0).join(" | ")} | ${[...m.values()].reduce((a, b) => a + b, 0)} |`,
  );
// Where the older is found, the newer can be reached through it: how often that is, and how often
// the newer shares a word of the older's turn besides the question's.
const olderFound = all.filter((r) => r.olderRank !== null).length;
const linked = all.filter((r) => r.olderLink !== "–").length;
const both = all.filter((r) => r.olderRank !== null && r.olderLink !== "–").length;
console.log(
  `\n${all.length} not found; the older in the top 10: ${olderFound}; the latest's turn shares a word of the older's turn besides the question's: ${linked}; both: ${both}`,
);
