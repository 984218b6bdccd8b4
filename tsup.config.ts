import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { defineConfig, type Options } from "tsup";

/** An esbuild plugin, by tsup's own type (esbuild is tsup's dependency, not ours). */
type Plugin = NonNullable<Options["esbuildPlugins"]>[number];
/** A tsup plugin (runs on each emitted chunk). */
type TsupPlugin = NonNullable<Options["plugins"]>[number];

/** esbuild's `transform`, taken from the esbuild tsup itself runs (not a dependency of ours). */
const { transform } = createRequire(createRequire(import.meta.url).resolve("tsup"))("esbuild") as {
  transform: (
    code: string,
    options: Record<string, unknown>,
  ) => Promise<{ code: string; warnings: { text: string }[] }>;
};

/** Library entry points: the main one, and one per optional dependency (its own subpath export). */
const entries = {
  index: "src/index.ts",
  embedders: "src/embed/index.ts",
  postgres: "src/store/postgres/index.ts",
  collections: "src/collections/index.ts",
  langgraph: "src/integrations/langgraph/index.ts",
  ai: "src/integrations/ai/index.ts",
  "openai-agents": "src/integrations/openai-agents/index.ts",
  langchain: "src/integrations/langchain/index.ts",
};

/**
 * What the CLI carries inside its own build instead of importing from node_modules: zod, and
 * every package that is handed zod schemas or builds its own (the MCP SDK and, through it, ajv),
 * so the CLI's one zod instance is the only one its MCP and REST servers ever see; and the small
 * packages every command loads (commander, picocolors). A fresh `recall` then resolves and
 * reads ~40 files instead of ~140 (test/e2e/cold-start.test.ts bounds it). Everything else
 * stays external: native modules (better-sqlite3, sqlite-vec), the PostgreSQL driver, the
 * tokenizer and NLP model (large, loaded lazily), the dashboard's static assets (read as files)
 * and the optional vector-store clients.
 */
const CLI_BUNDLED = [
  /^zod(\/|$)/,
  /^@modelcontextprotocol\/sdk(\/|$)/,
  /^hono(\/|$)/,
  /^@hono\/node-server(\/|$)/,
  /^smol-toml$/,
  /^commander$/,
  /^picocolors$/,
];

/**
 * zod's classic, mini and core namespaces re-export all ~60 locales (`z.locales`), which a bundler
 * must keep because `z` is one namespace object. The CLI speaks English only (zod's default
 * `en` locale is imported on its own and stays), so the CLI build resolves the locale index to
 * an empty module.
 */
const noZodLocales: Plugin = {
  name: "strata-no-zod-locales",
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](classic|mini|core)[\\/]/.test(args.importer)
        ? { path: "zod-locales", namespace: "strata-empty" }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "strata-empty" }, () => ({
      contents: "export {};",
      loader: "js",
    }));
  },
};

/**
 * The MCP SDK imports `zod/v4`, we import `zod`: two index modules that re-export the same classic
 * namespace (zod 4's root is its v4 classic API). Reached by different sets of the CLI's entries,
 * the root's index (no code of its own) became a chunk of its own, an empty file every command
 * that validates loaded (cold-start). The CLI build resolves the SDK's `zod/v4` to the root's index:
 * one index, in the chunk with the rest of zod.
 */
const oneZodIndex: Plugin = {
  name: "strata-one-zod-index",
  setup(build) {
    build.onResolve({ filter: /^zod\/v4$/ }, (args) =>
      build.resolve("zod", { kind: args.kind, resolveDir: args.resolveDir }).then((r) => ({
        path: r.path,
      })),
    );
  },
};

/**
 * The worker threads' modules: each its own file in each build, beside the chunks that start it
 * (`moduleWorker(name, import.meta.url)`, src/threads/module-worker.ts, from the build's top folder).
 */
const worker = {
  "import-worker": "src/bulk/import-worker.ts",
  // The SQLite store's background index build (src/store/sqlite/index-builder.ts starts it).
  "index-build-worker": "src/store/sqlite/index-build-worker.ts",
};

/**
 * The command's chunks as CommonJS, so its entry (src/cli/bin.ts) can compile each one through
 * `vm.Script` with a V8 code cache (src/cli/compile-cache.ts): Node 20 has no compile cache for
 * ES modules. esbuild splits the command as ES modules (tsup's own CommonJS splitting goes through
 * sucrase, which rewrites every `?.` and `??` into helper calls); this turns each chunk into
 * CommonJS with esbuild itself. A chunk's `import()` of another becomes a `require` (the chunks
 * load lazily as before, now through the cache), and `import.meta.url` the chunk's own file URL.
 * dist/cli/package.json says `"type": "commonjs"` for the folder.
 */
const commonJsChunks: TsupPlugin = {
  name: "strata-commonjs-chunks",
  async renderChunk(code, info) {
    if (info.type !== "chunk") return;
    // esbuild heads each bundled module with a `// node_modules/…` or `// src/…` comment; kept as
    // legal comments (`//!`), which a transform keeps, they still say what each chunk carries
    // (test/e2e/cold-start.test.ts reads them). Where node_modules is a link to another checkout's
    // (a git worktree), esbuild writes the path it resolved, `// ../main/node_modules/…`: read from
    // `node_modules/` on, so every checkout's build says the same.
    const result = await transform(
      code.replace(/^\/\/ (?:\.\.\/\S*?\/)?((?:node_modules|src)\/\S+)$/gm, "//! $1"),
      {
        format: "cjs",
        platform: "node",
        target: "node20",
        supported: { "dynamic-import": false },
        define: { "import.meta.url": "__strataModuleUrl" },
        banner: 'var __strataModuleUrl = require("node:url").pathToFileURL(__filename).href;',
        logLevel: "silent",
      },
    );
    return { code: result.code };
  },
  buildEnd() {
    mkdirSync("dist/cli", { recursive: true });
    writeFileSync(join("dist/cli", "package.json"), `${JSON.stringify({ type: "commonjs" })}\n`);
  },
};

export default defineConfig([
  {
    entry: { ...entries, ...worker },
    // Optional vector-store clients, loaded on first use by src/collections: never bundled.
    external: ["@lancedb/lancedb", "chromadb"],
    format: ["esm"],
    target: "node20",
    dts: { entry: entries },
    sourcemap: true,
    // dist/cli is the CLI build's own folder (below), cleaned by it.
    clean: ["!cli/**"],
    splitting: true,
    shims: false,
  },
  {
    // The `strata` command: its own build with its own chunks, so a fresh process loads a few
    // large files instead of ~140 small ones (issue 18's cold start). `main` (the bin) installs the
    // compile cache, then loads `strata` (the command itself) through it.
    entry: { main: "src/cli/bin.ts", strata: "src/cli/main.ts", ...worker },
    outDir: "dist/cli",
    external: ["@lancedb/lancedb", "chromadb"],
    noExternal: CLI_BUNDLED,
    esbuildPlugins: [noZodLocales, oneZodIndex],
    plugins: [commonJsChunks],
    format: ["esm"],
    target: "node20",
    // No source maps: they would nearly triple the command's share of the package (4.7 MB beside
    // 2.6 MB), and errors reach users as codes and messages, not stack traces.
    sourcemap: false,
    clean: true,
    splitting: true,
    shims: false,
  },
]);
