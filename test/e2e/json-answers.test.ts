/**
 * `--json` on every command of the shipped CLI, as docs/cli.md promises: on success, stdout is
 * one JSON document and stderr is empty (no progress, notices or migration lines); on error, the
 * exit code is non-zero, stdout is one `{ "error": { code, message, details } }` object and
 * stderr is that error's one line. The table must name every command the program has (a new
 * command fails the coverage check until it is added here).
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Command } from "commander";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProgram } from "../../src/cli/program.js";
import { bin, ensureBuilt } from "../support/built-cli.js";

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "strata-json-"));
  mkdirSync(join(dir, "home"));
  writeFileSync(
    join(dir, "digest.md"),
    "## State\nDeploys are green.\n\n## Patterns\n- none yet\n\n## Decisions\n- none\n\n## Context\nA test.\n",
  );
}, 300_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const env = () => ({ ...process.env, NO_COLOR: "1", HOME: join(dir, "home"), STRATA_DB: join(dir, "m.db") });

/** `strata --json …args` in the temp folder, synchronously (the success rows share one store, in order). */
function run(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [bin, "--json", ...args], {
    cwd: dir,
    encoding: "utf8",
    env: env(),
    input: input ?? "",
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The same, asynchronously: the error rows change nothing, so they run a few at a time. */
function runAsync(args: string[]): Promise<ReturnType<typeof run>> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, "--json", ...args], { cwd: dir, env: env() });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c));
    child.stderr.on("data", (c: Buffer) => (stderr += c));
    child.stdin.end();
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Every leaf command path of the program: "recall", "keys create", … */
function leaves(command: Command, prefix: string[] = []): string[] {
  return command.commands
    .filter((c) => c.name() !== "help")
    .flatMap((c) => {
      const path = [...prefix, c.name()];
      const below = leaves(c, path);
      return below.length > 0 ? below : [path.join(" ")];
    });
}

const SESSION = (event: string) => JSON.stringify({ session_id: "s1", cwd: dir, hook_event_name: event });

/**
 * One success line per command, run in this order against one store (ids: b1 is the first
 * belief, e1 the first episode). A string instead of a line: why no success run here.
 */
const SUCCESS: [string, string[] | string, string?][] = [
  ["init", ["init"]],
  ["remember", ["remember", "The staging database is Postgres 16"]],
  [
    "record",
    ["record", "Deploy failed: migration lock timeout", "--type", "outcome", "--outcome", "failure"],
  ],
  ["capture", ["capture", "--when", "the target model is Claude", "--prefer", "use XML delimiters"]],
  ["recall", ["recall", "staging"]],
  ["context", ["context", "deploy", "--budget", "400"]],
  ["outcome", ["outcome", "b1", "success"]],
  ["used", ["used", "b1"]],
  ["get", ["get", "b1"]],
  ["list", ["list"]],
  ["explain", ["explain", "b1"]],
  ["history", ["history", "b1"]],
  ["pin", ["pin", "b1"]],
  ["unpin", ["unpin", "b1"]],
  ["pending", ["pending"]],
  [
    "distil",
    ["distil", "--episodes", "e1", "--valence", "failure", "Deploys can hit a migration lock timeout"],
  ],
  ["maintain", ["maintain"]],
  ["consolidate", ["consolidate"]],
  ["sweep", ["sweep"]],
  ["candidates", ["candidates"]],
  ["judge", ["judge"], '[{"a":"b1","b":"b2","verdict":"distinct"}]'],
  ["health", ["health"]],
  ["stats", ["stats"]],
  ["namespaces", ["namespaces"]],
  ["doctor", ["doctor"]],
  ["verify", ["verify"]],
  ["verify-audit", ["verify-audit"]],
  ["audit", ["audit", "--limit", "2"]],
  ["associations", ["associations"]],
  ["graph", ["graph"]],
  ["diff", ["diff"]],
  ["continuity", ["continuity"]],
  ["render-continuity", ["render-continuity"]],
  ["continuity-history", ["continuity-history"]],
  ["prepare-wrap", ["prepare-wrap"]],
  ["save-continuity", ["save-continuity", "digest.md", "--token", "TOKEN"]],
  ["cancel-wrap", ["cancel-wrap", "--token", "TOKEN"]],
  ["worker", ["worker", "--once", "--no-daily"]],
  ["worker-status", ["worker-status"]],
  ["request-consolidation", ["request-consolidation"]],
  ["export", ["export", "--out", "export.json"]],
  ["import", ["--db", "imported.db", "import", "export.json"]],
  ["backup", ["backup", "backups/one.db"]],
  ["transfer", ["transfer", "--from", "sqlite:m.db", "--to", "sqlite:copy.db"]],
  ["reindex", ["reindex"]],
  ["demo", ["--db", "demo.db", "demo"]],
  ["keys create", ["keys", "create", "--name", "ci", "--scope", "read", "--namespaces", "a"]],
  ["keys list", ["keys", "list"]],
  ["keys revoke", ["keys", "revoke", "ci"]],
  ["install", ["install", "claude-code", "--print"]],
  ["uninstall", ["uninstall", "claude-code"]],
  ["completion", ["completion", "bash"]],
  ["instructions", ["instructions"]],
  ["hook session-start", ["hook", "session-start"], SESSION("SessionStart")],
  ["hook session-end", ["hook", "session-end"], SESSION("SessionEnd")],
  ["restore", ["restore", "b1"]],
  ["forget", ["forget", "b1", "--yes"]],
  ["serve", "a server: it answers its clients, not one document (its start lines go to stderr)"],
  ["curate pgvector", "needs a vector table of another application (test/e2e/curate.test.ts)"],
  ["curate chroma", "needs a Chroma server (src/collections/chroma-collection.test.ts)"],
  ["curate lancedb", "needs a LanceDB table (test/e2e/curate.test.ts)"],
];

