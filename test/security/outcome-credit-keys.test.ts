/**
 * An outcome's credit record (which session has had a result counted on a belief, so its repeat
 * is not counted again) is keyed by the session's hash under the store's secret, never by a plain
 * SHA-256 of it: a guessable session name ("s1", a user id) cannot be confirmed from an export or
 * a shared PostgreSQL `meta` table without the secret. A store written before (its keys held the
 * plain digest) is rewritten by its migration (SQLite 9, PostgreSQL 8), and an older export by
 * the import, both exactly: a session counted before still counts once. Real SQLite files and,
 * with DATABASE_URL, real PostgreSQL (each store in a schema of its own).
 *
 *   DATABASE_URL=postgres://… npx vitest run test/security/outcome-credit-keys.test.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import type { ExportDocument } from "../../src/core/exchange/document.js";
import { creditKey } from "../../src/core/outcome-credit.js";
import type { Store } from "../../src/core/ports.js";
import { sha256 } from "../../src/core/sha256.js";
import { openMemory } from "../../src/open-memory.js";
import { PostgresStore } from "../../src/store/postgres/postgres-store.js";
import { SqliteStore } from "../../src/store/sqlite/sqlite-store.js";
import { testClock } from "../support/memory.js";
import { schemasDroppedAfterAll } from "../support/pg-schemas.js";

const DATABASE_URL = process.env.DATABASE_URL;
const NS = "credits";

/** A store's secret from a fixed byte (`random` fills it), and that secret as the store keeps it. */
const randomOf = (byte: number) => (bytes: number) => new Uint8Array(bytes).fill(byte);
const secretOf = (byte: number) => Buffer.from(randomOf(byte)(32)).toString("hex");
/** What a store before keyed credits kept: the first 32 hex digits of the source's SHA-256. */
const plainDigest = (session: string) => sha256(`session:${session}`).slice(0, 32);
const legacyKey = (belief: string, session: string) =>
  `outcome-credit:${belief}:success:${plainDigest(session)}`;

interface Backend {
  name: string;
  skip: string | null;
  /** A new, empty store with the secret made from `byte`. */
  create(byte: number): Promise<{ store: Store; reopen: () => Promise<Store> }>;
  /** Puts the store back to the schema before keyed credits, as an older Strata left it. */
  rollBack(store: Store): Promise<void>;
  dispose(): Promise<void>;
}

const dir = mkdtempSync(join(tmpdir(), "strata-credit-"));
let files = 0;
const dropLater = schemasDroppedAfterAll();

const BACKENDS: Backend[] = [
  {
    name: "sqlite-file",
    skip: null,
    create: async (byte) => {
      const path = join(dir, `s${++files}.db`);
      return {
        store: await SqliteStore.open({ path, random: randomOf(byte) }),
        reopen: async () => SqliteStore.open({ path, random: randomOf(byte) }),
      };
    },
    rollBack: async (store) =>
      (store as SqliteStore).unsafeExec("UPDATE meta SET value = '8' WHERE key = 'schema_version'"),
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  },
  {
    name: "postgres",
    skip: DATABASE_URL ? null : "DATABASE_URL is not set",
    create: async (byte) => {
      const schema = dropLater(`credit_${process.pid}_${Date.now().toString(36)}_${++files}`);
      const open = () =>
        PostgresStore.open({
          url: DATABASE_URL!,
          schema,
          maxConnections: 2,
          connectTimeoutMs: 30_000,
          random: randomOf(byte),
        });
      return { store: await open(), reopen: open };
    },
    rollBack: async (store) => {
      await (store as unknown as PostgresStore).unsafeQuery(
        "DELETE FROM {s}.strata_migrations WHERE version >= 8",
      );
    },
    // The schemas go in schemasDroppedAfterAll's hook, after this describe's closed the memories.
    dispose: async () => undefined,
  },
];

