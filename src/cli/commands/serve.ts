/**
 * `strata serve`: the MCP server over stdio (default), or with `--http` the whole HTTP server
 * (src/server: MCP at /mcp, REST under /v1, /docs, /openapi.json) from one process and port. Checks the tool
 * definitions against the shipped integrity manifest first and refuses to start on a mismatch;
 * `--regenerate-manifest` writes a new manifest instead of serving. In stdio mode stdout is the
 * protocol channel: this command writes nothing else there (notices go to stderr).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Memory } from "../../core/engine.js";
import { counted, isStrataError, StrataError, utf8Text } from "../../core/errors.js";
import type { McpCaller } from "../../mcp/http.js";
import type { ToolManifest, ToolSet } from "../../mcp/manifest.js";
import { UsageError } from "../usage-error.js";

export interface ServeArgs {
  http?: boolean;
  port?: number;
  host?: string;
  /** A token given on the command line (`--token`): works, with a warning that argv is visible. */
  token?: string;
  /** A file holding the token (`--token-file`); its first line, trimmed. */
  tokenFile?: string;
  /** The token from the environment (STRATA_TOKEN, or the older STRATA_MCP_TOKEN). */
  envToken?: string;
  /** Comma-separated Host names accepted besides loopback (`--allowed-hosts`); `*` for any. */
  allowedHosts?: string;
  /** Comma-separated browser origins accepted (`--allowed-origins`). */
  allowedOrigins?: string;
  /** Largest HTTP request body in bytes (`--max-body-bytes`). Default 4 MiB. */
  maxBodyBytes?: number;
  /** Writes per second per API key over REST (`--write-rate`); bursts of ten times that. Default 20. */
  writeRate?: number;
  /** Run the background worker in the server (`--worker`): maintain and consolidate when needed. */
  worker?: boolean;
  /** The worker's tick interval (`--worker-interval`, e.g. 5m). Default 5m. */
  workerInterval?: string;
  /** Largest stdio message in bytes (STRATA_MAX_MESSAGE_BYTES). Default 10 MiB. */
  maxMessageBytes?: number;
  /**
   * The `--db STORE` words the `strata keys …` lines it prints must carry to reach the store it
   * serves (`RunEnv.dbOption`): a key made in another store is not one this server knows.
   */
  dbOption?: string;
  compat?: string;
  sampling?: string;
  /**
   * When the search indexes are built (`--index-build`): `auto` (default) in a worker thread at
   * start-up where the store decides it pays (SQLite: `backgroundFrom` rows), `background` in one
   * whatever the size, `on-search` on the searches that need them.
   */
  indexBuild?: string;
  regenerateManifest?: boolean;
  /** Where the shipped manifest lives. Default: src/mcp/tool-manifest.json in the package. */
  manifestPath?: string;
  version?: string;
}

export interface ServeResult {
  transport: "stdio" | "http" | "none";
  /** Set when --regenerate-manifest wrote a manifest. */
  manifest?: string;
  url?: string;
}

/** The package folder (holds package.json), from wherever this file was bundled. */
export function packageRoot(from = fileURLToPath(import.meta.url)): string {
  let dir = dirname(from);
  for (;;) {
    const candidate = join(dir, "package.json");
    if (existsSync(candidate)) {
      const pkg = JSON.parse(readFileSync(candidate, "utf8")) as { name?: string };
      if (pkg.name === "strata-memory") return dir;
    }
    const up = dirname(dir);
    if (up === dir) throw new StrataError("NOT_FOUND", "Cannot find Strata's package folder (package.json).");
    dir = up;
  }
}

export const defaultManifestPath = () => join(packageRoot(), "src", "mcp", "tool-manifest.json");

/** The manifest of every tool set, as the current code defines them. */
export async function currentManifest(): Promise<ToolManifest> {
  // Loaded on demand, like everything MCP: other commands never pay for the SDK.
  const { hashTools, TOOL_SETS } = await import("../../mcp/manifest.js");
  const { toolSpecs } = await import("../../mcp/server.js");
  return {
    algorithm: "sha256",
    sets: Object.fromEntries(TOOL_SETS.map((set) => [set, hashTools(toolSpecs(set))])),
  };
}

function readManifest(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
}

const note = (text: string) => process.stderr.write(`strata: ${text}\n`);

/**
 * Where `serve --http` listens unless `--host` or `--port` say otherwise: no settings-file entry or
 * variable moves it. `strata keys create` names it in its example line.
 */
export const DEFAULT_HTTP_HOST = "127.0.0.1";
export const DEFAULT_HTTP_PORT = 8787;

/** 127.0.0.0/8, ::1 and localhost: the addresses only this machine can reach. */
export function isLoopback(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "");
  return h === "localhost" || h === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

