/**
 * Forget wins over a sleep pass that is already running. `consolidate` reads the undistilled
 * episodes once, then (a model judge may take seconds per cluster) writes beliefs in short
 * transactions; another process can forget an episode in between. A belief written after that
 * must not carry the forgotten text: each step re-reads its cluster's episodes inside its own
 * transaction and leaves a cluster alone when one of them has gone.
 *
 * The other process is a second engine on the same SQLite file (its own connection, as `strata
 * forget` in another shell), and, on PostgreSQL, a second engine on the same schema; the
 * interleaving point is the sleep judge's `distil`, which consolidate awaits between its read
 * and its writes.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import { createLexicalJudge } from "../../src/core/judge/lexical-judge.js";
import type { Judge } from "../../src/core/ports.js";
import { requestConsolidation, workerReports } from "../../src/core/worker/records.js";
import { createWorker } from "../../src/core/worker/worker.js";
import { openMemory } from "../../src/open-memory.js";
import { seedBelief, tempDbPath, testClock } from "../support/memory.js";

// Letters no hash or id holds (not hex), and a number long enough that no hash holds it by chance.
const CANARY = "the vault combination is zqxjcanary";
const VALUE = "77194523";
const open: Memory[] = [];
const STRICT = { redundantSimilarity: 0.95 };
afterEach(async () => {
  for (const m of open.splice(0)) await m.close();
});

/** Every text the namespace shows after the race: items of every status, recall, context, export. */
async function everything(mem: Memory): Promise<string> {
  return JSON.stringify([
    await mem.list({ layer: "belief", status: "any", limit: 10_000 }),
    await mem.list({ layer: "episode", status: "any", limit: 10_000 }),
    await mem.recall("vault combination"),
    await mem.context("vault combination"),
    await mem.export({ format: "json" }),
    await mem.audit({ limit: 10_000 }),
  ]);
}

/** Where the canary shows up: a few characters either side, not the whole output. */
const holdsCanary = (text: string, needle = "zqxj"): string | false => {
  const i = text.indexOf(needle);
  return i < 0 ? false : text.slice(Math.max(0, i - 80), i + 40);
};

/**
 * Two failures saying one thing (a cluster of two, so the judge is asked to word it; stored apart
 * under a strict gate, as in generalise.test.ts) and the canary turn.
 */
async function seed(mem: Memory): Promise<string> {
  for (const [i, text] of [
    "The nightly validation of the 60MB CSV timed out",
    "Validation of the 60MB CSV timed out",
  ].entries())
    await mem.record(text, { type: "outcome", outcome: "failure", at: `2027-01-01T0${i + 1}:00:00.000Z` });
  const canary = await mem.record(`For the record, ${CANARY}`, { at: "2027-01-02T09:00:00.000Z" });
  return canary.id;
}

/** The lexical judge, whose `distil` lets `other` forget `id` first (the race, made certain). */
function racingJudge(other: Memory, id: string, log: string[]): Judge {
  return {
    ...createLexicalJudge(),
    distil: async () => {
      const r = await other.forget(id);
      log.push(...r.forgotten.map((f) => f.id));
      return { problem: "left to the lexical wording" };
    },
  };
}

async function race(a: Memory, b: Memory): Promise<void> {
  const canary = await seed(a);
  const log: string[] = [];
  const report = await a.consolidate({}, { judge: racingJudge(b, canary, log) });
  expect(log, "the other engine forgot the canary mid-consolidation").toContain(canary);
  expect(JSON.stringify(report).includes("zqxj"), "the report quotes the canary").toBe(false);
  for (const m of [a, b]) expect(holdsCanary(await everything(m)), "an output holds the canary").toBe(false);
  // The pass did its other work: the paraphrases became a belief.
  const beliefs = await a.list({ layer: "belief", limit: 100 });
  expect(JSON.stringify(beliefs)).toContain("60MB CSV");
  // And the next consolidation has nothing of the canary to distil either.
  await a.consolidate();
  expect(holdsCanary(await everything(a)), "an output holds the canary").toBe(false);
}

/** Two engines on one SQLite file, as two processes would hold it. */
async function twoOnOneFile(): Promise<[Memory, Memory]> {
  const path = tempDbPath();
  const clock = testClock("2027-01-05T00:00:00.000Z");
  const a = await openMemory({ path, clock, policy: STRICT });
  open.push(a);
  const b = await openMemory({ path, clock, policy: STRICT });
  open.push(b);
  return [a, b];
}

