import { describe, expect, it } from "vitest";
import { z } from "zod";
import { testMemory } from "../../../test/support/memory.js";
import { exampleInput, type Scenario, seedScenario } from "../../../test/support/operation-examples.js";
import type { Memory } from "../engine.js";
import { StrataError } from "../errors.js";
import { LIBRARY_ONLY_METHODS, OPERATION_BY_NAME, OPERATIONS } from "./catalog.js";
import { OPERATION_GROUPS } from "./operation.js";
import { runOperation } from "./run.js";

const NS = "team-a";

async function seeded(): Promise<Scenario & { mem: Memory }> {
  const { mem } = await testMemory({ namespace: NS });
  return seedScenario(mem, NS);
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

  it.each(OPERATIONS.map((op) => [op.name, op] as const))(
    "answers %s, run through the registry on a real store with its shared example, in its declared output shape",
    async (_name, op) => {
      const s = await seeded();
      const input = await exampleInput(op.name, s);
      const out = await runOperation(op, input, { memory: s.mem.withActor("test"), namespace: NS });
      const parsed = op.output.safeParse(out);
      expect(parsed.success, parsed.success ? "" : z.prettifyError(parsed.error)).toBe(true);
      await s.mem.close();
    },
  );

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
      ["rememberMany", { items: ["x"], gate: "off" }],
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

  it("passes a batch's gate: approximate finds candidates the cheap way", async () => {
    const { mem } = await seeded();
    const ctx = { memory: mem, namespace: NS };
    const items = ["The pager rotation changes every Monday", "The pager rotation changes every Monday"];
    const approximate = (await runOperation(
      OPERATION_BY_NAME.get("rememberMany")!,
      { items, gate: "approximate" },
      ctx,
    )) as {
      results: { verdict: string; notes: string[] }[];
    };
    expect(approximate.results.map((r) => r.verdict)).toEqual(["novel", "redundant"]);
    expect(approximate.results[0]!.notes.some((n) => n.startsWith("approximate:"))).toBe(true);
    const exact = (await runOperation(
      OPERATION_BY_NAME.get("recordMany")!,
      { items: ["Paged the on-call"] },
      ctx,
    )) as {
      results: { notes: string[] }[];
    };
    expect(exact.results[0]!.notes.some((n) => n.startsWith("approximate:"))).toBe(false);
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
