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
  });
