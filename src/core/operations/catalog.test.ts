import { describe, expect, it } from "vitest";
import { z } from "zod";
import { testMemory } from "../../../test/support/memory.js";
import type { Memory } from "../engine.js";
import { StrataError } from "../errors.js";
import { LIBRARY_ONLY_METHODS, OPERATION_BY_NAME, OPERATIONS } from "./catalog.js";
import { OPERATION_GROUPS } from "./operation.js";
import { runOperation } from "./run.js";

const NS = "team-a";
const DIGEST =
  "## State\nDeploys paused.\n\n## Patterns\n\n## Decisions\n- Raise the lock timeout\n\n## Context\nBilling service.";

/** A valid input for every operation, given what the scenario created; run in this order. */
function inputs(ids: { fact: string; other: string; episode: string }): Record<string, unknown> {
  return {
    record: { content: "Deploy failed: migration lock timeout", type: "outcome", outcome: "failure" },
    recordMany: {
      items: ["The user asked about retries", { content: "Rolled back the deploy", type: "decision" }],
    },
    remember: { statement: "Retry limit is 7", at: "2027-01-01T00:00:00Z" },
    rememberMany: { items: ["Staging runs Postgres 16", { statement: "Deploys happen on Tuesdays" }] },
    capture: { when: "target model is Anthropic", prefer: "use XML delimiters", feedback: "positive" },
    recall: { query: "retry limit", k: 2 },
    context: { goal: "deploy the service", tokenBudget: 400 },
    get: { id: ids.fact },
    list: { layer: "episode", limit: 5 },
    explain: { id: ids.fact },
    history: { id: ids.fact },
    stats: {},
    health: {},
    outcome: { id: ids.fact, success: true, session: "s1" },
    used: { id: ids.fact },
    pin: { id: ids.other },
    unpin: { id: ids.other },
    restore: { id: ids.fact },
    maintain: {},
    sweep: { full: true },
    consolidate: {},
    candidates: { review: true, days: 3 },
    judge: { judgments: [{ a: ids.fact, b: ids.other, verdict: "distinct" }] },
    pending: { limit: 5 },
    distil: { episodeIds: [ids.episode], propositions: ["Migrations need a longer lock timeout"] },
    prepareWrap: {},
    saveContinuity: null, // needs the token: run by hand below
    cancelWrap: null,
    continuity: {},
    renderContinuity: {},
    continuityHistory: {},
    associations: { limit: 5 },
    audit: { event: "belief.*", limit: 5 },
    verifyAudit: {},
    exportAuditJsonl: { linesPerFile: 10 },
    export: { format: "markdown" },
    import: null, // needs an empty namespace: run by hand below
    forget: { id: ids.other },
  };
}

async function seeded(): Promise<{ mem: Memory; ids: { fact: string; other: string; episode: string } }> {
  const { mem } = await testMemory({ namespace: NS });
  const fact = await mem.remember("The retry limit is 5");
  const other = await mem.remember("The API gateway is Envoy");
  const episode = await mem.record("The deploy of the billing service failed on a migration lock");
  return { mem, ids: { fact: fact.id, other: other.id, episode: episode.id } };
}

