/**
 * Forget wins over a session wrap in flight (attacks20). `prepareWrap` hands the agent a package
 * (the wrap's frozen episodes, the digest, the patterns); the agent compresses it and calls
 * `saveContinuity` later, possibly after another process forgot an item the package showed. The
 * saved digest must not write that item back: forget cancels the open wrap whose package showed
 * it (its save is refused, nothing changed, and `prepareWrap` hands a package without it), and a
 * save drops every line that names a forgotten episode, as forget would have had it come after.
 *
 * Two engines on one SQLite file, as `strata forget` in another shell would hold it.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import { openMemory } from "../../src/open-memory.js";
import { HOUR, tempDbPath, testClock } from "../support/memory.js";
import { storeSnapshot } from "../support/store-snapshot.js";

const CANARY = "the door code is zqxj4821";
const open: Memory[] = [];
afterEach(async () => {
  for (const m of open.splice(0)) await m.close();
});

async function two(): Promise<{ a: Memory; b: Memory; path: string; clock: ReturnType<typeof testClock> }> {
  const path = tempDbPath();
  const clock = testClock("2027-01-05T00:00:00.000Z");
  const a = await openMemory({ path, clock });
  open.push(a);
  const b = await openMemory({ path, clock });
  open.push(b);
  return { a, b, path, clock };
}

const digest = (line: string) =>
  `## State\n- Working on the release\n\n## Patterns\n\n## Decisions\n- Keep the release on Thursdays\n\n## Context\n${line}\n`;

/** Every text the namespace shows: items, continuity and its versions, recall, context, export. */
async function everything(mem: Memory): Promise<string> {
  return JSON.stringify([
    await mem.list({ layer: "episode", status: "any", limit: 1000 }),
    await mem.list({ layer: "belief", status: "any", limit: 1000 }),
    await mem.continuity(),
    await mem.continuityHistory(),
    await mem.recall("door code"),
    await mem.context("door code"),
    await mem.export({ format: "json" }),
  ]);
}

describe("forget while a wrap is open (another connection)", () => {
  it("a frozen episode forgotten: the save is refused with nothing changed, and the next wrap leaves it out", async () => {
    const { a, b, path, clock } = await two();
    const secret = (await a.record(`For the record, ${CANARY}`)).id;
    clock.advance(HOUR);
    const other = (await a.record("The release train leaves on Thursdays")).id;
    const wrap = await a.prepareWrap();
    expect(wrap.package).toContain("zqxj4821");
    await b.forget(secret);
    const before = await storeSnapshot(a, path);
    const save = a.saveContinuity(
      digest(`- ${CANARY} [evidence: ${secret}]\n- release on Thursdays [evidence: ${other}]`),
      {
        token: wrap.token!,
      },
    );
    await expect(save).rejects.toMatchObject({
      code: "WRAP_NOT_PREPARED",
      message: expect.stringContaining("was cancelled when an item its package showed was forgotten"),
    });
    expect(await storeSnapshot(a, path)).toEqual(before);
    const again = await a.prepareWrap();
    expect(again.token).not.toBe(wrap.token);
    expect(again.package).not.toContain("zqxj");
    expect(again.package).toContain("Thursdays");
    const saved = await a.saveContinuity(digest(`- release on Thursdays [evidence: ${other}]`), {
      token: again.token!,
    });
    expect(saved.saved).toBe(true);
    for (const m of [a, b]) expect(await everything(m)).not.toContain("zqxj");
  });

  it("a line naming an episode forgotten before the wrap was prepared is redacted on save", async () => {
    const { a, b, clock } = await two();
    const secret = (await a.record(`For the record, ${CANARY}`)).id;
    const first = await a.prepareWrap();
    await a.saveContinuity(digest(`- release notes [evidence: ${secret}]`), { token: first.token! });
    await b.forget(secret);
    clock.advance(HOUR);
    const next = (await a.record("The release train leaves on Thursdays")).id;
    const wrap = await a.prepareWrap();
    expect(wrap.package).not.toContain("zqxj");
    // The agent still holds the old text (its own context) and cites the forgotten episode.
    const saved = await a.saveContinuity(
      digest(`- ${CANARY} [evidence: ${secret}]\n- release on Thursdays [evidence: ${next}]`),
      { token: wrap.token! },
    );
    expect(saved.text).not.toContain("zqxj");
    expect(saved.text).toContain("- [redacted: forgotten]");
    expect(saved.text).toContain("release on Thursdays");
    for (const m of [a, b]) expect(await everything(m)).not.toContain("zqxj");
  });

  it("a forget the open wrap never showed leaves it open", async () => {
    const { a, b, clock } = await two();
    const first = (await a.record("A zebra crossed the car park")).id;
    const w1 = await a.prepareWrap();
    await a.saveContinuity(digest("- lunch at noon"), { token: w1.token! });
    clock.advance(HOUR);
    const e = (await a.record("The release train leaves on Thursdays")).id;
    const wrap = await a.prepareWrap();
    await b.forget(first);
    const saved = await a.saveContinuity(digest(`- release on Thursdays [evidence: ${e}]`), {
      token: wrap.token!,
    });
    expect(saved.saved).toBe(true);
  });
});
