/**
 * `clientFileBytes`: a client's file is read through one descriptor, checked with fstat and read
 * to a bound (attacks51). It stat'ed the path and then read the path: what it read was whatever
 * the path named by then (a FIFO swapped in waits for ever; a file grown reads past the bound),
 * and a file whose size stat does not say (/proc's, a size of 0) was read whole, however long.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { clientFileBytes } from "./clients.js";

const dir = mkdtempSync(join(tmpdir(), "strata-client-file-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("clientFileBytes reads what it checked, to a bound", () => {
  it("a regular file under the bound: its bytes", () => {
    const path = join(dir, "mcp.json");
    writeFileSync(path, '{"mcpServers":{}}');
    expect(clientFileBytes(path, 100)?.toString()).toBe('{"mcpServers":{}}');
  });

  it("a regular file over the bound: refused, not read", () => {
    const path = join(dir, "big.json");
    writeFileSync(path, "x".repeat(101));
    expect(clientFileBytes(path, 100)).toMatchObject({
      refused: expect.stringContaining("more than a client"),
    });
  });

  it.skipIf(process.platform !== "linux")(
    "a file whose stat size says less than it holds (/proc's say 0) is read to the bound only",
    () => {
      // /proc/self/maps is a regular file of size 0 that reads kilobytes.
      expect(clientFileBytes("/proc/self/maps", 100)).toMatchObject({
        refused: expect.stringContaining("more than"),
      });
    },
  );

  it.skipIf(process.platform === "win32")("a FIFO is refused without waiting for a writer", () => {
    const path = join(dir, "fifo.json");
    execFileSync("mkfifo", [path]);
    expect(clientFileBytes(path)).toMatchObject({ refused: expect.stringContaining("not a regular file") });
  });

  it("a missing file is null", () => {
    expect(clientFileBytes(join(dir, "none.json"))).toBeNull();
  });
});
