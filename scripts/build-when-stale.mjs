/**
 * `npm install`'s build step (package.json `prepare`): runs `tsup` unless dist/ is already newer
 * than everything it is built from. Plain JavaScript, so deciding costs a bare `node` start.
 *
 * Why it matters: in a clone, the first `npx strata …` installs the clone itself into npm's npx
 * cache, and npm runs the clone's `prepare` again for that; without this check a newcomer's
 * `npm install && npx strata demo` built everything twice (about a CPU-minute and a half, with
 * no output). `npm run build` always builds. test/support/built-cli.ts decides the same way for
 * the end-to-end tests (its build may carry declaration errors; this one may not).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
/** What the build reads: the sources and the files that say how to build them. */
const INPUTS = ["src", "tsup.config.ts", "tsconfig.json", "package.json"];
/** What the build writes, one per build and kind: the library, its declarations, the command. */
const OUTPUTS = ["dist/index.js", "dist/index.d.ts", "dist/cli/main.js"];

/** The newest modification time under a file or folder. */
function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

const outputs = OUTPUTS.map((file) => join(root, file));
const fresh =
  outputs.every((file) => existsSync(file)) &&
  Math.min(...outputs.map((file) => statSync(file).mtimeMs)) >
    Math.max(...INPUTS.map((input) => newest(join(root, input))));

if (fresh) {
  process.stdout.write("dist/ is newer than src/: not built again (`npm run build` builds anyway)\n");
} else {
  const tsup = join(root, "node_modules", ".bin", process.platform === "win32" ? "tsup.cmd" : "tsup");
  const run = spawnSync(tsup, [], { cwd: root, stdio: "inherit" });
  if (run.error) throw run.error;
  process.exitCode = run.status ?? 1;
}
