/**
 * Forget forgets (DESIGN invariant 8): after `forget`, a unique canary written in an episode, its
 * session, actor and metadata, a belief's source, a distilled belief, a merged duplicate, a
 * judged pair and the continuity digest (current, history, patterns) appears nowhere — not in
 * any output of the engine, and, on SQLite, not in the raw bytes of any of the store's files
 * (main, WAL, shared memory, lock), while the store is open and after it is closed. `restore`
 * cannot bring it back, and the tombstone is keyed with the store's secret.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { arrayCollection } from "../../src/collections/array-collection.js";
import { curate } from "../../src/core/curation/curate.js";
import type { Memory } from "../../src/core/engine.js";
import { hmacSha256, sha256 } from "../../src/core/sha256.js";
import { createWorker } from "../../src/core/worker/worker.js";
import { openMemory } from "../../src/open-memory.js";
import { PostgresStore } from "../../src/store/postgres/postgres-store.js";
import { canaryFiles, needlesIn, storeFiles } from "../support/canary.js";
import { steppingClock } from "../support/memory.js";

const CODE = "ZQ7731XV";
const WORD = "flumbergasting";
/**
 * What must not be found, lower-cased: the canaries, their stems (FTS5's porter tokenizer and
 * Strata's own stemmer), and their tails (FTS5 stores a term as a suffix of the previous one).
 */
const NEEDLES = ["zq7731xv", "7731xv", "flumbergasting", "flumbergast", "mbergast"];

const clock = () => steppingClock("2026-03-01T09:00:00.000Z");

const found = (text: string): string[] => needlesIn(NEEDLES, text);

const DIGEST = (e: string) => `## State
- The ${WORD} janitor knows the vault code
## Patterns
- Vault codes leak through janitors | 1x [evidence: ${e} "vault door PIN janitor"]
## Decisions
- Rotate ${CODE} soon
## Context
- Deploys run on Fridays
`;

interface Planted {
  episode: string;
  derived: string[];
  merged: string;
}

/** Writes the canary everywhere Strata keeps text, then returns the ids to check. */
async function plant(mem: Memory): Promise<Planted> {
  await mem.remember("The vault PIN is 1234", { at: "2026-02-01" });
  await mem.record("Deploys run on Fridays after the freeze", { type: "decision", session: "s0" });
  const e = await mem.record(`The vault door PIN is ${CODE}, said the ${WORD} janitor`, {
    type: "observation",
    session: `sess-${WORD}`,
    actor: `actor-${CODE}`,
    metadata: { note: `code ${CODE}` },
  });
  const a = await mem.remember(`The vault PIN is ${CODE} according to the ${WORD} janitor`, {
    source: `doc:${WORD}-${CODE}`,
    sources: [e.id],
  });
  const b = await mem.remember(`Janitor (${WORD}) reported vault code ${CODE}`, { sources: [e.id] });
  expect(b.stored).toBe(true);
  const merged = await mem.judge([{ a: a.id, b: b.id, verdict: "merge" }]);
  const loser = merged.items.find((i) => i.action === "merged")?.id;
  expect(loser).toBeDefined();
  const distilled = await mem.distil([e.id], [`Vault PIN ${CODE} belongs to the ${WORD} janitor`]);
  await mem.sweep({ full: true });
  const wrap = await mem.prepareWrap();
  expect(wrap.status).toBe("ready");
  const saved = await mem.saveContinuity(DIGEST(e.id), { token: wrap.token! });
  expect(saved.saved).toBe(true);
  return {
    episode: e.id,
    derived: [a.id, b.id, ...distilled.items.map((i) => i.id)],
    merged: loser!,
  };
}

/** Every output the engine has, as one text. */
async function outputs(mem: Memory, p: Planted): Promise<string> {
  const ids = [p.episode, ...p.derived];
  const parts: unknown[] = [
    await mem.export({ format: "json" }),
    await mem.export({ format: "jsonl" }),
    await mem.export({ format: "markdown" }),
    await mem.audit({ limit: 10_000 }),
    await mem.exportAuditJsonl(),
    await mem.continuity(),
    await mem.renderContinuity(),
    await mem.continuityHistory(),
    await mem.associations(),
    await mem.recall(`${WORD} vault PIN ${CODE}`, { k: 20 }),
    await mem.recall(`${WORD} vault PIN ${CODE}`, { k: 20, associative: true }),
    await mem.context(`vault PIN ${CODE}`, { recentEvents: 20, tokenBudget: 4000 }),
    await mem.context("", { recentEvents: 20, tokenBudget: 4000 }),
    await mem.health(),
    await mem.stats(),
    await mem.list({ status: "any", limit: 1000 }),
    await mem.list({ layer: "episode", status: "any", limit: 1000 }),
    await mem.pending(),
    await mem.candidates(),
    ...(await Promise.all(ids.map((id) => mem.explain(id)))),
    ...(await Promise.all(p.derived.map((id) => mem.history(id)))),
  ];
  return JSON.stringify(parts);
}

