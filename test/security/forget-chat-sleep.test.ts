/**
 * Forget against what sleep keeps of a chat (attacks34): the bookkeeping sleep gained since the
 * last attack passes — a clause taken out of a turn with the topic its neighbour named
 * (`referents`), the words each turn said that its beliefs must keep (`sourceWords`, in the
 * record under `strata:sleep`), a restatement that joined a later turn to the clause, the sweep's
 * stored verdict on a changed value — and recall's current-state path that reads them. After the
 * turns that said a canary are forgotten, the canary is in no output (exports, audit, recall of
 * current-state questions with their `why`, explanations, history, health, candidates), in no
 * section of the store's dump (judged pairs, meta, vectors included) and, on SQLite, in no byte of
 * the store's files; what the later turns said stays, and recall still answers from it. (A belief
 * kept by another turn keeps none of the forgotten turn's words: src/core/recall/representative.test.ts.)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import { loadTagger } from "../../src/core/judge/tagger.js";
import { DUMP_SECTIONS } from "../../src/core/ports.js";
import { SLEEP_RECORD_KEY } from "../../src/core/sleep-record.js";
import { openMemory } from "../../src/open-memory.js";
import { memoryBackends } from "../support/backends.js";
import { canaryFiles, needlesIn, storeFiles } from "../support/canary.js";
import { DAY, type TestClock, testClock } from "../support/memory.js";

beforeAll(() => loadTagger());

const CANARY = "Zorblax";
/** The canary as any index may keep it: lower case, a stem, FTS5's suffix of the previous term. */
const NEEDLES = ["zorblax", "orblax", "rblax"];
const found = (text: string) => needlesIn(NEEDLES, text);

const START = Date.parse("2026-03-02T09:00:00.000Z");
const at = (day: number) => new Date(START + day * DAY).toISOString();

interface Planted {
  /** The turns that said the canary. */
  turns: string[];
  /** The belief of the later grinder, which closed the canary's: kept after the forget. */
  kept: string;
}

/** A chat slept twice: the canary said in two turns, the second's value changed by a later turn. */
async function plant(mem: Memory, clock: TestClock): Promise<Planted> {
  const say = async (day: number, text: string) => {
    clock.set(at(day));
    return (
      await mem.record(text, {
        type: "observation",
        actor: "user",
        at: at(day),
        session: at(day).slice(0, 10),
      })
    ).id;
  };
  const a = await say(0, `We ran out of coffee at ${CANARY} Market. I brew with a Chemex now.`);
  const c = await say(1, `My coffee grinder is a ${CANARY} Mill 200.`);
  await say(2, "The kitchen tap drips again.");
  await mem.consolidate();
  await say(21, "My coffee grinder is a Baratza Encore now.");
  clock.set(at(40));
  await mem.consolidate();
  const beliefs = (await mem.list({ status: "any", limit: 100 })).flatMap((x) =>
    x.layer === "belief" ? [x] : [],
  );
  // Sleep read the clause's topic from its neighbour, and the later grinder closed the older.
  const clause = beliefs.find((x) => x.text === "I brew with a Chemex now.");
  expect(JSON.stringify(clause?.metadata[SLEEP_RECORD_KEY])).toContain('"topic":"coffee"');
  const older = beliefs.find((x) => x.text.includes(`${CANARY} Mill`));
  const newer = beliefs.find((x) => x.text.includes("Baratza"));
  expect(older).toMatchObject({ status: "archived", supersededBy: newer?.id });
  // An agent's stored verdict on a pair of the canary's turn, which recall's lifts read per pair.
  const tap = beliefs.find((x) => x.text.startsWith("The kitchen tap"));
  await mem.judge([{ a: clause!.id, b: tap!.id, verdict: "distinct" }]);
  return { turns: [a, c], kept: newer!.id };
}

