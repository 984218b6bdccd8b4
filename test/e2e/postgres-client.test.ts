/**
 * A shared PostgreSQL memory wired into an agent client as docs/postgres.md tells a team to:
 * `strata --db postgres://user@host/db?schema=… install <client>`, the password in ~/.pgpass,
 * and the entry then started the way the client starts it — with the client's own environment,
 * which holds no PGPASSWORD (Claude Desktop's never does). The MCP server and the Claude Code
 * hooks must connect and say nothing on stderr but their own lines; install must warn when the
 * entry would carry the password in plain text, or would find none. Needs DATABASE_URL.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bin, ensureBuilt } from "../support/built-cli.js";
import { schemasDroppedAfterAll } from "../support/pg-schemas.js";

const DATABASE_URL = process.env.DATABASE_URL;
const password = DATABASE_URL ? decodeURIComponent(new URL(DATABASE_URL).password) : "";
const skip = !DATABASE_URL
  ? "DATABASE_URL is not set (postgres://user:password@host:5432/db)"
  : !password
    ? "DATABASE_URL has no password: nothing for ~/.pgpass to hold"
    : null;
if (skip) console.log(`postgres client e2e: skipped: ${skip}`);

const schema = `e2e_client_${process.pid}`;
let home: string;
let bare: string; // a HOME with no ~/.pgpass

/** DATABASE_URL in its own schema, with or without its password. */
function location(withPassword: boolean): string {
  const u = new URL(DATABASE_URL!);
  if (!withPassword) u.password = "";
  u.searchParams.set("schema", schema);
  return u.toString();
}

/** The environment an MCP client or hook starts strata with: no PGPASSWORD, no shell. */
const clientEnv = (h: string) => ({ PATH: process.env.PATH ?? "", HOME: h, NO_COLOR: "1" });

function strata(args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: "utf8", env });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe.skipIf(skip !== null)(
  `an agent client on a shared PostgreSQL memory${skip ? ` (skipped: ${skip})` : ""}`,
  () => {
    schemasDroppedAfterAll()(schema);
    beforeAll(() => {
      ensureBuilt();
      home = mkdtempSync(join(tmpdir(), "strata-pgclient-"));
      bare = mkdtempSync(join(tmpdir(), "strata-pgclient-bare-"));
      const u = new URL(DATABASE_URL!);
      const field = (s: string) => s.replace(/\\/g, "\\\\").replace(/:/g, "\\:");
      const line = [
        u.hostname,
        u.port || "5432",
        u.pathname.slice(1),
        decodeURIComponent(u.username),
        password,
      ]
        .map(field)
        .join(":");
      writeFileSync(join(home, ".pgpass"), `${line}\n`);
      chmodSync(join(home, ".pgpass"), 0o600);
    }, 90_000);
    afterAll(() => {
      if (home) rmSync(home, { recursive: true, force: true });
      if (bare) rmSync(bare, { recursive: true, force: true });
    });

    it("install, then the MCP server and the hooks as the client starts them, the password in ~/.pgpass alone", async () => {
      const init = strata(["--db", location(false), "init"], clientEnv(home));
      expect(init.stderr).toBe("");
      expect(init.status).toBe(0);

      const mcpConfig = join(home, "project", ".mcp.json");
      const settings = join(home, "project", ".claude", "settings.json");
      const install = strata(
        [
          "--db",
          location(false),
          "--json",
          "install",
          "claude-code",
          "--mcp-config",
          mcpConfig,
          "--settings",
          settings,
        ],
        clientEnv(home),
      );
      expect(install.status).toBe(0);
      expect(JSON.parse(install.stdout)).toMatchObject({ warnings: [] }); // ~/.pgpass holds the password

      const entry = JSON.parse(readFileSync(mcpConfig, "utf8")).mcpServers.strata as {
        command: string;
        args: string[];
      };
      const transport = new StdioClientTransport({
        command: entry.command,
        args: entry.args,
        env: clientEnv(home),
        stderr: "pipe",
      });
      let stderr = "";
      transport.stderr?.on("data", (d: Buffer) => {
        stderr += d.toString();
      });
      const client = new Client({ name: "pgclient", version: "1" });
      await client.connect(transport);
      try {
        const stored = await client.callTool({
          name: "remember",
          arguments: { statement: "The billing service deploys with blue-green" },
        });
        expect(stored.isError).toBeFalsy();
        const recalled = await client.callTool({ name: "recall", arguments: { query: "billing deploys" } });
        expect(recalled.isError).toBeFalsy();
        expect(JSON.stringify(recalled.structuredContent)).toContain("blue-green");
      } finally {
        await client.close();
      }
      expect(stderr).not.toMatch(/DeprecationWarning|asks for a password/);

      const hooks = JSON.parse(readFileSync(settings, "utf8")).hooks as Record<
        string,
        { hooks: { command: string }[] }[]
      >;
      for (const [event, payload] of [
        ["SessionEnd", { session_id: "s1", cwd: home, hook_event_name: "SessionEnd", reason: "exit" }],
        [
          "SessionStart",
          { session_id: "s2", cwd: home, hook_event_name: "SessionStart", prompt: "billing deploys" },
        ],
      ] as const) {
        const command = hooks[event]![0]!.hooks[0]!.command;
        const r = spawnSync("/bin/sh", ["-c", command], {
          input: JSON.stringify(payload),
          encoding: "utf8",
          env: clientEnv(home),
        });
        expect(r.status, event).toBe(0);
        expect(r.stderr, event).not.toMatch(/DeprecationWarning|asks for a password|Cannot reach/);
        if (event === "SessionStart") expect(r.stdout).toContain("blue-green");
      }
    }, 90_000);

    it("install warns when the entry would hold the password in plain text, or would find none", () => {
      const inUrl = strata(
        ["--db", location(true), "--json", "install", "cursor", "--print"],
        clientEnv(bare),
      );
      expect(inUrl.status).toBe(0);
      const plain = JSON.parse(inUrl.stdout) as { warnings: string[] };
      expect(plain.warnings).toHaveLength(1);
      expect(plain.warnings[0]).toMatch(
        /holds its password, so it is written in plain text in .*~\/\.pgpass/,
      );
      expect(plain.warnings[0]).not.toContain(`:${password}@`);

      const shellOnly = strata(["--db", location(false), "install", "cursor", "--print"], {
        ...clientEnv(bare),
        PGPASSWORD: password,
      });
      expect(shellOnly.status).toBe(0);
      expect(shellOnly.stdout).toMatch(
        /\nwarning: the store's URL gives no password; PGPASSWORD set in this shell is not written/,
      );
      expect(shellOnly.stdout).toContain("~/.pgpass");
      expect(shellOnly.stdout).not.toContain(`:${password}@`);

      const sqlite = strata(
        ["--db", join(bare, "m.db"), "--json", "install", "cursor", "--print"],
        clientEnv(bare),
      );
      expect(JSON.parse(sqlite.stdout)).toMatchObject({ warnings: [] });
    }, 60_000);
  },
);
