#!/usr/bin/env node
// Cold start of the built CLI: wall time of `strata recall` over a small store, 10 runs.
//   npm run build && node scripts/cold-start.mjs [runs]
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const bin = resolve(import.meta.dirname, "../dist/cli/main.js");
const runs = Number(process.argv[2] ?? 10);
const dir = mkdtempSync(join(tmpdir(), "strata-cold-"));
const db = join(dir, "memory.db");
for (const s of ["The staging database is Postgres 16", "Deploys go blue-green", "The retry limit is 7"])
  execFileSync(process.execPath, [bin, "--db", db, "remember", s], { stdio: "ignore" });

const time = (argv) => {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, argv, { stdio: "ignore" });
  if (r.status !== 0) throw new Error(`node ${argv.join(" ")} exited ${r.status}`);
  return Number(process.hrtime.bigint() - t) / 1e6;
};
const summary = (label, argv) => {
  const ms = Array.from({ length: runs }, () => time(argv)).sort((a, b) => a - b);
  const median = ms[Math.floor(ms.length / 2)];
  const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
  process.stdout.write(
    `${label.padEnd(16)} median ${median.toFixed(0)} ms  mean ${mean.toFixed(0)} ms  min ${ms[0].toFixed(0)} ms  max ${ms.at(-1).toFixed(0)} ms  (${runs} runs)\n`,
  );
};
summary("node (baseline)", ["-e", ""]);
summary("strata --version", [bin, "--version"]);
summary("strata recall", [bin, "--db", db, "recall", "staging database"]);
rmSync(dir, { recursive: true, force: true });
