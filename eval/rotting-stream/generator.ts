/**
 * A month of messy agent traffic about facts that change over time, generated from a seed:
 * statements and paraphrases, changes, restatements, recalled memories written back
 * ("As noted before, …", quoted), questions, chit-chat and self-referential notes.
 * Pure and deterministic: the same seed gives the same stream and the same truth.
 *
 * Two flavours. `messy` (the default) names services by lower-case identifiers ("ledger-db",
 * "checkout-svc") that are never capitalised, even at the start of a sentence, phrases some
 * changes as chat ("oh btw Mei took over the ledger-db service"), and mixes in acknowledgements,
 * greetings and self-notes ("Thanks, that helps.", "ok sounds good", "let me check"). `classic`
 * (`messy: false`) is the stream the rotting-stream regression test was written for.
 */

import { createRandom } from "../../test/support/random.js";

type Rng = () => number;
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;

interface Family {
  name: string;
  /** Statement templates: {e} entity, {v} value. */
  state: string[];
  /** Change templates: {o} old value, {v} new value. */
  change: string[];
  question: string[];
  query: string;
  values: string[];
  /** A unit appended after the value in every template ({u}). */
  unit?: (entity: string) => string;
}

const PEOPLE = [
  "Priya",
  "Marco",
  "Dana",
  "Felix",
  "Ingrid",
  "Tomasz",
  "Omar",
  "Chen",
  "Leila",
  "Kenji",
  "Ravi",
  "Beatriz",
  "Olga",
  "Pieter",
  "Amara",
  "Jonas",
  "Mei",
  "Santiago",
  "Hana",
  "Viktor",
];
const SERVICES = [
  "payments",
  "search",
  "billing",
  "auth",
  "notifications",
  "checkout",
  "inventory",
  "reporting",
];
const REGIONS = ["us-east-1", "us-west-2", "eu-west-1", "eu-central-1", "ap-southeast-2", "ca-central-1"];
const TEAMS = ["database", "network", "storage", "mobile", "frontend"];
/** Messy stream: services named by lower-case identifiers whose case must survive storage. */
const SERVICE_IDS = [
  "checkout-svc",
  "ledger-db",
  "payments-api",
  "search-svc",
  "auth-gw",
  "notify-worker",
  "inventory-svc",
  "reports-etl",
];
/** Messy stream: changes phrased as chat, by family (added to each family's change templates). */
const CHATTY_CHANGES: Record<string, string[]> = {
  owner: ["oh btw {v} took over the {e} service", "fyi the {e} service was handed over to {v}"],
  port: ["heads up: the {e} service moved to port {v}"],
  region: ["fyi the {e} service runs in {v} now"],
  version: ["btw we bumped {e} to {v} in production"],
  oncall: ["{v} is covering on-call for the {e} team now"],
  limit: ["heads up, the {e} got bumped to {v} {u}"],
};

