/**
 * Sweeps and consolidations of one namespace never run twice at once, on every store: while
 * one memory's sweep is held open (its judge waits on a gate the test controls), a second
 * memory over the same database is refused with BUSY after its `lockWaitMs`, and changes
 * nothing; reads and writes go on; once the first finishes, the second sweeps.
 *
 *   STRATA_STORES=sqlite npx vitest run test/contract/sleep-lock.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isStrataError } from "../../src/core/errors.js";
import { openMemory } from "../../src/open-memory.js";
import { gatedJudge, seedSweptPair } from "../support/held-sleep.js";
import { STORE_CASES } from "./stores.js";

const busy = (error: unknown) => (isStrataError(error) ? error.code : error);

for (const c of STORE_CASES) {
  const title = c.skip ? `${c.name} (skipped: ${c.skip})` : c.name;
  describe.skipIf(c.skip !== null)(`sleep lock: ${title}`, () => {
    beforeAll(() => c.prepare(), 180_000);
    afterAll(() => c.dispose());

    it("a sweep in progress refuses a second memory's sweep with BUSY; reads and writes go on; then it sweeps", async () => {
      const gated = gatedJudge();
      const storeA = await c.open();
      const storeB = await c.reopen(storeA);
      const a = await openMemory({ store: storeA, judge: gated.judge, lockWaitMs: 5_000 });
      const b = await openMemory({ store: storeB, lockWaitMs: 150 });
      try {
        await seedSweptPair(a);
        const waiting = gated.arm();
        let progressed = 0;
        const first = a.sweep({}, { onProgress: () => progressed++ });
        await waiting;

        const before = await storeB.dumpCounts();
        const refused = await b.sweep().catch((e: unknown) => e);
        expect(busy(refused)).toBe("BUSY");
        expect((refused as Error).message).toMatch(/A sweep of namespace "default" is already running/);
        expect(busy(await b.consolidate().catch((e: unknown) => e))).toBe("BUSY");
        expect(await storeB.dumpCounts()).toEqual(before);

        // Reads never wait for a sweep; writes arrive while it runs and are kept.
        expect((await b.recall("staging database")).length).toBeGreaterThan(0);
        const late = await b.remember("The staging database now runs Postgres 17", { at: "2026-03-03" });
        // Another namespace sleeps meanwhile.
        await seedSweptPair(b, "elsewhere");
        expect((await b.sweep({ namespace: "elsewhere" })).namespace).toBe("elsewhere");

        gated.release();
        const report = await first;
        expect(report.process).toBe("sweep");
        expect(progressed).toBeGreaterThan(0);
        expect(await b.get(late.id)).toMatchObject({ status: "active" });

        const second = await b.sweep();
        expect(second.process).toBe("sweep");
        expect(await b.get(late.id)).toMatchObject({ status: "active" });
        expect((await b.verifyAudit()).ok).toBe(true);
      } finally {
        gated.release();
        await b.close();
        await a.close();
      }
    });

    it("a consolidation holds the same lock: sweep and consolidate wait for it, then run", async () => {
      const gated = gatedJudge();
      const storeA = await c.open();
      const storeB = await c.reopen(storeA);
      const a = await openMemory({ store: storeA, judge: gated.judge, lockWaitMs: 5_000 });
      const b = await openMemory({ store: storeB, lockWaitMs: 100 });
      try {
        await seedSweptPair(a);
        const waiting = gated.arm();
        const first = a.consolidate();
        await waiting;

        const refused = await b.sweep().catch((e: unknown) => e);
        expect(busy(refused)).toBe("BUSY");
        expect((refused as Error).message).toMatch(/consolidation of namespace "default" is already running/);
        expect(busy(await b.consolidate().catch((e: unknown) => e))).toBe("BUSY");

        // A caller that waits long enough is served once the consolidation finishes.
        const patient = await openMemory({ store: storeB, lockWaitMs: 10_000 });
        const queued = patient.sweep();
        gated.release();
        expect((await first).process).toBe("consolidate");
        expect((await queued).process).toBe("sweep");
        expect((await b.consolidate()).process).toBe("consolidate");
        expect((await b.verifyAudit()).ok).toBe(true);
      } finally {
        gated.release();
        await b.close();
        await a.close();
      }
    });

    it("refuses a lockWaitMs that is not a whole, non-negative number of milliseconds", async () => {
      const store = await c.open();
      try {
        await expect(openMemory({ store, lockWaitMs: -1 })).rejects.toMatchObject({ code: "INVALID_INPUT" });
        await expect(openMemory({ store, lockWaitMs: 1.5 })).rejects.toMatchObject({ code: "INVALID_INPUT" });
      } finally {
        await store.close();
      }
    });
  });
}
