/**
 * `npm run eval -- closures [--set cases|chat-dev|fresh|fresh2|fresh3|fresh4|fresh5|fresh6|fresh7|fresh8|fresh9|fresh10|fresh11|fresh12|fresh13|fresh14|fresh15|fresh16|fresh17|fresh18|fresh19|fresh20|fresh21|fresh22|fresh23|fresh24|fresh25|fresh26|fresh27|fresh28|fresh29|all] [--phases after,daily]
 * [--list]`: every supersession sleep makes in the knowledge-update replays, classed by where its
 * two statements came from. The judge-alone evals score pairs someone wrote; sleep also judges the
 * pairs a long stream forms across unrelated cases, and a wrong closure there hides a true
 * statement from current recall. After each replay (`replayChat`, the knowledge-update eval's), each
 * closed belief or episode (`supersededBy`) and its successor are traced to the turns they came
 * from (a belief by its source episodes), and so to a case and a field of it (`first`, `middle`,
 * `update`, `firstReply`, `reply`) or to the filler. A closure is:
 *
 * - `right`: the closed statement holds an older value of an update case (its first mention, the
 *   assistant's reply to it, or the change in between) and a later turn of the same case closed it;
 * - `cross-case` (wrong): the two come from different cases, or one is filler or traced to no turn;
 * - `wrong-within-case`: one case, but the closed statement holds what is still so (the update or
 *   its reply; any turn of a case that is not an update, where the first mention stays true), or a
 *   turn closed a later one.
 *
 * A closure is dev when the statement it closed is dev material (chat-dev, the dev halves by the
 * knowledge-update hash, the filler of a split file): a dev statement hidden from current recall
 * is a dev failure, whatever closed it. A closure of a held-out statement is counted only. `--list`
 * prints the dev closures with their texts and the sleep's reason, a held-out successor masked as
 * `[held-out]` (its text, its case and the reason, which quotes its words); held-out closures are
 * never listed, not even by case id. fresh2 (all held-out) is counted only.
 */
import type { Memory } from "../../src/core/engine.js";
import type { MemoryItem } from "../../src/core/reads.js";
import type { SleepReport } from "../../src/core/sleep/report.js";
import {
  type Case,
  type CaseFile,
  type CaseSet,
  loadCases,
  mentions,
  type Phase,
  phasesNamed,
  readReplay,
  SETS,
  type Split,
  setsNamed,
  splitOf,
} from "../knowledge-update/index.js";

/** A turn's place in its case, in the order the chat says them; `filler` is chit-chat of no case. */
export const FIELDS = ["first", "firstReply", "middle", "update", "reply"] as const;
export type Field = (typeof FIELDS)[number] | "filler";

export interface Owner {
  /** The case id; null for filler. */
  case: string | null;
  field: Field;
  split: Split;
}

export type ClosureClass = "right" | "cross-case" | "wrong-within-case";

export interface Closure {
  layer: "belief" | "episode";
  class: ClosureClass;
  split: Split;
  /** `case.field` of each side (`filler`, `?` when traced to no turn); several when a belief merged turns. */
  older: { id: string; from: string[]; text: string };
  newer: { id: string; from: string[]; text: string };
  /** The sleep's reason code for the closure (`change-cue: …`), or null when no sleep report named it. */
  reason: string | null;
}

export interface ClosureTally {
  closures: number;
  right: number;
  crossCase: number;
  wrongWithinCase: number;
}

export interface ClosurePhaseReport {
  phase: Phase;
  dev: ClosureTally;
  heldOut: ClosureTally;
  /** The dev closures; held-out ones are counted above, never listed. */
  devClosures: Closure[];
}

export interface ClosureSetReport {
  set: CaseSet;
  phases: ClosurePhaseReport[];
}

export interface ClosuresReport {
  sets: ClosureSetReport[];
  /** Whether the markdown lists every dev closure (`--list`), or only the wrong ones. */
  list: boolean;
}

/** Every turn text of `file` with the cases and fields that say it (a filler line is said many times). */
export function ownersByText(file: CaseFile): Map<string, Owner[]> {
  const map = new Map<string, Owner[]>();
  const add = (text: string, owner: Owner) => {
    const list = map.get(text) ?? [];
    list.push(owner);
    map.set(text, list);
  };
  for (const c of file.cases) {
    const split = file.split ?? splitOf(c.id);
    for (const field of FIELDS) {
      const text = c[field];
      if (text) add(text, { case: c.id, field, split });
    }
  }
  // Filler is no case's: dev material in a split file, held-out in a held-out file (fresh2).
  for (const f of file.filler) add(f, { case: null, field: "filler", split: file.split ?? "dev" });
  return map;
}

