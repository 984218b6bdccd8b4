/**
 * Namespaces are a security boundary, every store: tenant B's writes (many rows sharing tenant
 * A's words) leave what A's recall returns — ids, order, scores, `why` — byte-identical, on the
 * handle that was open across them and on a second one opened afterwards. SQLite keeps BM25
 * statistics per namespace (src/store/sqlite/namespace-text-stats.test.ts checks its cold and warm
 * paths apart); PostgreSQL keeps one in-process index per namespace, and `ts_rank_cd` uses no
 * statistics across rows.
 *
 *   DATABASE_URL=postgres://strata:strata@localhost/strata_test npx vitest run test/contract/namespace-text-stats.contract.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openMemory } from "../../src/open-memory.js";
import { testClock } from "../support/memory.js";
import { CLOCK, fillA, fillB, snapshot } from "../support/tenants.js";
import { STORE_CASES } from "./stores.js";

for (const c of STORE_CASES) {
  describe.skipIf(c.skip !== null)(
    `text scores stay inside their namespace: ${c.name}${c.skip ? ` (skipped: ${c.skip})` : ""}`,
    () => {
      beforeAll(() => c.prepare(), 180_000);
      afterAll(() => c.dispose());

      it("another tenant's writes move none of A's recall", async () => {
        const store = await c.open();
        const fresh = [];
        try {
          await fillA(await openMemory({ store, namespace: "tenant-a", clock: testClock(CLOCK) }));
          const first = await c.reopen(store);
          fresh.push(first);
          const before = await snapshot(first);
          expect(await snapshot(store)).toBe(before);
          await fillB(await openMemory({ store, namespace: "tenant-b", clock: testClock(CLOCK) }));
          expect(await snapshot(store)).toBe(before);
          expect(await snapshot(first)).toBe(before);
          const second = await c.reopen(store);
          fresh.push(second);
          expect(await snapshot(second)).toBe(before);
        } finally {
          for (const s of fresh) if (s !== store) await s.close();
          await store.close();
        }
      }, 120_000);
    },
  );
}
