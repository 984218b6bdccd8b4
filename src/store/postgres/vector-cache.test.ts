/**
 * The PostgreSQL store's in-process vector index across handles: two stores on one database
 * (PGlite here; the contract suite runs it on a real server), each with its own cache, must see
 * each other's writes, status changes, deletions and rollbacks, and rank exactly as a fresh
 * handle does.
 */
import { afterAll, describe, expect, it } from "vitest";
import { sharedPglite } from "../../../test/support/pglite.js";
import { newBelief } from "../../../test/support/rows.js";
import type { BeliefFilter, NewBelief } from "../../core/ports.js";
import { embedText } from "../../embed/hashed-embedder.js";
import { PostgresStore } from "./postgres-store.js";

const EMBEDDER = "hashed-ngram-v1/384";
const pglite = sharedPglite();
let n = 0;
const open: PostgresStore[] = [];

// Runs before sharedPglite's close (after-hooks run in reverse order).
afterAll(async () => {
  for (const s of open.splice(0)) await s.close();
});

/** A schema of its own per test, and a way to open more handles on it. */
function place() {
  const schema = `cache_${++n}`;
  return async () => {
    const s = await PostgresStore.open({ pglite: pglite(), schema, vectorIndex: "memory" });
    open.push(s);
    return s;
  };
}

async function remember(store: PostgresStore, text: string, overrides: Partial<NewBelief> = {}) {
  return store.transaction(async (tx) => {
    const b = newBelief(text, overrides);
    const id = await tx.insertBelief(b);
    await tx.putVector(id, b.namespace, EMBEDDER, embedText(text, 384));
    return id;
  });
}

const search = (store: PostgresStore, text: string, filter: Partial<BeliefFilter> = {}, limit = 10) =>
  store.searchBeliefVectors(
    embedText(text, 384),
    { namespaces: ["default"], statuses: ["active"], ...filter },
    limit,
  );

