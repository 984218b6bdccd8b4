/**
 * Transfer contract: a store moved SQLite → X → SQLite (X: every other store) comes back with
 * every row of every section unchanged (ids, hashes, times, vectors), a verifying audit chain
 * at each hop, identical recall results, and the next write continuing after the largest id.
 *
 *   STRATA_STORES=sqlite,pglite npx vitest run test/contract/transfer.contract.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import { DUMP_SECTIONS, type DumpRows, type DumpSection, type Store } from "../../src/core/ports.js";
import { openMemory } from "../../src/open-memory.js";
import { transferStore } from "../../src/store/transfer.js";
import { STORE_CASES } from "./stores.js";

function fixedClock(start = "2026-03-05T00:00:00Z") {
  let t = Date.parse(start);
  return {
    now: () => {
      t += 1000;
      return new Date(t);
    },
  };
}

/** A history with every kind of row: statuses, supersession links, outcomes, sweeps, forgetting. */
async function history(mem: Memory): Promise<void> {
  await mem.remember("The staging database is Postgres 16", { at: "2026-03-01" });
  await mem.remember("Staging database: Postgres 16", { at: "2026-03-01" });
  await mem.remember("The retry limit is 5", { at: "2026-03-01" });
  await mem.remember("The retry limit is 7", { at: "2026-03-02" });
  await mem.remember("The retry limit is 3", { at: "2026-02-01" });
  await mem.record("Deploying with blue-green switch worked", { type: "outcome", outcome: "success" });
  await mem.record("Deploying with blue-green switch failed", { type: "outcome", outcome: "failure" });
  await mem.record("Builds are cached in S3", { type: "observation", metadata: { ticket: "OPS-7", n: 2 } });
  await mem.record("Nightly builds run at 2am", { type: "observation", session: "s1", actor: "ci" });
  const ada = await mem.remember("The assistant is called Ada");
  await mem.pin(ada.id);
  await mem.capture({
    when: "target model is Anthropic",
    prefer: "use XML delimiters",
    feedback: "positive",
  });
  await mem.remember("Rotate the API keys", {
    kind: "procedure",
    steps: ["create a new key", "deploy it", "revoke the old key"],
  });
  await mem.remember("Avoid running migrations during peak traffic", { kind: "failure" });
  await mem.outcome("b3", true);
  await mem.outcome("b3", false);
  await mem.used("b3");
  await mem.remember("The build cache lives in S3", { namespace: "team-b" });
  await mem.remember("The build cache lives in an S3 bucket", { namespace: "team-b" });
  await mem.consolidate();
  await mem.consolidate({ namespace: "team-b" });
  await mem.forget("e4");
  await mem.maintain();
  // An agent's verdict, so the judged-pair cache has rows whatever the sweep found to judge.
  const rota = await mem.remember("The on-call rota lives in PagerDuty");
  const review = await mem.remember("The on-call rota is reviewed every Monday");
  await mem.judge([{ a: rota.id, b: review.id, verdict: "distinct" }]);
}

async function dumpAll(store: Store, pageSize = 7): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const section of DUMP_SECTIONS) {
    const rows: unknown[] = [];
    let cursor: string | null = null;
    do {
      const page: { rows: DumpRows[DumpSection]; cursor: string | null } = await store.dump(section, {
        cursor,
        limit: pageSize,
      });
      rows.push(...page.rows);
      cursor = page.cursor;
    } while (cursor !== null);
    // Vectors compared as plain arrays (Float32Array equality is by value anyway, but prints better).
    out[section] = rows.map((r) =>
      section === "vectors"
        ? { ...(r as object), vector: Array.from((r as { vector: Float32Array }).vector) }
        : r,
    );
  }
  return out;
}

/** Recall weighs recency against the store clock: compare both sides at one instant. */
const FROZEN = { now: () => new Date("2026-03-20T00:00:00Z") };

const QUERIES = ["retry limit", "staging database", "deploy blue-green", "assistant name", "build cache S3"];

