/**
 * recall's slot-typed link (`missedSuccessors`: a question asking a member of a kind by its
 * determiner, "Which school does my daughter go to?", lifts a newer statement naming another
 * member of that kind, found by WordNet's kinds) searches beliefs and turns left as themselves.
 * It must search the request's namespaces only, and never a forgotten turn: nothing of another
 * namespace's or of a forgotten turn (its text, its id, a "names another of the asked kind" hint
 * in `why`) reaches the hits. Each case has a control where the same two turns share a namespace
 * and the link does fire, so a pass is not the link simply never firing. Real SQLite file and,
 * with DATABASE_URL, real PostgreSQL (a schema of its own per store): each store's own searches
 * apply the namespace filter.
 *
 *   DATABASE_URL=postgres://… npx vitest run test/security/asked-kind-boundary.test.ts
 */
import { randomBytes } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import { loadTagger } from "../../src/core/judge/tagger.js";
import { openMemory } from "../../src/open-memory.js";
import { PostgresStore } from "../../src/store/postgres/postgres-store.js";
import { DAY, type TestClock, testClock, testMemory } from "../support/memory.js";
import { schemasDroppedAfterAll } from "../support/pg-schemas.js";

const DATABASE_URL = process.env.DATABASE_URL;
const dropLater = schemasDroppedAfterAll();

/** Each backend's empty store acting in `namespace`, with its test clock. */
const BACKENDS: {
  name: string;
  skip: boolean;
  open: (namespace: string) => Promise<{ mem: Memory; clock: TestClock }>;
}[] = [
  { name: "sqlite-file", skip: false, open: (namespace) => testMemory({ file: true, namespace }) },
  {
    name: "postgres",
    skip: !DATABASE_URL,
    open: async (namespace) => {
      const schema = `askedkind_${process.pid}_${randomBytes(4).toString("hex")}`;
      dropLater(schema);
      const store = await PostgresStore.open({ url: DATABASE_URL!, schema, maxConnections: 2 });
      const clock = testClock();
      return { mem: await openMemory({ store, clock, namespace }), clock };
    },
  },
];

beforeAll(() => loadTagger());

const OLDER = "My daughter Maya is in Year 5 at Hillcrest Primary, her teacher is lovely.";
// Ends in a question, and its statement tells of the past, not a state (sleep/asking-turns.ts): no
// belief speaks for it, so the link finds it as a turn left as itself.
const NEWER =
  "Maya's form tutor at Northgate Academy wanted a poster on volcanoes by Monday. What glue works best on card?";
const QUESTION = "Which school does my daughter go to?";
const START = Date.parse("2027-01-01T00:00:00Z");

let mem: Memory | undefined;
afterEach(async () => {
  await mem?.close();
  mem = undefined;
});

for (const backend of BACKENDS)
  describe.skipIf(backend.skip)(`${backend.name}`, () => {
    /** The older turn in `olderNs` on day 0 and the newer in `newerNs` on day 20, each slept; the newer turn's id. */
    async function store(olderNs: string, newerNs: string): Promise<{ mem: Memory; newer: string }> {
      const t = await backend.open(olderNs);
      t.clock.advance(0);
      await t.mem.record(OLDER, { at: new Date(START).toISOString(), namespace: olderNs });
      t.clock.advance(20 * DAY);
      const newer = await t.mem.record(NEWER, {
        at: new Date(START + 20 * DAY).toISOString(),
        namespace: newerNs,
      });
      await t.mem.consolidate({ namespace: olderNs });
      if (newerNs !== olderNs) await t.mem.consolidate({ namespace: newerNs });
      return { mem: t.mem, newer: newer.id };
    }

    const shown = (hits: unknown) => JSON.stringify(hits);

    describe("the slot-typed link stays in the request's namespaces", () => {
      it("control: both turns in one namespace, the newer school is lifted first", async () => {
        const s = await store("family", "family");
        mem = s.mem;
        const hits = await mem.recall(QUESTION, { k: 5, namespace: "family" });
        expect(hits[0]?.id).toBe(s.newer);
        expect(hits[0]?.why.summary).toMatch(/names another of the asked kind/);
      });

      it("the newer turn in another namespace: none of its text, id or hint in the hits", async () => {
        const s = await store("family", "neighbour");
        mem = s.mem;
        const hits = await mem.recall(QUESTION, { k: 5, namespace: "family" });
        expect(hits[0]?.text).toMatch(/Hillcrest Primary/);
        expect(shown(hits)).not.toMatch(/Northgate|names another of the asked kind/);
        expect(shown(hits)).not.toContain(`"${s.newer}"`);
        // The other namespace still has it: the boundary, not the data, kept it out.
        const theirs = await mem.recall("Northgate Academy poster", { k: 5, namespace: "neighbour" });
        expect(theirs.map((h) => h.id)).toContain(s.newer);
      });
    });

    describe("the same question, the same hits", () => {
      it("before and after another namespace's recalls over crafted text (one process's tagger and caches)", async () => {
        const s = await store("family", "family");
        mem = s.mem;
        const first = await mem.recall(QUESTION, { k: 5, namespace: "family" });
        expect(first[0]?.id).toBe(s.newer); // the link fired: its ranking is what is compared
        for (const text of [
          "It was my daughter's.",
          "Northgate Academy's, not Hillcrest Primary's.",
          "(Maya's) school?",
        ])
          await mem.record(text, { namespace: "neighbour" });
        await mem.consolidate({ namespace: "neighbour" });
        for (const q of ["Which school does my daughter go to?", "Whose is it, my daughter's?"])
          await mem.recall(q, { k: 5, namespace: "neighbour" });
        expect(await mem.recall(QUESTION, { k: 5, namespace: "family" })).toEqual(first);
      });
    });

    describe("the slot-typed link never reaches past the time asked", () => {
      it("asked at day 10 (before the newer turn): nothing of the newer in the hits", async () => {
        const s = await store("family", "family");
        mem = s.mem;
        const at = new Date(START + 10 * DAY).toISOString();
        for (const when of [{ at }, { asOf: at }]) {
          const hits = await mem.recall(QUESTION, { k: 5, namespace: "family", ...when });
          expect(shown(hits)).not.toMatch(/Northgate|names another of the asked kind/);
          expect(shown(hits)).not.toContain(`"${s.newer}"`);
        }
      });
    });

    describe("the slot-typed link never finds a forgotten turn", () => {
      it("the newer turn forgotten: the older is first again, nothing of the newer in the hits", async () => {
        const s = await store("family", "family");
        mem = s.mem;
        await mem.forget(s.newer, { namespace: "family" });
        const hits = await mem.recall(QUESTION, { k: 5, namespace: "family" });
        expect(hits[0]?.text).toMatch(/Hillcrest Primary/);
        expect(shown(hits)).not.toMatch(/Northgate|names another of the asked kind/);
        expect(shown(hits)).not.toContain(`"${s.newer}"`);
      });
    });
  });
