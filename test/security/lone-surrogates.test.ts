/**
 * One decision on a lone UTF-16 surrogate (attacks46): half of a pair, as a JSON escape `"\ud800"`
 * sends it, has no UTF-8 form, so whatever reads it as UTF-8 (SQLite, PostgreSQL, a host reading
 * the hook's block) puts U+FFFD in its place, a character the caller never sent. Stored text was
 * already refused (storable-text.test); queries, goals, the digest, an outcome's session, a worker
 * request's note, metadata and its filters, and the hook's payload took it. Now every surface
 * refuses it with INVALID_INPUT naming the field, and changes nothing: the library (a SQLite file
 * and PostgreSQL), the MCP tools (the SDK's client), REST (real HTTP; a query string's
 * percent-escape that names no UTF-8 character is the same text, refused alike) and the hook.
 * Well-formed text (an emoji's pair, "café") is taken as before.
 */
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { runHookSessionEnd, runHookSessionStart } from "../../src/cli/commands/hook.js";
import type { Memory } from "../../src/core/engine.js";
import { openMemory } from "../../src/open-memory.js";
import { createServerApp } from "../../src/server/app.js";
import { storeLocations, whereOf } from "../support/backends.js";
import { listenLocally } from "../support/local-server.js";
import { mcpClientOf } from "../support/mcp-client.js";
import { testClock } from "../support/memory.js";

const LONE = "the door code \ud800 for the lab";
const LOW = "the vault hint is \udfff blue";
const REFUSED = { code: "INVALID_INPUT", message: expect.stringMatching(/lone UTF-16 surrogate/) };

const opened: Memory[] = [];
afterAll(async () => {
  for (const m of opened.splice(0)) await m.close();
});

/** What a refusal must leave as it was: items, episodes, audit, the worker's request, the digest. */
const state = async (mem: Memory) => ({
  beliefs: await mem.list({ status: "any", limit: 1000 }),
  episodes: await mem.list({ layer: "episode", status: "any", limit: 1000 }),
  audit: await mem.audit({ limit: 1000 }),
  worker: await mem.workerStatus(),
  digests: await mem.continuityHistory(),
});

/** Every verb that takes a caller's text besides the stored statement, each given `bad` in one field. */
const takes = (
  mem: Memory,
  bad: string,
  belief: string,
  token: string,
): [string, () => Promise<unknown>][] => [
  ["recall query", () => mem.recall(bad)],
  ["context goal", () => mem.context(bad)],
  [
    "saveContinuity digest",
    () => mem.saveContinuity(`## State\n- ${bad}\n\n## Patterns\n\n## Decisions\n\n## Context\n`, { token }),
  ],
  ["outcome session", () => mem.outcome(belief, true, { session: bad })],
  ["requestConsolidation note", () => mem.requestConsolidation({ note: bad })],
  ["record metadata value", () => mem.record("The deploy finished", { metadata: { note: bad } })],
  ["remember metadata key", () => mem.remember("The build host is atlas", { metadata: { [bad]: 1 } })],
  ["list metadata filter", () => mem.list({ metadata: { ticket: bad } })],
  ["recall metadata filter", () => mem.recall("deploy", { metadata: { ticket: bad } })],
];

for (const backend of storeLocations("lonesur"))
  describe.skipIf(backend.skip)(`${backend.name}: a lone surrogate`, () => {
    it("is INVALID_INPUT in every text a verb takes, naming the field; nothing changes", async () => {
      const mem = await openMemory({ ...whereOf(backend.db()), clock: testClock() });
      opened.push(mem);
      const belief = (await mem.remember("The build host is atlas")).id!;
      await mem.record("We deployed the api at noon");
      const wrap = await mem.prepareWrap();
      expect(wrap.status).toBe("ready");
      const token = wrap.status === "ready" ? wrap.token : "";
      const before = await state(mem);
      for (const bad of [LONE, LOW])
        for (const [what, call] of takes(mem, bad, belief, token)) {
          const refused = await call().then(
            () => null,
            (e: unknown) => e,
          );
          expect(refused, what).toMatchObject(REFUSED);
        }
      expect(await state(mem)).toEqual(before);
      // Well formed, the same verbs answer: a pair (an emoji) is a whole character.
      await expect(mem.recall("the build host 🎉")).resolves.toBeInstanceOf(Array);
      await expect(mem.requestConsolidation({ note: "café 🎉" })).resolves.toMatchObject({ note: "café 🎉" });
    });
  });

