/**
 * A newcomer's first hour, newcomer25's pass: the lines the built CLI tells a newcomer to run next
 * are run as written, in a fresh HOME with no STRATA_DB, and must do what the message promised —
 * reach the store the newcomer named with --db, not the default one.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bin, ensureBuilt, serveHttp } from "../support/built-cli.js";
import { schemasDroppedAfterAll } from "../support/pg-schemas.js";

let home: string;
let cwd: string;

beforeAll(() => {
  ensureBuilt();
  home = mkdtempSync(join(tmpdir(), "strata-hour-"));
  cwd = join(home, "project");
  mkdirSync(cwd);
}, 120_000);
afterAll(() => {
  if (home) rmSync(home, { recursive: true, force: true });
});

const cleanEnv = (): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, NO_COLOR: "1" };
  for (const name of [
    "STRATA_DB",
    "STRATA_CONFIG",
    "STRATA_EMBEDDER",
    "STRATA_TOKEN",
    "STRATA_MCP_TOKEN",
    "npm_command",
  ])
    delete env[name];
  return env;
};

function strata(args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: "utf8",
    env: cleanEnv(),
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The words of a shell line: plain words and '…'-quoted ones, as a shell passes them. */
const words = (line: string) => [...line.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]!);

const defaultStore = () => join(home, ".strata", "memory.db");

/** `strata … serve --http --port 0`'s start-up lines on stderr, up to the dashboard's; then stopped. */
async function banner(args: string[]): Promise<string> {
  const child = spawn(process.execPath, [bin, ...args], {
    cwd,
    env: cleanEnv(),
    stdio: ["ignore", "ignore", "pipe"],
  });
  try {
    return await new Promise<string>((resolve, reject) => {
      let err = "";
      child.stderr!.on("data", (chunk: Buffer) => {
        err += chunk.toString();
        if (/dashboard at .*\n/.test(err)) resolve(err);
      });
      child.once("exit", (code) => reject(new Error(`server exited ${code}: ${err}`)));
    });
  } finally {
    child.kill();
  }
}

