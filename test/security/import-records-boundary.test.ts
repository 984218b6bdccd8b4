/**
 * An import's records name only the document's own items (attacks35; attacks34 left it open).
 * Beyond the rows' columns `strayRow` already read (sources, successors, links, pairs, outcomes,
 * vectors, curation records), a document holds ids in an audit entry's subject, in sleep's record
 * on a belief (the beliefs it restates, the turns whose words it kept), in a pattern's evidence and
 * in a wrap's frozen episodes. An audit chain is plain SHA-256, so a crafted document's chain
 * verifies whatever subject it names; `candidates({ review: true })` took a closing entry's subject
 * as the belief it closed and showed another namespace's pair, texts and all. Now such a document
 * is refused whole (INVALID_INPUT, nothing written, in words that do not say whether the id exists
 * here), and the review reads only the namespace's own beliefs whatever the chain says. An export of
 * a slept, wrapped namespace still imports. SQLite file and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { nextEntry } from "../../src/core/audit.js";
import type { Memory } from "../../src/core/engine.js";
import type { ExportDocument } from "../../src/core/exchange/document.js";
import { loadTagger } from "../../src/core/judge/tagger.js";
import { metaKey } from "../../src/core/meta-keys.js";
import type { AuditEntry } from "../../src/core/model.js";
import { SLEEP_RECORD_KEY } from "../../src/core/sleep-record.js";
import { attackerDocument, importRefusal } from "../support/attacker-document.js";
import { memoryBackends } from "../support/backends.js";
import { DAY } from "../support/memory.js";

beforeAll(() => loadTagger());

const VICTIM = "victim";
const ATTACKER = "attacker";

interface Victim {
  /** The belief the write gate closed, and the one that closed it. */
  closed: string;
  by: string;
  /** An episode of the victim's. */
  episode: string;
}

async function victim(mem: Memory): Promise<Victim> {
  const v = mem.withNamespace(VICTIM);
  const e = await v.record("The vault code is 4411, said the night janitor");
  await v.remember("The vault code is 4411");
  await v.remember("The vault code is 9922 now");
  const beliefs = await mem.store.listBeliefs(
    { namespaces: [VICTIM], statuses: null },
    { limit: 10, offset: 0 },
  );
  const closed = beliefs.find((b) => b.status === "archived");
  expect(closed?.supersededBy).toBeTruthy();
  return { closed: closed!.id, by: closed!.supersededBy!, episode: e.id };
}

/** A chain that verifies: each entry hashed as the engine hashes it. */
function chain(doc: ExportDocument, at: string, entries: { event: string; subjectId: string | null }[]) {
  let head: AuditEntry | null = null;
  doc.audit = [];
  for (const x of entries) {
    head = nextEntry(head, { namespace: doc.namespace, at, actor: "attacker", ...x, payload: {} }, false);
    doc.audit.push(head);
  }
  doc.auditHeads = head ? [{ namespace: doc.namespace, seq: head.seq, hash: head.hash }] : [];
}

/** What an import could change: both namespaces' exports and audit heads. */
async function state(mem: Memory): Promise<string> {
  const out: unknown[] = [];
  for (const ns of [VICTIM, ATTACKER]) {
    const doc = JSON.parse(
      (await mem.withNamespace(ns).export({ format: "json" })) as string,
    ) as ExportDocument;
    out.push({ ...doc, exportedAt: null }, await mem.store.auditHead(ns));
  }
  return JSON.stringify(out);
}

type Tamper = (doc: ExportDocument, v: Victim, at: string) => void;
const CASES: Record<string, [Tamper, RegExp]> = {
  "an audit entry about another namespace's belief (a chain that verifies)": [
    (doc, v, at) => chain(doc, at, [{ event: "belief.superseded", subjectId: v.closed }]),
    /audit entry 1 \(belief\.superseded\) is about b\d+, which is not an item of the document/,
  ],
  "an audit entry about another namespace's episode": [
    (doc, v, at) => chain(doc, at, [{ event: "episode.recorded", subjectId: v.episode }]),
    /audit entry 1 \(episode\.recorded\) is about e\d+, which is not an item of the document/,
  ],
  "sleep's record restating another namespace's belief": [
    (doc, v) => {
      doc.beliefs[0]!.metadata = { [SLEEP_RECORD_KEY]: { restates: [v.closed], restatedSlots: ["code"] } };
    },
    /belief b\d+'s sleep record restates b\d+, which is not an item of the document/,
  ],
  "sleep's record keeping the words of another namespace's turn": [
    (doc, v) => {
      doc.beliefs[0]!.metadata = { [SLEEP_RECORD_KEY]: { sourceWords: { [v.episode]: ["vault"] } } };
    },
    /belief b\d+'s sleep record keeps the words of turn e\d+, which is not an item of the document/,
  ],
  "a pattern citing another namespace's episode": [
    (doc, v) =>
      doc.meta.push({
        key: metaKey("patterns", ATTACKER),
        value: JSON.stringify([
          {
            key: "vault",
            text: "vault codes change",
            level: 1,
            firstWrap: 1,
            lastReinforcedWrap: 1,
            evidence: [{ episodeId: v.episode, explanation: "vault code janitor", wrap: 1 }],
            status: "active",
            since: "2027-01-01T00:00:00.000Z",
          },
        ]),
      }),
    /record "patterns:attacker" cites e\d+, which is not an item of the document/,
  ],
  "a wrap freezing another namespace's episode": [
    (doc, v) =>
      doc.meta.push({
        key: "wrap:w9-forged",
        value: JSON.stringify({
          token: "w9-forged",
          namespace: ATTACKER,
          session: null,
          status: "prepared",
          preparedAt: "2027-01-01T00:00:00.000Z",
          closedAt: null,
          episodeIds: [doc.episodes[0]!.id, v.episode],
          number: 1,
        }),
      }),
    /record "wrap:w9-forged" freezes e\d+, which is not an item of the document/,
  ],
};

