/**
 * An export that a forget lands in the middle of (attacks40). `export` read the namespace section
 * by section, page by page, with no snapshot, so a forget committing between two reads (another
 * process, a request on the same server) gave a document torn across it: the episodes read before
 * the forget, with the erased text, beside an audit chain read after, which records the forget.
 * The export answered after forget had answered, and it held the text; imported, the text was
 * live again in a store whose chain said it was forgotten. Now a document is read whole from one
 * state of the namespace: when the namespace's audit head moved while it was read, it is read
 * again, and after two such tries under the write lock, which no forget passes.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { unguarded } from "../../src/core/embedder-guard.js";
import type { Memory } from "../../src/core/engine.js";
import { loadTagger } from "../../src/core/judge/tagger.js";
import type { DumpSection } from "../../src/core/ports.js";
import { memoryBackends } from "../support/backends.js";
import { testMemory } from "../support/memory.js";

beforeAll(() => loadTagger());

const CANARY = "quokkaharbour";
const backends = memoryBackends("fgexport");

/** Runs `during` once, right after the first page of `section` is read by `mem`'s store. */
function afterFirstPage(
  mem: Memory,
  section: DumpSection,
  during: () => Promise<unknown>,
): { ran: () => boolean } {
  const raw = unguarded(mem.store) as unknown as { dump: (s: DumpSection, p: unknown) => Promise<unknown> };
  const dump = raw.dump.bind(raw);
  let ran = false;
  raw.dump = async (s, p) => {
    const page = await dump(s, p);
    if (s === section && !ran) {
      ran = true;
      await during();
    }
    return page;
  };
  return { ran: () => ran };
}

for (const backend of backends)
  describe.skipIf(backend.skip)(`${backend.name}: an export a forget lands in`, () => {
    it.each(["episodes", "beliefs", "vectors"] as DumpSection[])(
      "a forget after the %s section: the export holds the namespace as it was before, or after, never both",
      async (section) => {
        const { mem } = await backend.open();
        try {
          const e = await mem.record(`The door code is 4821, kept by ${CANARY}`);
          await mem.remember("The retry limit is 5");
          let forgotAt = -1;
          const race = afterFirstPage(mem, section, async () => {
            await mem.forget(e.id);
            forgotAt = Date.now();
          });
          const text = await mem.export({ format: "json" });
          expect(race.ran()).toBe(true);
          expect(forgotAt).toBeGreaterThan(0);
          // Answered after forget answered: the store as forget left it.
          expect(text).not.toContain(CANARY);
          const doc = JSON.parse(text) as { episodes: { id: string; status: string }[] };
          expect(doc.episodes.find((x) => x.id === e.id)?.status).toBe("forgotten");
          // And it imports, the text nowhere.
          const { mem: other } = await testMemory();
          try {
            await other.import(text);
            expect((await other.get(e.id)).status).toBe("forgotten");
            expect(await other.export({ format: "json" })).not.toContain(CANARY);
          } finally {
            await other.close();
          }
        } finally {
          await mem.close();
        }
      },
    );
  });

describe("sqlite-file: a namespace written in every read", () => {
  it("is read again, then under the write lock: the export holds every write that landed, whole", async () => {
    const { mem } = await testMemory({ file: true });
    try {
      await mem.record("The retry limit is 5");
      const raw = unguarded(mem.store) as unknown as {
        dump: (s: DumpSection, p: unknown) => Promise<unknown>;
      };
      const dump = raw.dump.bind(raw);
      let reads = 0;
      raw.dump = async (s, p) => {
        const page = await dump(s, p);
        // A write lands in each of the first two reads; the third, under the lock, has none.
        if (s === "beliefs" && ++reads <= 2) await mem.record(`The retry limit is ${5 + reads}`);
        return page;
      };
      const doc = JSON.parse(await mem.export({ format: "json" })) as {
        episodes: { content: string }[];
        audit: unknown[];
      };
      expect(reads).toBe(3);
      expect(doc.episodes.map((e) => e.content)).toEqual([
        "The retry limit is 5",
        "The retry limit is 6",
        "The retry limit is 7",
      ]);
      // The chain read is the chain of those rows: it imports and verifies.
      const { mem: other } = await testMemory();
      try {
        await other.import(JSON.stringify(doc));
        expect((JSON.parse(await other.export({ format: "json" })) as typeof doc).episodes).toHaveLength(3);
        expect((await other.verifyAudit()).ok).toBe(true);
      } finally {
        await other.close();
      }
    } finally {
      await mem.close();
    }
  });
});
