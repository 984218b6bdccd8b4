/**
 * Bytes that are not UTF-8, sent to every surface that reads bytes (attacks43). Each decoder read
 * a Latin-1 `é` (the byte 0xE9) as U+FFFD and stored "caf\uFFFD", a text the caller never wrote,
 * in silence: REST bodies (a declared `charset=iso-8859-1` was ignored too), MCP over Streamable
 * HTTP and over stdio, and the CLI's files and stdin. Now each refuses them (INVALID_INPUT, the
 * byte's offset named; REST's other charset 415), nothing written, and the server goes on serving.
 * The REST cases run on a SQLite file and on PostgreSQL; the others on the built binary.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "../../src/access/api-keys.js";
import type { Memory } from "../../src/core/engine.js";
import { firstNonUtf8, utf8Text } from "../../src/core/errors.js";
import { createMcpServer } from "../../src/mcp/server.js";
import { openMemory } from "../../src/open-memory.js";
import { createServerApp } from "../../src/server/app.js";
import { createDashboard } from "../../src/server/ui/dashboard.js";
import { memoryBackends } from "../support/backends.js";
import { bin, ensureBuilt } from "../support/built-cli.js";
import { jsonLines } from "../support/json-lines.js";
import { listenLocally } from "../support/local-server.js";
import { rawRequest } from "../support/raw-http.js";

const LATIN1_CAFE = Buffer.from("caf\u00e9", "latin1"); // 63 61 66 e9

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "strata-not-utf8-"));
}, 120_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("firstNonUtf8: the rule, with examples either side", () => {
  it("reads well-formed UTF-8 of every length as UTF-8", () => {
    for (const text of [
      "",
      "plain ascii",
      "café",
      "naïve 東京",
      "emoji 🙂 ok",
      "\u{10FFFF}",
      "\uFFFD said on purpose",
    ])
      expect(firstNonUtf8(Buffer.from(text, "utf8")), text).toBe(-1);
  });
  it("names the first byte that starts no UTF-8 character", () => {
    const cases: [number[], number][] = [
      [[0x63, 0x61, 0x66, 0xe9], 3], // Latin-1 é at the end
      [[0xe9, 0x74, 0xe9], 0], // Latin-1 "été"
      [[0x41, 0x80], 1], // a lone continuation byte
      [[0xc0, 0x80], 0], // an overlong NUL
      [[0xe0, 0x80, 0x80], 0], // an overlong three-byte form
      [[0xed, 0xa0, 0x80], 0], // an encoded surrogate (U+D800)
      [[0xf4, 0x90, 0x80, 0x80], 0], // past U+10FFFF
      [[0xf5, 0x80, 0x80, 0x80], 0],
      [[0x61, 0xe6, 0x9d], 1], // a character cut short
      [[0xff, 0xfe, 0x61, 0x00], 0], // UTF-16's byte-order mark
    ];
    for (const [bytes, at] of cases) expect(firstNonUtf8(Uint8Array.from(bytes)), bytes.join(" ")).toBe(at);
  });
  it("utf8Text drops a byte-order mark and refuses the rest, naming the byte", () => {
    expect(utf8Text(Buffer.from("\uFEFF{}", "utf8"), "x")).toBe("{}");
    expect(() => utf8Text(LATIN1_CAFE, "the body")).toThrow(/the body is not UTF-8: byte 3 \(0xE9\)/);
  });
});

/** A raw POST of bytes through node:http (fetch would send UTF-8 only). */
const postBytes = (port: number, path: string, headers: Record<string, string>, body: Buffer) =>
  rawRequest(
    port,
    "POST",
    path,
    { host: `127.0.0.1:${port}`, "content-length": String(body.length), ...headers },
    body,
  );

async function listen(mem: Memory): Promise<{ port: number; close: () => Promise<void> }> {
  const app = createServerApp({ memory: mem, makeMcpServer: () => createMcpServer(mem) });
  return listenLocally(app);
}

