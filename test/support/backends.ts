/**
 * The two real stores a boundary test runs its cases on: a SQLite file, and PostgreSQL when
 * `DATABASE_URL` is set (each store a schema of its own, named from `prefix`, dropped once the
 * file's tests have run). Call at the top level of the test file.
 *
 *   for (const backend of memoryBackends("forged"))
 *     describe.skipIf(backend.skip)(backend.name, () => {
 *       it("…", async () => { const { mem, clock } = await backend.open(); … });
 *     });
 */
import { randomBytes } from "node:crypto";
import { afterAll } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import { type OpenMemoryOptions, openMemory } from "../../src/open-memory.js";
import { PostgresStore } from "../../src/store/postgres/postgres-store.js";
import { type TestClock, tempDbPath, testClock, testMemory } from "./memory.js";
import { schemasDroppedAfterAll } from "./pg-schemas.js";

export interface MemoryBackend {
  name: "sqlite-file" | "postgres";
  /** True when the store cannot be reached here (PostgreSQL without `DATABASE_URL`). */
  skip: boolean;
  /** A new, empty store of this kind, opened with a test clock (and `options`, such as a judge). */
  open(options?: Pick<OpenMemoryOptions, "judge" | "sleepJudge">): Promise<{ mem: Memory; clock: TestClock }>;
}

export function memoryBackends(prefix: string, url = process.env.DATABASE_URL): MemoryBackend[] {
  const dropLater = schemasDroppedAfterAll(url);
  return [
    { name: "sqlite-file", skip: false, open: (options) => testMemory({ ...options, file: true }) },
    {
      name: "postgres",
      skip: !url,
      open: async (options) => {
        const schema = dropLater(`${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`);
        const store = await PostgresStore.open({ url: url!, schema, maxConnections: 2 });
        const clock = testClock();
        return { mem: await openMemory({ ...options, store, clock }), clock };
      },
    },
  ];
}

/**
 * The two real stores as places a test opens more than once — two namespaces on one store, a
 * built CLI and the library on the same file: a new SQLite file's path, or, when `DATABASE_URL` is
 * set, a PostgreSQL URL naming a schema of its own (named from `prefix`, dropped once the file's
 * tests have run). `whereOf` turns the place into `openMemory`'s options; the CLI takes it as `--db`.
 * Call at the top level of the test file.
 *
 *   for (const backend of storeLocations("kinns"))
 *     describe.skipIf(backend.skip)(backend.name, () => {
 *       it("…", async () => { const db = backend.db(); const a = await openMemory({ ...whereOf(db), namespace: "a" }); … });
 *     });
 */
export interface StoreLocation {
  name: "sqlite-file" | "postgres";
  /** True when the store cannot be reached here (PostgreSQL without `DATABASE_URL`). */
  skip: boolean;
  /** A new, empty store's place: a SQLite file's path or a PostgreSQL URL. */
  db(): string;
}

export function storeLocations(prefix: string, url = process.env.DATABASE_URL): StoreLocation[] {
  const dropLater = schemasDroppedAfterAll(url);
  return [
    { name: "sqlite-file", skip: false, db: () => tempDbPath() },
    {
      name: "postgres",
      skip: !url,
      db: () => {
        const u = new URL(url!);
        u.searchParams.set("schema", dropLater(`${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`));
        return u.toString();
      },
    },
  ];
}

/** `openMemory`'s options for a place `StoreLocation.db` gave: a PostgreSQL URL, or a SQLite file's path. */
export const whereOf = (db: string): { url: string } | { path: string } =>
  db.startsWith("postgres") ? { url: db } : { path: db };

/**
 * Opens memories on places `StoreLocation.db` gave, each closed once the file's tests have run
 * (before `storeLocations` drops their schemas). Call at the top level of the test file, after
 * `storeLocations`.
 *
 *   const open = memoriesClosedAfterAll();
 *   const a = await open(db, "team-a", { clock });
 */
export function memoriesClosedAfterAll(): (
  db: string,
  namespace: string,
  options?: Omit<OpenMemoryOptions, "url" | "path" | "namespace">,
) => Promise<Memory> {
  const opened: Memory[] = [];
  afterAll(async () => {
    for (const m of opened.splice(0)) await m.close();
  });
  return async (db, namespace, options = {}) => {
    const mem = await openMemory({ ...options, ...whereOf(db), namespace });
    opened.push(mem);
    return mem;
  };
}

/**
 * Two namespaces of one place, `team-a` and `team-b`, on one test clock: what a namespace-boundary
 * test writes to one and reads from the other. Each memory is closed once the file's tests have
 * run (`memoriesClosedAfterAll`). Call at the top level of the test file, after `storeLocations`.
 *
 *   const twoNamespaces = twoNamespacesClosedAfterAll();
 *   const { a, b } = await twoNamespaces(backend.db());
 */
export function twoNamespacesClosedAfterAll(): (
  db: string,
) => Promise<{ a: Memory; b: Memory; clock: TestClock }> {
  const open = memoriesClosedAfterAll();
  return async (db) => {
    const clock = testClock();
    return { a: await open(db, "team-a", { clock }), b: await open(db, "team-b", { clock }), clock };
  };
}
