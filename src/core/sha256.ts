/**
 * SHA-256 in plain TypeScript, so the core hashes synchronously in any runtime without `node:crypto`
 * (`sha256` uses the runtime's own one-shot hash where there is one: the same digest, less CPU).
 * Used for content hashes and the audit chain; verified against known vectors in sha256.test.ts.
 */
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const encoder = new TextEncoder();
const W = new Uint32Array(64);
const IV = new Uint32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

/**
 * The message and its padding, reused by every hash (the core hashes synchronously, one at a
 * time): a content hash and an audit entry allocate nothing but their hex string.
 */
let buffer: Uint8Array = new Uint8Array(1024);

/**
 * The runtime's own one-shot SHA-256 when it has one (Node ≥ 20.16: `process.getBuiltinModule`
 * and `crypto.hash`, about 3.5× less CPU than this file's on an audit entry), looked up on the
 * first hash; null in any other runtime, which hashes here. The same digest either way
 * (sha256.test.ts compares them, lone surrogates included).
 */
let runtimeSha256: ((text: string) => string) | null | undefined;
function runtimeHash(): ((text: string) => string) | null {
  if (runtimeSha256 === undefined) {
    const host = globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } };
    const crypto = host.process?.getBuiltinModule?.("node:crypto") as
      | { hash?: (algorithm: string, data: string, encoding: "hex") => string }
      | undefined;
    const hash = crypto?.hash;
    runtimeSha256 = typeof hash === "function" ? (text) => hash("sha256", text, "hex") : null;
  }
  return runtimeSha256;
}

/** Hex SHA-256 of a UTF-8 string. `sha256("abc")` → `ba7816bf…`. */
export function sha256(text: string): string {
  const hash = runtimeHash();
  return hash ? hash(text) : portableSha256(text);
}

/** `sha256` computed by this file alone (what runs where the runtime has no SHA-256 of its own). */
export function portableSha256(text: string): string {
  const state = IV.slice();
  hashText(state, 0, text);
  return hexOf(state);
}

const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));
function hexOf(state: Uint32Array): string {
  let out = "";
  for (let i = 0; i < 8; i++) {
    const w = state[i]!;
    out += HEX[w >>> 24]! + HEX[(w >>> 16) & 0xff]! + HEX[(w >>> 8) & 0xff]! + HEX[w & 0xff]!;
  }
  return out;
}

/**
 * Hex HMAC-SHA256 (RFC 2104) of a UTF-8 string under a key (its UTF-8 bytes). Strata's content
 * hashes and forget's tombstones use the store's secret as the key, so a short text ("the door
 * PIN is 4821") cannot be recovered from its hash by trying every candidate.
 *
 *   hmacSha256("Jefe", "what do ya want for nothing?") // → "5bdcc146…"
 */
export function hmacSha256(key: string, text: string): string {
  const pads = padsOf(key);
  const inner = pads.inner.slice();
  hashText(inner, 64, text);
  const outer = pads.outer.slice();
  for (let i = 0; i < 8; i++) {
    const w = inner[i]!;
    buffer[i * 4] = w >>> 24;
    buffer[i * 4 + 1] = (w >>> 16) & 0xff;
    buffer[i * 4 + 2] = (w >>> 8) & 0xff;
    buffer[i * 4 + 3] = w & 0xff;
  }
  finish(outer, 64, 32);
  return hexOf(outer);
}

/**
 * The key's inner and outer pads, already compressed (the state after their one block: every
 * HMAC under the key starts from there); the last key's are kept (a store hashes under one secret).
 */
let lastPads: { key: string; inner: Uint32Array; outer: Uint32Array } | null = null;
function padsOf(key: string): { inner: Uint32Array; outer: Uint32Array } {
  if (lastPads?.key === key) return lastPads;
  let k: Uint8Array = encoder.encode(key);
  if (k.length > 64) {
    const state = IV.slice();
    buffer = capacity(k.length);
    buffer.set(k);
    finish(state, 0, k.length);
    k = new Uint8Array(32);
    for (let i = 0; i < 32; i++) k[i] = (state[i >> 2]! >>> (24 - (i % 4) * 8)) & 0xff;
  }
  const inner = new Uint8Array(64);
  const outer = new Uint8Array(64);
  for (let i = 0; i < 64; i++) {
    const byte = k[i] ?? 0;
    inner[i] = byte ^ 0x36;
    outer[i] = byte ^ 0x5c;
  }
  const innerState = IV.slice();
  compress(innerState, inner, 64);
  const outerState = IV.slice();
  compress(outerState, outer, 64);
  lastPads = { key, inner: innerState, outer: outerState };
  return lastPads;
}

