/**
 * Moves a whole store into an empty one, over the store port only: every section (episodes,
 * beliefs of every status, provenance, links, outcomes, vectors, judged pairs, engine meta,
 * audit entries and heads) is read in pages with `dump` and written with `load`, ids, hashes
 * and times unchanged, so the audit chain verifies on the target. SQLite → Postgres, back, or
 * SQLite → SQLite: the code does not know which.
 *
 *   const report = await transferStore(from, to, { onProgress: (done, total) => bar.update(done) });
 *   report.ok; // counts match and every chain verifies on the target
 */
import { OPTIMISTIC_TRIES, verifyChains } from "../core/audit.js";
import { StrataError } from "../core/errors.js";
import type { AuditVerification } from "../core/model.js";
import {
  DUMP_SECTIONS,
  type DumpPage,
  type DumpSection,
  type Store,
  type StoreReader,
} from "../core/ports.js";

export interface TransferOptions {
  /** Rows read and written per page. Default 1000. */
  pageSize?: number;
  /** Called after every page with rows copied so far and rows in all. */
  onProgress?: (done: number, total: number) => void;
}

export interface TransferReport {
  /** True when the target holds as many rows as the source in every section and its chains verify. */
  ok: boolean;
  /** Rows copied per section. */
  copied: Record<DumpSection, number>;
  /** Rows in the target afterwards, per section (compared with `copied`). */
  target: Record<DumpSection, number>;
  rows: number;
  audit: AuditVerification;
  /** What did not match, one sentence each; empty when ok. */
  problems: string[];
  ms: number;
}

const sum = (counts: Record<DumpSection, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/** Refuses (TARGET_NOT_EMPTY) a target that holds any row, naming the sections it holds. */
async function refuseOccupied(target: StoreReader): Promise<void> {
  const existing = await target.dumpCounts();
  const occupied = DUMP_SECTIONS.filter((s) => existing[s] > 0);
  if (occupied.length > 0)
    throw new StrataError(
      "TARGET_NOT_EMPTY",
      `The target store is not empty (${occupied.map((s) => `${existing[s]} ${s}`).join(", ")}). Transfer only into a new, empty store: pick another file, database or schema.`,
      { counts: existing },
    );
}

/** A write landed on the source while it was copied: the target's transaction is rolled back. */
class SourceMoved extends Error {}

/**
 * What every write to the source moves: each namespace's audit head (every change to a namespace
 * appends to its chain, forget's included), the rows per section, and the store's write mark
 * (`Store.writeMark`), which a write no audit entry records moves too, even one that adds no row
 * (a reindex replacing a vector, a sweep's verdict cached again).
 */
async function sourceMark(source: Store): Promise<string> {
  const namespaces = await source.auditNamespaces();
  const heads = await Promise.all(namespaces.map(async (ns) => [ns, await source.auditHeadMark(ns)]));
  // The write mark: moved by writes no audit entry records too (a reindex's vectors; attacks44).
  return JSON.stringify({ heads, counts: await source.dumpCounts(), writes: await source.writeMark() });
}

/**
 * Copies `source` into `target`, which must be empty, in one target transaction: a failure
 * leaves the target as empty as it was. The copy is of one state of the source (attacks41): it
 * read the source section by section, page by page, so a write landing between two pages (a
 * forget in another process) tore the copy, the erased text copied beside the chain's record of
 * its erasure, reported only as counts that did not match. Now, as an export is read
 * (`readWhole`), a copy during which the source moved is rolled back and made again, and after
 * `OPTIMISTIC_TRIES` moved copies it is read inside the source's write transaction, where no
 * write lands (the source's writers wait for it). Stopping writers first still makes it quicker.
 */
export async function transferStore(
  source: Store,
  target: Store,
  options: TransferOptions = {},
): Promise<TransferReport> {
  const started = globalThis.performance.now();
  // Checked before the source is read, so a target in use is refused at once, and again under the
  // write lock below: the copy keeps its ids, so the first write of anything else to a new store
  // takes ids the source's items bring.
  await refuseOccupied(target);
  for (let attempt = 0; ; attempt++) {
    try {
      const copy =
        attempt < OPTIMISTIC_TRIES
          ? await copyOnce(source, target, options, await sourceMark(source), source)
          : await source.transaction((locked) => copyOnce(locked, target, options, null, source));
      return await report(target, copy, started);
    } catch (e) {
      if (!(e instanceof SourceMoved)) throw e;
    }
  }
}

interface Copy {
  expected: Record<DumpSection, number>;
  copied: Record<DumpSection, number>;
  done: number;
}

/**
 * One copy of `reader` into `target`, committed only when `mark` (null: read under the source's
 * write lock) is still the source's mark after the last page.
 */
async function copyOnce(
  reader: StoreReader,
  target: Store,
  options: TransferOptions,
  mark: string | null,
  source: Store,
): Promise<Copy> {
  const pageSize = options.pageSize ?? 1000;
  const expected = await reader.dumpCounts();
  const total = sum(expected);
  const copied = Object.fromEntries(DUMP_SECTIONS.map((s) => [s, 0])) as Record<DumpSection, number>;
  let done = 0;
  await target.transaction(async (tx) => {
    // Under the target's write lock, not only before it: a writer committing in between would
    // have the copy insert beside its items (PostgreSQL keeps the first row of an id and lets a
    // later row naming it, an outcome or a vector, land on it, across namespaces) (attacks37).
    await refuseOccupied(tx);
    options.onProgress?.(0, total);
    for (const section of DUMP_SECTIONS) {
      let cursor: string | null = null;
      do {
        const page: DumpPage<DumpSection> = await reader.dump(section, { cursor, limit: pageSize });
        await tx.load(section, page.rows);
        copied[section] += page.rows.length;
        done += page.rows.length;
        options.onProgress?.(done, Math.max(total, done));
        cursor = page.cursor;
      } while (cursor !== null);
    }
    // Thrown inside the target's transaction, so nothing of a torn copy is committed.
    if (mark !== null && (await sourceMark(source)) !== mark) throw new SourceMoved();
  });
  return { expected, copied, done };
}

async function report(target: Store, copy: Copy, started: number): Promise<TransferReport> {
  const { expected, copied, done } = copy;
  const after = await target.dumpCounts();
  const audit = await verifyChains(target);
  const problems: string[] = [];
  for (const s of DUMP_SECTIONS) {
    if (after[s] !== copied[s])
      problems.push(`${s}: copied ${copied[s]} rows but the target holds ${after[s]}`);
    if (copied[s] !== expected[s])
      problems.push(
        `${s}: the source held ${expected[s]} rows when the copy began, ${copied[s]} were copied`,
      );
  }
  if (!audit.ok)
    problems.push(`audit chain does not verify on the target (${audit.problems.length} problems)`);
  return {
    ok: problems.length === 0,
    copied,
    target: after,
    rows: done,
    audit,
    problems,
    ms: Math.round(globalThis.performance.now() - started),
  };
}