async function recalls(mem: Memory): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const q of QUERIES) {
    out.push((await mem.recall(q, { k: 5 })).map((h) => [h.id, h.status, h.text, h.score]));
    out.push((await mem.recall(q, { k: 5, namespace: "team-b" })).map((h) => [h.id, h.text, h.score]));
  }
  out.push((await mem.recall("retry limit", { at: "2026-03-01T12:00:00Z" })).map((h) => h.id));
  return out;
}

const sqliteFile = STORE_CASES.find((c) => c.name === "sqlite-file")!;
const hops = STORE_CASES.filter((c) => c.name !== "sqlite-file");

describe.skipIf(sqliteFile.skip !== null)("transfer contract", () => {
  let source: Store;
  let mem: Memory;
  let original: Record<string, unknown[]>;
  let originalRecall: unknown[];

  beforeAll(async () => {
    source = await sqliteFile.open();
    mem = await openMemory({ store: source, clock: fixedClock() });
    await history(mem);
    original = await dumpAll(source);
    originalRecall = await recalls(await openMemory({ store: source, clock: FROZEN }));
  }, 60_000);
  afterAll(async () => {
    await mem.close();
    await sqliteFile.dispose();
  });

  it("the source history has rows in every section and beliefs of several statuses", async () => {
    for (const section of DUMP_SECTIONS)
      expect(original[section]!.length, `section ${section}`).toBeGreaterThan(0);
    const statuses = new Set((original.beliefs as { status: string }[]).map((b) => b.status));
    expect(statuses.size).toBeGreaterThanOrEqual(2);
    expect((await mem.verifyAudit()).ok).toBe(true);
  });

  for (const hop of hops) {
    const title = hop.skip ? `${hop.name} (skipped: ${hop.skip})` : hop.name;
    if (hop.skip) console.log(`transfer contract: sqlite-file → ${title}`);
    describe.skipIf(hop.skip !== null)(`sqlite-file → ${title} → sqlite-file`, () => {
      beforeAll(() => hop.prepare(), 180_000);
      afterAll(() => hop.dispose());

      it("keeps every row, the chain and recall, and new writes continue after the largest id", async () => {
        const middle = await hop.open();
        const back = await sqliteFile.open();
        try {
          const seen: number[] = [];
          const there = await transferStore(source, middle, {
            pageSize: 5,
            onProgress: (done) => seen.push(done),
          });
          expect(there.problems).toEqual([]);
          expect(there.ok).toBe(true);
          expect(there.audit.ok).toBe(true);
          expect(seen.at(-1)).toBe(there.rows);
          expect(await dumpAll(middle, 4)).toEqual(original);

          const home = await transferStore(middle, back);
          expect(home.ok).toBe(true);
          expect(await dumpAll(back)).toEqual(original);

          const returned = await openMemory({ store: back, clock: FROZEN });
          expect(await recalls(returned)).toEqual(originalRecall);
          expect((await returned.verifyAudit()).ok).toBe(true);

          // The moved store keeps working: ids continue, the chain keeps verifying.
          const onMiddle = await openMemory({ store: middle, clock: fixedClock("2026-04-01T00:00:00Z") });
          const maxBelief = Math.max(
            ...(original.beliefs as { id: string }[]).map((b) => Number(b.id.slice(1))),
          );
          const next = await onMiddle.remember("The deploy window is Tuesday 10:00");
          expect(next.id).toBe(`b${maxBelief + 1}`);
          const maxEpisode = Math.max(
            ...(original.episodes as { id: string }[]).map((e) => Number(e.id.slice(1))),
          );
          expect((await onMiddle.record("Release 42 shipped", { type: "observation" })).id).toBe(
            `e${maxEpisode + 1}`,
          );
          expect((await onMiddle.verifyAudit()).ok).toBe(true);
        } finally {
          await middle.close();
          await back.close();
        }
      }, 120_000);

      it("refuses a target that already holds data, leaving it unchanged", async () => {
        const target = await hop.open();
        try {
          const m = await openMemory({ store: target, clock: fixedClock() });
          await m.remember("Something already here");
          const before = await target.dumpCounts();
          await expect(transferStore(source, target)).rejects.toMatchObject({ code: "TARGET_NOT_EMPTY" });
          expect(await target.dumpCounts()).toEqual(before);
        } finally {
          await target.close();
        }
      });
    });
  }
});
