import { defineConfig, type Options } from "tsup";

/** An esbuild plugin, by tsup's own type (esbuild is tsup's dependency, not ours). */
type Plugin = NonNullable<Options["esbuildPlugins"]>[number];

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
 * The import worker (src/bulk/import-worker.ts): its own file in each build, beside the chunks
 * that start it (`new URL("./import-worker.js", import.meta.url)` from the build's top folder).
 */
const worker = { "import-worker": "src/bulk/import-worker.ts" };

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
    // large files instead of ~140 small ones (issue 18's cold start).
    entry: { main: "src/cli/main.ts", ...worker },
    outDir: "dist/cli",
    external: ["@lancedb/lancedb", "chromadb"],
    noExternal: CLI_BUNDLED,
    esbuildPlugins: [noZodLocales],
    // commander and picocolors are CommonJS that require Node built-ins (node:events, tty); in
    // an ES module chunk esbuild's require shim needs a real `require` to hand them to.
    banner: {
      js: 'import { createRequire as __strataCreateRequire } from "node:module";\nconst require = __strataCreateRequire(import.meta.url);',
    },
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