/** Every output of the engine, and the store's whole dump, as one text. */
async function everything(mem: Memory): Promise<string> {
  const items = [
    ...(await mem.list({ status: "any", limit: 1000 })),
    ...(await mem.list({ layer: "episode", status: "any", limit: 1000 })),
  ];
  const dump: unknown[] = [];
  for (const section of DUMP_SECTIONS) {
    let cursor: string | null = null;
    do {
      const page: { rows: unknown[]; cursor: string | null } = await mem.store.dump(section, {
        cursor,
        limit: 1000,
      });
      dump.push(page.rows);
      cursor = page.cursor;
    } while (cursor !== null);
  }
  return JSON.stringify([
    items,
    dump,
    await mem.export({ format: "json" }),
    await mem.export({ format: "jsonl" }),
    await mem.export({ format: "markdown" }),
    await mem.audit({ limit: 10_000 }),
    await mem.exportAuditJsonl(),
    ...(await Promise.all(
      ["What coffee grinder do I have?", "How do I make my coffee?", `${CANARY} coffee`].map((q) =>
        mem.recall(q, { k: 20 }),
      ),
    )),
    await mem.context("coffee grinder", { tokenBudget: 4000, recentEvents: 20 }),
    ...(await Promise.all(items.map((i) => mem.explain(i.id)))),
    ...(await Promise.all(items.filter((i) => i.layer === "belief").map((i) => mem.history(i.id)))),
    await mem.health(),
    await mem.candidates(),
  ]);
}

async function forgetAndCheck(mem: Memory, p: Planted): Promise<void> {
  // The planting worked: a stored verdict, the exports and recall hold the canary.
  const all = await everything(mem);
  expect(found(all)).toEqual(NEEDLES);
  const verdicts = async () =>
    (JSON.parse(await mem.export({ format: "json" })) as { judgedPairs: { a: string; b: string }[] })
      .judgedPairs;
  expect(await verdicts()).toHaveLength(1);

  const gone = new Set<string>();
  for (const turn of p.turns) for (const f of (await mem.forget(turn)).forgotten) gone.add(f.id);
  // No stored verdict names what was forgotten.
  expect((await verdicts()).filter((v) => gone.has(v.a) || gone.has(v.b))).toEqual([]);

  expect(found(await everything(mem))).toEqual([]);
  // What the later turn said stays, and recall answers from it.
  expect(await mem.get(p.kept)).toMatchObject({ status: "active" });
  expect((await mem.recall("What coffee grinder do I have?", { k: 3 }))[0]?.id).toBe(p.kept);
  expect((await mem.verifyAudit()).ok).toBe(true);
}

const grepFiles = (path: string) => canaryFiles(storeFiles(path), NEEDLES);

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("forget after a chat's sleep, on a SQLite file", () => {
  it("leaves the canary in no output, no dump section and no byte of the store's files", async () => {
    const dir = mkdtempSync(join(tmpdir(), "strata-forget-chat-"));
    dirs.push(dir);
    const path = join(dir, "memory.db");
    const clock = testClock(at(0));
    // auditContent keeps each change's detail in the chain (the sweep's reasons quote values).
    const mem = await openMemory({ path, clock, policy: { auditContent: true } });
    try {
      const planted = await plant(mem, clock);
      expect(Object.keys(grepFiles(path)).length).toBeGreaterThan(0);
      await forgetAndCheck(mem, planted);
      expect(grepFiles(path)).toEqual({});
    } finally {
      await mem.close();
    }
    expect(grepFiles(path)).toEqual({});
  }, 60_000);
});

for (const backend of memoryBackends("forgetchat").filter((b) => b.name === "postgres"))
  describe.skipIf(backend.skip)("forget after a chat's sleep, on PostgreSQL", () => {
    it("leaves the canary in no output and no dump section", async () => {
      const { mem, clock } = await backend.open();
      try {
        clock.set(at(0));
        await forgetAndCheck(mem, await plant(mem, clock));
      } finally {
        await mem.close();
      }
    }, 60_000);
  });
