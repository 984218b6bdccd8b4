/**
 * `strata install|uninstall <client>` through the built binary into a temporary HOME: every
 * client's config is parsed back (JSON, or TOML for Codex) and must hold an absolute, runnable
 * server entry; what else the files held survives install and uninstall; a Strata running from
 * npx's cache is refused; `strata instructions` prints the served instructions.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parse as parseToml } from "smol-toml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultConfigPath } from "../../src/cli/commands/install.js";
import { AGENT_INSTRUCTIONS } from "../../src/mcp/agent-instructions.js";
import { bin, ensureBuilt } from "../support/built-cli.js";

let home: string;
let db: string;

const strata = (args: string[]) =>
  spawnSync(process.execPath, [bin, "--db", db, ...args], {
    encoding: "utf8",
    env: { ...process.env, HOME: home, NO_COLOR: "1" },
  });

/** The `strata` server entry each client would start, read back the way the client reads it. */
function serverEntry(client: string): { command: string; args: string[] } | undefined {
  const path = defaultConfigPath(client as never, home);
  if (!existsSync(path)) return undefined;
  const text = readFileSync(path, "utf8");
  if (client === "codex")
    return (parseToml(text) as { mcp_servers?: Record<string, never> }).mcp_servers?.strata;
  return (JSON.parse(text) as { mcpServers?: Record<string, never> }).mcpServers?.strata;
}

beforeAll(() => {
  ensureBuilt();
  home = mkdtempSync(join(tmpdir(), "strata-clients-"));
  db = join(home, ".strata", "memory.db");
}, 90_000);
afterAll(() => {
  if (home) rmSync(home, { recursive: true, force: true });
});

describe("install and uninstall for each client (built)", () => {
  it.each(["claude-desktop", "cursor", "gemini", "windsurf", "codex"])(
    "%s: writes a parsable, absolute server entry beside the user's own settings, then removes only it",
    (client) => {
      const path = defaultConfigPath(client as never, home);
      mkdirSync(dirname(path), { recursive: true });
      const theirs =
        client === "codex"
          ? '# my codex config\nmodel = "o4"\n\n[mcp_servers.other]\ncommand = "other-server"\n'
          : `${JSON.stringify({ theme: "dark", mcpServers: { other: { command: "other-server" } } }, null, 2)}\n`;
      writeFileSync(path, theirs);

      for (let i = 0; i < 2; i++) expect(strata(["install", client]).status, `install ${client}`).toBe(0);
      const entry = serverEntry(client);
      expect(entry).toEqual({ command: process.execPath, args: [bin, "--db", db, "serve"] });
      const text = readFileSync(path, "utf8");
      if (client === "codex") {
        expect(text.startsWith(theirs.trimEnd())).toBe(true); // the comment and their table kept verbatim
        expect(text.match(/\[mcp_servers\.strata\]/g)).toHaveLength(1); // installed twice, one table
      } else
        expect(JSON.parse(text)).toMatchObject({
          theme: "dark",
          mcpServers: { other: { command: "other-server" } },
        });
      expect(readFileSync(`${path}.before-strata`, "utf8")).toBe(theirs);

      const un = strata(["uninstall", client, "--json"]);
      expect(un.status).toBe(0);
      expect(serverEntry(client)).toBeUndefined();
      if (client === "codex") expect(readFileSync(path, "utf8")).toBe(theirs);
      else expect(JSON.parse(readFileSync(path, "utf8"))).toEqual(JSON.parse(theirs));
    },
  );

  it("claude-code: uninstall removes Strata's hooks and server and keeps everything else", () => {
    const settingsPath = join(home, ".claude", "settings.json");
    mkdirSync(dirname(settingsPath), { recursive: true });
    const other = { matcher: "startup", hooks: [{ type: "command", command: "/usr/bin/true # other" }] };
    writeFileSync(settingsPath, JSON.stringify({ model: "opus", hooks: { SessionStart: [other] } }));
    expect(strata(["install", "claude-code"]).status).toBe(0);
    expect(JSON.parse(readFileSync(settingsPath, "utf8")).hooks.SessionStart).toHaveLength(2);
    expect(serverEntry("claude-code")).toMatchObject({ type: "stdio", command: process.execPath });

    const r = strata(["uninstall", "claude-code"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("Strata removed from");
    expect(JSON.parse(readFileSync(settingsPath, "utf8"))).toEqual({
      model: "opus",
      hooks: { SessionStart: [other] },
    });
    expect(serverEntry("claude-code")).toBeUndefined();
    expect(strata(["uninstall", "claude-code"]).stdout).toContain("nothing to remove");
  });

  it("refuses to point a client at npx's cache, and says how to install for good", () => {
    // A copy of the CLI under a folder shaped like npx's cache (…/_npx/<hash>/node_modules/…).
    const npx = join(home, ".npm", "_npx", "0a1b2c", "node_modules", "strata-memory", "dist", "cli");
    mkdirSync(npx, { recursive: true });
    writeFileSync(join(npx, "main.js"), 'import("' + bin + '").then((m) => m);\n');
    const r = spawnSync(process.execPath, [join(npx, "main.js"), "--db", db, "install", "cursor", "--json"], {
      encoding: "utf8",
      env: { ...process.env, HOME: home },
    });
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout).error.code).toBe("INVALID_INPUT");
    expect(r.stderr).toMatch(/npx's temporary cache.*npm install -g \..*npm link/s);
    expect(serverEntry("cursor")).toBeUndefined();
  });

  it("an unknown client is a usage error (exit 2) naming the clients it knows", () => {
    const r = strata(["install", "vim"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("claude-code, claude-desktop, cursor, codex, gemini, windsurf");
  });

  it("strata instructions prints the agent instructions the MCP server serves", () => {
    const r = strata(["instructions"]);
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe(AGENT_INSTRUCTIONS.trim());
  });

  it("serve refuses HTTP flags without --http (exit 2), saying what to do", () => {
    const r = strata(["serve", "--port", "9999"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("--port applies to --http only: add --http");
  });
});
