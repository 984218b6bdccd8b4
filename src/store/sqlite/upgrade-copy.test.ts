/**
 * Opening a store an older Strata wrote upgrades it in place, and the upgrade is one-way: the
 * older Strata then refuses the file (`SCHEMA_TOO_NEW`). Before newcomer38 the first command to
 * open it — `strata stats` too — upgraded it silently and kept nothing, so a newcomer trying a new
 * version had no way back. Now the file as it was is copied beside it first
 * (`<store>.schema-<N>.bak`, 0600), the upgrade is reported (`onUpgrade`), and the CLI says both.
 *
 * The older store: one this Strata wrote, its marker set back to 9. Migration 10 is `SELECT 1;`
 * and a fill that moves sleep's older top-level fields (none here), so the file is what schema 9
 * wrote; a store written by the older commit itself was checked by hand (docs/evaluation.md,
 * newcomer38).
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderForget } from "../../cli/commands/lifecycle.js";
import { runMain } from "../../cli/main.js";
import { plain } from "../../cli/style.js";
import { openMemory } from "../../open-memory.js";
import { SCHEMA_VERSION } from "./sqlite-schema.js";
import type { StoreUpgrade } from "./sqlite-store.js";
import { upgradeCopiesOf, upgradeCopyPath } from "./upgrade-copy.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "strata-upgrade-"));
});
afterEach(() => vi.restoreAllMocks());

const OLDER = SCHEMA_VERSION - 1;

const schemaOf = (file: string): number => {
  const db = new Database(file, { readonly: true });
  try {
    return Number(
      (db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() as { value: string }).value,
    );
  } finally {
    db.close();
  }
};
const beliefTexts = (file: string): string[] => {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare("SELECT text FROM beliefs ORDER BY rowid").all() as { text: string }[]).map(
      (r) => r.text,
    );
  } finally {
    db.close();
  }
};

/** A store at the schema before this Strata's, holding a superseded fact and its successor. */
async function olderStore(name = "m.db"): Promise<string> {
  const file = join(dir, name);
  const mem = await openMemory({ path: file, lexicon: null });
  await mem.remember("The API rate limit is 100 requests per minute");
  await mem.remember("The API rate limit is now 250 requests per minute");
  await mem.close();
  const db = new Database(file);
  db.prepare("UPDATE meta SET value = ? WHERE key = 'schema_version'").run(String(OLDER));
  db.close();
  return file;
}

