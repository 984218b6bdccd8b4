/**
 * The agent-facing commands: `serve` (MCP), `install claude-code`, `instructions` and
 * `hook session-start|end`.
 * Registered from createProgram with one call, so they live apart from the engine-verb commands.
 */
import { realpathSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import type { Command } from "commander";
import { AGENT_INSTRUCTIONS, CLI_AGENT_INSTRUCTIONS } from "../mcp/agent-instructions.js";
import { toInteger } from "./args.js";
import { type HookResult, renderHook, runHookSessionEnd, runHookSessionStart } from "./commands/hook.js";
import { type InstallResult, renderInstall, runInstall } from "./commands/install.js";
import { renderServe, runServe, type ServeResult } from "./commands/serve.js";
import type { GlobalOptions, Invocation } from "./program.js";
import { UsageError } from "./usage-error.js";

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
    .option("--token <token>", "require Authorization: Bearer <token> over HTTP (env STRATA_MCP_TOKEN)")
    .option("--compat <name>", "memory-server: expose the official MCP memory server's nine tools instead")
    .option("--sampling <mode>", "auto (default): judge sweeps with the client's model when offered; off")
    .option("--regenerate-manifest", "write the tool-integrity manifest for the current tools, then exit")
    .addHelpText(
      "after",
      examples(
        "strata --db ~/.strata/memory.db serve",
        "strata serve --http --port 8787 --token s3cret",
        "strata serve --compat memory-server",
      ),
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
              token: (o.token as string | undefined) ?? process.env.STRATA_MCP_TOKEN,
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

  program
    .command("instructions")
    .description("print the agent instructions for AGENTS.md / CLAUDE.md: the MCP tools' loop, or --cli")
    .option("--cli", "the same loop with strata commands, for an agent with a shell and no MCP client")
    .addHelpText(
      "after",
      examples("strata instructions >> AGENTS.md", "strata instructions --cli >> AGENTS.md"),
    )
    .action((o: { cli?: boolean }) =>
      invoke<{ format: "mcp" | "cli"; text: string }>({
        command: "instructions",
        run: {
          standalone: async () =>
            o.cli
              ? { format: "cli", text: CLI_AGENT_INSTRUCTIONS }
              : { format: "mcp", text: AGENT_INSTRUCTIONS },
        },
        render: (r) => r.text.trimEnd(),
      }),
    );

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
  hookCommand(
    "session-end",
    "consolidate pending episodes (skipped when another sleep runs or over 2000 pending), then maintain",
  );
}