const FAMILIES: Record<string, Family> = {
  owner: {
    name: "owner",
    state: [
      "The {e} service is owned by {v}",
      "{v} owns the {e} service",
      "Owner of the {e} service: {v}",
      "The {e} service owner is {v}",
    ],
    change: [
      "{v} took over ownership of the {e} service",
      "The {e} service is now owned by {v}",
      "Ownership of the {e} service moved from {o} to {v}",
      "The {e} service owner is now {v}",
    ],
    question: ["Who owns the {e} service?", "Is {o} still the owner of the {e} service?"],
    query: "{e} service owner",
    values: PEOPLE,
  },
  port: {
    name: "port",
    state: [
      "The {e} service listens on port {v}",
      "{E} service port: {v}",
      "The {e} service runs on port {v}",
      "The port of the {e} service is {v}",
    ],
    change: [
      "The {e} service port changed from {o} to {v}",
      "The {e} service now listens on port {v}",
      "The {e} service port is now {v}",
    ],
    question: ["Which port does the {e} service listen on?", "is the {e} service still on port {o}?"],
    query: "{e} service port",
    values: ["8080", "8081", "8443", "9090", "9443", "7000", "7443", "5000", "6060", "3000", "4000", "8888"],
  },
  region: {
    name: "region",
    state: ["The {e} service is deployed in {v}", "{E} service region: {v}", "The {e} service region is {v}"],
    change: [
      "The {e} service was moved to {v}",
      "The {e} service is now deployed in {v}",
      "The {e} service region changed from {o} to {v}",
    ],
    question: ["What region is the {e} service deployed in?", "Should we move the {e} service to {v}?"],
    query: "{e} service region",
    values: REGIONS,
  },
  version: {
    name: "version",
    state: [
      "Production runs {e} {v}",
      "The {e} version in production is {v}",
      "We run {e} {v} in production",
    ],
    change: [
      "{E} was upgraded to {v} in production",
      "Production {e} is now {v}",
      "{E} in production was bumped from {o} to {v}",
    ],
    question: ["Which {e} version does production run?", "Maybe we should upgrade {e} to {v} next month"],
    query: "{e} version in production",
    values: [],
  },
  oncall: {
    name: "oncall",
    state: [
      "{v} is on call for the {e} team this week",
      "On-call for the {e} team: {v}",
      "The {e} team's on-call engineer is {v}",
    ],
    change: [
      "On-call for the {e} team rotated to {v}",
      "{v} took over on-call for the {e} team",
      "The {e} team's on-call engineer is now {v}",
    ],
    question: ["Who is on call for the {e} team?", "Is {o} still on call for the {e} team?"],
    query: "{e} team on-call engineer",
    values: PEOPLE,
  },
  limit: {
    name: "limit",
    state: ["The {e} is {v} {u}", "{E}: {v} {u}", "The {e} is set to {v} {u}"],
    change: [
      "The {e} was raised to {v} {u}",
      "The {e} is now {v} {u}",
      "The {e} changed from {o} to {v} {u}",
    ],
    question: ["What is the {e}?", "Could we lower the {e} to {v} {u}?"],
    query: "{e}",
    values: [],
  },
};

const COMPONENTS: [string, string[]][] = [
  ["PostgreSQL", ["14.11", "15.6", "16.2", "16.3"]],
  ["Node.js", ["18.19", "20.11", "20.12", "22.1"]],
  ["Kafka", ["3.5.1", "3.6.2", "3.7.0"]],
  ["Redis", ["6.2.14", "7.2.4", "7.4.0"]],
  ["nginx", ["1.24.0", "1.25.4", "1.26.0"]],
  ["Terraform", ["1.5.7", "1.7.5", "1.8.2"]],
  ["Kubernetes", ["1.27", "1.28", "1.29", "1.30"]],
  ["Python", ["3.10", "3.11", "3.12"]],
];
const LIMITS: [string, string, string[]][] = [
  ["API rate limit", "requests per minute", ["100", "250", "500", "1000"]],
  ["upload size limit", "MB", ["10", "25", "50", "100"]],
  ["database connection limit", "connections", ["50", "100", "200", "400"]],
  ["gateway request timeout", "seconds", ["30", "45", "60", "90"]],
  ["webhook retry limit", "attempts", ["3", "5", "8", "10"]],
];

export interface FactSpec {
  id: string;
  family: string;
  entity: string;
  /** Words that name the fact's subject and attribute, e.g. "payments service owner". */
  query: string;
  /** Values over time, in order; the last is current. */
  history: { value: string; day: number }[];
}

export interface StreamEvent {
  day: number;
  /** ISO event time. */
  at: string;
  text: string;
  type: "observation" | "question";
  /** What generated it, for reports. */
  tag: "state" | "change" | "restate" | "echo" | "question" | "chit-chat" | "self-note";
  fact: string | null;
}

export interface Stream {
  seed: number;
  days: number;
  start: string;
  messy: boolean;
  /** Identifiers the stream always writes in lower case: a belief spelling one otherwise was re-capitalised. */
  identifiers: string[];
  facts: FactSpec[];
  events: StreamEvent[];
}

export interface StreamOptions {
  seed?: number;
  /** Simulated days. Default 30. */
  days?: number;
  /** How many facts (at most 40). Default 40. */
  facts?: number;
  /** First day, ISO date. Default 2026-03-01. */
  start?: string;
  /**
   * Lower-case service identifiers, chat-phrased changes, acknowledgements and greetings.
   * Default true; false gives the classic stream.
   */
  messy?: boolean;
}

