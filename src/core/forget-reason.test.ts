/**
 * What forget's result says of a belief's sources: it names the episodes that still hold them, and
 * says nothing of sources when the belief was remembered directly (it has none).
 */
import { afterEach, describe, expect, it } from "vitest";
import { testMemory } from "../../test/support/memory.js";
import type { Memory } from "./engine.js";

let mem: Memory | undefined;
afterEach(async () => {
  await mem?.close();
  mem = undefined;
});

describe("forget's reason for a belief", () => {
  it("names no source episodes when the belief was remembered directly", async () => {
    ({ mem } = await testMemory());
    const b = await mem.remember("Priya owns the billing service");
    const r = await mem.forget(b.id);
    expect(r.reason).toBe(`erased ${b.id}`);
  });

  it("names the source episodes that are kept, and not one already forgotten", async () => {
    ({ mem } = await testMemory());
    const a = await mem.record("The export job ran out of memory on the 2GB file", { outcome: "failure" });
    const c = await mem.record("The export job crashed again on a large file", { outcome: "failure" });
    const made = await mem.distil([a.id, c.id], ["Exports of files over 1GB run out of memory"], {
      valence: "failure",
    });
    const id = made.items[0]!.id;
    expect((await mem.forget(id)).reason).toBe(
      `erased ${id}; its source episodes ${a.id}, ${c.id} are kept (forget them by id to erase them too)`,
    );

    const again = await mem.distil([a.id, c.id], ["Large exports need the streaming writer"]);
    await mem.forget(c.id);
    const other = again.items[0]!.id;
    expect((await mem.forget(other)).reason).toBe(
      `erased ${other}; its source episode ${a.id} is kept (forget it by id to erase it too)`,
    );
  });
});
