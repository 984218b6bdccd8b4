/**
 * Writes the audit chain does not record, and reads of one state (attacks44). `readOneState`
 * (health, stats, verify, an export) kept a read in several statements when no audit head moved
 * while it ran; but a reindex's vectors, a sweep's cached verdicts and the engine's bookkeeping are
 * written with no audit entry, so one landing between two of its reads went unseen and the read was
 * kept torn. Now each try compares the store's write mark (`Store.writeMark`), which every committed
 * write moves. And health's last resort read under the write lock, so every writer waited for a
 * whole report; now it reads in the store's snapshot (`Store.snapshot`), which holds no write
 * lock: another process writes meanwhile, and the report is of one state still.
 * attacks45: a write transaction that changes no row leaves the mark (PostgreSQL moved it in every
 * transaction, so an idle maintain or consolidation made a commit that flushed the WAL for nothing).
 * attacks46: a SQLite transaction rolled back while a read of the same handle ran (one connection:
 * the read sees the open transaction's rows) left the mark where the read's first look found it, so
 * the read was kept with a row that never committed; a rollback now moves SQLite's mark.
 * Real stores: a SQLite file (a second connection standing for another process) and PostgreSQL
 * (a second store on the same schema).
 */
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { readOneState } from "../../src/core/audit.js";
import { unguarded } from "../../src/core/embedder-guard.js";
import type { Memory } from "../../src/core/engine.js";
import type { Store, StoreReader } from "../../src/core/ports.js";
import { openMemory } from "../../src/open-memory.js";
import { PostgresStore } from "../../src/store/postgres/postgres-store.js";
import { SqliteStore } from "../../src/store/sqlite/sqlite-store.js";
import { tempDbPath, testClock } from "../support/memory.js";
import { schemasDroppedAfterAll } from "../support/pg-schemas.js";

const url = process.env.DATABASE_URL;
const dropLater = schemasDroppedAfterAll(url);

/** Two handles on one store: the second stands for another process. */
const backends = [
  {
    name: "sqlite-file",
    skip: false,
    open: async () => {
      const path = tempDbPath();
      const first = SqliteStore.open({ path }) as Store;
      return { first, other: () => SqliteStore.open({ path, busyTimeoutMs: 3000 }) as Store };
    },
  },
  {
    name: "postgres",
    skip: !url,
    open: async () => {
      const schema = dropLater(`wmark_${process.pid}_${randomBytes(4).toString("hex")}`);
      const first = (await PostgresStore.open({ url: url!, schema, maxConnections: 3 })) as Store;
      return {
        first,
        other: async () => (await PostgresStore.open({ url: url!, schema, maxConnections: 2 })) as Store,
      };
    },
  },
];

const opened: (Memory | Store)[] = [];
afterEach(async () => {
  for (const m of opened.splice(0).reverse()) await m.close();
});

