/**
 * Forget reaches the wording sleep made by quoting an item, when other evidence keeps the belief
 * (attacks21). A mixed belief quotes each source's wording ("worked: …; failed: …") and keeps the
 * wordings in `metadata.mixed`; an abstraction lists every child rule's trigger ("WHEN deploying
 * to staging, production or X"). Forgetting one source, or one child, left the canary quoted in
 * the kept belief: its text, metadata, full-text index and vector, and every output reading them.
 * Now the kept belief is worded again from the evidence left; an abstraction with no child left
 * is erased with its last child. On a SQLite file (outputs and file bytes) and on PGlite.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import { SLEEP_RECORD_KEY, sleepRecordOf } from "../../src/core/sleep-record.js";
import { openMemory } from "../../src/open-memory.js";
import { PostgresStore } from "../../src/store/postgres/postgres-store.js";
import { canaryFiles, needlesIn } from "../support/canary.js";
import { HOUR, testClock } from "../support/memory.js";

const WORD = "flumbergasting";
/** The canary, its stem and a tail FTS5 may keep of it. */
const NEEDLES = ["flumbergasting", "flumbergast", "mbergast"];
const found = (text: string) => needlesIn(NEEDLES, text);

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Every output that reads beliefs, as one text. */
async function outputs(mem: Memory, query: string): Promise<string> {
  return JSON.stringify([
    await mem.list({ status: "any", limit: 1000 }),
    await mem.export({ format: "json" }),
    await mem.export({ format: "markdown" }),
    await mem.recall(`${query} ${WORD}`, { k: 20 }),
    await mem.context(`${query} ${WORD}`, { tokenBudget: 2000 }),
    await mem.audit({ limit: 10_000 }),
    await mem.health(),
  ]);
}

const ACTION = "Ran the billing migration with a 5 second lock timeout";

/** A mixed belief over three outcomes, the third worded with the canary; returns its episode. */
async function plantMixed(mem: Memory, clock: ReturnType<typeof testClock>) {
  await mem.record(ACTION, { type: "outcome", outcome: "failure" });
  clock.advance(HOUR);
  await mem.record(ACTION, { type: "outcome", outcome: "success" });
  await mem.consolidate();
  clock.advance(HOUR);
  const canary = await mem.record(`${ACTION} and the ${WORD} flag`, { type: "outcome", outcome: "success" });
  await mem.consolidate();
  const [mixed] = await mem.list({ kind: "fact" });
  expect(mixed).toMatchObject({ layer: "belief", text: expect.stringContaining(WORD) });
  return { canary: canary.id, mixed: mixed!.id };
}

/** Three rules with one action, folded under an abstraction; the third trigger is the canary. */
async function plantRules(mem: Memory, clock: ReturnType<typeof testClock>) {
  const ids: string[] = [];
  for (const place of ["staging", "production", WORD]) {
    ids.push((await mem.capture({ when: `deploying to ${place}`, prefer: "run the smoke tests first" })).id);
    clock.advance(HOUR);
  }
  await mem.consolidate();
  const [parent] = await mem.list({ kind: "rule" });
  expect(parent).toMatchObject({
    text: `WHEN deploying to staging, production or ${WORD} → PREFER run the smoke tests first`,
  });
  return { rules: ids, parent: parent!.id };
}

async function checkMixed(mem: Memory, clock: ReturnType<typeof testClock>) {
  const p = await plantMixed(mem, clock);
  expect(found(await outputs(mem, "billing migration"))).not.toEqual([]);
  const result = await mem.forget(p.canary);
  expect(result.forgotten.map((f) => f.id)).toEqual([p.canary]);
  expect(result.reason).toContain(`reworded ${p.mixed}`);
  expect(found(await outputs(mem, "billing migration"))).toEqual([]);
  // The belief stays, with the tally of the evidence left; recall still finds it.
  const kept = await mem.get(p.mixed);
  expect(kept).toMatchObject({
    status: "active",
    text: `Mixed results: ${ACTION} (1 success, 1 failure)`,
    metadata: { mixed: { wordings: [ACTION.toLowerCase()] } },
  });
  expect((await mem.recall("billing migration lock timeout", { k: 3 }))[0]?.id).toBe(p.mixed);
  expect((await mem.verifyAudit()).ok).toBe(true);
}

