/**
 * Hooks smoke test against the built binary: `strata install claude-code` into a temporary HOME
 * (and a settings file that already holds an unrelated hook, which must survive), then the
 * installed SessionStart command fed a real Claude Code JSON payload on stdin.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bin, ensureBuilt } from "../support/built-cli.js";

let home: string;
let db: string;
let settingsPath: string;

const strata = (args: string[], input?: string) =>
  spawnSync(process.execPath, [bin, "--db", db, ...args], {
    encoding: "utf8",
    input,
    env: { ...process.env, HOME: home, NO_COLOR: "1" },
  });

/** Runs an installed hook command the way Claude Code does: a shell, the payload on stdin. */
const runHook = (command: string, payload: string) =>
  spawnSync("/bin/sh", ["-c", command], {
    encoding: "utf8",
    input: payload,
    env: { PATH: process.env.PATH, HOME: home },
  });

beforeAll(() => {
  ensureBuilt();
  home = mkdtempSync(join(tmpdir(), "strata-home-"));
  db = join(home, ".strata", "memory.db");
  settingsPath = join(home, ".claude", "settings.json");
  mkdirSync(join(home, ".claude"));
  writeFileSync(
    settingsPath,
    JSON.stringify({
      model: "opus",
      hooks: {
        SessionStart: [
          { matcher: "startup", hooks: [{ type: "command", command: "/usr/bin/true # other tool" }] },
        ],
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "/usr/bin/true" }] }],
      },
    }),
  );
}, 90_000);
afterAll(() => {
  if (home) rmSync(home, { recursive: true, force: true });
});

describe("claude-code hooks (built)", () => {
  it("install merges hooks and the MCP server with absolute paths, keeping other hooks", () => {
    const printed = strata(["install", "claude-code", "--print"]);
    expect(printed.status).toBe(0);
    expect(printed.stdout).toContain("hook session-start");
    expect(JSON.parse(readFileSync(settingsPath, "utf8")).hooks.SessionEnd).toBeUndefined(); // --print wrote nothing

    for (let i = 0; i < 2; i++) expect(strata(["install", "claude-code"]).status).toBe(0); // twice: idempotent
    const settings = JSON.parse(readFileSync(settingsPath, "utf8"));
    expect(settings.model).toBe("opus");
    expect(settings.hooks.PreToolUse).toHaveLength(1);
    expect(settings.hooks.SessionStart).toHaveLength(2);
    expect(settings.hooks.SessionStart[0].hooks[0].command).toBe("/usr/bin/true # other tool");
    expect(settings.hooks.SessionEnd).toHaveLength(1);
    const raw = readFileSync(settingsPath, "utf8");
    expect(raw).not.toMatch(/\$HOME|~\//);
    const mcp = JSON.parse(readFileSync(join(home, ".claude.json"), "utf8")).mcpServers.strata;
    expect(mcp).toEqual({ type: "stdio", command: process.execPath, args: [bin, "--db", db, "serve"] });
  });

  it("SessionStart reads the payload from stdin and injects a goal-conditioned block", () => {
    expect(strata(["remember", "The billing service deploys with blue-green on Fridays"]).status).toBe(0);
    expect(
      strata(["remember", "Failed: running the migration without a lock timeout", "--kind", "failure"])
        .status,
    ).toBe(0);
    const settings = JSON.parse(readFileSync(settingsPath, "utf8"));
    const start = settings.hooks.SessionStart[1].hooks[0].command as string;
    const payload = JSON.stringify({
      session_id: "s-1",
      transcript_path: join(home, "t.jsonl"),
      cwd: "/work/billing",
      hook_event_name: "SessionStart",
      source: "startup",
      prompt: "deploy the billing service",
    });
    const r = runHook(start, payload);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('<strata-memory namespace="default" goal="deploy the billing service">');
    expect(r.stdout.match(/<strata-memory/g)).toHaveLength(1);
    expect(r.stdout).toContain("blue-green");
    expect(r.stdout).toContain("</strata-memory>");

    // Without a goal, the working folder conditions the block.
    const cwdOnly = runHook(
      start,
      JSON.stringify({ session_id: "s-2", cwd: "/work/billing", hook_event_name: "SessionStart" }),
    );
    expect(cwdOnly.status).toBe(0);
    expect(cwdOnly.stdout).toContain('goal="working in billing (/work/billing)"');
  });

  it("never breaks the session: garbage stdin, a missing store and SessionEnd all exit 0", () => {
    const settings = JSON.parse(readFileSync(settingsPath, "utf8"));
    const start = settings.hooks.SessionStart[1].hooks[0].command as string;
    const end = settings.hooks.SessionEnd[0].hooks[0].command as string;
    const garbage = runHook(start, "{not json");
    expect(garbage.status).toBe(0);
    expect(garbage.stdout).toBe("");
    expect(garbage.stderr).toContain("(ignored)");
    const missing = spawnSync(
      process.execPath,
      [bin, "--db", join(home, "none.db"), "hook", "session-start"],
      {
        encoding: "utf8",
        input: "{}",
      },
    );
    expect(missing.status).toBe(0);
    expect(missing.stdout).toBe("");
    const ended = runHook(
      end,
      JSON.stringify({ session_id: "s-1", hook_event_name: "SessionEnd", reason: "exit" }),
    );
    expect(ended.status).toBe(0);
  });
});
