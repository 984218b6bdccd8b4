/**
 * Deterministic synthetic memory traffic for the benchmark: entities × attributes × values,
 * phrased several ways, so the write gate sees restatements (redundant), changed values
 * (contradiction), added detail (refinement) and new facts (novel), not only unique text.
 *
 *   const gen = createTraffic(42);
 *   gen.statement(); // { text: "The request timeout of the billing gateway is 30 seconds", … }
 */

import { createRandom } from "../test/support/random.js";

export { createRandom };

const AREAS = [
  "billing",
  "search",
  "checkout",
  "identity",
  "payments",
  "reporting",
  "inventory",
  "shipping",
  "analytics",
  "notification",
  "catalog",
  "pricing",
  "onboarding",
  "messaging",
  "recommendation",
  "fraud",
  "ledger",
  "scheduler",
  "media",
  "support",
];
const COMPONENTS = [
  "gateway",
  "worker",
  "indexer",
  "service",
  "database",
  "cache",
  "queue",
  "dashboard",
  "cron job",
  "api",
  "pipeline",
  "frontend",
  "exporter",
  "webhook",
  "proxy",
  "scraper",
  "ingester",
  "resolver",
  "sidecar",
  "batch job",
];
const PEOPLE = [
  "Alice Chen",
  "Bob Martins",
  "Carla Diaz",
  "Dmitri Orlov",
  "Erin Walsh",
  "Farah Khan",
  "Goran Petrovic",
  "Hana Sato",
  "Ivan Novak",
  "Julia Berg",
  "Kofi Mensah",
  "Lena Fischer",
  "Marco Rossi",
  "Nadia Haddad",
  "Omar Farouk",
  "Priya Nair",
];
const ENVIRONMENTS = ["production", "staging", "sandbox"];
const REGIONS = ["us-east-1", "us-west-2", "eu-west-1", "eu-central-1", "ap-south-1", "ap-northeast-1"];
const DATABASES = ["Postgres 15", "Postgres 16", "MySQL 8", "SQLite", "Redis 7", "MongoDB 7", "ClickHouse"];
const LANGUAGES = ["Go", "Rust", "TypeScript", "Python", "Java", "Kotlin", "Elixir"];
const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];
const LEVELS = ["debug", "info", "warn", "error"];
const CHANNELS = ["#ops", "#oncall", "#payments-alerts", "#search-team", "#infra", "#incidents"];

