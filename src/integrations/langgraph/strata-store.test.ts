/**
 * StrataStore keeps LangGraph's store semantics: one behaviour suite runs against LangGraph's own
 * InMemoryStore and against StrataStore over SQLite and over PGlite (PostgreSQL in process); then
 * what only Strata does: a changed value supersedes with history, a query recalls, namespaces map
 * losslessly, and a prefix never leaves the memory's roots.
 */
import { type BaseStore, InMemoryStore } from "@langchain/langgraph-checkpoint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Memory } from "../../core/engine.js";
import { openMemory } from "../../open-memory.js";
import { PostgresStore } from "../../store/postgres/postgres-store.js";
import { decodeLabel, encodeLabel, fromNamespace, toNamespace } from "./namespace-path.js";
import { StrataStore } from "./strata-store.js";

/** A store clock that moves one second per reading. */
function ticking(start = "2026-03-01T00:00:00Z") {
  let t = Date.parse(start);
  return {
    now: () => {
      t += 1000;
      return new Date(t);
    },
  };
}

type PGliteInstance = import("@electric-sql/pglite").PGlite;
let pglite: PGliteInstance | null = null;
let schemas = 0;

const memories: Memory[] = [];
async function sqliteMemory(namespace = "app", namespaceRoots?: string[]): Promise<Memory> {
  const mem = await openMemory({ path: ":memory:", clock: ticking(), namespace, namespaceRoots });
  memories.push(mem);
  return mem;
}
async function pgliteMemory(): Promise<Memory> {
  if (!pglite) {
    const { PGlite } = await import("@electric-sql/pglite");
    pglite = await PGlite.create();
  }
  const store = await PostgresStore.open({ pglite, schema: `lg_${process.pid}_${++schemas}` });
  const mem = await openMemory({ store, clock: ticking(), namespace: "app" });
  memories.push(mem);
  return mem;
}

afterAll(async () => {
  for (const m of memories.splice(0)) await m.close();
  await pglite?.close();
});

const CASES: { name: string; make: () => Promise<BaseStore> }[] = [
  { name: "InMemoryStore (LangGraph's own)", make: async () => new InMemoryStore() },
  { name: "StrataStore over SQLite", make: async () => new StrataStore({ memory: await sqliteMemory() }) },
  { name: "StrataStore over PGlite", make: async () => new StrataStore({ memory: await pgliteMemory() }) },
];

const keysOf = (items: { key: string }[]) => items.map((i) => i.key).sort();

