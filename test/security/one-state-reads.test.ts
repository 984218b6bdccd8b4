/**
 * Audit verify, stats and health read one state of what they report (attacks42). Each reads in
 * several statements with no snapshot between them: verify read a namespace's entries page by page
 * and then its head mark, so an entry appended between the two was reported as a truncated chain
 * (`ok: false` on an intact store); stats counted the statuses in one statement and the forgotten
 * items in another, so a forget landing between them counted one item twice. Now each is kept only
 * when no audit head moved while it ran (`readOneState`, audit.ts, as `readWhole` does for an
 * export), and made again otherwise. The store below lands a write or a forget between two of the
 * reads, on SQLite and PostgreSQL.
 */
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import type { Store } from "../../src/core/ports.js";
import { openMemory } from "../../src/open-memory.js";
import { PostgresStore } from "../../src/store/postgres/postgres-store.js";
import { SqliteStore } from "../../src/store/sqlite/sqlite-store.js";
import { tempDbPath, testClock } from "../support/memory.js";
import { schemasDroppedAfterAll } from "../support/pg-schemas.js";

const url = process.env.DATABASE_URL;
const dropLater = schemasDroppedAfterAll(url);

/** A store that runs `landing` once, right after the `nth` call of `method` returned. */
function landingAfter(store: Store) {
  const hook = { method: "", nth: 0, calls: 0, landing: null as null | (() => Promise<unknown>) };
  const proxy = new Proxy(store, {
    get(target, key, receiver) {
      const v = Reflect.get(target, key, receiver);
      if (typeof v !== "function") return v;
      if (key !== hook.method) return v.bind(target);
      return async (...args: unknown[]) => {
        const result = await v.apply(target, args);
        if (++hook.calls === hook.nth && hook.landing) {
          const land = hook.landing;
          hook.landing = null;
          await land();
        }
        return result;
      };
    },
  });
  return { proxy, hook };
}

const backends = [
  { name: "sqlite-file", skip: false, open: async () => SqliteStore.open({ path: tempDbPath() }) as Store },
  {
    name: "postgres",
    skip: !url,
    open: async () =>
      (await PostgresStore.open({
        url: url!,
        schema: dropLater(`onestate_${process.pid}_${randomBytes(4).toString("hex")}`),
        maxConnections: 2,
      })) as Store,
  },
];

const opened: Memory[] = [];
afterEach(async () => {
  for (const m of opened.splice(0)) await m.close();
});

for (const backend of backends)
  describe.skipIf(backend.skip)(`${backend.name}: verify, stats and health read one state`, () => {
    async function open() {
      const { proxy, hook } = landingAfter(await backend.open());
      const mem = await openMemory({ store: proxy, clock: testClock() });
      opened.push(mem);
      return { mem, hook };
    }

    it("verify: an entry appended between the last page and the head mark is no truncation", async () => {
      const { mem, hook } = await open();
      await mem.remember("The retry limit is 5");
      Object.assign(hook, {
        method: "listAudit",
        nth: 1,
        landing: () => mem.remember("The vault code is 4417"),
      });
      const report = await mem.verifyAudit({ namespace: "default" });
      expect(hook.landing).toBeNull(); // it landed
      expect(report.problems).toEqual([]);
      expect(report.ok).toBe(true);
      // The whole store too (every namespace's chain).
      Object.assign(hook, { calls: 0, nth: 1, landing: () => mem.withNamespace("other").remember("A fern") });
      const all = await mem.verifyAudit();
      expect(hook.landing).toBeNull();
      expect(all.ok).toBe(true);
      expect(await mem.verifyAudit()).toEqual(all);
    });

    it("stats: a forget landing between the counts counts its item once", async () => {
      const { mem, hook } = await open();
      const gone = await mem.remember("The door code is 4821");
      await mem.remember("The retry limit is 5");
      Object.assign(hook, { method: "countBeliefs", nth: 1, landing: () => mem.forget(gone.id) });
      const stats = await mem.stats();
      expect(hook.landing).toBeNull();
      expect(stats).toEqual(await mem.stats());
      expect(stats.beliefs.total).toBe(2);
      expect(stats.beliefs.byStatus).toMatchObject({ forgotten: 1, active: 1 });
    });

    it("health: a write landing while it reads is in the report or not at all", async () => {
      const { mem, hook } = await open();
      await mem.record("We raised the retry limit");
      await mem.remember("The retry limit is 5");
      Object.assign(hook, {
        method: "listBeliefs",
        nth: 1,
        landing: () => mem.remember("The vault code is 4417"),
      });
      const health = await mem.health();
      expect(hook.landing).toBeNull();
      expect(health).toEqual(await mem.health());
    });
  });