describe("the strata keys line a server names reaches the store it serves", () => {
  it("serve --http --host 0.0.0.0 with no key: the keys create line it gives, run as written, lets it start", async () => {
    const db = join(cwd, "team.db");
    expect(strata(["--db", "team.db", "init"]).code).toBe(0);
    const refused = strata(["--db", "team.db", "serve", "--http", "--host", "0.0.0.0", "--port", "0"]);
    expect(refused.code).toBe(2);
    const line = /Create one first \((strata [^;]+);/.exec(refused.stderr)?.[1];
    expect(line, refused.stderr).toBe(
      `strata --db ${db} keys create --name NAME --scope write --namespaces NS`,
    );
    // As a newcomer types it, placeholders filled in.
    const made = strata(
      words(line!)
        .slice(1)
        .map((w) => (w === "NAME" ? "laptop" : w === "NS" ? "default" : w)),
    );
    expect(made.code, made.stderr).toBe(0);
    expect(existsSync(defaultStore())).toBe(false); // the key went to team.db, not ~/.strata
    const { url, child } = await serveHttp(
      ["--db", db, "serve", "--http", "--host", "0.0.0.0", "--port", "0"],
      {
        env: cleanEnv(),
      },
    );
    child.kill();
    expect(url).toMatch(/^http:\/\/.+\/mcp$/);
  }, 60_000);

  it("the banner's first-key line names --db (quoted for the shell) when the store was named, and not otherwise", async () => {
    const db = join(cwd, "my store.db");
    expect(strata(["--db", db, "init"]).code).toBe(0);
    const named = await banner(["--db", db, "serve", "--http", "--port", "0"]);
    expect(named).toContain(
      `none exists yet: strata --db '${db}' keys create --name you --scope admin --namespaces '*', printed once`,
    );
    expect(named).toContain(`strata --db '${db}' keys create to require keys`);
    // Made as the banner says, the key is one that store knows.
    const made = strata([
      "--db",
      db,
      "keys",
      "create",
      "--name",
      "you",
      "--scope",
      "admin",
      "--namespaces",
      "*",
    ]);
    expect(made.code).toBe(0);
    expect(await banner(["--db", db, "serve", "--http", "--port", "0"])).toContain(
      `(API key required: 1 live key; strata --db '${db}' keys list)`,
    );
    // The default store: the plain line, as before.
    expect(strata(["init"]).code).toBe(0);
    const plain = await banner(["serve", "--http", "--port", "0"]);
    expect(plain).toContain(
      "none exists yet: strata keys create --name you --scope admin --namespaces '*', printed once",
    );
  }, 60_000);
});

describe("strata backup onto a file that exists", () => {
  it("says --force replaces it (it said a backup never overwrites), and --force does", () => {
    expect(strata(["--db", "kept.db", "remember", "The retry limit is 5"]).code).toBe(0);
    writeFileSync(join(cwd, "nightly.db"), "yesterday's");
    const r = strata(["--db", "kept.db", "backup", "nightly.db"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `usage: ${join(cwd, "nightly.db")} already exists: pick a new path, or add --force to replace it.\n`,
    );
    expect(readFileSync(join(cwd, "nightly.db"), "utf8")).toBe("yesterday's");
    const forced = strata(["--db", "kept.db", "backup", "nightly.db", "--force"]);
    expect(forced.code).toBe(0);
    expect(strata(["--db", "nightly.db", "recall", "retry limit"]).stdout).toContain("The retry limit is 5");
  });
});

const PG = process.env.DATABASE_URL;

describe.skipIf(!PG)(
  "a command that only reads, on a PostgreSQL schema that does not exist (needs DATABASE_URL)",
  () => {
    const dropLater = schemasDroppedAfterAll();
    const schemaExists = async (schema: string) => {
      const client = new pg.Client({ connectionString: PG });
      await client.connect();
      try {
        const r = await client.query("SELECT 1 FROM information_schema.schemata WHERE schema_name = $1", [
          schema,
        ]);
        return r.rowCount === 1;
      } finally {
        await client.end();
      }
    };

    it("is refused like a SQLite file that does not exist (it made the schema and answered from it, empty)", async () => {
      const schema = dropLater(`hour25_typo_${process.pid}`);
      const url = `${PG}${PG!.includes("?") ? "&" : "?"}schema=${schema}`;
      for (const args of [["recall", "retry limit"], ["list"], ["stats"]]) {
        const r = strata(["--db", url, ...args, "--json"]);
        expect(r.code, args.join(" ")).toBe(69);
        const { error } = JSON.parse(r.stdout);
        expect(error).toMatchObject({ code: "STORE_UNAVAILABLE", details: { schema, reason: "missing" } });
        expect(error.message).toMatch(
          new RegExp(
            `^No Strata schema "${schema}" at postgres://.*: it holds no Strata tables, and ${args[0]} only reads, so none were created\\. Check the schema in --db`,
          ),
        );
        expect(error.message).not.toContain(":strata@"); // no password
        expect(await schemaExists(schema), args.join(" ")).toBe(false);
      }
      const from = strata(["transfer", "--from", url, "--to", "copy.db"]);
      expect(from.code).toBe(2);
      expect(from.stderr).toContain("no store there (the schema holds no Strata tables)");
      expect(await schemaExists(schema)).toBe(false);
      expect(existsSync(join(cwd, "copy.db"))).toBe(false);
      // A write makes it, as on SQLite; then the read answers from it.
      expect(strata(["--db", url, "remember", "The retry limit is 5"]).code).toBe(0);
      const read = strata(["--db", url, "recall", "retry limit"]);
      expect(read.code).toBe(0);
      expect(read.stdout).toContain("The retry limit is 5");
    }, 60_000);
  },
);
