/** The shipped CLI for end-to-end tests: builds dist/ when it is older than src/. */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

export const root = resolve(import.meta.dirname, "../..");
export const bin = join(root, "dist/cli/main.js");

function newestMtime(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const stale = () => !existsSync(bin) || statSync(bin).mtimeMs < newestMtime(join(root, "src"));

/** Builds the bundle if needed (the JavaScript is enough; declaration errors elsewhere do not block). */
export function ensureBuilt(): void {
  if (!stale()) return;
  try {
    execFileSync("npx", ["tsup"], { cwd: root, stdio: "pipe" });
  } catch (error) {
    if (stale()) throw error;
  }
}

/**
 * Spawns `node dist/cli/main.js …args` for an MCP server over HTTP (`serve --http --port 0`)
 * and resolves with the address it prints once it listens, and what it wrote on stderr up to
 * then (its start-up warnings). The caller kills the child.
 *
 *   const { url, child } = await serveHttp(["--db", file, "serve", "--http", "--port", "0"]);
 */
export async function serveHttp(
  args: string[],
  options: { env?: NodeJS.ProcessEnv } = {},
): Promise<{ url: string; child: ChildProcess; stderr: string }> {
  const child = spawn(process.execPath, [bin, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    ...(options.env ? { env: options.env } : {}),
  });
  let stderr = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      const m = /MCP over HTTP at (\S+)/.exec(stderr);
      if (m) resolve(m[1]!);
    });
    child.once("exit", (code) => reject(new Error(`server exited ${code}: ${stderr}`)));
  });
  return { url, child, stderr };
}
