/**
 * Namespace prefixes and metadata filters over REST, on a real socket: a prefix is a wildcard over
 * namespaces, so a key reads over one only when its patterns cover the prefix and everything that
 * is or may be under it, and a prefix never leaves the route's namespace. A key for `a/*` cannot
 * reach `b/…` by any route and prefix; every refusal leaves no foreign text in the answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coversTree, createApiKey } from "../../src/access/api-keys.js";
import type { Memory } from "../../src/core/engine.js";
import { createServerApp } from "../../src/server/app.js";
import { listenLocally } from "../support/local-server.js";
import { testMemory } from "../support/memory.js";

let mem: Memory;
let clock: Awaited<ReturnType<typeof testMemory>>["clock"];
let base: string;
let stop: () => Promise<void>;
const keys: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  ({ mem, clock } = await testMemory());
  const put = async (name: string, text: string, namespace: string, metadata?: Record<string, unknown>) => {
    ids[name] = (await mem.remember(text, { namespace, ...(metadata ? { metadata } : {}) })).id;
  };
  await put("root", "The theme of the a root is amber", "a");
  await put("one", "The theme of user one is dark", "a/users/1", { team: "ui", level: 3 });
  await put("two", "The theme of user two is light", "a/users/2", { team: "ops", level: 3 });
  await put("vault", "The theme of the vault is secret-crimson", "b/vault");
  await put("sibling", "The theme of ab is teal", "ab");
  const make = async (name: string, namespaces: string[]) =>
    (await createApiKey(mem.store, { name, scope: "read", namespaces }, clock)).key;
  keys.aStar = await make("a-star", ["a/*"]);
  keys.aExact = await make("a-exact", ["a"]);
  keys.aTree = await make("a-tree", ["a", "a/*"]);
  keys.all = await make("all", ["*"]);
  keys.writer = (
    await createApiKey(mem.store, { name: "writer", scope: "write", namespaces: ["a*"] }, clock)
  ).key;
  const app = createServerApp({ memory: mem, writeRate: { perSecond: 1000, burst: 1000 } });
  const server = await listenLocally(app);
  stop = server.close;
  base = `${server.origin}/v1/namespaces`;
});
afterAll(async () => {
  await stop();
  await mem.close();
});

async function get(key: string, namespace: string, verb: string, params: Record<string, string>) {
  const q = new URLSearchParams(params).toString();
  const path = verb === "list" ? "items" : verb;
  const res = await fetch(`${base}/${encodeURIComponent(namespace)}/${path}?${q}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const body = await res.text();
  return { status: res.status, body, json: JSON.parse(body) as Record<string, unknown> };
}

const hitIds = (json: Record<string, unknown>) =>
  ((json.hits ?? json.items) as { id: string }[]).map((h) => h.id).sort();

describe("namespace prefixes over REST", () => {
  it("a key covering the tree reads every namespace under the prefix, and only those", async () => {
    const r = await get(keys.aStar!, "a/users", "recall", {
      query: "theme",
      k: "10",
      namespacePrefix: "a/users",
    });
    expect(r.status, r.body).toBe(200);
    expect(hitIds(r.json)).toEqual([ids.one, ids.two].sort());
    const tree = await get(keys.aTree!, "a", "list", { namespacePrefix: "a" });
    expect(tree.status, tree.body).toBe(200);
    expect(hitIds(tree.json)).toEqual([ids.root, ids.one, ids.two].sort());
  });

  it("a key for a/* cannot read b/… through any route and prefix", async () => {
    const attempts: [string, string, string][] = [
      [keys.aStar!, "a/users", "b"],
      [keys.aStar!, "a/users", "b/vault"],
      [keys.aStar!, "b", "b"],
      [keys.aStar!, "b/vault", "b/vault"],
      [keys.aStar!, "a/users", "a"], // a itself is not a/*: the prefix would reach beyond the key
    ];
    for (const [key, route, prefix] of attempts)
      for (const verb of ["recall", "list"]) {
        const r = await get(key, route, verb, { query: "theme", namespacePrefix: prefix });
        expect(r.status, `${verb} ${route} ${prefix}: ${r.body}`).toBe(403);
        expect(r.json).toMatchObject({ error: { code: "FORBIDDEN" } });
        expect(r.body).not.toContain("crimson");
      }
  });

  it("a prefix never leaves the route's namespace, even for a key covering everything", async () => {
    for (const prefix of ["b", "ab", "a-nothing"]) {
      const r = await get(keys.all!, "a", "recall", { query: "theme", namespacePrefix: prefix });
      expect(r.status, r.body).toBe(400);
      expect(r.json).toMatchObject({ error: { code: "INVALID_INPUT" } });
      expect(r.body).not.toMatch(/crimson|teal/);
    }
    // ab lies beside a, not under it.
    const r = await get(keys.all!, "a", "recall", { query: "theme", k: "10", namespacePrefix: "a" });
    expect(hitIds(r.json)).toEqual([ids.root, ids.one, ids.two].sort());
  });

  it("an exact-namespace key is refused a prefix, in the same words whether or not anything lies under it", async () => {
    const occupied = await get(keys.aExact!, "a", "recall", { query: "theme", namespacePrefix: "a" });
    expect(occupied.status).toBe(403);
    // The same key on its own namespace without a prefix still works.
    expect((await get(keys.aExact!, "a", "recall", { query: "theme" })).status).toBe(200);
    const emptyKey = (
      await createApiKey(mem.store, { name: "c-exact", scope: "read", namespaces: ["c"] }, clock)
    ).key;
    const empty = await get(emptyKey, "c", "recall", { query: "theme", namespacePrefix: "c" });
    expect(empty.status).toBe(403);
    const message = (r: typeof empty) => (r.json.error as { message: string }).message;
    expect(
      message(empty)
        .replaceAll("c-exact", "a-exact")
        .replaceAll('"c"', '"a"')
        .replaceAll("c*", "a*")
        .replaceAll("c/*", "a/*")
        .replaceAll("beside c,", "beside a,"),
    ).toBe(message(occupied));
  });

  it("coversTree decides from the patterns alone", () => {
    expect(coversTree(["*"], "x")).toBe(true);
    expect(coversTree(["team-*"], "team-a")).toBe(true);
    expect(coversTree(["a", "a/*"], "a")).toBe(true);
    expect(coversTree(["a*"], "a")).toBe(true);
    expect(coversTree(["a"], "a")).toBe(false);
    expect(coversTree(["a/*"], "a")).toBe(false);
    expect(coversTree(["a/b*"], "a")).toBe(false);
    expect(coversTree(["b*"], "a")).toBe(false);
  });
});

describe("metadata filters and keys over REST", () => {
  it("list and recall take a metadata filter as JSON in the query, typed", async () => {
    const ui = await get(keys.aTree!, "a", "list", { namespacePrefix: "a", metadata: '{"team":"ui"}' });
    expect(ui.status, ui.body).toBe(200);
    expect(hitIds(ui.json)).toEqual([ids.one]);
    const level = await get(keys.aTree!, "a", "recall", {
      query: "theme",
      k: "10",
      namespacePrefix: "a",
      metadata: '{"level":3}',
    });
    expect(hitIds(level.json)).toEqual([ids.one, ids.two].sort());
    // "3" is not 3: the filter keeps its types.
    const text = await get(keys.aTree!, "a", "list", { namespacePrefix: "a", metadata: '{"level":"3"}' });
    expect(hitIds(text.json)).toEqual([]);
  });

  it("a malformed filter is refused with 400 naming the field", async () => {
    for (const metadata of ["team=ui", '{"team":{"nested":1}}', "{}", "[1]"]) {
      const r = await get(keys.aTree!, "a", "list", { metadata });
      expect(r.status, `${metadata}: ${r.body}`).toBe(400);
      expect(r.json).toMatchObject({ error: { code: "INVALID_INPUT" } });
      expect(r.body).toContain("metadata");
    }
  });

  it("remember with a key supersedes the key's belief; list finds it by key", async () => {
    const post = (statement: string) =>
      fetch(`${base}/a%2Fprefs/beliefs`, {
        method: "POST",
        headers: { authorization: `Bearer ${keys.writer}`, "content-type": "application/json" },
        body: JSON.stringify({ statement, key: "user.theme" }),
      }).then(async (r) => ({ status: r.status, json: (await r.json()) as Record<string, unknown> }));
    const first = await post("The user prefers the dark theme");
    expect(first.status).toBe(200);
    const second = await post("The user prefers the light theme");
    expect(second.json).toMatchObject({ superseded: [first.json.id] });
    const found = await get(keys.writer!, "a/prefs", "list", { metadata: '{"key":"user.theme"}' });
    expect(hitIds(found.json)).toEqual([second.json.id]);
  });
});