describe("opening an older Strata's store keeps a copy of it as it was", () => {
  it("copies the file beside it (0600, at its old schema, every row) before upgrading it, and says so once", async () => {
    const file = await olderStore();
    const before = beliefTexts(file);
    const heard: StoreUpgrade[] = [];
    const mem = await openMemory({ path: file, lexicon: null, onUpgrade: (u) => heard.push(u) });
    expect((await mem.stats()).beliefs.total).toBe(2);
    await mem.close();
    const copy = `${file}.schema-${OLDER}.bak`;
    expect(heard).toEqual([{ path: file, from: OLDER, to: SCHEMA_VERSION, copy }]);
    expect(schemaOf(file)).toBe(SCHEMA_VERSION);
    expect(schemaOf(copy)).toBe(OLDER);
    expect(beliefTexts(copy)).toEqual(before);
    expect(statSync(copy).mode & 0o777).toBe(0o600);

    // Opened again: already upgraded, so no second copy and nothing said.
    const again: StoreUpgrade[] = [];
    await (await openMemory({ path: file, lexicon: null, onUpgrade: (u) => again.push(u) })).close();
    expect(again).toEqual([]);
    expect(() => statSync(`${file}.schema-${OLDER}.2.bak`)).toThrow();
  });

  it("a new store, and one already at this schema, is not copied", async () => {
    const file = join(dir, "new.db");
    const heard: StoreUpgrade[] = [];
    const mem = await openMemory({ path: file, lexicon: null, onUpgrade: (u) => heard.push(u) });
    await mem.remember("The retry limit is 5");
    await mem.close();
    await (await openMemory({ path: file, lexicon: null, onUpgrade: (u) => heard.push(u) })).close();
    expect(heard).toEqual([]);
    for (let v = 0; v <= SCHEMA_VERSION; v++) expect(() => statSync(`${file}.schema-${v}.bak`)).toThrow();
  });

  it("a copy an earlier upgrade kept is never overwritten: the next name is taken", async () => {
    const file = await olderStore();
    const earlier = `${file}.schema-${OLDER}.bak`;
    writeFileSync(earlier, "an earlier copy");
    const heard: StoreUpgrade[] = [];
    await (await openMemory({ path: file, lexicon: null, onUpgrade: (u) => heard.push(u) })).close();
    expect(readFileSync(earlier, "utf8")).toBe("an earlier copy");
    expect(heard.map((u) => u.copy)).toEqual([`${file}.schema-${OLDER}.2.bak`]);
    expect(schemaOf(`${file}.schema-${OLDER}.2.bak`)).toBe(OLDER);
  });

  it("a copy that cannot be written refuses the upgrade and changes nothing", async () => {
    // A store name the copy's suffix takes past the file system's 255-byte limit (ENAMETOOLONG).
    const file = await olderStore(`${"m".repeat(240)}.db`);
    const error = await openMemory({ path: file, lexicon: null }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: "STORE_UNAVAILABLE",
      details: { reason: "upgrade-copy", from: OLDER, to: SCHEMA_VERSION },
    });
    expect((error as Error).message).toMatch(/could not be kept .* Nothing was changed/);
    expect(schemaOf(file)).toBe(OLDER);
  });

  it("an upgrade that fails after its copy was kept rolls back and removes the copy: no stray copy of every text", async () => {
    const file = await olderStore();
    // The upgrade's last step fails (as a full disk or a failing constraint would): the store's
    // marker cannot be moved to this schema.
    const db = new Database(file);
    db.exec(
      "CREATE TRIGGER refuse_upgrade BEFORE UPDATE ON meta WHEN NEW.key = 'schema_version' BEGIN SELECT RAISE(ABORT, 'disk full'); END",
    );
    db.close();
    const error = await openMemory({ path: file, lexicon: null }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "STORE_UNAVAILABLE" });
    expect((error as Error).message).toMatch(/disk full/);
    expect(schemaOf(file)).toBe(OLDER);
    expect(beliefTexts(file)).toHaveLength(2);
    expect(upgradeCopiesOf(file)).toEqual([]);
    // A second attempt fails alike and keeps no copy either (no `.2.bak` beside a first).
    await openMemory({ path: file, lexicon: null }).catch(() => undefined);
    expect(upgradeCopiesOf(file)).toEqual([]);
  });

  it("forget names each copy still beside the store: the copy holds the forgotten text, forget does not reach it", async () => {
    const file = await olderStore();
    const mem = await openMemory({ path: file, lexicon: null });
    try {
      const copy = `${file}.schema-${OLDER}.bak`;
      const [first] = await mem.list({ layer: "belief" });
      if (first?.layer !== "belief") throw new Error("expected a belief to forget");
      const r = await mem.forget(first.id);
      expect(r.purge?.skipped).toEqual([
        {
          part: "upgrade copy",
          reason: `${copy} is the store as it was before upgrading it from schema ${OLDER}; forget does not reach it`,
          remedy: `rm ${copy} (once you no longer need to go back to the older Strata)`,
        },
      ]);
      expect(beliefTexts(copy)).toContain(first.text);
      expect(renderForget(r, plain)).toContain(
        `warning: the forgotten text may remain in upgrade copy's files (${copy} is the store as it was before upgrading it from schema ${OLDER}; forget does not reach it); run: rm ${copy}`,
      );
      // Once the copy is deleted, the next forget leaves nothing behind.
      rmSync(copy);
      const later = await mem.record("A note written after the upgrade");
      expect((await mem.forget(later.id)).purge?.skipped).toEqual([]);
    } finally {
      await mem.close();
    }
  });

  // Before newcomer39 the copy could not be declined: a store too large to copy on its disk could
  // not be upgraded at all.
  it("upgradeCopy: false upgrades in place with no copy, and says no copy was kept", async () => {
    const file = await olderStore();
    const heard: StoreUpgrade[] = [];
    const mem = await openMemory({
      path: file,
      lexicon: null,
      upgradeCopy: false,
      onUpgrade: (u) => heard.push(u),
    });
    expect((await mem.stats()).beliefs.total).toBe(2);
    await mem.close();
    expect(heard).toEqual([{ path: file, from: OLDER, to: SCHEMA_VERSION, copy: null }]);
    expect(schemaOf(file)).toBe(SCHEMA_VERSION);
    expect(upgradeCopiesOf(file)).toEqual([]);
  });

  it("a copy that cannot be written says how to upgrade without one", async () => {
    const file = await olderStore(`${"m".repeat(240)}.db`);
    const error = await openMemory({ path: file, lexicon: null }).catch((e: unknown) => e);
    expect((error as Error).message).toContain(
      "open it with upgradeCopy: false — in the CLI STRATA_UPGRADE_COPY=off",
    );
    // …and so upgraded, it opens.
    await (await openMemory({ path: file, lexicon: null, upgradeCopy: false })).close();
    expect(schemaOf(file)).toBe(SCHEMA_VERSION);
  });

  it.each([
    [[], "m.db.schema-9.bak"],
    [["m.db.schema-9.bak"], "m.db.schema-9.2.bak"],
    [["m.db.schema-9.bak", "m.db.schema-9.2.bak"], "m.db.schema-9.3.bak"],
    [["m.db.schema-8.bak"], "m.db.schema-9.bak"],
  ])("upgradeCopyPath with %j taken → %s", (taken, name) => {
    expect(upgradeCopyPath("m.db", 9, (p) => taken.includes(p))).toBe(name);
  });
});

