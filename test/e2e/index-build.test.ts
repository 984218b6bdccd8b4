/**
 * Who builds the vector index in a worker thread, through the built command: a one-shot `recall`
 * never starts a thread (it stays as cheap as a cold search); `strata serve` starts the background
 * build at start-up, from the worker module beside the command's chunks, which runs to the end.
 * Worker threads are seen through a `--require` hook that wraps `worker_threads.Worker`.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embedText } from "../../src/embed/hashed-embedder.js";
import { SqliteStore } from "../../src/store/sqlite/sqlite-store.js";
import { bin, ensureBuilt } from "../support/built-cli.js";
import { newBelief } from "../support/rows.js";

let dir: string;
let hook: string;
let db: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "strata-e2e-index-build-"));
  hook = join(dir, "hook.cjs");
  writeFileSync(
    hook,
    `const threads = require("node:worker_threads");
const Base = threads.Worker;
threads.Worker = class extends Base {
  constructor(file, options) {
    super(file, options);
    process._rawDebug("worker start " + String(file));
    this.once("exit", (code) => process._rawDebug("worker exit " + code));
  }
};
`,
  );
  db = join(dir, "m.db");
  const store = SqliteStore.open({ path: db });
  await store.transaction(async (tx) => {
    for (let i = 0; i < 50; i++) {
      const text = `The billing gateway of team ${i} retries ${i % 7} times`;
      const id = await tx.insertBelief(newBelief(text));
      await tx.putVector(id, "default", "hashed-ngram-v1/384", embedText(text, 384));
    }
  });
  await store.close();
}, 120_000);

afterAll(() => {
  for (const c of children) c.kill("SIGKILL");
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const env = () => ({ ...process.env, NO_COLOR: "1", XDG_CACHE_HOME: join(dir, "cache") });

describe("the background index build through the built command", () => {
  it("a one-shot recall starts no worker thread", () => {
    const r = spawnSync(
      process.execPath,
      ["--require", hook, bin, "--db", db, "recall", "billing gateway retries", "--json"],
      { cwd: dir, encoding: "utf8", env: env() },
    );
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).length).toBeGreaterThan(0);
    expect(r.stderr).not.toContain("worker start");
  });

  it("strata serve starts the build at start-up from the module beside its chunks, and it runs to the end", async () => {
    const child = spawn(
      process.execPath,
      ["--require", hook, bin, "--db", db, "serve", "--http", "--port", "0", "--index-build", "background"],
      { cwd: dir, stdio: ["ignore", "pipe", "pipe"], env: env() },
    );
    children.push(child);
    const err = await new Promise<string>((resolve, reject) => {
      let text = "";
      child.stderr!.on("data", (chunk: Buffer) => {
        text += chunk.toString();
        if (/worker exit \d+/.test(text)) resolve(text);
      });
      child.once("exit", (code) => reject(new Error(`serve exited ${code}: ${text}`)));
    });
    child.kill("SIGTERM");
    const started = /worker start (\S+)/.exec(err)?.[1] ?? "";
    expect(started).toMatch(/\/dist\/cli\/index-build-worker\.js$/);
    expect(existsSync(fileURLToPath(started))).toBe(true);
    expect(err).toContain("worker exit 0");
    expect(err).not.toContain("indexes build on search");
  }, 30_000);

  /**
   * `strata serve --http` until it listens and answers a request; its stderr so far, then ended.
   * With `until`, the server runs until its stderr matches (a notice printed after start-up, by
   * work that loads a module first: no fixed wait is long enough on a loaded machine), or exits.
   */
  const serveUntilListening = async (args: string[], require = hook, until?: RegExp) => {
    const child = spawn(
      process.execPath,
      ["--require", require, bin, "--db", db, "serve", "--http", "--port", "0", ...args],
      {
        cwd: dir,
        stdio: ["ignore", "pipe", "pipe"],
        env: env(),
      },
    );
    children.push(child);
    let text = "";
    const base = await new Promise<string>((resolve, reject) => {
      child.stderr!.on("data", (chunk: Buffer) => {
        text += chunk.toString();
        const url = /serving .* on (http:\/\/\S+)/.exec(text)?.[1];
        if (url) resolve(url);
      });
      child.once("exit", (code) => reject(new Error(`serve exited ${code}: ${text}`)));
    });
    // A request served: whatever the start-up printed, it has printed.
    await fetch(`${base}/v1/health`).catch(() => undefined);
    await new Promise<void>((resolve) => {
      if (!until) return void setTimeout(resolve, 200);
      const check = () => {
        if (!until.test(text)) return;
        child.stderr!.off("data", check);
        resolve();
      };
      child.stderr!.on("data", check);
      child.once("exit", () => resolve());
      check();
    });
    child.kill("SIGTERM");
    return text;
  };

  it("strata serve on a store under backgroundFrom starts no worker thread by default, and says nothing of it", async () => {
    const err = await serveUntilListening([]);
    expect(err).toContain("serving");
    expect(err).not.toContain("worker start");
    expect(err).not.toContain("indexes build on search");
  }, 30_000);

  it("a background build that was asked for and cannot run says why", async () => {
    const noThreads = join(dir, "no-threads.cjs");
    writeFileSync(
      noThreads,
      `require("node:worker_threads").Worker = class { constructor() { throw new Error("no threads here"); } };\n`,
    );
    const notice = /indexes build on search: the index build's worker thread did not start: no threads here/;
    const err = await serveUntilListening(["--index-build", "background"], noThreads, notice);
    expect(err).toMatch(notice);
  }, 30_000);

  it("a bad --index-build is a usage error naming the three values, and opens nothing", () => {
    const fresh = join(dir, "never.db");
    const r = spawnSync(
      process.execPath,
      ["--require", hook, bin, "--db", fresh, "serve", "--index-build", "eager"],
      {
        cwd: dir,
        encoding: "utf8",
        env: env(),
      },
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--index-build/);
    expect(r.stderr).toMatch(/auto, background, on-search/);
    expect(existsSync(fresh)).toBe(false);
    expect(r.stderr).not.toContain("worker start");
  });
});
