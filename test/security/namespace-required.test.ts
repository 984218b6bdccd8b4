/**
 * A list of ids is read within a namespace, and the scope cannot be left out (attacks41). attacks40
 * filtered `getBeliefs/getEpisodes(ids, namespace)` in SQL, but the namespace was optional: a new
 * caller that forgot it read rows of every namespace, and sleep's, recall's and forget's readers
 * passed none. Now the scope is required by type (`tsc` fails on the call below without one, and
 * on the `@ts-expect-error` if it ever compiles), a store refuses a call that arrives without one
 * at run time (a JavaScript caller, a cast), and a read of every namespace is its own, named
 * method (`getBeliefsAnyNamespace`, `getEpisodesAnyNamespace`), for reindex and an import's check
 * that its ids are free.
 */
import { describe, expect, it } from "vitest";
import { isStrataError } from "../../src/core/errors.js";
import type { StoreReader } from "../../src/core/ports.js";
import { memoryBackends } from "../support/backends.js";

/** Never run: type-checked only (`tsc --noEmit -p .` covers test/). */
export async function scopeIsRequiredByType(store: StoreReader): Promise<void> {
  // @ts-expect-error the namespace scope is required
  await store.getBeliefs(["b1"]);
  // @ts-expect-error the namespace scope is required
  await store.getEpisodes(["e1"]);
  // @ts-expect-error an undefined scope is no scope
  await store.getBeliefs(["b1"], undefined);
  await store.getBeliefs(["b1"], "team-a");
  await store.getEpisodes(["e1"], ["team-a", "team-b"]);
  await store.getBeliefsAnyNamespace(["b1"]);
}

/** Never run: every other read by id takes its scope too (attacks42). */
export async function everyReadByIdIsScoped(store: StoreReader): Promise<void> {
  // @ts-expect-error the namespace scope is required
  await store.getBelief("b1");
  // @ts-expect-error the namespace scope is required
  await store.getEpisode("e1");
  // @ts-expect-error the namespace scope is required
  await store.getItems(["b1", "e1"]);
  // @ts-expect-error the namespace scope is required
  await store.getVectors(["b1"]);
  // @ts-expect-error the namespace scope is required
  await store.links("b1");
  // @ts-expect-error the namespace scope is required
  await store.outcomes("b1");
  // @ts-expect-error the namespace scope is required
  await store.judgedPairs([{ a: "b1", b: "b2" }]);
  // @ts-expect-error the namespace scope is required
  await store.supersededBy("b1");
  // @ts-expect-error the namespace scope is required
  await store.beliefsFromEpisode("e1");
  // @ts-expect-error an undefined scope is no scope
  await store.getBelief("b1", undefined);
  await store.getBelief("b1", "team-a");
  await store.getItems(["b1", "e1"], ["team-a", "team-b"]);
}

const refused = async (read: Promise<unknown>) => {
  const error = await read.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isStrataError(error) && error.code).toBe("INVALID_INPUT");
  expect(String((error as Error).message)).toMatch(/without one/);
};

