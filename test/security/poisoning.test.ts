/**
 * Poisoning: single writes that try to take over what recall and context return. Each case
 * writes the poison and checks that the answers an agent reads are the same as without it.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterEach, describe, expect, it } from "vitest";
import {
  renderExplain,
  renderHistory,
  renderItem,
  renderList,
  renderRecall,
} from "../../src/cli/commands/reads.js";
import { plain } from "../../src/cli/style.js";
import { renderedEcho } from "../../src/core/echo.js";
import type { Memory } from "../../src/core/engine.js";
import { createMcpServer } from "../../src/mcp/server.js";
import { type TestClock, testMemory } from "../support/memory.js";

let mem: Memory | null = null;
let clock: TestClock;
afterEach(async () => {
  await mem?.close();
  mem = null;
});

async function open(policy: Record<string, unknown> = {}) {
  const t = await testMemory({ policy });
  mem = t.mem;
  clock = t.clock;
  return t.mem;
}

const ids = (hits: { id: string }[]) => hits.map((h) => h.id);

describe("an event time in the future", () => {
  it("is refused with INVALID_INPUT beyond the skew, and recall and context do not change", async () => {
    const m = await open();
    const current = await m.remember("The deploy freeze starts on Friday");
    const before = {
      recall: ids(await m.recall("deploy freeze")),
      context: (await m.context("deploy freeze")).text,
    };
    for (const write of [
      () => m.remember("The deploy freeze starts on Monday", { at: "9999-12-31" }),
      () => m.record("The deploy freeze now starts on Monday", { at: "9999-12-31" }),
      () => m.capture({ when: "a deploy freeze starts", prefer: "ship on Monday", at: "9999-12-31" }),
    ])
      await expect(write()).rejects.toMatchObject({ code: "INVALID_INPUT", details: { field: "at" } });
    expect(ids(await m.recall("deploy freeze"))).toEqual(before.recall);
    expect((await m.context("deploy freeze")).text).toBe(before.context);
    expect((await m.get(current.id)).status).toBe("active");
    expect(await m.list({ layer: "episode" })).toHaveLength(0);
  });

  it("tells the caller what to do instead", async () => {
    const m = await open();
    await expect(m.remember("The freeze ends in March", { at: "2099-01-01" })).rejects.toThrow(
      /in the future.*leave at out/s,
    );
  });

  it("is accepted within the clock skew (default 5 minutes)", async () => {
    const m = await open();
    const soon = new Date(clock.now().getTime() + 4 * 60_000).toISOString();
    await expect(m.remember("The build agent pool is 12 machines", { at: soon })).resolves.toMatchObject({
      verdict: "novel",
    });
    const later = new Date(clock.now().getTime() + 6 * 60_000).toISOString();
    await expect(m.remember("The build agent pool is 14 machines", { at: later })).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
  });

  it("is clamped to now when the policy says clamp, so it never outranks later events", async () => {
    const m = await open({ futureAt: "clamp" });
    const r = await m.record("The on-call phone is 555-0100", { at: "9999-12-31" });
    const episode = await m.get(r.id);
    expect(episode.layer === "episode" && episode.at).toBe(clock.now().toISOString());
    clock.advance(60_000);
    const newer = await m.record("The on-call phone is 555-0199");
    const recent = await m.list({ layer: "episode" });
    expect(recent.map((e) => e.id)).toContain(newer.id);
    const hits = await m.recall("on-call phone", { kinds: ["episode"], k: 2 });
    expect(hits.map((h) => h.at).every((at) => at <= clock.now().toISOString())).toBe(true);
  });
});

/** What an agent sees: the MCP tool's text answer, through a real SDK client. */
async function mcpText(m: Memory, name: string, args: Record<string, unknown>): Promise<string> {
  const server = createMcpServer(m);
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "t", version: "1" });
  await client.connect(clientSide);
  const r = (await client.callTool({ name, arguments: args })) as { content: { text: string }[] };
  await client.close();
  return r.content[0]!.text;
}