const list = (value: string | undefined): string[] =>
  (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The bearer token and where it came from: --token-file, then the environment, then --token
 * (which every user of the machine can read in the process list, so it earns a warning).
 */
export function resolveToken(args: ServeArgs): { token: string | undefined; from: string | null } {
  if (args.tokenFile !== undefined) {
    let text: string;
    try {
      // A token that is not UTF-8 would be compared as U+FFFD, a token no client sends (attacks47).
      text = utf8Text(readFileSync(args.tokenFile), `the token file ${args.tokenFile}`);
    } catch (error) {
      if (isStrataError(error)) throw error;
      const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
      throw new UsageError(`cannot read the token file ${args.tokenFile} (${code}); pass a readable file.`);
    }
    const token = text.split(/\r?\n/)[0]!.trim();
    if (!token)
      throw new UsageError(`the token file ${args.tokenFile} is empty: put the token on its first line.`);
    return { token, from: "--token-file" };
  }
  if (args.envToken?.trim()) return { token: args.envToken.trim(), from: "STRATA_TOKEN" };
  // Set but empty is most often a `STRATA_TOKEN=$(cat FILE)` whose FILE was missing: the server
  // would start with no token while its operator believes /mcp needs one. Say so (not refused:
  // an empty variable also means "unset" in many deployments, and no token is a safe default).
  if (args.envToken !== undefined)
    note(
      "warning: STRATA_TOKEN is set but empty, so /mcp takes no bearer token (API keys and loopback callers still work). To require one, put it in a file and pass --token-file FILE, which refuses a missing or empty file.",
    );
  if (args.token !== undefined) {
    if (!args.token.trim()) throw new UsageError("--token is empty: pass a token, or use --token-file.");
    note(
      "warning: --token is visible to every user of this machine in the process list; prefer STRATA_TOKEN or --token-file.",
    );
    return { token: args.token.trim(), from: "--token" };
  }
  return { token: undefined, from: null };
}

/**
 * Why the HTTP server could not bind, in words that say what to do (the socket's own error names
 * only a syscall). Another process on the port is the common case: a second `strata serve --http`.
 */
export function listenFailure(error: unknown, host: string, port: number): Error {
  const code = (error as NodeJS.ErrnoException).code;
  const where = `${host.includes(":") ? `[${host}]` : host}:${port}`;
  if (code === "EADDRINUSE")
    return new UsageError(
      `port ${port} on ${host} is already in use (another strata serve --http, or another program): stop it, or pick another port with --port N (--port 0 picks a free one). Nothing was started.`,
    );
  if (code === "EACCES")
    return new UsageError(
      `binding ${where} needs privileges this user lacks (ports below 1024 usually do): pick --port 1024 or above. Nothing was started.`,
    );
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND" || code === "EAI_AGAIN")
    return new UsageError(
      `--host ${host} is not an address of this machine (${code}): pass one of its own addresses, 0.0.0.0 for all of them, or leave --host out for 127.0.0.1. Nothing was started.`,
    );
  return error instanceof Error ? error : new Error(String(error));
}

/** The command that makes a key to sign in to the dashboard with, said where no key exists yet. */
export const FIRST_KEY = "strata keys create --name you --scope admin --namespaces '*'";

/**
 * `strata keys …` as the user must type it to reach the served store: with its `--db` when a flag,
 * STRATA_DB or a settings file named it (`strata --db /srv/team.db keys create …`).
 */
const keysCommand = (line: string, dbOption: string | undefined) =>
  dbOption ? line.replace(/^strata /, `strata ${dbOption} `) : line;

/** `strata serve [--http --port 8787] [--compat memory-server]` */
export async function runServe(mem: Memory, args: ServeArgs): Promise<ServeResult> {
  const manifestPath = args.manifestPath ?? defaultManifestPath();
  if (args.regenerateManifest) {
    writeFileSync(manifestPath, `${JSON.stringify(await currentManifest(), null, 2)}\n`);
    return { transport: "none", manifest: manifestPath };
  }
  if (args.compat !== undefined && args.compat !== "memory-server")
    throw new UsageError(`--compat takes "memory-server", got "${args.compat}".`);
  if (args.sampling !== undefined && args.sampling !== "auto" && args.sampling !== "off")
    throw new UsageError(`--sampling takes "auto" or "off", got "${args.sampling}".`);
  const indexBuild = args.indexBuild ?? "auto";
  if (indexBuild !== "auto" && indexBuild !== "background" && indexBuild !== "on-search")
    throw new UsageError(`--index-build takes "auto", "background" or "on-search", got "${indexBuild}".`);
  if (!args.http) {
    const httpOnly = (
      [
        ["--port", args.port],
        ["--host", args.host],
        ["--token", args.token],
        ["--token-file", args.tokenFile],
        ["--allowed-hosts", args.allowedHosts],
        ["--allowed-origins", args.allowedOrigins],
        ["--max-body-bytes", args.maxBodyBytes],
        ["--write-rate", args.writeRate],
      ] as const
    )
      .filter(([, v]) => v !== undefined)
      .map(([flag]) => flag);
    if (httpOnly.length)
      throw new UsageError(
        `${httpOnly.join(", ")} ${httpOnly.length > 1 ? "apply" : "applies"} to --http only: add --http to serve Streamable HTTP, or drop ${httpOnly.length > 1 ? "them" : "it"} to serve stdio.`,
      );
  }
  if (args.http && args.allowedOrigins !== undefined) {
    // A listed origin the server would refuse is a mistake in how it was called (exit 2, nothing
    // bound), named by its flag: the message says what an origin looks like.
    const { allowedOriginsOf } = await import("../../mcp/http.js");
    try {
      allowedOriginsOf(list(args.allowedOrigins));
    } catch (error) {
      if (isStrataError(error) && error.code === "INVALID_INPUT")
        throw new UsageError(`--allowed-origins: ${error.message}`);
      throw error;
    }
  }
  const set: ToolSet = args.compat === "memory-server" ? "memory-server" : "strata";
  const { hashTools, verifyManifest } = await import("../../mcp/manifest.js");
  const { createMcpServer, toolSpecs } = await import("../../mcp/server.js");
  verifyManifest(set, hashTools(toolSpecs(set)), readManifest(manifestPath));
  // A server lives for many calls: load the tokenizer's tables now, in the background, so the first
  // `context` call does not wait for them (a one-shot CLI call never loads them unless it counts).
  void mem.tokenizer.ready?.()?.catch(() => {});
  // And a large store's search indexes, off the request path (the store decides what is large,
  // `backgroundFrom`): the first searches are served cold meanwhile. The store decides what to
  // tell (`notice`: a build that was wanted and could not run); a small store says nothing.
  if (indexBuild !== "on-search")
    void mem
      .warmIndexes({ background: indexBuild === "auto" ? "auto" : true })
      .then((r) => r.notice && note(r.notice));

  // Over HTTP, a request signed in with an API key acts as the key and within its scope.
  const makeServer = (caller: McpCaller = {}) =>
    createMcpServer(mem, {
      version: args.version ?? "0.0.0",
      tools: set,
      sampling: args.sampling === "off" ? "off" : "auto",
      ...(caller.actor ? { actor: caller.actor } : {}),
      ...(caller.permit ? { permit: caller.permit } : {}),
    });

  if (!args.http) {
    const { BoundedStdioServerTransport } = await import("../../mcp/stdio.js");
    const server = makeServer();
    // Started by hand in a terminal, a silent stdio server looks hung: say what it is (stderr only;
    // stdout is the protocol channel).
    if (process.stdin.isTTY)
      note(
        `MCP server on stdio (${mem.store.name}, namespace "${mem.namespace}"), waiting for an MCP client's JSON-RPC on stdin. ` +
          "Let a client start it (strata install <client>), or run strata serve --http for a URL; Ctrl-D or Ctrl-C ends it.",
      );
    await new Promise<void>((resolve, reject) => {
      // The client ends the session by closing our stdin.
      process.stdin.once("end", resolve);
      process.stdin.once("close", resolve);
      server.server.onclose = resolve;
      server
        .connect(
          new BoundedStdioServerTransport(
            args.maxMessageBytes !== undefined ? { maxMessageBytes: args.maxMessageBytes } : {},
          ),
        )
        .catch(reject);
    });
    await server.close().catch(() => {});
    return { transport: "stdio" };
  }

  const host = args.host ?? DEFAULT_HTTP_HOST;
  const { token, from } = resolveToken(args);
  if (args.port !== undefined && !(args.port >= 0 && args.port <= 65535))
    throw new UsageError(`--port must be from 0 to 65535 (0 picks a free one), got ${args.port}.`);
  if (args.maxBodyBytes !== undefined && !(args.maxBodyBytes > 0))
    throw new UsageError("--max-body-bytes must be a positive number of bytes, e.g. 4194304.");
  if (args.writeRate !== undefined && !(args.writeRate > 0))
    throw new UsageError("--write-rate must be a positive number of writes per second per key, e.g. 20.");
  const { hasLiveApiKeys, listApiKeys } = await import("../../access/api-keys.js");
  const keysLive = await hasLiveApiKeys(mem.store);
  if (!keysLive && !isLoopback(host))
    throw new UsageError(
      `refusing to serve on ${host} with no API key: anyone who can reach that interface could read and erase memory. Create one first (${keysCommand("strata keys create --name NAME --scope write --namespaces NS", args.dbOption)}; MCP and REST clients send it as Authorization: Bearer <key>), or bind to 127.0.0.1.`,
    );
  const { serve } = await import("@hono/node-server");
  const { LOOPBACK_HOSTS, allowedOriginsOf } = await import("../../mcp/http.js");
  const { createServerApp } = await import("../../server/app.js");
  const { createDashboard } = await import("../../server/ui/dashboard.js");
  const dashboard = createDashboard({ memory: mem });
  // The bound address is a name clients may use too (a wildcard is not).
  const bound =
    isLoopback(host) || host === "0.0.0.0" || host === "::" ? [] : [host.includes(":") ? `[${host}]` : host];
  const allowedHosts = [...LOOPBACK_HOSTS, ...bound, ...list(args.allowedHosts)];
  // As a browser sends them (`https://App.example/` → `https://app.example`), for the start message.
  const origins = allowedOriginsOf(list(args.allowedOrigins));
  const app = createServerApp({
    memory: mem,
    makeMcpServer: makeServer,
    ...(token ? { mcpToken: token } : {}),
    allowedHosts,
    allowedOrigins: origins,
    ...(args.maxBodyBytes !== undefined ? { maxBodyBytes: args.maxBodyBytes } : {}),
    ...(args.writeRate !== undefined
      ? { writeRate: { perSecond: args.writeRate, burst: Math.max(1, Math.ceil(args.writeRate * 10)) } }
      : {}),
    ...(args.version ? { version: args.version } : {}),
    // One line per request: the route template and the key's name, never a body or query.
    log: (l) => note(`${l.method} ${l.route} ${l.status} ${l.ms}ms key=${l.key}`),
    // The dashboard, signed in with an API key (it answers /ui/ itself).
    mount: (root) => root.route("/ui", dashboard),
  });
  const { parseWorkerOptions, startWorker } = await import("../../core/worker/index.js");
  const workerInput = args.worker ? (args.workerInterval ? { interval: args.workerInterval } : {}) : null;
  // Checked before the port is bound: a bad --worker-interval changes nothing.
  const workerSettings = workerInput ? parseWorkerOptions(workerInput) : null;
  const port = args.port ?? DEFAULT_HTTP_PORT;
  const server = serve({ fetch: app.fetch, port, hostname: host });
  const closed = new Promise<void>((done) => server.once("close", () => done()));
  const base = await new Promise<string>((resolve, reject) => {
    server.once("error", (error) => reject(listenFailure(error, host, port)));
    server.once("listening", () => {
      const info = server.address() as AddressInfo;
      const shown = info.family === "IPv6" ? `[${info.address}]` : info.address;
      resolve(`http://${shown}:${info.port}`);
    });
  });
  const url = `${base}/mcp`;
  const live = keysLive ? (await listApiKeys(mem.store)).filter((k) => k.revokedAt === null).length : 0;
  note(
    `serving ${mem.store.name} on ${base} (Host accepted: ${allowedHosts.includes("*") ? "any" : allowedHosts.join(", ")}${origins.length ? `; browser pages of ${origins.join(", ")} accepted besides the server's own` : ""})`,
  );
  note(
    `  MCP over HTTP at ${url} ${
      token
        ? `(the bearer token from ${from}, or an API key)`
        : keysLive
          ? "(API key required, checked against the key's namespaces and scope)"
          : "(no token and no API key: loopback callers only)"
    }`,
  );
  note(
    `  REST at ${base}/v1 ${
      keysLive
        ? `(API key required: ${counted(live, "live key")}; ${keysCommand("strata keys list", args.dbOption)})`
        : `(no API key exists: loopback callers only, acting as "rest"; ${keysCommand("strata keys create", args.dbOption)} to require keys)`
    }`,
  );
  note(`  reference at ${base}/docs, OpenAPI 3.1 at ${base}/openapi.json, probes at /healthz and /readyz`);
  note(
    `  dashboard at ${base}/ui ${
      keysLive
        ? "(sign in with an API key)"
        : `(sign in with an API key; none exists yet: ${keysCommand(FIRST_KEY, args.dbOption)}, printed once; from then on REST and MCP callers need a key too)`
    }`,
  );
  const worker = workerInput ? startWorker(mem, workerInput) : null;
  if (workerSettings)
    note(
      `  worker: every namespace, a tick every ${Math.round(workerSettings.interval / 1000)} s (strata worker --help)`,
    );
  const stop = () => {
    // The worker ends its pass (or rolls it back) before the server and the store close.
    void (worker ? worker.stop() : Promise.resolve()).finally(() => server.close());
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  await closed;
  process.off("SIGINT", stop);
  process.off("SIGTERM", stop);
  return { transport: "http", url };
}

export function renderServe(r: ServeResult): string {
  // In stdio mode nothing may follow on stdout; after a regeneration, say where it went.
  return r.manifest ? `wrote the tool-integrity manifest to ${r.manifest}` : "";
}
