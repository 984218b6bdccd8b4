/**
 * Start-up loads only what a command uses: `strata --version` and `strata --help` never load
 * zod, the schemas, a store driver, the tokenizer or the MCP SDK. Counted with a hook on
 * CommonJS's `Module.prototype.load` preloaded with `--require` (the command's chunks are
 * CommonJS, compiled through its code cache, src/cli/compile-cache.ts): which module files load,
 * never how long they take. The CLI's build carries zod and the MCP SDK inside its own chunks
 * (tsup.config.ts), so a package counts as loaded when a file of it loads from node_modules or a
 * loaded chunk holds one of its modules (each bundled module is headed by a `//! node_modules/…`
 * comment).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bin, ensureBuilt } from "../support/built-cli.js";

let dir: string;
let hook: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "strata-e2e-cold-"));
  // Prints every module file CommonJS loads, one per line, on stderr (the entry, each chunk, each
  // package file from node_modules).
  hook = join(dir, "hook.cjs");
  writeFileSync(
    hook,
    `const Module = require("node:module");
const { pathToFileURL } = require("node:url");
const load = Module.prototype.load;
Module.prototype.load = function (filename) {
  process._rawDebug("load " + pathToFileURL(filename).href);
  return load.call(this, filename);
};
`,
  );
}, 60_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function loaded(args: string[], status = 0): string[] {
  const r = spawnSync(process.execPath, ["--require", hook, bin, ...args], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", STRATA_DB: join(dir, "m.db"), XDG_CACHE_HOME: join(dir, "cache") },
  });
  expect(r.status).toBe(status);
  return withBundled(
    r.stderr
      .split("\n")
      .filter((l) => l.startsWith("load "))
      .map((l) => l.slice(5)),
  );
}

/** The module files a command loads (not Node's built-ins, not what chunks carry). */
const files = (urls: string[]) => urls.filter((u) => u.startsWith("file:"));

/** Each loaded URL, and for a chunk of the built CLI each package module it carries, as `node_modules/<path>`. */
function withBundled(urls: string[]): string[] {
  const out = [...urls];
  for (const url of urls) {
    if (!url.startsWith("file:") || url.includes("/node_modules/")) continue;
    const source = readFileSync(fileURLToPath(url), "utf8");
    for (const m of source.matchAll(/^\/\/! (node_modules\/\S+)$/gm)) out.push(`bundled:${m[1]}`);
  }
  return out;
}

const HEAVY = [
  /node_modules\/zod\//,
  /better-sqlite3/,
  /@modelcontextprotocol/,
  /gpt-tokenizer/,
  /node_modules\/pg\//,
  /smol-toml/,
];

