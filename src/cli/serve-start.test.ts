/**
 * `strata serve --http` when it cannot start as asked: a port another process holds, a host that
 * is not this machine's, and a STRATA_TOKEN that is set but empty (`STRATA_TOKEN=$(cat FILE)` with
 * no FILE). Each says what to do instead of a bare socket error or a silent start without a token.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openMemory } from "../open-memory.js";
import { listenFailure, resolveToken, runServe } from "./commands/serve.js";
import { UsageError } from "./usage-error.js";

let dir: string;
let blocker: Server | null = null;
let stderr: string[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "strata-serve-start-"));
  stderr = [];
  vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    stderr.push(String(chunk));
    return true;
  });
});

afterEach(async () => {
  vi.restoreAllMocks();
  if (blocker) await new Promise<void>((done) => blocker!.close(() => done()));
  blocker = null;
  rmSync(dir, { recursive: true, force: true });
});

/** A port on 127.0.0.1 that another listener holds. */
async function busyPort(): Promise<number> {
  blocker = createServer();
  await new Promise<void>((done) => blocker!.listen(0, "127.0.0.1", () => done()));
  return (blocker.address() as { port: number }).port;
}

describe("strata serve --http on a port in use", () => {
  it("is a usage error naming the port and --port, not a bare socket error; nothing is served", async () => {
    const port = await busyPort();
    const mem = await openMemory({ path: join(dir, "m.db") });
    try {
      const started = runServe(mem, { http: true, port, version: "0.0.0" });
      await expect(started).rejects.toBeInstanceOf(UsageError);
      await expect(started).rejects.toThrow(
        `port ${port} on 127.0.0.1 is already in use (another strata serve --http, or another program): stop it, or pick another port with --port N (--port 0 picks a free one). Nothing was started.`,
      );
    } finally {
      await mem.close();
    }
  }, 60_000);
});

describe("listenFailure", () => {
  const err = (code: string) => Object.assign(new Error(`listen ${code}`), { code });
  it("words each bind failure with what to do", () => {
    expect(listenFailure(err("EADDRINUSE"), "127.0.0.1", 8787)).toBeInstanceOf(UsageError);
    expect(listenFailure(err("EACCES"), "0.0.0.0", 80).message).toMatch(/--port 1024 or above/);
    expect(listenFailure(err("EADDRNOTAVAIL"), "10.9.9.9", 8787).message).toMatch(
      /--host 10\.9\.9\.9 is not an address of this machine/,
    );
    expect(listenFailure(err("ENOTFOUND"), "mybox.lan", 8787)).toBeInstanceOf(UsageError);
  });
  it("leaves any other failure as it was", () => {
    const other = err("EMFILE");
    expect(listenFailure(other, "127.0.0.1", 8787)).toBe(other);
    expect(listenFailure(other, "127.0.0.1", 8787)).not.toBeInstanceOf(UsageError);
  });
});

describe("STRATA_TOKEN set but empty", () => {
  it("warns that /mcp takes no token, and serves on", () => {
    expect(resolveToken({ envToken: "" })).toEqual({ token: undefined, from: null });
    expect(stderr.join("")).toMatch(/STRATA_TOKEN is set but empty.*--token-file FILE/);
  });
  it("says nothing when it is unset or set", () => {
    expect(resolveToken({})).toEqual({ token: undefined, from: null });
    expect(resolveToken({ envToken: "s3cret" })).toEqual({ token: "s3cret", from: "STRATA_TOKEN" });
    expect(stderr.join("")).toBe("");
  });
});
