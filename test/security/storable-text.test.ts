/**
 * Text a store cannot keep as written: a NUL (U+0000), which PostgreSQL's `text` refuses (the
 * write failed with the driver's "invalid byte sequence for encoding UTF8: 0x00", code 22021,
 * while SQLite kept it), a lone UTF-16 surrogate ("\ud800", half of a pair), which has no UTF-8
 * form (SQLite kept replacement characters: the text read back was not the one written), and
 * NaN or Infinity in metadata (JSON.stringify wrote null, silently), and a metadata key
 * "__proto__" (an own key after JSON.parse, dropped without a word when the record was copied). Each is INVALID_INPUT on
 * every store and surface, naming the field, and leaves the store as it was; a document to
 * import that holds such text is refused whole. Well-formed text (an emoji's surrogate pair,
 * a tab) is kept.
 */
import { PGlite } from "@electric-sql/pglite";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterEach, describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import { createMcpServer } from "../../src/mcp/server.js";
import { openMemory } from "../../src/open-memory.js";
import { createServerApp } from "../../src/server/app.js";
import { PostgresStore } from "../../src/store/postgres/index.js";
import { listenLocally } from "../support/local-server.js";
import { testClock, testMemory } from "../support/memory.js";
import { storeSnapshot } from "../support/store-snapshot.js";

const NUL = "The door code is 4821\u0000 for the lab";
const LONE = "The door code is \ud800 for the lab";

/** Every write that stores a caller's string, each given `bad` in one field. */
const writes = (mem: Memory, bad: string): [string, () => Promise<unknown>][] => [
  ["record content", () => mem.record(bad)],
  ["record session", () => mem.record("The deploy finished", { session: bad })],
  ["record actor", () => mem.record("The deploy finished", { actor: bad })],
  ["remember statement", () => mem.remember(bad)],
  ["remember source", () => mem.remember("The build host is atlas", { source: bad })],
  ["remember key", () => mem.remember("The theme is dark", { key: bad })],
  ["remember steps", () => mem.remember("Deploy the app", { kind: "procedure", steps: ["build", bad] })],
  ["capture when", () => mem.capture({ when: bad, prefer: "roll back first" })],
  ["capture session", () => mem.capture({ when: "a deploy fails", prefer: "roll back", session: bad })],
  ["recordMany, the second item", () => mem.recordMany([{ content: "The first is fine" }, { content: bad }])],
  [
    "rememberMany, the second item",
    () => mem.rememberMany([{ statement: "The first is fine" }, { statement: bad }]),
  ],
  ["withActor", async () => (await mem.withActor(bad)).record("The deploy finished")],
];

async function refusesEach(mem: Memory, snapshot: () => Promise<unknown>) {
  await mem.record("The deploy finished at noon");
  const before = await snapshot();
  for (const bad of [NUL, LONE])
    for (const [what, write] of writes(mem, bad)) {
      const refused = await write().then(
        () => null,
        (e: { code?: string; message?: string }) => e,
      );
      expect(refused, `${what} with ${bad === NUL ? "a NUL" : "a lone surrogate"}`).toMatchObject({
        code: "INVALID_INPUT",
        message: expect.stringMatching(bad === NUL ? /NUL character \(U\+0000\)/ : /lone UTF-16 surrogate/),
      });
    }
  expect(await snapshot()).toEqual(before);
}

let mem: Memory | null = null;
let pglite: PGlite | null = null;
afterEach(async () => {
  await mem?.close();
  mem = null;
  await pglite?.close();
  pglite = null;
});

describe("a NUL or a lone surrogate in stored text", () => {
  it("SQLite: every write refuses it with INVALID_INPUT; the file is unchanged", async () => {
    const opened = await testMemory({ file: true });
    mem = opened.mem;
    await refusesEach(mem, () => storeSnapshot(opened.mem, opened.path));
  });

  it("PostgreSQL (PGlite): the same coded refusal, not the driver's 22021", async () => {
    pglite = new PGlite();
    const store = await PostgresStore.open({ pglite, schema: "storable" });
    mem = await openMemory({ store, clock: testClock() });
    const m = mem;
    await refusesEach(m, async () => ({
      items: await m.list({ status: "any", limit: 1000 }),
      episodes: await m.list({ layer: "episode", status: "any", limit: 1000 }),
      stats: await m.stats(),
      audit: await m.audit({ limit: 1000 }),
    }));
  }, 180_000);

  it("well-formed text is kept exactly: a surrogate pair (an emoji), a tab, a line break", async () => {
    ({ mem } = await testMemory());
    const text = "The release party is 🎉 on\tFriday\nin the lab";
    const r = await mem.record(text);
    expect(await mem.get(r.id!)).toMatchObject({ content: text });
  });

  it("MCP: the remember tool answers isError with the reason, nothing stored", async () => {
    ({ mem } = await testMemory());
    const [a, b] = InMemoryTransport.createLinkedPair();
    await createMcpServer(mem).connect(a);
    const client = new Client({ name: "attacks24", version: "0" });
    await client.connect(b);
    const r = (await client.callTool({ name: "remember", arguments: { statement: NUL } })) as {
      isError?: boolean;
      content: { text: string }[];
    };
    expect(r.isError).toBe(true);
    expect(r.content[0]!.text).toMatch(/NUL character/);
    expect(await mem.list({ status: "any" })).toHaveLength(0);
    await client.close();
  });
});

