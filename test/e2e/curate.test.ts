/**
 * `strata curate` through the built CLI, against real stores: an embedded LanceDB folder, the local
 * PostgreSQL server (DATABASE_URL; skipped otherwise, saying so) and Chroma's HTTP API served by
 * the in-test fake (Chroma's server cannot run here). The child runs asynchronously so the fake,
 * which lives in this process, can answer it.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as lancedb from "@lancedb/lancedb";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bin, ensureBuilt } from "../support/built-cli.js";
import { startFakeChroma } from "../support/fake-chroma.js";

const NOTES = [
  "The checkout service runs on port 8080",
  "The billing team is led by Priya",
  "The billing team is led by Priya",
  "The checkout service runs on port 9090",
];
const day = (i: number) => `2026-03-0${i + 1}T10:00:00Z`;

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "strata-curate-e2e-"));
}, 120_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function strata(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [bin, "--db", join(dir, "memory.db"), ...args],
      { cwd: dir, env: { ...process.env, NO_COLOR: "1" } },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function lanceIds(path: string): Promise<string[]> {
  const db = await lancedb.connect(path);
  const rows = await (await db.openTable("memories")).query().select(["id"]).toArray();
  db.close();
  return rows.map((r) => String(r.id)).sort();
}

describe("strata curate (built)", () => {
  it("--help names the three stores, and each subcommand shows examples", async () => {
    const top = await strata(["curate", "--help"]);
    expect(top.code).toBe(0);
    for (const sub of ["pgvector", "chroma", "lancedb"]) expect(top.stdout).toContain(sub);
    const pgHelp = await strata(["curate", "pgvector", "--help"]);
    expect(pgHelp.stdout).toMatch(/--preset <preset>[\s\S]*mem0/);
    expect(pgHelp.stdout).toContain("Examples:");
  });

  it("lancedb: report names the records and changes nothing; delete needs --yes; delete --yes removes exactly them", async () => {
    const path = join(dir, "lance");
    const db = await lancedb.connect(path);
    await db.createTable(
      "memories",
      NOTES.map((text, i) => ({ id: `m${i + 1}`, text, vector: [i, 1, 0], created_at: day(i) })),
    );
    db.close();
    const args = [
      "curate",
      "lancedb",
      "--path",
      path,
      "--table",
      "memories",
      "--created-column",
      "created_at",
    ];

    const report = await strata([...args, "--into", "lance-notes"]);
    // The first command to write here makes the store, and says so; nothing else on stderr.
    expect(report.stderr).toBe(`strata: created a new store at ${join(dir, "memory.db")}\n`);
    expect(report.code).toBe(0);
    expect(report.stdout).toMatch(/superseded\s+1/);
    expect(report.stdout).toMatch(/m1\s+superseded\s+m4\s+\S/);
    expect(report.stdout).toMatch(/m3\s+redundant\s+m2\s+\S/);
    expect(report.stdout).toContain("Nothing in the collection changed");
    expect(await lanceIds(path)).toEqual(["m1", "m2", "m3", "m4"]);

    const refused = await strata([...args, "--into", "lance-notes", "--mode", "delete"]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("--yes");
    expect(await lanceIds(path)).toEqual(["m1", "m2", "m3", "m4"]);

    const deleted = await strata([...args, "--into", "lance-notes", "--mode", "delete", "--yes", "--json"]);
    expect(deleted.code).toBe(0);
    const result = JSON.parse(deleted.stdout);
    expect(result).toMatchObject({ mode: "delete", deleted: 2, synced: 0, unchanged: 4 });
    expect(await lanceIds(path)).toEqual(["m2", "m4"]);
  });

  it("chroma: the official client against the fake server, --json", async () => {
    const fake = await startFakeChroma(
      "notes",
      NOTES.map((document, i) => ({ id: `c${i + 1}`, document, metadata: { created_at: day(i) } })),
    );
    try {
      const r = await strata([
        "curate",
        "chroma",
        "--url",
        fake.url,
        "--collection",
        "notes",
        "--created-key",
        "created_at",
        "--mode",
        "mark",
        "--json",
      ]);
      expect(r.code).toBe(0);
      const result = JSON.parse(r.stdout);
      expect(result.namespace).toBe("curate/chroma:notes");
      expect(result.items.map((i: { recordId: string; by: string }) => [i.recordId, i.by])).toEqual([
        ["c1", "c4"],
        ["c3", "c2"],
      ]);
      expect(fake.records.map((x) => x.metadata?.strata_curation ?? null)).toEqual([
        "superseded",
        null,
        "redundant",
        null,
      ]);
    } finally {
      await fake.close();
    }
  });

  it("chroma: an unreachable server is a clear error, exit code non-zero", async () => {
    const r = await strata(["curate", "chroma", "--url", "http://127.0.0.1:9", "--collection", "notes"]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/Cannot reach Chroma/);
  });

  const DATABASE_URL = process.env.DATABASE_URL;
  const skip = DATABASE_URL
    ? ""
    : " (skipped: DATABASE_URL is not set, e.g. postgres://strata:strata@localhost:5432/strata_test)";
  it.skipIf(!DATABASE_URL)(
    `pgvector: mem0's table on the PostgreSQL server, --preset mem0 --mode mark${skip}`,
    async () => {
      const table = `mem0_curate_${process.pid}`;
      const client = new pg.Client({ connectionString: DATABASE_URL });
      await client.connect();
      try {
        // mem0's columns; the vector column is real[] here because the server has no pgvector extension.
        await client.query(`CREATE TABLE ${table} (id uuid PRIMARY KEY, vector real[], payload jsonb)`);
        for (const [i, text] of NOTES.entries())
          await client.query(`INSERT INTO ${table} VALUES ($1, $2, $3)`, [
            `00000000-0000-0000-0000-00000000000${i + 1}`,
            [i, 1, 0],
            { data: text, created_at: day(i), user_id: "u1" },
          ]);
        const r = await strata([
          "curate",
          "pgvector",
          "--url",
          DATABASE_URL!,
          "--preset",
          "mem0",
          "--table",
          table,
          "--mode",
          "mark",
        ]);
        expect(r.code).toBe(0);
        expect(r.stdout).toMatch(/2 records marked/);
        const { rows } = await client.query(
          `SELECT payload->>'strata_curation' AS flag FROM ${table} ORDER BY id`,
        );
        expect(rows.map((x) => x.flag)).toEqual(["superseded", null, "redundant", null]);
      } finally {
        await client.query(`DROP TABLE IF EXISTS ${table}`);
        await client.end();
      }
    },
  );
});