describe("MCP: the tools refuse it as the library does", () => {
  it("recall (its query, its metadata filter) and context answer isError naming the field", async () => {
    const mem = await openMemory({ path: ":memory:", clock: testClock() });
    opened.push(mem);
    const client = await mcpClientOf(mem);
    try {
      for (const [name, args] of [
        ["recall", { query: LONE }],
        ["context", { goal: LONE }],
        ["recall", { query: "deploy", metadata: { ticket: LONE } }],
      ] as const) {
        const r = (await client.callTool({ name, arguments: args })) as {
          isError?: boolean;
          content: { text: string }[];
        };
        expect(r.isError, name).toBe(true);
        expect(r.content[0]!.text, name).toMatch(/lone UTF-16 surrogate/);
      }
    } finally {
      await client.close();
    }
  });
});

describe("REST: a 400, over real HTTP", () => {
  it("a JSON escape in a body, and a query string's escape that names no UTF-8 character, are refused", async () => {
    const mem = await openMemory({ path: ":memory:", clock: testClock() });
    opened.push(mem);
    await mem.remember("The café opens at 8");
    const server = await listenLocally(createServerApp({ memory: mem }));
    try {
      const base = `${server.origin}/v1/namespaces/default`;
      const post = await fetch(`${base}/episodes`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"content":"The deploy finished","metadata":{"note":"\\ud800"}}',
      });
      expect(post.status).toBe(400);
      expect(await post.json()).toMatchObject({ error: REFUSED });
      // "%ED%A0%80" is \ud800's bytes in WTF-8; "%E9" is Latin-1's é. Decoded with replacement,
      // each was a query of U+FFFD the caller never sent, answered 200 with no hit.
      for (const q of ["%ED%A0%80", "caf%E9"]) {
        const res = await fetch(`${base}/recall?query=${q}`);
        expect(res.status, q).toBe(400);
        const body = (await res.json()) as { error: { code: string; message: string } };
        expect(body.error.code, q).toBe("INVALID_INPUT");
        expect(body.error.message, q).toMatch(/"query" is not UTF-8/);
      }
      const ok = await fetch(`${base}/recall?query=caf%C3%A9`);
      expect(ok.status).toBe(200);
      expect(JSON.stringify(await ok.json())).toContain("The café opens at 8");
      expect(await mem.list({ layer: "episode", status: "any" })).toHaveLength(0);
    } finally {
      await server.close();
    }
  });
});

for (const backend of storeLocations("lonehook"))
  describe.skipIf(backend.skip)(`${backend.name}: the hook`, () => {
    const payload = (prompt: string) =>
      Readable.from([Buffer.from(`{"session_id":"s1","prompt":"${prompt}"}`)]);

    it("a prompt with a lone surrogate escape is refused by both events: no block, nothing consolidated", async () => {
      const db = backend.db();
      const mem = await openMemory({ ...whereOf(db), clock: testClock() });
      opened.push(mem);
      await mem.remember("The café opens at 8");
      await mem.record("We deployed the api at noon");
      const before = await state(mem);
      const start = await runHookSessionStart({ dbPath: db, stdin: payload("\\ud800 caf\\u00e9") });
      expect(start).toMatchObject({
        ok: false,
        block: "",
        problem: expect.stringMatching(/"prompt" holds a lone UTF-16 surrogate/),
      });
      const end = await runHookSessionEnd({ dbPath: db, stdin: payload("bye \\udc00") });
      expect(end).toMatchObject({
        ok: false,
        problem: expect.stringMatching(/"prompt" holds a lone UTF-16 surrogate/),
      });
      expect(await state(mem)).toEqual(before);
      expect(await mem.pending()).toHaveLength(1);
      // Well formed, the same prompt gets its block: a whole pair is no lone half.
      const fine = await runHookSessionStart({ dbPath: db, stdin: payload("caf\\u00e9 \\ud83c\\udf89") });
      expect(fine).toMatchObject({ ok: true, goal: "café 🎉" });
      expect(fine.block).toContain("The café opens at 8");
    });
  });
