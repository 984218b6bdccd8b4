/**
 * `HYPHEN_JOINED` (core/text.ts `queryTerms`) on PostgreSQL (real server, `DATABASE_URL`), the default
 * text index (`textIndex: "auto"`): a question that writes a word with hyphens finds a statement that
 * wrote it together, as on SQLite (../sqlite/hyphen-joined.test.ts); the joined word is one more term
 * of the query, so rows written before are found with no migration.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { schemasDroppedAfterAll } from "../../../test/support/pg-schemas.js";
import { beliefTextsFound } from "../../../test/support/text-found.js";
import { openMemory } from "../../open-memory.js";
import { PostgresStore } from "./postgres-store.js";

const DATABASE_URL = process.env.DATABASE_URL;
const dropLater = schemasDroppedAfterAll(DATABASE_URL);

describe.skipIf(!DATABASE_URL)("HYPHEN_JOINED (PostgreSQL, textIndex auto)", () => {
  it("finds a statement that wrote the word together by a question that wrote it with hyphens", async () => {
    const schema = dropLater(`hyphen_${process.pid}_${randomBytes(4).toString("hex")}`);
    const writer = await PostgresStore.open({ url: DATABASE_URL!, schema, maxConnections: 2 });
    const mem = await openMemory({ store: writer });
    await mem.rememberMany(
      [
        "The matatu fare at midday is 80 bob",
        "Send the invoices by email to Rosa",
        "I pick up my prescriptions at HEB now",
        "The mid-day shuttle leaves from the stage",
        "The choir practises in the parish hall on Thursdays",
      ].map((statement) => ({ statement })),
    );
    await mem.close();

    const store = await PostgresStore.open({ url: DATABASE_URL!, schema, maxConnections: 2 });
    try {
      const texts = (question: string) => beliefTextsFound(store, question);
      expect(await texts("what about mid-day")).toEqual([
        "The matatu fare at midday is 80 bob",
        "The mid-day shuttle leaves from the stage",
      ]);
      expect(await texts("my e-mail")).toEqual(["Send the invoices by email to Rosa"]);
      expect(await texts("H-E-B")).toEqual(["I pick up my prescriptions at HEB now"]);
      // The other way is not read: "mid-day" is "mid" "day" to the index.
      expect(await texts("midday")).toEqual(["The matatu fare at midday is 80 bob"]);
    } finally {
      await store.close();
    }
  });
});
