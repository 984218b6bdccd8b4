import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DAY, tempDbPath, testClock, testMemory } from "../../../test/support/memory.js";
import { openMemory } from "../../open-memory.js";
import type { Memory } from "../engine.js";
import { StrataError } from "../errors.js";
import type { Store } from "../ports.js";

const open: Memory[] = [];
afterEach(async () => {
  for (const m of open.splice(0)) await m.close();
});
async function memory(options: Parameters<typeof testMemory>[0] = {}) {
  const t = await testMemory(options);
  open.push(t.mem);
  return t;
}

/** A namespace with a little of everything: superseded and pinned beliefs, outcomes, a wrap, a forget. */
async function seeded(namespace = "default") {
  const t = await memory();
  const { mem, clock } = t;
  const failed = await mem.record("Deploy failed: migration lock timeout", {
    type: "outcome",
    outcome: "failure",
    session: "s1",
    namespace,
  });
  await mem.record("Chose blue-green deploys for the API", { type: "decision", namespace });
  await mem.remember("The staging database is Postgres 16", { sources: [failed.id], namespace });
  await mem.remember("The cache TTL is 60 seconds", { at: "2025-12-01", namespace });
  clock.advance(DAY);
  await mem.remember("The cache TTL is 300 seconds", { namespace });
  const rule = await mem.capture({ when: "deploying on Friday", prefer: "ship behind a flag", namespace });
  await mem.outcome(rule.id, true);
  const proc = await mem.remember("Roll back a release", {
    kind: "procedure",
    steps: ["revert", "redeploy"],
    namespace,
  });
  await mem.pin(proc.id);
  const gone = await mem.record("The admin password is hunter2", { namespace });
  await mem.forget(gone.id);
  await mem.consolidate({ namespace });
  const wrap = await mem.prepareWrap({ namespace });
  if (wrap.status === "ready") await mem.cancelWrap(wrap.token!);
  await mem.record("An item of another tenant", { namespace: "other" });
  return t;
}

const QUERIES = ["deploy", "cache TTL", "staging database", "Friday", "roll back"];
/**
 * Ids in order, scores to two places. SQLite's full-text statistics span the whole file
 * (docs/postgres.md), so the other tenant's episode, which a namespace's export leaves behind,
 * moves a turn's BM25 slightly; a belief distilled from turns ranks by its turn's match.
 */
async function rankings(mem: Memory, namespace = "default") {
  const out = [];
  for (const q of QUERIES)
    out.push((await mem.recall(q, { k: 5, namespace })).map((h) => [h.id, h.score.toFixed(2)]));
  return out;
}

