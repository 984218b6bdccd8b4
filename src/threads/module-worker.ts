/**
 * Starts a worker thread on one of Strata's own modules, from wherever the calling module runs:
 * the built `<name>.js` beside it (dist/ and dist/cli/: tsup.config.ts builds each worker as its
 * own entry at the build's top folder, where the chunks that start it sit), or, run from the
 * TypeScript sources (tests, tsx), `<name>.ts` beside it through tsx's loader. Null when neither
 * is there. The bulk import's worker (src/bulk/worker-preparer.ts) and the SQLite store's
 * background index build (src/store/sqlite/index-builder.ts) both start theirs here.
 *
 *   const worker = moduleWorker("import-worker", import.meta.url, { dimension: 384 });
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

export function moduleWorker(name: string, from: string, workerData: unknown): Worker | null {
  const js = new URL(`./${name}.js`, from);
  if (js.protocol === "file:" && existsSync(fileURLToPath(js))) return new Worker(js, { workerData });
  const ts = new URL(`./${name}.ts`, from);
  if (ts.protocol !== "file:" || !existsSync(fileURLToPath(ts))) return null;
  const tsx = join(dirname(createRequire(from).resolve("tsx/package.json")), "dist/esm/api/index.mjs");
  const boot = `import(${JSON.stringify(pathToFileURL(tsx).href)}).then((m) => { m.register(); return import(${JSON.stringify(ts.href)}); })`;
  return new Worker(boot, { eval: true, workerData });
}
