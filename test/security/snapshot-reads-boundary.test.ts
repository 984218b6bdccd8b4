/**
 * Reports read in the store's snapshot (attacks45). attacks44's `Store.snapshot` is where stats,
 * health and audit verify read once their optimistic tries saw the write mark move; the mark is
 * store-wide, so another namespace's writes send a namespace's report there. Its reader is the
 * whole store (SQLite: the handle itself in a read transaction; PostgreSQL: a reader on its own
 * connection), so each report must still count and show only its namespace: here every try is
 * made to see a write (the mark moves at each read), and the reports of team-a, with team-b's rows
 * in the same store, are the reports of the optimistic path, and the reports team-a had before
 * team-b wrote anything; none holds team-b's text. Real stores: a SQLite file and PostgreSQL.
 */
import { describe, expect, it } from "vitest";
import { unguarded } from "../../src/core/embedder-guard.js";
import type { Memory } from "../../src/core/engine.js";
import type { Store } from "../../src/core/ports.js";
import { storeLocations, twoNamespacesClosedAfterAll } from "../support/backends.js";

const backends = storeLocations("snapns");

const twoNamespaces = twoNamespacesClosedAfterAll();

const CANARY = "quorvex";

const reports = async (mem: Memory) => ({
  stats: await mem.stats(),
  health: await mem.health(),
  verify: await mem.verifyAudit({ namespace: "team-a" }),
});

/** Makes every optimistic try of `store` see a write, so each report reads in the snapshot; counts the snapshots. */
function forceSnapshot(store: Store): { snapshots: number; restore: () => void } {
  const raw = unguarded(store);
  const writeMark = raw.writeMark.bind(raw);
  const snapshot = raw.snapshot.bind(raw);
  let n = 0;
  const out = {
    snapshots: 0,
    restore: () => {
      raw.writeMark = writeMark;
      raw.snapshot = snapshot;
    },
  };
  raw.writeMark = async () => `${await writeMark()}#${n++}`;
  raw.snapshot = (fn) => {
    out.snapshots++;
    return snapshot(fn);
  };
  return out;
}

for (const backend of backends)
  describe.skipIf(backend.skip)(
    `${backend.name}: reports read in the snapshot stay in their namespace`,
    () => {
      it("stats, health and verify of team-a in the snapshot: team-a's counts and rows only, none of team-b's text", async () => {
        const { a, b } = await twoNamespaces(backend.db());
        await a.remember("The retry limit is 5");
        await a.remember("The deploy window opens at 9");
        await a.record("we moved the deploy window to 9 on Monday");
        const before = await reports(a);

        // team-b: everything a report counts or lists (beliefs of each kind, a change of value, a
        // duplicate, episodes consolidated, a pin, a forget), each naming the canary.
        await b.remember(`The ${CANARY} retry limit is 5`);
        await b.remember(`The ${CANARY} retry limit is 7`);
        await b.remember(`The ${CANARY} retry limit is 7`);
        const pinned = await b.remember(`The ${CANARY} on-call pager is Dana`);
        await b.pin(pinned.id!);
        for (let i = 0; i < 6; i++) await b.record(`the ${CANARY} cache hit rate was ${60 + i}% today`);
        await b.consolidate();
        const gone = await b.record(`the ${CANARY} vault phrase is hunter2`);
        await b.forget(gone.id);

        const optimistic = await reports(a);
        expect(optimistic).toEqual(before);
        const forced = forceSnapshot(a.store);
        try {
          const snapshotted = await reports(a);
          expect(forced.snapshots).toBe(3);
          expect(snapshotted).toEqual(before);
          expect(JSON.stringify(snapshotted)).not.toContain(CANARY);
          // team-b's own report (its own handle) is its own.
          const theirs = await b.stats();
          expect(theirs.namespace).toBe("team-b");
          expect(theirs.beliefs.total).toBeGreaterThanOrEqual(3);
        } finally {
          forced.restore();
        }
      }, 120_000);
    },
  );
