/**
 * The architecture, enforced: the core depends on nothing but zod, itself and (in the lexical
 * judge's tagger only) a pure-JavaScript NLP model, and never reads
 * the system clock or randomness (determinism). Stores, embedders and surfaces depend on the
 * core's ports, never the other way round.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative } from "node:path";
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

/**
 * Part-of-speech tags and lemmas for the lexical judge: pure JavaScript, no I/O, no Node built-in,
 * deterministic. Only the tagger may import them.
 */
const PURE_ANALYSIS = new Set(["wink-nlp", "wink-eng-lite-web-model"]);
const TAGGER = join("src", "core", "judge", "tagger.ts");

/** Every module specifier reachable from a package's main file through relative requires. */
function requiredFrom(pkg: string): string[] {
  const dir = join(root, "node_modules", pkg);
  const main = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).main as string;
  const seen = new Set<string>();
  const foreign: string[] = [];
  const visit = (file: string) => {
    const path = existsSync(file) ? file : `${file}.js`;
    if (seen.has(path)) return;
    seen.add(path);
    for (const m of readFileSync(path, "utf8").matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)) {
      const spec = m[1]!;
      if (spec.startsWith(".")) visit(join(dirname(path), spec));
      else foreign.push(spec);
    }
  };
  visit(join(dir, main));
  expect(seen.size).toBeGreaterThan(1);
  return foreign;
}

describe("the core", () => {
  it("has source files to check", () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files.map((f) => [relative(root, f), f]))("%s imports only zod and the core", (name, file) => {
    const foreign = importsOf(readFileSync(file, "utf8")).filter(
      (spec) => !spec.startsWith(".") && spec !== "zod" && !(name === TAGGER && PURE_ANALYSIS.has(spec)),
    );
    expect(foreign).toEqual([]);
  });

  it.each([...PURE_ANALYSIS])("the tagger's %s requires no Node built-in", (pkg) => {
    const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
    expect(requiredFrom(pkg).filter((spec) => builtins.has(spec))).toEqual([]);
  });

  it.each(files.map((f) => [relative(root, f), f]))(
    "%s never reads the system clock or randomness",
    (_name, file) => {
      const text = readFileSync(file, "utf8").replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, "");
      expect(text).not.toMatch(/Date\.now\(\)|Math\.random\(|new Date\(\)/);
    },
  );
});

/** Each integration's framework packages: optional peer dependencies, imported by that integration only. */
const FRAMEWORKS: Record<string, readonly string[]> = {
  langgraph: ["@langchain/langgraph-checkpoint"],
  ai: ["ai"],
  "openai-agents": ["@openai/agents"],
  langchain: ["langchain", "@langchain/core"],
};
const packageOf = (spec: string) =>
  spec
    .split("/")
    .slice(0, spec.startsWith("@") ? 2 : 1)
    .join("/");
const everyFramework = new Set(Object.values(FRAMEWORKS).flat());

describe("the integrations", () => {
  const src = join(root, "src");
  const integrations = join(src, "integrations");

  it.each(
    sources(src)
      .filter((f) => !f.startsWith(integrations))
      .map((f) => [relative(root, f), f]),
  )("%s imports no framework (strata-memory never pulls one in)", (_name, file) => {
    const used = importsOf(readFileSync(file, "utf8")).filter((spec) => everyFramework.has(packageOf(spec)));
    expect(used).toEqual([]);
  });

  it.each(Object.entries(FRAMEWORKS))(
    "%s imports only its own framework, the core, the shared tool specs and the exchange recorder",
    (name, own) => {
      const dir = join(integrations, name);
      const files = sources(dir);
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        const foreign = importsOf(readFileSync(file, "utf8")).filter(
          (spec) => !spec.startsWith(".") && spec !== "zod" && !own.includes(packageOf(spec)),
        );
        expect(foreign, relative(root, file)).toEqual([]);
        const reach = importsOf(readFileSync(file, "utf8")).filter(
          (spec) =>
            spec.startsWith("..") &&
            !spec.startsWith("../../core/") &&
            spec !== "../tool-specs.js" &&
            spec !== "../exchange-recorder.js",
        );
        expect(reach, relative(root, file)).toEqual([]);
      }
    },
  );

  it("every framework is an optional peer dependency and a dev dependency, with an entry point per integration", () => {
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    for (const [name, frameworks] of Object.entries(FRAMEWORKS)) {
      expect(pkg.exports[`./${name}`], name).toEqual({
        types: `./dist/${name}.d.ts`,
        import: `./dist/${name}.js`,
      });
      for (const f of frameworks) {
        expect(pkg.peerDependencies[f], f).toBeDefined();
        expect(pkg.peerDependenciesMeta[f], f).toEqual({ optional: true });
        expect(pkg.devDependencies[f], f).toBeDefined();
        expect(pkg.dependencies[f], f).toBeUndefined();
      }
    }
  });
});

/**
 * Every source file under src/ with the files it imports through relative specifiers (static,
 * type-only, re-exports and dynamic `import()` alike: a type import is still a dependency a
 * reader follows, and a lazy import still ties two rooms together).
 */
function importGraph(dir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sources(dir)) {
    const targets = importsOf(readFileSync(file, "utf8"))
      .filter((spec) => spec.startsWith("."))
      .map((spec) => join(dirname(file), spec.replace(/\.js$/, ".ts")))
      .map((path) => (existsSync(path) ? path : join(path, "index.ts")))
      .filter((path) => existsSync(path) && !path.endsWith(".test.ts"));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The import cycles of a graph, each once, as the files around it (a depth-first search). */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const keys = new Set<string>();
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") {
        const cycle = path.slice(path.indexOf(next));
        const key = [...cycle].sort().join(" ");
        if (!keys.has(key)) {
          keys.add(key);
          cycles.push(cycle);
        }
      } else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, "done");
    seen.add(node);
  };
  for (const node of [...graph.keys()].sort()) if (!seen.has(node)) visit(node);
  return cycles;
}

describe("imports under src/", () => {
  const graph = importGraph(join(root, "src"));

  it("are read from every source file", () => {
    expect(graph.size).toBeGreaterThan(100);
    const program = join(root, "src", "cli", "program.ts");
    expect(graph.get(program)).toContain(join(root, "src", "cli", "invocation.ts"));
  });

  it("form no cycle", () => {
    const cycles = findCycles(graph).map((c) => [...c, c[0]!].map((f) => relative(root, f)).join(" → "));
    expect(cycles).toEqual([]);
  });

  it("recall's parts (src/core/recall/) never import the pipeline that runs them (recall.ts)", () => {
    const pipeline = join(core, "recall.ts");
    const parts = join(core, "recall");
    const upward = [...graph]
      .filter(([file, targets]) => file.startsWith(`${parts}/`) && targets.includes(pipeline))
      .map(([file]) => relative(root, file));
    expect(upward).toEqual([]);
    expect([...graph.keys()].filter((f) => f.startsWith(join(parts, "lifts"))).length).toBeGreaterThan(5);
  });

  it("cycle finder sees a cycle through a lazy import, and none in a chain", () => {
    expect(
      findCycles(
        new Map([
          ["a", ["b"]],
          ["b", ["c"]],
          ["c", ["a"]],
        ]),
      ),
    ).toEqual([["a", "b", "c"]]);
    expect(
      findCycles(
        new Map([
          ["a", ["b"]],
          ["b", ["c"]],
          ["c", []],
        ]),
      ),
    ).toEqual([]);
    const lazy = importsOf('const { X } = await import("./x.js");\nimport type { Y } from "./y.js";');
    expect(lazy).toEqual(["./y.js", "./x.js"]);
  });
});