describe("export / import (Strata JSON and JSONL)", () => {
  it.each(["json", "jsonl"] as const)(
    "%s round-trips into an empty store: same ids, same recall, chain verifies",
    async (format) => {
      const { mem, clock } = await seeded();
      const text = await mem.export({ format });
      const target = (await memory({ clock })).mem;
      const report = await target.import(text);
      expect(report.format).toBe(format === "json" ? "strata-json" : "strata-jsonl");
      expect(report.audit?.ok).toBe(true);
      expect(await target.verifyAudit()).toMatchObject({ ok: true });
      expect(await rankings(target)).toEqual(await rankings(mem));
      // Every row came over as it was: exporting again gives the same document (plus the import's own entry).
      const again = JSON.parse(await target.export({ format: "json" }));
      const before = JSON.parse(await mem.export({ format: "json" }));
      for (const section of [
        "episodes",
        "beliefs",
        "beliefSources",
        "links",
        "outcomes",
        "vectors",
        "judgedPairs",
        "meta",
      ])
        expect(again[section], section).toEqual(before[section]);
      expect(again.audit.slice(0, -1)).toEqual(before.audit);
      expect(again.audit.at(-1).event).toBe("namespace.imported");
      expect(new Set(before.beliefs.map((b: { status: string }) => b.status))).toEqual(
        new Set(["active", "archived"]),
      );
      expect(before.episodes.map((e: { status: string }) => e.status)).toContain("forgotten");
      expect(before.meta.map((m: { key: string }) => m.key.split(":")[0])).toContain("wrap-state");
      // Nothing of the other namespace leaked in.
      expect(before.episodes.every((e: { namespace: string }) => e.namespace === "default")).toBe(true);
    },
  );

  it.each(["json", "jsonl"] as const)(
    "%s: an export written before encoded meta keys (namespace team:x, keys spelt raw) imports under this Strata's keys",
    async (format) => {
      // A namespace with a digest, its history, the wrap state and a sweep mark (every exported kind).
      const { mem, clock } = await memory({ namespace: "team:x" });
      await mem.record("Chose blue-green deploys for the API", { type: "decision", session: "s1" });
      await mem.remember("The staging database is Postgres 16");
      await mem.consolidate();
      const wrap = await mem.prepareWrap();
      await mem.saveContinuity(
        "## State\n- Deploying the API\n\n## Patterns\n\n## Decisions\n- Chose blue-green deploys\n\n## Context\n- Staging only",
        { token: wrap.token! },
      );
      const text = await mem.export({ format, namespace: "team:x" });
      // This Strata's export spells the namespace encoded in its record keys…
      const keys = (
        JSON.parse(await mem.export({ format: "json", namespace: "team:x" })).meta as { key: string }[]
      ).map((m) => m.key);
      expect(keys).toEqual(expect.arrayContaining(["wrap-state:team%3Ax", "continuity:team%3Ax"]));
      // …an older Strata's spelt it raw ("wrap-state:team:x"), which reads as no namespace's key now.
      const older = text.replaceAll("team%3Ax", "team:x");
      expect(older).toContain('"wrap-state:team:x"');
      const target = (await memory({ clock, namespace: "team:x" })).mem;
      const report = await target.import(older);
      expect(report.audit?.ok).toBe(true);
      for (const key of keys) expect(await target.store.getMeta(key), key).toBe(await mem.store.getMeta(key));
      expect(await target.store.getMetaPrefix("wrap-state:team:")).toEqual([]);
      expect(await target.continuity({ namespace: "team:x" })).toBe(
        await mem.continuity({ namespace: "team:x" }),
      );
    },
  );

  it("refuses to import into a namespace that already holds items, writing nothing", async () => {
    const { mem } = await seeded();
    const text = await mem.export({ format: "json" });
    const heads = await mem.store.dumpCounts();
    await expect(mem.import(text)).rejects.toMatchObject({ code: "TARGET_NOT_EMPTY" });
    expect(await mem.store.dumpCounts()).toEqual(heads);
  });

  it("refuses a namespace rename (the namespace is in every audit hash)", async () => {
    const { mem, clock } = await seeded();
    const target = (await memory({ clock })).mem;
    await expect(target.import(await mem.export(), { namespace: "x" })).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
  });

  it.each([
    ["an unknown JSON object", '{"hello":"world"}', "expected a Strata export"],
    ["plain text", "just some notes\nmore notes", "line 1 is not JSON"],
    ["JSONL of another tool", '{"type":"message","text":"hi"}', "Unknown import format"],
    ["empty", "   ", "Nothing to import"],
    [
      "memory.jsonl with a bad line",
      '{"type":"entity","name":"Alice","observations":[]}\n{"type":"note"}',
      'line 2 has type "note"',
    ],
    ["a Strata export of a newer version", '{"format":"strata-export","version":9}', "Upgrade strata-memory"],
    [
      "a damaged Strata export",
      '{"format":"strata-export","version":1,"namespace":"default","exportedAt":"x","counts":{},"episodes":[{"id":"e1"}]}',
      "Invalid Strata export",
    ],
  ])("refuses %s with INVALID_INPUT and writes nothing", async (_case, source, message) => {
    const { mem } = await memory();
    await mem.record("Something already here");
    const before = await mem.store.dumpCounts();
    const error = await mem.import(source).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StrataError);
    expect(error).toMatchObject({ code: "INVALID_INPUT" });
    expect((error as Error).message).toContain(message);
    expect(await mem.store.dumpCounts()).toEqual(before);
  });

  it("reports progress while loading", async () => {
    const { mem, clock } = await seeded();
    const target = (await memory({ clock })).mem;
    const calls: [number, number][] = [];
    await target.import(await mem.export(), {}, { onProgress: (d, t) => calls.push([d, t]) });
    expect(calls[0]).toEqual([0, calls[0]![1]]);
    expect(calls.at(-1)![0]).toBe(calls.at(-1)![1]);
  });
});

