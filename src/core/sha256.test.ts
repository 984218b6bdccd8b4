import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createRandom } from "../../test/support/random.js";
import { hmacSha256, sha256 } from "./sha256.js";

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
      // Alternating keys: a key's pads are never reused for another.
      const key = keys[length % keys.length]!;
      expect(hmacSha256(key, t)).toBe(createHmac("sha256", key).update(t, "utf8").digest("hex"));
    }
  });
});
