/**
 * The built CLI as a newcomer runs it: HOME a fresh folder (no settings file, no ~/.strata), no
 * STRATA_* variables, no colour, the store named with --db, run from HOME.
 *
 *   const r = strataIn(home, join(home, "agent.db"), ["recall", "rate limit"]); // { code, stdout, stderr }
 */
import { spawnSync } from "node:child_process";
import { bin } from "./built-cli.js";

export function strataIn(home: string, db: string, args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, NO_COLOR: "1" };
  for (const name of ["STRATA_DB", "STRATA_CONFIG", "STRATA_EMBEDDER", "npm_command"]) delete env[name];
  const r = spawnSync(process.execPath, [bin, "--db", db, ...args], {
    cwd: home,
    encoding: "utf8",
    env,
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