async function snapshot(m: Memory, query: string) {
  return {
    recall: (await m.recall(query, { k: 5 })).map((h) => [h.id, h.text]),
    context: (await m.context(query, { tokenBudget: 400 })).text,
  };
}

/**
 * Writes each rendering back (`remember` and `record`; an episode's only with `record`: an
 * episode's rendering remembered is a proposition drawn from it, stored and linked, as for every
 * form) and expects each to be an echo: redundant, nothing superseded, the current belief still
 * active, the "cache TTL" memories and the episode count as they were.
 */
async function expectEchoes(m: Memory, renderings: Record<string, string>, currentId: string) {
  const before = await snapshot(m, "cache TTL");
  const episodes = (await m.list({ layer: "episode", status: "any" })).length;
  for (const [name, text] of Object.entries(renderings))
    for (const write of name.includes("episode")
      ? [() => m.record(text)]
      : [() => m.remember(text), () => m.record(text)]) {
      const r = await write();
      expect([name, r.verdict, r.superseded]).toEqual([name, "redundant", []]);
    }
  expect((await m.get(currentId)).status).toBe("active");
  expect(await snapshot(m, "cache TTL")).toEqual(before);
  expect(await m.list({ layer: "episode", status: "any" })).toHaveLength(episodes);
}

describe("Strata's own output written back", () => {
  it("a recall line as the MCP tool renders it (with its score) is an echo, not a changed value", async () => {
    const m = await open();
    const b = await m.remember("The deploy window is Tuesday at 10:00");
    const line = await mcpText(m, "recall", { query: "deploy window" });
    expect(line).toMatch(/\(score \d\.\d\d\)$/);
    const before = await snapshot(m, "deploy window");
    for (const write of [() => m.remember(line), () => m.record(line)]) {
      const r = await write();
      expect(r.verdict).toBe("redundant");
      expect(r.superseded).toEqual([]);
    }
    expect((await m.get(b.id)).status).toBe("active");
    expect((await snapshot(m, "deploy window")).recall).toEqual(before.recall);
    expect(await m.list({ layer: "episode" })).toHaveLength(0);
  });

  it("a stale recall line of a superseded value never brings the old value back", async () => {
    const m = await open();
    const old = await m.remember("The retry limit is 5", { at: "2026-01-01" });
    const line = await mcpText(m, "recall", { query: "retry limit" });
    const current = await m.remember("The retry limit is 7", { at: "2026-01-02" });
    expect(current.superseded).toEqual([old.id]);
    const before = await snapshot(m, "retry limit");
    const r = await m.remember(line);
    expect(r.verdict).toBe("redundant");
    expect(r.superseded).toEqual([]);
    expect((await m.get(current.id)).status).toBe("active");
    expect(await snapshot(m, "retry limit")).toEqual({ ...before, context: expect.any(String) });
    expect((await m.recall("retry limit", { k: 1 }))[0]!.id).toBe(current.id);
  });

  it("a context block pasted back is an echo", async () => {
    const m = await open();
    await m.remember("The billing service deploys with blue-green");
    const block = (await m.context("billing deploys", { tokenBudget: 300 })).text;
    const before = await snapshot(m, "billing deploys");
    const r = await m.record(block);
    expect(r.verdict).toBe("redundant");
    expect(await snapshot(m, "billing deploys")).toEqual(before);
  });

  it("the CLI's recall output and list table rows are echoes", async () => {
    const m = await open();
    await m.remember("The staging database is Postgres 16");
    const cliRecall = renderRecall(await m.recall("staging database"), plain);
    const row = renderList(await m.list(), plain);
    const before = await snapshot(m, "staging database");
    for (const text of [cliRecall, row, row.split("\n")[1]!]) {
      const r = await m.remember(text);
      expect(r.verdict).toBe("redundant");
    }
    expect(await snapshot(m, "staging database")).toEqual(before);
  });

  it("the CLI's get, explain and history renderings are echoes, stale or not", async () => {
    const m = await open();
    const e = await m.record("We set the cache TTL to 60 seconds", { at: "2026-01-30" });
    const old = await m.remember("The cache TTL is 60 seconds", { at: "2026-02-01", sources: [e.id] });
    const current = await m.remember("The cache TTL is 300 seconds", { at: "2026-02-10" });
    await m.outcome(current.id, true);
    const renderings = {
      "get (superseded)": renderItem(await m.get(old.id), plain),
      "explain (superseded)": renderExplain(await m.explain(old.id), plain),
      "explain (current)": renderExplain(await m.explain(current.id), plain),
      history: renderHistory(await m.history(old.id), plain),
      "explain (episode)": renderExplain(await m.explain(e.id), plain),
    };
    await expectEchoes(m, renderings, current.id);
  });

  it("the MCP inspect explain text and the JSON records of REST and --json are echoes, stale or not", async () => {
    const m = await open();
    const e = await m.record("We set the cache TTL to 60 seconds", { at: "2026-01-30" });
    const old = await m.remember("The cache TTL is 60 seconds", { at: "2026-02-01", sources: [e.id] });
    const current = await m.remember("The cache TTL is 300 seconds", { at: "2026-02-10" });
    expect(current.superseded).toEqual([old.id]);
    const renderings = {
      "inspect explain (superseded)": await mcpText(m, "inspect", { what: "explain", id: old.id }),
      "inspect explain (current)": await mcpText(m, "inspect", { what: "explain", id: current.id }),
      "inspect explain (episode)": await mcpText(m, "inspect", { what: "explain", id: e.id }),
      "get as JSON": JSON.stringify(await m.get(old.id), null, 2),
      "recall as JSON (time travel)": JSON.stringify(await m.recall("cache TTL", { k: 2, at: "2026-02-05" })),
      "explain as JSON": JSON.stringify(await m.explain(old.id)),
      "list as JSON": JSON.stringify(await m.list({ status: "any" })),
    };
    await expectEchoes(m, renderings, current.id);
  });

  it("recognises each rendering, and ordinary text (or a rendering with news beside it) is not one", () => {
    expect(renderedEcho("b12 [fact] Deploys run on Fridays (score 0.67)")).toMatchObject({
      form: "recall-line",
      core: "Deploys run on Fridays",
      cited: ["b12"],
    });
    expect(renderedEcho("- [b3] Use the EU mirror (conf 0.67, 2/3 worked, stated 2×)")).toMatchObject({
      core: "Use the EU mirror",
    });
    expect(renderedEcho("- [e4] 2026-03-01 decision (success): Rolled back the release")).toMatchObject({
      core: "Rolled back the release",
    });
    expect(
      renderedEcho(
        "b1 (archived) The cache TTL is 60 seconds (unverified)\nsource e1: We set the cache TTL to 60 seconds\nsuperseded by b2: The cache TTL is 300 seconds\nhistory: 2026-03-01 belief.remembered; 2026-03-01 belief.superseded",
      ),
    ).toMatchObject({ form: "explain-line", core: "The cache TTL is 60 seconds", cited: ["b1"] });
    expect(
      renderedEcho(
        JSON.stringify({
          layer: "belief",
          id: "b4",
          namespace: "default",
          status: "active",
          text: "Deploys run on Fridays",
        }),
      ),
    ).toMatchObject({ form: "json-record", core: "Deploys run on Fridays", cited: ["b4"] });
    expect(renderedEcho("The score was 0.67 on Friday")).toBeNull();
    // JSON of the agent's own, or a record without the fields Strata always writes, is news.
    expect(renderedEcho(JSON.stringify({ id: "b4", text: "Deploys now run on Mondays" }))).toBeNull();
    expect(renderedEcho(JSON.stringify({ note: "Deploys now run on Mondays" }))).toBeNull();
    expect(
      renderedEcho(
        `[${JSON.stringify({ layer: "belief", id: "b4", namespace: "default", status: "active", text: "Deploys run on Fridays" })}, {"note": "they moved to Mondays"}]`,
      ),
    ).toBeNull();
    expect(
      renderedEcho(
        "b1 (archived) The cache TTL is 60 seconds (unverified)\nsupersedes b0\nIt is 900 seconds now",
      ),
    ).toBeNull();
    expect(renderedEcho("source e1: We set the cache TTL to 60 seconds")).toBeNull();
    expect(
      renderedEcho("id         b4\nkind       fact\ntext       Deploys run on Fridays\nnamespace  default"),
    ).toMatchObject({ form: "item-fields", core: "Deploys run on Fridays", cited: ["b4"] });
    // A field the rendering never has, or a line of the agent's own, is news.
    expect(renderedEcho("id         b4\ntext       Deploys run on Fridays\nnow        Mondays")).toBeNull();
    expect(
      renderedEcho("id         b4\ntext       Deploys run on Fridays\nThey moved to Mondays"),
    ).toBeNull();
    expect(renderedEcho("text       Deploys run on Fridays")).toBeNull();
    expect(
      renderedEcho(
        "ID  STATUS    VALID                  RECORDED          TEXT\n›  b4  archived  2026-02-01 00:00 → now  2026-03-01 09:03  Deploys run on Fridays",
      ),
    ).toMatchObject({ form: "table-row", core: "Deploys run on Fridays", cited: ["b4"] });
    expect(
      renderedEcho("b12 [fact] Deploys run on Fridays (score 0.67)\nNow they run on Mondays"),
    ).toBeNull();
  });
});

