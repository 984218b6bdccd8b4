/**
 * Resource exhaustion by crafted text (attacks18): every place a regex reads text a caller
 * controls must take time in proportion to its length. Each case times a crafted input against a
 * benign one of the same length in the same run and compares the two (a ratio, so a loaded
 * machine slows both); on the code before this pass each crafted input took from 0.8 s to
 * minutes, the benign one milliseconds.
 */
import { Hono } from "hono";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Memory } from "../../src/core/engine.js";
import { taggedRead } from "../../src/core/judge/analysis.js";
import { brokenRuns, loadTagger, tag, WINK_RUN } from "../../src/core/judge/tagger.js";
import { frameOf } from "../../src/core/recall/lifts/state-frames.js";
import { sentencesOf, statementsOfState } from "../../src/core/sleep/chat-turns.js";
import { withoutPhatic } from "../../src/core/sleep/dialogue-acts.js";
import { analyseEcho } from "../../src/core/text.js";
import { queryInput } from "../../src/server/query.js";
import { createDashboard } from "../../src/server/ui/dashboard.js";
import { HOUR, testMemory } from "../support/memory.js";

let mem: Memory | null = null;
afterEach(async () => {
  await mem?.close();
  mem = null;
});

const elapsed = async (f: () => unknown): Promise<number> => {
  const t = performance.now();
  await f();
  return performance.now() - t;
};

/**
 * The least of three timings of `time()`: one run can lose a few hundred ms to a garbage
 * collection or to the scheduler on a loaded machine (a one-sample comparison then fails now and
 * again), while a cost that grows with the input is paid on every run, the fastest included.
 */
const fastest = async (time: () => Promise<number>, runs = 3): Promise<number> => {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) best = Math.min(best, await time());
  return best;
};

/**
 * Times `f` on a benign input and on a crafted one of the same length (the fastest of three runs
 * each), in one test, and expects the crafted one to cost no more than a small multiple (`times`,
 * 20 unless said) of the benign one (plus a floor for timer noise on a loaded machine).
 */
async function expectBounded(
  f: (input: string) => unknown,
  crafted: string,
  benign: string,
  times = 20,
): Promise<void> {
  expect(crafted.length).toBe(benign.length);
  await f(benign); // warm: compile the regexes, load what the call loads
  const good = await fastest(() => elapsed(() => f(benign)));
  const bad = await fastest(() => elapsed(() => f(crafted)));
  expect(bad, `crafted ${bad.toFixed(0)} ms against benign ${good.toFixed(0)} ms`).toBeLessThan(
    times * good + 150,
  );
}

const same = (crafted: string, unit = "the deploy runs nightly ") =>
  unit.repeat(Math.ceil(crafted.length / unit.length)).slice(0, crafted.length);

describe("a continuity digest with a crafted line", () => {
  it("is saved in time in proportion to its length (the heading regex was cubic, inside save's transaction)", async () => {
    // "## " then tabs, a control character, tabs, a lone carriage return: not a heading, and
    // before this pass 1,000 tabs each side took the heading regex 5.7 s (8,000 characters: minutes).
    // U+0001, not NUL: a digest that holds a NUL is refused as unstorable (attacks46), before the regex.
    const crafted = `## ${"\t".repeat(1000)}\u0001${"\t".repeat(1000)}\r\u0001`;
    const benign = `- ${same(crafted).slice(2)}`;
    /** The time of `saveContinuity` alone, in a fresh store with a wrap prepared. */
    const save = async (line: string): Promise<number> => {
      const t = await testMemory();
      try {
        const e = (await t.mem.record("Deploys run on Fridays")).id;
        const wrap = await t.mem.prepareWrap();
        const digest = `## State\n- Deploys run on Fridays\n## Patterns\n## Decisions\n## Context\n- deploy notes [evidence: ${e}]\n${line}\n`;
        const started = performance.now();
        const r = await t.mem.saveContinuity(digest, { token: wrap.token! });
        const ms = performance.now() - started;
        expect(r.saved).toBe(true);
        expect(r.text).toContain(line.slice(0, 40));
        return ms;
      } finally {
        await t.mem.close();
      }
    };
    await save(benign); // warm
    const good = await fastest(() => save(benign));
    const bad = await fastest(() => save(crafted));
    expect(bad, `crafted ${bad.toFixed(0)} ms against benign ${good.toFixed(0)} ms`).toBeLessThan(
      20 * good + 150,
    );
  });
});

