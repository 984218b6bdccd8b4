import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Memory } from "../core/engine.js";
import { openMemory } from "../open-memory.js";
import { toNumber } from "./args.js";
import {
  renderAssociations,
  renderCancelWrap,
  renderContinuity,
  renderDiff,
  renderGraph,
  renderPrepareWrap,
  renderSaveReport,
  runAssociations,
  runCancelWrap,
  runContinuity,
  runDiff,
  runGraph,
  runPrepareWrap,
  runSaveContinuity,
} from "./commands/continuity.js";
import { plain } from "./style.js";
import { UsageError } from "./usage-error.js";

let dir: string;
let mem: Memory;
let tick: number;
const clock = { now: () => new Date(tick) };

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "strata-cli-wrap-"));
  tick = Date.parse("2026-03-02T09:00:00Z");
  mem = await openMemory({ path: join(dir, "memory.db"), clock, actor: "cli" });
});

afterEach(async () => {
  await mem.close();
  rmSync(dir, { recursive: true, force: true });
});

const rec = async (content: string) => {
  tick += 3_600_000;
  return (await mem.record(content, { type: "observation" })).id;
};

const digest = (patterns: string[]) =>
  `## State\n- Working on the upload pipeline\n\n## Patterns\n${patterns.join("\n")}\n\n## Decisions\n- Keep retries at three\n\n## Context\n- Staging only`;

