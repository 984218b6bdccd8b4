#!/usr/bin/env node
/**
 * The `strata` executable (dist/cli/main.js): starts the command's compile cache, then loads the
 * command itself (src/cli/main.ts, built as dist/cli/strata.js) through it. Nothing else: every
 * file loaded after this line can come from the cache.
 */
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { startCompileCache } from "./compile-cache.js";

const here = fileURLToPath(import.meta.url);
startCompileCache({ env: process.env });
createRequire(here)("./strata.js");