const credits = async (store: Store) =>
  (await store.getMetaPrefix("outcome-credit:")).map((r) => r.key).sort();

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(`outcome credit keys: ${backend.name}`, () => {
    const open: Memory[] = [];
    const memory = async (store: Store) => {
      const mem = await openMemory({ store, clock: testClock(), namespace: NS });
      open.push(mem);
      return mem;
    };
    afterAll(async () => {
      for (const m of open.splice(0)) await m.close().catch(() => undefined);
      await backend.dispose();
    }, 60_000);

    it("the key holds the session's hash under the store's secret, not its plain SHA-256; a repeat still counts once", async () => {
      const a = await memory((await backend.create(1)).store);
      const b = await memory((await backend.create(2)).store);
      const inA = await a.remember("The staging deploy needs the VPN");
      const inB = await b.remember("The staging deploy needs the VPN");
      expect((await a.outcome(inA.id, true, { session: "s1" })).counted).toBe(true);
      expect((await b.outcome(inB.id, true, { session: "s1" })).counted).toBe(true);

      const [keyA] = await credits(a.store);
      const [keyB] = await credits(b.store);
      expect(keyA).toBe(creditKey(secretOf(1), inA.id, true, "session:s1"));
      expect(keyB).toBe(creditKey(secretOf(2), inB.id, true, "session:s1"));
      const hashA = keyA!.split(":")[3]!;
      const hashB = keyB!.split(":")[3]!;
      // Neither the plain digest nor the same in another store: only the secret's holder can test a name.
      expect(hashA).toMatch(/^k[0-9a-f]{32}$/);
      expect(hashA).not.toBe(plainDigest("s1"));
      expect(hashA.slice(1)).not.toBe(plainDigest("s1"));
      expect(hashA).not.toBe(hashB);
      const exported = await a.export({ format: "json" });
      expect(exported.includes(plainDigest("s1"))).toBe(false);
      expect(exported.includes(keyA!)).toBe(true);

      // Dedup as before: the same session's repeat is not counted, another session's is.
      expect((await a.outcome(inA.id, true, { session: "s1" })).counted).toBe(false);
      expect((await a.outcome(inA.id, true, { session: "s2" })).counted).toBe(true);
      expect((await a.outcome(inA.id, false, { session: "s1" })).counted).toBe(true);
      const belief = (await a.get(inA.id)) as { successes: number; failures: number };
      expect([belief.successes, belief.failures]).toEqual([2, 1]);
    }, 120_000);

    it("a store written before keyed credits has its keys rewritten by its migration; a session counted before counts once", async () => {
      const made = await backend.create(3);
      const mem = await openMemory({ store: made.store, clock: testClock(), namespace: NS });
      const belief = await mem.remember("The cache TTL is 60 seconds");
      await mem.outcome(belief.id, true, { session: "s0" });
      // What an older Strata left: "old-user"'s success kept under its plain digest.
      await mem.store.transaction((tx) =>
        tx.setMeta(legacyKey(belief.id, "old-user"), "2026-12-01T00:00:00.000Z"),
      );
      await backend.rollBack(mem.store);
      await mem.close();

      const again = await memory(await made.reopen());
      const keys = await credits(again.store);
      expect(keys).toEqual(
        [
          creditKey(secretOf(3), belief.id, true, "session:s0"),
          creditKey(secretOf(3), belief.id, true, "session:old-user"),
        ].sort(),
      );
      expect(keys.some((k) => k.endsWith(plainDigest("old-user")))).toBe(false);
      expect(await again.store.getMeta(creditKey(secretOf(3), belief.id, true, "session:old-user"))).toBe(
        "2026-12-01T00:00:00.000Z",
      );
      const before = (await again.get(belief.id)) as { successes: number };
      expect((await again.outcome(belief.id, true, { session: "old-user" })).counted).toBe(false);
      expect((await again.outcome(belief.id, true, { session: "s0" })).counted).toBe(false);
      expect(((await again.get(belief.id)) as { successes: number }).successes).toBe(before.successes);
    }, 120_000);

    it("export and import: keys stay keyed; an older export's plain digests are keyed by the importing store", async () => {
      const source = await memory((await backend.create(4)).store);
      const belief = await source.remember("Release notes go out on Thursdays");
      await source.outcome(belief.id, true, { session: "s1" });
      const json = await source.export({ format: "json" });

      // Into a store with the same secret (a copy of the store, a restore): the credit still holds.
      const twin = await memory((await backend.create(4)).store);
      await twin.import(json);
      expect(await credits(twin.store)).toEqual(await credits(source.store));
      expect((await twin.outcome(belief.id, true, { session: "s1" })).counted).toBe(false);

      // An export made before keyed credits, into a store with another secret: keyed on import.
      const doc = JSON.parse(json) as ExportDocument;
      doc.meta = doc.meta.map((m) =>
        m.key.startsWith("outcome-credit:") ? { ...m, key: legacyKey(belief.id, "s1") } : m,
      );
      const other = await memory((await backend.create(5)).store);
      const report = await other.import(JSON.stringify(doc));
      expect(report.loaded?.meta).toBe(doc.meta.length);
      expect(await credits(other.store)).toEqual([creditKey(secretOf(5), belief.id, true, "session:s1")]);
      expect((await other.outcome(belief.id, true, { session: "s1" })).counted).toBe(false);
      expect((await other.outcome(belief.id, true, { session: "s2" })).counted).toBe(true);
      expect(
        (await other.export({ format: "json" })).includes(plainDigest("s1")),
        "the importing store's export keeps no plain digest",
      ).toBe(false);

      // A keyed export into a store with another secret: its key is kept as it came and matches
      // no session there (the importing store cannot test a name under the source's secret), so
      // s1's repeat is counted there once, then keyed under that store's own secret.
      const stranger = await memory((await backend.create(6)).store);
      await stranger.import(json);
      expect((await stranger.outcome(belief.id, true, { session: "s1" })).counted).toBe(true);
      expect((await stranger.outcome(belief.id, true, { session: "s1" })).counted).toBe(false);
    }, 180_000);
  });
}
