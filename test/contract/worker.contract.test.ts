/**
 * Two background workers on one database never double up, on every store: while worker A's
 * pass is held open (its judge waits on a gate the test controls), worker B — its own handle,
 * as another process or server would have — skips the namespace as busy and changes nothing;
 * once A has committed, B finds nothing to do. Exactly one consolidation is applied and kept.
 *
 *   DATABASE_URL=postgres://… STRATA_STORES=postgres npx vitest run test/contract/worker.contract.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerReports } from "../../src/core/worker/records.js";
import { createWorker } from "../../src/core/worker/worker.js";
import { openMemory } from "../../src/open-memory.js";
import { gatedJudge, seedSweptPair } from "../support/held-sleep.js";
import { testClock } from "../support/memory.js";
import { STORE_CASES } from "./stores.js";

// PGlite is one session shared by every handle: a second handle's reads would run inside the
// first one's open transaction, so "another process" cannot be played there.
const ONE_SESSION = "PGlite is a single session: two handles cannot act as two processes";

for (const c of STORE_CASES) {
  const skip = c.skip ?? (c.name === "pglite" || c.name === "sqlite-memory" ? ONE_SESSION : null);
  const title = skip ? `${c.name} (skipped: ${skip})` : c.name;
  describe.skipIf(skip !== null)(`worker: ${title}`, () => {
    beforeAll(() => c.prepare(), 180_000);
    afterAll(() => c.dispose());

    it("two workers on one database: the second skips the busy namespace, then finds it done", async () => {
      const clock = testClock();
      const gated = gatedJudge();
      const storeA = await c.open();
      const storeB = await c.reopen(storeA);
      const a = await openMemory({ store: storeA, clock, sleepJudge: gated.judge });
      const b = await openMemory({ store: storeB, clock });
      try {
        await seedSweptPair(a);
        await a.record("Deploy failed: migration lock timeout", { type: "outcome", outcome: "failure" });
        const options = { idle: 0, daily: null } as const;
        const workerA = createWorker(a, options);
        const workerB = createWorker(b, options);

        const waiting = gated.arm();
        const first = workerA.tick();
        await waiting; // A is mid-consolidation, inside its pass
        const during = await workerB.tick();
        expect(during.outcomes).toEqual([expect.objectContaining({ namespace: "default", status: "busy" })]);
        gated.release();
        const done = await first;
        expect(done.outcomes[0]).toMatchObject({
          status: "applied",
          report: { reasons: [{ code: "idle" }] },
        });

        const after = await workerB.tick();
        expect(after.outcomes[0]).toMatchObject({ status: "unchanged" });
        expect((await workerReports(b)).map((r) => r.status)).toEqual(["applied"]);
        const distilled = (await b.audit({ event: "episodes.distilled", limit: 100 })).length;
        expect(distilled).toBe(1);
        expect(await b.pending()).toEqual([]);
        expect((await b.verifyAudit()).ok).toBe(true);
      } finally {
        gated.release();
        await a.close();
        if (storeB !== storeA) await b.close();
      }
    }, 60_000);
  });
}
