/**
 * `OTHER_LANGUAGES_FUNCTION_WORDS` in the full-text search (words53): a question written in Sheng
 * or Vietnamese finds the statements that share its content words, not every statement that shares
 * its copula ("ni"), its associative ("ya") or its preposition ("kwa", "của", "ở"). SQLite cold
 * (FTS5) and warm (the in-process index), and PostgreSQL (real server, `DATABASE_URL`) alike.
 */

import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClock } from "../../test/support/memory.js";
import { schemasDroppedAfterAll } from "../../test/support/pg-schemas.js";
import type { StoreReader } from "../core/ports.js";
import { queryTerms } from "../core/text.js";
import { openMemory } from "../open-memory.js";
import { PostgresStore } from "./postgres/postgres-store.js";
import { SqliteStore } from "./sqlite/sqlite-store.js";

const STATEMENTS = [
  "Kodi ya duka ni 30k kwa mwezi",
  "Chama yetu ni ya wamama, tunakutana kwa Mama Njeri",
  "Insurance ya Shark iko na Jubilee",
  "Tiệm của chị ở Bellaire",
  "Con của anh Khang học ở Houston",
];

const QUESTIONS: [string, string[]][] = [
  ["tunalipa kodi ngapi kwa duka", ["Kodi ya duka ni 30k kwa mwezi"]],
  ["insurance ya Shark ni ya kampuni gani", ["Insurance ya Shark iko na Jubilee"]],
  ["tiệm của chị ở đâu", ["Tiệm của chị ở Bellaire"]],
];

const ACTIVE = { namespaces: ["default"], statuses: ["active" as const] };

async function texts(store: StoreReader, question: string): Promise<string[]> {
  const hits = await store.searchBeliefText(queryTerms(question), ACTIVE, 10);
  return (
    await Promise.all(hits.map(async (h) => (await store.getBelief(h.id, "default"))?.text ?? ""))
  ).sort();
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "strata-words53-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the other languages' function words are no search terms (SQLite)", () => {
  it.each(QUESTIONS)("%j finds %j, cold and warm", async (question, expected) => {
    const path = join(dir, "words.db");
    const mem = await openMemory({ path, clock: testClock("2026-03-05T00:00:00Z") });
    if ((await mem.health()).active === 0)
      await mem.rememberMany(STATEMENTS.map((statement) => ({ statement })));
    await mem.close();
    const cold = SqliteStore.open({ path });
    const warm = SqliteStore.open({ path, coldStart: false });
    try {
      expect(await texts(cold, question)).toEqual(expected);
      expect(await texts(warm, question)).toEqual(expected);
    } finally {
      await cold.close();
      await warm.close();
    }
  });
});

const DATABASE_URL = process.env.DATABASE_URL;
const dropLater = schemasDroppedAfterAll(DATABASE_URL);

describe.skipIf(!DATABASE_URL)("the other languages' function words are no search terms (PostgreSQL)", () => {
  it("each question finds only the statements of its thing", async () => {
    const schema = dropLater(`words53_${process.pid}_${randomBytes(4).toString("hex")}`);
    const writer = await PostgresStore.open({ url: DATABASE_URL!, schema, maxConnections: 2 });
    const mem = await openMemory({ store: writer });
    await mem.rememberMany(STATEMENTS.map((statement) => ({ statement })));
    await mem.close();
    const store = await PostgresStore.open({ url: DATABASE_URL!, schema, maxConnections: 2 });
    try {
      for (const [question, expected] of QUESTIONS) expect(await texts(store, question)).toEqual(expected);
    } finally {
      await store.close();
    }
  });
});