const json = (o: unknown, encoding: BufferEncoding = "utf8") => Buffer.from(JSON.stringify(o), encoding);
const storedCount = async (mem: Memory) =>
  (await mem.stats()).episodes.total + (await mem.stats()).beliefs.total;

for (const backend of memoryBackends("not_utf8"))
  describe.skipIf(backend.skip)(`REST and MCP over HTTP (${backend.name})`, () => {
    it("refuses a body that is not UTF-8, or says another charset, and stores nothing", async () => {
      const { mem } = await backend.open();
      const served = await listen(mem);
      try {
        const episodes = "/v1/namespaces/default/episodes";
        const latin1 = json({ content: "Meeting at the café on Friday" }, "latin1");
        const asJson = await postBytes(served.port, episodes, { "content-type": "application/json" }, latin1);
        expect(asJson.status).toBe(400);
        expect(JSON.parse(asJson.text).error).toMatchObject({
          code: "INVALID_INPUT",
          details: { byteOffset: 30 },
        });
        expect(JSON.parse(asJson.text).error.message).toMatch(/not UTF-8: byte 30 \(0xE9\)/);
        const declared = await postBytes(
          served.port,
          episodes,
          { "content-type": "application/json; charset=iso-8859-1" },
          latin1,
        );
        expect(declared.status).toBe(415);
        expect(JSON.parse(declared.text).error.message).toMatch(/UTF-8/);
        // Bytes of a Latin-1 text that are all ASCII still say another charset: refused unread.
        const ascii = await postBytes(
          served.port,
          episodes,
          { "content-type": 'application/json; charset="windows-1252"' },
          json({ content: "plain words" }),
        );
        expect(ascii.status).toBe(415);
        const mcp = await postBytes(
          served.port,
          "/mcp",
          { "content-type": "application/json", accept: "application/json, text/event-stream" },
          json(
            {
              jsonrpc: "2.0",
              id: 7,
              method: "tools/call",
              params: { name: "record", arguments: { content: "Lunch at the café downtown" } },
            },
            "latin1",
          ),
        );
        expect(mcp.status).toBe(400);
        expect(JSON.parse(mcp.text)).toMatchObject({ jsonrpc: "2.0", error: { code: -32700 } });
        expect(JSON.parse(mcp.text).error.message).toMatch(/not UTF-8/);
        expect(await storedCount(mem)).toBe(0);
        // UTF-8 passes, with or without a byte-order mark, charset said in any case or not at all.
        for (const [type, prefix, content] of [
          ["application/json", "", "Standup moved to the café"],
          ["application/json; charset=UTF-8", "", "Budget review with Priya on Monday"],
          ["application/json;charset=utf-8", "\uFEFF", "The naïve parser was replaced in March"],
        ] as const) {
          const ok = await postBytes(
            served.port,
            episodes,
            { "content-type": type },
            Buffer.concat([Buffer.from(prefix, "utf8"), json({ content })]),
          );
          expect(ok.status, type).toBe(200);
        }
        const texts = (await mem.list({ layer: "episode" })).map((i) => (i as { content: string }).content);
        expect(texts).toHaveLength(3);
        expect(texts.join(" ")).not.toContain("\uFFFD");
      } finally {
        await served.close();
        await mem.close();
      }
    });
  });

