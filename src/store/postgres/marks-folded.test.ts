/**
 * `MARKS_FOLDED_IN_FULL_TEXT` on PostgreSQL (real server, `DATABASE_URL`): the store's default text
 * index (`textIndex: "auto"`, FTS5's tokenizer reproduced in process) reads a question typed without
 * marks and a statement typed with them as the same words, for letters with one mark and with two
 * (Vietnamese "Nẵng", "Nguyễn"). The index is built from the rows when a namespace is first searched,
 * so rows written before the change are found with no migration. `textIndex: "tsvector"` ranks with
 * PostgreSQL's `to_tsvector('english', …)`, which folds no mark at all: not changed here.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { schemasDroppedAfterAll } from "../../../test/support/pg-schemas.js";
import { beliefTextsFound } from "../../../test/support/text-found.js";
import { openMemory } from "../../open-memory.js";
import { PostgresStore } from "./postgres-store.js";

const DATABASE_URL = process.env.DATABASE_URL;
const dropLater = schemasDroppedAfterAll(DATABASE_URL);

describe.skipIf(!DATABASE_URL)("MARKS_FOLDED_IN_FULL_TEXT (PostgreSQL, textIndex auto)", () => {
  it("finds a statement typed with marks by a question typed without, and back", async () => {
    const schema = dropLater(`marks_${process.pid}_${randomBytes(4).toString("hex")}`);
    const writer = await PostgresStore.open({ url: DATABASE_URL!, schema, maxConnections: 2 });
    const mem = await openMemory({ store: writer });
    await mem.rememberMany(
      [
        "We moved the salon to Đà Nẵng last spring",
        "My accountant is Nguyễn Thị Hồng now",
        "Our usual café is on Rua Augusta in São Paulo",
        "Nguyen Van Minh fixes the salon's chairs",
        "The choir practises in the parish hall on Thursdays",
      ].map((statement) => ({ statement })),
    );
    await mem.close();

    const store = await PostgresStore.open({ url: DATABASE_URL!, schema, maxConnections: 2 });
    try {
      const texts = (question: string) => beliefTextsFound(store, question);
      expect(await texts("where is the salon in Da Nang")).toContain(
        "We moved the salon to Đà Nẵng last spring",
      );
      const nguyen = await texts("who is Nguyen");
      expect(nguyen).toEqual([
        "My accountant is Nguyễn Thị Hồng now",
        "Nguyen Van Minh fixes the salon's chairs",
      ]);
      expect(await texts("who is Nguyễn")).toEqual(nguyen);
      expect(await texts("which cafe in Sao Paulo")).toEqual([
        "Our usual café is on Rua Augusta in São Paulo",
      ]);
      expect(await texts("Da")).toEqual([]); // "đ" has no mark to take off
    } finally {
      await store.close();
    }
  });
});
