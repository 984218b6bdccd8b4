/**
 * Setup for `vitest.adversarial.config.ts`: the store's random values made to hold the short ids
 * tests use ("b1", "e4", "a1"…), so a test whose substring check could match a random hash or
 * token fails on every run instead of once in a few hundred.
 *
 *   npx vitest run -c vitest.adversarial.config.ts test/security
 *
 * Keyed content hashes (`hmacSha256`: wrap tokens, content hashes, tombstones) and `sha256` (the
 * audit chain, whose entries hold wrap tokens) keep 18 of their 64 hex digits (still a function of
 * their input); the other 46 are short ids chosen by the hash. sha256.test.ts's known vectors fail
 * under this config, as they should. `randomBytes` (store secrets, API key ids and secrets, session tokens) returns
 * real random bytes interleaved with bytes whose hex is a short id. Only this config loads it; the
 * default config runs the engine's real randomness. In-process only: a CLI child process is not
 * affected.
 */
import { vi } from "vitest";

/** `ADVERSARIAL_IDS=b4,e2` narrows the ids (hex-spellable only) to reproduce one failure every run. */
const IDS = (process.env.ADVERSARIAL_IDS ?? "b1,e1,b2,e2,b3,e3,b4,e4,b5,e5,a1,c1,d1,f1,b6,e6").split(",");
const ID_BYTES = IDS.map((id) => Number.parseInt(id, 16));

/**
 * As long as `real`: two real hex digits, ten from the ids (where they start depends on the hash),
 * then four real and ten from the ids in turn. A 12-digit prefix (a wrap token's) holds five ids.
 */
export function adversarialHex(real: string): string {
  const start = Number.parseInt(real.slice(0, 4), 16) % IDS.length;
  const ids = [...IDS.slice(start), ...IDS, ...IDS, ...IDS, ...IDS, ...IDS].join("");
  let out = real.slice(0, 2);
  let r = 2;
  let a = 0;
  while (out.length < real.length) {
    out += ids.slice(a, a + 10);
    a += 10;
    out += real.slice(r, r + 4);
    r += 4;
  }
  return out.slice(0, real.length);
}

vi.mock("../../src/core/sha256.js", async (original) => {
  const real = await original<typeof import("../../src/core/sha256.js")>();
  return {
    ...real,
    hmacSha256: (key: string, text: string) => adversarialHex(real.hmacSha256(key, text)),
    sha256: (text: string) => adversarialHex(real.sha256(text)),
  };
});

vi.mock("node:crypto", async (original) => {
  const real = await original<typeof import("node:crypto")>();
  let turn = 0;
  const randomBytes = ((size: number, callback?: (err: Error | null, buf: Buffer) => void) => {
    const bytes = real.randomBytes(size);
    const offset = turn++;
    for (let i = 0; i < size; i += 2) bytes[i] = ID_BYTES[(offset + i / 2) % ID_BYTES.length]!;
    if (callback) {
      callback(null, bytes);
      return undefined;
    }
    return bytes;
  }) as typeof real.randomBytes;
  return { ...real, default: { ...real, randomBytes }, randomBytes };
});
