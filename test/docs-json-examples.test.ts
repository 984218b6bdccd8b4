/**
 * Every `$ strata … --json` line in a console block of docs/ is run, in process, on a store made
 * empty by `strata init`, and what it prints on stdout must be the JSON written under it: the same
 * keys at every level and the same values, `…` standing for any value (`"issues": [ … ]`). Before
 * newcomer40 docs/cli.md showed `--json`'s error object as an `INVALID_INPUT` with "Invalid record:
 * content: …" that no command prints since an empty argument became a usage error (newcomer36).
 */
import { mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runMain } from "../src/cli/main.js";

const root = join(import.meta.dirname, "..");
const HISTORY = new Set(["docs/evaluation.md", "docs/benchmarks.md"]);
const ANY = "<any value>";

function markdownFiles(folder = "docs"): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    const path = `${folder}/${name}`;
    if (statSync(join(root, path)).isDirectory()) return markdownFiles(path);
    return path.endsWith(".md") && !HISTORY.has(path) ? [path] : [];
  });
}

/** Each `$ strata … --json` line of a console block, with the lines under it up to the next `$`. */
function jsonExamples(text: string): { command: string; printed: string }[] {
  const out: { command: string; printed: string }[] = [];
  const blocks = text.matchAll(/^```console\n([\s\S]*?)^```/gm);
  for (const [, body] of blocks)
    for (const part of body!.split(/^(?=\$ )/m)) {
      const [first, ...rest] = part.split("\n");
      if (/^\$ strata .*--json$/.test(first!))
        out.push({ command: first!.slice(2), printed: rest.join("\n").trim() });
    }
  return out;
}

/** The words of a command line as a shell splits them (double and single quotes). */
const words = (line: string): string[] =>
  [...line.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g)].map((m) =>
    m[1] !== undefined ? m[1].replace(/\\(.)/g, "$1") : (m[2] ?? m[3]!),
  );

/** The documented JSON, `…` read as any value. */
const documented = (printed: string): unknown =>
  JSON.parse(printed.replace(/\[\s*…\s*\]/g, `"${ANY}"`).replace(/:\s*…/g, `: "${ANY}"`));

/** Where `actual` differs from `doc` (same keys, same values, ANY matching anything), or null. */
function differs(doc: unknown, actual: unknown, at = "$"): string | null {
  if (doc === ANY) return null;
  if (Array.isArray(doc)) {
    if (!Array.isArray(actual) || actual.length !== doc.length) return `${at}: ${JSON.stringify(actual)}`;
    for (const [i, d] of doc.entries()) {
      const problem = differs(d, actual[i], `${at}[${i}]`);
      if (problem) return problem;
    }
    return null;
  }
  if (doc && typeof doc === "object") {
    if (!actual || typeof actual !== "object") return `${at}: ${JSON.stringify(actual)}`;
    const [a, b] = [Object.keys(doc).sort(), Object.keys(actual).sort()];
    if (a.join() !== b.join()) return `${at}: keys ${b.join(", ")}, documented ${a.join(", ")}`;
    for (const key of a) {
      const problem = differs(
        (doc as Record<string, unknown>)[key],
        (actual as Record<string, unknown>)[key],
        `${at}.${key}`,
      );
      if (problem) return problem;
    }
    return null;
  }
  return doc === actual ? null : `${at}: ${JSON.stringify(actual)}, documented ${JSON.stringify(doc)}`;
}

afterEach(() => vi.restoreAllMocks());

const examples = markdownFiles().flatMap((file) =>
  jsonExamples(readFileSync(join(root, file), "utf8")).map((e) => ({ file, ...e })),
);

describe("the docs' --json examples are what the CLI prints today", () => {
  it("finds the examples (docs/cli.md has three)", () => {
    expect(examples.filter((e) => e.file === "docs/cli.md").length).toBeGreaterThanOrEqual(3);
  });

  it.each(examples.map((e) => [`${e.file}: ${e.command}`, e] as const))("%s", async (_name, example) => {
    const db = join(mkdtempSync(join(tmpdir(), "strata-docs-json-")), "m.db");
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    let stdout = "";
    const spy = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    await runMain(["--db", db, "init", "--quiet"]);
    spy.mockImplementation((chunk) => {
      stdout += String(chunk);
      return true;
    });
    await runMain(["--db", db, ...words(example.command).slice(1)]);
    expect(differs(documented(example.printed), JSON.parse(stdout))).toBeNull();
  });

  it.each([
    ['{ "a": 1, "b": [ … ] }', { a: 1, b: [1, 2] }, null],
    ['{ "a": 1 }', { a: 1, b: 2 }, "$: keys a, b, documented a"],
    ['{ "a": "x" }', { a: "y" }, '$.a: "y", documented "x"'],
    ['{ "a": … }', { a: { deep: true } }, null],
  ] as const)("the comparison: %s against %j → %s", (doc, actual, problem) => {
    expect(differs(documented(doc), actual)).toBe(problem);
  });
});
