/**
 * Every `import { … } from "strata-memory…"` a guide shows (README.md, docs/**) names what the
 * built package exports under that entry point: a newcomer pasting a snippet gets no "does not
 * provide an export named" error. Type-only names (`type X`, `import type`) are not values and are
 * left to the examples' type check.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt, root } from "./support/built-cli.js";

beforeAll(() => ensureBuilt(), 300_000);

function markdown(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdown(join(folder, e.name)) : e.name.endsWith(".md") ? [join(folder, e.name)] : [],
  );
}

/** [file, entry point, value names] for each import of the package in a code block. */
function imports(): [string, string, string[]][] {
  const files = [join(root, "README.md"), ...markdown(join(root, "docs"))];
  return files.flatMap((file) => {
    const text = readFileSync(file, "utf8");
    const blocks = [...text.matchAll(/```(?:ts|js|mjs|typescript)\n([\s\S]*?)```/g)].map((m) => m[1]!);
    return blocks.flatMap((code) =>
      [...code.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*"(strata-memory(?:\/[\w-]+)?)"/g)]
        .filter((m) => !m[1])
        .map((m): [string, string, string[]] => [
          relative(root, file),
          m[3]!,
          m[2]!
            .split(",")
            .map((n) => n.trim())
            .filter((n) => n && !n.startsWith("type "))
            .map((n) => n.split(/\s+as\s+/)[0]!),
        ]),
    );
  });
}

const found = imports();

describe("the guides' imports of strata-memory", () => {
  it("finds the guides' imports (the integration guides among them)", () => {
    const entries = new Set(found.map(([, entry]) => entry));
    for (const entry of [
      "strata-memory",
      "strata-memory/ai",
      "strata-memory/langchain",
      "strata-memory/langgraph",
    ])
      expect(entries).toContain(entry);
  });

  it.each(found)("%s: %s exports %j", async (_file, entry, names) => {
    const exports = (
      JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
        exports: Record<string, { import: string } | string>;
      }
    ).exports;
    const target = exports[entry.replace(/^strata-memory/, ".")];
    expect(target, `package.json has no export "${entry}"`).toBeDefined();
    const mod = (await import(
      pathToFileURL(join(root, (target as { import: string }).import)).href
    )) as Record<string, unknown>;
    expect(names.filter((n) => !(n in mod))).toEqual([]);
  });
});
