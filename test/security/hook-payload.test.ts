/**
 * `strata hook` as a host runs it (attacks44): the payload as the agent's pipe gives it, the store
 * a SQLite file or a PostgreSQL schema (the hook's `--db` a postgres:// URL with `?schema=`).
 *
 * Before attacks44: a payload that was not UTF-8 was decoded with replacement characters (a
 * Latin-1 "café" became the goal "caf\uFFFD") where every other surface refuses it; and
 * session-end read its payload only to drop any failure, so a payload that was not JSON, not
 * UTF-8 or over the limit still consolidated and maintained the store.
 * Held: a payload naming another namespace or another agent's session id reads and consolidates
 * only the hook's own namespace (the namespace is the hook's flag, never the payload's).
 */
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { runHookSessionEnd, runHookSessionStart } from "../../src/cli/commands/hook.js";
import { memoriesClosedAfterAll, storeLocations } from "../support/backends.js";

const backends = storeLocations("hookpay");

const open = memoriesClosedAfterAll();

/** The payload's bytes, as the agent's pipe gives them. */
const bytes = (b: Buffer) => Readable.from([b]);

for (const backend of backends)
  describe.skipIf(backend.skip)(`${backend.name}: hook payloads`, () => {
    it("a payload that is not UTF-8 is refused (the byte named, what to do), on both hooks; nothing changes", async () => {
      const db = backend.db();
      const mine = await open(db, "mine");
      await mine.remember("The café on Main Street opens at 7");
      await mine.record("we met at the café");
      // A Latin-1 "café": the byte 0xE9 starts no UTF-8 character.
      const latin1 = Buffer.concat([Buffer.from('{"prompt":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]);
      const start = await runHookSessionStart({ dbPath: db, namespace: "mine", stdin: bytes(latin1) });
      expect(start).toMatchObject({ ok: false, block: "" });
      expect(start.problem).toMatch(/not UTF-8: byte 14 \(0xE9\)/);
      expect(start.problem).toMatch(/Send UTF-8/);
      expect(start.goal).not.toContain("\uFFFD");

      const end = await runHookSessionEnd({ dbPath: db, namespace: "mine", stdin: bytes(latin1) });
      expect(end).toMatchObject({ ok: false });
      expect(end.problem).toMatch(/not UTF-8: byte 14/);
      expect((await mine.pending()).length).toBe(1); // not consolidated

      // The same payload in UTF-8 is read as written.
      const utf8 = Buffer.from('{"prompt":"café opens"}');
      const ok = await runHookSessionStart({ dbPath: db, namespace: "mine", stdin: bytes(utf8) });
      expect(ok).toMatchObject({ ok: true, goal: "café opens" });
      expect(ok.block).toContain("café on Main Street");
    });

    it.each([
      ["not JSON", Buffer.from("{not json"), /not JSON/],
      ["over the limit", Buffer.from(`{"prompt":"${"x".repeat(1024 * 1024)}"}`), /over 1048576 bytes/],
    ])(
      "session-end refuses a payload %s: reported, nothing consolidated",
      async (_name, payload, problem) => {
        const db = backend.db();
        const mine = await open(db, "mine");
        await mine.record("we deployed the api on Friday");
        const r = await runHookSessionEnd({ dbPath: db, namespace: "mine", stdin: bytes(payload) });
        expect(r.ok).toBe(false);
        expect(r.problem).toMatch(problem);
        expect((await mine.pending()).length).toBe(1);
        // An empty payload (a hook run by hand) is no refusal.
        const empty = await runHookSessionEnd({
          dbPath: db,
          namespace: "mine",
          stdin: bytes(Buffer.from("")),
        });
        expect(empty).toMatchObject({ ok: true });
        expect((await mine.pending()).length).toBe(0);
      },
    );

    it("a payload naming another namespace or another agent's session consolidates only the hook's own", async () => {
      const db = backend.db();
      const mine = await open(db, "mine");
      const victim = await open(db, "victim");
      await mine.record("we deployed the api on Friday", { session: "s-mine" });
      await victim.record("the victim's canary zorblatt password is hunter2", { session: "s-victim" });
      const payload = Buffer.from(
        JSON.stringify({
          namespace: "victim",
          session_id: "s-victim",
          hook_event_name: "SessionEnd",
          prompt: "zorblatt",
        }),
      );
      const end = await runHookSessionEnd({ dbPath: db, namespace: "mine", stdin: bytes(payload) });
      expect(end.ok).toBe(true);
      expect((await mine.pending()).length).toBe(0);
      expect((await victim.pending()).length).toBe(1); // untouched
      const start = await runHookSessionStart({
        dbPath: db,
        namespace: "mine",
        stdin: bytes(
          Buffer.from(
            JSON.stringify({ namespace: "victim", session_id: "s-victim", prompt: "zorblatt password" }),
          ),
        ),
      });
      expect(start.ok).toBe(true);
      expect(start.block).not.toContain("hunter2");
      expect(start.block).not.toContain("zorblatt password is");
    });
  });
