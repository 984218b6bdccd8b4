/**
 * An import holds nothing back silently (attacks38). A Strata export is loaded row by row with its
 * keys as they were; the document's checks refused an id twice in a section and a record's key
 * twice, but not a row twice by the key its table keeps it under: a provenance row (episode,
 * belief), a link (from, to, relation), a judged pair (a, b), an audit entry (its seq), an audit
 * head (its namespace). The PostgreSQL load inserted with `ON CONFLICT DO NOTHING`, so the second
 * row was dropped while the import reported it loaded (an audit entry twice: the chain verified on
 * the first, and `loaded.audit` counted both); SQLite dropped a provenance row or link twice the
 * same way (`INSERT OR IGNORE`), kept the *last* of a judged pair twice where PostgreSQL kept the
 * first (one document, two stores, two verdicts), and failed on an audit entry or head twice with
 * the driver's `SqliteError`. Now such a document is refused whole, `INVALID_INPUT`, naming the row
 * in terms of the document, before anything is written (exchange/document.ts `damagedRow`); and the
 * stores' `load` inserts plainly, so a row whose key is taken fails the load (and its transaction)
 * rather than vanish (a third caller of `load` inherits no silent drop).
 *
 * SQLite file and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { isStrataError } from "../../src/core/errors.js";
import type { ExportDocument } from "../../src/core/exchange/document.js";
import { loadTagger } from "../../src/core/judge/tagger.js";
import type { DumpRows, DumpSection } from "../../src/core/ports.js";
import { importRefusal } from "../support/attacker-document.js";
import { memoryBackends } from "../support/backends.js";

beforeAll(() => loadTagger());

const NS = "tenant";

/** A real export of `NS`: an episode, the belief distilled from it, a second belief, a link, a judged pair and a chain. */
async function exported(backend: (typeof backends)[number]): Promise<ExportDocument> {
  const { mem } = await backend.open();
  try {
    const m = mem.withNamespace(NS);
    const e = await m.record("The deploy moved to Friday");
    const first = await m.remember("Deploys happen on Friday", { sources: [e.id] });
    const second = await m.remember("The release train leaves on Thursdays");
    const doc = JSON.parse((await m.export({ format: "json" })) as string) as ExportDocument;
    doc.links.push({ from: second.id, to: first.id, relation: "refines", at: doc.beliefs[0]!.validFrom });
    doc.judgedPairs.push({
      a: first.id,
      b: second.id,
      aHash: "a",
      bHash: "b",
      relation: "distinct",
      judge: "lexical",
      reason: "two subjects",
      at: doc.beliefs[0]!.validFrom,
    });
    expect(doc.beliefSources.length).toBeGreaterThan(0);
    expect(doc.audit.length).toBeGreaterThan(2);
    expect(doc.auditHeads).toHaveLength(1);
    return doc;
  } finally {
    await mem.close();
  }
}

const CASES: [string, (doc: ExportDocument) => void, RegExp][] = [
  [
    "a provenance row twice",
    (doc) => doc.beliefSources.push({ ...doc.beliefSources[0]! }),
    /beliefSources holds/,
  ],
  [
    "a link twice, at another time",
    (doc) => doc.links.push({ ...doc.links[0]!, at: "2020-01-01T00:00:00.000Z" }),
    /links holds the refines link b\d+ → b\d+ twice/,
  ],
  [
    "a judged pair twice, with another verdict",
    (doc) => doc.judgedPairs.push({ ...doc.judgedPairs[0]!, relation: "supersedes", reason: "forged" }),
    /judgedPairs holds the pair b\d+, b\d+ twice/,
  ],
  [
    "an audit entry twice, by its seq",
    (doc) => doc.audit.push({ ...doc.audit[1]!, actor: "forged" }),
    /audit holds entry 2 twice/,
  ],
  [
    "an audit head twice",
    (doc) => doc.auditHeads.push({ ...doc.auditHeads[0]!, seq: 1, hash: doc.audit[0]!.hash }),
    /auditHeads holds namespace "tenant"'s head twice/,
  ],
];

