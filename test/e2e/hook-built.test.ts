/**
 * `strata hook` as a host runs it (attacks45): the built binary (`node dist/cli/main.js hook …`),
 * the payload's bytes on its stdin, the store a SQLite file or a PostgreSQL schema (`--db` a
 * postgres:// URL with `?schema=`). test/security/hook-payload.test.ts calls the hook's functions
 * with a stream; this runs the shipped process, whose stdin, stdout and exit code the host sees.
 *
 * A refused payload (not UTF-8, cut inside a character, over 1 MiB, not JSON, a pipe left open):
 * exit 0, one line on stderr naming the problem, nothing on stdout (nothing injected), and
 * session-end consolidates nothing. Before attacks45: a goal over 2,000 characters was cut inside
 * a surrogate pair, and the injected block's `goal` carried U+FFFD, a character the agent never sent.
 */

import { spawn, spawnSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { memoriesClosedAfterAll, storeLocations } from "../support/backends.js";
import { bin, ensureBuilt } from "../support/built-cli.js";

const backends = storeLocations("hookbin");

beforeAll(() => ensureBuilt(), 120_000);

const open = memoriesClosedAfterAll();

/** `strata --db DB -n NS hook EVENT` with `payload`'s bytes on stdin, as the host pipes them. */
function hook(db: string, namespace: string, event: string, payload: Buffer) {
  const r = spawnSync(process.execPath, [bin, "--db", db, "-n", namespace, "hook", event], {
    input: payload,
    env: { ...process.env, NO_COLOR: "1" },
    maxBuffer: 16 * 1024 * 1024,
  });
  return {
    code: r.status,
    stdout: r.stdout.toString("utf8"),
    stdoutBytes: r.stdout,
    stderr: r.stderr.toString("utf8"),
  };
}

const LATIN1 = Buffer.concat([Buffer.from('{"prompt":"caf'), Buffer.from([0xe9]), Buffer.from(' opens"}')]);
/** "caf" then the first byte of "é" (0xC3 0xA9) and the payload's end: a character cut off. */
const CUT = Buffer.concat([Buffer.from('{"prompt":"caf'), Buffer.from([0xc3])]);
const OVER = Buffer.from(`{"prompt":"${"x".repeat(1024 * 1024)}"}`);
const NOT_JSON = Buffer.from('{"prompt": "café opens"');

const REFUSED: [string, Buffer, RegExp][] = [
  ["not UTF-8 (Latin-1)", LATIN1, /not UTF-8: byte 14 \(0xE9\)/],
  ["cut inside a character", CUT, /not UTF-8: byte 14 \(0xC3\)/],
  ["over 1 MiB", OVER, /over 1048576 bytes and was not read/],
  ["not JSON", NOT_JSON, /not JSON \(it begins "\{\\"prompt\\": \\"café opens\\""\)/],
];

for (const backend of backends)
  describe.skipIf(backend.skip)(`${backend.name}: the built hook`, () => {
    it.each(REFUSED)(
      "a payload %s: exit 0, the problem on stderr, nothing injected, nothing consolidated",
      async (_name, payload, problem) => {
        const db = backend.db();
        const mine = await open(db, "mine");
        await mine.remember("The café on Main Street opens at 7");
        await mine.record("we met at the café on Main Street");

        const start = hook(db, "mine", "session-start", payload);
        expect(start.code).toBe(0);
        expect(start.stdout).toBe("");
        expect(start.stderr).toMatch(/^strata hook session-start: the payload on stdin is /);
        expect(start.stderr).toMatch(problem);
        expect(start.stderr).not.toContain("\uFFFD");
        expect(start.stderr.trim().split("\n")).toHaveLength(1);

        const end = hook(db, "mine", "session-end", payload);
        expect(end.code).toBe(0);
        expect(end.stdout).toBe("");
        expect(end.stderr).toMatch(/^strata hook session-end: the payload on stdin is /);
        expect(end.stderr).toMatch(problem);
        expect((await mine.pending()).length).toBe(1);

        // The same event, well formed, is read and acted on (the refusals above were the payload's).
        const ok = hook(db, "mine", "session-start", Buffer.from('{"prompt":"when does the café open"}'));
        expect(ok.code).toBe(0);
        expect(ok.stderr).toBe("");
        expect(ok.stdout).toContain('goal="when does the café open"');
        expect(ok.stdout).toContain("opens at 7");
      },
      60_000,
    );

    it("a pipe the agent leaves open: read up to the timeout, refused as not JSON, the process exits", async () => {
      const db = backend.db();
      const mine = await open(db, "mine");
      await mine.record("we met at the café on Main Street");
      const child = spawn(process.execPath, [bin, "--db", db, "-n", "mine", "hook", "session-end"], {
        env: { ...process.env, NO_COLOR: "1" },
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
      child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
      child.stdin.write('{"session_id":"s1","cwd":"/work/api"');
      // Never ended: the hook's 3 s payload timeout lets it go, and the process must not wait for the pipe.
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      child.stdin.destroy();
      expect(code).toBe(0);
      expect(stdout).toBe("");
      expect(stderr).toMatch(/session-end: the payload on stdin is not JSON/);
      expect((await mine.pending()).length).toBe(1);
    }, 60_000);

    it("a goal over 2,000 characters is cut between characters, never inside a pair (no U+FFFD injected)", async () => {
      const db = backend.db();
      const mine = await open(db, "mine");
      await mine.remember("The café on Main Street opens at 7");
      // 1,999 characters, then an emoji: its two UTF-16 halves are characters 2,000 and 2,001.
      const head = `${"café Main ".repeat(199)}opens 7 x`;
      expect(head.length).toBe(1999);
      const prompt = `${head}🎉 and more`;
      const r = hook(db, "mine", "session-start", Buffer.from(JSON.stringify({ prompt })));
      expect(r.code).toBe(0);
      expect(r.stderr).toBe("");
      expect(r.stdout).toContain("opens at 7");
      const goal = /goal="([^"]*)"/.exec(r.stdout)?.[1] ?? "";
      expect(goal.endsWith("opens 7 x")).toBe(true);
      expect(r.stdout).not.toContain("\uFFFD");
      // The bytes the host reads are the UTF-8 of what the agent sent, or nothing of it.
      expect(r.stdoutBytes.includes(Buffer.from([0xef, 0xbf, 0xbd]))).toBe(false);
    }, 60_000);

    it("a payload that is JSON but no object (an array, a string, null) is an empty payload: a block with no goal, no error", async () => {
      const db = backend.db();
      const mine = await open(db, "mine");
      await mine.remember("The café on Main Street opens at 7");
      for (const payload of ["[1,2]", '"café"', "null", "42"]) {
        const r = hook(db, "mine", "session-start", Buffer.from(payload));
        expect(r.code).toBe(0);
        expect(r.stderr).toBe("");
        expect(r.stdout).toContain('<strata-memory namespace="mine" goal="">');
        expect(r.stdout).toContain("opens at 7");
      }
    }, 60_000);
  });
