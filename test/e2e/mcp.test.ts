/**
 * The built MCP server, end to end: `node dist/cli/main.js serve` spawned over stdio and over
 * Streamable HTTP (with and without its bearer token), driven by the SDK's own client transports.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bin, ensureBuilt, serveHttp } from "../support/built-cli.js";

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "strata-mcp-e2e-"));
}, 90_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const structured = (r: unknown) => (r as { structuredContent: Record<string, unknown> }).structuredContent;

describe("strata serve (built)", () => {
  it("speaks MCP over stdio and keeps what it was told across runs", async () => {
    const db = join(dir, "stdio.db");
    const open = async () => {
      const client = new Client({ name: "e2e", version: "1" });
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [bin, "--db", db, "serve"],
          stderr: "pipe",
        }),
      );
      return client;
    };
    const first = await open();
    const tools = (await first.listTools()).tools;
    expect(tools.map((t) => t.name)).toContain("recall");
    // The CLI's build carries its own zod and the SDK beside it: the SDK turns the tools' zod
    // schemas into JSON Schema and checks arguments with them, so both must be one zod's.
    const remember = tools.find((t) => t.name === "remember")!;
    expect(remember.inputSchema).toMatchObject({
      type: "object",
      properties: { statement: { type: "string" } },
      required: expect.arrayContaining(["statement"]),
    });
    const bad = await first.callTool({ name: "remember", arguments: { statement: 42 } });
    expect(bad.isError).toBe(true);
    expect(JSON.stringify(bad.content)).toMatch(/statement/);
    const r = await first.callTool({
      name: "remember",
      arguments: { statement: "The billing service deploys with blue-green" },
    });
    expect(structured(r)).toMatchObject({ verdict: "novel", id: "b1" });
    await first.close();

    const second = await open();
    const hits = await second.callTool({ name: "recall", arguments: { query: "billing deploy" } });
    expect(structured(hits).hits).toEqual([expect.objectContaining({ id: "b1" })]);
    await second.close();
  });

  it("serves Streamable HTTP on 127.0.0.1 behind a bearer token", async () => {
    const { url, child } = await serveHttp([
      "--db",
      join(dir, "http.db"),
      "serve",
      "--http",
      "--port",
      "0",
      "--token",
      "s3cret",
    ]);
    try {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);

      const denied = await fetch(url, {
        method: "POST",
        body: "{}",
        headers: { "content-type": "application/json" },
      });
      expect(denied.status).toBe(401);
      const anonymous = new Client({ name: "e2e", version: "1" });
      await expect(anonymous.connect(new StreamableHTTPClientTransport(new URL(url)))).rejects.toThrow();

      const client = new Client({ name: "e2e", version: "1" });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(url), {
          requestInit: { headers: { Authorization: "Bearer s3cret" } },
        }),
      );
      const r = await client.callTool({
        name: "record",
        arguments: { content: "Deploy failed: migration lock timeout", type: "outcome", outcome: "failure" },
      });
      expect(structured(r)).toMatchObject({ verdict: "novel", id: "e1" });
      const ctx = await client.callTool({ name: "context", arguments: { goal: "deploy" } });
      expect(String(structured(ctx).text)).toContain("migration lock timeout");
      await client.close();
    } finally {
      child.kill("SIGTERM");
    }
  });
});