for (const backend of memoryBackends("not_utf8_ui"))
  describe.skipIf(backend.skip)(`the dashboard's forms (${backend.name})`, () => {
    it("refuses a form whose percent-escapes or bytes are not UTF-8, and keeps nothing of it", async () => {
      const { mem, clock } = await backend.open();
      try {
        const { key } = await createApiKey(
          mem.store,
          { name: "ops", scope: "admin", namespaces: ["*"] },
          clock,
        );
        const ui = new Hono().route("/ui", createDashboard({ memory: mem, clock, sessionTtlMs: 3_600_000 }));
        const form = { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" };
        const signin = await ui.request("http://localhost/ui/signin", {
          method: "POST",
          headers: form,
          body: `key=${key}`,
        });
        const cookie = signin.headers.get("set-cookie")!.split(";")[0]!;
        const admin = await (await ui.request("http://localhost/ui/admin", { headers: { cookie } })).text();
        const csrf = /name="csrf" value="([^"]+)"/.exec(admin)![1]!;
        const ask = (body: string | Buffer, type = form["content-type"]) =>
          ui.request("http://localhost/ui/admin/worker/request", {
            method: "POST",
            headers: { ...form, "content-type": type, cookie },
            body,
          });
        const pending = async () => (await mem.workerStatus()).request;
        const escaped = await ask(`csrf=${csrf}&note=caf%E9+at+nine`);
        expect(escaped.status).toBe(400);
        expect(await escaped.text()).toMatch(/field &quot;note&quot; is not UTF-8|field "note" is not UTF-8/);
        const raw = await ask(Buffer.concat([Buffer.from(`csrf=${csrf}&note=`), LATIN1_CAFE]));
        expect(raw.status).toBe(400);
        expect(await pending()).toBeNull();
        // UTF-8, escaped or not, and a lone % kept as written, as before.
        expect((await ask(`csrf=${csrf}&note=caf%C3%A9+at+nine+100%`)).status).toBe(303);
        expect((await pending())?.note).toBe("café at nine 100%");
      } finally {
        await mem.close();
      }
    });
  });