/** A lower-case identifier ("ledger-db", "nginx") keeps its case even at the start of a sentence. */
const KEEP_CASE = new Set([...SERVICE_IDS, "nginx"]);

const fill = (tpl: string, e: string, v: string, o: string, u: string, messy = false) =>
  tpl
    .replaceAll("{E}", messy && KEEP_CASE.has(e) ? e : e[0]!.toUpperCase() + e.slice(1))
    .replaceAll("{e}", e)
    .replaceAll("{v}", v)
    .replaceAll("{o}", o)
    .replaceAll("{u}", u)
    .trim();

function allFacts(messy: boolean): { family: Family; entity: string; values: string[]; unit: string }[] {
  const out: { family: Family; entity: string; values: string[]; unit: string }[] = [];
  const services = messy ? SERVICE_IDS : SERVICES;
  const family = (name: string): Family => {
    const f = FAMILIES[name]!;
    return messy ? { ...f, change: [...f.change, ...(CHATTY_CHANGES[name] ?? [])] } : f;
  };
  for (const s of services) out.push({ family: family("owner"), entity: s, values: PEOPLE, unit: "" });
  for (const s of services)
    out.push({ family: family("port"), entity: s, values: FAMILIES.port!.values, unit: "" });
  for (const s of services.slice(0, 6))
    out.push({ family: family("region"), entity: s, values: REGIONS, unit: "" });
  for (const [c, vs] of COMPONENTS) out.push({ family: family("version"), entity: c, values: vs, unit: "" });
  for (const t of TEAMS) out.push({ family: family("oncall"), entity: t, values: PEOPLE, unit: "" });
  for (const [l, u, vs] of LIMITS) out.push({ family: family("limit"), entity: l, values: vs, unit: u });
  // Interleave families so a small stream still covers every kind of fact.
  const byFamily = new Map<string, typeof out>();
  for (const f of out) byFamily.set(f.family.name, [...(byFamily.get(f.family.name) ?? []), f]);
  const lists = [...byFamily.values()];
  const mixed: typeof out = [];
  for (let i = 0; mixed.length < out.length; i++) for (const l of lists) if (l[i]) mixed.push(l[i]!);
  return mixed;
}

const CHIT_CHAT = [
  "ok",
  "Thanks!",
  "sounds good",
  "got it, thanks",
  "Great, will do.",
  "cool",
  "👍 done",
  "Perfect.",
];
/** Messy stream: acknowledgements and greetings that are not facts (drawn instead of CHIT_CHAT). */
const MESSY_CHIT_CHAT = [
  ...CHIT_CHAT,
  "Thanks, that helps.",
  "ok sounds good",
  "let me check",
  "Hi!",
  "Good morning, team.",
  "Thanks for the quick answer, that really helps.",
  "np, happy to help",
  "Makes sense, thank you.",
  "brb, grabbing a coffee",
  "Great, that's all I needed for now.",
];
const SELF_NOTES = [
  "I will remember to double-check the {e} numbers tomorrow",
  "Note to self: look at the {e} dashboard later",
  "Let me check the {e} runbook before answering",
  "I'll keep in mind that the user cares about {e}",
];
const MESSY_SELF_NOTES = [
  ...SELF_NOTES,
  "let me check the {e} logs first",
  "Reminder to myself: ask about {e} at standup",
  "I should look into {e} after lunch",
];
const ECHOES = [
  "As noted before, {s}",
  "> {s}",
  "I recall that {l}",
  '"{s}"',
  "From memory: {s}",
  "As we discussed earlier, {l}",
];