describe("export as Markdown", () => {
  it("groups beliefs by kind and status, with provenance and the digest", async () => {
    const { mem } = await seeded();
    const md = await mem.export({ format: "markdown" });
    expect(md).toContain("# Strata memory: namespace `default`");
    expect(md).toContain("## Continuity digest");
    expect(md).toContain("### Facts");
    expect(md).toMatch(/#### active \(\d+\)/);
    expect(md).toMatch(/#### archived \(\d+\)/);
    expect(md).toMatch(
      /The staging database is Postgres 16.*\n {2}- from e1 \(.*outcome, failure\): "Deploy failed: migration lock timeout"/,
    );
    expect(md).toContain("### Procedures");
    expect(md).toContain("steps: 1) revert 2) redeploy");
    expect(md).toContain("_(forgotten: content erased)_");
    expect(md).not.toContain("hunter2");
    expect(md).not.toContain("another tenant");
  });
});

const MEMORY_JSONL = [
  {
    type: "entity",
    name: "Alice",
    entityType: "person",
    observations: ["Works at Acme", "Speaks fluent Spanish"],
  },
  { type: "entity", name: "Acme", entityType: "organization", observations: ["Acme is based in Berlin"] },
  { type: "relation", from: "Alice", to: "Acme", relationType: "works_at" },
  { type: "relation", from: "Alice", to: "Bob", relationType: "manages" },
]
  .map((l) => JSON.stringify(l))
  .join("\n");

describe("import of the MCP memory server's memory.jsonl", () => {
  it("turns entities, observations and relations into episodes and facts with provenance; duplicates merge", async () => {
    const { mem } = await memory();
    const report = await mem.import(MEMORY_JSONL);
    expect(report.format).toBe("mcp-memory");
    expect(report.counts).toMatchObject({ entities: 2, relations: 2, statements: 7 });
    const texts = report.items.map((i) => i.text);
    expect(texts).toEqual([
      "Alice has entity type person",
      "Alice works at Acme",
      "Alice speaks fluent Spanish",
      "Acme has entity type organization",
      "Acme is based in Berlin",
      "Alice works at Acme",
      "Alice manages Bob",
    ]);
    // The relation restates the observation: merged, not stored twice.
    expect(report.items[5]).toMatchObject({ action: "merged" });
    const stored = report.items.find((i) => i.text === "Alice works at Acme")!;
    expect(stored).toMatchObject({ action: "stored", origin: "entity Alice, observation 1" });
    const episode = await mem.get(stored.episodeId!);
    expect(episode).toMatchObject({
      layer: "episode",
      type: "observation",
      metadata: { source: "mcp-memory", entity: "Alice", entityType: "person", observation: "Works at Acme" },
    });
    const fact = await mem.get(stored.beliefId!);
    expect(fact).toMatchObject({
      layer: "belief",
      kind: "fact",
      text: "Alice works at Acme",
      sources: [stored.episodeId],
    });
    const [hit] = await mem.recall("Where does Alice work?", { k: 1 });
    expect(hit?.text).toBe("Alice works at Acme");
    // Importing the same file again adds nothing new.
    const again = await mem.import(MEMORY_JSONL);
    expect(again.counts.stored).toBe(0);
    expect(await mem.verifyAudit()).toMatchObject({ ok: true });
  });

  it("round-trips Strata's own memory.jsonl export into a fresh store: its beliefs, and nothing about the export's marker", async () => {
    const { mem } = await memory();
    await mem.remember("The staging database is Postgres 16");
    await mem.remember("Deploys need two approvals");
    await mem.import(MEMORY_JSONL);
    const out = await mem.export({ format: "memory-jsonl" });
    const { mem: fresh } = await memory();
    await fresh.import(out);
    const texts = async (m: Memory) =>
      (await m.list({ limit: 100 })).map((b) => ("text" in b ? b.text : "")).sort();
    expect(await texts(fresh)).toEqual(await texts(mem));
    expect((await texts(fresh)).some((t) => t.includes("strata-namespace"))).toBe(false);
    // An entity type the file itself carries is still a statement.
    expect(await texts(fresh)).toContain("Alice has entity type person");
  });

  it("imports into the namespace it is given", async () => {
    const { mem } = await memory();
    await mem.import(MEMORY_JSONL, { namespace: "people" });
    expect(await mem.recall("Alice", { namespace: "people" })).not.toHaveLength(0);
    expect(await mem.recall("Alice")).toHaveLength(0);
  });
});

describe("backup", () => {
  it("copies a SQLite store while it is open; the copy opens and verifies", async () => {
    const path = tempDbPath();
    const { mem } = await memory({ path, clock: testClock() });
    for (let i = 0; i < 20; i++) await mem.record(`Event number ${i} about the ${i % 2 ? "cache" : "queue"}`);
    const destination = join(path, "..", "backup.db");
    const writing = (async () => {
      for (let i = 0; i < 20; i++) await mem.record(`Concurrent event ${i} during the backup`);
    })();
    const result = await mem.backup(destination);
    await writing;
    expect(result).toMatchObject({ path: destination, store: "sqlite" });
    expect(existsSync(destination)).toBe(true);
    const copy = await openMemory({ path: destination });
    open.push(copy);
    expect(await copy.verifyAudit()).toMatchObject({ ok: true });
    expect((await copy.store.dumpCounts()).episodes).toBeGreaterThanOrEqual(20);
  });

  it("refuses with UNSUPPORTED on a store without the capability", async () => {
    const { mem } = await memory();
    const noBackup = new Proxy(mem.store, {
      get: (t, p) =>
        p === "capabilities"
          ? { ...t.capabilities, backup: false }
          : p === "backup"
            ? undefined
            : Reflect.get(t, p, t),
    }) as Store;
    const { createEngine } = await import("../engine.js");
    const other = createEngine({
      store: noBackup,
      embedder: mem.embedder,
      tokenizer: mem.tokenizer,
      clock: mem.clock,
    });
    await expect(other.backup("x.db")).rejects.toMatchObject({ code: "UNSUPPORTED" });
  });
});
