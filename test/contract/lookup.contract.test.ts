/**
 * Lookup on every store: exact-match metadata filters on list and recall, keyed beliefs
 * (`remember({ key })`: one current belief per key, a change supersedes with history), and reads
 * over a namespace prefix that never leave the engine's roots.
 *
 *   STRATA_STORES=sqlite,pglite npx vitest run test/contract/lookup.contract.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import { DUMP_SECTIONS, type DumpRows, type Store } from "../../src/core/ports.js";
import { openMemory } from "../../src/open-memory.js";
import { STORE_CASES, type StoreCase } from "./stores.js";

function fixedClock(start = "2026-03-05T00:00:00Z") {
  let t = Date.parse(start);
  return {
    now: () => {
      t += 1000;
      return new Date(t);
    },
  };
}

async function engineOn(
  c: StoreCase,
  options: { namespace?: string; namespaceRoots?: string[] } = {},
): Promise<{ mem: Memory; store: Store }> {
  const store = await c.open();
  return { mem: await openMemory({ store, clock: fixedClock(), ...options }), store };
}

/** Every row of every section, for "refused, and nothing changed". */
async function dumpAll(store: Store): Promise<DumpRows> {
  const out: Record<string, unknown[]> = {};
  for (const section of DUMP_SECTIONS) {
    out[section] = [];
    for (let cursor: string | null = null, first = true; first || cursor !== null; first = false) {
      const page: { rows: unknown[]; cursor: string | null } = await store.dump(section, {
        cursor,
        limit: 1000,
      });
      out[section]!.push(...page.rows);
      cursor = page.cursor;
    }
  }
  return out as unknown as DumpRows;
}

const ids = (items: { id: string }[]) => items.map((i) => i.id).sort();

