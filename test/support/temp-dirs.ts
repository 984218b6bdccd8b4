/**
 * Every test file's temporary folders in one folder of its own, removed when the file ends.
 *
 * Loaded by vitest.config.ts as a setup file, so it runs in each test file's process before the file
 * is imported: `TMPDIR` points at a fresh `strata-vitest-*` folder under the machine's temp folder,
 * so `os.tmpdir()` — and every `mkdtempSync(join(tmpdir(), …))` of a test, a test helper, the code
 * under test or a CLI process the test starts (children inherit the environment) — lands in it.
 * The file's last `afterAll` (vitest runs after-hooks in reverse, so this one, registered first,
 * runs after the test file's own) removes the folder whole. A test needs no cleanup of its own for
 * a temporary folder; one that removes its own is fine too.
 *
 * A folder that cannot be removed is said on stderr, never a failure of the file: a leftover is a
 * hygiene fault, not a wrong answer. test/temp-dirs.test.ts checks that a run leaves nothing behind.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

const outerTmp = tmpdir();
const fileTmp = mkdtempSync(join(outerTmp, "strata-vitest-"));
const savedTmpdir = process.env.TMPDIR;
process.env.TMPDIR = fileTmp;

afterAll(() => {
  if (savedTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmpdir;
  try {
    rmSync(fileTmp, { recursive: true, force: true, maxRetries: 3, retryDelay: 100 });
  } catch (error) {
    process.stderr.write(`test temp folder ${fileTmp} left behind: ${(error as Error).message}\n`);
  }
});
