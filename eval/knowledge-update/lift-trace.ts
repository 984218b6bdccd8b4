/**
 * A development trace, not a benchmark: `npx tsx eval/knowledge-update/lift-trace.ts [chat-dev|cases|fresh|fresh3] [after|daily]`
 * asks every dev question of a knowledge-update set (after one `consolidate`, or daily) and lists
 * each lift recall's `why` records on a returned hit (`missedSuccessors`' links, `newerFirst`,
 * `sameSlotFirst`, `newestKindListed`, `changedThingFound`, `correctionFound`, `currentVersions`, `newerMeasureFirst`, `newerMeasureFound`, `newerChoiceFound`), classed: RIGHT (the hit states the
 * question's latest value), HARMLESS (a statement of the same case, or a true update of another
 * case lifted over its own older), WRONG (a statement of another thing lifted over the older, or
 * the question's older value). Then per-rule counts, the misses and whether the first hit states
 * the latest value. Held-out cases are never asked (so fresh2, all held-out, is not
 * traced); a held-out statement lifted is not printed.
 */

import { type CaseSet, loadCases, replayChat, splitOf, statesOnlyOlder } from "./index.js";

const set = (process.argv[2] ?? "chat-dev") as CaseSet;
const phase = process.argv[3] ?? "after";
const file = loadCases(set);
const mem = await replayChat(file, phase === "daily" ? "daily" : "after");
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const mentions = (t: string, v: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${esc(v)}(?![\\p{L}\\p{N}])`, "iu").test(t);
const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
const owner = (text: string): { id: string; which: string; dev: boolean } | null => {
  const n = norm(text);
  for (const c of file.cases) {
    const dev = (file.split ?? splitOf(c.id)) === "dev";
    if (norm(c.first).includes(n)) return { id: c.id, which: "first", dev };
    if (norm(c.update).includes(n)) return { id: c.id, which: "update", dev };
    if (c.middle && norm(c.middle).includes(n)) return { id: c.id, which: "middle", dev };
    if (c.firstReply && norm(c.firstReply).includes(n)) return { id: c.id, which: "reply", dev };
    if (c.reply && norm(c.reply).includes(n)) return { id: c.id, which: "reply", dev };
  }
  for (const f of file.filler) if (norm(f).includes(n)) return { id: "filler", which: "filler", dev: true };
  return null;
};
const MARKS: [RegExp, (m: RegExpMatchArray) => string][] = [
  [
    /; newer than \[([^\]]+)\], (.+?) in a change and no verdict yet/g,
    (m) => `missed: ${m[2]!.replace(/"[^"]*"/g, "X").replace(/\[[^\]]+\]/g, "[..]")}`,
  ],
  [/; newer than \[([^\]]+)\], the speaker changed its/g, () => "changedThingFound"],
  [/; newer than \[([^\]]+)\], corrects it by/g, () => "correctionFound"],
  [/; newer than \[([^\]]+)\] about the same thing/g, () => "newerFirst"],
  [/; newer than \[([^\]]+)\] on the same slot the question asks/g, () => "sameSlotFirst"],
  [/; the newest statement of the slot the question asks, in a kind/g, () => "newestKindListed"],
  [/; the newest statement that changes the .+? the question asks about/g, () => "missed: askedFrame listed"],
  [/; current version of \[([^\]]+)\]/g, () => "currentVersions"],
  [/; newer than \[([^\]]+)\] with another measure of what the question asks/g, () => "newerMeasureFirst"],
  [/; newer than \[([^\]]+)\], found by the unit it counts/g, () => "newerMeasureFound"],
  [/; newer than \[([^\]]+)\], a change of choice/g, () => "newerChoiceFound"],
  [/; newer than \[([^\]]+)\] speaking of a change/g, () => "changedValueFirst"],
];
const counts = new Map<string, { right: number; harmless: number; wrong: number }>();
let pass = 0;
for (const c of file.cases) {
  const split = file.split ?? splitOf(c.id);
  if (split !== "dev") continue;
  const hits = await mem.recall(c.question, { k: 10 });
  const newIdx = hits.findIndex((h) => mentions(h.text, c.new));
  const oldIdx = hits.findIndex((h) => statesOnlyOlder(c, h.text));
  const ok = newIdx >= 0 && (oldIdx < 0 || newIdx < oldIdx);
  console.log(`TOP1\t${c.id}\t${newIdx === 0 ? "latest" : "other"}`);
  if (ok) pass++;
  else console.log(`MISS\t${c.id}\tnew ${newIdx + 1} old ${oldIdx + 1}`);
  for (const [i, h] of hits.entries()) {
    for (const [re, name] of MARKS)
      for (const m of h.why.summary.matchAll(re)) {
        const rule = name(m);
        const o = owner(h.text);
        const item = m[1] ? await mem.get(m[1]) : null;
        const olderText = item ? (item.layer === "episode" ? item.content : item.text) : null;
        const oo = olderText ? owner(olderText) : null;
        let cls: "right" | "harmless" | "wrong";
        if (mentions(h.text, c.new)) cls = "right";
        else if (statesOnlyOlder(c, h.text) && o?.id === c.id) cls = "wrong";
        else if (o && o.id === c.id) cls = "harmless";
        else if (o && oo && o.id === oo.id && o.id !== "filler") cls = "harmless";
        else cls = "wrong";
        const above = newIdx < 0 || i < newIdx;
        const e = counts.get(rule) ?? { right: 0, harmless: 0, wrong: 0 };
        e[cls]++;
        counts.set(rule, e);
        const shown = o && !o.dev ? "<held-out case statement>" : h.text;
        const oshown = oo && !oo.dev ? "<held-out>" : olderText;
        console.log(
          `${cls.toUpperCase()}\t${rule}\t${c.id}\t"${c.question}"\t#${i + 1}${above ? " (above latest)" : ""}\tfrom ${o ? `${o.id}/${o.which}` : "?"}\t${shown}${olderText ? `\t  OVER ${oo ? `${oo.id}/${oo.which}` : "?"}: ${oshown}` : ""}`,
        );
      }
  }
}
console.log(`\npassed ${pass}`);
for (const [r, e] of [...counts].sort())
  console.log(`${r}\tright ${e.right}\tharmless ${e.harmless}\twrong ${e.wrong}`);
await mem.close?.();