for (const backend of memoryBackends("nsrequired"))
  describe.skipIf(backend.skip)(`${backend.name}: a list of ids is read within a namespace`, () => {
    it("a call without a scope is refused; a scope reads its namespaces only; every namespace is its own method", async () => {
      const { mem } = await backend.open();
      try {
        const a = mem.withNamespace("tenant-a");
        const b = mem.withNamespace("tenant-b");
        const c = mem.withNamespace("tenant-c");
        const own = await a.remember("The retry limit is 5");
        const foreign = await b.remember("The vault code is 4417");
        const third = await c.remember("The office plant is a fern");
        const ea = await a.record("We raised the retry limit");
        const eb = await b.record("The vault code changed today");
        const beliefs = [own.id, foreign.id, third.id, "b999999"];
        const episodes = [ea.id, eb.id, "e999999"];
        const store = mem.store;
        const unscoped = store as unknown as {
          getBeliefs(ids: readonly string[], ns?: unknown): Promise<unknown>;
          getEpisodes(ids: readonly string[], ns?: unknown): Promise<unknown>;
        };
        for (const bad of [undefined, null, 7, [7], { namespace: "tenant-a" }]) {
          await refused(unscoped.getBeliefs(beliefs, bad));
          await refused(unscoped.getEpisodes(episodes, bad));
        }
        await refused(unscoped.getBeliefs(beliefs));
        // Inside a write transaction too, and nothing was written by the refused reads.
        await store.transaction(async (tx) => {
          const t = tx as unknown as typeof unscoped;
          await refused(t.getBeliefs(beliefs));
          await refused(t.getEpisodes(episodes));
          expect((await tx.getBeliefs(beliefs, "tenant-a")).map((x) => x.id)).toEqual([own.id]);
        });
        // After a store-wide read has put every row in SQLite's read cache.
        expect((await store.getBeliefsAnyNamespace(beliefs)).map((x) => x.id)).toEqual([
          own.id,
          foreign.id,
          third.id,
        ]);
        expect((await store.getEpisodesAnyNamespace(episodes)).map((x) => x.id)).toEqual([ea.id, eb.id]);
        expect((await store.getBeliefs(beliefs, "tenant-a")).map((x) => x.id)).toEqual([own.id]);
        expect((await store.getEpisodes(episodes, "tenant-b")).map((x) => x.id)).toEqual([eb.id]);
        expect((await store.getBeliefs(beliefs, ["tenant-c", "tenant-a"])).map((x) => x.id)).toEqual([
          own.id,
          third.id,
        ]);
        expect(await store.getBeliefs(beliefs, [])).toEqual([]);
        expect(await store.getBeliefs(beliefs, "tenant-z")).toEqual([]);
      } finally {
        await mem.close();
      }
    });

    it("every other read by id refuses a call without a scope, and reads its namespaces only (attacks42)", async () => {
      const { mem } = await backend.open();
      try {
        const a = mem.withNamespace("tenant-a");
        const b = mem.withNamespace("tenant-b");
        const ea = await a.record("We raised the retry limit");
        const own = await a.remember("The retry limit is 5", { sources: [ea.id] });
        const eb = await b.record("The vault code changed today");
        const foreign = await b.remember("The vault code is 4417", { sources: [eb.id] });
        const newer = await b.remember("The vault code is 9931");
        await b.outcome(foreign.id, true);
        const store = mem.store;
        // A verdict on tenant-b's pair, whose reason quotes its text; a link across the boundary,
        // as a damaged or hand-made store could hold one.
        await store.transaction(async (tx) => {
          await tx.putJudgedPair({
            a: foreign.id,
            b: newer.id,
            aHash: "h",
            bHash: "h",
            relation: "supersedes",
            judge: "agent",
            reason: "the vault code 4417 became 9931",
            at: "2026-03-01T00:00:00.000Z",
          });
          await tx.updateBelief(foreign.id, { supersededBy: newer.id });
          await tx.addLink({
            from: own.id,
            to: foreign.id,
            relation: "refines",
            at: "2026-03-01T00:00:00.000Z",
          });
        });
        const unscoped = store as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
        const reads: [string, unknown][] = [
          ["getBelief", foreign.id],
          ["getEpisode", eb.id],
          ["getItems", [foreign.id, eb.id]],
          ["getVectors", [foreign.id]],
          ["links", foreign.id],
          ["outcomes", foreign.id],
          ["judgedPairs", [{ a: foreign.id, b: newer.id }]],
          ["supersededBy", newer.id],
          ["beliefsFromEpisode", eb.id],
        ];
        for (const [method, arg] of reads) {
          for (const bad of [undefined, null, 7, [7], { namespace: "tenant-b" }])
            await refused(unscoped[method]!.call(store, arg, bad));
          await refused(unscoped[method]!.call(store, arg));
        }
        await store.transaction(async (tx) => {
          const t = tx as unknown as typeof unscoped;
          for (const [method, arg] of reads) await refused(t[method]!.call(tx, arg));
        });
        // Each read in tenant-a finds nothing of tenant-b's, before and after tenant-b's own read
        // (which fills SQLite's read cache), and tenant-b reads its own.
        const inA = async () => ({
          belief: await store.getBelief(foreign.id, "tenant-a"),
          episode: await store.getEpisode(eb.id, "tenant-a"),
          items: await store.getItems([foreign.id, eb.id, own.id, ea.id, "x1"], "tenant-a"),
          vectors: [...(await store.getVectors([foreign.id, own.id], "tenant-a")).keys()],
          links: await store.links(foreign.id, "tenant-a"),
          ownLinks: await store.links(own.id, "tenant-a"),
          outcomes: await store.outcomes(foreign.id, "tenant-a"),
          pairs: await store.judgedPairs([{ a: foreign.id, b: newer.id }], "tenant-a"),
          supersededBy: await store.supersededBy(newer.id, "tenant-a"),
          fromEpisode: await store.beliefsFromEpisode(eb.id, "tenant-a"),
        });
        const nothing = {
          belief: null,
          episode: null,
          items: {
            beliefs: [expect.objectContaining({ id: own.id })],
            episodes: [expect.objectContaining({ id: ea.id })],
          },
          vectors: [own.id],
          links: [],
          // The link's other end is tenant-b's: not shown from tenant-a's side either.
          ownLinks: [],
          outcomes: [],
          pairs: [],
          supersededBy: [],
          fromEpisode: [],
        };
        expect(await inA()).toEqual(nothing);
        expect((await store.getBelief(foreign.id, "tenant-b"))?.id).toBe(foreign.id);
        expect((await store.getEpisode(eb.id, ["tenant-a", "tenant-b"]))?.id).toBe(eb.id);
        expect(
          (await store.getItems([foreign.id, eb.id, own.id], "tenant-b")).beliefs.map((x) => x.id),
        ).toEqual([foreign.id]);
        expect([...(await store.getVectors([foreign.id, own.id], "tenant-b")).keys()]).toEqual([foreign.id]);
        expect((await store.outcomes(foreign.id, "tenant-b")).length).toBe(1);
        expect((await store.judgedPairs([{ a: foreign.id, b: newer.id }], "tenant-b")).length).toBe(1);
        expect((await store.supersededBy(newer.id, "tenant-b")).map((x) => x.id)).toEqual([foreign.id]);
        expect((await store.beliefsFromEpisode(eb.id, "tenant-b")).map((x) => x.id)).toEqual([foreign.id]);
        const bLinks = await store.links(foreign.id, "tenant-b");
        expect(bLinks.length).toBeGreaterThan(0); // its own, to the newer value
        expect(bLinks.filter((l) => l.from === own.id || l.to === own.id)).toEqual([]);
        expect(await inA()).toEqual(nothing);
        // An empty scope reads nothing.
        expect(await store.getBelief(own.id, [])).toBeNull();
        expect((await store.getVectors([own.id], [])).size).toBe(0);
        // Explain shows no link across the boundary (it read links by id alone before).
        expect((await a.explain(own.id)).links).toEqual([]);
      } finally {
        await mem.close();
      }
    });
  });