describe("the dashboard's trailing-slash redirect, before any sign-in", () => {
  it("answers a path of 16,000 slashes in time in proportion to its length", async () => {
    const t = await testMemory();
    mem = t.mem;
    const app = new Hono().route("/ui", createDashboard({ memory: mem, clock: t.clock, sessionTtlMs: HOUR }));
    const get = async (tail: string) => {
      const res = await app.request(`http://localhost/ui/${tail}`);
      expect(res.status).toBe(301);
      expect(res.headers.get("Location")).toBe(`/ui/${tail.replace(/\/$/, "").replace(/^\/+$/, "")}`);
    };
    // A request line fits in Node's 16 KiB of headers; `/\/+$/` restarted at every slash (0.8 s).
    await expectBounded(get, `${"/".repeat(16_000)}x/`, `${"a".repeat(16_000)}x/`);
  });
});

describe("REST's query-string numbers", () => {
  it("reads a value of 16,000 digits and a stray character in time in proportion to its length", async () => {
    const input = z.object({ k: z.number() });
    const read = (value: string) => {
      // Not a decimal: left as the string, for the schema to refuse.
      expect(queryInput(input, new URLSearchParams({ k: value }))).toEqual({ k: value });
    };
    await expectBounded(read, `${"0".repeat(16_000)}x`, `${"x".repeat(16_000)}0`);
    // Decimal notation still reads as a number.
    for (const [text, n] of [
      ["12", 12],
      ["-1.5", -1.5],
      [".5", 0.5],
      ["3.", 3],
      ["1e3", 1000],
      ["+2.5E-1", 0.25],
    ] as const)
      expect(queryInput(input, new URLSearchParams({ k: text }))).toEqual({ k: n });
    for (const text of ["0x10", "1..2", ".", "e3", "1e", ""])
      expect(queryInput(input, new URLSearchParams({ k: text }))).toEqual({ k: text });
  });
});

describe("the sleep pass's readers of a chat turn", () => {
  // A turn of 8,000 characters (the content limit) that is mostly one run of whitespace: the
  // dash split of `sentencesOf`, the comma split of the clauses and the phatic chunks each
  // restarted the rest of the run at every position (1-4 s a call, several calls a turn).
  beforeAll(() => loadTagger(), 60_000);
  const N = 7990;
  const crafted = [
    `"${"\t".repeat(N)}\u2018`,
    `## ${"\t".repeat(N / 2)}\u2028${"\t".repeat(N / 2)}x`,
    `my new ${" ".repeat(N)}!`,
    `my ${"  ".repeat(N / 2)}n`,
    `${"!".repeat(N)}x!`,
    `${")".repeat(N)}x`,
  ];
  it.each([
    ["sentencesOf", sentencesOf],
    ["statementsOfState", statementsOfState],
    ["withoutPhatic", withoutPhatic],
    ["frameOf", frameOf],
  ] as const)("%s reads a long whitespace run once", async (_, f) => {
    for (const text of crafted) await expectBounded(f, text, same(text));
  });

  it("reads the same sentences, chunks and clauses as before in ordinary text", () => {
    expect(sentencesOf("I moved to Porto. It is great — really  -  great! Dr. Who said so")).toEqual([
      "I moved to Porto.",
      "It is great",
      "really",
      "great!",
      "Dr. Who said so",
    ]);
    expect(withoutPhatic("Thanks John Smith! My new job is at Globex.")).toBe("My new job is at Globex.");
    expect(withoutPhatic("Wow, Melanie, that's great!!")).toBe("");
    expect(statementsOfState("Oh and my new job is at Globex, so I moved to Porto").statements).toEqual(
      expect.arrayContaining([expect.stringMatching(/my new job is at Globex/)]),
    );
  });
});

