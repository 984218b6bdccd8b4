/**
 * The agent-facing commands: `serve` (MCP), `install claude-code` and `hook session-start|end`.
 * Registered from createProgram with one call, so they live apart from the engine-verb commands.
 */
import { realpathSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import type { Command } from "commander";
import { toInteger } from "./args.js";
import { type HookResult, renderHook, runHookSessionEnd, runHookSessionStart } from "./commands/hook.js";
import { type InstallResult, renderInstall, runInstall } from "./commands/install.js";
import { renderServe, runServe, type ServeResult } from "./commands/serve.js";
import type { GlobalOptions, Invocation } from "./program.js";
import { UsageError } from "./usage-error.js";

/** STRATA_MAX_MESSAGE_BYTES: the stdio server's largest message, a positive whole number of bytes. */
function messageLimit(value: string | undefined): number | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (!/^\d+$/.test(v) || Number(v) <= 0)
    throw new UsageError(
      `STRATA_MAX_MESSAGE_BYTES must be a positive whole number of bytes (got "${v}"), e.g. 10485760.`,
    );
  return Number(v);
}

const examples = (...lines: string[]) => `\nExamples:\n${lines.map((l) => `  $ ${l}`).join("\n")}\n`;

export function registerAgentCommands(
  program: Command,
  version: string,
  on: (inv: Invocation) => void,
): void {
  const invoke = <T>(invocation: Invocation<T>) => on(invocation as Invocation);

  program
    .command("serve")
    .description("run the MCP server: stdio by default, Streamable HTTP with --http")
    .option("--http", "serve Streamable HTTP instead of stdio")
    .option("--port <n>", "HTTP port (default 8787; 0 picks a free one)", (v) => toInteger(v, "--port"))
    .option("--host <host>", "HTTP interface to bind (default 127.0.0.1)")
    .option(
      "--token-file <path>",
      "require Authorization: Bearer <token> over HTTP, the token read from this file's first line (or env STRATA_TOKEN)",
    )
    .option(
      "--token <token>",
      "the token on the command line: works, but warns (visible in the process list)",
    )
    .option(
      "--allowed-hosts <list>",
      "comma-separated Host names accepted besides localhost/127.0.0.1/[::1] (name or name:port; * for any)",
    )
    .option(
      "--allowed-origins <list>",
      "comma-separated browser origins accepted (default: none but the server's own)",
    )
    .option(
      "--max-body-bytes <n>",
      "largest HTTP request body (default 4194304); over it: 413 PAYLOAD_TOO_LARGE",
      (v) => toInteger(v, "--max-body-bytes"),
    )
    .option("--compat <name>", "memory-server: expose the official MCP memory server's nine tools instead")
    .option("--sampling <mode>", "auto (default): judge sweeps with the client's model when offered; off")
    .option("--regenerate-manifest", "write the tool-integrity manifest for the current tools, then exit")
    .addHelpText(
      "after",
      examples(
        "strata --db ~/.strata/memory.db serve",
        "STRATA_TOKEN=$(cat ~/.strata/token) strata serve --http --port 8787",
        "strata serve --http --host 0.0.0.0 --token-file ~/.strata/token --allowed-hosts mybox.lan",
        "strata serve --compat memory-server",
      ),
    )
    .addHelpText(
      "after",
      "\nEnvironment:\n  STRATA_TOKEN              the HTTP bearer token (STRATA_MCP_TOKEN is read too); required beyond loopback\n  STRATA_MAX_MESSAGE_BYTES  largest stdio message (default 10485760); over it: a JSON-RPC error, the server keeps serving\n\nHTTP checks Host (DNS-rebinding protection) and Origin on every request: 403 HOST_NOT_ALLOWED / ORIGIN_NOT_ALLOWED.\n",
    )
    .action((o: Record<string, string | number | boolean | undefined>) =>
      invoke<ServeResult>({
        command: "serve",
        run: {
          engine: (mem) =>
            runServe(mem, {
              http: Boolean(o.http),
              port: o.port as number | undefined,
              host: o.host as string | undefined,
              token: o.token as string | undefined,
              tokenFile: o.tokenFile as string | undefined,
              envToken: process.env.STRATA_TOKEN ?? process.env.STRATA_MCP_TOKEN,
              allowedHosts: o.allowedHosts as string | undefined,
              allowedOrigins: o.allowedOrigins as string | undefined,
              maxBodyBytes: o.maxBodyBytes as number | undefined,
              maxMessageBytes: messageLimit(process.env.STRATA_MAX_MESSAGE_BYTES),
              compat: o.compat as string | undefined,
              sampling: o.sampling as string | undefined,
              regenerateManifest: Boolean(o.regenerateManifest),
              version,
            }),
        },
        render: renderServe,
      }),
    );

  program
    .command("install")
    .description(
      "wire Strata into an agent harness (claude-code: SessionStart/SessionEnd hooks and the MCP server)",
    )
    .argument("<harness>", "claude-code")
    .option("--print", "only show what would be written")
    .option("--settings <path>", "Claude Code settings file (default ~/.claude/settings.json)")
    .option(
      "--mcp-config <path>",
      "file holding mcpServers (default ~/.claude.json; a project's .mcp.json works)",
    )
    .addHelpText(
      "after",
      examples(
        "strata install claude-code --print",
        "strata --db ~/.strata/work.db install claude-code",
        "strata install claude-code --settings .claude/settings.json --mcp-config .mcp.json",
      ),
    )
    .action((harness: string, o: { print?: boolean; settings?: string; mcpConfig?: string }) => {
      if (harness !== "claude-code") throw new UsageError(`install knows "claude-code", got "${harness}".`);
      const global = program.opts() as GlobalOptions;
      invoke<InstallResult>({
        command: "install",
        run: {
          standalone: (env) =>
            runInstall({
              node: process.execPath,
              // The entry the user ran (through any npm bin symlink): dist/cli/main.js.
              bin: realpathSync(process.argv[1] ?? ""),
              dbPath: env.dbPath,
              ...(global.namespace ? { namespace: global.namespace } : {}),
              settingsPath: env.resolvePath(o.settings ?? join(homedir(), ".claude", "settings.json")),
              mcpPath: env.resolvePath(o.mcpConfig ?? join(homedir(), ".claude.json")),
              print: Boolean(o.print),
            }),
        },
        render: renderInstall,
      });
    });

  const hook = program
    .command("hook")
    .description("agent hooks; read the harness's JSON payload on stdin and always exit 0");
  const hookCommand = (name: "session-start" | "session-end", description: string) =>
    hook
      .command(name)
      .description(description)
      .option("-b, --budget <tokens>", "token budget of the injected block (default 600)", (v) =>
        toInteger(v, "--budget"),
      )
      .addHelpText(
        "after",
        examples(
          `echo '{"session_id":"s1","cwd":"/work/api","hook_event_name":"SessionStart"}' | strata hook ${name}`,
        ),
      )
      .action((o: { budget?: number }) => {
        const global = program.opts() as GlobalOptions;
        invoke<HookResult>({
          command: `hook ${name}`,
          run: {
            standalone: (env) =>
              (name === "session-start" ? runHookSessionStart : runHookSessionEnd)({
                dbPath: env.dbPath,
                ...(global.namespace ? { namespace: global.namespace } : {}),
                ...(o.budget ? { budget: o.budget } : {}),
              }),
          },
          render: renderHook,
        });
      });
  hookCommand("session-start", "print a context block for the session's goal or working folder");
  hookCommand("session-end", "run maintain (homeostasis)");
}