const backends = memoryBackends("importdup");
for (const backend of backends)
  describe.skipIf(backend.skip)(`${backend.name}: an import with a row twice by its table's key`, () => {
    it("control: the export as it was imports, every row loaded", async () => {
      const doc = await exported(backend);
      const { mem } = await backend.open();
      try {
        const report = await mem.withNamespace(NS).import(JSON.stringify(doc));
        expect(report.loaded).toMatchObject({
          beliefSources: doc.beliefSources.length,
          links: doc.links.length,
          judgedPairs: doc.judgedPairs.length,
          audit: doc.audit.length,
          auditHeads: 1,
        });
        const back = JSON.parse(
          (await mem.withNamespace(NS).export({ format: "json" })) as string,
        ) as ExportDocument;
        expect(back.links).toHaveLength(doc.links.length);
        expect(back.judgedPairs).toEqual(doc.judgedPairs);
      } finally {
        await mem.close();
      }
    });

    it.each(CASES)("attack: %s — refused whole, naming the row, nothing written", async (_, tamper, said) => {
      const doc = await exported(backend);
      tamper(doc);
      const { mem } = await backend.open();
      try {
        const before = await mem.store.dumpCounts();
        const error = await importRefusal(mem.withNamespace(NS), doc, "imported, a row held back silently");
        expect(error.code).toBe("INVALID_INPUT");
        expect(error.message).toMatch(said);
        expect(await mem.store.dumpCounts()).toEqual(before);
      } finally {
        await mem.close();
      }
    });
  });

for (const backend of backends)
  describe.skipIf(backend.skip)(`${backend.name}: the store's load, given a row whose key it holds`, () => {
    const sections: DumpSection[] = [
      "episodes",
      "beliefs",
      "beliefSources",
      "links",
      "judgedPairs",
      "audit",
      "auditHeads",
    ];

    it.each(sections)(
      "%s: refused TARGET_NOT_EMPTY, the transaction rolled back — never dropped or replaced",
      async (section) => {
        const { mem } = await backend.open();
        try {
          const e = await mem.record("The deploy moved to Friday");
          const first = await mem.remember("Deploys happen on Friday", { sources: [e.id] });
          const second = await mem.remember("The release train leaves on Thursdays");
          const at = "2026-01-01T00:00:00.000Z";
          await mem.store.transaction(async (tx) => {
            await tx.load("links", [{ from: second.id, to: first.id, relation: "refines", at }]);
            await tx.load("judgedPairs", [
              {
                a: first.id,
                b: second.id,
                aHash: "a",
                bHash: "b",
                relation: "distinct",
                judge: "lexical",
                reason: "kept",
                at,
              },
            ]);
          });
          const [row] = (await mem.store.dump(section, { cursor: null, limit: 1 }))
            .rows as DumpRows[DumpSection];
          expect(row).toBeDefined();
          // The same key, another value where the row has one: a load must not keep either silently.
          const again =
            section === "judgedPairs"
              ? { ...(row as object), relation: "supersedes", reason: "forged" }
              : row;
          const before = await mem.store.dumpCounts();
          const pairBefore = await mem.store.judgedPairs([{ a: first.id, b: second.id }], mem.namespace);
          const error = await mem.store
            .transaction((tx) => tx.load(section, [again] as DumpRows[typeof section]))
            .then(
              () => expect.fail("loaded a row whose key the store holds"),
              (x: unknown) => x,
            );
          if (!isStrataError(error)) expect.fail(String(error));
          expect(error.code).toBe("TARGET_NOT_EMPTY");
          expect(error.message).toContain(`Cannot load ${section} here`);
          expect(await mem.store.dumpCounts()).toEqual(before);
          expect(await mem.store.judgedPairs([{ a: first.id, b: second.id }], mem.namespace)).toEqual(
            pairBefore,
          );
        } finally {
          await mem.close();
        }
      },
    );
  });