describe("NaN and Infinity in metadata", () => {
  it.each([
    ["NaN", Number.NaN],
    ["Infinity", Number.POSITIVE_INFINITY],
    ["-Infinity (what -1e309 parses to)", Number.NEGATIVE_INFINITY],
  ])("%s is INVALID_INPUT, not a silent null", async (_, n) => {
    ({ mem } = await testMemory());
    for (const write of [
      () => mem!.record("The deploy finished", { metadata: { took: n } }),
      () => mem!.remember("The deploy runs nightly", { metadata: { nested: [{ took: n }] } }),
    ])
      await expect(write()).rejects.toMatchObject({
        code: "INVALID_INPUT",
        message: expect.stringMatching(/JSON cannot hold/),
      });
    expect(await mem.list({ layer: "episode" })).toHaveLength(0);
    expect(await mem.list()).toHaveLength(0);
  });
});

describe("a document to import with such text", () => {
  it.each([
    ["a NUL", "\\u0000"],
    ["a lone surrogate", "\\ud800"],
  ])("%s in an episode is refused whole; nothing imported", async (_, spelled) => {
    const source = (await testMemory()).mem;
    await source.record("The deploy finished at noon");
    await source.record("The door code is CANARY for the lab");
    const doc = (await source.export()).replace("CANARY", spelled);
    await source.close();
    ({ mem } = await testMemory());
    await expect(mem.import(doc)).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: expect.stringMatching(/episodes row 2 \(e2\): content holds/),
    });
    expect(await mem.list({ layer: "episode", status: "any" })).toHaveLength(0);
    expect(await mem.audit()).toHaveLength(0);
  });
});

describe("a metadata key __proto__", () => {
  it.each([
    ["at the top", '{"__proto__":{"isAdmin":true},"ticket":"OPS-12"}'],
    ["nested", '{"ticket":{"__proto__":{"isAdmin":true}}}'],
  ])("%s is INVALID_INPUT, not a field dropped without a word", async (_, json) => {
    ({ mem } = await testMemory());
    await expect(mem.record("The deploy finished", { metadata: JSON.parse(json) })).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: expect.stringMatching(/"__proto__"/),
    });
    expect(await mem.list({ layer: "episode" })).toHaveLength(0);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('"constructor" and "prototype" are ordinary keys, kept and found by a filter', async () => {
    ({ mem } = await testMemory());
    const metadata = { constructor: { prototype: { p: 2 } }, ticket: "OPS-12" };
    const r = await mem.record("The deploy finished", { metadata });
    expect(await mem.get(r.id!)).toMatchObject({ metadata });
    expect(await mem.list({ layer: "episode", metadata: { "constructor.prototype.p": 2 } })).toHaveLength(1);
  });
});

describe("REST: the same refusals as a 400, nothing stored", () => {
  it("a NUL in content, a lone surrogate escape, a metadata key __proto__: each 400 INVALID_INPUT", async () => {
    ({ mem } = await testMemory());
    const app = createServerApp({ memory: mem, writeRate: { perSecond: 1000, burst: 1000 } });
    const server = await listenLocally(app);
    try {
      const base = `${server.origin}/v1/namespaces/default`;
      for (const body of [
        '{"content":"The door code is 4821\\u0000 for the lab"}',
        '{"content":"The door code is \\ud800 for the lab"}',
        '{"content":"The deploy finished","metadata":{"__proto__":{"isAdmin":true}}}',
      ]) {
        const res = await fetch(`${base}/episodes`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        });
        expect(res.status, body).toBe(400);
        expect(await res.json()).toMatchObject({ error: { code: "INVALID_INPUT" } });
      }
      const beliefs = await fetch(`${base}/beliefs`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"statement":"The vault hint is \\udfff blue"}',
      });
      expect(beliefs.status).toBe(400);
      expect(await mem.list({ status: "any" })).toHaveLength(0);
      expect(await mem.list({ layer: "episode", status: "any" })).toHaveLength(0);
    } finally {
      await server.close();
    }
  });
});
