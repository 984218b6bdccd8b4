/**
 * `strata install <client>` and `strata uninstall <client>`: wire Strata into an agent client.
 *
 *   - claude-code: hooks (settings.json: SessionStart → `strata hook session-start`, SessionEnd →
 *     `strata hook session-end`, appended to the existing arrays; other hooks are kept, an earlier
 *     Strata entry is replaced) and the MCP server (~/.claude.json `mcpServers.strata`);
 *   - claude-desktop, cursor, gemini, windsurf: the MCP server in the client's JSON config
 *     (`mcpServers.strata`);
 *   - codex: the MCP server as a `[mcp_servers.strata]` table in ~/.codex/config.toml (only that
 *     table is replaced; the rest of the file, comments included, is kept byte for byte).
 *
 * Every path is absolute: clients do not expand $HOME or ~, and a hook with a placeholder path
 * installs cleanly and then never fires. A Strata that runs from npx's cache is refused: the
 * config would point at files npm deletes later. (A temporary folder is not refused: a clone or a
 * CI checkout may well live there.)
 * The first time a file is touched, a copy is kept as `<file>.before-strata`. Uninstall removes
 * Strata's own entries and nothing else.
 */
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, sep } from "node:path";
import { parse as parseToml } from "smol-toml";
import { StrataError, utf8Text } from "../../core/errors.js";
import { holdsPassword, isPostgresUrl } from "../../store/open-store.js";
import { withPassfilePassword } from "../../store/postgres/postgres-passfile.js";
import { type Client, clientFileBytes } from "./clients.js";

export { CLIENTS, type Client, defaultConfigPath } from "./clients.js";

export interface InstallArgs {
  client: Client;
  /** Absolute path of the node binary that runs Strata. */
  node: string;
  /** Absolute path of Strata's CLI entry (dist/cli/main.js). */
  bin: string;
  /** The store: an absolute SQLite path or a postgres:// URL. */
  dbPath: string;
  namespace?: string;
  /** The client's MCP config file (claude-code: the file holding `mcpServers`). */
  configPath: string;
  /** claude-code only: the settings file that holds the hooks. */
  settingsPath?: string;
  /** Only show what would be written. */
  print?: boolean;
  /** Write even when Strata runs from a throwaway location (npx cache). */
  allowEphemeral?: boolean;
  /** Further folders whose contents may vanish (npx's `_npx` cache is always one). */
  ephemeralRoots?: readonly string[];
  /** The environment install runs in (PGPASSWORD, PGPASSFILE); default process.env. */
  env?: Record<string, string | undefined>;
  /** The home folder holding ~/.pgpass; default os.homedir(). */
  home?: string;
}

export interface UninstallArgs {
  client: Client;
  configPath: string;
  settingsPath?: string;
  print?: boolean;
}

interface McpServerEntry {
  type?: "stdio";
  command: string;
  args: string[];
}

export interface FileChange {
  path: string;
  /** What the file holds after the change (or would, with --print). */
  text: string;
  changed: boolean;
}

export interface InstallResult {
  action: "install" | "uninstall";
  client: Client;
  printed: boolean;
  files: FileChange[];
  /** The MCP server entry written (install only). */
  server: McpServerEntry | null;
  /** claude-code: the hook commands written (install only). */
  commands: { sessionStart: string; sessionEnd: string } | null;
  /** What may stop the entry working or leak a secret (a PostgreSQL password), and what to do. */
  warnings: string[];
}

interface HookGroup {
  matcher?: string;
  hooks: { type: string; command: string; timeout?: number }[];
}

const quote = (s: string) => (/^[A-Za-z0-9_./:@-]+$/.test(s) ? s : `"${s.replace(/(["\\$`])/g, "\\$1")}"`);

/** Why a path is a throwaway location, or null when it is a lasting install. */
export function ephemeralReason(bin: string, roots: readonly string[]): string | null {
  if (bin.split(sep).includes("_npx")) return `it runs from npx's temporary cache (${bin}), which npm clears`;
  for (const root of roots)
    if (root && (bin === root || bin.startsWith(root.endsWith(sep) ? root : root + sep)))
      return `it runs from ${root}, a folder that may be cleared (${bin})`;
  return null;
}

/**
 * A client's file as UTF-8 text ("" when it does not exist), or INVALID_INPUT naming the file and
 * the byte that is not UTF-8: read as U+FFFD, the user's other entries ("theme": "caf\xe9") were
 * written back changed (attacks47); or naming why it was not read (`clientFileBytes`: not a
 * regular file — install hung on a FIFO —, too large, unreadable). The file is the user's; it is
 * left as it is.
 */
function readText(path: string): string {
  const bytes = clientFileBytes(path);
  if (bytes === null) return "";
  if (!Buffer.isBuffer(bytes))
    throw new StrataError(
      "INVALID_INPUT",
      `${bytes.refused}, so install did not read it: fix it by hand (nothing was changed), or pass another file.`,
      { path },
    );
  return utf8Text(bytes, path);
}

