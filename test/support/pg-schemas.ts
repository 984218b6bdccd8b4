/**
 * Schemas a test file makes on the PostgreSQL server at `DATABASE_URL`, dropped (with everything in
 * them) once all its tests have run. Call at the top level of the file (or of a describe). Without a
 * URL (DATABASE_URL unset, the PostgreSQL tests skipped) it drops nothing.
 *
 *   const dropLater = schemasDroppedAfterAll();
 *   const schema = dropLater(`stats_${process.pid}`);
 */
import pg from "pg";
import { afterAll } from "vitest";

export function schemasDroppedAfterAll(url = process.env.DATABASE_URL): (schema: string) => string {
  const schemas: string[] = [];
  afterAll(async () => {
    if (!url || schemas.length === 0) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const s of schemas) await client.query(`DROP SCHEMA IF EXISTS "${s.replace(/"/g, '""')}" CASCADE`);
    } finally {
      await client.end();
    }
  });
  return (schema) => {
    schemas.push(schema);
    return schema;
  };
}