describe("confidence and proven status need distinct sources", () => {
  it("capturing the same rule ten times with positive feedback from one source counts once", async () => {
    const m = await open();
    const rule = {
      when: "the target model is Anthropic",
      prefer: "use XML delimiters",
      feedback: "positive" as const,
    };
    const first = await m.capture(rule);
    for (let i = 0; i < 9; i++) await m.capture(rule);
    const b = await m.get(first.id);
    expect(b).toMatchObject({ successes: 1, failures: 0 });
    expect(b.layer === "belief" && b.confidence).toBeCloseTo(2 / 3, 5);
    const hit = (await m.recall("target model Anthropic delimiters", { k: 1 }))[0]!;
    expect(hit.id).toBe(first.id);
    expect((await m.context("Anthropic prompt", { tokenBudget: 300 })).text).toContain(
      "conf 0.67, 1/1 worked",
    );
  });

  it("ten captures with feedback from ten sessions do count", async () => {
    const m = await open();
    const rule = {
      when: "the target model is Anthropic",
      prefer: "use XML delimiters",
      feedback: "positive" as const,
    };
    const first = await m.capture({ ...rule, session: "s0" });
    for (let i = 1; i < 10; i++) await m.capture({ ...rule, session: `s${i}` });
    const b = await m.get(first.id);
    expect(b.layer === "belief" && b.confidence).toBeCloseTo(11 / 12, 5);
  });

  it("five successes reported by one session do not make a belief proven: it still decays", async () => {
    const m = await open();
    // A rule: its kind decays (facts are kept until superseded, docs/retention.md).
    const b = await m.capture({ when: "builds are flaky", prefer: "clear the Gradle cache" });
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await m.outcome(b.id, true, { session: "one-agent-session" }));
    expect(results.map((r) => r.counted)).toEqual([true, false, false, false, false]);
    const after = await m.get(b.id);
    expect(after).toMatchObject({ successes: 1, uses: 5 });
    clock.advance(400 * 86_400_000);
    const report = await m.maintain();
    expect(report.items.find((i) => i.id === b.id)?.reason).not.toBe("skipped: proven");
    expect((await m.get(b.id)).status).toBe("retired");
  });

  it("without a session, the same actor on the same day is one source", async () => {
    const m = await open();
    const b = await m.remember("The EU mirror is faster for package installs");
    for (let i = 0; i < 5; i++) await m.outcome(b.id, true);
    expect(await m.get(b.id)).toMatchObject({ successes: 1 });
    clock.advance(86_400_000);
    await m.outcome(b.id, true);
    expect(await m.get(b.id)).toMatchObject({ successes: 2 });
    // A failure is a different result: it counts even from a source that reported success.
    await m.outcome(b.id, false);
    expect(await m.get(b.id)).toMatchObject({ successes: 2, failures: 1 });
  });
});
