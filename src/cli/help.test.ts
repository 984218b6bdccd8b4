/** Every command's --help shows the global options a user needs with it (--db, -n, --json, --quiet). */
import { describe, expect, it } from "vitest";
import { createProgram } from "./program.js";

function help(args: string[]): string {
  const chunks: string[] = [];
  const program = createProgram(
    "0.0.0",
    { writeOut: (s) => chunks.push(s), writeErr: (s) => chunks.push(s) },
    () => {},
  );
  try {
    program.parse([...args, "--help"], { from: "user" });
  } catch {
    // commander ends --help with an exit override
  }
  return chunks.join("");
}

describe("per-command --help", () => {
  const program = createProgram("0.0.0", { writeOut: () => {}, writeErr: () => {} }, () => {});
  const commands = program.commands.flatMap((c) =>
    c.commands.length ? c.commands.map((sub) => [c.name(), sub.name()]) : [[c.name()]],
  );

  it.each(commands)("strata %s %s --help lists the global options", (...names) => {
    const text = help(names.filter(Boolean) as string[]);
    for (const option of ["--db <store>", "-n, --namespace", "--json", "-q, --quiet"])
      expect(text).toContain(option);
  });

  it("covers every command", () => {
    expect(commands.length).toBeGreaterThan(30);
  });
});
