/**
 * A command that reads a file or stdin (import, judge, save-continuity, remember/record --jsonl)
 * refuses input it cannot read before the store opens. Before newcomer34, `strata import
 * missing.json` on a first run printed "strata: created a new store at …" and then the usage
 * error: a mistyped file name left a new, empty store behind.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureOutput } from "../../test/support/captured-output.js";
import { resolveToken } from "./commands/serve.js";
import { bytesWord, checkReadable, notUtf8Input, type RawInvocation } from "./input-lines.js";
import { runMain } from "./main.js";

let dir: string;
let db: string;
let said: string[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "strata-input-"));
  db = join(dir, "new.db");
  said = captureOutput();
});

afterEach(() => {
  vi.restoreAllMocks();
  Object.defineProperty(process.stdin, "isTTY", { value: undefined, configurable: true });
});

describe("input a command cannot read is refused before a store is created", () => {
  it.each([
    ["import of a missing file", ["import", "missing.json"]],
    ["judge of a missing file", ["judge", "missing.json"]],
    ["save-continuity of a missing file", ["save-continuity", "missing.md", "--token", "w1-abc"]],
    ["remember --jsonl of a missing file", ["remember", "--jsonl", "missing.jsonl"]],
    ["record --jsonl of a folder", ["record", "--jsonl", "."]],
  ])("%s: exit 2 naming the file, no store", async (_, argv) => {
    const code = await runMain(["--db", db, ...argv]);
    expect(code).toBe(2);
    expect(said.join("")).toMatch(
      /usage: cannot read .* \((ENOENT|EISDIR)\); pass an existing file, or - for stdin\./,
    );
    expect(said.join("")).not.toMatch(/created a new store/);
    expect(existsSync(db)).toBe(false);
  });

  it.each([
    ["import", ["import", ""]],
    ["judge", ["judge", ""]],
    ["save-continuity", ["save-continuity", "", "--token", "w1-abc"]],
    ["remember --jsonl", ["remember", "--jsonl", ""]],
  ])(
    "%s of an empty file name: exit 2 saying the name is empty, not the working folder; no store",
    async (_, argv) => {
      const code = await runMain(["--db", db, ...argv]);
      expect(code).toBe(2);
      expect(said.join("")).toContain(
        'usage: the file name is empty (""): pass an existing file, or - for stdin.',
      );
      expect(said.join("")).not.toMatch(/EISDIR|cannot read/);
      expect(existsSync(db)).toBe(false);
    },
  );

  it.each([
    ["import with nothing piped in", ["import"]],
    ["judge - with nothing piped in", ["judge", "-"]],
    ["remember --jsonl - with nothing piped in", ["remember", "--jsonl", "-"]],
  ])("%s (stdin a terminal): exit 2, no store", async (_, argv) => {
    Object.defineProperty(process.stdin, "isTTY", { value: true, configurable: true });
    const code = await runMain(["--db", db, ...argv, "--json"]);
    expect(code).toBe(2);
    expect(said.join("")).toContain('"code": "USAGE"');
    expect(said.join("")).toContain("this command reads from a file or stdin");
    expect(existsSync(db)).toBe(false);
  });

  it("a file that can be read runs the command, and a write creates the store", async () => {
    const file = join(dir, "items.jsonl");
    writeFileSync(file, '{"statement": "The retry limit is 5"}\n');
    expect(await runMain(["--db", db, "remember", "--jsonl", file, "--json"])).toBe(0);
    expect(existsSync(db)).toBe(true);
  });
});

describe("checkReadable", () => {
  it("passes a readable file and stdin that is not a terminal", () => {
    const file = join(dir, "ok.json");
    writeFileSync(file, "[]");
    expect(() => checkReadable(file)).not.toThrow();
    expect(() => checkReadable("-")).not.toThrow();
  });

  it.each([
    ["a missing file", () => join(dir, "nope.json"), "ENOENT"],
    [
      "a folder",
      () => {
        mkdirSync(join(dir, "sub"));
        return join(dir, "sub");
      },
      "EISDIR",
    ],
  ])("refuses %s with its code", (_, path, code) => {
    expect(() => checkReadable(path())).toThrow(`(${code}); pass an existing file, or - for stdin.`);
  });
});

/** A command line and an environment as Linux's /proc/self would hold them (NUL-terminated). */
const rawOf = (cmdline: Buffer[] | null, environ: Buffer[] | null = []): RawInvocation => ({
  cmdline: () => cmdline && Buffer.concat(cmdline.flatMap((w) => [w, Buffer.from([0])])),
  environ: () => environ && Buffer.concat(environ.flatMap((w) => [w, Buffer.from([0])])),
});
const latin1 = (s: string) => Buffer.from(s, "latin1");
const utf8 = (s: string) => Buffer.from(s, "utf8");
/** How Node reads the bytes it is handed (each byte that starts no character as U+FFFD). */
const asNodeReads = (b: Buffer) => b.toString("utf8");
const NODE = [utf8("/usr/bin/node"), utf8("/opt/strata/dist/cli/main.js")];

