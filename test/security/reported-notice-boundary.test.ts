/**
 * The judge's quoted notice (`reported-change`, judge46: `paste notice at the gate: "The pool opens
 * at 8 on weekdays from Monday"`) across namespaces and forget (attacks47). A notice is read as a
 * reported change of the belief it names; the pair comes from the writing namespace's candidates, so
 * another namespace's notice must close nothing here, and a forgotten notice must leave no word of
 * itself in any answer, export or file. Real SQLite file and, with DATABASE_URL, real PostgreSQL.
 *
 *   DATABASE_URL=postgres://… npx vitest run test/security/reported-notice-boundary.test.ts
 */
import { existsSync, readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTagger } from "../../src/core/judge/tagger.js";
import { memoryBackends } from "../support/backends.js";

beforeAll(() => loadTagger());

const OLDER = "The pool opens at 7 on weekdays";
const NOTICE = 'paste notice at the gate: "The pool opens at 8 on weekdays from Monday"';
/** team-b's notice: the same reading, another hour (so a file's bytes tell the two apart). */
const OTHER_NOTICE = 'paste notice at the gate: "The pool opens at 9 on weekdays from Monday"';
const NOTICE_WORDS = "opens at 8 on weekdays";

for (const backend of memoryBackends("notice"))
  describe.skipIf(backend.skip)(
    `${backend.name}: a quoted notice closes only its own namespace's belief`,
    () => {
      it("team-b's notice leaves team-a's belief active; team-a's own notice closes it; forgotten, it is said nowhere", async () => {
        const opened = await backend.open();
        const { mem } = opened;
        const path = "path" in opened ? String(opened.path) : null;
        try {
          const a = mem.withNamespace("team-a");
          const b = mem.withNamespace("team-b");
          const older = await a.remember(OLDER);
          const other = await b.remember(OTHER_NOTICE);
          expect(other.superseded).toEqual([]);
          expect((await a.get(older.id)).status).toBe("active");
          await b.consolidate();
          await a.consolidate();
          expect((await a.get(older.id)).status).toBe("active");

          // The same notice in team-a is a reported change of team-a's belief (the reading works here).
          const own = await a.remember(NOTICE);
          expect(own.superseded).toEqual([older.id]);
          expect((await b.get(other.id!)).status).toBe("active");

          // Forget team-a's notice (and the turn it came from): no word of it in team-a's answers.
          const turn = (await a.list({ layer: "episode", status: "any", limit: 100 })).filter(
            (e) => "content" in e && e.content === NOTICE,
          );
          for (const id of [own.id!, ...turn.map((e) => e.id)]) await a.forget(id);
          const shown = JSON.stringify([
            await a.recall("When does the pool open?", { k: 10 }),
            await a.context("pool opening hours", { tokenBudget: 4000 }),
            await a.explain(older.id),
            await a.history(older.id),
            await a.export(),
            await a.audit({ limit: 200 }),
          ]);
          expect(shown).not.toContain(NOTICE_WORDS);
          // team-b's notice is its own, untouched.
          expect(((await b.get(other.id!)) as { text?: string }).text).toBe(OTHER_NOTICE);
          if (path) {
            await mem.close();
            for (const f of [path, `${path}-wal`])
              if (existsSync(f)) expect(readFileSync(f).toString("latin1"), f).not.toContain(NOTICE_WORDS);
          }
        } finally {
          await mem.close().catch(() => undefined);
        }
      }, 180_000);
    },
  );