describe("wide input objects", () => {
  const wide = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 1]));

  it("metadata of 200,000 keys is refused before anything walks it, and nothing is stored", async () => {
    ({ mem } = await testMemory());
    // Before this pass: 3.6 s (the record schema walked every key, then the node count ran);
    // now the count stops at its bound, and what is left is enumerating the keys once (JavaScript
    // lists an object's keys before the first is read): 0.25-0.7 s here. That part grows with the
    // keys, so it is the yardstick, timed in the same run: a `for…in` over the same object. (A
    // 9,001-key refusal, times 10, plus 500 ms was one: 200,000 keys are 22 times the listing,
    // so the 500 ms carried the test, and a loaded machine passed it, 451-616 ms, or failed.)
    const refuse = async (metadata: Record<string, unknown>) => {
      const started = performance.now();
      await expect(mem!.record("The deploy finished", { metadata })).rejects.toMatchObject({
        code: "INVALID_INPUT",
        message: expect.stringMatching(/metadata holds more than 8001 values/),
      });
      return performance.now() - started;
    };
    const list = (o: Record<string, unknown>) => {
      let n = 0;
      for (const k in o) if (Object.hasOwn(o, k)) n++;
      return n;
    };
    const huge = wide(200_000);
    await refuse(wide(9_001)); // warm
    const listing = await fastest(() => elapsed(() => list(huge)));
    const bad = await fastest(() => refuse(huge));
    expect(
      bad,
      `200,000 keys refused in ${bad.toFixed(0)} ms, listed in ${listing.toFixed(0)} ms`,
    ).toBeLessThan(3 * listing + 150);
    expect(await mem.list({ layer: "episode" })).toHaveLength(0);
    // The most values 16,000 characters of JSON can hold is still kept.
    const full = Array.from({ length: 7_996 }, () => 1);
    expect(JSON.stringify({ a: full }).length).toBeLessThanOrEqual(16_000);
    expect((await mem.record("The deploy finished", { metadata: { a: full } })).id).toMatch(/^e/);
  });

  it("a refusal names a few unknown options and counts the rest (200,000 keys answered 2-5 MB)", async () => {
    ({ mem } = await testMemory());
    const err = await mem.record("x", wide(200_000) as never).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "INVALID_INPUT" });
    const { message, details } = err as { message: string; details: unknown };
    expect(message).toBe('Invalid record: unknown options "k0", "k1", "k2", "k3", "k4" and 199995 more.');
    expect(JSON.stringify(details).length).toBeLessThan(1_000);
    // One or a few are all named, as before.
    await expect(mem.record("x", { nope: 1 } as never)).rejects.toThrow(
      'Invalid record: unknown option "nope".',
    );
  });
});

describe("a recorded text that opens a quote and then runs whitespace (attacks19)", () => {
  // An opening quote, 7,990 tabs and a letter: before attacks19 the quoted-echo pattern
  // (`(.*?)["”'’]?\s*$`) restarted the run at every tab, 0.7 s a call, and the write gate calls
  // it inside record's write transaction (recall's split-turn test and sleep call it too).
  const crafted = `“${"\t".repeat(7990)}x`;
  it("analyseEcho reads it in time in proportion to its length", async () => {
    await expectBounded((t) => analyseEcho(t), crafted, same(crafted));
  });
});