function readJson(path: string): Record<string, unknown> {
  const text = readText(path);
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

const HOOKS = [
  ["SessionStart", "hook session-start"],
  ["SessionEnd", "hook session-end"],
] as const;

function withHooks(settings: Record<string, unknown>, commands: Record<string, string> | null) {
  const hooks = (
    settings.hooks && typeof settings.hooks === "object" && !Array.isArray(settings.hooks)
      ? { ...settings.hooks }
      : {}
  ) as Record<string, unknown>;
  for (const [event, verb] of HOOKS) {
    const existing = Array.isArray(hooks[event]) ? (hooks[event] as HookGroup[]) : [];
    const kept = existing.filter((g) => !isStrataHook(g, verb));
    const command = commands?.[event];
    if (command) hooks[event] = [...kept, { hooks: [{ type: "command", command, timeout: 30 }] }];
    else if (kept.length) hooks[event] = kept;
    else delete hooks[event];
  }
  const next = { ...settings, hooks };
  if (!commands && Object.keys(hooks).length === 0) delete (next as { hooks?: unknown }).hooks;
  return next;
}

function withServer(config: Record<string, unknown>, server: McpServerEntry | null) {
  const servers = (
    config.mcpServers && typeof config.mcpServers === "object" && !Array.isArray(config.mcpServers)
      ? { ...(config.mcpServers as Record<string, unknown>) }
      : {}
  ) as Record<string, unknown>;
  if (server) servers.strata = server;
  else delete servers.strata;
  return { ...config, mcpServers: servers };
}

const tomlString = (s: string) => JSON.stringify(s); // a TOML basic string escapes as JSON does

/** Codex's TOML: our `[mcp_servers.strata]` table replaced (or removed), every other line kept. */
function withTomlServer(path: string, text: string, server: McpServerEntry | null): string {
  try {
    parseToml(text);
  } catch (e) {
    throw new StrataError(
      "INVALID_INPUT",
      `${path} is not valid TOML (${(e as Error).message.split("\n")[0]}): fix it by hand (nothing was changed).`,
      { path },
    );
  }
  const lines = text.split("\n");
  const kept: string[] = [];
  let inOurs = false;
  for (const line of lines) {
    const header = /^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$/.exec(line);
    if (header) inOurs = /^mcp_servers\.(strata|"strata")(\.|$)/.test(header[1]!);
    if (!inOurs) kept.push(line);
  }
  while (kept.length && kept.at(-1)!.trim() === "") kept.pop();
  const block = server
    ? [
        "[mcp_servers.strata]",
        `command = ${tomlString(server.command)}`,
        `args = [${server.args.map(tomlString).join(", ")}]`,
      ]
    : [];
  const out = [...kept, ...(kept.length && block.length ? [""] : []), ...block];
  return out.length ? `${out.join("\n")}\n` : "";
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

function change(path: string, text: string): FileChange {
  return { path, text, changed: readText(path) !== text };
}

function write(files: FileChange[]): void {
  for (const f of files) {
    if (!f.changed) continue;
    mkdirSync(dirname(f.path), { recursive: true });
    // One backup of what was there before Strata first touched it.
    if (existsSync(f.path) && !existsSync(`${f.path}.before-strata`))
      copyFileSync(f.path, `${f.path}.before-strata`);
    writeFileSync(f.path, f.text);
  }
}

function requireAbsolute(paths: [string, string | undefined][]): void {
  for (const [what, p] of paths)
    if (p !== undefined && !isAbsolute(p) && !(what === "db" && isPostgresUrl(p)))
      throw new StrataError("INVALID_INPUT", `The ${what} path must be absolute, got "${p}".`);
}

/** `strata install <client> [--print] [--config PATH] [--settings PATH]` */
export async function runInstall(args: InstallArgs): Promise<InstallResult> {
  requireAbsolute([
    ["node", args.node],
    ["bin", args.bin],
    ["db", args.dbPath],
    ["config", args.configPath],
    ["settings", args.settingsPath],
  ]);
  const ephemeral = ephemeralReason(args.bin, args.ephemeralRoots ?? []);
  if (ephemeral && !args.allowEphemeral && !args.print)
    throw new StrataError(
      "INVALID_INPUT",
      `Refusing to wire ${args.client} to this strata: ${ephemeral}, so the config would break later. ` +
        "Install Strata for good first (from a clone: `npm install -g .` or `npm link`), then run " +
        "`strata install` again; --print shows the config, --allow-ephemeral writes it anyway.",
      { bin: args.bin },
    );

  const base = [args.node, args.bin, "--db", args.dbPath, ...(args.namespace ? ["-n", args.namespace] : [])];
  const server: McpServerEntry = {
    ...(args.client === "claude-code" ? { type: "stdio" as const } : {}),
    command: args.node,
    args: [...base.slice(1), "serve"],
  };
  const files: FileChange[] = [];
  let commands: InstallResult["commands"] = null;
  if (args.client === "claude-code") {
    const line = (...verb: string[]) => [...base, ...verb].map(quote).join(" ");
    commands = { sessionStart: line("hook", "session-start"), sessionEnd: line("hook", "session-end") };
    const settingsPath = args.settingsPath!;
    files.push(
      change(
        settingsPath,
        json(
          withHooks(readJson(settingsPath), {
            SessionStart: commands.sessionStart,
            SessionEnd: commands.sessionEnd,
          }),
        ),
      ),
    );
  }
  files.push(
    args.client === "codex"
      ? change(args.configPath, withTomlServer(args.configPath, readText(args.configPath), server))
      : change(args.configPath, json(withServer(readJson(args.configPath), server))),
  );
  if (!args.print) write(files);
  return {
    action: "install",
    client: args.client,
    printed: Boolean(args.print),
    files,
    server,
    commands,
    warnings: postgresWarnings(args, files),
  };
}

const PGPASS_HOW =
  "put it in ~/.pgpass instead (a line host:port:database:user:password, chmod 600; PGPASSFILE names another file), which strata reads whatever the environment";

/**
 * A PostgreSQL store's password and the client's environment. The client starts `strata serve`
 * (and Claude Code the hooks) with its own environment, not this shell's: PGPASSWORD exported
 * here may never reach it (Claude Desktop, started from the desktop, has no shell variables), and
 * the server then fails at its first call. A password inside the URL does reach it, but in plain
 * text in the config file and in the process list.
 */
function postgresWarnings(args: InstallArgs, files: FileChange[]): string[] {
  if (!isPostgresUrl(args.dbPath) || !URL.canParse(args.dbPath)) return [];
  const written = files.map((f) => f.path).join(" and ");
  // `?password=` is a password too (pg reads it): it was said to be "no password" (attacks50).
  if (holdsPassword(args.dbPath))
    return [
      `the store's URL holds its password, so it is written in plain text in ${written} and shows in the process list while the server runs: ${PGPASS_HOW}, and install again with the URL without it.`,
    ];
  const env = { ...(args.env ?? process.env), PGPASSWORD: undefined };
  const fromFile = withPassfilePassword(args.dbPath, { env, ...(args.home ? { home: args.home } : {}) });
  if (fromFile !== args.dbPath) return []; // ~/.pgpass holds it: the client's server reads it there
  const shell = (args.env ?? process.env).PGPASSWORD
    ? "; PGPASSWORD set in this shell is not written into the entry, and the client starts strata with its own environment, which may not hold it (Claude Desktop's never does)"
    : "";
  return [
    `the store's URL gives no password${shell}: if the server asks for one, the client's strata fails with "asks for a password and none was given". ${PGPASS_HOW[0]!.toUpperCase()}${PGPASS_HOW.slice(1)}.`,
  ];
}

/** `strata uninstall <client>`: removes Strata's hooks and MCP server entry, nothing else. */
export async function runUninstall(args: UninstallArgs): Promise<InstallResult> {
  requireAbsolute([
    ["config", args.configPath],
    ["settings", args.settingsPath],
  ]);
  const files: FileChange[] = [];
  if (args.client === "claude-code" && existsSync(args.settingsPath!))
    files.push(change(args.settingsPath!, json(withHooks(readJson(args.settingsPath!), null))));
  if (existsSync(args.configPath))
    files.push(
      args.client === "codex"
        ? change(args.configPath, withTomlServer(args.configPath, readText(args.configPath), null))
        : change(args.configPath, json(withServer(readJson(args.configPath), null))),
    );
  if (!args.print) write(files);
  return {
    action: "uninstall",
    client: args.client,
    printed: Boolean(args.print),
    files,
    server: null,
    commands: null,
    warnings: [],
  };
}

export function renderInstall(r: InstallResult): string {
  const warnings = r.warnings.map((w) => `warning: ${w}`);
  if (r.printed)
    return [...r.files.flatMap((f) => [`# ${f.path}`, f.text.trimEnd()]), ...warnings].join("\n");
  const touched = r.files.filter((f) => f.changed);
  if (r.action === "uninstall")
    return touched.length
      ? [...touched.map((f) => `Strata removed from ${f.path}`), `Restart ${r.client} to unload it.`].join(
          "\n",
        )
      : `Strata was not installed for ${r.client}: nothing to remove.`;
  return [
    ...(r.commands
      ? [
          `Claude Code hooks written to ${r.files[0]!.path}`,
          `  SessionStart: ${r.commands.sessionStart}`,
          `  SessionEnd:   ${r.commands.sessionEnd}`,
        ]
      : []),
    `MCP server "strata" written to ${r.files.at(-1)!.path}`,
    `Restart ${r.client} to load it, and paste docs/agent-instructions.md (or \`strata instructions\`) into its instructions file.`,
    ...warnings,
  ].join("\n");
}
