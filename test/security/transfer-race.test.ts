/**
 * A write to the target between `transferStore`'s emptiness check and its load (attacks37; the
 * shape attacks36 found in an import). A transfer copies a whole store, ids unchanged, into a new
 * one; the target was checked empty *before* the copy's write transaction, so a writer already
 * pointed at the new store (an agent moved there before the copy ended, a second `strata transfer`)
 * could commit its first items in between, taking the ids e1, b1 that the source's items bring. On
 * PostgreSQL the load inserts with ON CONFLICT DO NOTHING and writes vectors with ON CONFLICT DO
 * UPDATE: the source's episode and belief were dropped, its vector overwrote the writer's (moved
 * into the source's namespace), and its outcomes attached to the writer's belief, of another
 * namespace; all committed, reported only as `ok: false`. On SQLite the load failed on the UNIQUE
 * constraint with the driver's message. Now the check runs inside the target's write transaction
 * (store/transfer.ts), so the transfer is refused as it is when the target is not empty at the start,
 * nothing of it written, and the writer's items are as it wrote them.
 *
 * The window is made certain: the target's next write transaction first runs the other writer to
 * its commit. SQLite file and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { unguarded } from "../../src/core/embedder-guard.js";
import type { Memory } from "../../src/core/engine.js";
import { loadTagger } from "../../src/core/judge/tagger.js";
import type { DumpSection } from "../../src/core/ports.js";
import { transferStore } from "../../src/store/transfer.js";
import { memoryBackends } from "../support/backends.js";
import { interleave } from "../support/interleave.js";

beforeAll(() => loadTagger());

/** The source: one namespace's episode, the belief from it, and a failed outcome on the belief. */
async function sourceHistory(mem: Memory): Promise<void> {
  const source = mem.withNamespace("source");
  const e = await source.record("The vault code is 4411");
  const b = await source.remember("The vault code is 4411", { sources: [e.id] });
  await source.outcome(b.id, false);
}

/**
 * What the other writer's namespace holds, as its export shows it: every section but the audit
 * chain and the records, whose hashes are keyed by each store's own secret.
 */
async function writerState(mem: Memory): Promise<unknown> {
  const doc = JSON.parse((await mem.withNamespace("writer").export({ format: "json" })) as string) as Record<
    string,
    unknown
  >;
  const { audit: _audit, auditHeads: _heads, meta: _meta, exportedAt: _at, ...items } = doc;
  return JSON.parse(JSON.stringify(items, (key, value) => (/hash/i.test(key) ? undefined : value)));
}

const writerItems = async (mem: Memory) => {
  const writer = mem.withNamespace("writer");
  const e = await writer.record("The writer's first note on deploys");
  const b = await writer.remember("The writer deploys on Fridays", { sources: [e.id] });
  return { e: e.id, b: b.id };
};

for (const backend of memoryBackends("transferrace"))
  describe.skipIf(backend.skip)(`${backend.name}: a write to the target while a transfer starts`, () => {
    it("control: a target written before the transfer is refused as not empty, nothing copied", async () => {
      const { mem: from } = await backend.open();
      const { mem: to } = await backend.open();
      try {
        await sourceHistory(from);
        await writerItems(to);
        const before = await writerState(to);
        const error = (await transferStore(from.store, to.store).then(
          () => expect.fail("the transfer into a written store was accepted"),
          (e: unknown) => e,
        )) as { code: string };
        expect(error).toMatchObject({ code: "TARGET_NOT_EMPTY" });
        expect(await writerState(to)).toEqual(before);
        expect(await to.store.auditHead("source")).toBeNull();
      } finally {
        await from.close();
        await to.close();
      }
    });

    it("attack: the writer commits between the check and the load — refused, nothing copied, the writer's items as written", async () => {
      const { mem: from } = await backend.open();
      const { mem: to } = await backend.open();
      const { mem: alone } = await backend.open();
      try {
        await sourceHistory(from);
        let ids: { e: string; b: string } | null = null;
        interleave(to.store, async () => {
          ids = await writerItems(to);
        });
        const attempt = await transferStore(from.store, to.store).then(
          (report) => ({ report }),
          (e: unknown) => ({ error: e as { code?: string; message: string } }),
        );
        expect(ids).toEqual({ e: "e1", b: "b1" });
        expect(attempt).toMatchObject({ error: { code: "TARGET_NOT_EMPTY" } });
        // Nothing of the source's: no chain, no text, no outcome on the writer's belief.
        expect(await to.store.auditHead("source")).toBeNull();
        const explained = await to.withNamespace("writer").explain("b1");
        expect(explained.outcomes).toEqual([]);
        expect(await to.withNamespace("source").recall("vault code", { k: 5 })).toEqual([]);
        // The writer's namespace is exactly what it wrote into a store of its own.
        await writerItems(alone);
        expect(await writerState(to)).toEqual(await writerState(alone));
      } finally {
        await from.close();
        await to.close();
        await alone.close();
      }
    });
  });