describe("forget while consolidate runs (another connection)", () => {
  it("one episode of a cluster forgotten: the cluster waits, and the next pass distils the rest alone", async () => {
    const [a, b] = await twoOnOneFile();
    await seed(a);
    const log: string[] = [];
    // e1 is "The nightly validation …", the cluster's fullest wording.
    await a.consolidate({}, { judge: racingJudge(b, "e1", log) });
    expect(log).toEqual(["e1"]);
    const said = async () => JSON.stringify(await a.list({ layer: "belief", status: "any", limit: 100 }));
    expect(await said()).not.toContain("nightly");
    await a.consolidate();
    expect(await said()).not.toContain("nightly");
    const lesson = (await a.list({ layer: "belief", limit: 100 })).find((x) =>
      JSON.stringify(x).includes("60MB CSV"),
    );
    expect(lesson).toMatchObject({ text: "Validation of the 60MB CSV timed out", sources: ["e2"] });
  });

  it("SQLite file: the belief written after the forget does not carry the forgotten text", async () => {
    const [a, b] = await twoOnOneFile();
    await race(a, b);
  });

  const url = process.env.DATABASE_URL;
  it.skipIf(!url)("PostgreSQL: the same, two engines on one schema", async () => {
    const schema = `forget_sleep_${process.pid}`;
    const at = `${url}${url!.includes("?") ? "&" : "?"}schema=${schema}`;
    const clock = testClock("2027-01-05T00:00:00.000Z");
    const a = await openMemory({ url: at, clock, policy: STRICT });
    open.push(a);
    const b = await openMemory({ url: at, clock, policy: STRICT });
    open.push(b);
    try {
      await race(a, b);
    } finally {
      const pg = (await import("pg")).default;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  });
});

describe("forget while the worker's pass runs (another connection)", () => {
  it("the run report kept at the pass's end quotes no value forgotten between its steps", async () => {
    const path = tempDbPath();
    const clock = testClock("2026-12-03T00:00:00.000Z");
    const a = await openMemory({ path, clock, sleepStep: { items: 1, ms: 10_000 } });
    open.push(a);
    const b = await openMemory({ path, clock });
    open.push(b);
    // Past the write gate, so the sweep finds the pair: the newer value supersedes the older, and
    // the report's reason quotes both values.
    const old = await seedBelief(a, clock, `The retry limit of the vault queue is ${VALUE}`, "2026-12-01");
    await seedBelief(a, clock, "The retry limit of the vault queue is 9", "2026-12-02");
    await requestConsolidation(a);
    let forgot = false;
    const tick = await createWorker(
      a,
      { idle: 0, daily: null, maxRetireShare: 1 },
      {
        betweenSteps: async () => {
          // Once the older value is retired, the other process forgets it, before the pass ends.
          const now = await b.get(old);
          if (!forgot && now.status !== "active") {
            await b.forget(old);
            forgot = true;
          }
        },
      },
    ).tick();
    expect(forgot, "the older belief was retired and then forgotten mid-pass").toBe(true);
    expect(tick.outcomes[0]!.status).toBe("applied");
    // The tick's own answer too (what `strata worker --once` prints and onOutcome hands on; attacks20).
    expect(holdsCanary(JSON.stringify(tick), VALUE), "the tick's outcome quotes it").toBe(false);
    for (const m of [a, b]) {
      expect(holdsCanary(JSON.stringify(await workerReports(m)), VALUE), "a kept report quotes it").toBe(
        false,
      );
      expect(holdsCanary(await everything(m), VALUE), "an output holds it").toBe(false);
    }
  });
});

describe("forget while consolidate runs: the report returned to its caller (attacks20)", () => {
  /**
   * The distil step's write gate retires the older value for the newer one and its item quotes
   * both; then, while the sweep judges, another engine forgets the older belief. The report the
   * pass returns (what `strata consolidate` prints, REST and MCP answer) must not quote it.
   */
  async function racedReport(kind: "sqlite" | "postgres", at?: string) {
    const clock = testClock("2026-12-03T00:00:00.000Z");
    const opts = { clock, policy: STRICT };
    const path = tempDbPath();
    const a = await openMemory(kind === "sqlite" ? { path, ...opts } : { url: at!, ...opts });
    open.push(a);
    const b = await openMemory(kind === "sqlite" ? { path, ...opts } : { url: at!, ...opts });
    open.push(b);
    // The episode first, the older value after it past the gate: the distil step meets the pair.
    await a.record("The retry limit of the vault queue is 9 now", { at: "2026-12-02T09:00:00.000Z" });
    const old = await seedBelief(a, clock, `The retry limit of the vault queue is ${VALUE}`, "2026-12-01");
    await seedBelief(a, clock, "The retry limit of the mail queue is 5", "2026-12-01");
    let forgot = false;
    const lexical = createLexicalJudge();
    const judge: Judge = {
      ...lexical,
      compare: async (x, y) => {
        if (!forgot && (await b.get(old)).status !== "active") {
          await b.forget(old);
          forgot = true;
        }
        return lexical.compare(x, y);
      },
    };
    const report = await a.consolidate({}, { judge });
    return { a, b, old, forgot, report };
  }

  it("SQLite file: the returned report quotes no value forgotten after its step wrote it", async () => {
    const { a, b, old, forgot, report } = await racedReport("sqlite");
    expect(forgot, "the older value was retired, then forgotten mid-pass").toBe(true);
    expect(holdsCanary(JSON.stringify(report), VALUE), "the returned report quotes it").toBe(false);
    // What the pass did is still said: the item stays, with its ids, its reason redacted.
    expect(report.items).toContainEqual(
      expect.objectContaining({ action: "distilled", reason: "redacted: it named a forgotten item" }),
    );
    expect(report.counts.distilled).toBe(1);
    expect((await a.get(old)).status).toBe("forgotten");
    for (const m of [a, b]) expect(holdsCanary(await everything(m), VALUE), "an output holds it").toBe(false);
  });

  const url = process.env.DATABASE_URL;
  it.skipIf(!url)("PostgreSQL: the same, two engines on one schema", async () => {
    const schema = `forget_report_${process.pid}`;
    const at = `${url}${url!.includes("?") ? "&" : "?"}schema=${schema}`;
    try {
      const { forgot, report } = await racedReport("postgres", at);
      expect(forgot).toBe(true);
      expect(holdsCanary(JSON.stringify(report), VALUE), "the returned report quotes it").toBe(false);
      expect(report.counts.distilled).toBe(1);
    } finally {
      const pg = (await import("pg")).default;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  });
});

describe("forget while a curation run consolidates (attacks20)", () => {
  it("the run's record, written after the forget, does not bring the forgotten value back", async () => {
    const { arrayCollection } = await import("../../src/collections/array-collection.js");
    const { curate, curationNamespace } = await import("../../src/core/curation/curate.js");
    const { curationKey } = await import("../../src/core/curation/state.js");
    const path = tempDbPath();
    const clock = testClock("2026-12-03T00:00:00.000Z");
    const collection = arrayCollection("notes", []);
    const ns = curationNamespace(collection.name);
    const b = await openMemory({ path, clock, namespace: ns });
    open.push(b);
    let forgot: string | null = null;
    const lexical = createLexicalJudge();
    // The sleep judge of the curating engine: at the sweep's first pair, the other engine forgets
    // the belief the sync step retired (its reason quotes the value), before the run writes its record.
    const judge: Judge = {
      ...lexical,
      compare: async (x, y) => {
        if (forgot === null) {
          const old = (await b.list({ layer: "belief", status: "any", limit: 100 })).find((i) =>
            JSON.stringify(i).includes(VALUE),
          );
          if (old) {
            await b.forget(old.id);
            forgot = old.id;
          }
        }
        return lexical.compare(x, y);
      },
    };
    const a = await openMemory({ path, clock, sleepJudge: judge });
    open.push(a);
    const rec = (id: string, text: string, day: number) => ({
      id,
      text,
      metadata: {},
      createdAt: `2026-12-0${day}T10:00:00Z`,
    });
    const result = await curate(
      a,
      arrayCollection("notes", [
        rec("r1", `The checkout service runs on port ${VALUE}`, 1),
        rec("r2", "The checkout service is owned by Ravi", 2),
        rec("r3", "The checkout service runs on port 9090", 3),
      ]),
    );
    expect(forgot, "the retired belief was forgotten mid-run").not.toBeNull();
    const stored = await a.store.getMeta(curationKey(ns, collection.name));
    expect(stored).toContain("r3");
    expect(holdsCanary(stored ?? "", VALUE), "the curation record quotes it").toBe(false);
    expect(holdsCanary(JSON.stringify(result), VALUE), "the run's result quotes it").toBe(false);
    for (const m of [a.withNamespace(ns), b])
      expect(holdsCanary(await everything(m), VALUE), "an output holds it").toBe(false);
  });
});