for (const backend of memoryBackends("importrec"))
  describe.skipIf(backend.skip)(backend.name, () => {
    for (const [name, [tamper, says]] of Object.entries(CASES))
      it(`refuses ${name}: INVALID_INPUT, nothing written, nothing revealed`, async () => {
        const { mem, clock } = await backend.open();
        try {
          const v = await victim(mem);
          const doc = await attackerDocument(mem, ATTACKER);
          tamper(doc, v, clock.now().toISOString());
          const before = await state(mem);
          const error = await importRefusal(mem.withNamespace(ATTACKER), doc, `${name}: imported`);
          expect(error.code, error.message).toBe("INVALID_INPUT");
          expect(error.message).toMatch(says);
          expect(error.message).not.toMatch(/exists|taken|vault|victim/);
          expect(await state(mem)).toBe(before);
        } finally {
          await mem.close();
        }
      });

    it("the untampered document imports, with a chain about its own items", async () => {
      const { mem, clock } = await backend.open();
      try {
        await victim(mem);
        const doc = await attackerDocument(mem, ATTACKER);
        chain(doc, clock.now().toISOString(), [
          { event: "episode.recorded", subjectId: doc.episodes[0]!.id },
          { event: "belief.created", subjectId: doc.beliefs[0]!.id },
          { event: "wrap.prepared", subjectId: "w1-token" },
          { event: "episodes.distilled", subjectId: null },
        ]);
        const report = await mem.withNamespace(ATTACKER).import(JSON.stringify(doc));
        expect(report.loaded?.audit).toBe(4);
      } finally {
        await mem.close();
      }
    });

    it("a review of recent decisions shows only the namespace's own, whatever its chain names", async () => {
      const { mem } = await backend.open();
      try {
        const v = await victim(mem);
        // An entry about the victim's closed belief, planted in the attacker's chain as a crafted
        // import did before it was refused (or as any writer to the shared store could).
        await mem.withNamespace(ATTACKER).remember("Attacker note about deploys");
        await mem.store.transaction((tx) =>
          mem.writes.audit(tx, ATTACKER, "belief.superseded", v.closed, { by: v.by }),
        );
        const review = await mem.withNamespace(ATTACKER).candidates({ review: true, days: 30 });
        expect(JSON.stringify(review)).not.toMatch(/vault|\b4411\b|\b9922\b/);
        expect(review).toEqual([]);
        // The victim's own review still shows its pair.
        const own = await mem.withNamespace(VICTIM).candidates({ review: true, days: 30 });
        expect(own.map((p) => p.decided?.closed)).toEqual([v.closed]);
      } finally {
        await mem.close();
      }
    });

    it("an export of a slept, wrapped namespace imports into a new store (no false refusal)", async () => {
      const { mem, clock } = await backend.open();
      const { mem: target } = await backend.open();
      try {
        const start = Date.parse("2026-03-02T09:00:00.000Z");
        const say = async (day: number, text: string) => {
          const at = new Date(start + day * DAY).toISOString();
          clock.set(at);
          return (
            await mem.record(text, { type: "observation", actor: "user", at, session: at.slice(0, 10) })
          ).id;
        };
        const e1 = await say(0, "We ran out of coffee. I brew with a Chemex now.");
        await say(1, "My coffee grinder is a Hario Mill 200.");
        await mem.consolidate();
        await say(21, "My coffee grinder is a Baratza Encore now.");
        await say(22, "My coffee grinder is a Baratza Encore now, I said.");
        clock.set(new Date(start + 40 * DAY).toISOString());
        await mem.consolidate();
        const wrap = await mem.prepareWrap();
        await mem.saveContinuity(
          `## State\n- brewing coffee with a Chemex [${e1}: ran out of coffee, Chemex brew]\n## Patterns\n- coffee brewed with a Chemex [${e1}: coffee brew Chemex]\n## Decisions\n- none\n## Context\n- none\n`,
          { token: wrap.token! },
        );
        await mem.prepareWrap();
        const json = (await mem.export({ format: "json" })) as string;
        const doc = JSON.parse(json) as ExportDocument;
        // The records the new checks read are there to be read.
        expect(doc.beliefs.some((b) => JSON.stringify(b.metadata).includes('"sourceWords"'))).toBe(true);
        expect(doc.meta.map((m) => m.key)).toEqual(
          expect.arrayContaining([metaKey("patterns", "default"), expect.stringMatching(/^wrap:/)]),
        );
        expect(doc.audit.some((a) => a.subjectId?.startsWith("b"))).toBe(true);
        const report = await target.import(json);
        expect(report.audit?.ok).toBe(true);
        expect(report.loaded?.beliefs).toBe(doc.beliefs.length);
      } finally {
        await mem.close();
        await target.close();
      }
    });
  });
