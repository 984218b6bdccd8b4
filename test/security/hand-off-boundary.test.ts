/**
 * The hand-off (`currentVersions`, handoff46): a closed older that answers a current-state question
 * — here by a word of the phrase it asks (`namesAskedPhrase`: "My plan is …" for "my planned
 * trip") — hands its rank to the statement that closed it. The closer is read by id, so the
 * namespace boundary and forget must hold there: each namespace's older hands its rank to its own
 * closer only, and a forgotten closer hands nothing and is said nowhere (recall, why, explanation,
 * context). Real SQLite file and, with DATABASE_URL, real PostgreSQL (a schema of its own).
 *
 *   DATABASE_URL=postgres://… npx vitest run test/security/hand-off-boundary.test.ts
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import { loadTagger } from "../../src/core/judge/tagger.js";
import { memoryBackends } from "../support/backends.js";
import { DAY, type TestClock } from "../support/memory.js";

beforeAll(() => loadTagger());

const START = Date.parse("2026-01-05T09:00:00.000Z");
const OLDER = "My plan is ten days in Lisbon.";
const QUESTION = "How long is my planned trip?";
const CLOSERS: Record<string, string> = {
  home: "We changed everything, it's two weeks in Porto now.",
  work: "We changed everything, it's three weeks in Rome now.",
};

/** In each namespace: the older, a filler turn and the namespace's closer, slept, the older closed by its closer. */
async function closedIn(mem: Memory, clock: TestClock, namespaces: string[]): Promise<Map<string, string>> {
  const closers = new Map<string, string>();
  for (const ns of namespaces) {
    const turns = [OLDER, "The kitchen tap is dripping again.", CLOSERS[ns]!];
    for (const [i, text] of turns.entries()) {
      const at = new Date(START + i * 5 * DAY).toISOString();
      await mem.record(text, {
        type: "observation",
        actor: "user",
        at,
        session: at.slice(0, 10),
        namespace: ns,
      });
    }
  }
  clock.set(new Date(START + 90 * DAY).toISOString());
  for (const ns of namespaces) {
    await mem.consolidate({ namespace: ns });
    const m = mem.withNamespace(ns);
    const beliefs = await m.list({ status: "any", limit: 100 });
    const older = beliefs.find((b) => "text" in b && b.text === OLDER)!;
    const closer = beliefs.find((b) => "text" in b && b.text === CLOSERS[ns])!;
    if (older.status === "active") await m.judge([{ a: older.id, b: closer.id, verdict: "supersede" }]);
    expect((await m.list({ status: "any", limit: 100 })).find((b) => b.id === older.id)?.status).toBe(
      "archived",
    );
    closers.set(ns, closer.id);
  }
  return closers;
}

for (const backend of memoryBackends("handoff"))
  describe.skipIf(backend.skip)(`${backend.name}: the hand-off holds the boundary and forget`, () => {
    it("each namespace's older hands its rank to its own closer, nothing of the other's", async () => {
      const { mem, clock } = await backend.open();
      try {
        const closers = await closedIn(mem, clock, ["home", "work"]);
        for (const [ns, other] of [
          ["home", "work"],
          ["work", "home"],
        ] as const) {
          const m = mem.withNamespace(ns);
          const hits = await m.recall(QUESTION, { k: 10 });
          expect(hits[0]?.id).toBe(closers.get(ns));
          expect(hits[0]?.why.summary).toContain("current version of");
          expect(hits.every((h) => h.namespace === ns)).toBe(true);
          const shown = JSON.stringify([hits, await m.context(QUESTION, { tokenBudget: 4000 })]);
          expect(shown).not.toContain(CLOSERS[other]!.split(",")[1]!.trim());
          expect(shown).not.toContain(closers.get(other)!);
        }
      } finally {
        await mem.close();
      }
    });

    it("a forgotten closer hands nothing and is said nowhere", async () => {
      const { mem, clock } = await backend.open();
      try {
        const closers = await closedIn(mem, clock, ["home"]);
        const m = mem.withNamespace("home");
        const id = closers.get("home")!;
        expect((await m.recall(QUESTION, { k: 10 }))[0]?.id).toBe(id);
        // The closer and the turn it came from: forget erases each item asked, so both are asked.
        const turn = (await m.list({ layer: "episode", status: "any", limit: 100 })).find(
          (e) => "content" in e && e.content === CLOSERS.home,
        )!;
        const gone: string[] = [];
        for (const item of [id, turn.id]) gone.push(...(await m.forget(item)).forgotten.map((f) => f.id));
        expect(gone).toEqual(expect.arrayContaining([id, turn.id]));
        const hits = await m.recall(QUESTION, { k: 10 });
        expect(hits.some((h) => h.why.summary.includes("current version of"))).toBe(false);
        const shown = JSON.stringify([
          hits,
          await m.recall(QUESTION, { k: 50 }),
          ...(await Promise.all(hits.map((h) => m.explain(h.id)))),
          await m.context(QUESTION, { tokenBudget: 4000, recentEvents: 20 }),
        ]);
        expect(shown).not.toContain("Porto");
        // The older's own row still names the closer's id as it was written (an id, not its words).
        const rest = shown.replaceAll(`"supersededBy":"${id}"`, "");
        for (const g of gone) expect(rest).not.toMatch(new RegExp(`(^|[^A-Za-z0-9])${g}([^A-Za-z0-9]|$)`));
      } finally {
        await mem.close();
      }
    });
    it("a forgotten older hands nothing and its words are quoted nowhere, its closer still found by its own words (attacks47)", async () => {
      const { mem, clock } = await backend.open();
      try {
        const closers = await closedIn(mem, clock, ["home"]);
        const m = mem.withNamespace("home");
        const hits = await m.recall(QUESTION, { k: 10 });
        expect(hits[0]?.why.summary).toContain("Lisbon"); // the hand-off quotes the older
        const all = await m.list({ status: "any", limit: 100 });
        const older = all.find((b) => "text" in b && b.text === OLDER)!;
        const turn = (await m.list({ layer: "episode", status: "any", limit: 100 })).find(
          (e) => "content" in e && e.content === OLDER,
        )!;
        for (const item of [older.id, turn.id]) await m.forget(item);
        const after = await m.recall(QUESTION, { k: 10 });
        expect(after.some((h) => h.why.summary.includes("current version of"))).toBe(false);
        const shown = JSON.stringify([
          after,
          await m.recall("two weeks in Porto", { k: 10 }),
          await m.explain(closers.get("home")!),
          await m.history(closers.get("home")!),
          await m.context(QUESTION, { tokenBudget: 4000, recentEvents: 20 }),
          await m.export(),
        ]);
        expect(shown).not.toContain("Lisbon");
        expect(shown).toContain("Porto");
      } finally {
        await mem.close();
      }
    });
  });
