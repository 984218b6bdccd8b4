import { afterEach, describe, expect, it } from "vitest";
import { testMemory } from "../../test/support/memory.js";
import { createRandom } from "../../test/support/random.js";
import type { SqliteStore } from "../store/sqlite/sqlite-store.js";
import { entryHash, GENESIS_HASH } from "./audit.js";
import type { Memory } from "./engine.js";
import { canonicalJson, hmacSha256, sha256 } from "./sha256.js";

let mem: Memory;
afterEach(async () => {
  await mem?.close();
});

async function seeded() {
  ({ mem } = await testMemory());
  const a = await mem.remember("The retry limit is 5");
  await mem.remember("The retry limit is 7");
  await mem.record("Deploy finished", { outcome: "success" });
  await mem.remember("Secrets live in Vault", { namespace: "ops" });
  return { a, store: mem.store as SqliteStore };
}

describe("sha256", () => {
  it.each([
    ["", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
    ["abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
    [
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    ],
    ["héllo wörld ✓", "1f8b02c6ab6d4d49f3ac2f6da08e3d4ba9e4f9f3e0b9d1fbb5e5e1b0e7c1f1c8"],
  ])("hashes %j like every other SHA-256", async (input, expected) => {
    const { createHash } = await import("node:crypto");
    const reference = createHash("sha256").update(input, "utf8").digest("hex");
    expect(sha256(input)).toBe(reference);
    if (input !== "héllo wörld ✓") expect(sha256(input)).toBe(expected);
  });

  it("hashes a long input (multi-block)", async () => {
    const { createHash } = await import("node:crypto");
    const input = "strata ".repeat(10_000);
    expect(sha256(input)).toBe(createHash("sha256").update(input).digest("hex"));
  });

  it.each([
    // RFC 4231 test case 2, then keys of a block, over a block and empty texts, against node:crypto.
    ["Jefe", "what do ya want for nothing?"],
    ["k".repeat(64), ""],
    ["a".repeat(131), "héllo wörld ✓ ".repeat(50)],
  ])("HMAC-SHA256 with key %j matches RFC 2104 (node:crypto)", async (key, text) => {
    const { createHmac } = await import("node:crypto");
    expect(hmacSha256(key, text)).toBe(createHmac("sha256", key).update(text, "utf8").digest("hex"));
    if (key === "Jefe")
      expect(hmacSha256(key, text)).toBe("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  });

  it("canonical JSON sorts keys so equal values hash equally", () => {
    expect(canonicalJson({ b: 1, a: [2, { d: 1, c: null }] })).toBe('{"a":[2,{"c":null,"d":1}],"b":1}');
  });
});

describe("entryHash", () => {
  it("hashes an entry's fields as their canonical JSON, however odd the values", () => {
    // The definition every stored chain was hashed by: the fast form must give the same hex.
    const definition = (e: Parameters<typeof entryHash>[0]) =>
      sha256(
        canonicalJson({
          seq: e.seq,
          namespace: e.namespace,
          at: e.at,
          actor: e.actor,
          event: e.event,
          subjectId: e.subjectId,
          contentHash: e.contentHash,
          prevHash: e.prevHash,
        }),
      );
    const rand = createRandom(3);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
    const strings = ["", "ops", 'q"uote', "back\\slash", "line\nbreak", "é漢字🙂", "\u2028", "b12"];
    for (let i = 0; i < 300; i++) {
      const e = {
        seq: pick([1, 2, 10 ** 9, 1.5, -3]),
        namespace: pick(strings),
        at: pick(["2026-01-01T00:00:00.000Z", ...strings]),
        actor: pick(strings),
        event: pick(["belief.remembered", ...strings]),
        subjectId: pick([null, ...strings]),
        contentHash: pick(["a".repeat(64), ...strings]),
        prevHash: pick([GENESIS_HASH, ...strings]),
      };
      expect(entryHash(e), JSON.stringify(e)).toBe(definition(e));
    }
    // A field left undefined (an older row, a hand-made entry) is left out, as canonicalJson does.
    const partial = {
      seq: 1,
      namespace: "n",
      at: "t",
      actor: "a",
      event: "e",
      contentHash: "c",
      prevHash: "p",
    };
    expect(entryHash(partial as unknown as Parameters<typeof entryHash>[0])).toBe(
      definition(partial as unknown as Parameters<typeof entryHash>[0]),
    );
  });
});

describe("audit chain", () => {
  it("records every change with its actor, content hashes only by default, and verifies", async () => {
    await seeded();
    const entries = await mem.audit({ limit: 100 });
    expect(entries.map((e) => e.event)).toEqual([
      "belief.remembered",
      "belief.remembered",
      "belief.superseded",
      "episode.recorded",
    ]);
    for (const e of entries) {
      expect(e.actor).toBe("library");
      expect(e.detail).toBeNull();
      expect(e.contentHash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(await mem.verifyAudit()).toMatchObject({ ok: true, entries: 5, namespaces: 2, problems: [] });
  });

  it.each([
    [
      "an edited entry",
      "UPDATE audit SET event = 'belief.pinned' WHERE namespace = 'default' AND seq = 2",
      /tampered/,
    ],
    [
      "an edited content hash",
      "UPDATE audit SET content_hash = 'x' WHERE namespace = 'default' AND seq = 1",
      /tampered/,
    ],
    [
      "a removed middle entry",
      "DELETE FROM audit WHERE namespace = 'default' AND seq = 2",
      /gap|broken-link/,
    ],
    ["a removed tail entry", "DELETE FROM audit WHERE namespace = 'default' AND seq = 4", /truncated/],
    [
      "reordered entries",
      [
        "UPDATE audit SET seq = -seq WHERE namespace = 'default' AND seq IN (2, 3)",
        "UPDATE audit SET seq = CASE seq WHEN -2 THEN 3 ELSE 2 END WHERE namespace = 'default' AND seq < 0",
      ],
      /broken-link|tampered/,
    ],
  ])("finds %s", async (_name, sql, problem) => {
    const { store } = await seeded();
    for (const statement of Array.isArray(sql) ? sql : [sql]) store.unsafeExec(statement);
    const result = await mem.verifyAudit();
    expect(result.ok).toBe(false);
    expect(result.problems.map((p) => p.problem).join("\n")).toMatch(problem);
  });

  it("keeps the change itself when audit content is switched on", async () => {
    ({ mem } = await testMemory({ policy: { auditContent: true } }));
    await mem.remember("Builds run on GitHub Actions");
    const [entry] = await mem.audit();
    expect(entry?.detail).toMatchObject({ kind: "fact" });
    expect((await mem.verifyAudit()).ok).toBe(true);
  });
});

describe("forget", () => {
  it("erases content and derived text, keeps the hash, and says what it removed", async () => {
    ({ mem } = await testMemory());
    const fact = await mem.remember("The office door code is 4512", { at: "2026-01-01" });
    const ep = await mem.record("The office door code changed to 9931", { at: "2026-02-01" });
    expect(ep.derived).toHaveLength(1);
    const derived = ep.derived[0]!;
    const result = await mem.forget(ep.id);
    expect(result.forgotten.map((f) => f.id)).toEqual([ep.id, derived]);
    const e = await mem.get(ep.id);
    expect(e).toMatchObject({
      content: "",
      status: "forgotten",
      // A keyed tombstone: the store's secret is needed to test a guess against it.
      contentHash: hmacSha256(mem.store.contentKey(), "The office door code changed to 9931"),
    });
    expect(e.contentHash).not.toBe(sha256("The office door code changed to 9931"));
    expect(await mem.get(derived)).toMatchObject({ text: "", status: "forgotten" });
    expect(await mem.recall("office door code", { k: 5, kinds: ["episode", "fact"] })).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ id: ep.id })]),
    );
    const events = (await mem.audit({ limit: 100 })).map((a) => a.event);
    expect(events).toContain("episode.forgotten");
    expect(events).toContain("belief.forgotten");
    expect((await mem.verifyAudit()).ok).toBe(true);
    // The belief it had superseded is history, untouched.
    expect(await mem.get(fact.id)).toMatchObject({ text: "The office door code is 4512" });
  });

  it("restores superseded and archived beliefs, never forgotten ones", async () => {
    ({ mem } = await testMemory());
    const a = await mem.remember("The retry limit is 5", { at: "2026-01-01" });
    await mem.remember("The retry limit is 7", { at: "2026-01-02" });
    const restored = await mem.restore(a.id);
    expect(restored).toMatchObject({ status: "active", restored: true, supersededBy: null, validTo: null });
    await mem.forget(a.id);
    await expect(mem.restore(a.id)).rejects.toMatchObject({ code: "FORGOTTEN" });
  });
});
