/**
 * The agent-facing commands: `serve` (MCP), `install claude-code`, `instructions` and
 * `hook session-start|end`.
 * Registered from createProgram with one call, so they live apart from the engine-verb commands.
 */
import { realpathSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { type Command, Option } from "commander";
import { toInteger, toNumber } from "./args.js";
import { CLIENTS, type Client, defaultConfigPath } from "./commands/clients.js";
import { renderCompletion, SHELLS, type Shell } from "./commands/completion.js";
import { type HookResult, renderHook, runHookSessionEnd, runHookSessionStart } from "./commands/hook.js";
import type { InstallResult } from "./commands/install.js";
import { renderServe, runServe, type ServeResult } from "./commands/serve.js";
import { examples } from "./help-text.js";
import type { GlobalOptions, Invocation } from "./invocation.js";
import { UsageError } from "./usage-error.js";

interface PathOptions {
  clientConfig?: string;
  settings?: string;
  mcpConfig?: string;
}

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

/** install.ts (and its TOML parser) loads only when install or uninstall runs; rendering follows the run. */
let install: typeof import("./commands/install.js") | undefined;
const loadInstall = async () => {
  install ??= await import("./commands/install.js");
  return install;
};

export function registerAgentCommands(
  program: Command,
  version: string,
  on: (inv: Invocation) => void,
): void {
  const invoke = <T>(invocation: Invocation<T>) => on(invocation as Invocation);

  program
    .command("serve")
    .description(
      "run the MCP server over stdio (default), or with --http the HTTP server: MCP at /mcp, REST at /v1, reference at /docs",
    )
    .option(
      "--http",
      "serve HTTP instead of stdio: MCP (Streamable HTTP), the REST API, /docs and /openapi.json",
    )
    .option("--port <n>", "HTTP port (default 8787; 0 picks a free one)", (v) => toInteger(v, "--port"))
    .option("--host <host>", "HTTP interface to bind (default 127.0.0.1)")
    .option(
      "--token-file <path>",
      "also accept Authorization: Bearer <token> on /mcp, with every tool; the token is this file's first line (or env STRATA_TOKEN)",
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
      "comma-separated browser origins (scheme://host[:port]) whose pages may call /v1 and /mcp, answered with CORS naming that origin, never * (default: none but the server's own; null and * are refused)",
    )
    .option(
      "--max-body-bytes <n>",
      "largest HTTP request body (default 4194304); over it: 413 PAYLOAD_TOO_LARGE",
      (v) => toInteger(v, "--max-body-bytes"),
    )
    .option(
      "--write-rate <n>",
      "REST writes per second per API key (bursts of 10x; default 20); over it: 429 RATE_LIMITED",
      (v) => toNumber(v, "--write-rate"),
    )
    .option(
      "--worker",
      "with --http: run the background worker in the server (maintain, consolidate when needed)",
    )
    .option("--worker-interval <duration>", "with --worker: time between ticks (default 5m)")
    .option("--compat <name>", "memory-server: expose the official MCP memory server's nine tools instead")
    .option("--sampling <mode>", "auto (default): judge sweeps with the client's model when offered; off")
    .addOption(
      new Option(
        "--index-build <when>",
        "auto (default): a large store's search indexes built in a worker thread at start-up, a small one's on search; background; on-search",
      ).choices(["auto", "background", "on-search"]),
    )
    .option("--regenerate-manifest", "write the tool-integrity manifest for the current tools, then exit")
    .addHelpText(
      "after",
      examples(
        "strata --db ~/.strata/memory.db serve",
        "strata serve --http --port 8787 --token-file ~/.strata/token   # clients send Authorization: Bearer <its first line>",
        "strata serve --http --host 0.0.0.0 --allowed-hosts mybox.lan   # needs a key: strata keys create",
        "strata keys create --name ci-bot --scope write --namespaces team-a && strata serve --http",
        "strata serve --http --worker --worker-interval 10m",
        "curl -H 'Authorization: Bearer sk_strata_…' 'http://127.0.0.1:8787/v1/namespaces/team-a/recall?query=retries'",
        "strata serve --compat memory-server",
      ),
    )
    .addHelpText(
      "after",
      "\nEnvironment:\n  STRATA_TOKEN              an optional bearer token for /mcp with every tool (STRATA_MCP_TOKEN is read too)\n  STRATA_MAX_MESSAGE_BYTES  largest stdio message (default 10485760); over it: a JSON-RPC error, the server keeps serving\n\nHTTP checks Host (DNS-rebinding protection) and Origin on every request: 403 HOST_NOT_ALLOWED / ORIGIN_NOT_ALLOWED.\nMCP (/mcp) and REST (/v1) take API keys (strata keys create), sent as Authorization: Bearer <key>; each checked against its namespaces and scope. With no live key the server answers loopback callers only and binds to loopback only: beyond loopback it needs a key.\n",
    )
    .action((o: Record<string, string | number | boolean | undefined>) =>
      invoke<ServeResult>({
        command: "serve",
        run: {
          engine: (mem, env) =>
            runServe(mem, {
              ...(env.dbOption ? { dbOption: env.dbOption } : {}),
              http: Boolean(o.http),
              port: o.port as number | undefined,
              host: o.host as string | undefined,
              token: o.token as string | undefined,
              tokenFile: o.tokenFile as string | undefined,
              // An empty STRATA_TOKEN beside a set STRATA_MCP_TOKEN leaves the older one in force.
              envToken: process.env.STRATA_TOKEN?.trim()
                ? process.env.STRATA_TOKEN
                : (process.env.STRATA_MCP_TOKEN ?? process.env.STRATA_TOKEN),
              allowedHosts: o.allowedHosts as string | undefined,
              allowedOrigins: o.allowedOrigins as string | undefined,
              maxBodyBytes: o.maxBodyBytes as number | undefined,
              writeRate: o.writeRate as number | undefined,
              worker: Boolean(o.worker),
              workerInterval: o.workerInterval as string | undefined,
              maxMessageBytes: messageLimit(process.env.STRATA_MAX_MESSAGE_BYTES),
              compat: o.compat as string | undefined,
              sampling: o.sampling as string | undefined,
              indexBuild: o.indexBuild as string | undefined,
              regenerateManifest: Boolean(o.regenerateManifest),
              version,
            }),
        },
        render: renderServe,
      }),
    );

  const clientList = CLIENTS.join(", ");
  const asClient = (verb: string, name: string): Client => {
    if (!(CLIENTS as readonly string[]).includes(name))
      throw new UsageError(`${verb} knows ${clientList}; got "${name}".`);
    return name as Client;
  };
  const paths = (client: Client, env: { resolvePath(p: string): string }, o: PathOptions) => ({
    configPath: env.resolvePath(o.clientConfig ?? o.mcpConfig ?? defaultConfigPath(client, homedir())),
    ...(client === "claude-code"
      ? { settingsPath: env.resolvePath(o.settings ?? join(homedir(), ".claude", "settings.json")) }
      : {}),
  });

  program
    .command("install")
    .description(
      "wire Strata into an agent client: the MCP server, and for claude-code the SessionStart/SessionEnd hooks",
    )
    .argument("<client>", clientList)
    .option("--print", "only show what would be written")
    .option("--client-config <path>", "the client's MCP config file (default: where the client reads it)")
    .option("--settings <path>", "claude-code: settings file for the hooks (default ~/.claude/settings.json)")
    .option(
      "--mcp-config <path>",
      "claude-code: file holding mcpServers (default ~/.claude.json; a project's .mcp.json works)",
    )
    .option("--allow-ephemeral", "write even when strata runs from npx's cache")
    .addHelpText(
      "after",
      `\nDefault config files: ${CLIENTS.map((c) => `${c} ${defaultConfigPath(c, "~")}`).join("; ")}.\n` +
        "Install Strata for good first (`npm install -g .` or `npm link` in a clone): a config that points\n" +
        "into npx's cache breaks when npm clears it, so install refuses that.\n" +
        examples(
          "strata install claude-code --print",
          "strata --db ~/.strata/work.db install claude-code",
          "strata install claude-code --settings .claude/settings.json --mcp-config .mcp.json",
          "strata install cursor",
          "strata install codex --print",
        ),
    )
    .action((name: string, o: PathOptions & { print?: boolean; allowEphemeral?: boolean }) => {
      const client = asClient("install", name);
      const global = program.opts() as GlobalOptions;
      invoke<InstallResult>({
        command: "install",
        run: {
          standalone: async (env) =>
            (await loadInstall()).runInstall({
              client,
              node: process.execPath,
              // The entry the user ran (through any npm bin symlink): dist/cli/main.js.
              bin: realpathSync(process.argv[1] ?? ""),
              dbPath: env.dbPath,
              ...(global.namespace ? { namespace: global.namespace } : {}),
              ...paths(client, env, o),
              print: Boolean(o.print),
              allowEphemeral: Boolean(o.allowEphemeral),
            }),
        },
        render: (r) => install!.renderInstall(r),
      });
    });

  program
    .command("uninstall")
    .description("remove Strata's MCP server entry (and claude-code hooks) from an agent client's config")
    .argument("<client>", clientList)
    .option("--print", "only show what would be written")
    .option("--client-config <path>", "the client's MCP config file (default: where the client reads it)")
    .option("--settings <path>", "claude-code: settings file for the hooks (default ~/.claude/settings.json)")
    .option("--mcp-config <path>", "claude-code: file holding mcpServers (default ~/.claude.json)")
    .addHelpText("after", examples("strata uninstall claude-code", "strata uninstall cursor --print"))
    .action((name: string, o: PathOptions & { print?: boolean }) => {
      const client = asClient("uninstall", name);
      invoke<InstallResult>({
        command: "uninstall",
        run: {
          standalone: async (env) =>
            (await loadInstall()).runUninstall({ client, ...paths(client, env, o), print: Boolean(o.print) }),
        },
        render: (r) => install!.renderInstall(r),
      });
    });

  program
    .command("completion")
    .description("print a shell completion script for bash, zsh or fish")
    .argument("<shell>", SHELLS.join(" | "))
    .addHelpText(
      "after",
      examples(
        "mkdir -p ~/.local/share/bash-completion/completions && strata completion bash > ~/.local/share/bash-completion/completions/strata",
        "mkdir -p ~/.zfunc && strata completion zsh > ~/.zfunc/_strata   # with fpath+=(~/.zfunc) before compinit in .zshrc",
        "mkdir -p ~/.config/fish/completions && strata completion fish > ~/.config/fish/completions/strata.fish",
      ),
    )
    .action((shell: string) => {
      if (!(SHELLS as readonly string[]).includes(shell))
        throw new UsageError(`completion knows ${SHELLS.join(", ")}; got "${shell}".`);
      invoke<{ shell: string; script: string }>({
        command: "completion",
        run: { standalone: async () => ({ shell, script: renderCompletion(program, shell as Shell) }) },
        render: (r) => r.script,
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
          // Loaded on demand: the tool table pulls in the MCP schemas, which no other command needs.
          standalone: async () => {
            const texts = await import("../mcp/agent-instructions.js");
            return o.cli
              ? { format: "cli" as const, text: texts.CLI_AGENT_INSTRUCTIONS }
              : { format: "mcp" as const, text: texts.AGENT_INSTRUCTIONS };
          },
        },
        render: (r) => r.text.trimEnd(),
      }),
    );

  const hook = program
    .command("hook")
    .description(
      "agent hooks; read the harness's JSON payload on stdin and exit 0 on any runtime failure (a refused flag is a usage error, exit 2)",
    );
  const hookCommand = (name: "session-start" | "session-end", description: string) => {
    const command = hook.command(name).description(description);
    // Only session-start injects a block: session-end refuses --budget as an unknown option.
    if (name === "session-start")
      command.option(
        "-b, --budget <tokens>",
        "token budget of the injected block (32 to 200000, default 600)",
        (v) => toInteger(v, "--budget"),
      );
    return command
      .addHelpText(
        "after",
        examples(
          `echo '{"session_id":"s1","cwd":"/work/api","hook_event_name":"${name === "session-start" ? "SessionStart" : "SessionEnd"}"}' | strata hook ${name}`,
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
                ...(global.namespace !== undefined ? { namespace: global.namespace } : {}),
                ...(o.budget !== undefined ? { budget: o.budget } : {}),
              }),
          },
          render: renderHook,
        });
      });
  };
  hookCommand("session-start", "print a context block for the session's goal or working folder");
  hookCommand(
    "session-end",
    "consolidate pending episodes (skipped when another sleep runs; over 2000 pending asks the worker), then maintain",
  );
}
