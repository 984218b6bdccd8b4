/**
 * The redundancy rule `uncovered-words`: a newer statement is a restatement only when the older
 * one accounts for every informative word of it. Positive examples are pairs the rule stops from
 * being dropped (and the words it names); negative examples are restatements it lets through.
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  coverKeys,
  coverNeeds,
  SEVERAL_STATEMENTS_RULE,
  severalSentences,
  UNCOVERED_RULE,
  uncoveredWords,
} from "./coverage.js";
import { compareLexically, loadTagger } from "./lexical-judge.js";

beforeAll(() => loadTagger());

const at = "2026-01-01T00:00:00.000Z";
const judge = (a: string, b: string) => compareLexically({ text: a, at }, { text: b, at });

describe(`${UNCOVERED_RULE.name}: words of the newer statement the older does not account for`, () => {
  it.each([
    // A modifier, a quantifier, a modal, a date, an entity, a direction word, another person.
    ["The staging cluster has 3 nodes.", "The staging cluster has 3 large nodes.", ["large"]],
    ["Admins can export reports.", "Only admins can export reports.", ["only"]],
    ["Admins export reports.", "Admins must export reports.", ["must"]],
    ["Kenji owns the auth service", "The auth service's owner is Kenji, since March", ["since", "march"]],
    ["Noor is on leave.", "Noor is on leave next week.", ["next", "week"]],
    ["The meeting is in Berlin.", "The meeting is in Berlin and Paris.", ["paris"]],
    ["Tickets move to Jira.", "Tickets move from Jira.", ["from"]],
    ["Her office is in Ghent.", "His office is in Ghent.", ["his"]],
    ["The user likes jazz.", "The user loves jazz.", ["loves"]],
    ["We use Travis for CI.", "We use Travis or Jenkins for CI.", ["or", "jenkins"]],
    ["The report is generated at midnight.", "The report is generated at midnight by cron.", ["cron"]],
    // A hand-over names ownership, not another role, nor another thing.
    ["Mei took over the ledger-db service", "Mei leads the ledger-db service", ["leads"]],
    ["Mei took over the ledger-db service", "Mei owns the billing service", ["billing"]],
    ["Mei covers the ledger-db service", "Mei owns the ledger-db service", ["owns"]],
    // Asking is not stating.
    ["The staging cluster has 3 nodes", "Does the staging cluster have 3 nodes?", ["?"]],
    ["Does the staging cluster have 3 nodes?", "The staging cluster has 3 nodes.", ["?"]],
  ] as const)("%j → %j leaves %j unaccounted", (older, newer, words) => {
    expect(uncoveredWords(older, newer)).toEqual(words);
  });

  it.each([
    // The same words, in another order or case; articles, be/do and chat openers carry nothing.
    ["The retry limit is 5", "Retry limit is five."],
    ["We use Postgres for the main database", "btw, we use postgres for the main database"],
    // Known paraphrases and linking verbs.
    ["The user lives in Oslo.", "The user is based in Oslo."],
    ["The user likes jazz.", "The user enjoys jazz."],
    ["Max file size is 10 MB.", "The file size limit is 10 MB."],
    ["The port of the inventory service is 9443", "The inventory service listens on port 9443"],
    ["Secrets are kept in HashiCorp Vault", "We keep secrets in HashiCorp Vault"],
    ["The report is generated at midnight.", "At midnight, the report gets generated."],
    ["The team meets in room 4B.", "In room 4B is where the team meets."],
    // A change stated as the state it produced, and the attribute a value's name gives.
    ["The database is Postgres", "The database was switched to Postgres"],
    ["We run PostgreSQL 14.11 in production", "The PostgreSQL version in production is 14.11"],
    ["loki runs in us-east-2.", "loki is hosted in the us-east-2 region."],
    // A shorter restatement says nothing new.
    ["Deploy freeze for the holidays, all teams", "Deploy freeze for the holidays"],
    ["I live in Leeds.", "The user lives in Leeds."],
    ["Kenji maintains the auth service", "Kenji is the maintainer of the auth service these days"],
    // A hand-over makes the new holder the owner.
    ["oh btw Amara took over the search-svc service", "Amara owns the search-svc service"],
    ["fyi the auth-gw service was handed over to Omar", "The auth-gw service owner is Omar"],
    ["Ownership of the auth service passed to Leila", "The auth service is owned by Leila"],
  ] as const)("%j → %j: every word accounted for", (older, newer) => {
    expect(uncoveredWords(older, newer)).toEqual([]);
  });

  it.each([
    ["The staging cluster has 3 nodes.", "The staging cluster has 3 large nodes."],
    ["Kenji owns the auth service", "The auth service's owner is Kenji, since March"],
    ["Admins can export reports.", "Only admins can export reports."],
    ["The staging cluster has 3 nodes", "Does the staging cluster have 3 nodes?"],
  ] as const)("the lexical judge defers a 'restatement' with unaccounted words: %j → %j", (a, b) => {
    const v = judge(a, b);
    expect(v).toMatchObject({ relation: "refines", rule: UNCOVERED_RULE.name, confident: false });
    expect(v.reason).toMatch(/^uncovered-words: \S/);
  });

  it.each([
    ["The retry limit is 5", "Retry limit is five."],
    ["We use Postgres for the main database", "btw, we use postgres for the main database"],
    ["Kenji owns the auth service", "The auth service's owner is Kenji"],
    ["oh btw Amara took over the search-svc service", "Amara owns the search-svc service"],
  ] as const)("and keeps a true restatement a duplicate: %j → %j", (a, b) => {
    expect(judge(a, b).relation).toBe("duplicate");
  });
});

describe(`${SEVERAL_STATEMENTS_RULE.name}: no change is closed on a text of several sentences`, () => {
  it.each([
    ["Thanks for the tip! Sorry to hear about the studio.", true],
    ["Legs are sore lol. Oh and I switched my gym to Crunch on 5th street.", true],
    ["Ana? She moved to Lisbon last spring.", false],
    ["Dr. Alvarez moved to the downtown clinic.", false],
    // Every title's period (person-words), not only Dr/Mr/Mrs/Ms's.
    ["Our kids now see Prof. Alvarez at the clinic.", false],
    ["Our kids now see Mx. Alvarez at the clinic.", false],
    ["Node.js in production was bumped from 18.19 to 20.11.", false],
  ] as const)("%j holds several sentences: %s", (text, expected) => {
    expect(severalSentences(text)).toBe(expected);
  });

  it.each([
    [
      "Thanks! I rehearsed with a small group of dancers after work. We do all kinds of dances.",
      "Thanks! Appreciate your encouragement - it means a lot! I'm working on some new dance routines now.",
    ],
  ] as const)("a change read across sentences is deferred: %j → %j", (a, b) => {
    const v = judge(a, b);
    expect(v).toMatchObject({ relation: "refines", confident: false });
    expect(["several-statements", "unsure:other-value", "unsure:overlap"]).toContain(v.rule);
  });

  // judge39: read clause by clause, one clause of a longer turn that says the older's number with
  // another and a cue closes it; the whole text is still no slot reading (clause-change.test.ts).
  it("a typed change said in one clause of several sentences is read clause by clause", () => {
    const v = judge(
      "The retry limit is 5.",
      "It was a long week for everyone. The retry limit is now 7, the team agreed.",
    );
    expect(v).toMatchObject({ relation: "supersedes", rule: "change-in-one-clause", confident: true });
  });

  it.each([
    ["The retry limit is 5.", "The retry limit is now 7, the team agreed."],
    ["Ana lives in Porto.", "Ana? She moved to Lisbon last spring."],
  ] as const)("one sentence (a fragment aside) still closes a change: %j → %j", (a, b) => {
    expect(judge(a, b).relation).toBe("supersedes");
  });
});

// sleepcost41: sleep's clustering asks only the clusters whose wording holds a key of every word
// `coverNeeds` names (distil.ts `cluster`); that is sound only if a pair left out is never covered.
describe("coverKeys / coverNeeds: a necessary condition for every word accounted for", () => {
  const pool = [
    "The staging cluster has 3 nodes.",
    "The staging cluster has 3 large nodes.",
    "Does the staging cluster have 3 nodes?",
    "Admins can export reports.",
    "Only admins can export reports.",
    "Admins must export reports.",
    "Kenji owns the auth service",
    "The auth service's owner is Kenji, since March",
    "Kenji maintains the auth service",
    "Kenji is the maintainer of the auth service these days",
    "Noor is on leave next week.",
    "Her office is in Ghent.",
    "His office is in Ghent.",
    "The retry limit is 5",
    "Retry limit is five.",
    "Max file size is 10 MB.",
    "The file size limit is 10 MB.",
    "We use Postgres for the main database",
    "btw, we use postgres for the main database",
    "The user lives in Oslo.",
    "The user is based in Oslo.",
    "I live in Leeds.",
    "The user lives in Leeds.",
    "The user likes jazz.",
    "The user enjoys jazz.",
    "I'm fond of jazz these days",
    "The port of the inventory service is 9443",
    "The inventory service listens on port 9443",
    "Secrets are kept in HashiCorp Vault",
    "We keep secrets in HashiCorp Vault",
    "The database is Postgres",
    "The database was switched to Postgres",
    "We run PostgreSQL 14.11 in production",
    "The PostgreSQL version in production is 14.11",
    "loki runs in us-east-2.",
    "loki is hosted in the us-east-2 region.",
    "Mei took over the ledger-db service",
    "Mei owns the ledger-db service",
    "Mei is on-call this week",
    "Mei is on call",
    "fyi the auth-gw service was handed over to Omar",
    "The auth-gw service owner is Omar",
    "Ownership of the auth service passed to Leila",
    "The auth service is owned by Leila",
    "Deploy freeze for the holidays, all teams",
    "Deploy freeze for the holidays",
    "We started the project in May and we finish it in June",
    "Our project begins in May, it ends in June",
    "They prefer the blue one; my favourite is red",
  ];
  const pairs = pool.flatMap((older) => pool.map((newer) => [older, newer] as const));
  const meets = (older: string, newer: string) => {
    const keys = coverKeys(older);
    return coverNeeds(newer).every((need) => need.some((k) => keys.has(k)));
  };

  it("every pair whose newer words are all accounted for meets every need", () => {
    const covered = pairs.filter(([older, newer]) => uncoveredWords(older, newer).length === 0);
    // Not vacuous: the pool holds restatements both ways, beside the pairs of a text with itself.
    expect(covered.length).toBeGreaterThan(pool.length + 30);
    expect(covered.filter(([older, newer]) => !meets(older, newer))).toEqual([]);
  });

  it("a pair that misses a need leaves a word unaccounted for", () => {
    const missing = pairs.filter(([older, newer]) => !meets(older, newer));
    expect(missing.length).toBeGreaterThan(pairs.length / 2);
    expect(missing.filter(([older, newer]) => uncoveredWords(older, newer).length === 0)).toEqual([]);
  });

  it.each([
    // A linking verb, a verb of change, "to", an attribute name, ownership words, "we", "I" and "user" may pass.
    ["The user is based in Oslo", [["f:oslo"]]],
    ["We switched the database to Postgres", [["f:database"], ["f:postgres", "f:postgre"]]],
    [
      "I enjoy the hiking trails",
      [
        ["f:enjoy", "g:2"],
        ["f:hiking", "f:hike"],
        ["f:trails", "f:trail"],
      ],
    ],
    // A pronoun of another person must be said: "his" is no "her".
    ["His office is in Ghent", [["f:his", "g:11"], ["f:office"], ["f:ghent"]]],
    // Nothing but words that may pass: no need, so every cluster sharing a word is asked.
    ["Yes, we are", []],
  ] as const)("%j needs %j", (newer, needs) => {
    expect(coverNeeds(newer)).toEqual(needs);
  });

  it("an older wording's keys are all its words (an empty one may account for nothing, but costs nothing), their forms and paraphrase groups, hyphenated parts too", () => {
    expect([...coverKeys("Mei likes the on-call rota")].sort()).toEqual(
      ["f:mei", "f:likes", "f:like", "g:2", "f:the", "f:on-call", "f:on", "f:call", "f:rota"].sort(),
    );
  });
});
