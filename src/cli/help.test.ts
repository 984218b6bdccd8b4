/** Every command's --help shows the global options a user needs with it (--db, -n, --json, --quiet). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
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

describe("docs/cli.md", () => {
  const doc = readFileSync(join(import.meta.dirname, "../../docs/cli.md"), "utf8");
  const program = createProgram("0.0.0", { writeOut: () => {}, writeErr: () => {} }, () => {});

  it.each(program.commands.map((c) => c.name()))("documents strata %s (a section or a table row)", (name) => {
    expect(doc).toMatch(new RegExp(`(^### |^\\| )[^\\n]*\`strata ${name}[ \`]`, "m"));
  });

  it("documents every global option", () => {
    for (const option of program.options) expect(doc).toContain(option.long);
  });

  it("the LICENSE file matches package.json's license", () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, "../../package.json"), "utf8"));
    const license = readFileSync(join(import.meta.dirname, "../../LICENSE"), "utf8");
    expect(pkg.license).toBe("MIT");
    expect(license.split("\n")[0]).toBe("MIT License");
    expect(pkg.files).toContain("LICENSE");
  });
});