describe("notUtf8Input: a command-line word or STRATA_* variable that was not UTF-8", () => {
  it("refuses an argument whose bytes are not UTF-8, naming it and the byte", () => {
    const words = [utf8("recall"), latin1("café"), utf8("--json")];
    const found = notUtf8Input(words.map(asNodeReads), {}, rawOf([...NODE, ...words]));
    expect(found?.details).toEqual({ argument: 2, byteOffset: 3 });
    expect(found?.message).toMatch(/^argument 2 \(\$'caf\\xe9'\) is not UTF-8: byte 3 \(0xE9\)/);
    expect(found?.message).toContain("Nothing was changed.");
  });

  it("finds the word among node's own flags and a value beside its flag", () => {
    const words = [utf8("--db"), latin1("/tmp/été.db"), utf8("remember"), utf8("x")];
    const found = notUtf8Input(
      words.map(asNodeReads),
      {},
      rawOf([utf8("node"), utf8("--enable-source-maps"), utf8("main.js"), ...words]),
    );
    expect(found?.details).toEqual({ argument: 2, byteOffset: 5 });
  });

  it("takes U+FFFD typed as UTF-8, café and an emoji: nothing refused", () => {
    const words = [utf8("remember"), utf8("caf\uFFFD é 🙂"), utf8("")];
    expect(notUtf8Input(words.map(asNodeReads), {}, rawOf([...NODE, ...words]))).toBeNull();
  });

  it("reads no raw bytes for a command line with no U+FFFD", () => {
    const raw: RawInvocation = {
      cmdline: () => {
        throw new Error("read");
      },
      environ: () => {
        throw new Error("read");
      },
    };
    expect(notUtf8Input(["recall", "café"], { STRATA_DB: "/tmp/m.db" }, raw)).toBeNull();
  });

  it("takes the words as Node read them where the raw bytes cannot be read or do not line up", () => {
    const words = [utf8("recall"), latin1("café")];
    expect(notUtf8Input(words.map(asNodeReads), {}, rawOf(null))).toBeNull();
    // A command line rewritten since (a process title): its words are not the ones Node read.
    expect(notUtf8Input(words.map(asNodeReads), {}, rawOf([utf8("strata-worker")]))).toBeNull();
  });

  it("refuses a STRATA_* variable whose bytes are not UTF-8, and leaves other variables alone", () => {
    const env = [latin1("STRATA_DB=/tmp/café.db"), latin1("LANG_NOTE=café"), utf8("HOME=/root")];
    const seen = Object.fromEntries(
      env.map((e) => {
        const text = asNodeReads(e);
        return [text.slice(0, text.indexOf("=")), text.slice(text.indexOf("=") + 1)];
      }),
    );
    const found = notUtf8Input(["recall", "x"], seen, rawOf([], env));
    expect(found?.details).toEqual({ variable: "STRATA_DB", byteOffset: 8 });
    expect(found?.message).toMatch(/^STRATA_DB \(\$'\/tmp\/caf\\xe9\.db'\) is not UTF-8: byte 8 \(0xE9\)/);
    const { STRATA_DB: _, ...others } = seen;
    expect(notUtf8Input(["recall", "x"], others, rawOf([], env))).toBeNull();
  });

  it("bytesWord writes bytes as a word the shell reads back", () => {
    expect(bytesWord(latin1("it's a\\b é"))).toBe("$'it\\'s a\\\\b \\xe9'");
  });
});

