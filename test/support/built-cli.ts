/** The shipped CLI for end-to-end tests: builds dist/ when it is older than src/. */
import { execFileSync } from "node:child_process";
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