describe("the operations registry", () => {
  it("declares every verb once, with a unique route, a described input and a group", () => {
    const names = OPERATIONS.map((op) => op.name);
    expect(new Set(names).size).toBe(names.length);
    const routes = OPERATIONS.map((op) => `${op.http.method} ${op.http.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    for (const op of OPERATIONS) {
      expect(OPERATION_GROUPS).toContain(op.group);
      expect(op.summary.length, op.name).toBeGreaterThan(20);
      for (const param of op.http.path.match(/\{(\w+)\}/g) ?? [])
        expect(Object.keys(op.input.shape), `${op.name} ${param}`).toContain(param.slice(1, -1));
      expect(Object.keys(op.input.shape), `${op.name} takes no namespace field`).not.toContain("namespace");
      if (op.annotations.readOnly) expect(op.access, op.name).toBe("read");
      if (op.annotations.destructive) expect(op.access, op.name).toBe("admin");
    }
  });

  it("covers every public method of the engine, or says why a method is the library's only", async () => {
    const { mem } = await seeded();
    const methods = Object.getOwnPropertyNames(Object.getPrototypeOf(mem)).filter(
      (m) => m !== "constructor" && typeof (mem as unknown as Record<string, unknown>)[m] === "function",
    );
    // Private helpers are TypeScript-private, not hidden at run time: they are named here.
    const internal = new Set([
      "now",
      "idArgs",
      "namespacesOf",
      "associativeHop",
      "setPinned",
      "sweepUnlocked",
      "sleepLocked",
    ]);
    const uncovered = methods.filter(
      (m) => !internal.has(m) && !OPERATION_BY_NAME.has(m) && !(m in LIBRARY_ONLY_METHODS),
    );
    expect(uncovered).toEqual([]);
    for (const op of OPERATIONS) expect(methods, op.name).toContain(op.name);
    await mem.close();
  });

  it("answers every operation, run through the registry on a real store, in its declared output shape", async () => {
    const { mem, ids } = await seeded();
    const ctx = { memory: mem.withActor("test"), namespace: NS };
    const ran: string[] = [];
    for (const [name, input] of Object.entries(inputs(ids))) {
      if (input === null) continue;
      const op = OPERATION_BY_NAME.get(name)!;
      const out = await runOperation(op, input, ctx);
      const parsed = op.output.safeParse(out);
      expect(parsed.success, `${name}: ${parsed.success ? "" : z.prettifyError(parsed.error)}`).toBe(true);
      ran.push(name);
    }
    // The wrap round trip and import need values from earlier answers.
    const wrap = (await runOperation(OPERATION_BY_NAME.get("prepareWrap")!, {}, ctx)) as {
      token: string | null;
    };
    await mem.record("We decided to raise the lock timeout to 30s", { type: "decision", namespace: NS });
    const ready = (await runOperation(OPERATION_BY_NAME.get("prepareWrap")!, {}, ctx)) as { token: string };
    expect(ready.token ?? wrap.token).toBeTruthy();
    const cancelled = await runOperation(OPERATION_BY_NAME.get("cancelWrap")!, { token: ready.token }, ctx);
    expect(OPERATION_BY_NAME.get("cancelWrap")!.output.safeParse(cancelled).success).toBe(true);
    const again = (await runOperation(OPERATION_BY_NAME.get("prepareWrap")!, {}, ctx)) as { token: string };
    const save = OPERATION_BY_NAME.get("saveContinuity")!;
    const saved = await runOperation(save, { token: again.token, text: DIGEST }, ctx);
    const savedCheck = save.output.safeParse(saved);
    expect(savedCheck.success, savedCheck.success ? "" : z.prettifyError(savedCheck.error)).toBe(true);
    const exported = (await runOperation(OPERATION_BY_NAME.get("export")!, { format: "json" }, ctx)) as {
      text: string;
    };
    const { mem: fresh } = await testMemory({ namespace: NS });
    const imp = OPERATION_BY_NAME.get("import")!;
    const report = await runOperation(imp, { source: exported.text }, { memory: fresh, namespace: NS });
    expect(imp.output.safeParse(report).success).toBe(true);
    ran.push("prepareWrap", "cancelWrap", "saveContinuity", "import");
    expect(new Set(ran)).toEqual(new Set(OPERATIONS.map((op) => op.name)));
    await mem.close();
    await fresh.close();
  });

  it("refuses bad input at the boundary with INVALID_INPUT naming the field, and changes nothing", async () => {
    const { mem, ids } = await seeded();
    const ctx = { memory: mem, namespace: NS };
    const before = await mem.export({ format: "json", namespace: NS });
    const bad: [string, unknown][] = [
      ["remember", { statement: "" }],
      ["remember", { statement: "x", namespace: "other" }],
      ["record", { content: "x", type: "dream" }],
      ["outcome", { id: ids.fact, success: "yes" }],
      ["pin", { id: "../etc/passwd" }],
      ["recordMany", { items: [] }],
      ["judge", { judgments: [{ a: ids.fact, b: ids.other, verdict: "maybe" }] }],
    ];
    for (const [name, input] of bad) {
      const err = await runOperation(OPERATION_BY_NAME.get(name)!, input, ctx).catch((e: unknown) => e);
      expect(err, name).toBeInstanceOf(StrataError);
      expect((err as StrataError).code, name).toBe("INVALID_INPUT");
    }
    expect(await mem.export({ format: "json", namespace: NS })).toBe(before);
    await mem.close();
  });

  it("acts in the context's namespace only: an id of another namespace is not found", async () => {
    const { mem, ids } = await seeded();
    const err = await runOperation(
      OPERATION_BY_NAME.get("get")!,
      { id: ids.fact },
      { memory: mem, namespace: "team-b" },
    ).catch((e: unknown) => e);
    expect((err as StrataError).code).toBe("NOT_FOUND");
    await mem.close();
  });
});
