/**
 * A newcomer's first hour, played against the packed tarball (what `npm publish` would ship):
 * the package is unpacked into an empty project (its dependencies linked from this checkout,
 * so no registry is needed), every import path the docs show resolves, every `ts` code block in
 * the README and docs type-checks under `strict`, the README's library example runs with only
 * the model call stubbed, the README's CLI lines run against a fresh store, and every CLI line of
 * docs/ runs with HOME and the working folder in a temporary folder and `--db` (STRATA_DB) a
 * temporary store: only lines with a stated reason are skipped, so a new docs line that fails
 * fails here.
 */
import { execFileSync, spawnSync } from "node:child_process";
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt, root } from "../support/built-cli.js";

let dir: string;
let project: string;

/** Fenced blocks of one language from a markdown file, with the line each starts on. */
function blocks(file: string, lang: string): { code: string; line: number }[] {
  const out: { code: string; line: number }[] = [];
  const lines = readFileSync(join(root, file), "utf8").split("\n");
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() !== `\`\`\`${lang}`) continue;
    const start = i + 1;
    while (++i < lines.length && !lines[i]!.startsWith("```"));
    out.push({ code: lines.slice(start, i).join("\n"), line: start });
  }
  return out;
}

/**
 * The shell commands of a markdown file's ```sh and ```bash blocks, one per command: a line ending
 * in `\` continues on the next, a trailing `# comment` is dropped.
 */
function shellCommands(file: string): { command: string; line: number }[] {
  const out: { command: string; line: number }[] = [];
  for (const lang of ["sh", "bash"])
    for (const b of blocks(file, lang)) {
      let command = "";
      let line = 0;
      b.code.split("\n").forEach((raw, i) => {
        if (!command) line = b.line + i + 1;
        command += raw.replace(/\\$/, " ");
        if (raw.endsWith("\\")) return;
        const done = command.replace(/\s+#.*$/, "").trim();
        command = "";
        if (done) out.push({ command: done, line });
      });
    }
  return out;
}

/** Whether a shell command runs `strata` (directly, through npx, in a pipe or a substitution). */
const invokesStrata = (command: string) => /(^|[\s|;&(])strata(\s|$)/.test(command);

/** Every markdown file under docs/, subfolders included. */
function docsFiles(folder = "docs"): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? docsFiles(`${folder}/${e.name}`)
      : e.name.endsWith(".md")
        ? [`${folder}/${e.name}`]
        : [],
  );
}

const DOCS = ["README.md", ...readdirSync(join(root, "docs")).map((f) => `docs/${f}`)].filter((f) =>
  f.endsWith(".md"),
);

beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "strata-newcomer-"));
  const out = execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", dir], {
    cwd: root,
    encoding: "utf8",
  });
  const tarball = join(dir, (JSON.parse(out) as { filename: string }[])[0]!.filename);
  project = join(dir, "app");
  const modules = join(project, "node_modules");
  mkdirSync(modules, { recursive: true });
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify({ name: "app", private: true, type: "module" }),
  );
  execFileSync("tar", ["-xzf", tarball, "-C", modules]);
  renameSync(join(modules, "package"), join(modules, "strata-memory"));
  // The package's dependencies (and the toolchain the checks use), linked from this checkout.
  for (const entry of readdirSync(join(root, "node_modules")))
    if (entry !== ".bin" && entry !== "strata-memory" && !entry.startsWith("."))
      symlinkSync(join(root, "node_modules", entry), join(modules, entry));
  writeFileSync(
    join(project, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        noEmit: true,
        skipLibCheck: true,
        types: ["node"],
      },
      include: ["*.ts"],
    }),
  );
  // The one thing the README leaves to the reader: their model.
  writeFileSync(
    join(project, "your-model.ts"),
    [
      "export async function compress(prompt: string): Promise<string> {",
      '  return ["## State", "- read " + prompt.length + " characters", "## Patterns", "## Decisions", "## Context"].join("\\n");',
      "}",
      "",
    ].join("\n"),
  );
}, 180_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the packed package, as a newcomer meets it", () => {
  it("ships the entries the docs import, and nothing from src/", () => {
    const files = execFileSync(
      "tar",
      ["-tzf", join(dir, readdirSync(dir).find((f) => f.endsWith(".tgz"))!)],
      {
        encoding: "utf8",
      },
    );
    expect(files).toContain("package/dist/index.js");
    expect(files).toContain("package/dist/embedders.js");
    expect(files).toContain("package/dist/postgres.js");
    expect(files).toContain("package/dist/cli/main.js");
    expect(files).not.toMatch(/package\/src\/.*\.ts\n/);

    const probe = `
      import * as main from "strata-memory";
      import * as embedders from "strata-memory/embedders";
      import * as postgres from "strata-memory/postgres";
      const want = {
        main: ["openMemory", "createEngine", "verifyAuditJsonl", "StrataError", "SqliteStore", "createHashedEmbedder"],
        embedders: ["createHttpEmbedder", "createTransformersEmbedder", "createHashedEmbedder"],
        postgres: ["PostgresStore"],
      };
      const got = { main, embedders, postgres };
      const missing = Object.entries(want).flatMap(([k, names]) => names.filter((n) => typeof got[k][n] !== "function").map((n) => k + "." + n));
      console.log(JSON.stringify(missing));`;
    writeFileSync(join(project, "probe.mjs"), probe);
    const r = spawnSync(process.execPath, ["probe.mjs"], { cwd: project, encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toEqual([]);
  });

  it("every ts block in the README and docs type-checks under strict", () => {
    const written: string[] = [];
    for (const file of DOCS)
      for (const b of blocks(file, "ts")) {
        const name = `${file.replace(/[/.]/g, "_")}_${b.line}.ts`;
        // Top-level await needs a module: every block is one, as a reader's file would be.
        writeFileSync(join(project, name), `${b.code}\nexport {};\n`);
        written.push(name);
      }
    expect(written.length).toBeGreaterThanOrEqual(4);
    const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
    const r = spawnSync(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: project, encoding: "utf8" });
    expect(r.stdout + r.stderr).toBe("");
    expect(r.status).toBe(0);
  }, 120_000);

  it("the README's library example runs, model call stubbed", () => {
    const [example] = blocks("README.md", "ts");
    writeFileSync(join(project, "readme-example.ts"), example!.code);
    const r = spawnSync(process.execPath, ["--import", "tsx", "readme-example.ts"], {
      cwd: project,
      encoding: "utf8",
    });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  }, 60_000);

  it("the README's CLI lines run against a fresh store", () => {
    const bin = join(project, "bin");
    mkdirSync(bin, { recursive: true });
    writeFileSync(
      join(bin, "strata"),
      `#!/bin/sh\nexec "${process.execPath}" "${join(project, "node_modules/strata-memory/dist/cli/main.js")}" "$@"\n`,
    );
    chmodSync(join(bin, "strata"), 0o755);
    // Lines that cannot run here, each with its reason.
    const skip: [RegExp, string][] = [
      [/^npm (install|test)/, "the set-up and this very suite"],
      [/strata judge/, "answers pairs that `strata candidates` listed in the reader's own store"],
      [/save-continuity/, "saves a digest the reader's model wrote from the package"],
      [/STRATA_JUDGE_URL=/, "needs the reader's model server"],
      [
        /^strata serve --http|^curl /,
        "a server that runs until stopped, and calls to it (test/e2e/rest.test.ts)",
      ],
      [/^strata worker (?!.*--once)/, "a worker that runs until stopped (test/e2e/worker.test.ts)"],
      [/\| dot /, "Graphviz is not installed here (`strata graph` alone runs)"],
      [
        /^strata (install|uninstall)|>> AGENTS\.md/,
        "writes into the user's home (test/smoke/clients.test.ts)",
      ],
    ];
    const ran: string[] = [];
    for (const b of blocks("README.md", "sh"))
      for (const raw of b.code.split("\n")) {
        const line = raw.replace(/\s+#.*$/, "").trim();
        if (!line || skip.some(([re]) => re.test(line))) continue;
        const r = spawnSync("/bin/sh", ["-c", line.replace(/\| dot .*$/, "")], {
          cwd: project,
          encoding: "utf8",
          // A line that never ends fails here instead of hanging the suite.
          timeout: 60_000,
          env: {
            ...process.env,
            PATH: `${bin}:${process.env.PATH}`,
            STRATA_DB: join(project, "cli.db"),
            NO_COLOR: "1",
          },
        });
        expect(r.status, `${line}\n${r.stderr}`).toBe(0);
        ran.push(line);
      }
    expect(ran.length).toBeGreaterThanOrEqual(15);
  }, 180_000);

  it("every CLI line in docs/ runs, with HOME, the working folder and the store in a temp folder", () => {
    const bin = join(project, "bin");
    const home = join(dir, "home");
    // Inside the project, so `npx strata` finds the installed package the way a reader's would.
    const work = join(project, "work");
    for (const d of [bin, home, work]) mkdirSync(d, { recursive: true });
    const main = join(project, "node_modules/strata-memory/dist/cli/main.js");
    writeFileSync(join(bin, "strata"), `#!/bin/sh\nexec "${process.execPath}" "${main}" "$@"\n`);
    chmodSync(join(bin, "strata"), 0o755);
    // What `npm install strata-memory` links, so `npx strata` finds it without a registry.
    mkdirSync(join(project, "node_modules/.bin"), { recursive: true });
    symlinkSync(main, join(project, "node_modules/.bin/strata"));
    // The files the docs' lines read, as the reader would have them (shapes from the docs).
    writeFileSync(
      join(work, "facts.jsonl"),
      '{"statement": "Retry limit is 5", "at": "2026-01-10"}\n"Staging runs Postgres 16"\n',
    );
    writeFileSync(
      join(work, "session.jsonl"),
      '{"content": "Deploy failed", "type": "outcome", "outcome": "failure"}\n',
    );
    // Lines that cannot run here, each with its reason; a reason no line needs any more fails too.
    const skip: [RegExp, string][] = [
      [/strata judge/, "answers pairs that `strata candidates` listed in the reader's own store"],
      [/save-continuity/, "saves a digest the reader's model wrote from the package"],
      [/STRATA_JUDGE_URL=/, "needs the reader's model server"],
      [/serve --http/, "a server that runs until stopped (test/e2e/rest.test.ts, test/e2e/mcp.test.ts)"],
      [/^strata worker (?!.*--once)/, "a worker that runs until stopped (test/e2e/worker.test.ts)"],
      [/postgres:\/\/|\$PG\b/, "needs the reader's PostgreSQL server (test/e2e/postgres.test.ts)"],
      [/curate (chroma|lancedb)/, "reads the reader's own vector store (src/collections tests)"],
    ];
    const used = new Set<string>();
    const ran: string[] = [];
    for (const file of docsFiles())
      for (const { command, line } of shellCommands(file)) {
        if (!invokesStrata(command)) continue;
        const reason = skip.find(([re]) => re.test(command))?.[1];
        if (reason) {
          used.add(reason);
          continue;
        }
        const r = spawnSync("bash", ["-o", "pipefail", "-c", command], {
          cwd: work,
          encoding: "utf8",
          // A line that never ends fails here instead of hanging the suite.
          timeout: 60_000,
          env: {
            ...process.env,
            HOME: home,
            PATH: `${bin}:${join(project, "node_modules/.bin")}:${process.env.PATH}`,
            STRATA_DB: join(work, "cli.db"),
            NO_COLOR: "1",
            // npx must find the linked package, never ask a registry.
            npm_config_offline: "true",
          },
        });
        expect(r.status, `${file}:${line}: ${command}\n${r.stderr}`).toBe(0);
        ran.push(`${file}:${line}`);
      }
    expect(skip.map(([, why]) => why).filter((why) => !used.has(why))).toEqual([]);
    expect(ran.length).toBeGreaterThanOrEqual(25);
  }, 600_000);
});
