/**
 * Recall's current-state path against the namespace boundary (attacks34). A current-state
 * question runs lifts that search the store by words of their own, not the question's: the words a
 * correction says (`correctionFound`), a thing the speaker changed (`changedThingFound`), the older
 * statement's rare words (`sameThingFound`), a rare name of the older's in a turn no belief speaks
 * for (`namedTurnSuccessors`), the unit a measure counts (`ownMeasures`). Each such search must
 * apply the request's namespaces: nothing another namespace holds — its text, its id, a `why` that
 * names it — may reach a recall, an explanation of a hit, a context or a health report.
 *
 * Each case is written twice. The control keeps the older and the newer statement in one
 * namespace and asserts the lift fires (so a pass below is not the lift simply never firing). The
 * attack puts the newer statement in another namespace, and — unlike the lifts' own tests, which
 * leave the foreign turn unslept — sleeps both namespaces, so the newer is a distilled fact there,
 * which is what the lifts' fact searches read. Sentences are the lifts' own unit tests', none from
 * an eval set. attacks35 added three: the change of choice (`newerChoiceFound`) and two links of
 * `missedSuccessors` (the older's value named in a change; the older's thing said in other words).
 * attacks36 added the last three lifts (`newestKindListed`, `currentVersions`, `changedValueFirst`)
 * and a successor link planted across namespaces (below).
 * Real SQLite file and, with DATABASE_URL, real PostgreSQL (a schema of its own).
 *
 *   DATABASE_URL=postgres://… npx vitest run test/security/current-state-boundary.test.ts
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Memory } from "../../src/core/engine.js";
import { loadTagger } from "../../src/core/judge/tagger.js";
import { memoryBackends } from "../support/backends.js";
import { DAY, rankOf, type TestClock, UNRELATED_TEXTS } from "../support/memory.js";

beforeAll(() => loadTagger());

interface LiftCase {
  lift: string;
  /** Turns before the newer one, in the asking namespace (the older first). */
  turns: string[];
  newer: string;
  question: string;
  /** A word only the newer says. */
  marker: string;
  /** What the lift's `why` says when it fires. */
  why: string;
}

