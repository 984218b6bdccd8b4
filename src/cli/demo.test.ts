import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoTranscript, renderDemo, runDemo } from "./commands/demo.js";
import { plain } from "./style.js";

let dir: string;
let first: DemoTranscript;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "strata-demo-test-"));
  first = await runDemo({ path: join(dir, "a.db") });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const gateSteps = (t: DemoTranscript) => t.acts.flatMap((a) => a.steps).filter((s) => s.kind === "gate");

describe("strata demo", () => {
  it("is deterministic: a second run gives the same transcript apart from the path", async () => {
    const second = await runDemo({ path: join(dir, "b.db") });
    expect({ ...second, path: "" }).toEqual({ ...first, path: "" });
    expect(renderDemo(second, plain).replaceAll(second.path, "P")).toBe(
      renderDemo(first, plain).replaceAll(first.path, "P"),
    );
  });

  it("spans about three weeks of store time", () => {
    const days = (Date.parse(first.endedAt) - Date.parse(first.startedAt)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(17);
  });

  it.each([
    [
      "a dozen episodes recorded",
      (t: DemoTranscript) => gateSteps(t).filter((s) => s.command.startsWith("strata record")).length >= 12,
    ],
    [
      "a repeated episode is redundant",
      (t: DemoTranscript) =>
        gateSteps(t).some((s) => s.result.verdict === "redundant" && s.result.layer === "episode"),
    ],
    [
      "a paraphrase strengthens the fact",
      (t: DemoTranscript) =>
        gateSteps(t).some((s) => s.result.verdict === "redundant" && /restates \[b1\]/.test(s.result.reason)),
    ],
    [
      "a recalled memory written back is redundant",
      (t: DemoTranscript) =>
        gateSteps(t).some(
          (s) => s.result.verdict === "redundant" && /recalled memory written back/.test(s.result.reason),
        ),
    ],
    [
      "the changed fact supersedes the old one",
      (t: DemoTranscript) =>
        gateSteps(t).some((s) => s.result.verdict === "contradiction" && s.result.superseded.includes("b1")),
    ],
    [
      "a question supersedes nothing",
      (t: DemoTranscript) =>
        gateSteps(t).some(
          (s) => s.command.includes("--type question") && s.result.superseded.length === 0 && s.result.stored,
        ),
    ],
    [
      "a backdated fact slots into history",
      (t: DemoTranscript) => gateSteps(t).some((s) => s.result.notes.some((n) => n.startsWith("backdated"))),
    ],
  ])("shows %s", (_name, check) => {
    expect(check(first)).toBe(true);
  });

  it("moves confidence 0.50 → 0.67 with one outcome", () => {
    const step = first.acts.flatMap((a) => a.steps).find((s) => s.kind === "outcome");
    expect(step?.kind === "outcome" && [step.result.confidenceBefore, step.result.confidenceAfter]).toEqual([
      0.5,
      2 / 3,
    ]);
  });

  it("renders acts with the gate's verdict and reason for every write", () => {
    const text = renderDemo(first, plain);
    for (const act of first.acts) expect(text).toContain(act.title);
    expect(text.match(/^ {4}reason /gm)?.length).toBe(gateSteps(first).length);
    expect(text).toMatch(/tokens, \d+ items/);
    expect(text).toContain("The API rate limit is 100 requests per minute");
    expect(text).toContain("audit chain intact");
  });

  it("refuses to write into an existing store", async () => {
    const path = join(dir, "taken.db");
    writeFileSync(path, "not empty");
    await expect(runDemo({ path })).rejects.toMatchObject({ code: "CONFLICT" });
  });
});
