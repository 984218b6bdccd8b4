import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createRandom } from "../../test/support/random.js";
import { canonicalJson, hmacSha256, portableSha256, sha256 } from "./sha256.js";

const ALPHABET = 'abc xyz 0123456789 é漢字🙂\n\t"{}';
function text(rand: () => number, length: number): string {
  return Array.from({ length }, () => [...ALPHABET][Math.floor(rand() * [...ALPHABET].length)]).join("");
}

describe("sha256 and hmacSha256", () => {
  it("match node:crypto on known vectors", () => {
    expect(sha256("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(hmacSha256("Jefe", "what do ya want for nothing?")).toBe(
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
  });

  it("match node:crypto on random texts of every padding length, under changing keys", () => {
    const rand = createRandom(7);
    const keys = ["k", "store-secret", "x".repeat(64), "y".repeat(65), "🙂".repeat(20)];
    for (let length = 0; length < 200; length++) {
      const t = text(rand, length);
      expect(sha256(t)).toBe(createHash("sha256").update(t, "utf8").digest("hex"));
      expect(portableSha256(t)).toBe(createHash("sha256").update(t, "utf8").digest("hex"));
      // Alternating keys: a key's pads are never reused for another.
      const key = keys[length % keys.length]!;
      expect(hmacSha256(key, t)).toBe(createHmac("sha256", key).update(t, "utf8").digest("hex"));
    }
  });

  it("the runtime's hash and this file's give the same digest, lone surrogates and long texts included", () => {
    const texts = ["", "\ud800", "a\udc00b", "\udfff\ud83d", "🙂\ud83d", "x".repeat(1000), "é".repeat(4097)];
    for (const t of texts) {
      expect(sha256(t)).toBe(portableSha256(t));
      expect(portableSha256(t)).toBe(createHash("sha256").update(t, "utf8").digest("hex"));
    }
  });

  it("canonicalJson sorts keys and drops undefined fields exactly as the first implementation did", () => {
    // The first implementation, kept here as the definition: every stored audit hash depends on it.
    const reference = (value: unknown): string => {
      if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
      if (Array.isArray(value)) return `[${value.map(reference).join(",")}]`;
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${reference(v)}`).join(",")}}`;
    };
    const rand = createRandom(11);
    const keys = ["b", "a", "10", "2", "Z", "é", "漢", "🙂", "a b", 'q"'];
    const value = (depth: number): unknown => {
      const r = rand();
      if (depth > 3 || r < 0.3)
        return [null, true, 0, -1.5, 1e21, "x", text(rand, 5), undefined][Math.floor(rand() * 8)];
      if (r < 0.6) return Array.from({ length: Math.floor(rand() * 4) }, () => value(depth + 1));
      return Object.fromEntries(keys.filter(() => rand() < 0.5).map((k) => [k, value(depth + 1)]));
    };
    for (let i = 0; i < 300; i++) {
      const v = value(0);
      expect(canonicalJson(v)).toBe(reference(v));
    }
    expect(canonicalJson({ b: 1, a: undefined, c: [undefined, { y: 2, x: 1 }] })).toBe(
      '{"b":1,"c":[null,{"x":1,"y":2}]}',
    );
  });
});