const CANARY = "quokkaharbour";

/** Runs `during` right after the first page of `section` is read, on each of the first `times` reads. */
function afterFirstPage(
  mem: Memory,
  section: DumpSection,
  times: number,
  during: (n: number) => Promise<unknown>,
) {
  const raw = unguarded(mem.store) as unknown as {
    dump: (s: DumpSection, p: { cursor: string | null }) => Promise<unknown>;
  };
  const dump = raw.dump.bind(raw);
  let ran = 0;
  raw.dump = async (s, p) => {
    const page = await dump(s, p);
    if (s === section && p.cursor === null && ran < times) await during(ran++);
    return page;
  };
  return { ran: () => ran };
}

/** Every text the target holds for the namespace, as its export shows it. */
const exported = async (mem: Memory) =>
  (await mem.withNamespace("source").export({ format: "json" })) as string;

for (const backend of memoryBackends("transferforget"))
  describe.skipIf(backend.skip)(`${backend.name}: a forget on the source while a transfer copies it`, () => {
    it.each(["episodes", "beliefs", "vectors"] as DumpSection[])(
      "a forget after the %s section: the copy is of the source before or after it, never both",
      async (section) => {
        const { mem: from } = await backend.open();
        const { mem: to } = await backend.open();
        try {
          const source = from.withNamespace("source");
          const e = await source.record(`The door code is 4821, kept by ${CANARY}`);
          await source.remember(`The door code is 4821, kept by ${CANARY}`, { sources: [e.id] });
          await source.remember("The retry limit is 5");
          const race = afterFirstPage(from, section, 1, () => source.forget(e.id));
          const report = await transferStore(from.store, to.store);
          expect(race.ran()).toBe(1);
          // The transfer answered after forget answered: the target is the source as forget left it.
          expect(report.problems).toEqual([]);
          expect(report.ok).toBe(true);
          expect(await exported(to)).not.toContain(CANARY);
          expect((await to.withNamespace("source").get(e.id)).status).toBe("forgotten");
          expect(await exported(to)).toBe(await exported(from));
        } finally {
          await from.close();
          await to.close();
        }
      },
    );

    it("a forget during each of two copies: the third is read under the source's write lock, whole", async () => {
      const { mem: from } = await backend.open();
      const { mem: to } = await backend.open();
      try {
        const source = from.withNamespace("source");
        const first = await source.record(`The door code is 4821, kept by ${CANARY}`);
        const second = await source.record(`The alarm code is 7719, kept by ${CANARY}`);
        await source.remember("The retry limit is 5");
        const race = afterFirstPage(from, "episodes", 2, (n) =>
          source.forget(n === 0 ? first.id : second.id),
        );
        const report = await transferStore(from.store, to.store);
        expect(race.ran()).toBe(2);
        expect(report.ok).toBe(true);
        expect(await exported(to)).not.toContain(CANARY);
        expect(await exported(to)).toBe(await exported(from));
      } finally {
        await from.close();
        await to.close();
      }
    });
  });