describe("cold start", () => {
  it.each([[["--version"]], [["--help"]], [["recall", "--help"]]])(
    "strata %j loads no schema, store or SDK",
    (args) => {
      const urls = loaded(args);
      expect(urls.length).toBeGreaterThan(0);
      for (const heavy of HEAVY) expect(urls.filter((u) => heavy.test(u))).toEqual([]);
    },
  );

  it("--help loads none of the engine's text reading (core/text.ts and its ~0.8 MB of word lists)", () => {
    // Until newcomer48 the hook command's envelope escaping and `--at "last monday"` imported from
    // core/text.ts and core/calendar-words.ts, which share the word lists' chunk: 16 files and
    // ~1.3 MB for `strata --help`, 14 and ~0.4 MB since.
    const own = files(loaded(["--help"])).filter((u) => !u.includes("/node_modules/"));
    const carried = own.flatMap((u) => [
      ...readFileSync(fileURLToPath(u), "utf8").matchAll(/^\/\/! (src\/\S+)$/gm),
    ]);
    const sources = carried.map((m) => m[1]);
    expect(sources).toContain("src/cli/program.ts"); // the headers are read
    for (const text of [
      "src/core/text.ts",
      "src/core/listed-words.generated.ts",
      "src/core/calendar-words.ts",
    ])
      expect(sources).not.toContain(text);
    expect(own.length).toBeLessThanOrEqual(14);
  });

  // newcomer49 counted 35 own files for `recall x --kinds facts` and 38 for `remember x --at
  // tomorrow` (better-sqlite3 among the 16 more from node_modules): the choices and the time were
  // the engine's schema's to refuse. They are checked now while the command line is read, by the
  // registry's choices (src/cli/flag-values.ts) and the engine's own time reading
  // (core/time-input.ts), in the same words; a number outside its range (`-k 0`, 37 files until
  // newcomer51) by the registry's bounds.
  it.each([
    [["recall", "x", "--kinds", "facts"]],
    [["recall", "x", "--type", "decisions"]],
    [["remember", "x", "--at", "tomorrow"]],
    [["record", "x", "-t", "obs"]],
    [["list", "--status", "all"]],
    [["audit", "--since", "2weeks"]],
    [["worker", "--interval", "2weeks"]],
    [["recall", "x", "-k", "0"]],
    [["context", "--budget", "10"]],
    [["list", "--limit", "0"]],
  ])("strata %j refuses as --help starts, loading no schema, store or SDK", (args) => {
    const urls = loaded(args, 2);
    for (const heavy of HEAVY) expect(urls.filter((u) => heavy.test(u))).toEqual([]);
    expect(files(urls).filter((u) => !u.includes("/node_modules/")).length).toBeLessThanOrEqual(14);
  });

  it("--version loads neither commander nor the command modules", () => {
    const urls = loaded(["--version"]);
    expect(urls.filter((u) => /node_modules\/commander\//.test(u))).toEqual([]);
    expect(urls.filter((u) => u.includes("node_modules/")).length).toBeLessThanOrEqual(1); // picocolors
  });

  it("a command that reads the store does load them (the hook sees real loads)", () => {
    loaded(["init"]); // a store to read: a read of a missing store is refused before the engine loads
    const urls = loaded(["stats", "--json"]);
    expect(urls.some((u) => /node_modules\/zod\//.test(u))).toBe(true);
    // The TOML parser (agent clients' configs) is doctor's and install's alone.
    expect(urls.filter((u) => /smol-toml/.test(u))).toEqual([]);
  });

  it("recall (what a hook runs in a fresh process) loads no SDK, tokenizer, other driver or server", () => {
    const urls = loaded(["remember", "The billing gateway owner is Marco Rossi"]).length; // a store to read
    expect(urls).toBeGreaterThan(0);
    const recall = loaded(["recall", "billing gateway owner"]);
    expect(recall.some((u) => /better-sqlite3/.test(u))).toBe(true);
    const unused = [
      /@modelcontextprotocol/,
      /gpt-tokenizer/,
      /node_modules\/pg\//,
      /pgvector/,
      /smol-toml/,
      /cli-progress/,
      /node_modules\/hono\//,
      /@hono\//,
    ];
    for (const heavy of unused) expect(recall.filter((u) => heavy.test(u))).toEqual([]);
    // zod comes inside the CLI's own chunks: one instance, and none of its ~60 other locales.
    expect(recall.some((u) => u.startsWith("bundled:node_modules/zod/"))).toBe(true);
    expect(recall.filter((u) => /\/node_modules\/zod\//.test(u))).toEqual([]);
    expect(recall.filter((u) => /zod\/v4\/locales\/(?!en\.js$)/.test(u))).toEqual([]);
    // The budget: a fresh recall loaded 139 module files before the CLI had its own build (95 of
    // them zod's) and 41 with it. Every file is a resolve, a read and a compile (or a code cache
    // lookup) before any work. The command's own files (the bin, the command, its chunks):
    // (46 since the background index build: the vector index's modules are shared with its worker
    // entry, so the build splits them into a chunk of their own. The twentieth session's forget
    // took continuity/wraps.ts by a dynamic `import()` although the engine imports it statically:
    // that made it an entry of the build, which splits every shared chunk reached from it apart
    // from those that are not, 48 files. A static import again: 45, the same modules as before in
    // fewer chunks. A dynamic import of a module the recall path already loads saves nothing and
    // costs chunks; see docs/benchmarks.md, bench21. 46 since the twenty-sixth session: the SQLite
    // store's own-files test, src/store/sqlite/own-files.ts, is reached from the command's chunks too
    // — `transfer`'s same-files check and every output file's "is it a SQLite database?" guard — so
    // the build gives its ~2 KB a chunk of its own instead of the SQLite store's. 39 since lean27:
    // those two reach it through a dynamic `import()` of the SQLite store's module, which the build
    // splits already, and main.ts takes `resolveEmbedder` and `judgeConfigFrom` through program.js
    // and open-memory.js, loaded by then, instead of importing stores.ts and judge/config.ts
    // dynamically: each had made an entry, a stub and a chunk of its own. A metafile shows the cause
    // of the next one: `metafile: true` on the CLI's build in tsup.config.ts, read the chunks' inputs.
    // 40 since surfaces28: src/core/borrowed-names.ts, the one table of names every surface answers
    // a borrowed field or flag with (~3 KB), is reached from the program's flag hook and from
    // `parseInput`, which the program does not import, so the build gives it a chunk of its own.
    // 36 since newcomer46: main.ts takes commander's error class through program.js (its own
    // `import("commander")` made commander an entry: a stub and a chunk), loads the CLI's wording
    // of a refusal (src/cli/wording.ts, whose verb table the servers share) only on a refusal, and
    // shellWord lives in style.ts (a module reached by main and doctor alone was a chunk).
    // 35 since newcomer47: the CLI build resolves the MCP SDK's `zod/v4` to zod's root index, ours;
    // two index modules reached by different entries made the root's (no code) an empty chunk.
    // The bound is one above the count, so one more file is a choice, not a broken test.)
    const own = files(recall).filter((u) => !u.includes("/node_modules/"));
    expect(own.length).toBeLessThanOrEqual(36);
    // From node_modules, only the SQLite driver (better-sqlite3's own 16 CommonJS files and the two
    // it finds its binary with; an ES module hook never saw them, this one does).
    const packages = new Set(
      files(recall)
        .filter((u) => u.includes("/node_modules/"))
        .map((u) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(u)?.[1]),
    );
    expect([...packages].sort()).toEqual(["better-sqlite3", "bindings", "file-uri-to-path"]);
    // The own files above and the driver's 16: 51 since newcomer47 (the bound one above).
    expect(files(recall).length).toBeLessThanOrEqual(52);
  });

  it("a keyword recall after a consolidation loads no tagger (sleep recorded what each turn said)", () => {
    // (No measures: a lift that compares measures, recall/lifts/newer-measure.ts, loads the tagger
    // on a keyword recall whose facts state one, "£40 a month"; noticed, docs/evaluation.md determ31.)
    const chat = [
      "Zed's vim mode still doesn't do :g, any workaround? Otherwise I'm really happy with the editor.",
      "I take the 8:12 train to Paddington most days.",
      "I swim at the Castle pool on Tuesdays and Thursdays.",
      "The boiler service is booked with HomeServe for 12 May.",
    ];
    for (const turn of chat) loaded(["record", turn]);
    // Sleep loads the tagger: it reads the turns (the hook below runs after it, in its own process).
    expect(loaded(["consolidate"]).some((u) => /wink-/.test(u))).toBe(true);
    // A hook's recall matches the turns and their beliefs and decides which belief speaks for which
    // turn (recall/representative.ts): by what sleep recorded, not by reading the turns with wink.
    for (const query of [
      "Zed vim mode",
      "train Paddington",
      "swim Castle pool",
      "boiler service HomeServe",
    ]) {
      const recall = loaded(["recall", query]);
      expect(recall.some((u) => /better-sqlite3/.test(u))).toBe(true);
      expect(recall.filter((u) => /wink-/.test(u))).toEqual([]);
    }
  });

  it("doctor loads the TOML parser it reads client configs with, lazily", () => {
    const urls = loaded(["doctor", "--json"]);
    expect(urls.some((u) => /smol-toml/.test(u))).toBe(true);
  });
});
