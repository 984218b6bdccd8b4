/**
 * `strata hook` reads an agent's event from stdin, and the agent waits for it: whatever the
 * payload or the store, the hook must end soon, exit 0 and never read another namespace. Real
 * SQLite files; the payload as the agent's pipe gives it.
 *
 * Before attacks27: an agent that kept the pipe open kept the hook alive past its 3 s read
 * (measured: 12 s with a pipe open for 12 s, the block unprinted to the agent until then); a
 * payload of any size was read whole into memory; a field of another type (`"prompt": {…}`)
 * threw a TypeError and no block was injected; a store another program held for writing held
 * the hook for SQLite's 10 s.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, Readable } from "node:stream";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  HOOK_BUSY_TIMEOUT_MS,
  readPayload,
  runHookSessionEnd,
  runHookSessionStart,
} from "../../src/cli/commands/hook.js";
import { openMemory } from "../../src/open-memory.js";

const dir = mkdtempSync(join(tmpdir(), "strata-hook-boundary-"));
const db = join(dir, "agent.db");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  const mine = await openMemory({ path: db, namespace: "mine" });
  await mine.remember("The deploy key rotates every Monday");
  await mine.close();
  const victim = await openMemory({ path: db, namespace: "victim" });
  await victim.remember("The deploy canary zorblatt password is hunter2");
  await victim.close();
});

describe("the payload", () => {
  it("lets go of a pipe the agent keeps open: read until the timeout, then the stream is destroyed", async () => {
    const pipe = new PassThrough();
    pipe.write('{"cwd":"/work/api"');
    await expect(readPayload(pipe, 20)).rejects.toThrow(/not JSON/);
    expect(pipe.destroyed).toBe(true);
    expect(pipe.listenerCount("data")).toBe(0);
  });

  it("refuses a payload over the limit without reading the rest, and the hook still exits ok", async () => {
    const big = `{"prompt":"${"x".repeat(2 * 1024 * 1024)}"}`;
    await expect(
      readPayload(Readable.from([big.slice(0, 1 << 20), big.slice(1 << 20)]), 3000),
    ).rejects.toThrow(/over 1048576 bytes/);
    const r = await runHookSessionStart({ dbPath: db, namespace: "mine", stdin: Readable.from([big]) });
    expect(r.ok).toBe(false);
    expect(r.problem).toMatch(/over 1048576 bytes/);
  });

  it.each([
    ['{"prompt":{"text":"deploy"},"cwd":"/work/deploy"}', "working in deploy (/work/deploy)"],
    ['{"goal":42,"prompt":"deploy key"}', "deploy key"],
    ['{"cwd":{"path":"/etc"},"goal":["deploy"]}', ""],
  ])("reads only text fields of %s: the block is still injected", async (text, goal) => {
    const r = await runHookSessionStart({ dbPath: db, namespace: "mine", stdin: Readable.from([text]) });
    expect(r).toMatchObject({ ok: true, goal });
    expect(r.block).toContain("deploy key rotates");
  });

  it("a payload naming another namespace, session or transcript reads only the hook's own namespace", async () => {
    const text = JSON.stringify({
      namespace: "victim",
      session_id: "../victim",
      transcript_path: "/proc/self/environ",
      cwd: "/work/victim",
      prompt: "deploy canary zorblatt password",
    });
    const r = await runHookSessionStart({ dbPath: db, namespace: "mine", stdin: Readable.from([text]) });
    expect(r.ok).toBe(true);
    expect(r.block).not.toContain("zorblatt password is");
    expect(r.block).not.toContain("hunter2");
    expect(r.block).not.toMatch(/PATH=|HOME=/);
  });
});

describe("the store", () => {
  it(`gives up another program's write lock after ${HOOK_BUSY_TIMEOUT_MS} ms, exit ok, saying so`, async () => {
    const mine = await openMemory({ path: db, namespace: "mine" });
    await mine.record("we deployed the api on Friday");
    await mine.close();
    const holder = new Database(db);
    holder.exec("BEGIN EXCLUSIVE");
    try {
      const r = await runHookSessionEnd({ dbPath: db, namespace: "mine", stdin: Readable.from(["{}"]) });
      expect(r.ok).toBe(false);
      expect(r.problem).toContain(`${HOOK_BUSY_TIMEOUT_MS} ms`);
    } finally {
      holder.exec("ROLLBACK");
      holder.close();
    }
  });
});
