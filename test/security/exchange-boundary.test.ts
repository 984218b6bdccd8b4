/**
 * Export and import are namespace-bound (DESIGN invariant 8), row by row. An export of one
 * namespace carries no record of another, however the namespaces are named (`state:victim` is a
 * valid namespace, and `worker:state:victim` is the victim's worker record). An import of a
 * document loads only rows of the document's own namespace: a crafted document whose meta
 * records, provenance, links, outcomes, judged pairs or vectors point at another namespace's
 * items is refused before anything is written, in words that do not say whether the foreign
 * record exists.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import type { ExportDocument } from "../../src/core/exchange/document.js";
import { metaKey } from "../../src/core/meta-keys.js";
import { attackerDocument, importRefusal } from "../support/attacker-document.js";
import { testMemory } from "../support/memory.js";
import { storeSnapshot } from "../support/store-snapshot.js";

let mem: Memory | null = null;
afterEach(async () => {
  await mem?.close();
  mem = null;
});

const VICTIM = "victim";

interface Seeded {
  mem: Memory;
  path: string;
  episode: string;
  belief: string;
  other: string;
}

async function seed(): Promise<Seeded> {
  const t = await testMemory({ file: true, namespace: VICTIM });
  mem = t.mem;
  const e = await mem.record("The vault code is kept by the night janitor", { session: "s1" });
  const b = await mem.remember("The vault code is kept by the janitor", { sources: [e.id] });
  const other = await mem.remember("The cache TTL is 60 seconds");
  await mem.outcome(b.id, true, { session: "s1" });
  const wrap = await mem.prepareWrap();
  await mem.saveContinuity(
    `## State\n- guarding the vault\n## Patterns\n- none\n## Decisions\n- none\n## Context\n- none\n`,
    { token: wrap.token! },
  );
  await mem.requestConsolidation({ note: "victim's session ended" });
  return { mem, path: t.path, episode: e.id, belief: b.id, other: other.id };
}

describe("export: another namespace's records never come along", () => {
  it("a namespace named like the tail of another's record key exports none of it", async () => {
    const s = await seed();
    const keys = ["state:victim", "request:victim", "reports:victim"];
    for (const ns of keys) {
      const a = s.mem.withNamespace(ns);
      await a.remember(`A note of ${ns}`);
      const doc = JSON.parse((await a.export({ format: "json" })) as string) as {
        meta: { key: string }[];
      };
      expect(
        doc.meta.map((m) => m.key),
        ns,
      ).toEqual([]);
    }
    // The victim's own export still carries its records: continuity, the worker's request, and
    // the credit of its outcome (keyed by the belief).
    const own = JSON.parse((await s.mem.export({ format: "json" })) as string) as { meta: { key: string }[] };
    expect(own.meta.map((m) => m.key)).toEqual(
      expect.arrayContaining(["continuity:victim", "worker:request:victim"]),
    );
    expect(own.meta.filter((m) => m.key.startsWith(`outcome-credit:${s.belief}:`))).toHaveLength(1);
    // And nothing of another namespace's: an outcome credit of another namespace's belief stays.
    const b = await s.mem.withNamespace("request:victim").remember("A fact of its own");
    await s.mem.withNamespace("request:victim").outcome(b.id, true, { session: "s2" });
    const mine = JSON.parse((await s.mem.export({ format: "json" })) as string) as {
      meta: { key: string }[];
    };
    // A key names a belief as one whole `:`-separated part; a substring test would also match
    // the store-keyed random hash inside a wrap token ("wrap:w1-…b4…" held "b4" in one CI run).
    expect(mine.meta.filter((m) => m.key.split(":").includes(b.id))).toEqual([]);
    const theirs = JSON.parse(
      (await s.mem.withNamespace("request:victim").export({ format: "json" })) as string,
    ) as { meta: { key: string }[] };
    expect(theirs.meta.map((m) => m.key)).toEqual([
      expect.stringMatching(`^outcome-credit:${b.id}:success:`),
    ]);
  });
});

describe("import: a document's rows stay in its namespace", () => {
  type Tamper = (doc: ExportDocument, s: Seeded) => void;
  const CASES: Record<string, Tamper> = {
    "a meta record of another namespace": (doc) =>
      doc.meta.push({ key: "continuity:victim", value: '{"text":"## State\\n- pwned"}' }),
    "a sweep mark of another namespace": (doc) =>
      doc.meta.push({ key: "sweep:victim", value: "9999-01-01T00:00:00.000Z" }),
    "a store-wide record (api keys)": (doc) => doc.meta.push({ key: "api-keys", value: "[]" }),
    "a worker state of another namespace": (doc) =>
      doc.meta.push({ key: "worker:state:victim", value: '{"seen":null}' }),
    "a curation record naming another namespace's belief": (doc, s) =>
      doc.meta.push({
        key: metaKey("curation", doc.namespace, "notes"),
        value: JSON.stringify({
          v: 1,
          records: { r1: { hash: "x", belief: s.belief, own: true } },
          reasons: {},
        }),
      }),
    "a curation reason keyed by another namespace's belief": (doc, s) =>
      doc.meta.push({
        key: metaKey("curation", doc.namespace, "notes"),
        value: JSON.stringify({ v: 1, records: {}, reasons: { [s.belief]: "superseded" } }),
      }),
    "an outcome credit of another namespace's belief": (doc, s) =>
      doc.meta.push({ key: `outcome-credit:${s.belief}:success:abc`, value: "2027-01-01T00:00:00.000Z" }),
    "a worker record whose tail is the document's namespace": (doc) =>
      doc.meta.push({ key: `worker:request:${doc.namespace.split(":").slice(1).join(":")}`, value: "{}" }),
    "provenance to another namespace's belief": (doc, s) =>
      doc.beliefSources.push({ episodeId: doc.episodes[0]!.id, beliefId: s.belief }),
    "provenance from another namespace's episode": (doc, s) =>
      doc.beliefSources.push({ episodeId: s.episode, beliefId: doc.beliefs[0]!.id }),
    "a belief resting on another namespace's episode": (doc, s) => {
      doc.beliefs[0]!.sources = [s.episode];
    },
    "a belief superseded by another namespace's belief": (doc, s) => {
      doc.beliefs[0]!.supersededBy = s.belief;
    },
    "a link between another namespace's items": (doc, s) =>
      doc.links.push({ from: s.episode, to: s.belief, relation: "refines", at: "2027-01-01T00:00:00.000Z" }),
    "a link to another namespace's item": (doc, s) =>
      doc.links.push({
        from: doc.beliefs[0]!.id,
        to: s.belief,
        relation: "refines",
        at: "2027-01-01T00:00:00.000Z",
      }),
    "an outcome of another namespace's belief": (doc, s) =>
      doc.outcomes.push({
        beliefId: s.belief,
        success: false,
        at: "2027-01-01T00:00:00.000Z",
        confidenceBefore: 0.67,
        confidenceAfter: 0.5,
      }),
    "a judged pair of another namespace's beliefs": (doc, s) =>
      doc.judgedPairs.push({
        a: s.belief,
        b: s.other,
        aHash: "x",
        bHash: "y",
        relation: "distinct",
        judge: "lexical",
        reason: "never judge these again",
        at: "2027-01-01T00:00:00.000Z",
      }),
    "a vector of another namespace": (doc) => {
      doc.vectors[0]!.namespace = VICTIM;
    },
    "a vector of an item not in the document": (doc, s) =>
      doc.vectors.push({ ...doc.vectors[0]!, id: s.other }),
  };

  for (const [name, tamper] of Object.entries(CASES))
    it(`refuses ${name} (INVALID_INPUT), writes nothing, reveals nothing`, async () => {
      const s = await seed();
      const ns = "state:victim";
      const moved = await attackerDocument(s.mem, ns);
      tamper(moved, s);
      const before = await storeSnapshot(s.mem, s.path, [VICTIM, ns]);
      const error = await importRefusal(s.mem.withNamespace(ns), moved, `${name}: imported`);
      expect(error.code, error.message).toBe("INVALID_INPUT");
      expect(error.message).not.toMatch(/exists|taken/);
      expect(await storeSnapshot(s.mem, s.path, [VICTIM, ns])).toEqual(before);
      // The victim still reads its own digest.
      expect(await s.mem.continuity()).toContain("guarding the vault");
    });

  it("the untampered document imports (the cases above are not refused for another reason)", async () => {
    const s = await seed();
    const moved = await attackerDocument(s.mem, "state:victim");
    const report = await s.mem.withNamespace("state:victim").import(JSON.stringify(moved));
    expect(report.loaded?.beliefs).toBe(1);
    // The chain check it reports is the imported namespace's alone: it neither counts nor names
    // the store's other namespaces (here "victim" and "scratch").
    expect(report.audit).toEqual({ ok: true, entries: 1, namespaces: 1, problems: [] });
  });

  it("the document's own bookkeeping records import: worker, curation of its beliefs, its credits", async () => {
    const s = await seed();
    const ns = "state:victim";
    const moved = await attackerDocument(s.mem, ns);
    const own = moved.beliefs[0]!.id;
    const records = [
      { key: metaKey("worker:state", ns), value: '{"seen":null}' },
      {
        key: metaKey("curation", ns, "notes"),
        value: JSON.stringify({ v: 1, records: { r1: { hash: "x", belief: own, own: true } }, reasons: {} }),
      },
      { key: `outcome-credit:${own}:success:abc`, value: "2027-01-01T00:00:00.000Z" },
    ];
    moved.meta.push(...records);
    await s.mem.withNamespace(ns).import(JSON.stringify(moved));
    for (const r of records) expect(await s.mem.store.getMeta(r.key)).toBe(r.value);
  });
});

describe("import: rows no store can hold are refused whole", () => {
  const forgedEntry = (doc: ExportDocument) => ({
    seq: 1,
    namespace: doc.namespace,
    at: "2027-01-01T00:00:00.000Z",
    actor: "someone-else",
    event: "episode.recorded",
    subjectId: doc.episodes[0]!.id,
    contentHash: "0".repeat(64),
    detail: null,
    prevHash: "0".repeat(64),
    hash: "f".repeat(64),
  });
  type Tamper = (doc: ExportDocument) => void;
  const CASES: Record<string, [Tamper, RegExp]> = {
    "an episode id twice": [(doc) => doc.episodes.push({ ...doc.episodes[0]! }), /episodes holds e\d+ twice/],
    "a belief id twice": [
      (doc) => doc.beliefs.push({ ...doc.beliefs[0]!, text: "another text" }),
      /beliefs holds b\d+ twice/,
    ],
    // The largest id an import takes is 2^52 (ids are read as exact JavaScript numbers; the
    // store keeps 2^52 ids of its own after it). e1000000000 imports: test/security/large-ids.test.ts.
    "an id past 2^52 (e4503599627370497)": [
      (doc) => {
        doc.episodes[0]!.id = "e4503599627370497";
        doc.vectors.find((v) => v.id.startsWith("e"))!.id = "e4503599627370497";
        doc.beliefs[0]!.sources = ["e4503599627370497"];
        for (const s of doc.beliefSources) s.episodeId = "e4503599627370497";
      },
      /e4503599627370497 is past the largest id an import takes \(4503599627370496, 2\^52/,
    ],
    // Before: refused by the driver, as "SQLITE_MISMATCH: datatype mismatch".
    "an id past 64 bits": [
      (doc) => doc.episodes.push({ ...doc.episodes[0]!, id: "e99999999999999999999999" }),
      /is past the largest id an import takes/,
    ],
    "a forgotten episode that still holds its text": [
      (doc) => {
        doc.episodes[0]!.status = "forgotten";
      },
      /episode e\d+ is forgotten but still holds text/,
    ],
    "a forgotten belief that still holds its text": [
      (doc) => {
        doc.beliefs[0]!.status = "forgotten";
      },
      /belief b\d+ is forgotten but still holds text/,
    ],
    "a belief still readable on forgotten episodes only": [
      (doc) => {
        const e = doc.episodes.find((x) => x.id === doc.beliefs[0]!.sources[0])!;
        Object.assign(e, { status: "forgotten", content: "" });
      },
      /belief b\d+ rests only on forgotten episodes/,
    ],
    // Before: imported, the report's audit saying ok: false after the rows were in.
    "a forged audit chain": [
      (doc) => {
        doc.audit = [forgedEntry(doc)];
        doc.auditHeads = [{ namespace: doc.namespace, seq: 1, hash: "f".repeat(64) }];
      },
      /its audit chain does not verify \(entry 1: tampered/,
    ],
  };

  for (const [name, [tamper, says]] of Object.entries(CASES))
    it(`refuses ${name} (INVALID_INPUT, nothing written), and the store goes on`, async () => {
      const s = await seed();
      const ns = "attacker";
      const doc = await attackerDocument(s.mem, ns);
      tamper(doc);
      const before = await storeSnapshot(s.mem, s.path, [VICTIM, ns]);
      const error = await importRefusal(s.mem.withNamespace(ns), doc, `${name}: imported`);
      expect(error.code, error.message).toBe("INVALID_INPUT");
      expect(error.message).toMatch(says);
      expect(await storeSnapshot(s.mem, s.path, [VICTIM, ns])).toEqual(before);
      // Every namespace still writes, with the next id of the store's own sequence.
      const next = await s.mem.record("The victim writes after the refused import");
      expect(Number(next.id.slice(1))).toBeLessThan(1000);
    });
});

describe("import: shapes no store makes, and records naming a forgotten item (attacks20)", () => {
  /**
   * The attacker's document with two more episodes (one forgotten, as forget leaves it), a second
   * belief and a forgotten one, so the tampered rows below point at real items of the document.
   */
  async function richer(m: Memory, ns: string) {
    const doc = await attackerDocument(m, ns);
    const e0 = doc.episodes[0]!;
    const b0 = doc.beliefs[0]!;
    const e1 = { ...e0, id: "e1101", content: "The attacker deployed on Monday" };
    const gone = {
      ...e0,
      id: "e1102",
      content: "",
      status: "forgotten" as const,
      metadata: {},
      session: null,
      actor: null,
    };
    const b1 = { ...b0, id: "b1101", text: "Another attacker note" };
    const goneBelief = {
      ...b0,
      id: "b1102",
      text: "",
      status: "forgotten" as const,
      when: null,
      prefer: null,
      steps: null,
      exceptions: [],
      source: null,
      metadata: {},
    };
    doc.episodes.push(e1, gone);
    doc.beliefs.push(b1, goneBelief);
    const association = (a: string, b: string, strength = 1.3) => ({
      a,
      b,
      strength,
      affect: null,
      lastWrap: 1,
    });
    return {
      doc,
      e0: e0.id,
      e1: e1.id,
      gone: gone.id,
      b0: b0.id,
      b1: b1.id,
      goneBelief: goneBelief.id,
      association,
    };
  }
  type Rich = Awaited<ReturnType<typeof richer>>;
  const assoc = (r: Rich, list: unknown) =>
    r.doc.meta.push({ key: metaKey("associations", r.doc.namespace), value: JSON.stringify(list) });
  const curation = (r: Rich, state: unknown) =>
    r.doc.meta.push({ key: metaKey("curation", r.doc.namespace, "notes"), value: JSON.stringify(state) });

  const CASES: Record<string, [(r: Rich) => void, RegExp]> = {
    "a supersession cycle of two beliefs": [
      (r) => {
        r.doc.beliefs.find((b) => b.id === r.b0)!.supersededBy = r.b1;
        r.doc.beliefs.find((b) => b.id === r.b1)!.supersededBy = r.b0;
      },
      /b1\d+ is superseded by b1\d+, which is superseded by b1\d+: a supersession cycle/,
    ],
    "an episode superseded by itself": [
      (r) => {
        r.doc.episodes.find((e) => e.id === r.e1)!.supersededBy = r.e1;
      },
      /e1101 is superseded by e1101: a supersession cycle/,
    ],
    "a belief folded under itself": [
      (r) => {
        r.doc.beliefs.find((b) => b.id === r.b1)!.parentId = r.b1;
      },
      /belief b1101 is folded under b1101: a folding cycle/,
    ],
    "a link from an item to itself": [
      (r) => r.doc.links.push({ from: r.e0, to: r.e0, relation: "refines", at: "2027-01-01T00:00:00.000Z" }),
      /a link goes from e\d+ to itself/,
    ],
    "an associations record of another shape": [
      (r) => assoc(r, { a: r.e0 }),
      /record "associations:attacker" is not a list of associations/,
    ],
    "an association naming a missing episode": [
      (r) => assoc(r, [r.association(r.e0, "e1999")]),
      /names e1999, which is not an episode of the document/,
    ],
    "an association naming a belief": [
      (r) => assoc(r, [r.association(r.e0, r.b0)]),
      /names b\d+, which is not an episode of the document/,
    ],
    "an association of an episode with itself": [
      (r) => assoc(r, [r.association(r.e0, r.e0)]),
      /links an episode to itself/,
    ],
    "an association listed twice": [
      (r) => assoc(r, [r.association(r.e0, r.e1), r.association(r.e1, r.e0)]),
      /is a pair already listed/,
    ],
    "an association stronger than the cap": [
      (r) => assoc(r, [r.association(r.e0, r.e1, 1e9)]),
      /has strength 1000000000, outside 0.1 to 10/,
    ],
    "an association of negative strength": [
      (r) => assoc(r, [r.association(r.e0, r.e1, -3)]),
      /has strength -3, outside 0.1 to 10/,
    ],
    "an association naming a forgotten episode": [
      (r) => assoc(r, [r.association(r.e0, r.gone)]),
      /names e1102, a forgotten episode/,
    ],
    "a curation reason keyed by a forgotten belief": [
      (r) => curation(r, { v: 1, records: {}, reasons: { [r.goneBelief]: "value-changed: 8080 → 9090" } }),
      /keeps a reason for b1102, a forgotten belief/,
    ],
    "a curation reason naming a forgotten belief": [
      (r) =>
        curation(r, {
          v: 1,
          records: {},
          reasons: { [r.b1]: `replaces [${r.goneBelief}] (value-changed: 8080 → 9090)` },
        }),
      /keeps the reason of b1101 naming a forgotten item/,
    ],
    "a worker report quoting a forgotten belief": [
      (r) =>
        r.doc.meta.push({
          key: metaKey("worker:reports", r.doc.namespace),
          value: JSON.stringify([
            {
              items: [
                { action: "superseded", id: r.goneBelief, by: r.b1, reason: "value-changed: 8080 → 9090" },
              ],
            },
          ]),
        }),
      /keeps a report item naming a forgotten item without forget's redaction/,
    ],
  };

  for (const [name, [tamper, says]] of Object.entries(CASES))
    it(`refuses ${name} (INVALID_INPUT saying what is wrong, store row-identical)`, async () => {
      const s = await seed();
      const ns = "attacker";
      const r = await richer(s.mem, ns);
      tamper(r);
      const before = await storeSnapshot(s.mem, s.path, [VICTIM, ns]);
      const error = await importRefusal(s.mem.withNamespace(ns), r.doc, `${name}: imported`);
      expect(error.code, error.message).toBe("INVALID_INPUT");
      expect(error.message).toMatch(says);
      expect(await storeSnapshot(s.mem, s.path, [VICTIM, ns])).toEqual(before);
    });

  it("what forget leaves imports: a record mapped to a forgotten belief, redacted reasons, a chain of versions, a sound association", async () => {
    const s = await seed();
    const ns = "attacker";
    const r = await richer(s.mem, ns);
    r.doc.beliefs.find((b) => b.id === r.b0)!.supersededBy = r.b1;
    assoc(r, [r.association(r.e0, r.e1, 2.5)]);
    curation(r, {
      v: 1,
      records: { r1: { hash: "x", belief: r.goneBelief, own: true } },
      reasons: { [r.b1]: "redacted: it named a forgotten item" },
    });
    const report = await s.mem.withNamespace(ns).import(JSON.stringify(r.doc));
    expect(report.loaded?.beliefs).toBe(3);
    expect(await s.mem.withNamespace(ns).associations()).toHaveLength(1);
  });
});
