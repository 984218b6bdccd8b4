/**
 * An import's outcome credits (`outcome-credit:<belief>:<result>:<keyed source>`, store-wide
 * records keyed by the belief they count on) against the store they land in. A document must not
 * overwrite a record the store holds, nor carry one record twice (two values for one key: which
 * one the store keeps would depend on load order), nor smuggle two keys that become one when the
 * import keys an older export's plain digests under this store's secret (`rekeyedCredit`). Each
 * is refused whole with INVALID_INPUT naming the record, and the store is left exactly as it was.
 * Real SQLite file.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import type { ExportDocument } from "../../src/core/exchange/document.js";
import { creditKey } from "../../src/core/outcome-credit.js";
import { sha256 } from "../../src/core/sha256.js";
import { attackerDocument, importRefusal } from "../support/attacker-document.js";
import { testMemory } from "../support/memory.js";
import { storeSnapshot } from "../support/store-snapshot.js";

let mem: Memory | null = null;
afterEach(async () => {
  await mem?.close();
  mem = null;
});

const NS = "imported";
const AT = "2027-01-01T00:00:00.000Z";

/** A store with a belief of its own credited, and a well-formed export of another namespace moved to `NS`. */
async function setUp(): Promise<{ mem: Memory; path: string; doc: ExportDocument; own: string }> {
  const t = await testMemory({ file: true, namespace: "home" });
  mem = t.mem;
  const b = await mem.remember("The cache TTL is 60 seconds");
  await mem.outcome(b.id, true, { session: "s1" });
  const doc = await attackerDocument(mem, NS);
  return { mem, path: t.path, doc, own: doc.beliefs[0]!.id };
}

async function refused(s: { mem: Memory; path: string }, doc: ExportDocument, says: RegExp): Promise<void> {
  const before = await storeSnapshot(s.mem, s.path, ["home", "scratch", NS]);
  const error = await importRefusal(s.mem.withNamespace(NS), doc, "imported");
  expect({ code: error.code, says: says.test(error.message) }).toEqual({ code: "INVALID_INPUT", says: true });
  expect(await storeSnapshot(s.mem, s.path, ["home", "scratch", NS])).toEqual(before);
}

describe("import: outcome credits that would collide are refused whole", () => {
  it("control: one credit of the document's own belief imports", async () => {
    const s = await setUp();
    const key = `outcome-credit:${s.own}:success:k${"1".repeat(32)}`;
    s.doc.meta.push({ key, value: AT });
    await s.mem.withNamespace(NS).import(JSON.stringify(s.doc));
    expect(await s.mem.store.getMeta(key)).toBe(AT);
  });

  it("one credit key twice, with two values", async () => {
    const s = await setUp();
    const key = `outcome-credit:${s.own}:success:k${"1".repeat(32)}`;
    s.doc.meta.push({ key, value: AT }, { key, value: "2027-02-01T00:00:00.000Z" });
    await refused(s, s.doc, /outcome-credit:b\d+:success:k1+.*twice/);
  });

  it("an older export's plain digest and the keyed key it becomes under this store's secret", async () => {
    const s = await setUp();
    const digest = sha256("session:s9").slice(0, 32);
    s.doc.meta.push(
      { key: `outcome-credit:${s.own}:success:${digest}`, value: AT },
      {
        key: creditKey(s.mem.store.contentKey(), s.own, true, "session:s9"),
        value: "2027-02-01T00:00:00.000Z",
      },
    );
    await refused(s, s.doc, /twice/);
  });
});
