/**
 * The PostgreSQL store's change log, followed in process: the schema's triggers append one row to
 * `changes` (position `seq`, row id, namespace) per belief or episode inserted, deleted, or whose
 * text, status or supersession changed, and per vector written or deleted — in the transaction of
 * the write. Each in-process index (vector-cache.ts, text-cache.ts) attaches here; before a search
 * the log is read past the last position this process applied and every index re-reads the rows
 * named there that it holds. So every process (and every server in front of one database) sees
 * every other's writes and forgets on its next search.
 *
 * One round trip per recall: the searches a recall starts together (text and vectors, beliefs
 * and episodes) share one read of the log — a request joins a read that has not been sent yet,
 * and a read is sent on the event loop's next turn. The searches it starts later, after reading
 * what the first found, share that read too when the recall runs in a read scope (`within`,
 * the store's `readScope`): the followers were brought current at its first search.
 * Log order is commit order because the store serialises writers with its advisory write lock.
 *
 *   const log = new ChangeLog((table) => `"strata".${table}`);
 *   const cache = new VectorCache(log);
 *   await log.sync(db, cache, ["default"]); // then search the cache
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { SqlQueryable } from "./postgres-driver.js";

/** A row the log named: its id (`b12`, `e7`) and namespace. */
export interface Change {
  id: string;
  namespace: string;
}

/** An in-process index kept current from the log. */
export interface ChangeFollower {
  /** Whether the index holds the namespace: entries of other namespaces are not its concern. */
  holds(namespace: string): boolean;
  /** Whether it holds any namespace. */
  readonly empty: boolean;
  /** Reads the named rows again (rows gone are dropped). */
  refresh(db: SqlQueryable, changes: readonly Change[]): Promise<void>;
  /** Reads a whole namespace, on its first search. */
  load(db: SqlQueryable, namespace: string): Promise<void>;
  /** Drops everything held: it is read again from the tables on the next search. */
  reset(): void;
}

/**
 * One read scope (one recall): the read of the log its first searches joined, on which handle,
 * and which followers and namespaces that read brought current.
 */
interface ReadScope {
  db: SqlQueryable | null;
  done: Promise<void> | null;
  covered: Map<ChangeFollower, Set<string>>;
}

/** Log rows read per round trip while catching up. */
const PAGE = 5000;

/** Searches waiting for one read of the log, on one connection. */
interface Batch {
  db: SqlQueryable;
  needs: Map<ChangeFollower, Set<string>>;
  done: Promise<void>;
}

export class ChangeLog {
  private readonly followers: ChangeFollower[] = [];
  /** The last log position applied. */
  private seq = 0;
  /** Reads run one at a time: two racing would both replay the same entries. */
  private queue: Promise<unknown> = Promise.resolve();
  /** The read not yet sent, which a search may join. */
  private waiting: Batch | null = null;
  /** Open write transactions in this process; while any is, applied entries are remembered. */
  private open = 0;
  /** Entries applied while a transaction was open (they may be its own, uncommitted). */
  private applied: (Change & { seq: number })[] = [];
  /** A namespace was loaded while a transaction was open (its rows may include the writes). */
  private loadedInTx = false;
  /** Rows to read again before the next search (a transaction that wrote them rolled back). */
  private readonly refetch = new Map<string, string>();
  /** The read scope the running code is in, if any (`within`). */
  private readonly scopes = new AsyncLocalStorage<ReadScope>();

  constructor(private readonly t: (table: string) => string) {}

  /** The table the triggers write. */
  get table(): string {
    return this.t("changes");
  }

  attach(follower: ChangeFollower): void {
    this.followers.push(follower);
  }

  /**
   * Runs `fn` as one read scope: its searches on one handle read the log once, at the first
   * (with those started beside it); a later one, for followers and namespaces that read brought
   * current, reuses it — unless a rollback left rows to read again, or the followers were reset.
   * Another writer's commit after that read is seen by the scope's row reads, and by its
   * searches only after the scope (a recall sees the indexes as they were when it began).
   *
   *   await log.within(() => recall(store, …));
   */
  within<T>(fn: () => Promise<T>): Promise<T> {
    return this.scopes.run({ db: null, done: null, covered: new Map() }, fn);
  }

