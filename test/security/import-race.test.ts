/**
 * Two imports at once, of two namespaces whose documents share ids (attacks36). Exports of two
 * stores both number their items from e1/b1, so restoring two namespaces' backups into one new
 * store is the ordinary case, and ids are the store's, not a namespace's. An import is refused when
 * an id it brings is taken (TARGET_NOT_EMPTY, naming no namespace); that check ran before the
 * import's write transaction, so another import (or any write taking the next ids) could commit in
 * between. On PostgreSQL the load then inserted with ON CONFLICT DO NOTHING: the second import
 * reported success, its episodes and beliefs silently dropped, while its rows that name them by id
 * (outcomes, vectors, sources, records) attached to the other namespace's items — an outcome the
 * attacker wrote showed in the victim's `explain`. On SQLite the load failed on the UNIQUE
 * constraint with the driver's message. Now the check runs inside the write transaction, under the
 * store's write lock (exchange/load.ts): the second import is refused as it is when run after the
 * first, nothing of it written, and the other namespace is as it was.
 *
 * The window is made certain, not hoped for: the store's next write transaction first lets the other
 * import run to its commit (as a second process on the same store would, between the check and the
 * load). SQLite file and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import type { ExportDocument } from "../../src/core/exchange/document.js";
import { loadTagger } from "../../src/core/judge/tagger.js";
import { attackerDocument } from "../support/attacker-document.js";
import { memoryBackends } from "../support/backends.js";
import { interleave } from "../support/interleave.js";

beforeAll(() => loadTagger());

const VICTIM = "victim";
const ATTACKER = "attacker";

/** The victim's own document (its backup), and the attacker's with the same ids and an outcome on its belief. */
async function documents(mem: Memory): Promise<{ victim: ExportDocument; attacker: ExportDocument }> {
  const victim = await attackerDocument(mem, VICTIM);
  victim.episodes[0]!.content = "The vault code is 4411";
  const attacker = await attackerDocument(mem, ATTACKER);
  const belief = attacker.beliefs[0]!;
  attacker.outcomes.push({
    beliefId: belief.id,
    success: false,
    at: belief.validFrom,
    confidenceBefore: 0.5,
    confidenceAfter: 0.1,
  });
  expect(attacker.beliefs[0]!.id).toBe(victim.beliefs[0]!.id);
  return { victim, attacker };
}

/** What the victim's namespace holds: its export without the time it was made. */
async function victimState(mem: Memory): Promise<string> {
  const doc = JSON.parse(
    (await mem.withNamespace(VICTIM).export({ format: "json" })) as string,
  ) as ExportDocument;
  return JSON.stringify({ ...doc, exportedAt: null });
}

for (const backend of memoryBackends("importrace"))
  describe.skipIf(backend.skip)(`${backend.name}: two imports at once, with the same ids`, () => {
    it("control: one after the other, the second is refused as taken, naming no namespace", async () => {
      const { mem } = await backend.open();
      try {
        const { victim, attacker } = await documents(mem);
        await mem.withNamespace(VICTIM).import(JSON.stringify(victim));
        const error = (await mem
          .withNamespace(ATTACKER)
          .import(JSON.stringify(attacker))
          .then(
            () => expect.fail("the second import was accepted"),
            (e: unknown) => e,
          )) as { code: string; message: string };
        expect(error).toMatchObject({ code: "TARGET_NOT_EMPTY" });
        expect(error.message).toMatch(/id [eb]\d+ is taken/);
        expect(error.message).not.toMatch(/victim|vault/);
      } finally {
        await mem.close();
      }
    });

    it("attack: the other import commits between the check and the load — still refused, nothing written, the victim untouched", async () => {
      const { mem } = await backend.open();
      try {
        const { victim, attacker } = await documents(mem);
        let victimReport: unknown;
        interleave(mem.store, async () => {
          victimReport = await mem.withNamespace(VICTIM).import(JSON.stringify(victim));
        });
        const attempt = await mem
          .withNamespace(ATTACKER)
          .import(JSON.stringify(attacker))
          .then(
            (report) => ({ ok: report as unknown }),
            (e: unknown) => ({ error: e as { code?: string; message: string } }),
          );
        expect(victimReport).toMatchObject({ namespace: VICTIM });
        expect(attempt).toMatchObject({ error: { code: "TARGET_NOT_EMPTY" } });
        expect((attempt as { error: Error }).error.message).toMatch(/id [eb]\d+ is taken/);
        expect((attempt as { error: Error }).error.message).not.toMatch(/victim|vault/);
        // Nothing of the attacker's: no chain, no item, no outcome on the victim's belief.
        expect(await mem.store.auditHead(ATTACKER)).toBeNull();
        const belief = victim.beliefs[0]!.id;
        const explained = await mem.withNamespace(VICTIM).explain(belief);
        expect(explained.outcomes).toEqual([]);
        // The victim's namespace is exactly its own import.
        const { mem: alone } = await backend.open();
        try {
          await alone.withNamespace(VICTIM).import(JSON.stringify(victim));
          const expected = JSON.parse(await victimState(alone)) as ExportDocument;
          const actual = JSON.parse(await victimState(mem)) as ExportDocument;
          expect(actual.episodes).toEqual(expected.episodes);
          expect(actual.beliefs).toEqual(expected.beliefs);
          expect(actual.outcomes).toEqual(expected.outcomes);
          expect(actual.vectors).toEqual(expected.vectors);
          expect(actual.meta).toEqual(expected.meta);
        } finally {
          await alone.close();
        }
      } finally {
        await mem.close();
      }
    });
  });
