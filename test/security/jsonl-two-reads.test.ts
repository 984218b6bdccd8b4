/**
 * `remember --jsonl` and `record --jsonl` read their input twice: every line checked first, then
 * written (docs/cli.md). Found by attacks48: an input that is not the same on the second read was
 * written unchecked, or not at all, in silence.
 *
 * - A pipe given as a path — bash's `<(…)` (/dev/fd/63), a FIFO — is empty on the second read:
 *   `strata remember --jsonl <(printf '"The pool opens at 7"\n')` answered "stored 0, strengthened
 *   1", exit 0, and stored nothing. Such an input is now read once and held, as stdin is.
 * - A file changed between the two reads (rewritten, truncated, grown) had its second read
 *   written unchecked: a line refused by the first pass's checks would stop the writes half way, a
 *   line added was written without being checked. Now each batch is written only when it is the
 *   one checked; otherwise the command is refused, naming the line, with what was written before.
 *
 * Both stores: a SQLite file and PostgreSQL (DATABASE_URL).
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runJsonl } from "../../src/cli/commands/writes.js";
import { runMain } from "../../src/cli/main.js";
import type { Memory } from "../../src/core/engine.js";
import { openMemory } from "../../src/open-memory.js";
import { memoryBackends, storeLocations, whereOf } from "../support/backends.js";
import { captureOutput } from "../support/captured-output.js";

const dir = mkdtempSync(join(tmpdir(), "strata-jsonl-reads-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const beliefTexts = async (mem: Memory) =>
  (await mem.list({ layer: "belief" })).map((b) => ("text" in b ? b.text : ""));

/** Lines that differ from the first read to the second, as a file rewritten between them. */
function changing(first: string[], second: string[]): () => AsyncIterable<string> {
  let reads = 0;
  return () => {
    const lines = reads++ === 0 ? first : second;
    return (async function* () {
      yield* lines;
    })();
  };
}

for (const backend of storeLocations("jsonlreads"))
  describe.skipIf(backend.skip)(`${backend.name}: a pipe given as a path`, () => {
    it("a FIFO is read once and every line is stored", async () => {
      const fifo = join(dir, `lines-${backend.name}.fifo`);
      execFileSync("mkfifo", [fifo]);
      // A writer that fills the FIFO once, as `<(printf …)` does, then closes it.
      const writer = spawn("sh", [
        "-c",
        `printf '%s\\n' '"The pool opens at 7"' '"The gym closes at 9"' > '${fifo}'`,
      ]);
      const said = captureOutput();
      const db = backend.db();
      const code = await runMain(["--db", db, "remember", "--jsonl", fifo, "--json"]);
      writer.kill();
      expect(code, said.join("")).toBe(0);
      const mem = await openMemory(whereOf(db));
      try {
        const texts = await beliefTexts(mem);
        expect(texts.sort()).toEqual(["The gym closes at 9", "The pool opens at 7"]);
      } finally {
        await mem.close();
      }
    });
  });

for (const backend of memoryBackends("jsonlreads"))
  describe.skipIf(backend.skip)(`${backend.name}: input changed between the check and the write`, () => {
    it("a line that differs on the second read: refused, nothing written", async () => {
      const { mem } = await backend.open();
      try {
        const lines = changing(
          ['"The pool opens at 7"', '"The gym closes at 9"'],
          ['"The pool opens at 7"', '{"kind": "bogus"}'],
        );
        await expect(runJsonl(mem, "remember", { lines })).rejects.toMatchObject({
          code: "INVALID_INPUT",
          details: { line: 1 },
        });
        expect(await beliefTexts(mem)).toEqual([]);
      } finally {
        await mem.close();
      }
    });
    it("a later batch that differs: the batches before it written, the rest not, and said", async () => {
      const { mem } = await backend.open();
      try {
        const lines = changing(
          ['"The pool opens at 7"', '"The gym closes at 9"', '"The bus leaves at 8"'],
          [
            '"The pool opens at 7"',
            '"The gym closes at 9"',
            '"The bus leaves at 8"',
            '"Added after the check"',
          ],
        );
        const refusal = runJsonl(mem, "remember", { lines, batchSize: 2 });
        await expect(refusal).rejects.toMatchObject({
          code: "INVALID_INPUT",
          details: { line: 3, written: 2 },
        });
        await expect(refusal).rejects.toThrow(/changed since it was checked/);
        const texts = await beliefTexts(mem);
        expect(texts.sort()).toEqual(["The gym closes at 9", "The pool opens at 7"]);
      } finally {
        await mem.close();
      }
    });
    it("a second read that ends early: refused, naming the line it ended before", async () => {
      const { mem } = await backend.open();
      try {
        const lines = changing(['"The pool opens at 7"', '"The gym closes at 9"'], []);
        await expect(runJsonl(mem, "remember", { lines })).rejects.toMatchObject({
          code: "INVALID_INPUT",
          details: { line: 1 },
        });
        expect(await beliefTexts(mem)).toEqual([]);
      } finally {
        await mem.close();
      }
    });
  });
