/**
 * A model judge end to end: the engine, the MCP sleep tool and the built CLI (configured by
 * STRATA_JUDGE_*) against an OpenAI-compatible or Anthropic server started inside the test on
 * 127.0.0.1. The write gate never asks the model; sweep and consolidate do, once per pair.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import type { JudgeRelation } from "../../src/core/ports.js";
import { bin, ensureBuilt } from "../support/built-cli.js";
import { startFakeModel } from "../support/fake-model.js";
import { mcpClientOf } from "../support/mcp-client.js";
import { HOUR, testMemory } from "../support/memory.js";

/** What the fake model answers for B's text; anything else is distinct. */
const LABELS: Record<string, JudgeRelation> = {
  "The user calls Oslo home.": "duplicate",
  "The payments team is led by Mei.": "supersedes",
  "Kafka retention was cut down": "distinct",
};

let model: Awaited<ReturnType<typeof startFakeModel>> | null = null;
let mem: Memory | null = null;
afterEach(async () => {
  await mem?.close();
  mem = null;
  await model?.close();
  model = null;
});

/** An OpenAI-compatible (or Anthropic) server answering from LABELS; `failing` answers 500 until set false. */
async function modelServer(protocol: "openai" | "anthropic" = "openai") {
  model = await startFakeModel(protocol, (p) => LABELS[p.B.text] ?? "distinct");
  return model;
}

describe("a model judge in the engine", () => {
  it.each(["openai", "anthropic"] as const)(
    "%s: the gate never asks; sweep asks once per pair, applies the verdicts, and caches them",
    async (provider) => {
      const m = await modelServer(provider);
      const t = await testMemory({ judge: { provider, baseUrl: m.url, model: "judge-1", apiKey: "k" } });
      mem = t.mem;
      expect(mem.configuredJudge.name).toBe("lexical");
      expect(mem.sleepJudge.name).toBe(provider);
      const oslo = (await mem.remember("The user lives in Oslo.")).id;
      t.clock.advance(HOUR);
      await mem.remember("The user calls Oslo home.");
      const kafka = (await mem.remember("Kafka brokers keep messages for seven days before compaction")).id;
      t.clock.advance(HOUR);
      await mem.remember("Kafka retention was cut down");
      expect(m.seen).toHaveLength(0);
      const swept = await mem.sweep();
      expect(m.seen).toHaveLength(1);
      expect(m.seen[0]!.model).toBe("judge-1");
      expect(m.seen[0]!.pairs.map((p) => p.B.text).sort()).toEqual([
        "Kafka retention was cut down",
        "The user calls Oslo home.",
      ]);
      expect(swept.items).toEqual([
        expect.objectContaining({ action: "merged", reason: `${provider} (judge-1): duplicate` }),
      ]);
      expect(swept.fallbacks).toBeUndefined();
      expect((await mem.list()).map((b) => ("text" in b ? b.text : ""))).toContain(
        "Kafka retention was cut down",
      );
      // Cached under the model's name: a full sweep asks nothing, candidates leaves the pairs out.
      const again = await mem.sweep({ full: true });
      expect(m.seen).toHaveLength(1);
      expect(again.work.cached).toBeGreaterThan(0);
      expect((await mem.candidates()).map((p) => p.a)).not.toContain(kafka);
      // The model's merge is up for review, under its name.
      const [review] = await mem.candidates({ review: true });
      expect(review).toMatchObject({ a: oslo, decided: { action: "merged", judge: provider } });
    },
  );

  it("a model judge also gets the same-subject pairs the neighbour index ranks out (as candidates does)", async () => {
    const m = await modelServer();
    const t = await testMemory({ judge: { provider: "openai", baseUrl: m.url, model: "judge-1" } });
    mem = t.mem;
    await mem.remember("Kafka brokers keep messages for seven days before compaction");
    for (let i = 1; i <= 8; i++) {
      t.clock.advance(HOUR);
      await mem.remember(`Kafka retention alert ${i} fired on node ${i * 7}`);
    }
    t.clock.advance(HOUR);
    await mem.remember("Kafka retention was cut down");
    await mem.sweep();
    const asked = m.seen.flatMap((s) => s.pairs as unknown as { A: { text: string }; B: { text: string } }[]);
    expect(asked).toContainEqual(
      expect.objectContaining({
        A: expect.objectContaining({ text: "Kafka brokers keep messages for seven days before compaction" }),
        B: expect.objectContaining({ text: "Kafka retention was cut down" }),
      }),
    );
  });

  it("falls back to the lexical judge when the model fails, says so in the report, and asks again later", async () => {
    const m = await modelServer();
    m.state.failing = true;
    const t = await testMemory({
      judge: { provider: "openai", baseUrl: m.url, model: "judge-1", retryBaseMs: 1 },
    });
    mem = t.mem;
    await mem.remember("The user lives in Oslo.");
    t.clock.advance(HOUR);
    await mem.remember("The user calls Oslo home.");
    const failed = await mem.consolidate();
    expect(failed.counts.merged).toBe(0);
    expect(failed.fallbacks).toEqual([
      expect.objectContaining({ judge: "lexical", why: "HTTP 500: upstream overloaded" }),
    ]);
    expect(m.seen).toHaveLength(2); // one retry
    m.state.failing = false;
    const later = await mem.sweep({ full: true });
    expect(later.counts.merged).toBe(1);
    expect(later.fallbacks).toBeUndefined();
  });

  it("the MCP sleep tool names the model judge when the client does not sample", async () => {
    const m = await modelServer();
    const t = await testMemory({ judge: { provider: "openai", baseUrl: m.url, model: "judge-1" } });
    mem = t.mem;
    await mem.remember("The user lives in Oslo.");
    await mem.remember("The user calls Oslo home.");
    const client = await mcpClientOf(mem);
    const r = await client.callTool({ name: "sleep", arguments: { action: "sweep" } });
    expect(r.structuredContent).toMatchObject({ judge: "openai", items: [{ action: "merged" }] });
    await client.close();
  });
});

describe("the CLI reads STRATA_JUDGE_*", () => {
  beforeAll(() => ensureBuilt(), 240_000);

  const strata = (args: string[], env: Record<string, string>) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [bin, ...args],
        { env: { ...process.env, NO_COLOR: "1", ...env } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });

  it("sweeps with the configured model (key from a file), and refuses an unknown provider", async () => {
    const m = await modelServer();
    const dir = mkdtempSync(join(tmpdir(), "strata-judge-"));
    writeFileSync(join(dir, "key"), "sk-file-key\n");
    const db = ["--db", join(dir, "memory.db")];
    const env = {
      STRATA_JUDGE_URL: m.url,
      STRATA_JUDGE_MODEL: "judge-cli",
      STRATA_JUDGE_KEY_FILE: join(dir, "key"),
    };
    await strata([...db, "remember", "The user lives in Oslo."], env);
    await strata([...db, "remember", "The user calls Oslo home."], env);
    expect(m.seen).toHaveLength(0);
    const r = await strata([...db, "--json", "sweep"], env);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ counts: { merged: 1 } });
    expect(m.seen[0]).toMatchObject({ model: "judge-cli", headers: { authorization: "Bearer sk-file-key" } });
    const bad = await strata([...db, "--json", "sweep"], { ...env, STRATA_JUDGE_PROVIDER: "gemini" });
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout).error).toMatchObject({ code: "INVALID_INPUT" });
    expect(bad.stderr).toMatch(/STRATA_JUDGE_PROVIDER must be openai or anthropic/);
  }, 120_000);
});