/** What a listing prints for held-out material. */
export const HELD_OUT = "[held-out]";

const textOf = (x: MemoryItem) => (x.layer === "episode" ? x.content : x.text);

/** An update case says its older value in its first mention; a case that does not is no update. */
export const isUpdateCase = (c: Case) => mentions(c.first, c.old);

/** The fields of an update case that hold an older value once its change is said. */
const STALE: ReadonlySet<Field> = new Set(["first", "firstReply", "middle"]);
const order = (f: Field) => (FIELDS as readonly string[]).indexOf(f);

/**
 * The class of a closure from the owners of its two sides.
 *
 *   classify(cases, [{ case: "phone", field: "first" }], [{ case: "phone", field: "update" }]) // → "right"
 */
export function classify(
  cases: ReadonlyMap<string, Case>,
  older: readonly Owner[],
  newer: readonly Owner[],
): ClosureClass {
  const common = older.filter(
    (o) => o.case !== null && newer.some((n) => n.case === o.case && n.field !== "filler"),
  );
  if (older.length === 0 || newer.length === 0 || common.length === 0) return "cross-case";
  for (const o of common) {
    const c = cases.get(o.case!);
    if (!c || !isUpdateCase(c) || !STALE.has(o.field)) continue;
    if (newer.some((n) => n.case === o.case && order(n.field) > order(o.field))) return "right";
  }
  return "wrong-within-case";
}

const emptyTally = (): ClosureTally => ({ closures: 0, right: 0, crossCase: 0, wrongWithinCase: 0 });

function count(t: ClosureTally, c: ClosureClass) {
  t.closures++;
  if (c === "right") t.right++;
  else if (c === "cross-case") t.crossCase++;
  else t.wrongWithinCase++;
}

/**
 * The sleep reports' reasons, keyed `older>newer` for a sweep's closure (`superseded`, `resolved`)
 * and `>newer` for a belief distillation stored through the write gate (which may close the
 * belief it contradicts: "contradiction: change-cue: …").
 */
export function reasonsOf(reports: readonly SleepReport[]): Map<string, string> {
  const reasons = new Map<string, string>();
  for (const r of reports)
    for (const item of r.items)
      if ((item.action === "superseded" || item.action === "resolved") && item.by)
        reasons.set(`${item.id}>${item.by}`, item.reason);
      else if (item.action === "distilled") reasons.set(`>${item.id}`, item.reason);
  return reasons;
}

/**
 * The closures in `mem` after a replay of `file`, classed and tallied per split. Reads every belief
 * and episode of the store (`list`, status any), so it is one pass over a replayed memory: the
 * knowledge-update eval calls it on the memory it has already replayed.
 */
export async function closuresOf(
  file: CaseFile,
  mem: Memory,
  reasons: ReadonlyMap<string, string> = new Map(),
): Promise<{ dev: ClosureTally; heldOut: ClosureTally; devClosures: Closure[] }> {
  const owners = ownersByText(file);
  const cases = new Map(file.cases.map((c) => [c.id, c]));
  const episodes = await mem.list({ layer: "episode", status: "any", limit: 10_000 });
  const beliefs = await mem.list({ layer: "belief", status: "any", limit: 10_000 });
  const episodeText = new Map(episodes.map((e) => [e.id, textOf(e)]));
  const ownersOf = (item: MemoryItem): Owner[] => {
    if (item.layer === "episode") return owners.get(item.content) ?? [];
    const found = item.sources.flatMap((id) => owners.get(episodeText.get(id) ?? "") ?? []);
    if (found.length > 0) return found;
    // A belief whose sources name no turn (a merged or abstracted one): the turns that contain its text.
    const hits: Owner[] = [];
    if (item.text.length > 0) for (const [turn, os] of owners) if (turn.includes(item.text)) hits.push(...os);
    return hits;
  };
  const dev = emptyTally();
  const heldOut = emptyTally();
  const devClosures: Closure[] = [];
  for (const layer of [episodes, beliefs]) {
    const byId = new Map(layer.map((x) => [x.id, x]));
    for (const older of layer) {
      if (!older.supersededBy) continue;
      const newer = byId.get(older.supersededBy);
      const oa = ownersOf(older);
      const ob = newer ? ownersOf(newer) : [];
      const cls = classify(cases, oa, ob);
      // The closed statement's split; traced to no turn, it cannot be shown to be dev material.
      const split: Split = oa.length > 0 && oa.every((o) => o.split === "dev") ? "dev" : "held-out";
      count(split === "dev" ? dev : heldOut, cls);
      if (split !== "dev") continue;
      const label = (os: readonly Owner[]) =>
        os.length === 0 ? ["?"] : [...new Set(os.map((o) => (o.case ? `${o.case}.${o.field}` : "filler")))];
      // A held-out successor is masked: its text, its case, and the reason, which quotes its words.
      const masked = ob.some((o) => o.split !== "dev");
      devClosures.push({
        layer: older.layer,
        class: cls,
        split,
        older: { id: older.id, from: label(oa), text: textOf(older) },
        newer: masked
          ? { id: older.supersededBy, from: [HELD_OUT], text: HELD_OUT }
          : { id: older.supersededBy, from: label(ob), text: newer ? textOf(newer) : "?" },
        reason: masked
          ? HELD_OUT
          : (reasons.get(`${older.id}>${older.supersededBy}`) ??
            reasons.get(`>${older.supersededBy}`) ??
            null),
      });
    }
  }
  return { dev, heldOut, devClosures };
}

