import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { verifyAuditJsonl } from "../core/audit.js";
import type { Memory } from "../core/engine.js";
import { openMemory } from "../open-memory.js";
import { toTime } from "./args.js";
import {
  type FileSink,
  renderBackup,
  renderExport,
  renderImport,
  runBackup,
  runExport,
  runImport,
} from "./commands/exchange.js";
import { renderAuditJsonl, runAudit, runAuditJsonl } from "./commands/integrity.js";
import { createProgram, type Invocation } from "./program.js";
import { plain } from "./style.js";

let dir: string;
let mem: Memory;
let tick: number;
const clock = { now: () => new Date(tick) };
const files: FileSink = {
  outputPath: (path) => resolve(dir, path),
  writeOutput: async (path, text) => {
    const file = resolve(dir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    return file;
  },
  freshPath: (path) => {
    const file = resolve(dir, path);
    if (existsSync(file)) throw new Error("exists");
    return file;
  },
  outputsIn: (folder, name) => {
    const at = resolve(dir, folder);
    return existsSync(at)
      ? readdirSync(at)
          .filter((f) => name.test(f))
          .map((f) => join(at, f))
      : [];
  },
  removeOutput: (path) => unlinkSync(resolve(dir, path)),
};

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "strata-cli-exchange-"));
  tick = Date.parse("2026-03-02T09:00:00Z");
  mem = await openMemory({ path: join(dir, "memory.db"), clock, actor: "cli" });
  await mem.record("Deploy failed: migration lock timeout", { type: "outcome", outcome: "failure" });
  tick += 86_400_000 * 3;
  await mem.remember("The cache TTL is 60 seconds");
  await mem.remember("The cache TTL is 300 seconds");
});
afterEach(async () => {
  await mem.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("times as people say them, for --at, --as-of and --since", () => {
  const now = new Date("2026-03-10T12:00:00.000Z");
  it.each([
    ["30m", "2026-03-10T11:30:00.000Z"],
    ["12h", "2026-03-10T00:00:00.000Z"],
    ["7d", "2026-03-03T12:00:00.000Z"],
    ["2w", "2026-02-24T12:00:00.000Z"],
    ["2026-03-01", "2026-03-01"],
    ["now", "2026-03-10T12:00:00.000Z"],
    ["yesterday", "2026-03-09T12:00:00.000Z"],
    ["3 days ago", "2026-03-07T12:00:00.000Z"],
    ["an hour ago", "2026-03-10T11:00:00.000Z"],
    ["2 weeks ago", "2026-02-24T12:00:00.000Z"],
    ["last monday", "2026-03-09T12:00:00.000Z"], // 2026-03-10 is a Tuesday
    ["Last Tuesday", "2026-03-03T12:00:00.000Z"], // today's weekday: a week ago
    ["last sunday", "2026-03-08T12:00:00.000Z"],
    ["last wednesday", "2026-03-04T12:00:00.000Z"], // six days back
  ])("%s → %s", (value, expected) => expect(toTime(value, now)).toBe(expected));

  it.each(["last funday", "many days ago"])("%s is a usage error that shows what it reads", (value) => {
    expect(() => toTime(value, now)).toThrow(/cannot read the time .*yesterday.*3 days ago/);
  });
});

describe("strata audit", () => {
  it("--since 1d --event belief.* keeps the recent belief entries", async () => {
    const entries = await runAudit(mem, { since: "1d", event: "belief.*" }, new Date(tick));
    expect(entries.map((e) => e.event)).toEqual([
      "belief.remembered",
      "belief.remembered",
      "belief.superseded",
    ]);
  });

  it("--jsonl DIR writes files that verify across files", async () => {
    const r = await runAuditJsonl(mem, { dir: "audit", linesPerFile: 2 }, files);
    // The folder as the files name it, not as typed (newcomer43: `dir` "audit", `files` absolute).
    expect(r.dir).toBe(join(dir, "audit"));
    expect(r.files.map((f) => f.slice(dir.length + 1))).toEqual([
      "audit/audit-default-0001.jsonl",
      "audit/audit-default-0002.jsonl",
    ]);
    expect(r.entries).toBe(4);
    expect(verifyAuditJsonl(r.files.map((f) => readFileSync(f, "utf8")))).toMatchObject({
      ok: true,
      entries: 4,
    });
    expect(renderAuditJsonl(r, plain)).toMatch(/^wrote 4 audit entries of default in 2 file\(s\)/);
  });

  it("--jsonl DIR --force over an earlier, longer export leaves this export alone in DIR", async () => {
    const before = await runAuditJsonl(mem, { dir: "audit", linesPerFile: 1 }, files);
    expect(before.files).toHaveLength(4);
    // A file of another namespace's export, or one the user keeps there, is not the earlier export.
    writeFileSync(join(dir, "audit", "audit-other-0001.jsonl"), "{}\n");
    writeFileSync(join(dir, "audit", "notes.txt"), "mine\n");
    const r = await runAuditJsonl(mem, { dir: "audit", linesPerFile: 3, force: true }, files);
    const names = readdirSync(join(dir, "audit")).sort();
    expect(names).toEqual([
      "audit-default-0001.jsonl",
      "audit-default-0002.jsonl",
      "audit-other-0001.jsonl",
      "notes.txt",
    ]);
    expect(r.removed.map((f) => f.slice(dir.length + 1))).toEqual([
      "audit/audit-default-0003.jsonl",
      "audit/audit-default-0004.jsonl",
    ]);
    const ours = names.filter((n) => n.startsWith("audit-default-")).map((n) => join(dir, "audit", n));
    expect(verifyAuditJsonl(ours.map((f) => readFileSync(f, "utf8")))).toMatchObject({
      ok: true,
      entries: 4,
    });
    expect(renderAuditJsonl(r, plain)).toContain("deleted 2 file(s) of the earlier export");
  });

  it("--jsonl DIR without --force refuses a folder that holds only an earlier export's tail", async () => {
    await runAuditJsonl(mem, { dir: "audit", linesPerFile: 1 }, files);
    rmSync(join(dir, "audit", "audit-default-0001.jsonl"));
    rmSync(join(dir, "audit", "audit-default-0002.jsonl"));
    await expect(runAuditJsonl(mem, { dir: "audit", linesPerFile: 2 }, files)).rejects.toThrow(
      /holds 2 file\(s\) of an earlier audit export of default .*add --force to replace that export whole/,
    );
    expect(readdirSync(join(dir, "audit")).sort()).toEqual([
      "audit-default-0003.jsonl",
      "audit-default-0004.jsonl",
    ]);
  });
});

describe("strata export / import / backup", () => {
  it("export prints the text, or writes --out and says where", async () => {
    const md = await runExport(mem, { format: "markdown" }, files);
    expect(md.path).toBeNull();
    expect(renderExport(md, plain)).toContain("# Strata memory: namespace `default`");
    const json = await runExport(mem, { out: "out/memory.json" }, files);
    expect(renderExport(json, plain)).toBe(
      `exported namespace default as json: ${json.bytes} bytes → ${join(dir, "out/memory.json")}`,
    );
    const target = await openMemory({ path: join(dir, "new.db"), clock });
    try {
      const report = await runImport(target, { text: readFileSync(json.path!, "utf8") });
      expect(renderImport(report, plain)).toMatch(
        /^imported namespace default \(strata-json\): 1 episodes, 2 beliefs, .*; audit chain verifies$/,
      );
    } finally {
      await target.close();
    }
  });

  it("import of memory.jsonl lists what it stored and merged", async () => {
    const text = [
      '{"type":"entity","name":"Alice","entityType":"person","observations":["Works at Acme"]}',
      '{"type":"relation","from":"Alice","to":"Acme","relationType":"works_at"}',
    ].join("\n");
    const report = await runImport(mem, { text });
    const out = renderImport(report, plain);
    expect(out).toMatch(
      /^imported 3 statement\(s\) from memory.jsonl \(1 entities, 1 relations\) into default: 2 stored, 1 merged/,
    );
    expect(out).toMatch(/\nmerged b\d+ {2}Alice works at Acme/);
    expect(out).not.toMatch(/\nstored /); // stored lines only with --verbose
    expect(renderImport(report, plain, { verbose: true })).toMatch(/\nstored /);
  });

  it("export --format memory-jsonl writes the current beliefs back in the memory server's format", async () => {
    const text = [
      '{"type":"entity","name":"Alice","entityType":"person","observations":["Works at Acme","Likes tea"]}',
      '{"type":"relation","from":"Alice","to":"Bob","relationType":"manages"}',
    ].join("\n");
    await runImport(mem, { text });
    await mem.remember("The retry limit is 5");
    await mem.remember("The retry limit is now 7"); // supersedes: only the current value goes out
    const out = await mem.export({ format: "memory-jsonl" });
    const records = out
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(records).toEqual([
      {
        type: "entity",
        name: "default",
        entityType: "strata-namespace",
        observations: ["The cache TTL is 300 seconds", "The retry limit is now 7"], // set up above; 5 is gone
      },
      { type: "entity", name: "Alice", entityType: "person", observations: ["Works at Acme", "Likes tea"] },
      { type: "relation", from: "Alice", to: "Bob", relationType: "manages" },
    ]);
    // And the official format reads back in: the same statements merge as restatements.
    const back = await runImport(mem, { text: out });
    expect(back.counts.stored).toBeLessThanOrEqual(1);
  });

  it("a large memory.jsonl import prints a summary, not a line per statement", async () => {
    const lines = Array.from(
      { length: 300 },
      (_, i) =>
        `{"type":"entity","name":"Service ${i}","entityType":"service","observations":["Runs on port ${8000 + i}"]}`,
    );
    const report = await runImport(mem, { text: lines.join("\n") });
    const out = renderImport(report, plain);
    expect(report.items.length).toBe(600); // each entity's type and its observation
    expect(out.split("\n").length).toBeLessThanOrEqual(8);
    expect(out).toContain("--verbose lists every statement");
    expect(renderImport(report, plain, { verbose: true }).split("\n").length).toBe(601);
  });

  it("backup writes a copy and names it", async () => {
    const r = await runBackup(
      mem,
      { path: "backups/memory.db" },
      {
        ...files,
        freshPath: (p) => {
          const f = files.freshPath(p);
          mkdirSync(dirname(f), { recursive: true });
          return f;
        },
      },
    );
    expect(existsSync(r.path)).toBe(true);
    expect(renderBackup(r, plain)).toBe(`backup written\npath   ${r.path}\nstore  sqlite`);
  });
});

describe("the grammar", () => {
  const parse = async (argv: string[]) => {
    let inv: Invocation | null = null;
    const program = createProgram("0.0.0", { writeOut: () => {}, writeErr: () => {} }, (i) => {
      inv = i;
    });
    await program.parseAsync(argv, { from: "user" });
    return inv as Invocation | null;
  };
  it.each([
    ["export", "--format", "markdown"],
    ["import", "memory.jsonl"],
    ["backup", "b.db"],
    ["audit", "--since", "7d", "--event", "belief.*"],
    ["audit", "--jsonl", "dir"],
  ])("parses %s", async (...argv) => {
    expect((await parse(argv))?.command).toBe(argv[0]);
  });
  it("refuses an unknown export format before opening the store", async () => {
    await expect(parse(["export", "--format", "csv"])).rejects.toThrow(
      /Allowed choices are json, markdown, jsonl/,
    );
  });
});
