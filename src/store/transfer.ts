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
import { verifyChains } from "../core/audit.js";
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

/**
 * Copies `source` into `target`, which must be empty, in one target transaction: a failure
 * leaves the target as empty as it was. Stop writers on the source first (rows written during
 * the copy may be missed, which the report's counts then show).
 */
export async function transferStore(
  source: Store,
  target: Store,
  options: TransferOptions = {},
): Promise<TransferReport> {
  const started = globalThis.performance.now();
  const pageSize = options.pageSize ?? 1000;
  // Checked before the source is read, so a target in use is refused at once, and again under the
  // write lock below: the copy keeps its ids, so the first write of anything else to a new store
  // takes ids the source's items bring.
  await refuseOccupied(target);
  const expected = await source.dumpCounts();
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
        const page: DumpPage<DumpSection> = await source.dump(section, { cursor, limit: pageSize });
        await tx.load(section, page.rows);
        copied[section] += page.rows.length;
        done += page.rows.length;
        options.onProgress?.(done, Math.max(total, done));
        cursor = page.cursor;
      } while (cursor !== null);
    }
  });
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