/**
 * Flags that change what a command writes or where (a file, a format, a batch, a dry run), each run
 * once more after SUCCESS on the same store: still one JSON document on stdout and nothing on
 * stderr (newcomer43's walk ran every flag of every command so; these are the ones whose answer
 * takes another form).
 */
const VARIANTS: [string[], string?][] = [
  [
    ["remember", "--jsonl", "-", "--batch-size", "1"],
    '{"statement":"Deploys happen on Tuesdays"}\n"The cache is Redis 7"\n',
  ],
  [["record", "--jsonl", "-", "--gate", "approximate"], '"The user asked about retries"\n'],
  [["recall", "staging", "-k", "2", "--kinds", "fact", "--at", "yesterday", "--where", "team=ops"]],
  [["list", "--layer", "belief", "--status", "any", "--limit", "2", "--offset", "1"]],
  [["export", "--format", "markdown"]],
  [["export", "--format", "memory-jsonl", "-o", "export.jsonl"]],
  [["graph", "--format", "dot"]],
  [["continuity", "--out", "continuity.md"]],
  [["audit", "--jsonl", "audit-files"]],
  [["worker", "--once", "--no-daily", "--dry-run", "--all"]],
  [["hook", "session-start", "-b", "200"], SESSION("SessionStart")],
  [["instructions", "--cli"]],
  [["-n", "typo", "context", "deploy"]],
];

/** Errors the engine (or the command's own check) raises, not the grammar: each on a store or input it refuses. */
const ENGINE_ERRORS: [string, string[], string][] = [
  ["get", ["get", "b999"], "NOT_FOUND"],
  ["forget", ["forget", "b1"], "USAGE"],
  ["remember", ["remember", "   "], "USAGE"],
  ["remember --steps", ["remember", "Restart the worker", "--steps", "a;b"], "INVALID_INPUT"],
  ["recall", ["recall", "x", "-k", "0"], "USAGE"],
  ["judge", ["judge"], "USAGE"],
  ["save-continuity", ["save-continuity", "digest.md", "--token", "w9-000000000000"], "WRAP_NOT_PREPARED"],
  ["stats", ["--db", "no-such.db", "stats"], "STORE_UNAVAILABLE"],
  ["worker", ["worker", "--interval", "5x"], "USAGE"],
  ["keys create", ["keys", "create", "--name", "x", "--namespaces", "a"], "USAGE"],
  [
    "curate chroma",
    ["curate", "chroma", "--url", "http://127.0.0.1:9", "--collection", "x"],
    "STORE_UNAVAILABLE",
  ],
  ["curate lancedb", ["curate", "lancedb", "--path", "no-lance", "--table", "m"], "NOT_FOUND"],
  ["transfer", ["transfer", "--from", "sqlite:no-such.db", "--to", "sqlite:x.db"], "USAGE"],
  ["demo", ["--db", "m.db", "demo"], "CONFLICT"],
];

