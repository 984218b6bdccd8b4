/**
 * `rememberMany` / `recordMany` with `{ gate: "approximate" }` on real SQLite files: against the
 * exact gate on the same seeded stream into copies of one store, it refuses nothing the exact gate
 * stores, closes nothing the exact gate leaves open, and every verdict that drops or closes is the
 * exact gate's own; and it gives the same verdicts run twice.
 */
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gateStream } from "../../test/support/gate-stream.js";
import { createRandom, randomStatement } from "../../test/support/random.js";
import { openMemory } from "../open-memory.js";
import { gateDecision } from "./gated-writes.js";
import type { GateResult } from "./model.js";
import type { GateDecision } from "./write-gate.js";

const CLOCK = { now: () => new Date("2026-03-05T00:00:00.000Z") };
const dir = mkdtempSync(join(tmpdir(), "strata-approximate-gate-"));
const base = join(dir, "base.db");

/** The stream through `rememberMany` / `recordMany` on a fresh copy of the base store. */
async function run(name: string, gate: "on" | "approximate", size: number): Promise<GateResult[]> {
  const path = join(dir, `${name}.db`);
  copyFileSync(base, path);
  const mem = await openMemory({ path, clock: CLOCK });
  const { statements, events } = gateStream(11, 900, { unrelated: true });
  const out: GateResult[] = [];
  for (let i = 0; i < statements.length; i += size)
    out.push(...(await mem.rememberMany(statements.slice(i, i + size), { gate })).results);
  for (let i = 0; i < events.length; i += size)
    out.push(...(await mem.recordMany(events.slice(i, i + size), { gate })).results);
  expect((await mem.verifyAudit()).ok).toBe(true);
  await mem.close();
  return out;
}

/** The gate's fields of an opened memory (the engine is a `GateContext`). */
const gateFields = (m: Awaited<ReturnType<typeof openMemory>>) => ({
  store: m.store,
  embedder: m.embedder,
  clock: m.clock,
  writes: m.writes,
  configuredJudge: m.configuredJudge,
  policy: m.policy,
  namespace: m.namespace,
});

describe('rememberMany / recordMany with gate "approximate"', () => {
  let exact: GateResult[];
  let approximate: GateResult[];

  beforeAll(async () => {
    // 1,500 beliefs first, so a namespace holds enough rows for the vector index's lists.
    const mem = await openMemory({ path: base, clock: CLOCK });
    const rand = createRandom(3);
    await mem.rememberMany(
      Array.from({ length: 1_500 }, () => randomStatement(rand)),
      { gate: "off" },
    );
    await mem.close();
    exact = await run("exact", "on", 150);
    approximate = await run("approximate", "approximate", 150);
  }, 240_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("refuses nothing the exact gate stores, and closes nothing the exact gate leaves open", () => {
    expect(approximate).toHaveLength(exact.length);
    // (Ids part once the approximate run stores an item the exact one dropped: compared by verdict.)
    const refused = exact.filter((e, i) => e.stored && !approximate[i]!.stored);
    const wrong = approximate.filter((a, i) => a.superseded.length > 0 && exact[i]!.superseded.length === 0);
    expect(refused).toEqual([]);
    expect(wrong).toEqual([]);
    // Not vacuous: the stream drops and closes, and the cheap search decided most items alone.
    expect(exact.filter((e) => e.verdict === "redundant").length).toBeGreaterThan(20);
    expect(exact.filter((e) => e.superseded.length > 0).length).toBeGreaterThan(20);
    const cheap = approximate.filter((a) => a.notes.some((n) => n.startsWith("approximate:")));
    expect(cheap.length).toBeGreaterThan(exact.length / 10);
  });

  it("decides every item that drops or closes as the exact gate does, against the same store", async () => {
    // The exact run's store after the stream; a second stream decided against it both ways
    // (decisions only: nothing is written), item by item on the same state.
    const mem = await openMemory({ path: join(dir, "exact.db"), clock: CLOCK });
    const { statements } = gateStream(12, 400, { unrelated: true });
    const pairs: { text: string; exact: GateDecision; approximate: GateDecision }[] = [];
    await mem.store.transaction(async (tx) => {
      for (const s of statements) {
        const item = typeof s === "string" ? { statement: s } : s;
        const [vector] = await mem.embedder.embed([item.statement]);
        const kind = "kind" in item && item.kind === "failure" ? "failure" : "fact";
        const decide = (approximate: boolean) =>
          gateDecision(
            { ...gateFields(mem), approximate },
            tx,
            item.statement,
            vector!,
            mem.namespace,
            { episodes: false, kinds: ["fact", "failure"] },
            {
              text: item.statement,
              at:
                "at" in item && typeof item.at === "string"
                  ? `${item.at}T00:00:00.000Z`
                  : CLOCK.now().toISOString(),
              kind,
              valence: kind === "failure" ? "failure" : null,
              mayContradict: true,
            },
          );
        pairs.push({ text: item.statement, exact: await decide(false), approximate: await decide(true) });
      }
    });
    await mem.close();
    const closes = (d: GateDecision) =>
      d.verdict === "redundant" || d.verdict === "contradiction" || d.supersede;
    const differs = pairs.filter(
      ({ exact: e, approximate: a }) =>
        closes(a) &&
        (a.verdict !== e.verdict || a.target?.id !== e.target?.id || a.supersede !== e.supersede),
    );
    expect(differs).toEqual([]);
    // The exact gate drops or closes many of them; the cheap search alone decided the rest.
    expect(pairs.filter((p) => closes(p.exact)).length).toBeGreaterThan(50);
    expect(pairs.filter((p) => !closes(p.approximate)).length).toBeGreaterThan(10);
  }, 120_000);

  it("gives the same verdicts, ids and targets run again", async () => {
    const again = await run("approximate-again", "approximate", 150);
    expect(again).toEqual(approximate);
  }, 120_000);

  it("is refused for an unknown gate, naming the field", async () => {
    const mem = await openMemory({ path: join(dir, "refuse.db"), clock: CLOCK });
    await expect(mem.recordMany(["x"], { gate: "off" as never })).rejects.toMatchObject({
      code: "INVALID_INPUT",
      details: { field: "gate" },
    });
    await mem.close();
  });
});