/** Generates the stream. */
export function generateStream(options: StreamOptions = {}): Stream {
  const seed = options.seed ?? 42;
  const days = options.days ?? 30;
  const start = options.start ?? "2026-03-01";
  const messy = options.messy ?? true;
  const rng = createRandom(seed);
  const specs = allFacts(messy).slice(0, Math.min(options.facts ?? 40, 40));
  const chitChat = messy ? MESSY_CHIT_CHAT : CHIT_CHAT;
  const selfNotes = messy ? MESSY_SELF_NOTES : SELF_NOTES;

  const facts: FactSpec[] = specs.map((s, i) => {
    const order = [...s.values];
    // Shuffled value order per fact (Fisher-Yates); versions and limits keep their natural order.
    if (s.family.name !== "version" && s.family.name !== "limit")
      for (let j = order.length - 1; j > 0; j--) {
        const k = Math.floor(rng() * (j + 1));
        [order[j], order[k]] = [order[k]!, order[j]!];
      }
    const changes =
      s.family.name === "oncall" ? Math.floor((days - 1) / 7) : Math.floor(rng() * Math.min(4, order.length));
    const changeDays = new Set<number>();
    if (s.family.name === "oncall") for (let d = 8; d <= days; d += 7) changeDays.add(d);
    else
      while (changeDays.size < Math.min(changes, days - 1))
        changeDays.add(2 + Math.floor(rng() * (days - 1)));
    const history = [{ value: order[0]!, day: 1 }];
    [...changeDays]
      .sort((a, b) => a - b)
      .forEach((d, j) => {
        history.push({ value: order[(j + 1) % order.length]!, day: d });
      });
    return {
      id: `f${i + 1}`,
      family: s.family.name,
      entity: s.entity,
      query: fill(s.family.query, s.entity, "", "", s.unit, messy),
      history,
    };
  });

  const events: StreamEvent[] = [];
  for (let day = 1; day <= days; day++) {
    const date = new Date(Date.parse(`${start}T00:00:00.000Z`) + (day - 1) * 86_400_000);
    const todays: Omit<StreamEvent, "at" | "day">[] = [];
    facts.forEach((f, i) => {
      const spec = specs[i]!;
      const fam = spec.family;
      const idx = f.history.findLastIndex((h) => h.day <= day);
      const current = f.history[idx]!.value;
      const previous = idx > 0 ? f.history[idx - 1]!.value : current;
      const next = spec.values.find((v) => v !== current) ?? current;
      const state = () => fill(pick(rng, fam.state), f.entity, current, previous, spec.unit, messy);
      if (day === 1) todays.push({ text: state(), type: "observation", tag: "state", fact: f.id });
      else if (f.history[idx]!.day === day)
        todays.push({
          text: fill(pick(rng, fam.change), f.entity, current, previous, spec.unit, messy),
          type: "observation",
          tag: "change",
          fact: f.id,
        });
      else if (rng() < 0.25) todays.push({ text: state(), type: "observation", tag: "restate", fact: f.id });
      if (day > 1 && rng() < 0.08) {
        const s = state();
        const l = s[0]!.toLowerCase() + s.slice(1);
        todays.push({
          text: pick(rng, ECHOES).replace("{s}", s).replace("{l}", l),
          type: "observation",
          tag: "echo",
          fact: f.id,
        });
      }
      if (rng() < 0.06)
        todays.push({
          text: fill(pick(rng, fam.question), f.entity, next, current, spec.unit, messy),
          type: rng() < 0.5 ? "question" : "observation",
          tag: "question",
          fact: f.id,
        });
    });
    const chat = 2 + Math.floor(rng() * 3);
    for (let c = 0; c < chat; c++)
      todays.push({ text: pick(rng, chitChat), type: "observation", tag: "chit-chat", fact: null });
    if (rng() < 0.7)
      todays.push({
        text: fill(pick(rng, selfNotes), pick(rng, specs).entity, "", "", "", messy),
        type: "observation",
        tag: "self-note",
        fact: null,
      });
    // Today's events in a shuffled order, but a fact's change always precedes talk about the new value.
    const order = todays.map((t, i) => ({ t, k: t.tag === "change" ? -1 + rng() * 0.01 : rng(), i }));
    order.sort((a, b) => a.k - b.k || a.i - b.i);
    order.forEach(({ t }, n) => {
      const at = new Date(date.getTime() + (8 * 60 + n * 7) * 60_000).toISOString();
      events.push({ day, at, ...t });
    });
  }
  // Regions are always lower case; so, in the messy stream, are service ids and nginx.
  const identifiers = messy ? [...SERVICE_IDS, "nginx", ...REGIONS] : [...REGIONS];
  return { seed, days, start, messy, identifiers, facts, events };
}