describe("PostgreSQL in-process vector index across handles", () => {
  it("uses the in-process index when asked, and says so", async () => {
    const a = await place()();
    expect(a.vectorIndex).toBe("memory");
    expect(a.capabilities.vector).toBe("index");
    await expect(
      PostgresStore.open({ pglite: pglite(), schema: "cache_bad", vectorIndex: "scan" as "memory" }),
    ).rejects.toMatchObject({ code: "INVALID_INPUT" });
  });

  it("A sees B's vectors, then no longer finds the one B forgot; rankings equal a fresh handle's", async () => {
    const handle = place();
    const a = await handle();
    expect(await search(a, "retry limit")).toEqual([]);
    const b = await handle();
    const kept = await remember(b, "The retry limit of the billing gateway is 5");
    const gone = await remember(b, "The retry limit of the search gateway is 3");
    expect((await search(a, "retry limit gateway")).map((h) => h.id).sort()).toEqual([kept, gone].sort());

    await b.transaction(async (tx) => {
      await tx.updateBelief(gone, { status: "forgotten", text: "" });
      await tx.deleteVector(gone);
    });
    expect((await search(a, "retry limit gateway", { statuses: null })).map((h) => h.id)).toEqual([kept]);
    for (const text of ["billing", "search", "timeout", "queue", "cache"])
      await remember(b, `The ${text} retry limit is ${text.length}`);
    const fresh = await handle();
    for (const q of ["retry limit", "billing gateway", "search", "queue cache"]) {
      const want = await search(fresh, q, {}, 4);
      expect(want.length).toBeGreaterThan(0);
      expect(await search(a, q, {}, 4)).toEqual(want);
      // Exact cosine: the score is what the vectors say.
      const vectors = await fresh.getVectors(
        want.map((h) => h.id),
        "default",
      );
      const query = embedText(q, 384);
      for (const h of want) {
        const v = vectors.get(h.id)!;
        let dot = 0;
        let norm = 0;
        let qn = 0;
        for (let i = 0; i < v.length; i++) {
          dot += v[i]! * query[i]!;
          norm += v[i]! * v[i]!;
          qn += query[i]! * query[i]!;
        }
        expect(h.score).toBeCloseTo(dot / Math.sqrt(norm * qn), 5);
      }
    }
  });

  it("follows another handle's status changes and replaced vectors", async () => {
    const handle = place();
    const a = await handle();
    const b = await handle();
    const id = await remember(a, "The primary database of staging is Postgres");
    expect((await search(b, "primary database")).map((h) => h.id)).toEqual([id]);
    await a.transaction(async (tx) => tx.updateBelief(id, { status: "archived" }));
    expect(await search(b, "primary database")).toEqual([]);
    expect((await search(b, "primary database", { statuses: null })).map((h) => h.id)).toEqual([id]);
    await a.transaction(async (tx) => {
      await tx.updateBelief(id, { status: "active" });
      await tx.putVector(id, "default", EMBEDDER, embedText("completely different words here", 384));
    });
    const [hit] = await search(b, "completely different words here");
    expect(hit?.id).toBe(id);
    expect(hit?.score).toBeCloseTo(1, 5);
  });

  it("sees its own uncommitted writes inside a transaction and forgets them after a rollback", async () => {
    const handle = place();
    const a = await handle();
    const kept = await remember(a, "The owner of the payments service is Ana");
    expect((await search(a, "owner payments")).map((h) => h.id)).toEqual([kept]);
    await expect(
      a.transaction(async (tx) => {
        const b = newBelief("The owner of the payments service is Bo");
        const id = await tx.insertBelief(b);
        await tx.putVector(id, "default", EMBEDDER, embedText(b.text, 384));
        await tx.updateBelief(kept, { status: "archived" });
        const inside = await tx.searchBeliefVectors(
          embedText("owner payments", 384),
          { namespaces: ["default"], statuses: ["active"] },
          10,
        );
        expect(inside.map((h) => h.id)).toEqual([id]);
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect((await search(a, "owner payments")).map((h) => h.id)).toEqual([kept]);
    // A later commit is still followed (the log position went back to before the rollback).
    const next = await remember(a, "The owner of the payments service is Cy");
    expect((await search(a, "owner payments service")).map((h) => h.id).sort()).toEqual([kept, next].sort());
  });

  it("loads a namespace on its first search, and keeps namespaces apart", async () => {
    const handle = place();
    const a = await handle();
    const b = await handle();
    await remember(a, "The deploy window of team A is Tuesday");
    const team = await remember(b, "The deploy window of team B is Friday", { namespace: "team" });
    expect((await search(a, "deploy window")).map((h) => h.id)).not.toContain(team);
    expect((await search(a, "deploy window", { namespaces: ["team"] })).map((h) => h.id)).toEqual([team]);
    const later = await remember(b, "The deploy window of team B moved to Monday", { namespace: "team" });
    expect((await search(a, "deploy window", { namespaces: ["team"] })).map((h) => h.id).sort()).toEqual(
      [team, later].sort(),
    );
  });

  it("widens the search when the rows' filter (kind) rejects the nearest hits", async () => {
    const a = await place()();
    for (let i = 0; i < 12; i++)
      await remember(a, `Rule ${i}: the deploy freeze starts Friday`, { kind: "rule" });
    const fact = await remember(a, "A deploy happened on Friday");
    const hits = await search(a, "the deploy freeze starts Friday", { kinds: ["fact"] }, 1);
    expect(hits.map((h) => h.id)).toEqual([fact]);
  });

  it("reloads from the tables when the change log was pruned past its position", async () => {
    const handle = place();
    const a = await handle();
    const b = await handle();
    const first = await remember(b, "The cache TTL of the API is 60 seconds");
    expect((await search(a, "cache TTL")).map((h) => h.id)).toEqual([first]);
    const second = await remember(b, "The cache TTL of the CDN is 300 seconds");
    await b.transaction(async (tx) => tx.updateBelief(first, { status: "retired" }));
    await remember(b, "An unrelated fact about queues");
    // What pruning does to a handle that was idle: the entries after its position are gone.
    await b.unsafeQuery("DELETE FROM {s}.changes WHERE seq < (SELECT max(seq) FROM {s}.changes)");
    const hits = await search(a, "cache TTL");
    expect(hits[0]?.id).toBe(second);
    expect(hits.map((h) => h.id)).not.toContain(first);
    expect(hits).toEqual(await search(await handle(), "cache TTL"));
  });
});
