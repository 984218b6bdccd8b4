/** Test support: a memory over a real SQLite store with a clock the test moves by hand. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Memory } from "../../src/core/engine.js";
import { loadTagger } from "../../src/core/judge/tagger.js";
import { withSourceWords } from "../../src/core/kept-content.js";
import type { BeliefKind } from "../../src/core/model.js";
import { DISTILLED_SOURCE } from "../../src/core/vocabulary.js";
import { type OpenMemoryOptions, openMemory } from "../../src/open-memory.js";

export interface TestClock {
  now(): Date;
  /** Moves the clock forward. */
  advance(ms: number): void;
  set(iso: string): void;
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export function testClock(start = "2027-01-01T00:00:00.000Z"): TestClock {
  let t = Date.parse(start);
  return {
    now: () => new Date(t),
    advance: (ms) => {
      t += ms;
    },
    set: (iso) => {
      t = Date.parse(iso);
    },
  };
}

/**
 * A clock that moves on by itself: every read is `stepMs` later than the one before, so each write
 * gets its own time without the test advancing anything.
 *
 *   const clock = steppingClock("2026-03-01T09:00:00.000Z"); clock.now(); // 09:01, then 09:02 …
 */
export function steppingClock(start: string, stepMs = 60_000): { now(): Date } {
  let t = Date.parse(start);
  return {
    now: () => {
      t += stepMs;
      return new Date(t);
    },
  };
}

export function tempDbPath(name = "memory.db"): string {
  return join(mkdtempSync(join(tmpdir(), "strata-test-")), name);
}

export async function testMemory(
  options: Partial<OpenMemoryOptions> & { file?: boolean } = {},
): Promise<{ mem: Memory; clock: TestClock; path: string }> {
  const clock = (options.clock as TestClock | undefined) ?? testClock();
  const path = options.path ?? (options.file ? tempDbPath() : ":memory:");
  const mem = await openMemory({ ...options, path, clock });
  return { mem, clock, path };
}

/**
 * A chat recorded turn by turn, each on its day (the clock and the event time move together from
 * `start`), then one `consolidate()`: what an agent's store holds after a night's sleep.
 *
 *   const mem = await sleptChat([{ text: "I live in Denver", day: 0 }, { text: "I moved to Portland", day: 20 }]);
 */
export async function sleptChat(
  turns: readonly { text: string; day: number }[],
  start = "2027-01-01",
): Promise<Memory> {
  const { mem, clock } = await testMemory();
  let day = 0;
  for (const turn of turns) {
    clock.advance((turn.day - day) * DAY);
    day = turn.day;
    await mem.record(turn.text, { at: new Date(Date.parse(start) + turn.day * DAY).toISOString() });
  }
  await mem.consolidate();
  return mem;
}

/** One turn of `sleptTurns`' chat: its words, its speaker ("user" unless it says) and its namespace. */
export interface ChatTurn {
  text: string;
  actor?: string;
  namespace?: string;
}

/**
 * A chat of turns five days apart from 5 January 2026, each an observation by its speaker ("user"
 * unless it says) in its day's session and, if it says, in a namespace of its own, on a clock that
 * stands 90 days after the first, then one `consolidate()`: the lifts' replays of a chat.
 *
 *   const mem = await sleptTurns([{ text: "Our dog walker is Jasmine" }, { text: "Callum walks him now" }]);
 */
export async function sleptTurns(turns: readonly ChatTurn[]): Promise<Memory> {
  const start = Date.parse("2026-01-05T09:00:00.000Z");
  const mem = await openMemory({
    path: ":memory:",
    clock: { now: () => new Date(start + 90 * DAY) },
    actor: "test",
  });
  for (const [i, t] of turns.entries()) {
    const at = new Date(start + i * 5 * DAY).toISOString();
    const m = t.namespace ? mem.withNamespace(t.namespace) : mem;
    await m.record(t.text, { type: "observation", actor: t.actor ?? "user", at, session: at.slice(0, 10) });
  }
  await mem.consolidate();
  return mem;
}

/**
 * Writes a belief as sleep distils one, bypassing the write gate: a fact from these turns, valid from
 * the first turn's time, `source: "distilled"`. With `recorded`, it carries what each turn said that
 * it must keep, as sleep records it since the thirty-first session (`SOURCE_WORDS_KEY`; the tagger
 * is loaded for it); without, it is a belief of a store slept before.
 *
 *   const b = await distilledBelief(mem, "Leo goes to bed at 7pm.", [e.id]);
 */
export async function distilledBelief(
  mem: Memory,
  text: string,
  sources: readonly string[],
  options: { recorded?: boolean } = {},
): Promise<string> {
  const [vector] = await mem.embedder.embed([text]);
  const turns = await mem.store.getEpisodes(sources, "default");
  if (options.recorded) await loadTagger();
  return mem.store.transaction((tx) =>
    mem.writes.insertBelief(tx, {
      namespace: "default",
      kind: "fact",
      text,
      validFrom: turns[0]!.at,
      sources: [...sources],
      source: DISTILLED_SOURCE,
      now: mem.writes.now(),
      vector: vector!,
      ...(options.recorded ? { metadata: withSourceWords({}, turns) } : {}),
    }),
  );
}

/**
 * Inserts a belief bypassing the write gate, as an import or another process might have: one hour
 * after the previous one on the test clock, valid from `at`, in namespace `default`.
 *
 *   const a = await seedBelief(mem, clock, "The retry limit is 5", "2026-01-01");
 */
export async function seedBelief(
  mem: Memory,
  clock: TestClock,
  text: string,
  at: string,
  kind: BeliefKind = "fact",
): Promise<string> {
  clock.advance(HOUR);
  const [vector] = await mem.embedder.embed([text]);
  return mem.store.transaction((tx) =>
    mem.writes.insertBelief(tx, {
      namespace: "default",
      kind,
      text,
      validFrom: new Date(at).toISOString(),
      sources: [],
      source: "seed",
      now: mem.writes.now(),
      vector: vector!,
    }),
  );
}

/** The belief with this id (in `namespace`, default `default`); fails when the id is an episode. */
export async function beliefOf(mem: Memory, id: string, namespace?: string) {
  const item = await mem.get(id, namespace ? { namespace } : {});
  if (item.layer !== "belief") throw new Error(`${id} is an episode, not a belief`);
  return item;
}

/** Where the first hit whose text says `word` ranks in `hits` (-1 when none does): a lift test's reading of a recall. */
export const rankOf = (hits: readonly { text: string }[], word: string): number =>
  hits.findIndex((h) => h.text.includes(word));

/**
 * Four turns about nothing a lift test asks: a pair is then found among other statements, as in a
 * real store, not alone.
 */
export const UNRELATED_TEXTS = [
  "The kitchen tap drips again.",
  "I had a lovely walk by the canal.",
  "Lorna brought round a lemon cake on Sunday.",
  "The telly remote needs new batteries.",
];

/**
 * A lift test's recall: `older`, the four `UNRELATED_TEXTS` and `newer` (a turn, so it may carry
 * another speaker or namespace), slept (`sleptTurns`), then `question` asked for 10 hits; the store
 * is closed before the hits are returned.
 *
 *   const hits = await recalledBesideUnrelated(OLDER, { text: NEWER }, "Who gives me a cut?");
 */
export async function recalledBesideUnrelated(older: string, newer: ChatTurn, question: string) {
  const mem = await sleptTurns([{ text: older }, ...UNRELATED_TEXTS.map((text) => ({ text })), newer]);
  try {
    return await mem.recall(question, { k: 10 });
  } finally {
    await mem.close?.();
  }
}
