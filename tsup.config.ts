import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    embedders: "src/embed/index.ts",
    postgres: "src/store/postgres/index.ts",
    collections: "src/collections/index.ts",
    "cli/main": "src/cli/main.ts",
  },
  // Optional vector-store clients, loaded on first use by src/collections: never bundled.
  external: ["@lancedb/lancedb", "chromadb"],
  format: ["esm"],
  target: "node20",
  dts: {
    entry: {
      index: "src/index.ts",
      embedders: "src/embed/index.ts",
      postgres: "src/store/postgres/index.ts",
      collections: "src/collections/index.ts",
    },
  },
  sourcemap: true,
  clean: true,
  splitting: true,
  shims: false,
});
