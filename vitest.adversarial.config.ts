import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config.js";

/**
 * The suite with adversarial randomness (test/support/adversarial-random.ts): every keyed hash and
 * random byte string holds short ids such as "b4", so a substring check that a random value could
 * satisfy fails every run. `npx vitest run -c vitest.adversarial.config.ts [paths]`. Not run by CI.
 */
export default mergeConfig(
  base,
  defineConfig({ test: { setupFiles: ["test/support/adversarial-random.ts"] } }),
);
