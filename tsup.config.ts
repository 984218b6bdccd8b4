import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    embedders: "src/embed/index.ts",
    postgres: "src/store/postgres/index.ts",
    "cli/main": "src/cli/main.ts",
  },
  format: ["esm"],
  target: "node20",
  dts: {
    entry: {
      index: "src/index.ts",
      embedders: "src/embed/index.ts",
      postgres: "src/store/postgres/index.ts",
    },
  },
  sourcemap: true,
  clean: true,
  splitting: true,
  shims: false,
});
