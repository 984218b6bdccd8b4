/**
 * Full-text ranking, every store: the same rows give the same BM25 ids and scores on SQLite
 * (FTS5 and its in-process index) and PostgreSQL (the in-process index over the change log), to
 * the last bit; and a second handle on the same data — another process or server — sees a write
 * and a forget made through the first on its next recall, with no restart.
 *
 *   DATABASE_URL=postgres://strata:strata@localhost/strata_test npx vitest run test/contract/text-ranking.contract.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BeliefFilter, EpisodeFilter, Store } from "../../src/core/ports.js";
import { openMemory } from "../../src/open-memory.js";
import { newBelief, newEpisode } from "../support/rows.js";
import { STORE_CASES } from "./stores.js";

const WORDS = [
  "retry",
  "limit",
  "gateway",
  "billing",
  "deploy",
  "cache",
  "queue",
  "timeout",
  "search",
  "ada",
];

/** A corpus with repeated words, varied lengths, archived and forgotten rows and superseded episodes. */
async function fill(store: Store): Promise<void> {
  await store.transaction(async (tx) => {
    for (let i = 0; i < 40; i++) {
      const words = Array.from({ length: 3 + (i % 7) }, (_, j) => WORDS[(i * 3 + j * j) % WORDS.length]);
      const status = i % 9 === 4 ? "archived" : "active";
      const id = await tx.insertBelief(newBelief(`Note ${i}: the ${words.join(" ")} settings`, { status }));
      if (i % 11 === 5) await tx.updateBelief(id, { status: "forgotten", text: "" });
    }
    const episodes: string[] = [];
    for (let i = 0; i < 25; i++) {
      const words = Array.from({ length: 2 + (i % 5) }, (_, j) => WORDS[(i + 2 * j) % WORDS.length]);
      const e = newEpisode(
        `Saw the ${words.join(" and the ")} again`,
        `2026-03-0${1 + (i % 5)}T00:00:00.000Z`,
      );
      episodes.push(await tx.insertEpisode(e));
    }
    await tx.updateEpisode(episodes[3]!, { supersededBy: episodes[4]! });
  });
}

const QUERIES = [
  ["retry", "limit"],
  ["billing", "gateway", "timeout"],
  ["caches"],
  ["ada", "queue", "deploy"],
];
const BELIEFS: BeliefFilter[] = [
  { namespaces: ["default"], statuses: ["active"] },
  { namespaces: ["default"], statuses: null },
  { namespaces: ["default"], statuses: ["active"], kinds: ["fact"] },
];
const EPISODES: EpisodeFilter[] = [
  { namespaces: ["default"], statuses: ["active"] },
  { namespaces: ["default"], statuses: null, includeSuperseded: true },
];

/** Every store's rankings of the corpus, compared below. */
const rankings = new Map<string, unknown[]>();

