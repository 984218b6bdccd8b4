/**
 * What every role of a PostgreSQL server reads of a namespace's sleep (attacks38). A namespace's
 * sweep, consolidation and the worker's pass hold a session advisory lock for their whole run, and
 * the holder named its work in `application_name`: `strata: a consolidation of namespace
 * "tenant-b"`. PostgreSQL shows `application_name` in `pg_stat_activity`, and every advisory lock's
 * keys in `pg_locks`, to every role of the server, whatever its database (measured on PostgreSQL 15
 * with a second role that owns nothing: `query` read `<insufficient privilege>`, `application_name`
 * and the lock's keys read as written). So tenants given a role and a schema each on one server
 * (SECURITY.md's remedy for shared ids) read each other's namespace names and when they sleep; and
 * the keys, an unkeyed digest of the schema and the name, let a tenant confirm a guessed namespace.
 *
 * The holder now writes its kind of work and the lock's tag, and the keys are keyed by the store's
 * secret (store/postgres/advisory-lock.ts). The test reads the two views as the store's own role
 * (it may not create another): what another role reads is a part of that (the columns read here).
 */
import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { isStrataError } from "../../src/core/errors.js";
import { openMemory } from "../../src/open-memory.js";
import {
  chainLockKey,
  heldWork,
  holderKind,
  holderName,
  lockKeys,
  lockTag,
} from "../../src/store/postgres/advisory-lock.js";
import { PostgresStore } from "../../src/store/postgres/postgres-store.js";
import { gatedJudge, seedSweptPair } from "../support/held-sleep.js";
import { schemasDroppedAfterAll } from "../support/pg-schemas.js";

const url = process.env.DATABASE_URL;
const dropLater = schemasDroppedAfterAll(url);

/** The keys a tenant would compute for a guessed namespace, as the store took them before. */
function unkeyedKeys(schema: string, name: string): [number, number] {
  const digest = createHash("sha256").update(`strata-lock:${schema}\u0000${name}`).digest();
  return [digest.readInt32BE(0), digest.readInt32BE(4)];
}

describe("the holder's application_name and the lock's keys", () => {
  const secret = "0".repeat(64);

  it.each([
    ["a consolidation", "a consolidation (lock 0123456789abcdef)"],
    ["the worker's pass", "the worker's pass (lock 0123456789abcdef)"],
    [undefined, "work (lock 0123456789abcdef)"],
    // PostgreSQL keeps 63 bytes: a long kind is cut, the tag kept whole.
    [
      "x".repeat(80),
      `${"x".repeat(63 - "strata: ".length - " (lock 0123456789abcdef)".length)} (lock 0123456789abcdef)`,
    ],
  ])("kind %s is written as %s, with no name a caller chose", (kind, written) => {
    expect(holderName(kind, "0123456789abcdef")).toBe(`strata: ${written}`);
    expect(holderName(kind, "0123456789abcdef").length).toBeLessThanOrEqual(63);
  });

  it.each([
    ["strata: a sweep (lock 0123456789abcdef)", "a sweep"],
    // Another lock's holder, an older Strata's holder, another application: no kind.
    ["strata: a sweep (lock fedcba9876543210)", null],
    ['strata: a consolidation of namespace "default"', null],
    ["psql", null],
  ])("%s reads as kind %s for the lock 0123456789abcdef", (app, kind) => {
    expect(holderKind(app, "0123456789abcdef")).toBe(kind);
  });

  it.each([
    // The caller's own words, the holder's kind in front: the same lock is the same namespace.
    ["a consolidation", "a sweep", 'a sweep of namespace "x"', 'a consolidation of namespace "x"'],
    ["a sweep", "a sweep", 'a sweep of namespace "x"', 'a sweep of namespace "x"'],
    ["a sweep", "the worker's pass", `the worker's pass over namespace "x"`, 'a sweep over namespace "x"'],
    // Words that do not start with the caller's kind, or no kind: the holder's kind alone.
    ["a sweep", "a consolidation", 'namespace "x" consolidating', "a sweep"],
    ["a sweep", undefined, 'a sweep of namespace "x"', "a sweep"],
  ])("held %s, refused %s (%s): %s", (held, kind, what, said) => {
    expect(heldWork(held, { waitMs: 0, kind, what })).toBe(said);
  });

  it("the tag is the keys in hex, as pg_locks shows them (classid, objid)", () => {
    expect(lockTag([1, -1])).toBe("00000001ffffffff");
  });

  it("the keys are keyed: another secret gives other keys, and neither is the unkeyed digest", () => {
    const keys = lockKeys(secret, "strata", "sleep:default");
    expect(lockKeys(secret, "strata", "sleep:default")).toEqual(keys);
    expect(lockKeys("1".repeat(64), "strata", "sleep:default")).not.toEqual(keys);
    expect(keys).not.toEqual(unkeyedKeys("strata", "sleep:default"));
  });
});

