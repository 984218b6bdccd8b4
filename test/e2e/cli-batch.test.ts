/**
 * `strata remember --jsonl` and `strata record --jsonl` through the built CLI: batches through
 * the write gate, a summary (or every verdict with --json), and a bad line that refuses the
 * whole input before anything is written.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bin, ensureBuilt } from "../support/built-cli.js";

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "strata-e2e-batch-"));
}, 60_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function strata(db: string, args: string[], input?: string) {
  const r = spawnSync(process.execPath, [bin, "--db", join(dir, db), ...args], {
    cwd: dir,
    encoding: "utf8",
    ...(input !== undefined ? { input } : {}),
    env: { ...process.env, NO_COLOR: "1" },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const lines = (...items: unknown[]) => `${items.map((i) => JSON.stringify(i)).join("\n")}\n`;

describe("strata remember --jsonl / record --jsonl", () => {
  it("gates every line, each against the earlier ones, and prints a summary", () => {
    writeFileSync(
      join(dir, "facts.jsonl"),
      lines(
        "The staging database is Postgres 16",
        { statement: "The retry limit is 5", at: "2026-01-10" },
        { statement: "The retry limit is 7", at: "2026-01-12" },
        "Staging database: Postgres 16",
      ),
    );
    const r = strata("a.db", ["remember", "--jsonl", "facts.jsonl", "--batch-size", "2"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("remembered 4 items through the write gate: stored 3, strengthened 1");
    expect(r.stdout).toMatch(/batches\s+2 of up to 2/);
    // Not a terminal: plain progress lines on stderr.
    expect(r.stderr).toContain("remember 4/4");
    const list = JSON.parse(strata("a.db", ["list", "--json"]).stdout) as { text: string; status: string }[];
    expect(list.map((b) => b.text).sort()).toEqual([
      "The retry limit is 7",
      "The staging database is Postgres 16",
    ]);
  });

  it("--json prints every verdict in input order; stdin works with -", () => {
    const events = lines(
      { content: "Deploy failed: migration lock timeout", type: "outcome", outcome: "failure" },
      "Chose blue-green deploys for the API",
    );
    const r = strata("b.db", ["record", "--jsonl", "-", "--json"], events);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    const out = JSON.parse(r.stdout) as {
      items: number;
      stored: number;
      results: { id: string; verdict: string }[];
    };
    expect(out).toMatchObject({ items: 2, stored: 2 });
    expect(out.results.map((x) => [x.id, x.verdict])).toEqual([
      ["e1", "novel"],
      ["e2", "novel"],
    ]);
  });

  it("a bad line refuses the whole input, names its line, and writes nothing", () => {
    const input = lines("The cache TTL is 60 seconds", "The queue TTL is 30 seconds") + "not json\n";
    const r = strata("c.db", ["remember", "--jsonl", "-", "--batch-size", "1"], input);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("line 3 is not JSON");
    // The first bad line is the one named, whichever way it is bad.
    const first = strata(
      "c.db",
      ["remember", "--jsonl", "-", "--batch-size", "1"],
      lines("The cache TTL is 60 seconds", { statement: "" }) + "not json\n",
    );
    expect(first.stderr).toContain('line 2: statement must be at least 1 character, got "".');
    const bad = strata(
      "c.db",
      ["remember", "--jsonl", "-"],
      lines("The cache TTL is 60 seconds", { statement: "" }),
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("line 2: statement must be");
    expect(bad.stderr).not.toContain("item 1");
    // Refused on a first run: no store is left behind (lead35).
    expect(existsSync(join(dir, "c.db"))).toBe(false);
  });

  it("a bad item is named by its line in the file (blank lines counted), never by its index in a batch; the store is left exactly as it was", () => {
    expect(strata("n.db", ["remember", "The cache TTL is 60 seconds"]).code).toBe(0);
    // Every row of the store (the export's header line holds the time of the export).
    const rows = () => strata("n.db", ["export", "--format", "jsonl"]).stdout.split("\n").slice(1).join("\n");
    const before = rows();
    // Lines 1–7: two blank lines, and the bad item is the fourth item, in the second batch of 2.
    const file = [
      JSON.stringify("The queue TTL is 30 seconds"),
      "",
      JSON.stringify({ statement: "The retry limit is 5" }),
      "   ",
      JSON.stringify("The deploy window is Friday"),
      JSON.stringify({ statement: "Bad kind", kind: "bogus" }),
      JSON.stringify("The last line"),
    ].join("\n");
    writeFileSync(join(dir, "n.jsonl"), `${file}\n`);
    const events = file.replace('"kind":"bogus"', '"type":"bogus"').replaceAll("statement", "content");
    writeFileSync(join(dir, "e.jsonl"), `${events}\n`);
    for (const command of ["remember", "record"] as const) {
      const input = command === "remember" ? "n.jsonl" : "e.jsonl";
      const r = strata("n.db", [command, "--jsonl", input, "--batch-size", "2", "--json"]);
      expect(r.code).toBe(1);
      const { error } = JSON.parse(r.stdout);
      expect(error).toMatchObject({ code: "INVALID_INPUT", details: { line: 6 } });
      const field = command === "remember" ? "kind" : "type";
      expect(error.message).toMatch(new RegExp(`^line 6: ${field} must be one of .*, got "bogus"\\.$`));
      expect(r.stderr).toContain(`error: line 6: ${field} must be one of`);
    }
    expect(rows()).toBe(before);
  });

  it("a file is read in chunks, twice: a bad line in a later batch refuses it all; fixed, it writes every batch", () => {
    // 2,500 lines, ~120 KB: more than one read chunk (64 KB); with --gate off one batch (the
    // default there is 10,000, so the import's worker prepares its later chunks of 1,024).
    const facts = Array.from({ length: 2_500 }, (_, i) => `The owner of service ${i} is team ${i % 17}`);
    const file = join(dir, "big.jsonl");
    writeFileSync(file, lines(...facts.slice(0, 2_399), { statement: "" }, ...facts.slice(2_400)));
    const bad = strata("big.db", [
      "remember",
      "--jsonl",
      "big.jsonl",
      "--gate",
      "off",
      "--batch-size",
      "1000",
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("line 2400: statement must be");
    expect(existsSync(join(dir, "big.db"))).toBe(false);

    writeFileSync(file, lines(...facts));
    const r = strata("big.db", ["remember", "--jsonl", "big.jsonl", "--gate", "off"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("remembered 2500 items without the write gate (--gate off): stored 2500");
    expect(r.stdout).toMatch(/batches\s+1 of up to 10000/);
    // Progress on a stderr that is no terminal: a line per batch.
    expect(r.stderr).toContain("remember 0/2500");
    expect(r.stderr).toContain("remember 2500/2500");
    const stats = JSON.parse(strata("big.db", ["stats", "--json"]).stdout) as { beliefs: { total: number } };
    expect(stats.beliefs.total).toBe(2_500);
    expect(strata("big.db", ["remember", "--jsonl", "missing.jsonl"]).stderr).toContain("cannot read");
  });

  it("--gate off stores every line without comparison; a bad --gate value writes nothing", () => {
    const input = lines("The retry limit is 5", "The retry limit is 5", "The retry limit is 7");
    const bad = strata("g.db", ["remember", "--jsonl", "-", "--gate", "maybe"], input);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--gate must be one of on, approximate, off, got "maybe"');
    expect(strata("g.db", ["remember", "x", "--gate", "off"]).stderr).toContain("go with --jsonl FILE");
    const r = strata("g.db", ["remember", "--jsonl", "-", "--gate", "off"], input);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("remembered 3 items without the write gate (--gate off): stored 3");
    const list = JSON.parse(strata("g.db", ["list", "--json"]).stdout) as { text: string }[];
    expect(list.map((b) => b.text).sort()).toEqual([
      "The retry limit is 5",
      "The retry limit is 5",
      "The retry limit is 7",
    ]);
    expect(strata("g.db", ["verify"]).code).toBe(0);
  });

  it("--gate approximate gates every line with the cheap candidate search, remember and record alike", () => {
    const input = lines("The retry limit is 5", "The retry limit is 5", "The retry limit is 7");
    const r = strata("a.db", ["remember", "--jsonl", "-", "--gate", "approximate"], input);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("remembered 3 items through the write gate: stored 2, strengthened 1");
    const e = strata("a.db", ["record", "--jsonl", "-", "--gate", "approximate"], lines("Deploy failed"));
    expect(e.code).toBe(0);
    expect(e.stdout).toContain("recorded 1 item through the write gate: stored 1");
    const off = strata("a.db", ["record", "--jsonl", "-", "--gate", "off"], lines("Deploy failed"));
    expect(off.code).toBe(2);
    expect(off.stderr).toContain("--gate off is for remember --jsonl only");
  });

  it("refuses a statement and --jsonl together, or per-item flags beside --jsonl", () => {
    expect(strata("d.db", ["remember", "x", "--jsonl", "f"]).code).toBe(2);
    const r = strata("d.db", ["record", "--jsonl", "-", "--type", "decision"], lines("x"));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("options go on each line");
    expect(strata("d.db", ["remember"]).stderr).toContain("--jsonl FILE");
  });

  it("Ctrl-C stops after the batch being written: exit 130, whole batches kept, and it says where to go on", async () => {
    const total = 400;
    const file = join(dir, "events.jsonl");
    writeFileSync(
      file,
      lines(
        ...Array.from(
          { length: total },
          (_, i) => `Deploy ${i} of service s${i} finished in region r${i % 9}`,
        ),
      ),
    );
    const db = join(dir, "int.db");
    const child = spawn(
      process.execPath,
      [bin, "--db", db, "record", "--jsonl", "events.jsonl", "--batch-size", "20"],
      { cwd: dir, env: { ...process.env, NO_COLOR: "1" }, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => {
      stdout += c;
    });
    child.stderr.setEncoding("utf8").on("data", (c: string) => {
      stderr += c;
      // Once the first batch is written (not at the opening "record 0/400"), as a user's Ctrl-C.
      if (/record [1-9]\d*\/400/.test(stderr) && child.signalCode === null && !child.killed)
        child.kill("SIGINT");
    });
    const code = await new Promise<number | null>((resolve) => child.once("close", (c) => resolve(c)));
    expect(code).toBe(130);
    expect(stderr).toContain("stopping after the batch being written");
    const m =
      /recorded (\d+) of 400 items[\s\S]*lines from (\d+) on were not written[\s\S]*tail -n \+(\d+) (\S+) \| strata -n default --db (\S+) record --jsonl - --batch-size 20/.exec(
        stdout,
      );
    // The user's own words: the file and the store named as they are, not FILE and the default store;
    // the namespace the run wrote to, not typed, pinned before them (attacks51).
    expect([m?.[4], m?.[5]]).toEqual([join(dir, "events.jsonl"), db]);
    expect(m, stdout).not.toBeNull();
    const [written, nextLine, tail] = [Number(m![1]), Number(m![2]), Number(m![3])];
    expect(written % 20).toBe(0);
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThan(total);
    expect(nextLine).toBe(written + 1);
    expect(tail).toBe(nextLine);
    // What it says is what the store holds; the rest goes in from nextLine as a one-go run would.
    const stats = JSON.parse(strata("int.db", ["stats", "--json"]).stdout);
    expect(stats.episodes.total).toBe(written);
    const rest = readFileSync(file, "utf8")
      .split("\n")
      .slice(nextLine - 1)
      .join("\n");
    expect(strata("int.db", ["record", "--jsonl", "-"], rest).code).toBe(0);
    const whole = JSON.parse(strata("whole.db", ["record", "--jsonl", "events.jsonl", "--json"]).stdout);
    expect(JSON.parse(strata("int.db", ["stats", "--json"]).stdout).episodes.total).toBe(whole.stored);
  });
});