  /**
   * Brings every follower current with the database as `db` sees it, and `follower` loaded for
   * `namespaces`. Calls made before the read is sent share it, and so do the later calls of a
   * read scope (`within`) on the same handle.
   */
  sync(db: SqlQueryable, follower: ChangeFollower, namespaces: readonly string[]): Promise<void> {
    const scope = this.scopes.getStore();
    if (scope && scope.db === db && scope.done && this.refetch.size === 0) {
      const covered = scope.covered.get(follower);
      if (covered && namespaces.every((ns) => covered.has(ns) && follower.holds(ns))) return scope.done;
    }
    const done = this.join(db, follower, namespaces);
    if (scope && (scope.db === null || scope.db === db)) {
      scope.db = db;
      scope.done = done;
      const covered = scope.covered.get(follower) ?? new Set<string>();
      scope.covered.set(follower, covered);
      for (const ns of namespaces) covered.add(ns);
      // A failed read covers nothing: the scope's next search reads the log again.
      done.catch(() => {
        if (scope.done !== done) return;
        scope.done = null;
        scope.covered.clear();
      });
    }
    return done;
  }

  /** Joins the read not yet sent on `db`, or starts one. */
  private join(db: SqlQueryable, follower: ChangeFollower, namespaces: readonly string[]): Promise<void> {
    let batch = this.waiting;
    if (!batch || batch.db !== db) {
      const needs = new Map<ChangeFollower, Set<string>>();
      const before = this.queue;
      // Sent on the next turn of the event loop, not the next microtask: the searches a recall
      // starts together may reach here a few awaits apart, and they all join.
      const run = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => before)
        .then(() => {
          if (this.waiting === batch) this.waiting = null;
          return this.catchUp(db, needs);
        });
      batch = { db, needs, done: run };
      this.waiting = batch;
      this.queue = run.catch(() => undefined);
    }
    const set = batch.needs.get(follower) ?? new Set<string>();
    batch.needs.set(follower, set);
    for (const ns of namespaces) set.add(ns);
    return batch.done;
  }

  /** A write transaction begins: returns the mark to pass to `rolledBack` if it fails. */
  begin(): number {
    this.open++;
    return this.seq;
  }

  /** The transaction committed: what it applied is committed state now. */
  committed(): void {
    this.end();
  }

  /**
   * The transaction rolled back: entries applied since `mark` may have been its own, now undone.
   * Those rows are read again from committed state before the next search.
   */
  rolledBack(mark: number): void {
    if (this.loadedInTx) this.reset();
    else if (this.seq > mark) {
      for (const e of this.applied) if (e.seq > mark) this.refetch.set(e.id, e.namespace);
      this.seq = mark;
    }
    this.end();
  }

  private end(): void {
    this.open = Math.max(0, this.open - 1);
    if (this.open === 0) {
      this.applied = [];
      this.loadedInTx = false;
    }
  }

  private reset(): void {
    for (const f of this.followers) f.reset();
    this.seq = 0;
    this.refetch.clear();
    this.applied = [];
    this.loadedInTx = false;
  }

  private get empty(): boolean {
    return this.followers.every((f) => f.empty);
  }

  private async catchUp(db: SqlQueryable, needs: Map<ChangeFollower, Set<string>>): Promise<void> {
    const changed = new Map(this.refetch);
    this.refetch.clear();
    for (let more = !this.empty; more; ) {
      // One round trip: the entries past this process's position, each with the log's first position.
      const rows = await db.query(
        `SELECT seq::text AS seq, id, namespace, (SELECT min(seq) FROM ${this.table})::text AS first
           FROM ${this.table} WHERE seq > $1::bigint ORDER BY seq LIMIT ${PAGE}`,
        [String(this.seq)],
      );
      // The log was pruned past what this process applied (it was idle through many writes):
      // start over from the tables.
      if (rows.length > 0 && Number(rows[0]!.first) > this.seq + 1) {
        this.reset();
        changed.clear();
        break;
      }
      for (const r of rows) {
        const seq = Number(r.seq);
        const e = { id: r.id as string, namespace: r.namespace as string };
        changed.set(e.id, e.namespace);
        if (this.open > 0) this.applied.push({ ...e, seq });
        this.seq = seq;
      }
      more = rows.length === PAGE;
    }
    if (this.empty) {
      const [last] = await db.query(`SELECT coalesce(max(seq), 0)::text AS last FROM ${this.table}`);
      this.seq = Math.max(this.seq, Number(last?.last ?? 0));
    }
    if (changed.size > 0) {
      const all = [...changed].map(([id, namespace]) => ({ id, namespace }));
      for (const f of this.followers) {
        const mine = all.filter((c) => f.holds(c.namespace));
        if (mine.length > 0) await f.refresh(db, mine);
      }
    }
    for (const [f, namespaces] of needs)
      for (const ns of namespaces)
        if (!f.holds(ns)) {
          await f.load(db, ns);
          if (this.open > 0) this.loadedInTx = true;
        }
  }
}