const CASES: LiftCase[] = [
  {
    lift: "correctionFound (the corrections search)",
    turns: ["for the visa form my passport number country is listed as Ireland", ...UNRELATED_TEXTS],
    newer: "sorry i told you wrong the other day, the visa form says Portugal, i mixed up the two",
    question: "Which country issued my passport?",
    marker: "Portugal",
    why: "corrects it by",
  },
  {
    lift: "changedThingFound (the changed-thing search)",
    turns: ["barber: Tomasz at Fade Street, a cut every month", ...UNRELATED_TEXTS],
    newer: "I changed barber, it's Keanu at Sharp Lines now, much closer to the flat.",
    question: "Who gives me a cut?",
    marker: "Keanu",
    why: 'the speaker changed its "barber"',
  },
  {
    lift: "sameThingFound (the older's rare words)",
    turns: ["For the taxi I use the Apex Cars minicab service.", ...UNRELATED_TEXTS],
    newer: "The minicab firm I use now is Starline, the drivers wait till I'm inside.",
    question: "Who do I phone for a taxi?",
    marker: "Starline",
    why: "a newer statement on the same thing as",
  },
  {
    lift: "namedTurnSuccessors (the name link)",
    turns: [
      "Our biggest client is Norrland Freight and they want a quarterly report.",
      "The office plants need watering again.",
      "I had a lovely walk by the river at lunch.",
      "Our client calls are on Zoom and the recordings fill my disk.",
      "The client portal has a new login page.",
    ],
    newer:
      "Such a week: the boiler broke again, the car failed its MOT, and the weekly updates for Castell Bakeries, who took over as our big account after we lost Norrland Freight, ate my whole Friday. Can you draft an agenda for their kickoff?",
    question: "Who is our main client?",
    marker: "Castell",
    why: "in a turn no belief speaks for",
  },
  {
    lift: "newerMeasureFound by the speaker's own unit",
    turns: [
      "I weigh 81 kg, more than I'd like.",
      "Biscuit weighs 12 kg, the vet wants him lighter.",
      "The big suitcase came to 23 kg at the airport.",
      "The flour sack in the pantry is 16 kg.",
      "Our washing machine takes 9 kg loads.",
      "The kitchen tap drips again.",
      "Lorna brought round a lemon cake on Sunday.",
    ],
    newer: "with all the cycling I'm at 77 kg this morning, my belts are loose",
    question: "How much do I weigh?",
    marker: "77 kg",
    why: "found by the unit it counts",
  },
  // attacks35: the lifts attacks34 left without a slept foreign case.
  {
    lift: "newerChoiceFound (a change of choice said in passing)",
    turns: ["Pixel's litter is clumping clay, the unscented kind.", ...UNRELATED_TEXTS],
    newer: "We switched Pixel to wood pellets, far less dust. How often should I empty the tray?",
    question: "What litter does the cat use?",
    marker: "pellets",
    why: "a change of choice (switched to wood pellets)",
  },
  {
    lift: "missedSuccessors (the older's value named in a change)",
    turns: ["I commute by bike, a blue Trek hybrid.", ...UNRELATED_TEXTS],
    newer: "Rainy all week. My Trek got stolen so I bought a Cannondale, a green one this time.",
    question: "What bike do I ride?",
    marker: "Cannondale",
    why: 'names its value "trek" in a change',
  },
  {
    lift: "missedSuccessors (the older's thing used, said in other words)",
    turns: ["I use LastPass for all my passwords.", ...UNRELATED_TEXTS],
    newer: "Security training today, yawn. I migrated to Bitwarden after the breach news. Way cleaner.",
    question: "Which password manager do I use?",
    marker: "Bitwarden",
    why: "changes its thing used in other words in a change",
  },
  // attacks36: the three lifts attacks35 left without a slept foreign case. Sentences from the lifts'
  // own tests (recall-with-wordnet.test.ts, current-versions.test.ts, changed-value.test.ts).
  {
    lift: "newestKindListed (a kind of the asked noun, searched by the lexicon's kinds)",
    turns: ["We moved our daughter to Riverside Academy for the music program.", ...UNRELATED_TEXTS],
    newer: "Funny, I'm not into jazz these days, I mostly listen to synthwave.",
    question: "What music am I into?",
    marker: "synthwave",
    why: 'in a kind of its noun ("jazz")',
  },
  {
    lift: "currentVersions (a superseded match's successor)",
    turns: ["I volunteer at the food bank on Saturdays.", ...UNRELATED_TEXTS],
    newer: "These days I help out at the animal shelter on Saturdays instead of the food bank.",
    question: "Where do I volunteer?",
    marker: "shelter",
    why: "current version of",
  },
  {
    lift: "changedValueFirst (a change to another value, and the reply its turn got)",
    turns: [
      "For migraines I take sumatriptan as soon as one starts.",
      "Can you recommend a good podcast about gardening?",
    ],
    newer:
      "The neurologist suggested rizatriptan because the other one made my chest tight, and it works faster. Is coffee a bad idea during a migraine?",
    question: "What do I take for migraines?",
    marker: "rizatriptan",
    why: 'speaking of a change ("the other one")',
  },
];

const START = Date.parse("2026-01-05T09:00:00.000Z");
const ASKING = "household";
const OTHER = "neighbour";

/**
 * The chat of `sleptTurns` (turns five days apart, each in its day's session, a clock 90 days after
 * the first), the newer turn in `newerIn`; then every namespace that holds a turn is slept. Returns
 * the asking namespace's memory and the ids the newer turn left in `newerIn` (its episode and every
 * belief sleep made of it).
 */
async function slept(
  mem: Memory,
  clock: TestClock,
  c: LiftCase,
  newerIn: string,
): Promise<{ asking: Memory; newerIds: string[] }> {
  const all = [...c.turns.map((text) => ({ text, ns: ASKING })), { text: c.newer, ns: newerIn }];
  for (const [i, t] of all.entries()) {
    const at = new Date(START + i * 5 * DAY).toISOString();
    await mem.record(t.text, {
      type: "observation",
      actor: "user",
      at,
      session: at.slice(0, 10),
      namespace: t.ns,
    });
  }
  clock.set(new Date(START + 90 * DAY).toISOString());
  for (const ns of new Set(all.map((t) => t.ns))) await mem.consolidate({ namespace: ns });
  const other = mem.withNamespace(newerIn);
  const episodes = await other.list({ layer: "episode", status: "any", limit: 100 });
  const beliefs = await other.list({ status: "any", limit: 100 });
  const newerIds = [...episodes, ...beliefs]
    .filter((i) => JSON.stringify(i).includes(c.marker))
    .map((i) => i.id);
  return { asking: mem.withNamespace(ASKING), newerIds };
}