for (const c of CASES) {
  describe(`store semantics: ${c.name}`, () => {
    let store: BaseStore;
    beforeAll(async () => {
      store = await c.make();
    }, 120_000);

    it("put then get returns the item; a missing key or another namespace is null", async () => {
      await store.put(["users", "1"], "prefs", { theme: "dark", size: 3 });
      const item = await store.get(["users", "1"], "prefs");
      expect(item).toMatchObject({
        namespace: ["users", "1"],
        key: "prefs",
        value: { theme: "dark", size: 3 },
      });
      expect(item!.createdAt).toBeInstanceOf(Date);
      expect(item!.updatedAt).toBeInstanceOf(Date);
      expect(await store.get(["users", "1"], "nope")).toBeNull();
      expect(await store.get(["users", "2"], "prefs")).toBeNull();
      expect(await store.get(["users"], "prefs")).toBeNull();
    });

    it("a put to an existing key replaces its value; createdAt stays", async () => {
      await store.put(["users", "3"], "prefs", { theme: "dark" });
      const first = await store.get(["users", "3"], "prefs");
      await store.put(["users", "3"], "prefs", { theme: "light" });
      const second = await store.get(["users", "3"], "prefs");
      expect(second!.value).toEqual({ theme: "light" });
      expect(second!.createdAt.getTime()).toBe(first!.createdAt.getTime());
      expect(second!.updatedAt.getTime()).toBeGreaterThanOrEqual(first!.updatedAt.getTime());
      expect(await store.search(["users", "3"])).toHaveLength(1);
    });

    it("delete (and a put of null) removes the item from get and search", async () => {
      await store.put(["trash"], "a", { text: "to delete" });
      await store.put(["trash"], "b", { text: "to null" });
      await store.delete(["trash"], "a");
      await store.batch([{ namespace: ["trash"], key: "b", value: null }]);
      expect(await store.get(["trash"], "a")).toBeNull();
      expect(await store.get(["trash"], "b")).toBeNull();
      expect(await store.search(["trash"])).toEqual([]);
      await store.delete(["trash"], "never-there");
    });

    it("search covers the prefix and the namespaces under it, never a sibling that shares its start", async () => {
      await store.put(["docs", "4"], "a", { text: "alpha" });
      await store.put(["docs", "4", "drafts"], "b", { text: "beta" });
      await store.put(["docs", "42"], "c", { text: "gamma" });
      expect(keysOf(await store.search(["docs", "4"]))).toEqual(["a", "b"]);
      expect(keysOf(await store.search(["docs"], { limit: 50 }))).toEqual(["a", "b", "c"]);
      const everything = await store.search([], { limit: 100 });
      expect(everything.map((i) => i.namespace.join("/"))).toEqual(
        expect.arrayContaining(["docs/42", "users/1"]),
      );
    });

    it("search filters on value fields exactly and pages with limit and offset", async () => {
      for (let i = 0; i < 5; i++)
        await store.put(["tasks"], `t${i}`, { status: i % 2 === 0 ? "open" : "done", n: i });
      expect(keysOf(await store.search(["tasks"], { filter: { status: "open" } }))).toEqual([
        "t0",
        "t2",
        "t4",
      ]);
      expect(keysOf(await store.search(["tasks"], { filter: { status: "open", n: 2 } }))).toEqual(["t2"]);
      expect(keysOf(await store.search(["tasks"], { filter: { status: { $eq: "done" } } }))).toEqual([
        "t1",
        "t3",
      ]);
      expect(await store.search(["tasks"], { filter: { n: "2" } })).toEqual([]);
      const pages = [
        await store.search(["tasks"], { limit: 2, offset: 0 }),
        await store.search(["tasks"], { limit: 2, offset: 2 }),
        await store.search(["tasks"], { limit: 2, offset: 4 }),
      ];
      expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
      expect(keysOf(pages.flat())).toEqual(["t0", "t1", "t2", "t3", "t4"]);
    });

    it("listNamespaces: prefix, suffix with wildcards, maxDepth, limit and offset, sorted", async () => {
      await store.put(["ns", "a", "v1"], "k", { x: 1 });
      await store.put(["ns", "b", "v1"], "k", { x: 1 });
      await store.put(["ns", "b", "v2"], "k", { x: 1 });
      expect(await store.listNamespaces({ prefix: ["ns"] })).toEqual([
        ["ns", "a", "v1"],
        ["ns", "b", "v1"],
        ["ns", "b", "v2"],
      ]);
      expect(await store.listNamespaces({ prefix: ["ns"], suffix: ["v1"] })).toEqual([
        ["ns", "a", "v1"],
        ["ns", "b", "v1"],
      ]);
      expect(await store.listNamespaces({ prefix: ["ns", "*", "v2"] })).toEqual([["ns", "b", "v2"]]);
      expect(await store.listNamespaces({ prefix: ["ns"], maxDepth: 2 })).toEqual([
        ["ns", "a"],
        ["ns", "b"],
      ]);
      expect(await store.listNamespaces({ prefix: ["ns"], limit: 1, offset: 1 })).toEqual([
        ["ns", "b", "v1"],
      ]);
    });

    it("labels with separators and other characters come back as they were", async () => {
      const odd = ["a/b", "x y", "ü-ñ", "%2F", "@me_1"];
      await store.put(odd, "k", { ok: true });
      expect((await store.get(odd, "k"))!.namespace).toEqual(odd);
      expect(await store.get(["a", "b", "x y", "ü-ñ", "%2F", "@me_1"], "k")).toBeNull();
      expect(await store.listNamespaces({ prefix: ["a/b"] })).toEqual([odd]);
    });

    it("refuses an invalid namespace as LangGraph does", async () => {
      await expect(store.put([], "k", { x: 1 })).rejects.toThrow(/empty/);
      await expect(store.put(["a.b"], "k", { x: 1 })).rejects.toThrow(/periods/);
    });
  });
}

