/**
 * The shipped stdio MCP server and `serve --http` start-up rules, as real child processes:
 * a message over the stdio limit gets a coded JSON-RPC error and the server keeps answering;
 * a server bound beyond loopback refuses to start without a token; --token warns.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idFromPrefix } from "../../src/mcp/stdio.js";
import { bin, ensureBuilt, serveHttp } from "../support/built-cli.js";
import { jsonLines } from "../support/json-lines.js";

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "strata-security-stdio-"));
}, 120_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("stdio: message size limit", () => {
  it("answers an oversized message with PAYLOAD_TOO_LARGE and keeps serving", async () => {
    const child = spawn(process.execPath, [bin, "--db", join(dir, "stdio.db"), "serve"], {
      stdio: ["pipe", "pipe", "pipe"],
      env: { ...process.env, STRATA_MAX_MESSAGE_BYTES: String(1024 * 1024) },
    });
    try {
      const io = jsonLines(child);
      io.send({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
      });
      expect(await io.next()).toMatchObject({ id: 1, result: expect.any(Object) });
      io.send({ jsonrpc: "2.0", method: "notifications/initialized" });

      // 3 MiB in several writes, over a 1 MiB limit.
      const huge = JSON.stringify({
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: { name: "record", arguments: { content: "y".repeat(3 * 1024 * 1024) } },
      });
      for (let i = 0; i < huge.length; i += 256 * 1024) io.sendRaw(huge.slice(i, i + 256 * 1024));
      io.sendRaw("\n");
      const refused = await io.next();
      expect(refused).toMatchObject({ id: 2, error: { code: -32600, data: { code: "PAYLOAD_TOO_LARGE" } } });

      // Still alive and listening: a normal call after the oversized one is answered.
      io.send({
        jsonrpc: "2.0",
        id: 3,
        method: "tools/call",
        params: { name: "remember", arguments: { statement: "The stdio server survives big messages" } },
      });
      const after = await io.next();
      expect(after).toMatchObject({ id: 3, result: { structuredContent: { verdict: "novel" } } });

      // A line that is not JSON gets a parse error, not silence.
      io.sendRaw("this is not json\n");
      expect(await io.next()).toMatchObject({ error: { code: -32700 } });
      io.send({ jsonrpc: "2.0", id: 4, method: "tools/list" });
      expect(await io.next()).toMatchObject({ id: 4, result: { tools: expect.any(Array) } });
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill("SIGTERM");
    }
  }, 60_000);

  it("finds a request's id before its params, and never inside them", () => {
    expect(idFromPrefix('{"jsonrpc":"2.0","id":7,"method":"x","params":{"id":9')).toBe(7);
    expect(idFromPrefix('{"jsonrpc":"2.0","id":"a\\"b","method":"x"')).toBe('a"b');
    expect(idFromPrefix('{"jsonrpc":"2.0","method":"x","params":{"id":9')).toBeNull();
  });
});

describe("serve --http start-up", () => {
  const db = () => join(dir, "http.db");

  it("refuses to bind beyond loopback without an API key, with a message that says what to do", () => {
    const r = spawnSync(
      process.execPath,
      [
        bin,
        "--db",
        join(dir, "keyless.db"),
        "serve",
        "--http",
        "--host",
        "0.0.0.0",
        "--port",
        "0",
        "--token",
        "t",
      ],
      { encoding: "utf8", timeout: 20_000 },
    );
    expect(r.status).toBe(2);
    // The key line names the served store (newcomer25): run as written, it makes the key this server reads.
    expect(r.stderr).toMatch(/with no API key.*strata --db \S*keyless\.db keys create.*127\.0\.0\.1/s);
  });

  it("binds beyond loopback with a key and no token: /mcp then needs the key", async () => {
    const keyed = join(dir, "keyed.db");
    const made = spawnSync(
      process.execPath,
      [
        bin,
        "--db",
        keyed,
        "keys",
        "create",
        "--name",
        "laptop",
        "--scope",
        "read",
        "--namespaces",
        "*",
        "--json",
      ],
      { encoding: "utf8" },
    );
    expect(made.status).toBe(0);
    const { key } = JSON.parse(made.stdout) as { key: string };
    const { url, child } = await serveHttp(
      ["--db", keyed, "serve", "--http", "--host", "0.0.0.0", "--port", "0"],
      { env: { ...process.env, STRATA_TOKEN: "", STRATA_MCP_TOKEN: "" } },
    );
    try {
      const port = new URL(url).port;
      const call = (headers: Record<string, string>) =>
        fetch(`http://127.0.0.1:${port}/mcp`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
            ...headers,
          },
          body: JSON.stringify({
            jsonrpc: "2.0",
            id: 1,
            method: "initialize",
            params: {
              protocolVersion: "2025-06-18",
              capabilities: {},
              clientInfo: { name: "t", version: "1" },
            },
          }),
        });
      expect((await call({})).status).toBe(401);
      expect((await call({ authorization: "Bearer sk_strata_000000000000_nope" })).status).toBe(401);
      expect((await call({ authorization: `Bearer ${key}` })).status).toBe(200);
    } finally {
      child.kill("SIGTERM");
    }
  });

  it("binds beyond loopback with a token from --token-file, and says where the token came from", async () => {
    const file = join(dir, "token");
    writeFileSync(file, "from-a-file\n", { mode: 0o600 });
    // Beyond loopback the REST API needs a key to tell callers apart: create one first.
    const made = spawnSync(
      process.execPath,
      [bin, "--db", db(), "keys", "create", "--name", "ops", "--scope", "read", "--namespaces", "*"],
      { encoding: "utf8" },
    );
    expect(made.status).toBe(0);
    const { url, child } = await serveHttp([
      "--db",
      db(),
      "serve",
      "--http",
      "--host",
      "0.0.0.0",
      "--port",
      "0",
      "--token-file",
      file,
    ]);
    try {
      const port = new URL(url).port;
      const denied = await fetch(`http://127.0.0.1:${port}/mcp`, { method: "POST", body: "{}" });
      expect(denied.status).toBe(401);
    } finally {
      child.kill("SIGTERM");
    }
  });

  it("warns that --token is visible in the process list, and still works", async () => {
    const { child, stderr: err } = await serveHttp([
      "--db",
      db(),
      "serve",
      "--http",
      "--port",
      "0",
      "--token",
      "argv-token",
    ]);
    try {
      expect(err).toMatch(/--token is visible .* process list/);
      expect(err).toMatch(/from --token/);
    } finally {
      child.kill("SIGTERM");
    }
  });
});