interface Attribute {
  name: string;
  value: (r: () => number) => string;
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const num =
  (lo: number, hi: number, step = 1) =>
  (r: () => number) =>
    String(lo + step * Math.floor(r() * ((hi - lo) / step + 1)));

const ATTRIBUTES: Attribute[] = [
  { name: "request timeout", value: (r) => `${num(5, 120, 5)(r)} seconds` },
  { name: "retry limit", value: num(1, 12) },
  { name: "owner", value: (r) => pick(r, PEOPLE) },
  { name: "region", value: (r) => pick(r, REGIONS) },
  { name: "primary database", value: (r) => pick(r, DATABASES) },
  { name: "release version", value: (r) => `v${num(1, 9)(r)}.${num(0, 20)(r)}.${num(0, 9)(r)}` },
  { name: "listening port", value: num(3000, 9900, 100) },
  { name: "deploy day", value: (r) => pick(r, DAYS) },
  { name: "alert channel", value: (r) => pick(r, CHANNELS) },
  { name: "cache ttl", value: (r) => `${num(1, 60)(r)} minutes` },
  { name: "implementation language", value: (r) => pick(r, LANGUAGES) },
  { name: "max connections", value: num(10, 500, 10) },
  { name: "log level", value: (r) => pick(r, LEVELS) },
  { name: "batch size", value: num(50, 5000, 50) },
  { name: "replica count", value: num(1, 9) },
  { name: "rate limit", value: (r) => `${num(100, 10000, 100)(r)} requests per minute` },
];

const PHRASINGS: ((e: string, a: string, v: string) => string)[] = [
  (e, a, v) => `The ${a} of the ${e} is ${v}`,
  (e, a, v) => `The ${e} ${a} is ${v}`,
  (e, a, v) => `${cap(e)} ${a} is ${v}.`,
];
const CHANGES: ((e: string, a: string, v: string) => string)[] = [
  (e, a, v) => `The ${e} ${a} is now ${v}`,
  (e, a, v) => `The ${a} of the ${e} was changed to ${v}`,
];
/**
 * A change said in passing, as in chat (`createTraffic(seed, slots, { passing: true })`): the new
 * value inside a turn about something else, in the first person, for the current-state lifts.
 */
const PASSING_CHANGES: ((e: string, a: string, v: string) => string)[] = [
  (e, a, v) => `btw we moved the ${e} ${a} to ${v} last week, can you update the runbook?`,
  (e, a, v) => `Quick one: since the switch our ${e} ${a} is ${v} now, so the alerts look different`,
];
const DETAILS = [
  "according to the runbook",
  "per the platform team",
  "since the last incident review",
  "as agreed in the design review",
];

const EVENTS: ((e: string, r: () => number) => { text: string; type: string; outcome?: string })[] = [
  (e, r) => ({
    text: `Deploy of the ${e} to ${pick(r, REGIONS)} failed: migration lock timeout`,
    type: "outcome",
    outcome: "failure",
  }),
  (e, r) => ({
    text: `Deploy of the ${e} to ${pick(r, REGIONS)} succeeded after ${num(2, 40)(r)} minutes`,
    type: "outcome",
    outcome: "success",
  }),
  (e, r) => ({
    text: `Observed p99 latency of ${num(80, 2000, 20)(r)} ms on the ${e}`,
    type: "observation",
  }),
  (e, r) => ({ text: `Decided to move the ${e} to ${pick(r, DATABASES)}`, type: "decision" }),
  (e) => ({ text: `Why does the ${e} restart every night?`, type: "question" }),
  (e, r) => ({
    text: `The ${e} and the ${pick(r, AREAS)} team disagree about ownership of retries`,
    type: "tension",
  }),
];

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

export interface Statement {
  text: string;
  /** What the generator meant: a first statement, a restatement, a change or added detail. */
  intent: "new" | "restate" | "change" | "detail";
  /** The entity × attribute pair the statement is about. */
  slot: number;
}

export interface Event {
  text: string;
  type: "observation" | "decision" | "tension" | "question" | "outcome" | "context";
  outcome?: "success" | "failure";
}

export interface Traffic {
  statement(): Statement;
  event(): Event;
  query(): string;
  /** A question about a slot's current value, asked in the first person ("What is our … now?"). */
  currentQuery(): string;
  goal(): string;
}

export interface TrafficOptions {
  /** Changed values said in passing, in chat style (`PASSING_CHANGES`), instead of plainly. Default false. */
  passing?: boolean;
}

/**
 * A traffic stream over `slots` entity × attribute pairs. Earlier slots come up more often
 * (a skewed, realistic working set), so restatements and changes happen naturally.
 */
export function createTraffic(seed: number, slots = 50_000, options: TrafficOptions = {}): Traffic {
  const changes = options.passing ? PASSING_CHANGES : CHANGES;
  const r = createRandom(seed);
  const entities = ENVIRONMENTS.flatMap((env) =>
    AREAS.flatMap((a) => COMPONENTS.map((c) => `${env} ${a} ${c}`)),
  );
  const total = Math.min(slots, entities.length * ATTRIBUTES.length);
  const known = new Map<number, string>();
  // Slot i: attribute i mod A of a permuted entity, so consecutive slots vary in both.
  const slot = (i: number) => ({
    entity: entities[(Math.floor(i / ATTRIBUTES.length) * 389) % entities.length]!,
    attribute: ATTRIBUTES[i % ATTRIBUTES.length]!,
  });
  // A new slot 60% of the time; otherwise revisit one (skewed towards the first ones seen).
  let opened = 0;
  const nextSlot = (): number => {
    if (opened === 0 || (r() < 0.6 && opened < total)) return opened++;
    return Math.floor(r() ** 2 * opened);
  };
  const seen = (): number => (opened === 0 ? 0 : Math.floor(r() * opened));

  return {
    statement() {
      const i = nextSlot();
      const { entity, attribute } = slot(i);
      const current = known.get(i);
      if (current === undefined) {
        const v = attribute.value(r);
        known.set(i, v);
        return { text: pick(r, PHRASINGS)(entity, attribute.name, v), intent: "new", slot: i };
      }
      const roll = r();
      if (roll < 0.45)
        return { text: pick(r, PHRASINGS)(entity, attribute.name, current), intent: "restate", slot: i };
      if (roll < 0.6)
        return {
          text: `${pick(r, PHRASINGS)(entity, attribute.name, current)} ${pick(r, DETAILS)}`,
          intent: "detail",
          slot: i,
        };
      const v = attribute.value(r);
      known.set(i, v);
      return { text: pick(r, changes)(entity, attribute.name, v), intent: "change", slot: i };
    },
    event() {
      const { entity } = slot(seen());
      return pick(r, EVENTS)(entity, r) as Event;
    },
    query() {
      const { entity, attribute } = slot(seen());
      const forms = [
        `${attribute.name} of the ${entity}`,
        `what is the ${entity} ${attribute.name}?`,
        `${entity} ${attribute.name}`,
        `who owns the ${entity}`,
        `${entity} deploy failures`,
      ];
      return pick(r, forms);
    },
    currentQuery() {
      const { entity, attribute } = slot(seen());
      return pick(r, [
        `What is our ${entity} ${attribute.name} now?`,
        `Which ${attribute.name} does our ${entity} have these days?`,
        `What's our current ${attribute.name} on the ${entity}?`,
      ]);
    },
    goal() {
      const { entity } = slot(seen());
      return pick(r, [
        `deploy the ${entity}`,
        `debug latency on the ${entity}`,
        `change the ${entity} configuration`,
        `page the owner of the ${entity}`,
      ]);
    },
  };
}