describe("the CLI says the upgrade and where the copy is", () => {
  function capture(): { out: string[]; err: string[] } {
    const out: string[] = [];
    const err: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((c) => out.push(String(c)) > 0);
    vi.spyOn(process.stderr, "write").mockImplementation((c) => err.push(String(c)) > 0);
    return { out, err };
  }

  it("strata stats on an older store: its answer, then one line on stderr naming the copy", async () => {
    const file = await olderStore();
    const { out, err } = capture();
    expect(await runMain(["--db", file, "stats"])).toBe(0);
    expect(out.join("")).toMatch(/beliefs\s+2/);
    expect(err.join("")).toBe(
      `strata: upgraded the store at ${file} from schema ${OLDER} to ${SCHEMA_VERSION} (once; an older Strata cannot open it now). The file as it was is kept at ${file}.schema-${OLDER}.bak: an older Strata opens that copy. Delete it when you no longer need to go back (it keeps what it held; forget cannot erase it; STRATA_UPGRADE_COPY=off upgrades without one).\n`,
    );
    err.length = 0;
    expect(await runMain(["--db", file, "stats"])).toBe(0);
    expect(err).toEqual([]);
  });

  it("--json and --quiet: the copy is kept, nothing on stderr, stdout one JSON document", async () => {
    const file = await olderStore();
    const { out, err } = capture();
    expect(await runMain(["--db", file, "stats", "--json"])).toBe(0);
    expect(JSON.parse(out.join("")).beliefs.total).toBe(2);
    expect(err).toEqual([]);
    expect(schemaOf(`${file}.schema-${OLDER}.bak`)).toBe(OLDER);
    const quiet = await olderStore("q.db");
    expect(await runMain(["--db", quiet, "stats", "--quiet"])).toBe(0);
    expect(err).toEqual([]);
  });
});