describe("the other files the CLI reads are UTF-8 or refused, naming the byte; nothing changed (attacks47)", () => {
  const LATIN1 = Buffer.from('{"theme": "caf\u00e9"}', "latin1"); // 0xE9 at byte 14
  /** `strata install claude-code` on the test's own settings and MCP files. */
  const install = (settings: string, mcp: string) =>
    runMain([
      "--db",
      db,
      "install",
      "claude-code",
      "--settings",
      settings,
      "--mcp-config",
      mcp,
      "--allow-ephemeral",
    ]);

  it("install: a client's file that is not UTF-8 is refused and left as it was (it was rewritten with U+FFFD)", async () => {
    const settings = join(dir, "settings.json");
    const mcp = join(dir, "mcp.json");
    writeFileSync(settings, LATIN1);
    writeFileSync(mcp, "{}");
    expect(await install(settings, mcp)).toBe(1);
    expect(said.join("")).toMatch(/settings\.json is not UTF-8: byte 14 \(0xE9\)/);
    expect(readFileSync(settings)).toEqual(LATIN1);
    expect(readFileSync(mcp, "utf8")).toBe("{}");
    // UTF-8 is taken, its other entries kept as written.
    writeFileSync(settings, '{"theme": "café"}');
    said.length = 0;
    expect(await install(settings, mcp), said.join("")).toBe(0);
    expect(JSON.parse(readFileSync(settings, "utf8")).theme).toBe("café");
  });

  it("install: a client's file that is a FIFO is refused and left as it is (install waited on it for ever)", async () => {
    const settings = join(dir, "settings.json");
    const mcp = join(dir, "mcp.json");
    execFileSync("mkfifo", [mcp]);
    writeFileSync(settings, "{}");
    expect(await install(settings, mcp)).toBe(1);
    expect(said.join("")).toContain(`${mcp} is not a regular file, so install did not read it`);
    expect(statSync(mcp).isFIFO()).toBe(true);
    expect(readFileSync(settings, "utf8")).toBe("{}");
  });

  it("the settings file: refused as a usage error naming the byte, no store made (it named caf\uFFFD.db)", async () => {
    const config = join(dir, "strata.config.json");
    writeFileSync(config, Buffer.from('{"db": "caf\u00e9.db"}', "latin1"));
    expect(await runMain(["--config", config, "remember", "The retry limit is 5"])).toBe(2);
    expect(said.join("")).toMatch(
      /usage: the config file .*strata\.config\.json is not UTF-8: byte 11 \(0xE9\)/,
    );
    expect(existsSync(join(dir, "caf\uFFFD.db"))).toBe(false);
    writeFileSync(config, '{"db": "café.db"}');
    said.length = 0;
    expect(
      await runMain(["--config", config, "remember", "The retry limit is 5", "--json"]),
      said.join(""),
    ).toBe(0);
    expect(existsSync(join(dir, "café.db"))).toBe(true);
  });

  it("STRATA_JUDGE_KEY_FILE: refused naming the byte, never a key of U+FFFD", async () => {
    const key = join(dir, "key.txt");
    writeFileSync(key, Buffer.from("sk-caf\u00e9", "latin1"));
    const saved = { ...process.env };
    Object.assign(process.env, {
      STRATA_JUDGE_PROVIDER: "openai",
      STRATA_JUDGE_URL: "http://127.0.0.1:9/v1",
      STRATA_JUDGE_MODEL: "m",
      STRATA_JUDGE_KEY_FILE: key,
    });
    try {
      expect(await runMain(["--db", db, "remember", "The retry limit is 5"])).toBe(1);
    } finally {
      for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    }
    expect(said.join("")).toMatch(/STRATA_JUDGE_KEY_FILE .*key\.txt is not UTF-8: byte 6 \(0xE9\)/);
    expect(existsSync(db)).toBe(false);
  });

  it("serve --token-file: refused naming the byte; a UTF-8 token read as written", () => {
    const file = join(dir, "token");
    writeFileSync(file, Buffer.from("tok-caf\u00e9\n", "latin1"));
    expect(() => resolveToken({ tokenFile: file })).toThrow(
      /the token file .*token is not UTF-8: byte 7 \(0xE9\)/,
    );
    writeFileSync(file, "tok-café\n");
    expect(resolveToken({ tokenFile: file }).token).toBe("tok-café");
  });
});