describe("StrataStore: what Strata adds", () => {
  it("a changed value supersedes the old belief by key: history and time travel keep it", async () => {
    const memory = await sqliteMemory();
    const store = new StrataStore({ memory });
    await store.put(["users", "7"], "city", { city: "Lisbon" });
    const [before] = await memory.list({ namespace: "app/users/7", metadata: { key: "city" } });
    await store.put(["users", "7"], "city", { city: "Porto" });
    await store.put(["users", "7"], "city", { city: "Porto" });
    const versions = await memory.list({ namespace: "app/users/7", status: "any" });
    expect(versions).toHaveLength(2);
    const now = versions.find((b) => b.status === "active")!;
    const chain = (await memory.history(now.id, { namespace: "app/users/7" })).chain;
    expect(chain.map((b) => (b.metadata.value as { city: string }).city)).toEqual(["Lisbon", "Porto"]);
    const then = await memory.recall("city", {
      namespace: "app/users/7",
      at: (before as { validFrom: string }).validFrom,
    });
    expect(then.map((h) => h.id)).toEqual([before!.id]);
  });

  it("a delete forgets every version of the key", async () => {
    const memory = await sqliteMemory();
    const store = new StrataStore({ memory });
    await store.put(["u"], "k", { v: "one" });
    await store.put(["u"], "k", { v: "two" });
    await store.delete(["u"], "k");
    expect(await memory.list({ namespace: "app/u", status: "any" })).toEqual([]);
    const rows = await memory.list({ namespace: "app/u", status: "forgotten" });
    expect(rows.map((b) => b.status)).toEqual(["forgotten", "forgotten"]);
    expect(
      rows.every((b) => b.layer === "belief" && b.text === "" && Object.keys(b.metadata).length === 0),
    ).toBe(true);
  });

  it("a query recalls: the item that says it comes first, with a score", async () => {
    const memory = await sqliteMemory();
    const store = new StrataStore({ memory });
    await store.put(["facts"], "db", { text: "The staging database is Postgres 16" });
    await store.put(["facts"], "deploy", { text: "Deploys happen on Tuesday" });
    await store.put(["facts"], "pets", { text: "The office cat is called Miso" });
    const hits = await store.search(["facts"], { query: "which database does staging use?" });
    expect(hits[0]).toMatchObject({ key: "db" });
    expect(typeof hits[0]!.score).toBe("number");
    const indexed = await store.search(["facts"], {
      query: "Miso",
      filter: { text: "The office cat is called Miso" },
    });
    expect(keysOf(indexed)).toEqual(["pets"]);
  });

  it("only the store's items are searched: the agent's own beliefs in the root stay out", async () => {
    const memory = await sqliteMemory();
    await memory.remember("The staging database is Postgres 16");
    await memory.remember("The staging database is MySQL", { namespace: "app/facts" });
    const store = new StrataStore({ memory });
    expect(await store.search([], { query: "staging database" })).toEqual([]);
    expect(await store.search(["facts"])).toEqual([]);
  });

  it("a root outside the memory's roots is refused on read; namespaceRoots allows it", async () => {
    const outside = new StrataStore({ memory: await sqliteMemory("app"), root: "other" });
    await expect(outside.search(["x"])).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await expect(outside.listNamespaces()).rejects.toMatchObject({ code: "INVALID_INPUT" });
    const allowed = new StrataStore({ memory: await sqliteMemory("app", ["shared"]), root: "shared" });
    await allowed.put(["x"], "k", { v: 1 });
    expect(keysOf(await allowed.search(["x"]))).toEqual(["k"]);
  });

  it("a filter Strata cannot match is refused with what it can do", async () => {
    const store = new StrataStore({ memory: await sqliteMemory() });
    await expect(store.search(["x"], { filter: { n: { $gt: 3 } } })).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: expect.stringMatching(/exactly/),
    });
  });
});

describe("namespace tuples ↔ Strata namespaces", () => {
  it.each([
    [["users", "42"], "app/users/42"],
    [["a/b"], "app/a:2Fb"],
    [["a:2Fb"], "app/a:3A2Fb"],
    [["ü"], "app/:C3:BC"],
    [["x y", "."], "app/x:20y/:2E"],
  ])("%j ↔ %s", (tuple, namespace) => {
    expect(toNamespace("app", tuple)).toBe(namespace);
    expect(fromNamespace("app", namespace)).toEqual(tuple);
  });

  it("only a canonical escape decodes, so no two names stand for one tuple", () => {
    expect(decodeLabel(":61")).toBeNull(); // "a" escaped needlessly
    expect(decodeLabel("a:2f")).toBeNull(); // lower-case hex
    expect(decodeLabel(":FF")).toBeNull(); // not UTF-8
    expect(decodeLabel(encodeLabel("日本"))).toBe("日本");
    expect(fromNamespace("app", "app")).toBeNull();
    expect(fromNamespace("app", "apple/x")).toBeNull();
  });

  it("a tuple too long for a namespace is INVALID_INPUT saying the limit", () => {
    expect(() => toNamespace("app", ["x".repeat(130)])).toThrow(/at most 128/);
    expect(() => toNamespace("app", [""])).toThrow(/non-empty/);
  });
});
