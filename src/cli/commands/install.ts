/**
 * `strata install claude-code`: wires Strata into Claude Code.
 *
 *   - hooks (settings.json): SessionStart → `strata hook session-start`, SessionEnd →
 *     `strata hook session-end`, appended to the existing arrays (other hooks are kept; an
 *     earlier Strata entry is replaced, so installing twice changes nothing);
 *   - the MCP server (~/.claude.json `mcpServers.strata`, the user scope Claude Code reads).
 *
 * Every path is absolute: Claude Code does not expand $HOME or ~ in settings.json, and a hook
 * with a placeholder path installs cleanly and then never fires.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute } from "node:path";
import { StrataError } from "../../core/errors.js";
import { isPostgresUrl } from "../../store/open-store.js";

export interface InstallArgs {
  /** Absolute path of the node binary that runs Strata. */
  node: string;
  /** Absolute path of Strata's CLI entry (dist/cli/main.js). */
  bin: string;
  /** The store: an absolute SQLite path or a postgres:// URL. */
  dbPath: string;
  namespace?: string;
  /** Claude Code settings file. Default <home>/.claude/settings.json. */
  settingsPath: string;
  /** File holding `mcpServers`. Default <home>/.claude.json. */
  mcpPath: string;
  /** Only show what would be written. */
  print?: boolean;
}

export interface InstallResult {
  printed: boolean;
  settingsPath: string;
  mcpPath: string;
  settings: Record<string, unknown>;
  mcp: { strata: McpServerEntry };
  commands: { sessionStart: string; sessionEnd: string };
}

interface McpServerEntry {
  type: "stdio";
  command: string;
  args: string[];
}
interface HookGroup {
  matcher?: string;
  hooks: { type: string; command: string; timeout?: number }[];
}

const quote = (s: string) => (/^[A-Za-z0-9_./:@-]+$/.test(s) ? s : `"${s.replace(/(["\\$`])/g, "\\$1")}"`);

function readJson(path: string): Record<string, unknown> {
  if (!existsSync(path)) return {};
  const text = readFileSync(path, "utf8");
  if (!text.trim()) return {};
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new StrataError(
    "INVALID_INPUT",
    `${path} is not a JSON object: fix it by hand (nothing was changed), or pass another file.`,
    { path },
  );
}

/** Our own entries are recognised by the hook verb, so a re-install replaces them. */
const isStrataHook = (group: HookGroup, verb: string) =>
  Array.isArray(group?.hooks) &&
  group.hooks.some((h) => typeof h.command === "string" && h.command.endsWith(verb));

function withHook(hooks: Record<string, unknown>, event: string, verb: string, command: string) {
  const existing = Array.isArray(hooks[event]) ? (hooks[event] as HookGroup[]) : [];
  hooks[event] = [
    ...existing.filter((g) => !isStrataHook(g, verb)),
    { hooks: [{ type: "command", command, timeout: 30 }] },
  ];
}

/** `strata install claude-code [--print] [--settings PATH] [--mcp-config PATH]` */
export async function runInstall(args: InstallArgs): Promise<InstallResult> {
  for (const [what, p] of [
    ["node", args.node],
    ["bin", args.bin],
    ["db", args.dbPath],
    ["settings", args.settingsPath],
    ["mcp config", args.mcpPath],
  ] as const)
    if (!isAbsolute(p) && !(what === "db" && isPostgresUrl(p)))
      throw new StrataError("INVALID_INPUT", `The ${what} path must be absolute, got "${p}".`);

  const base = [args.node, args.bin, "--db", args.dbPath, ...(args.namespace ? ["-n", args.namespace] : [])];
  const line = (...verb: string[]) => [...base, ...verb].map(quote).join(" ");
  const commands = { sessionStart: line("hook", "session-start"), sessionEnd: line("hook", "session-end") };

  const settings = readJson(args.settingsPath);
  const hooks = (
    settings.hooks && typeof settings.hooks === "object" && !Array.isArray(settings.hooks)
      ? { ...settings.hooks }
      : {}
  ) as Record<string, unknown>;
  withHook(hooks, "SessionStart", "hook session-start", commands.sessionStart);
  withHook(hooks, "SessionEnd", "hook session-end", commands.sessionEnd);
  const nextSettings = { ...settings, hooks };

  const mcpFile = readJson(args.mcpPath);
  const strata: McpServerEntry = { type: "stdio", command: args.node, args: [...base.slice(1), "serve"] };
  const servers =
    mcpFile.mcpServers && typeof mcpFile.mcpServers === "object"
      ? (mcpFile.mcpServers as Record<string, unknown>)
      : {};
  const nextMcp = { ...mcpFile, mcpServers: { ...servers, strata } };

  if (!args.print) {
    for (const [path, value] of [
      [args.settingsPath, nextSettings],
      [args.mcpPath, nextMcp],
    ] as const) {
      mkdirSync(dirname(path), { recursive: true });
      // One backup of what was there before Strata first touched it.
      if (existsSync(path) && !existsSync(`${path}.before-strata`))
        copyFileSync(path, `${path}.before-strata`);
      writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
    }
  }
  return {
    printed: Boolean(args.print),
    settingsPath: args.settingsPath,
    mcpPath: args.mcpPath,
    settings: nextSettings,
    mcp: { strata },
    commands,
  };
}

export function renderInstall(r: InstallResult): string {
  if (r.printed)
    return [
      `# ${r.settingsPath} (hooks)`,
      JSON.stringify({ hooks: r.settings.hooks }, null, 2),
      `# ${r.mcpPath} (MCP server)`,
      JSON.stringify({ mcpServers: r.mcp }, null, 2),
    ].join("\n");
  return [
    `Claude Code hooks written to ${r.settingsPath}`,
    `  SessionStart: ${r.commands.sessionStart}`,
    `  SessionEnd:   ${r.commands.sessionEnd}`,
    `MCP server "strata" written to ${r.mcpPath}`,
    "Restart Claude Code to load them.",
  ].join("\n");
}