for (const backend of memoryBackends("currentstate"))
  describe.skipIf(backend.skip)(`${backend.name}: a lift brings nothing of another namespace`, () => {
    describe.each(CASES)("$lift", (c) => {
      it("control: in one namespace the lift fires", async () => {
        const { mem, clock } = await backend.open();
        try {
          const { asking } = await slept(mem, clock, c, ASKING);
          const hits = await asking.recall(c.question, { k: 10 });
          const newer = rankOf(hits, c.marker);
          expect(newer, JSON.stringify(hits.map((h) => h.text))).toBeGreaterThanOrEqual(0);
          expect(hits[newer]!.why.summary).toContain(c.why);
        } finally {
          await mem.close();
        }
      });

      it("attack: the newer statement slept in another namespace reaches no recall, why, explanation, context or health report", async () => {
        const { mem, clock } = await backend.open();
        try {
          const { asking, newerIds } = await slept(mem, clock, c, OTHER);
          // The other namespace holds the newer statement, slept: its turn, and a belief of it
          // unless the turn asks (the name link's turn stays an episode, no belief speaks for it).
          expect(newerIds.length).toBeGreaterThanOrEqual(1);
          const leaks = (text: string) =>
            [c.marker, ...newerIds].filter((needle) =>
              new RegExp(`(^|[^A-Za-z0-9])${needle}([^A-Za-z0-9]|$)`).test(text),
            );
          const hits = await asking.recall(c.question, { k: 10 });
          expect(hits.length).toBeGreaterThan(0);
          expect(hits.every((h) => h.namespace === ASKING)).toBe(true);
          const shown = [
            hits,
            await asking.recall(c.question, { k: 50 }),
            ...(await Promise.all(hits.map((h) => asking.explain(h.id)))),
            await asking.context(c.question, { tokenBudget: 4000, recentEvents: 20 }),
            await asking.health(),
          ];
          expect(leaks(JSON.stringify(shown))).toEqual([]);
        } finally {
          await mem.close();
        }
      });
    });
  });

/**
 * `currentVersions` follows a closed belief's `supersededBy` link to its active end. Sleep writes
 * that link only within a namespace, but any writer to a shared store can write a row (as
 * attacks35's review test plants an audit entry): the older's link is planted here to point at the
 * other namespace's slept belief. The lift reads the successor by id, so the id's namespace is what
 * keeps it out (`currentVersionOf` and the lift's own check; the explanation's `reads.ts` likewise).
 */
for (const backend of memoryBackends("currentlink"))
  describe.skipIf(backend.skip)(`${backend.name}: a successor link planted across namespaces`, () => {
    const c = CASES.find((x) => x.lift.startsWith("currentVersions"))!;

    it("control: the same link within one namespace lists the successor", async () => {
      const { mem, clock } = await backend.open();
      try {
        const { asking } = await slept(mem, clock, c, ASKING);
        const hits = await asking.recall(c.question, { k: 10 });
        expect(hits[0]?.text).toBe(c.newer);
        expect(hits[0]?.why.summary).toContain(c.why);
      } finally {
        await mem.close();
      }
    });

    it("attack: a link to another namespace's belief lists nothing of it, and the older stays closed", async () => {
      const { mem, clock } = await backend.open();
      try {
        const { asking, newerIds } = await slept(mem, clock, c, OTHER);
        const older = (await asking.list({ status: "any", limit: 100 })).find(
          (b) => "text" in b && b.text === c.turns[0],
        );
        const foreign = (await mem.withNamespace(OTHER).list({ status: "any", limit: 100 })).find(
          (b) => "text" in b && b.text === c.newer,
        );
        expect(older && foreign).toBeTruthy();
        await mem.store.transaction((tx) =>
          tx.updateBelief(older!.id, {
            status: "archived",
            statusReason: "superseded",
            supersededBy: foreign!.id,
            validTo: new Date(START + 60 * DAY).toISOString(),
          }),
        );
        const hits = await asking.recall(c.question, { k: 10 });
        expect(hits.every((h) => h.namespace === ASKING)).toBe(true);
        const explained = await asking.explain(older!.id);
        // The older's own field still holds the id the writer planted: that is the row as written,
        // not the other namespace's belief, which the explanation does not read as its successor.
        expect(JSON.stringify(explained)).toContain(`"supersededBy":"${foreign!.id}"`);
        const shown = JSON.stringify([
          hits,
          await asking.recall(c.question, { k: 50 }),
          explained,
          await asking.context(c.question, { tokenBudget: 4000, recentEvents: 20 }),
        ]).replaceAll(`"supersededBy":"${foreign!.id}"`, "");
        const leaked = [c.marker, ...newerIds].filter((n) =>
          new RegExp(`(^|[^A-Za-z0-9])${n}([^A-Za-z0-9]|$)`).test(shown),
        );
        expect(leaked).toEqual([]);
      } finally {
        await mem.close();
      }
    });
  });
