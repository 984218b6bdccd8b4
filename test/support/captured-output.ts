/**
 * What the process writes to stdout and stderr, in order, captured until `vi.restoreAllMocks()`:
 * what a test of a CLI command run in process (`runMain`) reads.
 *
 *   const said = captureOutput();
 *   await runMain(["--db", db, "doctor"]);
 *   expect(said.join("")).toMatch(/store/);
 */
import { vi } from "vitest";

export function captureOutput(): string[] {
  const said: string[] = [];
  const keep = (chunk: unknown) => {
    said.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, "write").mockImplementation(keep);
  vi.spyOn(process.stderr, "write").mockImplementation(keep);
  return said;
}
