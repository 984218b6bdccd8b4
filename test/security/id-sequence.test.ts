/**
 * Known, not fixed (attacks37): ids are numbered per layer across the whole store, so the id a
 * namespace's write is given tells its caller how many items every other namespace made since its
 * last write, and when (a tenant writing once a minute reads the others' write rate). Nothing of
 * what those items say, nor which namespace holds them: an id of another namespace reads as a
 * missing one on every verb (test/security/cross-namespace.test.ts). SECURITY.md ("Ids stay short and
 * sequential") states this and its remedy, one store (a SQLite file or a PostgreSQL schema) per
 * tenant whose activity is sensitive; docs/evaluation.md's attacks37 section weighs a fix.
 *
 * This pins today's numbering, so a change to it fails here and must be taken to SECURITY.md: the
 * second namespace's id follows the first's, and the first namespace's next id counts the second's
 * writes. SQLite file and PostgreSQL.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { memoryBackends } from "../support/backends.js";

for (const backend of memoryBackends("idsequence"))
  describe.skipIf(backend.skip)(`${backend.name}: ids are one sequence per layer for the whole store`, () => {
    it("a namespace's next id counts another namespace's writes in between", async () => {
      const { mem } = await backend.open();
      try {
        const mine = mem.withNamespace("tenant-a");
        const theirs = mem.withNamespace("tenant-b");
        const first = await mine.record("My first note");
        for (const n of [1, 2, 3]) await theirs.record(`Their note ${n}`);
        const next = await mine.record("My second note");
        expect([first.id, next.id]).toEqual(["e1", "e5"]);
        // The same for beliefs: their own sequence, across namespaces alike.
        const belief = await mine.remember("The build runs nightly");
        await theirs.remember("The deploy window is Tuesday");
        const after = await mine.remember("The cache lives in S3");
        expect([belief.id, after.id]).toEqual(["b1", "b3"]);
        // What the id does not give: the other namespace's item, which reads as a missing one.
        await expect(mine.get("e2")).rejects.toMatchObject({ code: "NOT_FOUND" });
      } finally {
        await mem.close();
      }
    });
  });

describe("SECURITY.md states what sequential ids tell a tenant", () => {
  it("the count and timing of the store's other writes, and the remedy", () => {
    const text = readFileSync(new URL("../../SECURITY.md", import.meta.url), "utf8").replace(/\s+/g, " ");
    expect(text).toContain("Ids stay short and sequential");
    expect(text).toMatch(/how many\* items the whole store has made/);
    expect(text).toContain("how many the other namespaces made and when");
    expect(text).toContain("give each tenant its own store");
  });
});
