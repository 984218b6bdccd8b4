import { afterEach, describe, expect, it } from "vitest";
import { HOUR, testMemory } from "../../test/support/memory.js";
import { entryHash, verifyAuditJsonl } from "./audit.js";
import type { Memory } from "./engine.js";
import type { AuditEntry } from "./model.js";

let mem: Memory;
afterEach(async () => {
  await mem?.close();
});

async function seeded(n = 10) {
  const t = await testMemory();
  mem = t.mem;
  for (let i = 0; i < n; i++) {
    await mem.record(`Event ${i}: the ${["queue", "cache", "index", "ledger"][i % 4]} number ${i * 7} moved`);
    t.clock.advance(HOUR);
  }
  const b = await mem.remember("The retry limit is 5");
  await mem.remember("The retry limit is 7");
  await mem.pin(b.id).catch(() => undefined);
  await mem.record("Other tenant", { namespace: "other" });
  return t;
}

describe("mem.audit filters", () => {
  it("filters by since, exact event and event prefix, then limits, oldest first", async () => {
    const { clock } = await seeded();
    const all = await mem.audit({ limit: 1000 });
    const since = all[5]!.at;
    expect((await mem.audit({ since })).map((e) => e.seq)).toEqual(
      all.filter((e) => e.at >= since).map((e) => e.seq),
    );
    const beliefs = await mem.audit({ event: "belief.*" });
    expect(beliefs.length).toBeGreaterThan(0);
    expect(beliefs.every((e) => e.event.startsWith("belief."))).toBe(true);
    expect((await mem.audit({ event: "episode.recorded", limit: 3 })).map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(await mem.audit({ since: clock.now().getTime() + HOUR })).toEqual([]);
    expect((await mem.audit({ namespace: "other", event: "*" })).map((e) => e.namespace)).toEqual(["other"]);
  });

  it.each([
    [{ event: "belief." }, "an event filter is an event name"],
    [{ event: "*.retired" }, "an event filter is an event name"],
    [{ since: "last week" }, "is not a date"],
  ])("refuses %j", async (options, message) => {
    await seeded(1);
    await expect(mem.audit(options)).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: expect.stringContaining(message),
    });
  });
});

describe("audit chain as JSONL files", () => {
  it("splits the chain across files that verify together", async () => {
    await seeded();
    const files = await mem.exportAuditJsonl({ linesPerFile: 4 });
    const entries = (await mem.audit({ limit: 1000 })).length;
    expect(files).toHaveLength(Math.ceil(entries / 4));
    expect(files[0]!.split("\n")[0]).toContain('"type":"strata-audit"');
    expect(verifyAuditJsonl(files)).toMatchObject({
      ok: true,
      files: files.length,
      entries,
      namespaces: 1,
      problems: [],
    });
  });

  it("an empty chain is one header-only file that verifies", async () => {
    ({ mem } = await testMemory());
    const files = await mem.exportAuditJsonl();
    expect(files).toHaveLength(1);
    expect(verifyAuditJsonl(files).ok).toBe(true);
  });

  const tamper = (files: string[], file: number, line: number, edit: (entry: AuditEntry) => AuditEntry) => {
    const lines = files[file]!.split("\n");
    lines[line] = JSON.stringify(edit(JSON.parse(lines[line]!) as AuditEntry));
    return files.map((f, i) => (i === file ? lines.join("\n") : f));
  };
  const problems = (files: string[]) =>
    verifyAuditJsonl(files).problems.map((p) => `${p.file}:${p.line} ${p.problem}`);

  it.each<[string, (files: string[]) => string[], RegExp]>([
    [
      "an edited entry in a middle file",
      (f) => tamper(f, 1, 2, (e) => ({ ...e, event: "belief.pinned" })),
      /^2:3 tampered: hash/,
    ],
    [
      "an edited entry with its hash recomputed (the next link breaks)",
      (f) =>
        tamper(f, 1, 2, (e) => ({
          ...e,
          event: "belief.pinned",
          hash: entryHash({ ...e, event: "belief.pinned" }),
        })),
      /broken-link/,
    ],
    [
      "a removed line in a middle file",
      (f) => f.map((x, i) => (i === 1 ? x.split("\n").toSpliced(2, 1).join("\n") : x)),
      /gap: expected seq/,
    ],
    [
      "two lines swapped",
      (f) =>
        f.map((x, i) => {
          if (i !== 1) return x;
          const l = x.split("\n");
          [l[1], l[2]] = [l[2]!, l[1]!];
          return l.join("\n");
        }),
      /gap|broken-link/,
    ],
    ["a dropped middle file", (f) => f.toSpliced(1, 1), /out of order: this is file 3/],
    ["a dropped last file", (f) => f.slice(0, -1), /missing files|truncated/],
    ["a dropped first file", (f) => f.slice(1), /out of order: this is file 2 of \d+, expected file 1/],
    ["two files swapped", (f) => [f[0]!, f[2]!, f[1]!, ...f.slice(3)], /out of order/],
    ["a file that is not an audit file", (f) => [f[0]!, "hello\n", ...f.slice(1)], /not a Strata audit file/],
  ])("reports %s", async (_case, change, expected) => {
    await seeded();
    const files = await mem.exportAuditJsonl({ linesPerFile: 4 });
    expect(files.length).toBeGreaterThanOrEqual(4);
    const report = verifyAuditJsonl(change(files));
    expect(report.ok).toBe(false);
    expect(problems(change(files)).join("\n")).toMatch(expected);
  });
});