for (const c of STORE_CASES) {
  const title = c.skip ? `${c.name} (skipped: ${c.skip})` : c.name;
  describe.skipIf(c.skip !== null)(`lookup contract: ${title}`, () => {
    beforeAll(() => c.prepare(), 180_000);
    afterAll(() => c.dispose());

    it("list and recall filter by metadata exactly: every field, with its type", async () => {
      const { mem } = await engineOn(c);
      try {
        const a = await mem.remember("The deploy window is Tuesday", {
          metadata: { team: "ops", priority: 5, reviewed: true },
        });
        const b = await mem.remember("The deploy freeze starts in December", {
          metadata: { team: "ops", priority: "5", reviewed: false },
        });
        const e = await mem.record("Deploy of the billing service went fine", {
          metadata: { team: "billing" },
        });
        expect(ids(await mem.list({ metadata: { team: "ops" } }))).toEqual([a.id, b.id].sort());
        expect(await mem.list({ metadata: { team: "ops" }, namespace: "elsewhere" })).toEqual([]);
        expect(ids(await mem.list({ metadata: { priority: 5 } }))).toEqual([a.id]);
        expect(ids(await mem.list({ metadata: { priority: "5" } }))).toEqual([b.id]);
        expect(ids(await mem.list({ metadata: { team: "ops", reviewed: true } }))).toEqual([a.id]);
        expect(await mem.list({ metadata: { team: "nobody" } })).toEqual([]);
        expect(ids(await mem.list({ layer: "episode", metadata: { team: "billing" } }))).toEqual([e.id]);
        const nested = await mem.remember("The release train leaves on Friday", {
          metadata: { profile: { team: "ops", tags: ["x"] }, "a:b": 1 },
        });
        expect(ids(await mem.list({ metadata: { "profile.team": "ops" } }))).toEqual([nested.id]);
        expect(ids(await mem.list({ metadata: { "profile.team": "ops", "a:b": 1 } }))).toEqual([nested.id]);
        expect(await mem.list({ metadata: { "profile.tags": "x" } })).toEqual([]);
        expect(await mem.list({ metadata: { "team.name": "ops" } })).toEqual([]);

        const all = await mem.recall("deploy", { k: 10 });
        expect(all.length).toBeGreaterThanOrEqual(3);
        expect(ids(await mem.recall("deploy", { k: 10, metadata: { team: "ops" } }))).toEqual(
          [a.id, b.id].sort(),
        );
        expect(ids(await mem.recall("deploy", { k: 10, metadata: { team: "billing" } }))).toEqual([e.id]);
        expect(await mem.recall("deploy", { k: 10, metadata: { reviewed: "true" } })).toEqual([]);
      } finally {
        await mem.close();
      }
    });

    it("a bad metadata filter is INVALID_INPUT naming the field", async () => {
      const { mem } = await engineOn(c);
      try {
        for (const metadata of [
          {},
          { team: { nested: 1 } },
          { team: null },
          { $where: "x" },
          { 'a"b': 1 },
          { "a..b": 1 },
          { ".a": 1 },
          "team",
        ])
          await expect(
            mem.list({ metadata: metadata as never }),
            JSON.stringify(metadata),
          ).rejects.toMatchObject({ code: "INVALID_INPUT", message: expect.stringMatching(/metadata/) });
        await expect(mem.recall("x", { metadata: [] as never })).rejects.toMatchObject({
          code: "INVALID_INPUT",
        });
      } finally {
        await mem.close();
      }
    });

    it("a keyed belief: new, restated unchanged, superseded on change with history and time travel", async () => {
      const { mem } = await engineOn(c);
      try {
        const first = await mem.remember("Preferred theme: dark", { key: "user.theme", at: "2026-01-01" });
        expect(first).toMatchObject({ verdict: "novel", stored: true, rule: "key-new" });
        const again = await mem.remember("Preferred theme: dark", { key: "user.theme", at: "2026-01-02" });
        expect(again).toMatchObject({
          verdict: "redundant",
          stored: false,
          id: first.id,
          rule: "key-unchanged",
        });
        // Another key may hold the very same words: the key, not the gate, names the belief.
        const twin = await mem.remember("Preferred theme: dark", { key: "guest.theme" });
        expect(twin).toMatchObject({ verdict: "novel", stored: true });
        expect(twin.id).not.toBe(first.id);

        const changed = await mem.remember("Preferred theme: light", { key: "user.theme", at: "2026-02-01" });
        expect(changed).toMatchObject({
          verdict: "contradiction",
          superseded: [first.id],
          rule: "key-changed",
        });

        const current = await mem.list({ metadata: { key: "user.theme" } });
        expect(current.map((b) => b.id)).toEqual([changed.id]);
        expect((await mem.get(first.id)) as { status: string; supersededBy: string }).toMatchObject({
          status: "archived",
          supersededBy: changed.id,
        });
        expect((await mem.history(changed.id)).chain.map((b) => b.id)).toEqual([first.id, changed.id]);
        const then = await mem.recall("theme", { at: "2026-01-15", metadata: { key: "user.theme" } });
        expect(then.map((h) => h.id)).toEqual([first.id]);
        expect(ids(await mem.list({ metadata: { key: "guest.theme" } }))).toEqual([twin.id]);
      } finally {
        await mem.close();
      }
    });

    it("a keyed write that cannot apply is refused and changes nothing", async () => {
      const { mem, store } = await engineOn(c);
      try {
        const r = await mem.remember("Retry limit: 5", { key: "retry", at: "2026-02-01" });
        const before = await dumpAll(store);
        await expect(
          mem.remember("Retry limit: 3", { key: "retry", at: "2026-01-01" }),
        ).rejects.toMatchObject({ code: "INVALID_INPUT", details: { field: "at", id: r.id } });
        await expect(
          mem.remember("Retry limit: 4", { key: "retry", metadata: { key: "other" } }),
        ).rejects.toMatchObject({ code: "INVALID_INPUT", details: { field: "metadata" } });
        await mem.pin(r.id);
        const pinned = await dumpAll(store);
        await expect(mem.remember("Retry limit: 9", { key: "retry" })).rejects.toMatchObject({
          code: "CONFLICT",
        });
        expect(await dumpAll(store)).toEqual(pinned);
        expect(pinned.beliefs).toEqual(
          before.beliefs.map((b) => (b.id === r.id ? { ...b, pinned: true } : b)),
        );
      } finally {
        await mem.close();
      }
    });

    it("recall and list over a namespace prefix reach the namespaces under it, and only those", async () => {
      const { mem } = await engineOn(c, { namespace: "app" });
      try {
        const mine = await mem.remember("Theme is dark", { namespace: "app/users/42" });
        const deeper = await mem.remember("Theme for the editor is solarized", {
          namespace: "app/users/42/editor",
        });
        const sibling = await mem.remember("Theme is light", { namespace: "app/users/420" });
        const outside = await mem.remember("Theme is blue", { namespace: "other/users/42" });
        const hits = await mem.recall("theme", { k: 10, namespacePrefix: "app/users/42" });
        expect(ids(hits)).toEqual([mine.id, deeper.id].sort());
        expect(ids(await mem.list({ namespacePrefix: "app/users/42" }))).toEqual([mine.id, deeper.id].sort());
        expect(ids(await mem.recall("theme", { k: 10, namespacePrefix: "app" }))).toEqual(
          [mine.id, deeper.id, sibling.id].sort(),
        );
        expect(ids(await mem.recall("theme", { k: 10, namespacePrefix: "app/users/42/editor" }))).toEqual([
          deeper.id,
        ]);
        expect(await mem.namespaces({ prefix: "app/users" })).toEqual([
          "app/users/42",
          "app/users/42/editor",
          "app/users/420",
        ]);
        expect(outside.stored).toBe(true);
      } finally {
        await mem.close();
      }
    });

    it("a prefix outside the engine's roots is refused, the same whether or not it holds anything", async () => {
      const { mem, store } = await engineOn(c, { namespace: "app" });
      try {
        await mem.remember("Theme is blue", { namespace: "other/users/42" });
        const before = await dumpAll(store);
        const refusals: string[] = [];
        for (const prefix of ["other", "other/users/42", "nothing-here", "ap", "app-2", "app/"]) {
          const error = await mem
            .recall("theme", { namespacePrefix: prefix })
            .catch((e: { code: string; message: string }) => e);
          expect(error, prefix).toMatchObject({
            code: "INVALID_INPUT",
            details: { field: "namespacePrefix" },
          });
          refusals.push((error as unknown as Error).message.replace(prefix, "<p>"));
          await expect(mem.list({ namespacePrefix: prefix }), prefix).rejects.toMatchObject({
            code: "INVALID_INPUT",
          });
          await expect(mem.namespaces({ prefix }), prefix).rejects.toMatchObject({ code: "INVALID_INPUT" });
        }
        // An existing foreign namespace and an empty one are refused in the same words.
        expect(refusals[1]).toBe(refusals[2]);
        await expect(mem.recall("theme", { namespace: "app", namespacePrefix: "app" })).rejects.toMatchObject(
          { code: "INVALID_INPUT" },
        );
        expect(await dumpAll(store)).toEqual(before);
      } finally {
        await mem.close();
      }
    });

    it("namespaceRoots opens other roots to prefixes, and withActor keeps them", async () => {
      const { mem } = await engineOn(c, { namespace: "app", namespaceRoots: ["shared"] });
      try {
        const s = await mem.remember("Theme is green", { namespace: "shared/team" });
        const asAgent = mem.withActor("agent");
        expect(ids(await asAgent.recall("theme", { namespacePrefix: "shared" }))).toEqual([s.id]);
        await expect(asAgent.recall("theme", { namespacePrefix: "other" })).rejects.toMatchObject({
          code: "INVALID_INPUT",
        });
      } finally {
        await mem.close();
      }
    });
  });
}
