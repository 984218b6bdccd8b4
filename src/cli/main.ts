#!/usr/bin/env node
// Placeholder entry; the CLI lands in src/cli/.
process.stdout.write("strata: the CLI is being built\n");
