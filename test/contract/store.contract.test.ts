/**
 * The store contract: one suite, every store. Behaviour is asserted through the engine (the
 * only user of the port), plus a few direct port checks; a recorded transcript of one script
 * must come out identical on every store.
 *
 *   STRATA_STORES=sqlite,pglite npx vitest run test/contract
 *   DATABASE_URL=postgres://strata:strata@localhost/strata_test npx vitest run test/contract
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import { isStrataError } from "../../src/core/errors.js";
import type { Belief } from "../../src/core/model.js";
import { DUMP_SECTIONS, type Store, type StoreWriter } from "../../src/core/ports.js";
import { openMemory } from "../../src/open-memory.js";
import { newBelief, newEpisode } from "../support/rows.js";
import { STORE_CASES, type StoreCase } from "./stores.js";

/** A store clock that moves one second per reading, from a fixed start. */
function fixedClock(start = "2026-03-05T00:00:00Z") {
  let t = Date.parse(start);
  return {
    now: () => {
      t += 1000;
      return new Date(t);
    },
  };
}

async function engineOn(c: StoreCase): Promise<{ mem: Memory; store: Store }> {
  const store = await c.open();
  return { mem: await openMemory({ store, clock: fixedClock() }), store };
}

/** The scripted session whose outcome must be identical on every store. */
async function script(mem: Memory): Promise<unknown[]> {
  const out: unknown[] = [];
  const gate = (r: Awaited<ReturnType<Memory["record"]>>) => [
    r.verdict,
    r.id,
    r.stored,
    r.target?.id ?? null,
    r.superseded,
    r.derived,
    r.notes,
  ];
  out.push(gate(await mem.remember("The staging database is Postgres 16", { at: "2026-03-01" })));
  out.push(gate(await mem.remember("Staging database: Postgres 16", { at: "2026-03-01" })));
  out.push(gate(await mem.remember("The retry limit is 5", { at: "2026-03-01" })));
  out.push(gate(await mem.remember("The retry limit is 7", { at: "2026-03-02" })));
  out.push(gate(await mem.remember("The retry limit is 3", { at: "2026-02-01" })));
  out.push(gate(await mem.record("Is the retry limit 9?", { type: "question" })));
  out.push(
    gate(
      await mem.record("Deploying with blue-green switch worked", { type: "outcome", outcome: "success" }),
    ),
  );
  out.push(
    gate(
      await mem.record("Deploying with blue-green switch failed", { type: "outcome", outcome: "failure" }),
    ),
  );
  out.push(gate(await mem.remember("The assistant is called Ada", { at: "2026-03-01" })));
  out.push((await mem.pin("b5")).pinned);
  out.push(gate(await mem.remember("The assistant is called Bob", { at: "2026-03-03" })));
  out.push(gate(await mem.capture({ when: "target model is Anthropic", prefer: "use XML delimiters" })));
  out.push(
    gate(
      await mem.remember("Avoid running migrations during peak traffic", {
        kind: "failure",
        at: "2026-03-04",
      }),
    ),
  );
  out.push(
    gate(
      await mem.remember("Rotate the API keys", {
        kind: "procedure",
        steps: ["create a new key", "deploy it", "revoke the old key"],
      }),
    ),
  );
  // Rankings must agree across stores; the scores themselves may not, because full-text
  // relevance is the backend's own (FTS5 BM25, tsvector ts_rank_cd), normalised per list.
  const hits = (h: Awaited<ReturnType<Memory["recall"]>>) => h.map((x) => [x.id, x.status, x.text]);
  for (const q of ["retry limit", "staging database", "deploy blue-green", "assistant name", "API keys"])
    out.push(hits(await mem.recall(q, { k: 5 })));
  out.push(hits(await mem.recall("retry limit", { at: "2026-02-15" })));
  out.push(hits(await mem.recall("retry limit", { at: "2026-03-01T12:00:00Z" })));
  const ctx = await mem.context("deploy the service", { tokenBudget: 300, recentEvents: 3 });
  out.push([ctx.text, ctx.tokens]);
  out.push(await mem.outcome("b3", true));
  // What purge scrubbed is the store's own (tables rewritten, full-text indexes merged, the log):
  // the story compares that nothing was left.
  const { purge, ...forgotten } = await mem.forget("e1");
  out.push({ ...forgotten, purgeLeft: purge?.skipped ?? null });
  out.push(await mem.restore("b2"));
  out.push(await mem.history("b4"));
  out.push(await mem.explain("b3"));
  out.push(await mem.stats());
  out.push(await mem.list({ limit: 50 }));
  out.push(await mem.list({ layer: "episode", limit: 50 }));
  out.push(await mem.audit({ limit: 500 }));
  out.push(await mem.verifyAudit());
  return out;
}