/** A buffer of at least `bytes` plus room for the padding. */
function capacity(bytes: number): Uint8Array {
  return buffer.length >= bytes + 72 ? buffer : new Uint8Array(Math.max(bytes + 72, buffer.length * 2));
}

/** Hashes `text`'s UTF-8 bytes into `state`, after `prefix` bytes already compressed into it. */
function hashText(state: Uint32Array, prefix: number, text: string): void {
  // UTF-8 takes at most 3 bytes per UTF-16 code unit.
  buffer = capacity(text.length * 3);
  const { written } = encoder.encodeInto(text, buffer);
  finish(state, prefix, written);
}

/**
 * Pads the `length` message bytes at the start of `buffer` (their total with the `prefix` bytes
 * already in `state` makes the bit length) and compresses them into `state`.
 */
function finish(state: Uint32Array, prefix: number, length: number): void {
  const padded = ((length + 9 + 63) >> 6) << 6;
  buffer[length] = 0x80;
  buffer.fill(0, length + 1, padded - 8);
  const bits = (prefix + length) * 8;
  const high = Math.floor(bits / 0x100000000);
  const low = bits >>> 0;
  buffer[padded - 8] = high >>> 24;
  buffer[padded - 7] = (high >>> 16) & 0xff;
  buffer[padded - 6] = (high >>> 8) & 0xff;
  buffer[padded - 5] = high & 0xff;
  buffer[padded - 4] = low >>> 24;
  buffer[padded - 3] = (low >>> 16) & 0xff;
  buffer[padded - 2] = (low >>> 8) & 0xff;
  buffer[padded - 1] = low & 0xff;
  compress(state, buffer, padded);
}

/** SHA-256's compression of the first `length` bytes of `bytes` (whole 64-byte blocks) into `state`. */
function compress(state: Uint32Array, bytes: Uint8Array, length: number): void {
  let h0 = state[0]!;
  let h1 = state[1]!;
  let h2 = state[2]!;
  let h3 = state[3]!;
  let h4 = state[4]!;
  let h5 = state[5]!;
  let h6 = state[6]!;
  let h7 = state[7]!;

  for (let offset = 0; offset < length; offset += 64) {
    for (let i = 0; i < 16; i++) {
      const o = offset + i * 4;
      W[i] = (bytes[o]! << 24) | (bytes[o + 1]! << 16) | (bytes[o + 2]! << 8) | bytes[o + 3]!;
    }
    for (let i = 16; i < 64; i++) {
      const w15 = W[i - 15]!;
      const w2 = W[i - 2]!;
      const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
      const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
      W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) >>> 0;
    }
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    let f = h5;
    let g = h6;
    let h = h7;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (h + S1 + ch + K[i]! + W[i]!) >>> 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) >>> 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    h0 = (h0 + a) >>> 0;
    h1 = (h1 + b) >>> 0;
    h2 = (h2 + c) >>> 0;
    h3 = (h3 + d) >>> 0;
    h4 = (h4 + e) >>> 0;
    h5 = (h5 + f) >>> 0;
    h6 = (h6 + g) >>> 0;
    h7 = (h7 + h) >>> 0;
  }
  state[0] = h0;
  state[1] = h1;
  state[2] = h2;
  state[3] = h3;
  state[4] = h4;
  state[5] = h5;
  state[6] = h6;
  state[7] = h7;
}

/** JSON with object keys sorted, so the same value always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  let out: string;
  if (Array.isArray(value)) {
    out = "[";
    for (let i = 0; i < value.length; i++) out += (i > 0 ? "," : "") + canonicalJson(value[i]);
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  // Sorted by UTF-16 code units, as `<` compares strings; undefined fields are left out.
  const keys = Object.keys(record).sort();
  out = "{";
  let first = true;
  for (const k of keys) {
    const v = record[k];
    if (v === undefined) continue;
    out += `${first ? "" : ","}${JSON.stringify(k)}:${canonicalJson(v)}`;
    first = false;
  }
  return `${out}}`;
}