export interface ClosuresOptions {
  sets: CaseSet[];
  phases: Phase[];
  list: boolean;
}

export function parseClosuresArgs(args: readonly string[]): ClosuresOptions {
  const options: ClosuresOptions = { sets: [...SETS], phases: ["after", "daily"], list: false };
  for (let i = 0; i < args.length; i++) {
    const value = args[i + 1];
    if (args[i] === "--list") options.list = true;
    else if (args[i] === "--set") {
      options.sets = setsNamed(value);
      i++;
    } else if (args[i] === "--phases" && value) {
      options.phases = phasesNamed(value);
      i++;
    } else
      throw new Error(
        `E_BAD_ARGS: unknown argument "${args[i]}" (use --set cases|chat-dev|fresh|fresh2|fresh3|fresh4|fresh5|fresh6|fresh7|fresh8|fresh9|fresh10|fresh11|fresh12|fresh13|fresh14|fresh15|fresh16|fresh17|fresh18|fresh19|fresh20|fresh21|fresh22|fresh23|fresh24|fresh25|fresh26|fresh27|fresh28|fresh29|all, --phases after,daily, --list)`,
      );
  }
  return options;
}

export async function evaluateClosures(options: ClosuresOptions): Promise<ClosuresReport> {
  const sets: ClosureSetReport[] = [];
  for (const set of options.sets) {
    const file = loadCases(set);
    const phases: ClosurePhaseReport[] = [];
    for (const phase of options.phases)
      phases.push({
        phase,
        ...(await readReplay(file, phase, (mem, sleeps) => closuresOf(file, mem, reasonsOf(sleeps)))),
      });
    sets.push({ set, phases });
  }
  return { sets, list: options.list };
}

export function renderClosuresMarkdown(report: ClosuresReport): string {
  const lines = [
    "Every closure (`supersededBy`) after the knowledge-update replays, by where its two statements came from; dev or held-out by the statement closed.",
    "",
    "| set | phase | dev: closures | right | cross-case | wrong within case | held-out: closures | right | cross-case | wrong within case |",
    "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|",
  ];
  for (const s of report.sets)
    for (const p of s.phases)
      lines.push(
        `| ${s.set} | ${p.phase} | ${p.dev.closures} | ${p.dev.right} | ${p.dev.crossCase} | ${p.dev.wrongWithinCase} | ${p.heldOut.closures} | ${p.heldOut.right} | ${p.heldOut.crossCase} | ${p.heldOut.wrongWithinCase} |`,
      );
  for (const s of report.sets)
    for (const p of s.phases) {
      const shown = report.list ? p.devClosures : p.devClosures.filter((c) => c.class !== "right");
      if (shown.length === 0) continue;
      lines.push(
        "",
        `${report.list ? "Dev closures" : "Wrong dev closures"} (${s.set}, ${p.phase}; held-out ones are counted above, never listed):`,
        "",
      );
      for (const c of shown)
        lines.push(
          `- ${c.class}: ${c.older.from.join("+")} → ${c.newer.from.join("+")} (${c.layer}, ${c.reason ?? "no reason reported"}): "${c.older.text}" ⇒ "${c.newer.text}"`,
        );
    }
  return lines.join("\n");
}