const transcripts = new Map<string, unknown[]>();

for (const c of STORE_CASES) {
  const title = c.skip ? `${c.name} (skipped: ${c.skip})` : c.name;
  if (c.skip) console.log(`store contract: ${title}`);

  describe.skipIf(c.skip !== null)(`store contract: ${title}`, () => {
    beforeAll(() => c.prepare(), 180_000);
    afterAll(() => c.dispose());

    it("records the scripted session (compared across stores below)", async () => {
      const { mem } = await engineOn(c);
      try {
        transcripts.set(c.name, JSON.parse(JSON.stringify(await script(mem))));
      } finally {
        await mem.close();
      }
    });

    it("write gate: novel, redundant paraphrase, contradiction supersedes 5 → 7", async () => {
      const { mem } = await engineOn(c);
      try {
        const a = await mem.remember("The staging database is Postgres 16");
        expect(a).toMatchObject({ verdict: "novel", id: "b1", stored: true });
        const b = await mem.remember("Staging database: Postgres 16");
        expect(b).toMatchObject({ verdict: "redundant", id: "b1", stored: false });
        expect((await mem.get("b1")) as Belief).toMatchObject({ support: 2 });

        await mem.remember("The retry limit is 5", { at: "2026-03-01" });
        const seven = await mem.remember("The retry limit is 7", { at: "2026-03-02" });
        expect(seven).toMatchObject({ verdict: "contradiction", id: "b3", superseded: ["b2"] });
        expect(await mem.get("b2")).toMatchObject({
          status: "archived",
          supersededBy: "b3",
          validTo: "2026-03-02T00:00:00.000Z",
        });
        expect(await mem.get("b3")).toMatchObject({ status: "active" });
      } finally {
        await mem.close();
      }
    });

    it("write gate: outcome-conflict, a question never supersedes, backdated fact is history, pinned stays", async () => {
      const { mem } = await engineOn(c);
      try {
        await mem.remember("The retry limit is 5", { at: "2026-03-01" });
        await mem.remember("The retry limit is 7", { at: "2026-03-02" });
        const q = await mem.record("Is the retry limit 9?", { type: "question" });
        expect(q).toMatchObject({ verdict: "novel", superseded: [] });
        expect(await mem.get("b2")).toMatchObject({ status: "active" });

        const old = await mem.remember("The retry limit is 3", { at: "2026-02-01" });
        expect(old.superseded).toEqual([]);
        expect(await mem.get(old.id)).toMatchObject({
          status: "archived",
          supersededBy: "b1",
          validTo: "2026-03-01T00:00:00.000Z",
        });
        expect(await mem.get("b2")).toMatchObject({ status: "active" });

        await mem.record("Deploying with blue-green switch worked", { type: "outcome", outcome: "success" });
        const fail = await mem.record("Deploying with blue-green switch failed", {
          type: "outcome",
          outcome: "failure",
        });
        expect(fail.verdict).toBe("outcome-conflict");

        const ada = await mem.remember("The assistant is called Ada");
        await mem.pin(ada.id);
        const bob = await mem.remember("The assistant is called Bob");
        expect(bob.superseded).toEqual([]);
        expect(bob.notes).toContain("skipped: pinned");
        expect(await mem.get(ada.id)).toMatchObject({ status: "active", pinned: true });
      } finally {
        await mem.close();
      }
    });

    it("recall ranks the current value first and `at` travels back in time", async () => {
      const { mem } = await engineOn(c);
      try {
        await mem.remember("The retry limit is 5", { at: "2026-03-01" });
        await mem.remember("The retry limit is 7", { at: "2026-03-02" });
        await mem.remember("The staging database is Postgres 16");
        const now = await mem.recall("retry limit", { kinds: ["fact"] });
        expect(now.map((h) => h.id)).toEqual(["b2"]);
        const then = await mem.recall("retry limit", { at: "2026-03-01T12:00:00Z" });
        expect(then[0]).toMatchObject({ id: "b1", text: "The retry limit is 5" });
        expect(await mem.recall("retry limit", { at: "2026-02-01" })).toEqual([]);
      } finally {
        await mem.close();
      }
    });

    it("context stays within its token budget; outcome is Laplace-smoothed", async () => {
      const { mem } = await engineOn(c);
      try {
        for (let i = 0; i < 30; i++)
          await mem.remember(`Service ${i} deploys through pipeline stage ${i * 7} with canary checks`);
        const ctx = await mem.context("deploy the service", { tokenBudget: 120 });
        expect(ctx.tokens).toBeLessThanOrEqual(120);
        expect(ctx.text.length).toBeGreaterThan(0);
        const o = await mem.outcome("b1", true);
        expect(Math.round(o.belief.confidence * 100) / 100).toBe(0.67);
      } finally {
        await mem.close();
      }
    });

    it("forget erases content and derived beliefs; restore brings a superseded belief back", async () => {
      const { mem } = await engineOn(c);
      try {
        const e = await mem.record("The retry limit is 5", { at: "2026-03-01" });
        const f = await mem.remember("Queue workers use the retry limit", { sources: [e.id] });
        await mem.outcome(f.id, true, { session: "s-7" });
        const creditKeys = async () => {
          const rows = await mem.store.dump("meta", { cursor: null, limit: 1000 });
          return rows.rows.filter((m) => m.key.includes(`outcome-credit:${f.id}:`));
        };
        expect(await creditKeys()).toHaveLength(1);
        const gone = await mem.forget(e.id);
        // Which sessions reported outcomes on an erased belief goes with it.
        expect(await creditKeys()).toEqual([]);
        expect(gone.forgotten.map((x) => x.id)).toEqual([e.id, f.id]);
        expect(await mem.get(e.id)).toMatchObject({ content: "", status: "forgotten" });
        expect(await mem.get(f.id)).toMatchObject({ text: "", status: "forgotten" });
        expect(await mem.recall("retry limit")).toEqual([]);
        await expect(mem.restore(e.id)).rejects.toMatchObject({ code: "FORGOTTEN" });

        await mem.remember("The cache TTL is 60 seconds", { at: "2026-03-01" });
        const next = await mem.remember("The cache TTL is 90 seconds", { at: "2026-03-02" });
        const old = next.superseded[0]!;
        const h = await mem.history(next.id);
        expect(h.chain.map((b) => b.id)).toEqual([old, next.id]);
        expect(await mem.restore(old)).toMatchObject({
          status: "active",
          restored: true,
          supersededBy: null,
        });
        const x = await mem.explain(old);
        expect(x.links.map((l) => [l.from, l.to, l.relation])).toEqual([[next.id, old, "supersedes"]]);
        expect(x.audit.map((a) => a.event)).toEqual([
          "belief.remembered",
          "belief.superseded",
          "belief.restored",
        ]);
        const stats = await mem.stats();
        expect(stats.beliefs.byStatus).toMatchObject({ forgotten: 1, active: 2 });
        expect(stats.episodes.byStatus).toMatchObject({ forgotten: 1 });
      } finally {
        await mem.close();
      }
    });

    it("sleep: consolidate distils, resolves rules and sweeps; maintain retires; health and agent-as-judge", async () => {
      const { mem } = await engineOn(c);
      try {
        await mem.record("Validation of the 60MB CSV timed out", { outcome: "failure", at: "2026-03-01" });
        await mem.record("ok", { at: "2026-03-01" });
        await mem.record("The staging database is Postgres 15", { at: "2026-03-02" });
        await mem.record("The staging database was upgraded to Postgres 16", { at: "2026-03-05" });
        const strong = await mem.capture({
          when: "the target model is Claude",
          prefer: "use XML delimiters",
          feedback: "positive",
        });
        const weak = await mem.capture({ when: "target model is Claude", prefer: "avoid XML delimiters" });
        const report = await mem.consolidate();
        expect(report.items).toContainEqual(
          expect.objectContaining({ action: "skipped", reason: "skipped: chit-chat" }),
        );
        expect(report.items).toContainEqual(
          expect.objectContaining({ action: "resolved", id: weak.id, by: strong.id }),
        );
        const facts = (await mem.list({ kind: "fact" })).map((b) => (b as { text: string }).text);
        expect(facts).toEqual(["The staging database was upgraded to Postgres 16"]);
        expect((await mem.list({ kind: "failure" })).length).toBe(1);
        const again = await mem.sweep({ full: true });
        expect(again.work.judged).toBe(0);
        expect((await mem.health()).usable).toBeGreaterThan(0.5);
        expect(Array.isArray(await mem.candidates())).toBe(true);
        expect((await mem.maintain()).counts.retired).toBe(0);
        expect((await mem.verifyAudit()).ok).toBe(true);
      } finally {
        await mem.close();
      }
    });

    it("wraps: prepare, save with a grounded pattern, refuse a second save; export round-trips into an empty namespace", async () => {
      const { mem } = await engineOn(c);
      try {
        const a = await mem.record("The nightly S3 export timed out at 2am", { at: "2026-03-01" });
        const b = await mem.record("Hourly batches fixed the S3 export timeout", { at: "2026-03-02" });
        const wrap = await mem.prepareWrap();
        expect(wrap).toMatchObject({ status: "ready", wrap: 1, episodes: { total: 2 } });
        const digest = [
          "## State",
          "- Exports are hourly",
          "## Patterns",
          `- Big S3 exports time out | 1x [evidence: ${a.id} "nightly S3 export timed out", ${b.id} "hourly batches fixed the S3 export timeout"]`,
          "## Decisions",
          "- Hourly batches",
          "## Context",
          "- none",
        ].join("\n");
        const saved = await mem.saveContinuity(digest, { token: wrap.token! });
        expect(saved.citations).toEqual({ valid: 2, invalid: 0 });
        await expect(mem.saveContinuity(digest, { token: wrap.token! })).rejects.toMatchObject({
          code: "WRAP_NOT_PREPARED",
        });
        expect(await mem.continuity()).toContain("Big S3 exports time out | 1x");
        expect(await mem.associations()).toHaveLength(1);

        const exported = await mem.export({ format: "json" });
        const target = await engineOn(c);
        try {
          await target.mem.import(exported);
          expect(await target.mem.recall("S3 export timeout", { k: 3 })).toEqual(
            await mem.recall("S3 export timeout", { k: 3 }),
          );
          expect(await target.mem.continuity()).toBe(await mem.continuity());
          expect((await target.mem.verifyAudit()).ok).toBe(true);
        } finally {
          await target.mem.close();
        }
      } finally {
        await mem.close();
      }
    });

    it("verifyAudit passes, then detects a tampered entry and a removed tail", async () => {
      const { mem, store } = await engineOn(c);
      try {
        await mem.remember("The retry limit is 5", { at: "2026-03-01" });
        await mem.remember("The retry limit is 7", { at: "2026-03-02" });
        await mem.record("Deploy failed: migration lock timeout", { type: "outcome", outcome: "failure" });
        const ok = await mem.verifyAudit();
        expect(ok).toMatchObject({ ok: true, namespaces: 1, problems: [] });
        expect(ok.entries).toBeGreaterThanOrEqual(4);

        await c.tamper(store, "UPDATE audit SET actor = 'mallory' WHERE seq = 2");
        const bad = await mem.verifyAudit();
        expect(bad.ok).toBe(false);
        expect(bad.problems.map((p) => p.problem)).toContain("tampered: hash does not match");

        await c.tamper(store, `DELETE FROM audit WHERE seq = ${ok.entries}`);
        const cut = await mem.verifyAudit();
        expect(cut.problems.some((p) => p.problem.startsWith("truncated"))).toBe(true);
      } finally {
        await mem.close();
      }
    });

    it("port: getBeliefs returns 2,000 ids in the order asked, chunked", async () => {
      const store = await c.open();
      try {
        const ids = await store.transaction(async (tx) => {
          const out: string[] = [];
          for (let i = 0; i < 2000; i++) out.push(await tx.insertBelief(belief(`fact number ${i}`)));
          return out;
        });
        expect(ids[0]).toBe("b1");
        expect(ids[1999]).toBe("b2000");
        const asked = [...ids].reverse().concat(["b999999", "e1"]);
        const got = await store.getBeliefs(asked, "default");
        expect(got.map((b) => b.id)).toEqual([...ids].reverse());
        expect(got[0]).toMatchObject({ text: "fact number 1999", pinned: false, sources: [] });
      } finally {
        await store.close();
      }
    });

    it("port: the store's secret is kept across reopen and appears in no dump section nor getMeta", async () => {
      let store = await c.open();
      try {
        const key = store.contentKey();
        expect(key).toMatch(/^[0-9a-f]{64}$/);
        store = await c.reopen(store);
        expect(store.contentKey()).toBe(key);
        await store.transaction((tx) => tx.setMeta("probe", "x"));
        for (const section of DUMP_SECTIONS)
          expect(
            JSON.stringify((await store.dump(section, { cursor: null, limit: 1000 })).rows),
          ).not.toContain(key);
        for (const k of ["content_key", "content-key", "store:content_key"])
          expect(await store.getMeta(k)).toBeNull();
      } finally {
        await store.close();
      }
    });

    it("port: getMetaPrefix lists the records under a prefix, in key order, and nothing else", async () => {
      const store = await c.open();
      try {
        await store.transaction(async (tx) => {
          await tx.setMeta("curation:a:y", "2");
          await tx.setMeta("curation:a:x", "1");
          await tx.setMeta("curation:ab:z", "3");
          await tx.setMeta("curation:A:x", "4");
          await tx.setMeta("curation%a:x", "5");
        });
        expect(await store.getMetaPrefix("curation:a:")).toEqual([
          { key: "curation:a:x", value: "1" },
          { key: "curation:a:y", value: "2" },
        ]);
        expect(await store.getMetaPrefix("curation:none:")).toEqual([]);
        expect(await store.getMetaPrefix("content_key")).toEqual([]);
      } finally {
        await store.close();
      }
    });

    it("port: deleteJudgedPairs drops every cached verdict naming the id, and only those", async () => {
      const store = await c.open();
      try {
        const pair = (a: string, b: string) => ({
          a,
          b,
          aHash: "h",
          bHash: "h",
          relation: "distinct" as const,
          judge: "lexical",
          reason: "value-changed: 4821 → 9931",
          at: "2026-03-01T00:00:00.000Z",
        });
        await store.transaction(async (tx) => {
          // b1 … b4: a verdict is read only for a pair of the namespace's own rows.
          for (let i = 1; i <= 4; i++) await tx.insertBelief(newBelief(`fact number ${i}`));
          for (const [a, b] of [
            ["b1", "b2"],
            ["b2", "b3"],
            ["b3", "b4"],
          ])
            await tx.putJudgedPair(pair(a!, b!));
          await tx.deleteJudgedPairs("b2");
        });
        const left = await store.judgedPairs(
          [
            { a: "b1", b: "b2" },
            { a: "b2", b: "b3" },
            { a: "b3", b: "b4" },
          ],
          "default",
        );
        expect(left.map((p) => `${p.a}-${p.b}`)).toEqual(["b3-b4"]);
      } finally {
        await store.close();
      }
    });

    it("port: holdsOtherVectors sees a vector of another embedder or dimension, on either side of the asked one", async () => {
      const store = await c.open();
      try {
        const other = (embedder: string, dimension: number) => store.holdsOtherVectors(embedder, dimension);
        expect(await other("m", 3)).toBe(false); // no vector at all
        await store.transaction((tx) => tx.putVector("b1", "default", "m", new Float32Array([1, 0, 0])));
        expect(await other("m", 3)).toBe(false);
        // The stored group sorts below, above, or at another dimension of the asked one.
        expect(await other("n", 3)).toBe(true);
        expect(await other("l", 3)).toBe(true);
        expect(await other("m", 2)).toBe(true);
        expect(await other("m", 4)).toBe(true);
        await store.transaction((tx) => tx.putVector("b2", "default", "m", new Float32Array([0, 1])));
        expect(await other("m", 3)).toBe(true);
        expect(await other("m", 2)).toBe(true);
        expect(await store.vectorEmbedders()).toEqual([
          { embedder: "m", dimension: 2, count: 1 },
          { embedder: "m", dimension: 3, count: 1 },
        ]);
      } finally {
        await store.close();
      }
    });

    it("port: a belief's calibration is null when inserted and round-trips through updateBelief and dump", async () => {
      const store = await c.open();
      try {
        const calibration = {
          supersession: 0.838,
          supersededBy: "b9",
          salience: 0.462,
          category: "preference" as const,
          at: "2026-03-04T00:00:00.000Z",
        };
        const id = await store.transaction((tx) =>
          tx.insertBelief(newBelief("User preferred language is Python 3.12")),
        );
        expect((await store.getBelief(id, "default"))!.calibration).toBeNull();
        await store.transaction((tx) => tx.updateBelief(id, { calibration }));
        expect((await store.getBelief(id, "default"))!.calibration).toEqual(calibration);
        const dumped = (await store.dump("beliefs", { cursor: null, limit: 10 })).rows as Belief[];
        expect(dumped.find((b) => b.id === id)!.calibration).toEqual(calibration);
      } finally {
        await store.close();
      }
    });

    it("port: listEpisodes orders by event time then id, both ways, with paging", async () => {
      const store = await c.open();
      try {
        await store.transaction(async (tx) => {
          for (const at of ["2026-03-02", "2026-03-01", "2026-03-02", "2026-03-03", "2026-03-01"])
            await tx.insertEpisode(episode("event", `${at}T00:00:00.000Z`));
        });
        const f = { namespaces: ["default"], statuses: ["active" as const] };
        const desc = await store.listEpisodes(f, { limit: 10, offset: 0, order: "at-desc" });
        expect(desc.map((e) => e.id)).toEqual(["e4", "e3", "e1", "e5", "e2"]);
        const asc = await store.listEpisodes(f, { limit: 2, offset: 1, order: "at-asc" });
        expect(asc.map((e) => e.id)).toEqual(["e5", "e1"]);
        const until = await store.listEpisodes(
          { ...f, at: "2026-03-01T12:00:00.000Z" },
          { limit: 10, offset: 0, order: "at-asc" },
        );
        expect(until.map((e) => e.id)).toEqual(["e2", "e5"]);
      } finally {
        await store.close();
      }
    });

    it("port: searchBeliefText applies every filter and never chokes on query syntax", async () => {
      const store = await c.open();
      try {
        await store.transaction(async (tx: StoreWriter) => {
          await tx.insertBelief(belief("deploy uses the blue pipeline")); // b1
          await tx.insertBelief({ ...belief("deploy uses the green pipeline"), namespace: "other" }); // b2
          await tx.insertBelief({ ...belief("deploy rule for pipelines"), kind: "rule" }); // b3
          await tx.insertBelief({ ...belief("deploy pinned pipeline"), pinned: true }); // b4
          await tx.insertBelief({
            ...belief("deploy pipeline of last year"),
            status: "archived",
            validFrom: "2025-01-01T00:00:00.000Z",
            validTo: "2025-06-01T00:00:00.000Z",
          }); // b5
        });
        const base = { namespaces: ["default"], statuses: ["active" as const] };
        const ids = async (terms: string[], f: Parameters<Store["searchBeliefText"]>[1]) =>
          (await store.searchBeliefText(terms, f, 10)).map((h) => h.id).sort();
        expect(await ids(["pipeline"], base)).toEqual(["b1", "b3", "b4"]);
        expect(await ids(["pipeline"], { ...base, namespaces: ["default", "other"] })).toEqual([
          "b1",
          "b2",
          "b3",
          "b4",
        ]);
        expect(await ids(["pipeline"], { ...base, kinds: ["rule"] })).toEqual(["b3"]);
        expect(await ids(["pipeline"], { ...base, pinned: true })).toEqual(["b4"]);
        expect(
          await ids(["pipeline"], { namespaces: ["default"], statuses: null, at: "2025-03-01" }),
        ).toEqual(["b5"]);
        expect(await ids(["blue", "nothing"], base)).toEqual(["b1"]);
        for (const odd of ["it's", "a:b", "'", "&|!", "(", '"', "\\", "deploy*", "NEAR"])
          await expect(store.searchBeliefText([odd], base, 5)).resolves.toBeInstanceOf(Array);
        const ranked = await store.searchBeliefText(["deploy"], base, 10);
        expect(ranked.map((h) => h.id)).toHaveLength(3);
        for (let i = 1; i < ranked.length; i++)
          expect(ranked[i - 1]!.score).toBeGreaterThanOrEqual(ranked[i]!.score);
      } finally {
        await store.close();
      }
    });

    it("port: a search by kind follows a kind changed in place, by another handle or this one", async () => {
      const a = await c.open();
      const b = await c.reopen(a);
      try {
        const [fact, rule] = await a.transaction(async (tx: StoreWriter) => [
          await tx.insertBelief(belief("The staging pipeline deploys on Fridays")),
          await tx.insertBelief({ ...belief("Never deploy the pipeline on Fridays"), kind: "rule" }),
        ]);
        const base = { namespaces: ["default"], statuses: ["active" as const] };
        const ids = async (kinds: ("fact" | "rule")[]) =>
          (await a.searchBeliefText(["pipeline"], { ...base, kinds }, 5)).map((h) => h.id).sort();
        expect(await ids(["fact"])).toEqual([fact]);
        await b.transaction((tx) => tx.updateBelief(fact!, { kind: "rule" }));
        expect(await ids(["fact"])).toEqual([]);
        expect(await ids(["rule"])).toEqual([fact, rule].sort());
        await a.transaction((tx) => tx.updateBelief(rule!, { kind: "fact" }));
        expect(await ids(["fact"])).toEqual([rule]);
      } finally {
        if (b !== a) await b.close();
        await a.close();
      }
    });

    it("port: readScope answers fn's reads as outside it; another handle's write before it is seen in it, one during it after it", async () => {
      const a = await c.open();
      const b = await c.reopen(a);
      try {
        const base = { namespaces: ["default"], statuses: ["active" as const] };
        const search = async (terms: string[]) =>
          (await a.searchBeliefText(terms, base, 10)).map((h) => h.id).sort();
        await a.transaction((tx: StoreWriter) => tx.insertBelief(belief("The cache warms at noon")));
        expect(await search(["noon"])).toHaveLength(1);
        const before = await b.transaction((tx) => tx.insertBelief(belief("The queue drains at noon")));
        const outside = {
          noon: await search(["noon"]),
          queue: await search(["queue"]),
          episodes: await a.searchEpisodeText(["noon"], base, 5),
        };
        let during = "";
        const inside = await a.readScope(async () => {
          const noon = await search(["noon"]);
          during = await b.transaction((tx) => tx.insertBelief(belief("The queue refills at noon")));
          return {
            noon,
            queue: await search(["queue"]),
            episodes: await a.searchEpisodeText(["noon"], base, 5),
          };
        });
        expect(outside.noon).toContain(before);
        expect(inside.noon).toEqual(outside.noon);
        // The write during the scope may or may not reach its later searches (PostgreSQL: not).
        expect(inside.queue.filter((id) => id !== during)).toEqual(outside.queue);
        expect(inside.episodes).toEqual(outside.episodes);
        expect(await a.readScope(() => search(["queue"]))).toEqual([before, during].sort());
        await expect(a.readScope(async () => Promise.reject(new Error("fn failed")))).rejects.toThrow(
          "fn failed",
        );
      } finally {
        if (b !== a) await b.close();
        await a.close();
      }
    });

    it("port: countBeliefText is the length of a search of atMost, for every filter", async () => {
      const store = await c.open();
      try {
        // 150 matches of "pipeline" (more than one counting batch), a third of them facts, some
        // archived or elsewhere; "teal" only in a few.
        await store.transaction(async (tx: StoreWriter) => {
          for (let i = 0; i < 150; i++)
            await tx.insertBelief({
              ...belief(`deploy pipeline ${i}${i % 50 === 7 ? " teal" : ""}`),
              kind: i % 3 === 0 ? "fact" : i % 3 === 1 ? "rule" : "procedure",
              namespace: i % 7 === 0 ? "other" : "default",
              ...(i % 5 === 0 ? { status: "archived" as const } : {}),
            });
        });
        const base = { namespaces: ["default"], statuses: ["active" as const] };
        const filters: Parameters<Store["countBeliefText"]>[1][] = [
          base,
          { ...base, kinds: ["fact"] },
          { ...base, kinds: ["fact"], namespaces: ["other"] },
          { namespaces: ["default", "other"], statuses: null },
          { ...base, statuses: [] },
        ];
        for (const terms of [["pipeline"], ["teal"], ["teal", "nothing"], ["nothing"], ["teal", "pipeline"]])
          for (const f of filters)
            for (const atMost of [1, 4, 20, 60, 200]) {
              const count = await store.countBeliefText(terms, f, atMost);
              const search = await store.searchBeliefText(terms, f, atMost);
              expect([terms, f, atMost, count]).toEqual([terms, f, atMost, search.length]);
            }
        expect(await store.countBeliefText(["pipeline"], { ...base, kinds: ["fact"] }, 200)).toBe(
          (await store.searchBeliefText(["pipeline"], { ...base, kinds: ["fact"] }, 200)).length,
        );
        expect(await store.countBeliefText(["pipeline"], base, 1000)).toBeGreaterThan(60);
      } finally {
        await store.close();
      }
    });

    it("port: withLock excludes a second handle (BUSY after waitMs, nothing run), releases on settle and on throw", async () => {
      const a = await c.open();
      const b = await c.reopen(a);
      try {
        const what = 'a sweep of namespace "lock-test"';
        let release!: () => void;
        const gate = new Promise<void>((resolve) => {
          release = resolve;
        });
        let entered!: () => void;
        const inside = new Promise<void>((resolve) => {
          entered = resolve;
        });
        const holding = a.withLock("sleep:lock-test", { waitMs: 1_000, what, kind: "a sweep" }, async () => {
          entered();
          await gate;
          return "a done";
        });
        await inside;

        const before = await b.dumpCounts();
        let ran = false;
        const t0 = performance.now();
        const refused = await b
          .withLock(
            "sleep:lock-test",
            { waitMs: 150, what: 'a consolidation of namespace "lock-test"', kind: "a consolidation" },
            async () => {
              ran = true;
            },
          )
          .catch((e: unknown) => e);
        expect(isStrataError(refused) && refused.code).toBe("BUSY");
        expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
        // The holder's own words where only the store's owner reads them (a lock file, this
        // process); on a server, where every role reads them, its kind alone (attacks38).
        expect((refused as Error).message).toMatch(/^A sweep( of namespace "lock-test")? is already running/);
        expect((refused as Error).message).toContain("try again");
        expect(ran).toBe(false);
        expect(await b.dumpCounts()).toEqual(before);
        // Reads never wait for the lock, and other names are free.
        expect(await b.getBelief("b1", "default")).toBeNull();
        expect(await b.withLock("sleep:other", { waitMs: 0 }, async () => "free")).toBe("free");

        // A waiter with time to spare gets the lock once the holder settles.
        const waiting = b.withLock("sleep:lock-test", { waitMs: 10_000 }, async () => "b got it");
        release();
        expect(await holding).toBe("a done");
        expect(await waiting).toBe("b got it");

        // A throwing holder releases too, and the error is its own.
        await expect(
          a.withLock("sleep:lock-test", { waitMs: 0 }, async () => {
            throw new Error("boom inside the lock");
          }),
        ).rejects.toThrow("boom inside the lock");
        expect(await b.withLock("sleep:lock-test", { waitMs: 0 }, async () => "after a throw")).toBe(
          "after a throw",
        );
        expect(await a.withLock("sleep:lock-test", { waitMs: 0 }, async () => "a again")).toBe("a again");
      } finally {
        if (b !== a) await b.close();
        await a.close();
      }
    });

    it("a closed store refuses with STORE_CLOSED", async () => {
      const store = await c.open();
      await store.close();
      const error = await store.getBelief("b1", "default").catch((e: unknown) => e);
      expect(isStrataError(error) && error.code).toBe("STORE_CLOSED");
    });
  });
}

describe("store contract: every store tells the same story", () => {
  it("the scripted session gives identical ids, verdicts, rankings and records", (ctx) => {
    const runs = [...transcripts.entries()];
    if (runs.length < 2) ctx.skip(`only ${runs.length} store(s) ran; nothing to compare`);
    const [reference, expected] = runs[0]!;
    for (const [name, got] of runs.slice(1)) {
      expect(got.length, `${name} vs ${reference}`).toBe(expected.length);
      for (const [i, step] of got.entries())
        expect(step, `${name} vs ${reference}, step ${i}`).toEqual(expected[i]);
    }
  });
});

const belief = (text: string) =>
  newBelief(text, {
    halfLifeDays: 14,
    validFrom: "2026-03-01T00:00:00.000Z",
    recordedAt: "2026-03-05T00:00:00.000Z",
    contentHash: "0".repeat(64),
  });

const episode = (content: string, at: string) => newEpisode(content, at);