async function checkRules(mem: Memory, clock: ReturnType<typeof testClock>) {
  const p = await plantRules(mem, clock);
  const result = await mem.forget(p.rules[2]!);
  expect(result.forgotten.map((f) => f.id)).toEqual([p.rules[2]]);
  expect(found(await outputs(mem, "deploying smoke tests"))).toEqual([]);
  expect(await mem.get(p.parent)).toMatchObject({
    status: "active",
    text: "WHEN deploying to staging or production → PREFER run the smoke tests first",
    when: "deploying to staging or production",
    metadata: { children: [p.rules[0], p.rules[1]], values: ["staging", "production"] },
  });
  // Its last children forgotten, the abstraction is nothing but their words: it goes with them.
  await mem.forget(p.rules[0]!);
  expect(await mem.get(p.parent)).toMatchObject({
    text: "WHEN deploying to production → PREFER run the smoke tests first",
  });
  const last = await mem.forget(p.rules[1]!);
  expect(last.forgotten.map((f) => f.id).sort()).toEqual([p.rules[1], p.parent].sort());
  expect(await mem.list({ kind: "rule" })).toEqual([]);
}

/** A belief distilled from two episodes in the words of one: forgetting that one words it by the other. */
async function checkDistilled(mem: Memory, clock: ReturnType<typeof testClock>) {
  const plain = await mem.record("We deploy on Fridays", { type: "observation" });
  clock.advance(HOUR);
  const canary = await mem.record(`We deploy on Fridays, ${WORD}`, { type: "observation" });
  const distilled = await mem.distil([plain.id, canary.id], [`We deploy on Fridays, ${WORD}`]);
  const id = distilled.items.find((i) => i.action === "distilled")!.id;
  expect(await mem.get(id)).toMatchObject({ sources: [plain.id, canary.id] });
  const result = await mem.forget(canary.id);
  expect(result.forgotten.map((f) => f.id)).toEqual([canary.id]);
  expect(found(await outputs(mem, "deploy Fridays"))).toEqual([]);
  expect(await mem.get(id)).toMatchObject({ status: "active", text: "We deploy on Fridays" });
}

/**
 * A belief worded by a clause sleep took out of a longer turn, kept by a paraphrase from another
 * episode: forgetting the turn words it by what is left, and drops the turn's referents with it.
 */
async function checkClause(mem: Memory, clock: ReturnType<typeof testClock>) {
  const plain = await mem.record("I moved house recently", { type: "observation" });
  clock.advance(HOUR);
  const turn = await mem.record(`Long day at work. By the way, I live at ${WORD} Road now.`, {
    type: "observation",
  });
  const distilled = await mem.distil([plain.id, turn.id], [`I live at ${WORD} Road now`]);
  const id = distilled.items.find((i) => i.action === "distilled")!.id;
  const result = await mem.forget(turn.id);
  expect(result.forgotten.map((f) => f.id)).toEqual([turn.id]);
  expect(found(await outputs(mem, "live Road moved house"))).toEqual([]);
  expect(await mem.get(id)).toMatchObject({ status: "active", text: "I moved house recently" });
}

/**
 * A clause sleep took out of a turn whose pronoun names a thing of the turn's earlier sentence
 * ("My flumbergast finally died… Anyway I replaced it with a MacBook Air."): the belief keeps what
 * "it" stood for in sleep's record (`referents`), the canary. Another turn says the clause again, so the
 * belief rests on both; forgetting the first turn keeps the belief, worded by the second, and its
 * referents (that turn's words) go with the turn. Made by the real consolidation, not `distil`.
 */
async function checkReferents(mem: Memory, clock: ReturnType<typeof testClock>) {
  const CANARY = "flumbergast";
  const turn = await mem.record(
    `My ${CANARY} finally died last month. Anyway I replaced it with a MacBook Air.`,
  );
  clock.advance(HOUR);
  const again = await mem.record("I replaced it with a MacBook Air.");
  clock.advance(HOUR);
  await mem.consolidate();
  const clause = (await mem.list({ kind: "fact", limit: 100 })).find(
    (b) => b.layer === "belief" && b.text === "I replaced it with a MacBook Air.",
  );
  // The premise: sleep resolved "it" from the turn before, and the belief rests on both turns.
  expect(clause).toMatchObject({
    status: "active",
    sources: [turn.id, again.id],
    metadata: { [SLEEP_RECORD_KEY]: { referents: [{ pronoun: "it", referent: `My ${CANARY}` }] } },
  });
  expect(found(await outputs(mem, "replaced laptop MacBook"))).not.toEqual([]);
  const result = await mem.forget(turn.id);
  expect(result.forgotten.map((f) => f.id)).toContain(turn.id);
  expect(result.reason).toContain(`reworded ${clause!.id}`);
  expect(found(await outputs(mem, `replaced MacBook ${CANARY}`))).toEqual([]);
  const kept = await mem.get(clause!.id);
  expect(kept).toMatchObject({
    status: "active",
    text: "I replaced it with a MacBook Air.",
    sources: [turn.id, again.id],
  });
  expect(sleepRecordOf(kept.metadata)).not.toHaveProperty("referents");
  expect(JSON.stringify(kept.metadata)).not.toMatch(new RegExp(CANARY, "i"));
  expect((await mem.recall("What did I replace with a MacBook Air?", { k: 3 })).map((h) => h.id)).toContain(
    clause!.id,
  );
  expect((await mem.verifyAudit()).ok).toBe(true);
}

