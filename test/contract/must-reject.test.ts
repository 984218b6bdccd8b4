/**
 * Must-reject contract: bad input gets a StrataError with a stable code and a helpful message,
 * and leaves the store exactly as it was (DESIGN invariant 5).
 *
 * Each file in test/fixtures/must-reject/ is one case:
 *
 *   { "method": "record", "case": "outcome \"failed\"", "args": ["Deploy failed", { "outcome": "failed" }],
 *     "code": "INVALID_INPUT", "message": "expected one of", "why": "a near miss is refused, not coerced",
 *     "setup": [{ "method": "remember", "args": ["…"] }] }
 *
 * `setup` calls run first (and must succeed); a string "$N.path" anywhere in later arguments is
 * replaced by that path of setup call N's result, e.g. "$0.id".
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Memory } from "../../src/core/engine.js";
import { ERROR_CODES, isStrataError } from "../../src/core/errors.js";
import { INPUT_ISSUE_CODES, type InputIssue } from "../../src/core/validate.js";
import { openMemory } from "../../src/open-memory.js";
import { storeSnapshot } from "../support/store-snapshot.js";

const FIXTURES = fileURLToPath(new URL("../fixtures/must-reject/", import.meta.url));

/** Every public method that takes input; each must have at least one must-reject case. */
const METHODS = [
  "record",
  "remember",
  "recordMany",
  "rememberMany",
  "capture",
  "recall",
  "context",
  "outcome",
  "used",
  "get",
  "list",
  "explain",
  "history",
  "pin",
  "unpin",
  "restore",
  "forget",
  "stats",
  "audit",
  "export",
  "import",
  "backup",
  "maintain",
  "consolidate",
  "sweep",
  "candidates",
  "judge",
  "pending",
  "distil",
  "health",
  "prepareWrap",
  "saveContinuity",
  "cancelWrap",
  "continuity",
  "associations",
] as const;

const CallSchema = z.object({ method: z.enum(METHODS), args: z.array(z.unknown()) }).strict();
const FixtureSchema = z
  .object({
    method: z.enum(METHODS),
    case: z.string().min(1),
    setup: z.array(CallSchema).optional(),
    args: z.array(z.unknown()),
    code: z.enum(ERROR_CODES),
    message: z.string().min(1),
    /** The code one of the refusal's `details.issues` carries, where the refusal has one. */
    issue: z.enum(INPUT_ISSUE_CODES).optional(),
    why: z.string().min(1),
  })
  .strict();
type Fixture = z.infer<typeof FixtureSchema>;

const fixtures: { file: string; fixture: Fixture }[] = readdirSync(FIXTURES)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((f) => ({
    file: basename(f, ".json"),
    fixture: FixtureSchema.parse(JSON.parse(readFileSync(join(FIXTURES, f), "utf8"))),
  }));

const CLOCK = { now: () => new Date("2026-03-10T12:00:00.000Z") };
const NAMESPACES = ["default", "other"];
const snapshot = (mem: Memory, path: string) => storeSnapshot(mem, path, NAMESPACES);

type Call = (...args: unknown[]) => Promise<unknown>;
const call = (mem: Memory, method: string, args: unknown[]): Promise<unknown> =>
  (mem as unknown as Record<string, Call>)[method]!.apply(mem, args);

/** Seeds a store with a little of everything: episodes, beliefs of each kind, a supersession, a pin. */
async function seed(path: string): Promise<void> {
  const mem = await openMemory({ path, clock: CLOCK });
  const e1 = await mem.record("Deploy failed: migration lock timeout", {
    type: "outcome",
    outcome: "failure",
    at: "2026-03-01T09:00:00Z",
    session: "s1",
  });
  await mem.record("Chose blue-green deploys for the API", { type: "decision", at: "2026-03-02" });
  await mem.remember("The staging database is Postgres 16", { source: "user", sources: [e1.id] });
  await mem.remember("The cache TTL is 60 seconds", { at: "2026-03-01" });
  await mem.remember("The cache TTL is 300 seconds", { at: "2026-03-04" });
  const rule = await mem.capture({ when: "deploying on Friday", prefer: "ship behind a feature flag" });
  await mem.outcome(rule.id, true);
  const proc = await mem.remember("Roll back a release", {
    kind: "procedure",
    steps: ["revert", "redeploy"],
  });
  await mem.pin(proc.id);
  await mem.record("The other tenant uses MySQL", { namespace: "other" });
  await mem.close();
}