for (const c of STORE_CASES) {
  describe.skipIf(c.skip !== null)(`text ranking: ${c.name}${c.skip ? ` (skipped: ${c.skip})` : ""}`, () => {
    beforeAll(() => c.prepare(), 180_000);
    afterAll(() => c.dispose());

    it("ranks the corpus (compared across stores below)", async () => {
      const store = await c.open();
      try {
        await fill(store);
        const out: unknown[] = [];
        // Twice: the first searches of a layer may take another path (SQLite asks FTS5 when cold).
        for (let round = 0; round < 2; round++)
          for (const terms of QUERIES) {
            for (const f of BELIEFS) out.push(await store.searchBeliefText(terms, f, 8));
            for (const f of EPISODES) out.push(await store.searchEpisodeText(terms, f, 8));
          }
        expect(out.flat().length).toBeGreaterThan(50);
        rankings.set(c.name, out);
      } finally {
        await store.close();
      }
    });

    it("scores named episodes as its search scores them, any status, within the namespaces", async () => {
      const store = await c.open();
      try {
        await fill(store);
        const all = EPISODES[1]!;
        const ids = (await store.listEpisodes(all, { limit: 100, offset: 0, order: "at-asc" })).map(
          (e) => e.id,
        );
        expect(ids.length).toBe(25);
        // Twice: the first may be answered by FTS5 (SQLite, cold), the second by the in-process index.
        for (let round = 0; round < 2; round++)
          for (const terms of QUERIES) {
            const searched = new Map(
              (await store.searchEpisodeText(terms, all, 100)).map((h) => [h.id, h.score]),
            );
            const scored = await store.scoreEpisodeText(terms, [...ids, "b1", "e999999"], ["default"]);
            expect(new Map(scored.map((h) => [h.id, h.score]))).toEqual(searched);
            expect(scored.map((h) => h.id)).toEqual(ids.filter((id) => searched.has(id)));
            expect(await store.scoreEpisodeText(terms, ids, ["elsewhere"])).toEqual([]);
          }
      } finally {
        await store.close();
      }
    });

    it("a second handle sees a write and a forget made through the first on its next recall", async () => {
      const storeA = await c.open();
      const storeB = await c.reopen(storeA);
      const a = await openMemory({ store: storeA });
      const b = await openMemory({ store: storeB });
      try {
        await a.remember("The billing gateway retry limit is 5");
        const texts = async () => (await b.recall("billing gateway retry", { k: 5 })).map((h) => h.text);
        // B's indexes are loaded now: what follows must reach them through the change log.
        expect(await texts()).toEqual(["The billing gateway retry limit is 5"]);
        const written = await a.remember("The search gateway timeout is 30 seconds");
        expect(await b.recall("search timeout", { k: 5 })).toMatchObject([{ id: written.id }]);
        const episode = await a.record("We deployed the billing gateway on Friday");
        expect((await b.recall("deployed Friday", { k: 5 })).map((h) => h.id)).toContain(episode.id);

        // Rows written without a vector, and a text edited in place (no status change), reach B too.
        const all: BeliefFilter = { namespaces: ["default"], statuses: null };
        const bare = await storeA.transaction((tx) =>
          tx.insertBelief(newBelief("The invoice queue drains nightly")),
        );
        expect(await storeB.searchBeliefText(["invoice"], all, 5)).toMatchObject([{ id: bare }]);
        await storeA.transaction((tx) => tx.updateBelief(bare, { text: "The receipt queue drains nightly" }));
        expect(await storeB.searchBeliefText(["invoice"], all, 5)).toEqual([]);
        expect(await storeB.searchBeliefText(["receipt"], all, 5)).toMatchObject([{ id: bare }]);

        await a.forget(written.id!);
        await a.forget(episode.id!);
        const after = await b.recall("search timeout deployed Friday seconds", { k: 10 });
        expect(after.map((h) => h.id)).not.toContain(written.id);
        expect(after.map((h) => h.id)).not.toContain(episode.id);
        const words = after.map((h) => h.text).join(" ");
        expect(words).not.toMatch(/timeout|Friday/);
        // The port too, every status: the forgotten words are gone from B's index, not filtered.
        expect(
          await storeB.searchBeliefText(["timeout"], { namespaces: ["default"], statuses: null }, 5),
        ).toEqual([]);
        expect(
          await storeB.searchEpisodeText(
            ["friday"],
            { namespaces: ["default"], statuses: null, includeSuperseded: true },
            5,
          ),
        ).toEqual([]);
      } finally {
        await b.close();
        if (storeB !== storeA) await a.close();
        else await a.close().catch(() => undefined);
      }
    });

    it("finds a current-state question's newer statement by related words, in its namespace only, and not once forgotten", async () => {
      const mem = await openMemory({
        store: await c.open(),
        clock: { now: () => new Date("2026-06-01T00:00:00.000Z") },
      });
      try {
        await mem.remember("My dentist is Dr. Okafor at the Hillside practice.", { at: "2026-01-07" });
        for (const [i, text] of [
          "The dentist's waiting room magazines are always from last year.",
          "I keep meaning to floss more, my dentist says so every time.",
          "We booked the car in for its MOT on Friday.",
          "The garden fence needs painting before the summer.",
        ].entries())
          await mem.remember(text, { at: `2026-02-1${i}` });
        const newer = await mem.remember(
          "Dr. Lindqvist at my new dental clinic fitted me in the same afternoon.",
          {
            at: "2026-03-01",
          },
        );
        const elsewhere = await mem.remember("Dr. Berg runs the dental clinic on Mill Road.", {
          at: "2026-03-02",
          namespace: "team-b",
        });
        const hits = await mem.recall("Who is my dentist?", { k: 5 });
        const found = hits.find((h) => h.id === newer.id);
        expect(found?.why.summary).toContain("words related to the question's");
        expect(hits.map((h) => h.id)).not.toContain(elsewhere.id);
        await mem.forget(newer.id!);
        expect((await mem.recall("Who is my dentist?", { k: 5 })).map((h) => h.id)).not.toContain(newer.id);
      } finally {
        await mem.close?.();
      }
    });

    it("finds the newer statement through the older's ended term and a move said without where to, in its namespace only, and not once forgotten", async () => {
      const mem = await openMemory({
        store: await c.open(),
        clock: { now: () => new Date("2026-06-01T00:00:00.000Z") },
        namespace: "found26",
      });
      try {
        await mem.remember("Our electricity is with Octopus Energy on a fixed tariff.", { at: "2026-01-07" });
        await mem.remember("I live in Leeds, near the university, and I mostly cycle everywhere.", {
          at: "2026-01-08",
        });
        for (const [i, text] of [
          "The plumber comes on Thursday to look at the boiler.",
          "My sister moved the book club to Wednesdays.",
          "The kids' football season ended with a party at the club.",
        ].entries())
          await mem.remember(text, { at: `2026-02-1${i}` });
        const supplier = await mem.remember("We moved over to EDF when the fixed deal ended.", {
          at: "2026-03-01",
        });
        const city = await mem.remember(
          "Could you recommend some day hikes within an hour of Edinburgh? I've only been here three weeks since the move.",
          { at: "2026-03-02" },
        );
        const elsewhere = await mem.remember("We switched to Bulb when the fixed deal ended.", {
          at: "2026-03-03",
          namespace: "team-b",
        });
        const first = async (q: string) => (await mem.recall(q, { k: 5 }))[0];
        expect((await first("Who is our electricity supplier?"))?.id).toBe(supplier.id);
        expect((await first("Which city do I live in?"))?.id).toBe(city.id);
        const hits = await mem.recall("Who is our electricity supplier?", { k: 5 });
        expect(hits.map((h) => h.id)).not.toContain(elsewhere.id);
        await mem.forget(supplier.id!);
        expect(
          (await mem.recall("Who is our electricity supplier?", { k: 5 })).map((h) => h.id),
        ).not.toContain(supplier.id);
      } finally {
        await mem.close?.();
      }
    });

    it("finds the doer's noun of a 'who' question and an abbreviated title, in its namespace only, and not once forgotten", async () => {
      const mem = await openMemory({
        store: await c.open(),
        clock: { now: () => new Date("2026-06-01T00:00:00.000Z") },
        namespace: "found28",
      });
      try {
        const cleaner = await mem.remember("Our cleaner Agnieszka comes every other week.", {
          at: "2026-01-07",
        });
        for (const [i, text] of [
          "We looked at a house in Didsbury at the weekend but it fell through.",
          "Our house has a damp patch under the stairs.",
          "The clean-up after the party took all Sunday.",
          "I keep the house plants on the kitchen windowsill.",
        ].entries())
          await mem.remember(text, { at: `2026-02-1${i}` });
        const gp = await mem.remember("The new GP, Dr Whitcombe, actually listened about the knee.", {
          at: "2026-03-01",
        });
        const elsewhere = await mem.remember("Our cleaner Marisol does Mondays.", {
          at: "2026-03-02",
          namespace: "team-b",
        });
        const ids = async (q: string) => (await mem.recall(q, { k: 5 })).map((h) => h.id);
        expect(await ids("Who cleans our house?")).toContain(cleaner.id);
        expect(await ids("Who cleans our house?")).not.toContain(elsewhere.id);
        expect(await ids("Who is my doctor?")).toContain(gp.id);
        await mem.forget(cleaner.id!);
        expect(await ids("Who cleans our house?")).not.toContain(cleaner.id);
      } finally {
        await mem.close?.();
      }
    });

    it("finds the newer value in a turn no belief speaks for by the older's rare name, in its namespace only, and not once forgotten", async () => {
      const mem = await openMemory({
        store: await c.open(),
        clock: { now: () => new Date("2026-06-01T00:00:00.000Z") },
        namespace: "rank29",
      });
      try {
        const turn = (text: string, at: string, namespace?: string) =>
          mem.record(text, { type: "observation", actor: "user", at, session: at.slice(0, 10), namespace });
        await turn(
          "Our biggest client is Norrland Freight and they want a quarterly report.",
          "2026-01-07T09:00:00.000Z",
        );
        for (const [i, text] of [
          "The office plants need watering again.",
          "Our client calls are on Zoom and the recordings fill my disk.",
          "The client portal has a new login page.",
        ].entries())
          await turn(text, `2026-02-1${i}T09:00:00.000Z`);
        const newer = await turn(
          "Such a week: the boiler broke again, the car failed its MOT, and the weekly updates for Castell Bakeries, who took over as our big account after we lost Norrland Freight, ate my whole Friday. Can you draft an agenda for their kickoff?",
          "2026-03-01T09:00:00.000Z",
        );
        const elsewhere = await turn(
          "Honestly, we lost Norrland Freight and Brannock Mills are the big account now. Any tips for their onboarding?",
          "2026-03-02T09:00:00.000Z",
          "team-b",
        );
        await mem.consolidate();
        const hits = async () => await mem.recall("Who is our main client?", { k: 10 });
        const first = await hits();
        const at = first.findIndex((h) => h.id === newer.id);
        expect(at).toBeGreaterThanOrEqual(0);
        expect(first[at]!.why.summary).toContain("in a turn no belief speaks for");
        expect(first.findIndex((h) => h.text.startsWith("Our biggest client"))).toBeGreaterThan(at);
        expect(first.map((h) => h.id)).not.toContain(elsewhere.id);
        await mem.forget(newer.id!);
        expect((await hits()).map((h) => h.id)).not.toContain(newer.id);
      } finally {
        await mem.close?.();
      }
    });

    it("ranks a long run-on turn by the passage that says the question's word, in its namespace only, and not once forgotten", async () => {
      const mem = await openMemory({
        store: await c.open(),
        clock: { now: () => new Date("2026-06-01T00:00:00.000Z") },
        namespace: "passage30",
      });
      try {
        const turn = (text: string, at: string, namespace?: string) =>
          mem.record(text, { type: "observation", actor: "user", at, session: at.slice(0, 10), namespace });
        for (const [i, text] of [
          "The man next door says his boiler is making a racket again. The landlord never comes round, and the rent went up in the spring as well.",
          "We had the heating on all weekend because the radiators upstairs were stone cold. The boiler is old, and the kitchen tap drips too.",
          "My sister thinks the boiler in her new flat is far too big. She had the painters in last week, and the hall looks lovely now.",
        ].entries())
          await turn(text, `2026-02-1${i}T09:00:00.000Z`);
        const runOn = await turn(
          "erm so the wee man from Kelvin Heating does my boiler now and he was in on tuesday and then Lorna came round with the messages and we had our tea and watched the snooker till late",
          "2026-03-01T09:00:00.000Z",
        );
        const elsewhere = await turn(
          "erm so Brannock Gas does my boiler now and he was in on tuesday and then the grandweans came round for their tea and we watched the football till late",
          "2026-03-02T09:00:00.000Z",
          "team-b",
        );
        // Before passage scoring the run-on ranked last of the four: BM25 divided its one "boiler"
        // by all 38 words.
        const hits = async () => await mem.recall("boiler", { k: 3 });
        const first = await hits();
        expect(first.map((h) => h.id)).toContain(runOn.id);
        expect(first.map((h) => h.id)).not.toContain(elsewhere.id);
        await mem.forget(runOn.id!);
        expect((await hits()).map((h) => h.id)).not.toContain(runOn.id);
      } finally {
        await mem.close?.();
      }
    });

    it("keeps namespaces apart: another namespace's rows are never candidates", async () => {
      const store = await c.open();
      try {
        await fill(store);
        await store.transaction(async (tx) => {
          await tx.insertBelief(newBelief("The secret retry limit of team B", { namespace: "team-b" }));
        });
        const hits = await store.searchBeliefText(
          ["secret", "retry"],
          { namespaces: ["default"], statuses: null },
          50,
        );
        expect(hits.length).toBeGreaterThan(0);
        const inB = await store.searchBeliefText(["secret"], { namespaces: ["team-b"], statuses: null }, 5);
        expect(inB).toHaveLength(1);
        expect(hits.map((h) => h.id)).not.toContain(inB[0]!.id);
      } finally {
        await store.close();
      }
    });
  });
}

describe("text ranking: every store ranks alike", () => {
  it("the same ids and BM25 scores, bit for bit", (ctx) => {
    const runs = [...rankings.entries()];
    if (runs.length < 2) ctx.skip(`only ${runs.length} store(s) ran; nothing to compare`);
    const [reference, expected] = runs[0]!;
    for (const [name, got] of runs.slice(1))
      for (const [i, step] of got.entries())
        expect(step, `${name} vs ${reference}, search ${i}`).toEqual(expected[i]);
  });
});
