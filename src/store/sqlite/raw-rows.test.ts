/**
 * The store reads beliefs and episodes in bulk (`getBeliefs`, `getEpisodes`, `listBeliefs`,
 * `listEpisodes`) as value arrays, not row objects; one at a time (`getBelief`, `getEpisode`) it
 * reads row objects. Both must give the same record, field for field and in the same key order
 * (context output is compared byte for byte).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { newBelief, newEpisode } from "../../../test/support/rows.js";
import { rawBeliefReader } from "../rows.js";
import { SqliteStore } from "./sqlite-store.js";

describe("bulk reads as value arrays", () => {
  let dir: string;
  let store: SqliteStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "strata-raw-rows-"));
    store = SqliteStore.open({ path: join(dir, "s.db") });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("give the records the one-row reads give, with every kind of field set and unset", async () => {
    const ids = await store.transaction(async (tx) => {
      const e1 = await tx.insertEpisode(newEpisode("Deployed on Friday", "2026-03-02T00:00:00.000Z"));
      const e2 = await tx.insertEpisode(
        newEpisode("The deploy failed: disk full", "2026-03-03T00:00:00.000Z", {
          type: "outcome",
          outcome: "failure",
          session: "s1",
          actor: "Ana",
          metadata: { repo: "api", n: 2 },
          distilledAt: "2026-03-04T00:00:00.000Z",
        }),
      );
      const b1 = await tx.insertBelief(newBelief("The TTL is 60 s"));
      const b2 = await tx.insertBelief(
        newBelief("Rotate the keys", {
          kind: "procedure",
          when: "every quarter",
          prefer: "the script",
          exceptions: ["not in a freeze"],
          steps: ["open the vault", "rotate"],
          pinned: true,
          restored: true,
          confidence: 0.875,
          successes: 3,
          failures: 1,
          support: 2,
          uses: 7,
          halfLifeDays: 12.5,
          lastConfirmedAt: "2026-03-02T00:00:00.000Z",
          lastUsedAt: "2026-03-03T00:00:00.000Z",
          sources: [e1, e2],
          source: "import",
          metadata: { team: "infra" },
          calibration: {
            supersession: 0.25,
            supersededBy: null,
            salience: 0.5,
            category: "procedure",
            at: "2026-03-04T00:00:00.000Z",
          },
        }),
      );
      const b3 = await tx.insertBelief(
        newBelief("The TTL was 30 s", {
          status: "archived",
          statusReason: "superseded",
          validTo: "2026-03-05T00:00:00.000Z",
          retiredAt: "2026-03-05T00:00:00.000Z",
          supersededBy: b1,
          parentId: b1,
        }),
      );
      return { beliefs: [b1, b2, b3], episodes: [e1, e2] };
    });
    const one = async <T>(read: (id: string) => Promise<T | null>, id: string) =>
      JSON.stringify(await read(id));
    const bulkBeliefs = await store.getBeliefs([...ids.beliefs].reverse(), "default");
    expect(bulkBeliefs.map((b) => b.id)).toEqual([...ids.beliefs].reverse());
    for (const b of bulkBeliefs)
      expect(JSON.stringify(b)).toBe(await one((id) => store.getBelief(id, "default"), b.id));
    const listed = await store.listBeliefs(
      { namespaces: ["default"], statuses: null },
      { limit: 10, offset: 0 },
    );
    expect(listed.map((b) => b.id)).toEqual(ids.beliefs);
    for (const b of listed)
      expect(JSON.stringify(b)).toBe(await one((id) => store.getBelief(id, "default"), b.id));
    const bulkEpisodes = await store.getEpisodes(ids.episodes, "default");
    for (const e of bulkEpisodes)
      expect(JSON.stringify(e)).toBe(await one((id) => store.getEpisode(id, "default"), e.id));
    const recent = await store.listEpisodes(
      { namespaces: ["default"], statuses: ["active"] },
      { limit: 10, offset: 0, order: "at-desc" },
    );
    expect(recent.map((e) => e.id)).toEqual([...ids.episodes].reverse());
    for (const e of recent)
      expect(JSON.stringify(e)).toBe(await one((id) => store.getEpisode(id, "default"), e.id));
  });

  it("a reader refuses columns that do not hold every field", () => {
    expect(() => rawBeliefReader(["rowid", "namespace", "text"], "rowid")).toThrow(/no column for kind/);
  });
});
