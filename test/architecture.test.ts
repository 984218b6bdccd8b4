/**
 * The architecture, enforced: the core depends on nothing but zod and itself, and never reads
 * the system clock or randomness (determinism). Stores, embedders and surfaces depend on the
 * core's ports, never the other way round.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const core = join(root, "src", "core");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") ? [path] : [];
  });
}

const files = sources(core);
/** Module specifiers of static imports/re-exports and dynamic `import("…")`. */
const importsOf = (text: string) => [
  ...[...text.matchAll(/^\s*(?:import|export)\b[^;=(]*?\bfrom\s*["']([^"']+)["']/gms)].map((m) => m[1]!),
  ...[...text.matchAll(/^\s*import\s*["']([^"']+)["']/gm)].map((m) => m[1]!),
  ...[...text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!),
];

describe("the core", () => {
  it("has source files to check", () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files.map((f) => [relative(root, f), f]))("%s imports only zod and the core", (_name, file) => {
    const foreign = importsOf(readFileSync(file, "utf8")).filter(
      (spec) => !spec.startsWith(".") && spec !== "zod",
    );
    expect(foreign).toEqual([]);
  });

  it.each(files.map((f) => [relative(root, f), f]))(
    "%s never reads the system clock or randomness",
    (_name, file) => {
      const text = readFileSync(file, "utf8").replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, "");
      expect(text).not.toMatch(/Date\.now\(\)|Math\.random\(|new Date\(\)/);
    },
  );
});
