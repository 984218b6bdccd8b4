/**
 * The examples run offline against their stub models, each showing recall → act → record →
 * consolidate (they are type-checked by `npm run typecheck`, through examples/tsconfig.json).
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
const EXAMPLES: [string, RegExp][] = [
  ["plain-loop.ts", /Connect to the staging database → Staging runs Postgres 16/],
  ["ai-sdk-agent.ts", /Asked for the two approvals/],
  ["langgraph-agent.ts", /b1 archived: green\nb2 active: blue/],
  ["openai-agents-agent.ts", /Use the pg16 client for staging/],
  ["langchain-agent.ts", /b1: The on-call rotation changes every Monday \(matched by/],
];

describe("examples/", () => {
  it.each(EXAMPLES)(
    "%s runs offline and consolidates at the end",
    (file, says) => {
      const r = spawnSync(process.execPath, ["--import", "tsx", join("examples", file)], {
        cwd: root,
        encoding: "utf8",
        env: { ...process.env, TSX_TSCONFIG_PATH: join(root, "examples", "tsconfig.json") },
      });
      expect(r.stderr).toBe("");
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(says);
      expect(r.stdout).toMatch(/consolidated: \d+ change\(s\)\n$/);
    },
    120_000,
  );
});