describe("the built binary", () => {
  it("MCP over stdio: a line that is not UTF-8 gets a parse error, nothing stored, and the next is served", async () => {
    const db = join(dir, "stdio.db");
    const child = spawn(process.execPath, [bin, "--db", db, "serve"], { stdio: ["pipe", "pipe", "pipe"] });
    try {
      const { next, sendRaw } = jsonLines(child);
      const send = (bytes: Buffer) => sendRaw(Buffer.concat([bytes, Buffer.from("\n")]));
      send(
        json({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: {
            protocolVersion: "2025-06-18",
            capabilities: {},
            clientInfo: { name: "t", version: "1" },
          },
        }),
      );
      expect((await next()).id).toBe(1);
      send(json({ jsonrpc: "2.0", method: "notifications/initialized" }));
      const call = (id: number, content: string, encoding: BufferEncoding) =>
        json(
          { jsonrpc: "2.0", id, method: "tools/call", params: { name: "record", arguments: { content } } },
          encoding,
        );
      send(call(2, "Lunch at the café downtown", "latin1"));
      const refused = await next();
      expect(refused).toMatchObject({ id: 2, error: { code: -32700 } });
      expect((refused.error as { message: string }).message).toMatch(/not UTF-8: byte \d+ \(0xE9\)/);
      send(call(3, "Lunch at the café uptown", "utf8"));
      const served = (await next()) as { id: number; result: { structuredContent: { id: string } } };
      expect(served.id).toBe(3);
      expect(served.result.structuredContent.id).toBe("e1");
    } finally {
      child.kill();
    }
    const mem = await openMemory({ path: db });
    try {
      expect((await mem.list({ layer: "episode" })).map((i) => (i as { content: string }).content)).toEqual([
        "Lunch at the café uptown",
      ]);
    } finally {
      await mem.close();
    }
  });

  it("CLI: a command-line word or a STRATA_* variable that is not UTF-8 is refused, naming it; nothing made", async () => {
    // The shell makes the bytes (spawn would send a JavaScript string as UTF-8): printf's octal
    // \351 is Latin-1's é, 0xE9. "$@" carries node, the binary and the words before the raw one.
    const viaShell = (script: string, args: string[], env: Record<string, string> = {}) =>
      spawnSync("/bin/sh", ["-c", script, "sh", process.execPath, bin, ...args], {
        cwd: dir,
        encoding: "utf8",
        env: { ...process.env, NO_COLOR: "1", ...env },
      });
    const db = join(dir, "argv.db");
    const before = readdirSync(dir).sort();
    const content = viaShell('exec "$@" "$(printf "Lunch at the caf\\351")" --json', [
      "--db",
      db,
      "remember",
    ]);
    expect(content.status, content.stderr).toBe(2);
    expect(content.stderr).toMatch(
      /^usage: argument 4 \(\$'Lunch at the caf\\xe9'\) is not UTF-8: byte 16 \(0xE9\) starts no UTF-8 character/,
    );
    expect(JSON.parse(content.stdout).error).toMatchObject({
      code: "USAGE",
      details: { argument: 4, byteOffset: 16 },
    });
    // A store path that is not UTF-8 made a file of another name ("caf\uFFFD.db") before.
    const named = viaShell(
      'exec "$1" "$2" --db "$(printf "caf\\351.db")" remember "The retry limit is 5"',
      [],
    );
    expect(named.status, named.stderr).toBe(2);
    expect(named.stderr).toMatch(/argument 2 \(\$'caf\\xe9\.db'\) is not UTF-8: byte 3 \(0xE9\)/);
    const variable = viaShell('STRATA_DB="$(printf "caf\\351.db")" exec "$@"', [
      "remember",
      "The retry limit is 5",
    ]);
    expect(variable.status, variable.stderr).toBe(2);
    expect(variable.stderr).toMatch(/STRATA_DB \(\$'caf\\xe9\.db'\) is not UTF-8: byte 3 \(0xE9\)/);
    expect(existsSync(db)).toBe(false);
    expect(readdirSync(dir).sort()).toEqual(before);
    // UTF-8 passes: "café", and U+FFFD typed as UTF-8 (printf's \357\277\275), stored as sent.
    const ok = viaShell('exec "$@" "$(printf "Lunch at the caf\\303\\251 \\357\\277\\275")" --json', [
      "--db",
      db,
      "remember",
    ]);
    expect(ok.status, ok.stderr).toBe(0);
    const mem = await openMemory({ path: db });
    try {
      expect((await mem.list({ layer: "belief" })).map((i) => (i as { text: string }).text)).toEqual([
        "Lunch at the café \uFFFD",
      ]);
    } finally {
      await mem.close();
    }
  });

  it("CLI: import, --jsonl and stdin refuse a file that is not UTF-8, and write nothing", async () => {
    const db = join(dir, "cli.db");
    const memoryJsonl = join(dir, "memory.jsonl");
    writeFileSync(
      memoryJsonl,
      Buffer.concat([
        json(
          { type: "entity", name: "Ana", entityType: "person", observations: ["Ana drinks café au lait"] },
          "latin1",
        ),
        Buffer.from("\n"),
      ]),
    );
    const records = join(dir, "records.jsonl");
    writeFileSync(
      records,
      Buffer.concat([
        json({ content: "ok line" }),
        Buffer.from("\n"),
        json({ content: "Café at nine" }, "latin1"),
      ]),
    );
    const run = (args: string[], input?: Buffer) =>
      spawnSync(process.execPath, [bin, "--db", db, ...args], { input, encoding: "utf8" });
    for (const [args, input] of [
      [["import", memoryJsonl], undefined],
      [
        ["import", "-"],
        Buffer.concat([
          json({ type: "entity", name: "Bo", entityType: "person", observations: ["é"] }, "latin1"),
        ]),
      ],
      [["record", "--jsonl", records], undefined],
    ] as const) {
      const r = run([...args], input);
      expect(r.status, `${args.join(" ")}: ${r.stderr}`).not.toBe(0);
      expect(r.stderr, args.join(" ")).toMatch(/not UTF-8: byte \d+ \(0xE9\)/);
    }
    const mem = await openMemory({ path: db });
    try {
      expect(await storedCount(mem)).toBe(0);
    } finally {
      await mem.close();
    }
  });
});