describe("session-wrap commands", () => {
  it("prepare-wrap → save-continuity → continuity → associations → graph → diff", async () => {
    expect(renderPrepareWrap(await runPrepareWrap(mem, {}), plain)).toMatch(/Nothing to wrap/);

    const a = await rec("The upload to S3 failed with a timeout on the first try");
    const b = await rec("The second upload to S3 retried with backoff and succeeded");
    const w1 = await runPrepareWrap(mem, { session: "s1", maxChars: 5000 });
    expect(w1).toMatchObject({ status: "ready", wrap: 1, episodes: { total: 2, shown: 2, omitted: 0 } });
    const shown = renderPrepareWrap(w1, plain);
    expect(shown).toContain("## Instructions");
    expect(shown).toContain(`strata save-continuity digest.md --token ${w1.token}`);

    const r1 = await runSaveContinuity(mem, {
      text: digest([
        `- Retries with backoff fix flaky S3 uploads | 1x [evidence: ${a} "upload to S3 failed with a timeout", ${b} "upload retried with backoff and succeeded"]`,
      ]),
      token: w1.token!,
      affectTag: "curious",
      affectIntensity: 0.5,
    });
    expect(r1.patterns[0]).toMatchObject({ level: 1, outcome: "new" });
    const text1 = renderSaveReport(r1, plain);
    expect(text1).toMatch(/saved wrap 1 as digest v1/);
    expect(text1).toMatch(/^ +1x {2}new {6}Retries with backoff fix flaky S3 uploads +-$/m);
    expect(text1).toContain("associations: 1 formed, 0 strengthened, 0 decayed, 0 removed");

    // A second save for the same token is the engine's refusal (exit 1 through main's mapping).
    await expect(runSaveContinuity(mem, { text: digest([]), token: w1.token! })).rejects.toMatchObject({
      code: "WRAP_NOT_PREPARED",
    });

    const c = await rec("A third S3 upload timed out and the backoff retry fixed it");
    const d = await rec("The deploy checklist was updated for the billing team");
    const w2 = await runPrepareWrap(mem, {});
    const r2 = await runSaveContinuity(mem, {
      text: digest([
        `- Retries with backoff fix flaky S3 uploads | 2x [evidence: ${c} "S3 upload timed out and the backoff retry fixed it"]`,
        `- The moon landing was faked | 3x [evidence: ${d} "the moon is made of cheese"]`,
      ]),
      token: w2.token!,
    });
    expect(r2.patterns.map((p) => [p.level, p.outcome])).toEqual([
      [2, "graduated"],
      [1, "new"],
    ]);
    const text2 = renderSaveReport(r2, plain);
    expect(text2).toMatch(/1x → 2x {2}graduated/);
    expect(text2).toContain("demoted: claimed 3x without valid evidence");
    expect(text2).toContain("Invalid citations:");
    expect(text2).toMatch(new RegExp(`${d} +ungrounded +The moon landing was faked +the explanation shares`));

    const cont = await runContinuity(mem);
    expect(cont).toMatchObject({ source: "saved", version: 2, namespace: "default" });
    expect(cont.text).toBe(r2.text);
    expect(renderContinuity(cont, plain)).toMatch(/digest v2, saved 2026-03-02 13:00/);

    const links = await runAssociations(mem, { episode: a, minStrength: 0.1 });
    expect(links).toEqual([expect.objectContaining({ episodeId: a, other: b })]);
    expect(renderAssociations(links, plain)).toMatch(
      new RegExp(`^EPISODE +OTHER +STRENGTH +WRAP +AFFECT\\n${a} +${b} +\\d\\.\\d\\d +1 +curious 0\\.50$`),
    );
    expect(renderAssociations(await runAssociations(mem, { minStrength: 9 }), plain)).toMatch(
      /No associations/,
    );

    // A superseded fact joins the graph as a directed chain.
    await mem.remember("The API rate limit is 100 requests per minute");
    tick += 3_600_000;
    await mem.remember("The API rate limit is now 250 requests per minute");
    const json = await runGraph(mem, { format: "json" });
    expect(json.edges).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: "association", from: a, to: b }),
        { type: "supersession", from: "b1", to: "b2" },
      ]),
    );
    expect(json.nodes.map((n) => n.id)).toEqual(expect.arrayContaining([a, b, "b1", "b2"]));
    expect(JSON.parse(renderGraph(json, plain))).toMatchObject({ namespace: "default" });
    const dot = renderGraph(await runGraph(mem, { format: "dot" }), plain);
    expect(dot).toMatch(/^digraph strata \{\n/);
    expect(dot).toMatch(/\}$/);
    expect(dot).toMatch(
      new RegExp(`"${a}" -> "${b}" \\[dir=none, label="\\d\\.\\d\\d", penwidth=\\d\\.\\d\\d`),
    );
    expect(dot).toContain('"b1" -> "b2" [label="superseded by"');
    expect(dot).toMatch(/"b1" \[label="b1 · fact \(\w+\)\\n/);
    await expect(runGraph(mem, { format: "svg" })).rejects.toBeInstanceOf(UsageError);

    const diff = await runDiff(mem, { wraps: 2 });
    expect(diff.wraps).toHaveLength(2);
    expect(diff.wraps[0]).toMatchObject({ version: 1, charsDelta: null, patterns: 1 });
    expect(diff.wraps[1]).toMatchObject({
      version: 2,
      patterns: 2,
      added: [{ text: "The moon landing was faked", level: 1 }],
      removed: [],
      changed: [{ text: "Retries with backoff fix flaky S3 uploads", from: 1, to: 2 }],
    });
    const diffText = renderDiff(diff, plain);
    expect(diffText).toContain("~ Retries with backoff fix flaky S3 uploads: 1x → 2x");
    expect(diffText).toContain("+ The moon landing was faked (1x)");
    expect((await runDiff(mem, { wraps: 1 })).wraps.map((w) => w.version)).toEqual([2]);
    await expect(runDiff(mem, { wraps: 0 })).rejects.toBeInstanceOf(UsageError);
  });

  it("cancel-wrap hands the episodes to the next wrap; a cancelled token is refused", async () => {
    await rec("The upload to S3 failed with a timeout");
    const w = await runPrepareWrap(mem, {});
    const cancelled = await runCancelWrap(mem, { token: w.token! });
    expect(renderCancelWrap(cancelled, plain)).toMatch(/^cancelled wrap 1; its episodes go into the next/);
    await expect(runCancelWrap(mem, { token: w.token! })).rejects.toMatchObject({
      code: "WRAP_NOT_PREPARED",
    });
    expect(await runPrepareWrap(mem, {})).toMatchObject({ status: "ready", episodes: { total: 1 } });
  });

  it("continuity before any wrap is rendered from beliefs; diff says there is nothing yet", async () => {
    await mem.remember("The staging database is Postgres 16");
    const v = await runContinuity(mem);
    expect(v).toMatchObject({ source: "rendered", version: null, savedAt: null });
    expect(v.text).toContain("## State");
    expect(renderContinuity(v, plain)).toMatch(/rendered from beliefs/);
    expect(renderDiff(await runDiff(mem, {}), plain)).toMatch(/No saved digests yet/);
  });

  it("affect needs both flags; numbers are parsed strictly", async () => {
    await expect(
      runSaveContinuity(mem, { text: digest([]), token: "w1-x", affectTag: "curious" }),
    ).rejects.toBeInstanceOf(UsageError);
    expect(toNumber("0.6", "--affect-intensity")).toBe(0.6);
    expect(() => toNumber("lots", "--min-strength")).toThrow(/--min-strength must be a number/);
    expect(() => toNumber("", "--min-strength")).toThrow(UsageError);
  });
});
