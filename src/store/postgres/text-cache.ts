/**
 * The PostgreSQL store's full-text ranking: the in-process BM25 index SQLite uses
 * (../text-index/text-index.ts, FTS5's tokenizer and arithmetic), one per namespace, kept current
 * by following the store's change log (change-log.ts) — so a recall reads no `tsvector` and pays
 * no `ts_rank_cd`. A namespace loads on its first search; afterwards each search re-reads only the
 * rows the log names (another process's write, a forget that blanked a text).
 *
 * Statistics (N, average length, document frequencies) are the namespace's own: on a store of one
 * namespace, scores equal SQLite's to the last bit.
 *
 *   const log = new ChangeLog((table) => `"strata".${table}`);
 *   const text = new TextCache(log, (table) => `"strata".${table}`);
 *   const phrases = text.phrases(["retry", "limits"]);            // ["retri", "limit"]
 *   const ranking = await text.search(db, "b", phrases!, ["default"], { currentOnly: true, statuses: ["active"] });
 *   ranking.take(10); // [{ rowid: 7, score: … }, …]
 */
import { Fts5Tokenizer } from "../text-index/fts5-tokenizer.js";
import { RowTable } from "../text-index/row-table.js";
import {
  Ranking,
  type TextHit,
  TextIndex,
  type TextLayer,
  type TextRow,
  type TextScope,
} from "../text-index/text-index.js";
import type { Change, ChangeFollower, ChangeLog } from "./change-log.js";
import type { SqlQueryable, SqlRow } from "./postgres-driver.js";

/** A row of either table as the index reads it: rid, namespace, status, text, superseded (and a belief's kind). */
const SELECT: Record<TextLayer, (t: (table: string) => string) => string> = {
  b: (t) =>
    `SELECT rid::text AS rid, namespace, status, text, false AS superseded, kind FROM ${t("beliefs")}`,
  e: (t) =>
    `SELECT rid::text AS rid, namespace, status, content AS text, superseded_by IS NOT NULL AS superseded FROM ${t("episodes")}`,
};

/** Current: what a search for active rows now scores (episodes: and not superseded), as in SQLite. */
const toRow = (r: SqlRow): TextRow => ({
  namespace: r.namespace as string,
  status: r.status as string,
  current: r.status === "active" && r.superseded !== true,
  text: r.text as string,
});

export class TextCache implements ChangeFollower {
  private readonly tokenizer = new Fts5Tokenizer();
  /** Holds no rows: reads query terms as the indexes do. */
  private readonly reader = new TextIndex(this.tokenizer);
  private readonly indexes = new Map<string, TextIndex>();
  /**
   * Each held belief's kind, by rowid (a code into `kindNames`): a search of facts checks its
   * candidates here, as the index checks their namespace and status, instead of in SQL — a round
   * trip fewer for each of recall's searches by kind. Rowids are the store's, unique across
   * namespaces; kept current from the log with the index (a kind changed in place is logged, migration 11).
   */
  private kinds = new RowTable();
  private readonly kindCodes = new Map<string, number>();

  constructor(
    private readonly log: ChangeLog,
    private readonly t: (table: string) => string,
  ) {
    log.attach(this);
  }

  /** The query's terms as index terms, or null when one is not exactly one token (ask SQL). */
  phrases(terms: readonly string[]): string[] | null {
    return this.reader.phrases(terms);
  }

  /** Every row of the namespaces in scope matching any phrase, BM25 best first, ties by rowid. */
  async search(
    db: SqlQueryable,
    layer: TextLayer,
    phrases: readonly string[],
    namespaces: readonly string[],
    scope: TextScope,
  ): Promise<Ranking> {
    const each = [...new Set(namespaces)];
    await this.log.sync(db, this, each);
    const rankings = each.map((ns) => this.indexes.get(ns)!.search(layer, phrases, [ns], scope));
    if (rankings.length === 1) return rankings[0]!;
    // Several namespaces (a prefix read): each ranked on its own statistics, then merged.
    const hits: TextHit[] = rankings.flatMap((r) => r.take(r.size));
    return new Ranking(
      Float64Array.from(hits, (h) => h.score),
      Float64Array.from(hits, (h) => h.rowid),
      hits.length,
    );
  }

  /** The named rows' scores, as `search` scores them (each namespace on its own statistics). */
  async score(
    db: SqlQueryable,
    layer: TextLayer,
    phrases: readonly string[],
    rowids: readonly number[],
    namespaces: readonly string[],
  ): Promise<TextHit[]> {
    const each = [...new Set(namespaces)];
    await this.log.sync(db, this, each);
    return each.flatMap((ns) => this.indexes.get(ns)!.scoreRows(layer, phrases, rowids, [ns]));
  }

  /**
   * Which of the hits are beliefs of one of `kinds`, as the last search read them (call after
   * `search`, which brought the kinds current with the index).
   *
   *   cache.ofKinds(ranking.take(32), ["fact"]); // Set { 7, 12 }
   */
  ofKinds(hits: readonly { rowid: number }[], kinds: readonly string[]): Set<number> {
    const codes = new Set(kinds.flatMap((k) => this.kindCodes.get(k) ?? []));
    const out = new Set<number>();
    for (const h of hits) if (codes.has(this.kinds.at(h.rowid))) out.add(h.rowid);
    return out;
  }

  private setKind(rowid: number, kind: string): void {
    let code = this.kindCodes.get(kind);
    if (code === undefined) {
      code = this.kindCodes.size;
      this.kindCodes.set(kind, code);
    }
    this.kinds.set(rowid, code);
  }

  holds(namespace: string): boolean {
    return this.indexes.has(namespace);
  }

  get empty(): boolean {
    return this.indexes.size === 0;
  }

  reset(): void {
    this.indexes.clear();
    this.kinds = new RowTable();
  }

  async load(db: SqlQueryable, namespace: string): Promise<void> {
    const index = new TextIndex(this.tokenizer);
    for (const layer of ["b", "e"] as const) {
      const rows = await db.query(`${SELECT[layer](this.t)} WHERE namespace = $1`, [namespace]);
      if (layer === "b") for (const r of rows) this.setKind(Number(r.rid), r.kind as string);
      index.load(
        layer,
        rows.map((r) => [Number(r.rid), toRow(r)] as const),
      );
    }
    this.indexes.set(namespace, index);
  }

  /** Reads the named rows again: their text, status and supersession; rows gone are dropped. */
  async refresh(db: SqlQueryable, changes: readonly Change[]): Promise<void> {
    for (const layer of ["b", "e"] as const) {
      const mine = changes.filter((c) => c.id[0] === layer);
      for (let i = 0; i < mine.length; i += 1000) {
        const chunk = mine.slice(i, i + 1000);
        const rows = await db.query(`${SELECT[layer](this.t)} WHERE rid = ANY($1::bigint[])`, [
          chunk.map((c) => c.id.slice(1)),
        ]);
        const found = new Map(rows.map((r) => [`${layer}${r.rid}`, r]));
        for (const c of chunk) {
          const rowid = Number(c.id.slice(1));
          const r = found.get(c.id);
          // The row left the namespace the log named (deleted): out of that namespace's index.
          if (!r || r.namespace !== c.namespace) this.indexes.get(c.namespace)?.remove(layer, rowid);
          const held = r ? this.indexes.get(r.namespace as string) : undefined;
          held?.put(layer, rowid, toRow(r!));
          if (layer === "b") {
            if (held) this.setKind(rowid, r!.kind as string);
            else this.kinds.delete(rowid);
          }
        }
      }
    }
  }
}