describe("a whitespace-free run handed to the part-of-speech tagger (attacks20)", () => {
  // wink's tokenizer tries an e-mail pattern at every position of a run of letters, digits and
  // marks such as "-", "=", "~", "!" and "_", reading to the run's end each time: "a", 7,988
  // dashes and ">" took 0.85 s to tag (and `consolidate` on it 1.3 s) against 20 ms for prose.
  beforeAll(() => loadTagger(), 60_000);
  const N = 7988;
  it.each([
    ["an arrow of dashes", `a${"-".repeat(N)}>`],
    ["dashes alone", "-".repeat(N + 2)],
    ["equals signs", "=".repeat(N + 2)],
    ["tildes", "~".repeat(N + 2)],
    ["underscores after a letter", `x${"_".repeat(N + 1)}`],
  ])("tag reads %s in time in proportion to its length", async (_, crafted) => {
    // Warmed on the crafted text too: a first run compiles wink's paths for a new shape of token
    // (a one-off, up to ~0.2 s on a loaded machine), while the quadratic cost recurs on every call.
    tag(crafted);
    await expectBounded((t) => tag(t), crafted, same(crafted), 5);
  });

  it("consolidate distils it in time in proportion to its length", async () => {
    const crafted = `a${"-".repeat(N)}>`;
    const pass = async (text: string): Promise<number> => {
      const t = await testMemory();
      try {
        await t.mem.record("We deploy every night at 2am");
        await t.mem.record(text);
        return await elapsed(() => t.mem.consolidate());
      } finally {
        await t.mem.close();
      }
    };
    await pass(same(crafted)); // warm: the tagger, the lexicon, the sleep modules
    const good = await fastest(() => pass(same(crafted)));
    const bad = await fastest(() => pass(crafted));
    expect(bad, `crafted ${bad.toFixed(0)} ms against benign ${good.toFixed(0)} ms`).toBeLessThan(
      5 * good + 150,
    );
  });

  it("hands wink runs of at most 64 characters, and leaves every shorter run as it was", () => {
    const prose = "checkout-svc is owned by Ravi; see https://example.com/a/b?c=d — eu-west-1, v2.3.1!";
    expect(brokenRuns(prose)).toBe(prose);
    const url = `https://example.com/${"path/".repeat(20)}end`;
    const pieces = brokenRuns(url).split(" ");
    expect(pieces.join("")).toBe(url);
    expect(Math.max(...pieces.map((p) => p.length))).toBe(WINK_RUN);
    // A pair of surrogates is never cut: 100 emoji are 200 code units, cut between pairs.
    const emoji = "😀".repeat(100);
    for (const p of brokenRuns(emoji).split(" ")) expect(p.length % 2).toBe(0);
    // The word still reads as one word at its place, tagged as its first piece is.
    const words = tag(`I read ${url} today`);
    expect(words.map((w) => w.start)).toEqual(
      [...`I read ${url} today`.matchAll(/[\p{L}\p{N}#]+(?:[.\-_/:'’][\p{L}\p{N}]+)*/gu)].map((m) => m.index),
    );
    expect(words[0]).toMatchObject({ text: "I", pos: "PRON" });
    expect(words.at(-1)).toMatchObject({ text: "today", start: `I read ${url} `.length });
  });
});

describe("a statement of one noun phrase and -s verb repeated, read by the judge's tagger (attacks48)", () => {
  beforeAll(() => loadTagger(), 60_000);
  // `verbReadAsNoun` (judge47) read the whole clause before and after each -s word, and the whole
  // text for a habit, once per word: "The team moves team moves … at 5" (8,000 characters, the
  // most a statement holds) took 0.5 s per read against 20 ms for the same length of "team rang",
  // and every write and every sleep pair reads it again.
  const fill = (unit: string) => `The ${unit.repeat(800)}`.slice(0, 7_990) + " at 5";
  it("taggedRead() reads it in time in proportion to its length", async () => {
    // Read five times, as a write and its sleep read it (once takes 0.2 s, near the timer floor).
    const fiveReads = (text: string) => {
      for (let k = 0; k < 5; k++) taggedRead(text);
    };
    await expectBounded(fiveReads, fill("team moves "), fill("team rang  "), 5);
  });
  it("and reads the same notice verbs as before", () => {
    const read = (text: string) =>
      taggedRead(text)
        .filter((w) => w.pos === "VERB")
        .map((w) => w.text);
    expect(read("Pickup moves to 3:15 from Monday")).toEqual(["moves"]);
    expect(read("Choir practice shifts to the school hall")).toEqual(["shifts"]);
    expect(read("The bus stops on Elm Street are closed")).not.toContain("stops");
    expect(read("The cat moves to the sofa at night")).not.toContain("moves");
  });
});