describe("the CLI upgrades without a copy when told to: STRATA_UPGRADE_COPY, then the settings file", () => {
  afterEach(() => {
    delete process.env.STRATA_UPGRADE_COPY;
    delete process.env.STRATA_CONFIG;
  });
  const run = async (argv: string[]) => {
    const err: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    vi.spyOn(process.stderr, "write").mockImplementation((c) => err.push(String(c)) > 0);
    const code = await runMain(argv);
    vi.restoreAllMocks();
    return { code, err: err.join("") };
  };
  const settings = (upgradeCopy: boolean) => {
    const path = join(dir, `settings-${upgradeCopy}.json`);
    writeFileSync(path, JSON.stringify({ upgradeCopy }));
    return path;
  };

  it.each([
    // [STRATA_UPGRADE_COPY, the settings file's upgradeCopy, a copy kept]
    ["off", undefined, false],
    ["OFF", undefined, false],
    ["0", undefined, false],
    [undefined, false, false],
    ["", false, false], // an empty variable is as if unset
    ["on", false, true], // the environment wins over the file
    [undefined, true, true],
    [undefined, undefined, true], // the default
  ] as const)("STRATA_UPGRADE_COPY=%s, upgradeCopy %s: copy kept %s", async (variable, file, kept) => {
    const store = await olderStore();
    if (variable !== undefined) process.env.STRATA_UPGRADE_COPY = variable;
    const argv =
      file === undefined ? ["--db", store, "stats"] : ["--config", settings(file), "--db", store, "stats"];
    const { code, err } = await run(argv);
    expect(code).toBe(0);
    expect(schemaOf(store)).toBe(SCHEMA_VERSION);
    expect(upgradeCopiesOf(store).length > 0).toBe(kept);
    expect(err).toContain(
      kept
        ? `The file as it was is kept at ${store}.schema-${OLDER}.bak`
        : "No copy of the file as it was was kept (STRATA_UPGRADE_COPY=off, or upgradeCopy: false in the settings file).",
    );
  });

  it("a value that is neither on nor off is a usage error, and the store is left as it was", async () => {
    const store = await olderStore();
    process.env.STRATA_UPGRADE_COPY = "maybe";
    const { code, err } = await run(["--db", store, "stats"]);
    expect(code).toBe(2);
    expect(err).toContain('STRATA_UPGRADE_COPY must be on or off (got "maybe")');
    expect(schemaOf(store)).toBe(OLDER);
  });
});

describe("strata doctor names a copy an upgrade kept, until it is deleted", () => {
  const checks = async (file: string) => {
    const out: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((c) => out.push(String(c)) > 0);
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    expect(await runMain(["--db", file, "doctor", "--json"])).toBe(0);
    vi.restoreAllMocks();
    return (
      JSON.parse(out.join("")) as { checks: { name: string; status: string; detail: string; fix?: string }[] }
    ).checks;
  };

  it("warns of the copy beside an upgraded store, with the command that removes it", async () => {
    const file = await olderStore();
    await (await openMemory({ path: file, lexicon: null })).close();
    const copy = `${file}.schema-${OLDER}.bak`;
    const found = (await checks(file)).filter((c) => c.name === "upgrade copy");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      status: "warn",
      fix: `rm ${copy} once you no longer need to go back to the older Strata`,
    });
    expect(found[0]!.detail).toContain(`${copy} (`);
    expect(found[0]!.detail).toContain(`at schema ${OLDER}`);
  });

  it("a store with no copy beside it, or files that only look like one, gets no such check", async () => {
    const file = join(dir, "m.db");
    const mem = await openMemory({ path: file, lexicon: null });
    await mem.remember("The retry limit is 5");
    await mem.close();
    for (const other of ["m.db.schema-x.bak", "other.db.schema-9.bak", "m.db.schema-9.bak.old", "m.db.bak"])
      writeFileSync(join(dir, other), "not a copy");
    expect((await checks(file)).map((c) => c.name)).not.toContain("upgrade copy");
  });

  it("upgradeCopiesOf lists a store's copies by schema, then by their number", () => {
    for (const name of [
      "m.db.schema-9.2.bak",
      "m.db.schema-9.bak",
      "m.db.schema-8.bak",
      "mm.db.schema-7.bak",
    ])
      writeFileSync(join(dir, name), "");
    expect(upgradeCopiesOf(join(dir, "m.db"))).toEqual([
      { copy: join(dir, "m.db.schema-8.bak"), schema: 8 },
      { copy: join(dir, "m.db.schema-9.bak"), schema: 9 },
      { copy: join(dir, "m.db.schema-9.2.bak"), schema: 9 },
    ]);
  });
});
