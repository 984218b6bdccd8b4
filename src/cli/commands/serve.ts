/**
 * `strata serve`: the MCP server over stdio (default) or Streamable HTTP. Checks the tool
 * definitions against the shipped integrity manifest first and refuses to start on a mismatch;
 * `--regenerate-manifest` writes a new manifest instead of serving. In stdio mode stdout is the
 * protocol channel: this command writes nothing else there (notices go to stderr).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Memory } from "../../core/engine.js";
import { StrataError } from "../../core/errors.js";
import type { ToolManifest, ToolSet } from "../../mcp/manifest.js";
import { UsageError } from "../usage-error.js";

export interface ServeArgs {
  http?: boolean;
  port?: number;
  host?: string;
  token?: string;
  compat?: string;
  sampling?: string;
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
  const set: ToolSet = args.compat === "memory-server" ? "memory-server" : "strata";
  const { hashTools, verifyManifest } = await import("../../mcp/manifest.js");
  const { createMcpServer, toolSpecs } = await import("../../mcp/server.js");
  verifyManifest(set, hashTools(toolSpecs(set)), readManifest(manifestPath));

  const makeServer = () =>
    createMcpServer(mem, {
      version: args.version ?? "0.0.0",
      tools: set,
      sampling: args.sampling === "off" ? "off" : "auto",
    });

  if (!args.http) {
    const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
    const server = makeServer();
    await new Promise<void>((resolve, reject) => {
      // The client ends the session by closing our stdin.
      process.stdin.once("end", resolve);
      process.stdin.once("close", resolve);
      server.server.onclose = resolve;
      server.connect(new StdioServerTransport()).catch(reject);
    });
    await server.close().catch(() => {});
    return { transport: "stdio" };
  }

  const { serve } = await import("@hono/node-server");
  const { createHttpApp } = await import("../../mcp/http.js");
  const app = createHttpApp({ makeServer, ...(args.token ? { token: args.token } : {}) });
  const host = args.host ?? "127.0.0.1";
  const server = serve({ fetch: app.fetch, port: args.port ?? 8787, hostname: host });
  const closed = new Promise<void>((done) => server.once("close", () => done()));
  const url = await new Promise<string>((resolve, reject) => {
    server.once("error", reject);
    server.once("listening", () => {
      const info = server.address() as AddressInfo;
      const shown = info.family === "IPv6" ? `[${info.address}]` : info.address;
      resolve(`http://${shown}:${info.port}/mcp`);
    });
  });
  note(`MCP over HTTP at ${url}${args.token ? " (bearer token required)" : ""}`);
  const stop = () => server.close();
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
