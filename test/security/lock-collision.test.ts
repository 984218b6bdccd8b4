/**
 * One namespace's sleep lock is no other namespace's (attacks37). A namespace's sweeps and
 * consolidations take the lock `sleep:<namespace>`; on PostgreSQL it was the advisory lock
 * `(hashtext('strata-lock:<schema>'), hashtext('sleep:<namespace>'))`, 32 bits a caller chooses
 * the input of. "tenant-a/116329" and "tenant-b/33720" collide there (found in a second by a GROUP
 * BY over 320,000 names), so a tenant whose key covers `tenant-a*` could name a namespace whose
 * sleep shares another tenant's lock: its consolidation was refused BUSY while the other's ran,
 * and the refusal named what held it — `A consolidation of namespace "tenant-b/33720" is already
 * running (PostgreSQL backend pid …, since …)` — the other namespace's name, that it was sleeping
 * and when; and holding its own it kept the other's sleep and worker from running. The keys are
 * now 64 bits of HMAC-SHA256 under the store's secret (store/postgres/advisory-lock.ts `lockKeys`;
 * keyed since attacks38, test/security/lock-visibility.test.ts).
 *
 * SQLite keeps a lock as a file named from the lock's name; names that differ only in characters
 * a file name cannot hold were kept apart by 32 bits of SHA-256, now 64 (store/sqlite/file-lock.ts).
 * Reaching that needs two namespaces alike in their first 74 characters but for `:`, `@` and `/`:
 * `tenant-a@/@@//@@@@/::` and `tenant-a/@/@:@@//:@::` (found among 531,441 names) were one file.
 * The last case holds it through two memories on one SQLite file, as two processes would be;
 * src/store/sqlite/file-lock.test.ts holds the file names.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import type { Store } from "../../src/core/ports.js";
import { openMemory } from "../../src/open-memory.js";
import { lockKeys } from "../../src/store/postgres/advisory-lock.js";
import { PostgresStore } from "../../src/store/postgres/postgres-store.js";
import { testMemory } from "../support/memory.js";
import { schemasDroppedAfterAll } from "../support/pg-schemas.js";

const url = process.env.DATABASE_URL;
const dropLater = schemasDroppedAfterAll(url);

const VICTIM = "tenant-b/33720";
const ATTACKER = "tenant-a/116329";

/**
 * A namespace's sleep lock taken and held open, as a long consolidation holds it; resolves once it
 * is held. `release()` lets it go and waits until it is given back.
 */
async function heldSleepLock(store: Store, namespace: string): Promise<{ release(): Promise<void> }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let holding!: () => void;
  const taken = new Promise<void>((resolve) => {
    holding = resolve;
  });
  const done = store.withLock(
    `sleep:${namespace}`,
    { waitMs: 0, what: `a consolidation of namespace "${namespace}"`, kind: "a consolidation" },
    async () => {
      holding();
      await held;
    },
  );
  await taken;
  return {
    async release() {
      release();
      await done;
    },
  };
}

describe("lockKeys: 64 bits of HMAC-SHA256 of the schema and the lock's name", () => {
  const secret = "5".repeat(64);
  it.each([
    ["another namespace", ["strata", `sleep:${ATTACKER}`]],
    ["another schema", ["strata2", `sleep:${VICTIM}`]],
    ["the schema's end moved into the name", ["strat", `a\u0000sleep:${VICTIM}`]],
    ["another lock of the namespace", ["strata", `curate:${VICTIM}`]],
  ] as const)("%s gives other keys", (_, [schema, name]) => {
    expect(lockKeys(secret, schema, name)).not.toEqual(lockKeys(secret, "strata", `sleep:${VICTIM}`));
  });

  it("the same schema and name give the same keys, in every process (no salt)", () => {
    expect(lockKeys(secret, "strata", `sleep:${VICTIM}`)).toEqual(
      lockKeys(secret, "strata", `sleep:${VICTIM}`),
    );
    expect(lockKeys(secret, "strata", "sleep:default")).toEqual([-1204961386, 2145659296]);
  });
});

describe.skipIf(!url)("postgres: two namespaces whose lock names collide under hashtext", () => {
  it("the names collide under hashtext (the premise of the attack)", async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query("SELECT hashtext($1) = hashtext($2) AS same", [
        `sleep:${VICTIM}`,
        `sleep:${ATTACKER}`,
      ]);
      expect(rows[0].same).toBe(true);
    } finally {
      await client.end();
    }
  });

  it("attack: while the victim's consolidation holds its lock, the attacker's own consolidation runs, and hears nothing of it", async () => {
    const schema = dropLater(`lockcollide_${process.pid}_${randomBytes(4).toString("hex")}`);
    const victimStore = await PostgresStore.open({ url: url!, schema, maxConnections: 2 });
    const attackerStore = await PostgresStore.open({ url: url!, schema, maxConnections: 2 });
    const victim = await openMemory({ store: victimStore, namespace: VICTIM, lockWaitMs: 0 });
    const attacker = await openMemory({ store: attackerStore, namespace: ATTACKER, lockWaitMs: 0 });
    try {
      await attacker.remember("The attacker's build runs nightly");
      // The victim's consolidation, held open at its lock, as a long one would be.
      const victimSleep = await heldSleepLock(victimStore, VICTIM);
      const attempt = await attacker.consolidate().then(
        (report) => ({ report }),
        (e: unknown) => ({ error: e as { code: string; message: string } }),
      );
      await victimSleep.release();
      expect(JSON.stringify(attempt)).not.toContain("tenant-b");
      expect(attempt).toHaveProperty("report");
      // And the other way: the victim's own sleep runs while the attacker holds its lock.
      const attackerSleep = await heldSleepLock(attackerStore, ATTACKER);
      const victimRun = await victim.consolidate().then(
        () => "ran",
        (e: unknown) => (e as { code: string }).code,
      );
      await attackerSleep.release();
      expect(victimRun).toBe("ran");
    } finally {
      await victim.close();
      await attacker.close();
    }
  });
});

describe("sqlite-file: two namespaces whose lock files had one name", () => {
  const [HOLDER, OTHER] = ["tenant-a@/@@//@@@@/::", "tenant-a/@/@:@@//:@::"];

  it("attack: while one namespace's consolidation holds its lock, the other's runs, and hears nothing of it", async () => {
    const { mem: holder, path } = await testMemory({ file: true, namespace: HOLDER });
    const { mem: other } = await testMemory({ path, namespace: OTHER, lockWaitMs: 0 });
    try {
      await other.remember("The other namespace's build runs nightly");
      const holderSleep = await heldSleepLock(holder.store, HOLDER);
      const attempt = await other.consolidate().then(
        (report) => ({ report }),
        (e: unknown) => ({ error: e as { code: string; message: string } }),
      );
      await holderSleep.release();
      expect(JSON.stringify(attempt)).not.toContain(HOLDER);
      expect(attempt).toHaveProperty("report");
    } finally {
      await holder.close();
      await other.close();
    }
  });
});