async function forgetAndCheck(mem: Memory, p: Planted): Promise<void> {
  // The planting worked: the canary is in the outputs before.
  expect(found(await outputs(mem, p))).toEqual(expect.arrayContaining(["zq7731xv", "flumbergasting"]));
  const before = (await mem.get(p.episode)) as { content: string };
  const result = await mem.forget(p.episode);
  expect(result.forgotten.map((f) => f.id).sort()).toEqual([p.episode, ...p.derived].sort());
  expect(result.continuity).toMatchObject({ lines: expect.any(Number) });
  expect(result.continuity!.lines).toBeGreaterThanOrEqual(3);

  expect(found(await outputs(mem, p))).toEqual([]);

  // Nothing comes back: not the item, not the duplicate that had been merged into its belief.
  for (const id of [p.episode, p.merged, ...p.derived])
    await expect(mem.restore(id), id).rejects.toMatchObject({ code: "FORGOTTEN" });
  // The tombstone is keyed: the plain SHA-256 of the text is nowhere; the HMAC under the secret is.
  const e = (await mem.get(p.episode)) as { contentHash: string; session: unknown; actor: unknown };
  expect(e).toMatchObject({ session: null, actor: null, metadata: {} });
  expect(e.contentHash).toBe(hmacSha256(mem.store.contentKey(), before.content));
  expect(JSON.stringify(await mem.export({ format: "json" }))).not.toContain(sha256(before.content));
  // Under auditContent, entries about an erased item keep no detail (their hashes stay), except
  // the redaction's own record, which holds ids and counts only.
  const erased = new Set(result.forgotten.map((f) => f.id));
  const about = (await mem.audit({ limit: 10_000 })).filter(
    (a) => a.subjectId && erased.has(a.subjectId) && a.event !== "continuity.redacted",
  );
  expect(about.length).toBeGreaterThan(3);
  expect(about.filter((a) => a.detail !== null)).toEqual([]);
  // The forget itself, and the redaction, are in the chain, which still verifies.
  const events = (await mem.audit({ limit: 10_000 })).map((a) => a.event);
  expect(events).toEqual(
    expect.arrayContaining(["episode.forgotten", "belief.forgotten", "continuity.redacted"]),
  );
  expect((await mem.verifyAudit()).ok).toBe(true);
  // What did not hold the canary is untouched.
  expect((await mem.recall("deploys Fridays", { k: 3 })).length).toBeGreaterThan(0);
  expect(await mem.continuity()).toContain("Deploys run on Fridays");
}

const grepFiles = (path: string) => canaryFiles(storeFiles(path), NEEDLES);

/** The compact vector components (the cold search's copy of each vector) of these rows. */
function plantedComponents(path: string, ids: readonly string[]): Buffer[] {
  const raw = new Database(path, { readonly: true });
  try {
    return ids.map(
      (id) =>
        raw
          .prepare("SELECT components FROM vector_components WHERE layer = ? AND rid = ?")
          .pluck()
          .get(id[0], Number(id.slice(1))) as Buffer,
    );
  } finally {
    raw.close();
  }
}