const program = createProgram("0.0.0", { writeOut: () => {}, writeErr: () => {} }, () => {});
const commands = leaves(program);

/** One JSON document with an `error` of the documented shape; stderr its one line. */
function expectError(r: ReturnType<typeof run>, label: string) {
  expect(r.code, label).not.toBe(0);
  expect(r.code, label).not.toBeNull();
  const body = JSON.parse(r.stdout);
  expect(Object.keys(body), label).toEqual(["error"]);
  expect(body.error, label).toEqual({
    code: expect.stringMatching(/^[A-Z_]+$/),
    message: expect.any(String),
    details: expect.any(Object),
  });
  expect(r.stderr.trimEnd().split("\n"), `${label}: ${r.stderr}`).toHaveLength(1);
  expect(r.stderr, label).toMatch(/^(error|usage): /);
  return body.error as { code: string; message: string };
}

describe("--json on every command (built CLI)", () => {
  it("the tables name every command the program has", () => {
    expect(SUCCESS.map(([c]) => c).sort()).toEqual([...commands].sort());
  });

  it("success: exit 0, stdout one JSON document, stderr empty", () => {
    let token = "";
    for (const [command, line, input] of SUCCESS) {
      if (typeof line === "string") continue;
      // cancel-wrap ends a wrap of its own (save-continuity ended prepare-wrap's); a wrap needs new episodes.
      if (command === "cancel-wrap") {
        run(["record", "Build failed: out of disk on runner r3"]);
        token = JSON.parse(run(["prepare-wrap"]).stdout).token;
      }
      const r = run(
        line.map((a) => (a === "TOKEN" ? token : a)),
        input,
      );
      if (command === "prepare-wrap") token = JSON.parse(r.stdout).token;
      expect([command, r.code, r.stderr]).toEqual([command, 0, ""]);
      expect(() => JSON.parse(r.stdout), `${command}: ${r.stdout.slice(0, 200)}`).not.toThrow();
    }
  }, 600_000);

  it("success with the flags that change the answer's form: exit 0, one JSON document, stderr empty", () => {
    for (const [line, input] of VARIANTS) {
      const r = run(line, input);
      expect([line.join(" "), r.code, r.stderr]).toEqual([line.join(" "), 0, ""]);
      expect(() => JSON.parse(r.stdout), `${line.join(" ")}: ${r.stdout.slice(0, 200)}`).not.toThrow();
    }
  }, 600_000);

  it("an unknown flag on every command: exit 2, one USAGE error object", async () => {
    // A command with required options says those are missing first (src/cli/mandatory-options.ts).
    const queue = commands.map((c) => c.split(" "));
    const failures: string[] = [];
    const worker = async () => {
      for (let path = queue.shift(); path; path = queue.shift()) {
        const r = await runAsync([...path, "--no-such-flag"]);
        const label = path.join(" ");
        const error = expectError(r, label);
        if (r.code !== 2 || error.code !== "USAGE" || !/--no-such-flag|needs --/.test(error.message))
          failures.push(`${label}: ${r.code} ${error.code} ${error.message}`);
      }
    };
    await Promise.all([worker(), worker(), worker()]);
    expect(failures).toEqual([]);
  }, 600_000);

  it.each(ENGINE_ERRORS)(
    "%s: an error of its own is one error object (%j → %s)",
    async (_command, args, code) => {
      const error = expectError(await runAsync(args), args.join(" "));
      expect(error.code).toBe(code);
    },
  );
});