for (const backend of backends)
  describe.skipIf(backend.skip)(`${backend.name}: writes with no audit entry, reads of one state`, () => {
    async function setUp() {
      const { first, other } = await backend.open();
      const mem = await openMemory({ store: first, clock: testClock() });
      opened.push(mem);
      const a = await mem.remember("The retry limit is 5");
      const b = await mem.remember("The retry limit is 7");
      return { mem, store: mem.store, a, b, other };
    }

    it("the write mark moves with every write, audited or not, and only then", async () => {
      const { mem, store, a, b, other } = await setUp();
      const mark = await store.writeMark();
      expect(await store.writeMark()).toBe(mark); // reads move nothing
      await mem.recall("retry limit");
      await mem.stats();
      expect(await store.writeMark()).toBe(mark);
      const [vector] = (await store.getVectors([a.id], "default")).values();
      const writes: [string, (tx: Parameters<Parameters<Store["transaction"]>[0]>[0]) => Promise<void>][] = [
        ["a vector put again (a reindex)", (tx) => tx.putVector(a.id, "default", "hashed-ngram-v1", vector!)],
        [
          "a verdict cached (a sweep)",
          (tx) =>
            tx.putJudgedPair({
              a: a.id,
              b: b.id,
              aHash: "x",
              bHash: "y",
              relation: "supersedes",
              judge: "lexical",
              reason: "changed value",
              at: "2027-01-01T00:00:00.000Z",
            }),
        ],
        ["a bookkeeping record", (tx) => tx.setMeta("sweep:default:watermark", "b2")],
      ];
      let last = mark;
      for (const [what, write] of writes) {
        await store.transaction(write);
        const now = await store.writeMark();
        expect(now, what).not.toBe(last);
        last = now;
      }
      // Another process's write moves it too.
      const second = await other();
      opened.push(second);
      await second.transaction((tx) => tx.setMeta("sweep:default:watermark", "b3"));
      expect(await store.writeMark()).not.toBe(last);
    });

    it("a write transaction that changes nothing leaves the mark where it was (attacks45: on PostgreSQL it moved it, so an idle maintain committed a write to disk)", async () => {
      const { mem, store } = await setUp();
      await mem.maintain();
      const mark = await store.writeMark();
      await store.transaction(async () => undefined);
      await store.transaction(async (tx) => {
        await tx.getMeta("sweep:default:watermark");
      });
      expect(await store.writeMark()).toBe(mark);
      // An idle maintain (the session-end hook's every run) changes nothing, so it moves nothing.
      await mem.maintain();
      expect(await store.writeMark()).toBe(mark);
      // A transaction that does write moves it, however it writes.
      await store.transaction((tx) => tx.setMeta("sweep:default:watermark", "b5"));
      expect(await store.writeMark()).not.toBe(mark);
    });

    it("a write rolled back under a read of the same handle is seen: the read is made again, never kept with the rows that did not commit (attacks46)", async () => {
      const { store } = await setUp();
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => {
        entered = resolve;
      });
      const mark = await store.writeMark();
      const failing = store.transaction(async (tx) => {
        await tx.setMeta("sweep:default:watermark", "rolled-back");
        entered();
        await held;
        throw new Error("the write fails");
      });
      await inside;
      const seen: unknown[] = [];
      const result = await readOneState(
        store,
        async (reader) => {
          const value = await reader.getMeta("sweep:default:watermark");
          seen.push(value);
          if (seen.length === 1) {
            release();
            await failing.catch(() => undefined);
          }
          return value;
        },
        "snapshot",
      );
      expect(result).not.toBe("rolled-back");
      if (backend.name === "sqlite-file") {
        // One connection: the first read saw the open transaction's row, so the mark must move at
        // its rollback (it did not: total_changes() had counted the row before the first mark).
        expect(seen[0]).toBe("rolled-back");
        expect(seen).toHaveLength(2);
        expect(await store.writeMark()).not.toBe(mark);
      } else {
        // A pool: no reader sees another connection's open transaction, and a rollback moves nothing.
        expect(seen).toHaveLength(1);
        expect(await store.writeMark()).toBe(mark);
      }
    });

    it("a write with no audit entry landing between two reads is seen: the read is made again", async () => {
      const { store, a, b, other } = await setUp();
      const second = await other();
      opened.push(second);
      const landings = [
        () =>
          second.transaction((tx) =>
            tx.putJudgedPair({
              a: a.id,
              b: b.id,
              aHash: "x",
              bHash: "y",
              relation: "supersedes",
              judge: "lexical",
              reason: "changed value",
              at: "2027-01-01T00:00:00.000Z",
            }),
          ),
        () => second.transaction((tx) => tx.setMeta("sweep:default:watermark", "b9")),
      ];
      for (const land of landings) {
        let tries = 0;
        let landed = false;
        const read = async (reader: StoreReader) => {
          tries++;
          const first = await reader.judgedPairs([{ a: a.id, b: b.id }], "default");
          const firstMeta = await reader.getMeta("sweep:default:watermark");
          if (!landed) {
            landed = true;
            await land();
          }
          return {
            before: [first, firstMeta],
            after: [
              await reader.judgedPairs([{ a: a.id, b: b.id }], "default"),
              await reader.getMeta("sweep:default:watermark"),
            ],
          };
        };
        const result = await readOneState(store, read, "snapshot");
        expect(tries).toBe(2);
        expect(result.after).toEqual(result.before); // one state: no read torn across the write
      }
    });

    it("health's last resort holds no write lock: another process writes while it reads, and the report is of one state", async () => {
      const { mem, store, other } = await setUp();
      const second = await other();
      opened.push(second);
      const writer = await openMemory({ store: second, clock: testClock() });
      opened.push(writer);
      const start = (await mem.health()).active;
      // The first two tries each see a write land (from this handle), so the third is the last resort.
      let calls = 0;
      const raw = unguarded(store) as unknown as {
        listBeliefs: (...a: unknown[]) => Promise<unknown>;
        snapshot: Store["snapshot"];
      };
      const listBeliefs = raw.listBeliefs.bind(raw);
      const snapshot = raw.snapshot.bind(raw);
      raw.listBeliefs = async (...args: unknown[]) => {
        const rows = await listBeliefs(...args);
        if (++calls <= 2)
          await mem.remember(calls === 1 ? "The office plant is a fern" : "The staging host is kestrel");
        return rows;
      };
      // In the last resort, another process writes. Under the write lock it would wait for the
      // report, which waits for it: BUSY after its busy timeout.
      let during: unknown = null;
      let resorted = 0;
      raw.snapshot = (fn) =>
        snapshot(async (reader) => {
          resorted++;
          during = await writer.remember("The deploy window opens at 9").catch((e: unknown) => e);
          return fn(reader);
        });
      try {
        const report = await mem.health();
        expect(resorted).toBe(1);
        expect(during).toMatchObject({ stored: true });
        // The report is of the state the last resort began in: the two writes of the tries, not the third.
        expect(report.active).toBe(start + 2);
      } finally {
        raw.listBeliefs = listBeliefs;
        raw.snapshot = snapshot;
      }
      expect((await mem.health()).active).toBe(start + 3);
    }, 60_000);
  });
