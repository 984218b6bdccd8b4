/**
 * A newcomer opening the dashboard has no key yet: the sign-in page and `strata serve --http`'s
 * banner name the command that makes one, and that command is one the CLI accepts as written
 * (`strata keys create` alone is refused: --name, --scope and --namespaces are required).
 */
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { FIRST_KEY } from "../src/cli/commands/serve.js";
import type { Invocation } from "../src/cli/invocation.js";
import { createProgram } from "../src/cli/program.js";
import type { Memory } from "../src/core/engine.js";
import { createDashboard } from "../src/server/ui/dashboard.js";
import { testMemory } from "./support/memory.js";

/** The words of a shell line: plain words and '…'-quoted ones, as a shell would pass them. */
const words = (line: string) => [...line.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]!);

/** Parses `strata …` with the real grammar; throws what commander throws for a refused line. */
async function parse(line: string): Promise<Invocation | null> {
  let inv: Invocation | null = null;
  const program = createProgram("0.0.0", { writeOut: () => {}, writeErr: () => {} }, (i) => {
    inv = i;
  });
  const [strata, ...argv] = words(line);
  expect(strata).toBe("strata");
  await program.parseAsync(argv, { from: "user" });
  return inv;
}

describe("the first key, as a newcomer is told to make it", () => {
  let mem: Memory | null = null;
  afterEach(async () => {
    await mem?.close();
    mem = null;
  });

  it("the dashboard's sign-in page names a keys create line the CLI accepts", async () => {
    ({ mem } = await testMemory());
    const app = new Hono().route("/ui", createDashboard({ memory: mem }));
    const page = await (await app.request("http://localhost/ui/signin")).text();
    const line = [...page.matchAll(/<code>(strata keys create[^<]*)<\/code>/g)].map((m) =>
      m[1]!
        .replace(/&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, "&"),
    );
    expect(line).toHaveLength(1);
    expect(await parse(line[0]!)).not.toBeNull();
  });

  it("serve's banner names one too", async () => {
    expect(await parse(FIRST_KEY)).not.toBeNull();
    await expect(parse("strata keys create")).rejects.toThrow(/needs --name, --scope and --namespaces/);
  });
});