/** The store files that hold any of `blobs` byte for byte. */
function filesHolding(path: string, blobs: readonly Buffer[]): string[] {
  return storeFiles(path)
    .filter((file) => {
      const bytes = readFileSync(file);
      return blobs.some((b) => bytes.includes(b));
    })
    .map((file) => basename(file));
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("forget on a SQLite file", () => {
  it("leaves the canary in no output and in no byte of the store's files, open or closed", async () => {
    const dir = mkdtempSync(join(tmpdir(), "strata-forget-"));
    dirs.push(dir);
    const path = join(dir, "memory.db");
    // auditContent keeps each change's detail in the chain (reasons may quote values).
    const mem = await openMemory({ path, clock: clock(), policy: { auditContent: true } });
    const planted = await plant(mem);
    // The control: before forget the files hold the canary, and the forgotten rows' vectors as
    // the compact components a cold search reads (vector_components).
    expect(Object.keys(grepFiles(path)).length).toBeGreaterThan(0);
    const components = plantedComponents(path, [planted.episode, ...planted.derived]);
    expect(components.length).toBe(1 + planted.derived.length);
    expect(filesHolding(path, components)).not.toEqual([]);
    await forgetAndCheck(mem, planted);
    // Open: forget merged the full-text index and truncated the WAL.
    expect(grepFiles(path)).toEqual({});
    expect(filesHolding(path, components)).toEqual([]);
    await mem.close();
    expect(grepFiles(path)).toEqual({});
    // Reopened (fresh in-process indexes built from the file): still nothing.
    const again = await openMemory({ path, clock: clock() });
    try {
      expect(found(await outputs(again, planted))).toEqual([]);
    } finally {
      await again.close();
    }
    expect(grepFiles(path)).toEqual({});
    expect(filesHolding(path, components)).toEqual([]);
  }, 60_000);
});

describe("forget on PGlite (PostgreSQL)", () => {
  it("leaves the canary in no output", async () => {
    const [{ PGlite }, { vector }] = await Promise.all([
      import("@electric-sql/pglite"),
      import("@electric-sql/pglite-pgvector"),
    ]);
    const pglite = await PGlite.create({ extensions: { vector } });
    const store = await PostgresStore.open({ pglite, schema: "forget_test" });
    const mem = await openMemory({ store, clock: clock(), policy: { auditContent: true } });
    try {
      const planted = await plant(mem);
      await forgetAndCheck(mem, planted);
      // The tsvector column follows the text: no row matches the canary any more.
      const rows = await pglite.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM forget_test.episodes WHERE tsv @@ to_tsquery('english', '${WORD}'))
              + (SELECT count(*) FROM forget_test.beliefs WHERE tsv @@ to_tsquery('english', '${WORD}')) AS n`,
      );
      expect(Number(rows.rows[0]!.n)).toBe(0);
    } finally {
      await mem.close();
      await pglite.close();
    }
  }, 120_000);
});

describe("forget reaches what the background worker kept", () => {
  it("a kept run report quotes the forgotten value nowhere (its own item, and another item's reason)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "strata-forget-worker-"));
    dirs.push(dir);
    const path = join(dir, "memory.db");
    const t = clock();
    const mem = await openMemory({ path, clock: t, namespace: "victim" });
    // The older value is what is forgotten; the newer belief's distillation quoted it
    // ("replaces [b1] (value-changed:number: 771945 → 937215)").
    const old = await mem.record("The vault door code is 771945", { session: "s0" });
    await mem.record("The vault door code is now 937215", { session: "s1" });
    await mem.record("Backups are kept for thirty days", { session: "s2" });
    for (let i = 0; i < 200; i++) t.now();
    const tick = await createWorker(mem, { idle: "1m", daily: null }).tick();
    const report = JSON.stringify(tick.outcomes[0]?.report?.items);
    expect(report).toContain("771945");
    const result = await mem.forget(old.id);
    const reports = await mem.workerStatus();
    const text = JSON.stringify(reports);
    expect(text).not.toContain("771945");
    // Every item keeps its id and action; a reason that names nothing erased stays.
    const items = reports.reports[0]!.items;
    expect(items.map((i) => i.action)).toEqual(["distilled", "distilled", "distilled"]);
    for (const f of result.forgotten.filter((x) => x.layer === "belief"))
      expect(items.find((i) => i.id === f.id)?.reason).toMatch(/^redacted/);
    expect(items.filter((i) => i.reason.startsWith("novel"))).toHaveLength(1);
    await mem.close();
    const files = storeFiles(path).filter((f) => readFileSync(f).toString("latin1").includes("771945"));
    expect(files).toEqual([]);
  }, 60_000);
});

describe("forget reaches what a curation run kept", () => {
  it("a curation record quotes the forgotten value nowhere, and another namespace's record is untouched", async () => {
    const dir = mkdtempSync(join(tmpdir(), "strata-forget-curation-"));
    dirs.push(dir);
    const path = join(dir, "memory.db");
    const mem = await openMemory({ path, clock: clock() });
    const notes = () =>
      arrayCollection("notes", [
        { id: "r1", text: "The vault door code is 771945", metadata: {}, createdAt: "2026-03-01T10:00:00Z" },
        { id: "r2", text: "The vault door code is 937215", metadata: {}, createdAt: "2026-03-02T10:00:00Z" },
      ]);
    // The same collection curated into two namespaces, one a prefix of the other's name.
    const first = await curate(mem, notes(), { namespace: "vault" });
    await curate(mem, notes(), { namespace: "vault:copy" });
    expect(first.items.find((i) => i.recordId === "r1")?.reason).toContain("771945");
    const old = (await mem.list({ namespace: "vault", status: "any" })).find(
      (b) => b.layer === "belief" && b.text.includes("771945"),
    );
    await mem.forget(old!.id, { namespace: "vault" });
    const records = await mem.store.getMetaPrefix("curation:");
    // Each key names one namespace and one collection (":" inside a part is encoded).
    expect(records.map((r) => r.key)).toEqual([
      "curation:vault%3Acopy:array%3Anotes",
      "curation:vault:array%3Anotes",
    ]);
    expect(records.find((r) => r.key === "curation:vault:array%3Anotes")?.value).not.toContain("771945");
    // The other namespace forgot nothing: its record still says why its own belief closed.
    expect(records.find((r) => r.key === "curation:vault%3Acopy:array%3Anotes")?.value).toContain("771945");
    await mem.forget(
      (await mem.list({ namespace: "vault:copy", status: "any" })).find(
        (b) => b.layer === "belief" && b.text.includes("771945"),
      )!.id,
      { namespace: "vault:copy" },
    );
    await mem.close();
    const files = storeFiles(path).filter((f) => readFileSync(f).toString("latin1").includes("771945"));
    expect(files).toEqual([]);
  }, 60_000);
});
