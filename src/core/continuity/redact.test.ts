/**
 * Forget's redaction of the continuity layer, on a real store: which digest lines, versions,
 * patterns and associations a forgotten item takes with it, and which it leaves.
 */
import { afterEach, describe, expect, it } from "vitest";
import { testMemory } from "../../../test/support/memory.js";
import type { Memory } from "../engine.js";
import { records } from "./records.js";
import { REDACTED_LINE } from "./redact.js";

let mem: Memory;
afterEach(async () => mem.close());

const digest = (e: string, other: string) => `## State
- Kestrelwood migration is half done
- Deploys run on Fridays
## Patterns
- Migrations stall on locks | 1x [evidence: ${e} "kestrelwood migration stalled lock"]
- Friday deploys go well | 1x [evidence: ${other} "friday deploy went well"]
## Decisions
- Keep ${e} in mind
## Context
- Nothing else
`;

describe("forget redacts the continuity layer", () => {
  it("replaces lines that cite the item or carry a word only it held, in every version, and drops its evidence", async () => {
    ({ mem } = await testMemory());
    const e = await mem.record("The kestrelwood migration stalled on a lock", { type: "observation" });
    const other = await mem.record("The Friday deploy went well", { type: "outcome", outcome: "success" });
    const wrap = await mem.prepareWrap();
    await mem.saveContinuity(digest(e.id, other.id), { token: wrap.token! });

    const result = await mem.forget(e.id);

    // Both citations were valid in one wrap, so they had formed an association: it goes too.
    expect(result.continuity).toEqual({ versions: 2, lines: 6, patterns: 1, evidence: 0, associations: 1 });
    expect(await mem.associations()).toEqual([]);
    const text = await mem.continuity();
    expect(text).not.toMatch(/kestrelwood/i);
    expect(text).not.toContain(e.id);
    expect(text).toContain("Deploys run on Fridays");
    expect(text).toContain("Friday deploys go well");
    expect(text.split("\n").filter((l) => l === REDACTED_LINE)).toHaveLength(3);
    for (const version of await mem.continuityHistory()) expect(version.text).not.toMatch(/kestrelwood/i);
    const patterns = await records.patterns(mem.store, "default");
    expect(patterns.map((p) => p.text)).toEqual(["Friday deploys go well"]);
    const audit = await mem.audit({ event: "continuity.redacted" });
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toMatch(/kestrelwood/i);
  });

  it("leaves the digest alone when nothing in it cites or quotes the item", async () => {
    ({ mem } = await testMemory());
    const e = await mem.record("The Friday deploy went well", { type: "outcome", outcome: "success" });
    const unrelated = await mem.record("Quarzite invoices are archived monthly", { type: "observation" });
    const wrap = await mem.prepareWrap();
    await mem.saveContinuity(digest(e.id, e.id).replaceAll("Kestrelwood migration is half done", "Nothing"), {
      token: wrap.token!,
    });
    const before = await mem.continuity();
    const result = await mem.forget(unrelated.id);
    expect(result.continuity).toBeNull();
    expect(await mem.continuity()).toBe(before);
  });
});
