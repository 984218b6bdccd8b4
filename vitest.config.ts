import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
    // Each test file's temporary folders go in one folder that is removed when the file ends.
    setupFiles: ["test/support/temp-dirs.ts"],
  },
});