/** Every file in the store's folder that holds a needle. */
const grepFiles = (dir: string) =>
  canaryFiles(
    readdirSync(dir).map((f) => join(dir, f)),
    NEEDLES,
  );

describe("forget reaches a kept belief that quoted the item (SQLite file)", () => {
  for (const [name, check] of [
    ["a mixed belief quoting a forgotten outcome", checkMixed],
    ["an abstraction listing a forgotten rule's trigger", checkRules],
    ["a distilled belief worded by the forgotten episode", checkDistilled],
    ["a distilled belief worded by a clause of the forgotten turn", checkClause],
    ["a clause whose pronoun's referent sleep took from the forgotten turn", checkReferents],
  ] as const)
    it(`${name}: no output and no byte of the files holds the canary`, async () => {
      const dir = mkdtempSync(join(tmpdir(), "strata-forget-derived-"));
      dirs.push(dir);
      const clock = testClock();
      const mem = await openMemory({ path: join(dir, "memory.db"), clock, policy: { auditContent: true } });
      try {
        await check(mem, clock);
        expect(grepFiles(dir)).toEqual({});
      } finally {
        await mem.close();
      }
      expect(grepFiles(dir)).toEqual({});
    }, 120_000);
});

describe("the rewording reads no other namespace (forged metadata, through the store port)", () => {
  it("a caller's metadata naming another namespace's items as mixed evidence or children quotes none of them", async () => {
    const clock = testClock();
    const mem = await openMemory({ path: ":memory:", clock });
    const victim = mem.withNamespace("victim");
    const secret = await victim.record(`The victim's vault code is ${WORD}`, {
      type: "outcome",
      outcome: "success",
    });
    const secretRule = await victim.capture({ when: `opening the ${WORD} vault`, prefer: "call security" });
    const own = await mem.record("Ran the backup job", { type: "outcome", outcome: "failure" });
    const other = await mem.record("Ran the backup job twice", { type: "outcome", outcome: "success" });
    const forged = await mem.remember("Ran the backup job (forged tally)", {
      sources: [own.id, other.id],
      metadata: { mixed: { successes: [secret.id, other.id], failures: [own.id], wordings: [] } },
    });
    const parent = await mem.remember("Back up before every deploy (forged abstraction)", {
      sources: [own.id, other.id],
      metadata: { abstraction: true, children: [secretRule.id, own.id] },
    });
    expect([forged.stored, parent.stored]).toEqual([true, true]);
    // The sources sleep's own writes carry, so the forget reads the metadata as sleep's. A caller
    // cannot write them (forged-provenance.test.ts): set through the store port, as a damaged or
    // hand-made store would hold them.
    await mem.store.transaction(async (tx) => {
      await tx.updateBelief(forged.id, { source: "distilled" });
      await tx.updateBelief(parent.id, { source: "abstraction" });
    });
    expect([
      await mem.store.getBelief(forged.id, mem.namespace),
      await mem.store.getBelief(parent.id, mem.namespace),
    ]).toMatchObject([{ source: "distilled" }, { source: "abstraction" }]);
    await mem.forget(own.id);
    const out = JSON.stringify([
      await mem.get(forged.id),
      await mem.get(parent.id),
      await mem.export({ format: "json" }),
    ]);
    expect(found(out)).toEqual([]);
    // The victim's items are untouched.
    expect(await victim.get(secret.id)).toMatchObject({
      status: "active",
      content: expect.stringContaining(WORD),
    });
    expect(await victim.get(secretRule.id)).toMatchObject({ status: "active" });
    await mem.close();
  });
});

describe("forget reaches a kept belief that quoted the item (PGlite)", () => {
  it("a mixed belief, an abstraction and a clause's referents, worded again; the tsvector follows", async () => {
    const [{ PGlite }, { vector }] = await Promise.all([
      import("@electric-sql/pglite"),
      import("@electric-sql/pglite-pgvector"),
    ]);
    const pglite = await PGlite.create({ extensions: { vector } });
    const store = await PostgresStore.open({ pglite, schema: "forget_derived" });
    const clock = testClock();
    const mem = await openMemory({ store, clock, policy: { auditContent: true } });
    try {
      await checkMixed(mem, clock);
      await checkRules(mem.withNamespace("rules"), clock);
      await checkReferents(mem.withNamespace("referents"), clock);
      const rows = await pglite.query<{ n: number }>(
        `SELECT count(*) AS n FROM forget_derived.beliefs WHERE tsv @@ to_tsquery('english', '${WORD}') OR text ILIKE '%${WORD}%' OR metadata::text ILIKE '%flumbergast%'`,
      );
      expect(Number(rows.rows[0]!.n)).toBe(0);
    } finally {
      await mem.close();
      await pglite.close();
    }
  }, 180_000);
});