const workDir = mkdtempSync(join(tmpdir(), "strata-must-reject-"));
const template = join(workDir, "template.db");
let caseCount = 0;

beforeAll(() => seed(template));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/**
 * A fresh store per case: a copy of the seeded template (closed, so its WAL is checkpointed).
 * Every case therefore also runs on a reopened file, which is how agents use a store.
 */
async function seededMemory(): Promise<{ mem: Memory; path: string }> {
  const path = join(workDir, `case-${++caseCount}.db`);
  copyFileSync(template, path);
  return { mem: await openMemory({ path, clock: CLOCK }), path };
}

/** Replaces "$N.path" strings with that path of setup result N. */
function resolveRefs(value: unknown, results: unknown[]): unknown {
  if (typeof value === "string") {
    const m = /^\$(\d+)((?:\.[\w-]+)*)$/.exec(value);
    if (!m) return value;
    let out: unknown = results[Number(m[1])];
    for (const key of m[2]!.split(".").slice(1)) out = (out as Record<string, unknown> | undefined)?.[key];
    if (out === undefined) throw new Error(`fixture reference ${value} resolves to nothing`);
    return out;
  }
  if (Array.isArray(value)) return value.map((v) => resolveRefs(v, results));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveRefs(v, results)]));
  return value;
}

describe("must-reject fixtures", () => {
  it("finds at least 40 fixtures, so an empty folder cannot pass", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(40);
  });

  it("covers every public method that takes input", () => {
    const covered = new Set(fixtures.map((f) => f.fixture.method));
    expect(METHODS.filter((m) => !covered.has(m))).toEqual([]);
  });

  it("names each file after its method", () => {
    for (const { file, fixture } of fixtures)
      expect(file.startsWith(`${fixture.method.toLowerCase()}-`)).toBe(true);
  });
});

describe("bad input is refused and changes nothing", () => {
  for (const { file, fixture } of fixtures) {
    it(`${fixture.method} refuses ${fixture.case} (${fixture.code})`, async () => {
      const { mem, path } = await seededMemory();
      try {
        const results: unknown[] = [];
        for (const step of fixture.setup ?? [])
          results.push(await call(mem, step.method, resolveRefs(step.args, results) as unknown[]));
        const args = resolveRefs(fixture.args, results) as unknown[];
        const before = await snapshot(mem, path);

        let outcome: { accepted: unknown } | { error: unknown };
        try {
          outcome = { accepted: await call(mem, fixture.method, args) };
        } catch (error) {
          outcome = { error };
        }
        if ("accepted" in outcome)
          expect.fail(
            `${file}: ${fixture.method} accepted the input: ${JSON.stringify(outcome.accepted).slice(0, 300)}`,
          );
        const error = outcome.error;
        if (!isStrataError(error)) expect.fail(`${file}: threw a non-StrataError: ${String(error)}`);
        expect({ code: error.code, message: error.message }).toEqual({
          code: fixture.code,
          message: expect.stringContaining(fixture.message),
        });
        if (fixture.issue)
          expect((error.details.issues as InputIssue[]).map((i) => i.code)).toContain(fixture.issue);

        expect(await snapshot(mem, path)).toEqual(before);
        // A refusal leaves the store usable: no half-open transaction, no broken chain.
        await mem.remember("A write after a refusal still goes through");
        expect((await mem.verifyAudit()).ok).toBe(true);
      } finally {
        await mem.close();
      }
    });
  }
});
