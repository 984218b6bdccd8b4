/**
 * An operation's `id` field says which ids it takes, and it takes what it says: the library's
 * integrations' tools, the CLI's help and the OpenAPI document all read this description. Uses,
 * pins, unpins and history act on beliefs only (as outcomes do); restore, explain, get and forget
 * take an episode's id too.
 *
 * Before newcomer37 `used`, `pin`, `unpin` and `history` described their id as "A belief (b12) or
 * episode (e7) id." and refused every episode id.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testMemory } from "../../../test/support/memory.js";
import type { Memory } from "../engine.js";
import { OPERATION_BY_NAME } from "./index.js";
import { runOperation } from "./run.js";

let mem: Memory;
beforeEach(async () => {
  ({ mem } = await testMemory());
  await mem.record("Deployed the API at noon"); // e1
});
afterEach(async () => {
  await mem.close();
});

const ROWS: [string, Record<string, unknown>, boolean][] = [
  ["outcome", { id: "e1", success: true }, false],
  ["used", { id: "e1" }, false],
  ["pin", { id: "e1" }, false],
  ["unpin", { id: "e1" }, false],
  ["restore", { id: "e1" }, true],
  ["explain", { id: "e1" }, true],
  ["history", { id: "e1" }, false],
  ["get", { id: "e1" }, true],
  ["forget", { id: "e1" }, true],
];

describe("an operation's id field names an episode's id only where the operation takes one", () => {
  it.each(ROWS)("%s %j", async (name, input, takesEpisode) => {
    const op = OPERATION_BY_NAME.get(name)!;
    let refusal = "";
    try {
      await runOperation(op, input, { memory: mem, namespace: "default" });
    } catch (error) {
      refusal = (error as Error).message;
    }
    expect(/is an episode/.test(refusal), refusal).toBe(!takesEpisode);
    const described = (op.input.shape as Record<string, { description?: string }>).id!.description ?? "";
    expect(/episode|\be7\b/.test(described), described).toBe(takesEpisode);
  });
});
