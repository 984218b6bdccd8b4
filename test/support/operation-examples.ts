/**
 * A valid example input for every operation of the registry, over a small seeded scenario, and
 * the shared must-reject input. The registry's own test and the REST tests both run every entry,
 * and both fail when an operation has none: a new verb cannot ship without its example.
 *
 *   const s = await seedScenario(mem, "team-a");
 *   const input = await exampleInput("saveContinuity", s); // prepares a wrap first
 */
import type { Memory } from "../../src/core/engine.js";

export interface Scenario {
  mem: Memory;
  namespace: string;
  ids: { fact: string; other: string; episode: string };
}

export const DIGEST =
  "## State\nDeploys paused.\n\n## Patterns\n\n## Decisions\n- Raise the lock timeout\n\n## Context\nBilling service.";

/** Two beliefs and an episode in `namespace`: what the examples refer to. */
export async function seedScenario(mem: Memory, namespace: string): Promise<Scenario> {
  const fact = await mem.remember("The retry limit is 5", { namespace });
  const other = await mem.remember("The API gateway is Envoy", { namespace });
  const episode = await mem.record("The deploy of the billing service failed on a migration lock", {
    namespace,
  });
  return { mem, namespace, ids: { fact: fact.id, other: other.id, episode: episode.id } };
}

async function preparedToken({ mem, namespace }: Scenario): Promise<string> {
  await mem.record("We decided to raise the lock timeout to 30s", { type: "decision", namespace });
  const wrap = await mem.prepareWrap({ namespace });
  if (!wrap.token) throw new Error("the scenario should leave a wrap to prepare");
  return wrap.token;
}

/** Builds a valid input for each operation, preparing what it needs in the scenario first. */
export const EXAMPLES: Readonly<Record<string, (s: Scenario) => unknown | Promise<unknown>>> = {
  record: () => ({ content: "Deploy failed: migration lock timeout", type: "outcome", outcome: "failure" }),
  recordMany: () => ({
    items: ["The user asked about retries", { content: "Rolled back the deploy", type: "decision" }],
  }),
  remember: () => ({ statement: "Retry limit is 7", at: "2027-01-01T00:00:00Z" }),
  rememberMany: () => ({ items: ["Staging runs Postgres 16", { statement: "Deploys happen on Tuesdays" }] }),
  capture: () => ({ when: "target model is Anthropic", prefer: "use XML delimiters", feedback: "positive" }),
  recall: () => ({ query: "retry limit", k: 2, kinds: ["fact", "rule"] }),
  context: () => ({ goal: "deploy the service", tokenBudget: 400 }),
  get: (s) => ({ id: s.ids.fact }),
  list: () => ({ layer: "episode", limit: 5 }),
  explain: (s) => ({ id: s.ids.fact }),
  history: (s) => ({ id: s.ids.fact }),
  stats: () => ({}),
  health: () => ({}),
  outcome: (s) => ({ id: s.ids.fact, success: true, session: "s1" }),
  used: (s) => ({ id: s.ids.fact }),
  pin: (s) => ({ id: s.ids.other }),
  unpin: async (s) => {
    await s.mem.pin(s.ids.other, { namespace: s.namespace });
    return { id: s.ids.other };
  },
  restore: (s) => ({ id: s.ids.fact }),
  forget: (s) => ({ id: s.ids.other }),
  maintain: () => ({}),
  sweep: () => ({ full: true }),
  consolidate: () => ({}),
  candidates: () => ({ review: true, days: 3 }),
  judge: (s) => ({ judgments: [{ a: s.ids.fact, b: s.ids.other, verdict: "distinct" }] }),
  pending: () => ({ limit: 5 }),
  distil: (s) => ({ episodeIds: [s.ids.episode], propositions: ["Migrations need a longer lock timeout"] }),
  workerStatus: () => ({}),
  requestConsolidation: () => ({ note: "session s1 ended" }),
  prepareWrap: () => ({ session: "s1" }),
  saveContinuity: async (s) => ({ token: await preparedToken(s), text: DIGEST }),
  cancelWrap: async (s) => ({ token: await preparedToken(s) }),
  continuity: () => ({}),
  renderContinuity: () => ({}),
  continuityHistory: () => ({}),
  associations: () => ({ limit: 5 }),
  audit: () => ({ event: "belief.*", limit: 5 }),
  verifyAudit: () => ({}),
  exportAuditJsonl: () => ({ linesPerFile: 10 }),
  export: () => ({ format: "markdown" }),
  // The MCP memory server's format goes through the gate into any namespace (a Strata export
  // only into its own, empty one).
  import: () => ({
    source: JSON.stringify({
      type: "entity",
      name: "Billing",
      entityType: "service",
      observations: ["Billing runs on Postgres 16"],
    }),
  }),
};

/** The example input of an operation; throws when the operation has none. */
export async function exampleInput(name: string, s: Scenario): Promise<Record<string, unknown>> {
  const make = EXAMPLES[name];
  if (!make) throw new Error(`operation ${name} has no example in test/support/operation-examples.ts`);
  return (await make(s)) as Record<string, unknown>;
}

/**
 * A must-reject input for every operation: its valid example plus a field no operation takes
 * (every input schema is strict). Some operations get a sharper one besides.
 */
export async function badInputs(name: string, s: Scenario): Promise<Record<string, unknown>[]> {
  const valid = await exampleInput(name, s);
  const sharper: Record<string, Record<string, unknown>> = {
    remember: { statement: "" },
    record: { content: "x", type: "dream" },
    recall: { query: "retry", k: "many" },
    outcome: { id: s.ids.fact, success: "yes" },
    recordMany: { items: [] },
    judge: { judgments: [{ a: s.ids.fact, b: s.ids.other, verdict: "maybe" }] },
    list: { layer: "galaxy" },
    requestConsolidation: { note: "x".repeat(501) },
  };
  return [{ ...valid, surpriseField: 1 }, ...(sharper[name] ? [sharper[name]!] : [])];
}
