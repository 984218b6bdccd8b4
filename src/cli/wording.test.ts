/** Each surface names its own verbs in error messages: a CLI user is told a command, never a method. */
import { describe, expect, it } from "vitest";
import { testMemory } from "../../test/support/memory.js";
import { StrataError } from "../core/errors.js";
import { toolError } from "../mcp/server.js";
import { mcpWording } from "../mcp/wording.js";
import { cliWording } from "./wording.js";

describe("error wording per surface", () => {
  it.each([
    [
      'history() follows beliefs; e1 is an episode. Use explain("e1").',
      "Use `strata explain e1`.",
      'Use `inspect` with what "explain" and id "e1".',
    ],
    [
      "No verdict was applied: b1 is archived. Ask candidates() for fresh pairs.",
      "Ask `strata candidates` for fresh pairs.",
      'Ask `inspect` with what "candidates" for fresh pairs.',
    ],
    [
      "Wrap 2 was cancelled: call prepareWrap() again.",
      "call `strata prepare-wrap` again.",
      'call `wrap` with action "prepare" again.',
    ],
    [
      'or export a namespace with export({ format: "json" }).',
      "`strata export --format json`",
      "the CLI's `strata export --format json`",
    ],
    [
      'No belief with id "b9". List ids with list().',
      "List ids with `strata list`.",
      "List ids with `recall`.",
    ],
    [
      "Run reindex() to re-embed",
      "Run `strata reindex` to re-embed",
      "Run the CLI's `strata reindex` to re-embed",
    ],
  ])("%s", (message, cli, mcp) => {
    expect(cliWording(message)).toContain(cli);
    expect(mcpWording(message)).toContain(mcp);
    for (const worded of [cliWording(message), mcpWording(message)]) expect(worded).not.toMatch(/\w\(.*\)/);
  });

  it("leaves other parentheses alone", () => {
    const m = "Invalid record: type (one of observation, decision) is required (got none).";
    expect(cliWording(m)).toBe(m);
    expect(mcpWording(m)).toBe(m);
  });

  it("rewrites what the engine really says", async () => {
    const { mem } = await testMemory();
    const e = await mem.record("Deploy failed on Friday");
    const error = (await mem.history(e.id).catch((x: Error) => x)) as Error;
    expect(error.message).toContain(`explain("${e.id}")`); // the library's own words
    expect(cliWording(error.message)).toContain(`\`strata explain ${e.id}\``);
    await mem.close();
  });

  it("the MCP server's tool errors and the CLI's error output use them", () => {
    const error = new StrataError("CONFLICT", "No verdict was applied. Ask candidates() for fresh pairs.");
    const text = (toolError(error).content[0] as { text: string }).text;
    expect(text).toBe(
      'CONFLICT: No verdict was applied. Ask `inspect` with what "candidates" for fresh pairs.',
    );
  });
});
