/**
 * Every surface acts with the engine it was given, all of it (attacks34). REST and the dashboard
 * hand each call `memory.withActor(…).withNamespace(…)`, MCP `memory.withActor(…)`, and the
 * background worker builds an engine of its own for its pass; each of those copies dropped the
 * engine's lexicon (WordNet). So over REST, MCP and the dashboard, recall's current-state lifts
 * that read WordNet never fired (a changed barber ranked below the old one), and a consolidation
 * run there or by the worker read a turn's referents without it (a clause lost the topic it was
 * about). Same store, same question: each surface must answer as the library does, and each sleep
 * must leave the store the library's sleep leaves.
 *
 * Each case fails on the code before (the lexicon undefined in the derived engine).
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import { loadTagger } from "../../src/core/judge/tagger.js";
import type { RecallHit } from "../../src/core/model.js";
import { createWorker } from "../../src/core/worker/worker.js";
import { createServerApp } from "../../src/server/app.js";
import { mcpClientOf } from "../support/mcp-client.js";
import { DAY, testMemory, UNRELATED_TEXTS } from "../support/memory.js";

beforeAll(() => loadTagger());

let mem: Memory | undefined;
afterEach(async () => {
  await mem?.close();
  mem = undefined;
});

// The changed-thing lift's own test chat (src/core/recall/lifts/changed-thing.test.ts): it reads
// whether the newer's verb says a change (`Lexicon.isChangeVerb`), so it fires only with WordNet.
const OLDER = "barber: Tomasz at Fade Street, a cut every month";
const NEWER = "I changed barber, it's Keanu at Sharp Lines now, much closer to the flat.";
const QUESTION = "Who gives me a cut?";

/** A store holding the barber chat, slept by the library itself. */
async function sleptBarberChat(): Promise<Memory> {
  const start = Date.parse("2026-01-05T09:00:00.000Z");
  const t = await testMemory({ file: true });
  for (const [i, text] of [OLDER, ...UNRELATED_TEXTS, NEWER].entries()) {
    const at = new Date(start + i * 5 * DAY).toISOString();
    await t.mem.record(text, { type: "observation", actor: "user", at, session: at.slice(0, 10) });
  }
  t.clock.set(new Date(start + 90 * DAY).toISOString());
  await t.mem.consolidate();
  return t.mem;
}

const shape = (hits: readonly RecallHit[]) => hits.map((h) => [h.id, h.why.summary]);

describe("a derived engine keeps the engine's lexicon", () => {
  it.each<[string, (m: Memory) => Memory]>([
    ["withNamespace", (m) => m.withNamespace("team-a")],
    ["withActor", (m) => m.withActor("mcp:probe")],
    ["withActor, then withNamespace (REST's)", (m) => m.withActor("key:ci").withNamespace("team-a")],
  ])("%s", async (_, derive) => {
    mem = (await testMemory()).mem;
    expect(mem.lexicon).toBeDefined();
    expect(derive(mem).lexicon).toBe(mem.lexicon);
  });
});

describe("recall of a current-state question whose lift reads WordNet", () => {
  it("library, a derived engine, REST and MCP give the same hits, the newer ranked above the older", async () => {
    mem = await sleptBarberChat();
    const library = await mem.recall(QUESTION, { k: 10 });
    const newer = library.findIndex((h) => h.text === NEWER);
    expect(newer).toBeGreaterThanOrEqual(0);
    expect(newer).toBeLessThan(library.findIndex((h) => h.text === OLDER));
    expect(library[newer]!.why.summary).toContain('the speaker changed its "barber"');

    const derived = await mem.withActor("key:ci").withNamespace("default").recall(QUESTION, { k: 10 });
    expect(shape(derived)).toEqual(shape(library));

    const app = createServerApp({ memory: mem, loopbackClient: () => true });
    const res = await app.request(
      `/v1/namespaces/default/recall?query=${encodeURIComponent(QUESTION)}&k=10`,
      { headers: { host: "localhost" } },
    );
    expect(res.status).toBe(200);
    expect(shape(((await res.json()) as { hits: RecallHit[] }).hits)).toEqual(shape(library));

    const client = await mcpClientOf(mem);
    try {
      const r = await client.callTool({ name: "recall", arguments: { query: QUESTION, k: 10 } });
      expect(r.isError).toBeFalsy();
      // MCP's hit carries the `why` summary as a string (the tools' token budget).
      const hits = (r.structuredContent as { hits: { id: string; why: string }[] }).hits;
      expect(hits.map((h) => [h.id, h.why])).toEqual(shape(library));
    } finally {
      await client.close();
    }
  });
});

// A clause said with no pronoun, about a thing a neighbouring sentence names: sleep keeps the
// topic ("coffee") in the clause's record only when WordNet says what kind of thing it is
// (src/core/sleep/referents.ts `topicsOf`).
const TURN = "We ran out of coffee. I brew with a Chemex now.";

/** Every belief's text and metadata, sleep's record included. */
async function slept(m: Memory): Promise<unknown> {
  return (await m.list({ status: "any", limit: 100 })).map((b) => [
    b.layer === "belief" && b.text,
    b.metadata,
  ]);
}

async function recorded(): Promise<Memory> {
  const t = await testMemory({ file: true });
  await t.mem.record(TURN, { type: "observation", actor: "user", at: "2026-12-01T09:00:00.000Z" });
  return t.mem;
}

describe("consolidate leaves the store the library's consolidate leaves", () => {
  let expected: unknown;
  beforeAll(async () => {
    const m = await recorded();
    await m.consolidate();
    expected = await slept(m);
    await m.close();
    expect(JSON.stringify(expected)).toContain('"topic":"coffee"');
  });

  it.each<[string, (m: Memory) => Promise<unknown>]>([
    ["a derived engine (the dashboard's)", (m) => m.withActor("key:admin").consolidate()],
    [
      "REST POST /consolidate",
      async (m) => {
        const app = createServerApp({ memory: m, loopbackClient: () => true });
        const res = await app.request("/v1/namespaces/default/consolidate", {
          method: "POST",
          headers: { host: "localhost", "content-type": "application/json" },
          body: "{}",
        });
        expect(res.status).toBe(200);
      },
    ],
    [
      "MCP sleep (consolidate)",
      async (m) => {
        const client = await mcpClientOf(m);
        try {
          const r = await client.callTool({ name: "sleep", arguments: { action: "consolidate" } });
          expect(r.isError).toBeFalsy();
        } finally {
          await client.close();
        }
      },
    ],
    [
      "the background worker's pass",
      async (m) => {
        await m.requestConsolidation({ note: "session ended" });
        const tick = await createWorker(m, { idle: "1m", daily: null }).tick();
        expect(tick.outcomes.map((o) => o.status)).toEqual(["applied"]);
      },
    ],
  ])("%s", async (_, sleep) => {
    mem = await recorded();
    await sleep(mem);
    expect(await slept(mem)).toEqual(expected);
  });
});