describe.skipIf(!url)("postgres: a sleeping namespace, as every role of the server reads it", () => {
  it("attack: while a consolidation runs, pg_stat_activity and pg_locks show neither its namespace nor keys a guess could confirm", async () => {
    const schema = dropLater(`lockseen_${process.pid}_${randomBytes(4).toString("hex")}`);
    const namespace = `tenant-secret-${randomBytes(3).toString("hex")}`;
    const gated = gatedJudge();
    const store = await PostgresStore.open({ url: url!, schema, maxConnections: 3 });
    const other = await PostgresStore.open({ url: url!, schema, maxConnections: 2 });
    const mem = await openMemory({ store, namespace, judge: gated.judge, lockWaitMs: 0 });
    const refused = await openMemory({ store: other, namespace, lockWaitMs: 0 });
    const reader = new pg.Client({ connectionString: url });
    await reader.connect();
    try {
      await seedSweptPair(mem);
      const waiting = gated.arm();
      const running = mem.consolidate();
      await waiting;
      const { rows: sessions } = await reader.query(
        "SELECT pid, application_name FROM pg_stat_activity WHERE application_name LIKE 'strata:%'",
      );
      const { rows: locks } = await reader.query(
        "SELECT classid::bigint AS k1, objid::bigint AS k2, pid FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 2",
      );
      // The same namespace's own second caller is still told what runs, and where.
      const busy = await refused.consolidate().catch((e: unknown) => e);
      gated.release();
      await running;

      const ours = sessions.filter((s) => locks.some((l) => l.pid === s.pid));
      expect(ours).toHaveLength(1);
      expect(JSON.stringify(sessions)).not.toContain(namespace);
      expect(ours[0].application_name).toMatch(/^strata: a consolidation \(lock [0-9a-f]{16}\)$/);
      const asInt4 = (k: string | number) => Number(BigInt.asIntN(32, BigInt(k)));
      const held = locks.map((l) => [asInt4(l.k1), asInt4(l.k2)]);
      expect(held).not.toContainEqual(unkeyedKeys(schema, `sleep:${namespace}`));
      expect(held).toContainEqual(lockKeys(store.contentKey(), schema, `sleep:${namespace}`));

      expect(isStrataError(busy) && busy.code).toBe("BUSY");
      expect((busy as Error).message).toContain(
        `A consolidation of namespace "${namespace}" is already running (PostgreSQL backend pid ${ours[0].pid}`,
      );
    } finally {
      gated.release();
      await reader.end();
      await refused.close();
      await mem.close();
    }
  });

  it("attack: while a write of the namespace runs, pg_locks shows no key a guess of its name could confirm", async () => {
    const schema = dropLater(`lockseen_${process.pid}_${randomBytes(4).toString("hex")}`);
    const namespace = `tenant-secret-${randomBytes(3).toString("hex")}`;
    const store = await PostgresStore.open({ url: url!, schema, maxConnections: 2 });
    const reader = new pg.Client({ connectionString: url });
    await reader.connect();
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let inside!: () => void;
      const entered = new Promise<void>((resolve) => {
        inside = resolve;
      });
      // A write of the namespace, held open after it took its audit chain's lock.
      const writing = store.transaction(async (tx) => {
        await tx.auditHead(namespace);
        inside();
        await held;
      });
      await entered;
      const { rows: locks } = await reader.query(
        "SELECT ((classid::bigint << 32) | objid::bigint) AS key FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 1",
      );
      const [{ guess }] = (
        await reader.query("SELECT hashtext($1)::bigint AS guess", [`strata-audit:${schema}:${namespace}`])
      ).rows;
      release();
      await writing;
      const keys = locks.map((l) => BigInt.asIntN(64, BigInt(l.key)).toString());
      expect(keys).not.toContain(String(guess));
      expect(keys).toContain(chainLockKey(store.contentKey(), schema, namespace));
    } finally {
      await reader.end();
      await store.close();
    }
  });
});
