/**
 * `strata-memory/postgres`: the PostgreSQL store, for wiring an engine by hand
 * (`openMemory({ url })` opens it for you).
 *
 *   import { PostgresStore } from "strata-memory/postgres";
 *   const store = await PostgresStore.open({ url: process.env.DATABASE_URL! });
 */
export { PostgresStore, type PostgresStoreOptions } from "./postgres-store.js";
