/**
 * FTS5 beside the in-process text index, as the index tests' reference (the stores' tokenizer, `porter` over `UNICODE61`): one FTS5 table per
 * namespace (each namespace's BM25 statistics are its own), one table `t` of every row (the
 * store-wide N and lengths), and a plain table `meta` of each row's namespace and status.
 *
 *   const reference = new Fts5Reference();
 *   reference.put(1, { text: "retry limit", namespace: "alpha", status: "active" });
 *   reference.search(["retry"], { namespaces: ["alpha"], statuses: ["active"] }); // → [{ rowid: 1, score }]
 */
import Database from "better-sqlite3";
import type { TextHit, TextRow } from "../../src/store/text-index/text-index.js";
import { UNICODE61 } from "../../src/store/text-index/unicode61-table.js";

export class Fts5Reference {
  readonly db = new Database(":memory:");
  private readonly tables = new Map<string, string>();

  constructor() {
    this.db.exec(`
      CREATE VIRTUAL TABLE t USING fts5(x, tokenize='porter ${UNICODE61}');
      CREATE TABLE meta (rowid INTEGER PRIMARY KEY, namespace TEXT NOT NULL, status TEXT NOT NULL);
    `);
  }

  private table(namespace: string): string {
    let name = this.tables.get(namespace);
    if (!name) {
      name = `n${this.tables.size}`;
      this.db.exec(`CREATE VIRTUAL TABLE ${name} USING fts5(x, tokenize='porter ${UNICODE61}')`);
      this.tables.set(namespace, name);
    }
    return name;
  }

  put(rowid: number, row: TextRow): void {
    this.remove(rowid);
    this.db.prepare("INSERT INTO t(rowid, x) VALUES (?, ?)").run(rowid, row.text);
    this.db.prepare(`INSERT INTO ${this.table(row.namespace)}(rowid, x) VALUES (?, ?)`).run(rowid, row.text);
    this.db
      .prepare("INSERT INTO meta(rowid, namespace, status) VALUES (?, ?, ?)")
      .run(rowid, row.namespace, row.status);
  }

  remove(rowid: number): void {
    const was = this.db.prepare("SELECT namespace FROM meta WHERE rowid = ?").pluck().get(rowid) as
      | string
      | undefined;
    if (was !== undefined) this.db.prepare(`DELETE FROM ${this.table(was)} WHERE rowid = ?`).run(rowid);
    this.db.prepare("DELETE FROM t WHERE rowid = ?").run(rowid);
    this.db.prepare("DELETE FROM meta WHERE rowid = ?").run(rowid);
  }

  /**
   * FTS5's ranking of the OR query, each namespace ranked in its own table: every match, or only
   * rows of `where.namespaces` with one of `where.statuses`. Best first, ties by rowid.
   */
  search(
    terms: readonly string[],
    where: { namespaces?: readonly string[]; statuses?: readonly string[] } = {},
  ): TextHit[] {
    const match = terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(" OR ");
    const statuses = where.statuses ?? null;
    const statusSql = statuses ? ` AND m.status IN (${statuses.map(() => "?").join(", ")})` : "";
    const out: TextHit[] = [];
    for (const [namespace, table] of this.tables) {
      if (where.namespaces && !where.namespaces.includes(namespace)) continue;
      const rows = this.db
        .prepare(
          `SELECT f.rowid, -f.rank FROM ${table} f JOIN meta m ON m.rowid = f.rowid WHERE ${table} MATCH ?${statusSql}`,
        )
        .raw(true)
        .all(match, ...(statuses ?? [])) as [number, number][];
      for (const [rowid, score] of rows) out.push({ rowid, score });
    }
    return out.sort((a, b) => b.score - a.score || a.rowid - b.rowid);
  }
}
