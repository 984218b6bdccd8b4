/**
 * The MCP tools as a projection of the operations registry: each tool's annotations follow from
 * the operations it dispatches to, and every operation is either behind some tool or listed as
 * not exposed to agents, with a reason.
 */
import { describe, expect, it } from "vitest";
import { OPERATION_BY_NAME, OPERATIONS } from "../core/operations/index.js";
import { NOT_AGENT_TOOLS, TOOLS, toolAnnotations } from "./tools.js";

describe("tool annotations from the operations", () => {
  it.each([
    [["recall"], { readOnlyHint: true, openWorldHint: false }],
    [["explain", "stats", "health"], { readOnlyHint: true, openWorldHint: false }],
    [["record"], { destructiveHint: false, openWorldHint: false }],
    [["pin", "unpin", "restore"], { destructiveHint: false, openWorldHint: false, idempotentHint: true }],
    // One non-idempotent operation makes the tool non-idempotent; one destructive makes it destructive.
    [["prepareWrap", "cancelWrap"], { destructiveHint: false, openWorldHint: false }],
    [["forget", "pin"], { destructiveHint: true, openWorldHint: false, idempotentHint: true }],
    // One write makes a tool that also reads not read-only.
    [["stats", "maintain"], { destructiveHint: false, openWorldHint: false, idempotentHint: true }],
  ])("%j → %j", (operations, expected) => {
    expect(toolAnnotations(operations)).toEqual(expected);
  });

  it("refuses an operation the registry does not have", () => {
    expect(() => toolAnnotations(["recal"])).toThrow(/unknown operation "recal"/);
  });

  it.each(TOOLS.map((t) => [t.name, t]))("%s states its operations' annotations", (_name, t) => {
    expect(t.operations?.length).toBeGreaterThan(0);
    expect(t.annotations).toEqual(toolAnnotations(t.operations!));
  });

  it("marks forget destructive and inspect read-only, as their operations are", () => {
    const byName = Object.fromEntries(TOOLS.map((t) => [t.name, t.annotations]));
    expect(byName.forget?.destructiveHint).toBe(true);
    expect(byName.inspect?.readOnlyHint).toBe(true);
    expect(byName.wrap?.idempotentHint).toBeUndefined();
  });
});

describe("every operation on the MCP surface", () => {
  const dispatched = new Set(TOOLS.flatMap((t) => t.operations ?? []));

  it.each(OPERATIONS.map((op) => [op.name]))("%s is behind a tool or listed with a reason", (name) => {
    const reason = NOT_AGENT_TOOLS[name];
    expect(dispatched.has(name) || (reason !== undefined && reason.length > 20)).toBe(true);
    // Never both: a listed operation that a tool serves would be a stale reason.
    expect(dispatched.has(name) && reason !== undefined).toBe(false);
  });

  it("lists only operations the registry has", () => {
    expect(Object.keys(NOT_AGENT_TOOLS).filter((n) => !OPERATION_BY_NAME.has(n))).toEqual([]);
  });
});
