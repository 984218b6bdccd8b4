import { defineConfig } from "tsup";

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

export default defineConfig({
  entry: { ...entries, "cli/main": "src/cli/main.ts" },
  // Optional vector-store clients, loaded on first use by src/collections: never bundled.
  external: ["@lancedb/lancedb", "chromadb"],
  format: ["esm"],
  target: "node20",
  dts: { entry: entries },
  sourcemap: true,
  clean: true,
  splitting: true,
  shims: false,
});
