/**
 * `strata demo`: a scripted agent session, three weeks long, written into a fresh SQLite file
 * with a fixed clock, so the transcript is the same on every run (apart from the file's path).
 * Every write shows the gate's verdict and reason; the reads show why they answered as they did.
 */
import { existsSync, statSync } from "node:fs";
import type { AssociationView, PreparedWrap, SaveReport } from "../../core/continuity/wraps.js";
import type { HistoryResult, Memory } from "../../core/engine.js";
import { StrataError } from "../../core/errors.js";
import type {
  AuditVerification,
  Belief,
  ContextResult,
  Episode,
  GateResult,
  OutcomeResult,
  RecallHit,
  StatsResult,
} from "../../core/model.js";
import type { Clock } from "../../core/ports.js";
import type { HealthReport } from "../../core/sleep/health.js";
import type { SleepReport } from "../../core/sleep/report.js";
import { fixed2, indent, type Style, table, truncate } from "../style.js";
import {
  type ContinuityView,
  renderAssociations,
  renderContinuity,
  renderSaveReport,
  runContinuity,
} from "./continuity.js";
import { renderVerify } from "./integrity.js";
import { renderOutcome, renderPinned } from "./lifecycle.js";
import { renderContext, renderHistory, renderRecall, renderStats } from "./reads.js";
import { renderHealth, renderSleepReport } from "./sleep.js";
import { renderGate } from "./writes.js";

export type DemoStep =
  | { kind: "gate"; command: string; at: string; result: GateResult }
  | { kind: "pin"; command: string; at: string; result: Belief }
  | { kind: "recall"; command: string; at: string; result: RecallHit[] }
  | { kind: "context"; command: string; at: string; result: ContextResult }
  | { kind: "outcome"; command: string; at: string; result: OutcomeResult }
  | { kind: "history"; command: string; at: string; result: HistoryResult }
  | { kind: "verify"; command: string; at: string; result: AuditVerification }
  | { kind: "ledger"; command: string; at: string; result: LedgerView }
  | { kind: "health"; command: string; at: string; result: HealthReport }
  | { kind: "sleep"; command: string; at: string; result: SleepReport }
  | { kind: "wrap"; command: string; at: string; result: PreparedWrap }
  | { kind: "save"; command: string; at: string; result: SaveReport }
  | { kind: "continuity"; command: string; at: string; result: ContinuityView }
  | { kind: "associations"; command: string; at: string; result: AssociationView[] };

/** A namespace's current set: its active beliefs and the episodes still waiting to be distilled. */
export interface LedgerView {
  namespace: string;
  /** Active beliefs plus pending episodes: what an agent reading this memory would see. */
  entries: number;
  beliefs: Belief[];
  pending: Episode[];
  /** Entries before the last consolidation, when this view follows one. */
  before: number | null;
}

export interface DemoAct {
  title: string;
  /** What to watch for, in one sentence. */
  note: string;
  steps: DemoStep[];
}

export interface DemoTranscript {
  path: string;
  namespace: string;
  startedAt: string;
  endedAt: string;
  acts: DemoAct[];
  stats: StatsResult;
}

/** Day one of the scripted session; the clock only moves forward from here. */
export const DEMO_START = "2026-03-02T09:00:00.000Z";
const HOUR = 3_600_000;

/** A clock the script moves by hand. */
class ScriptClock implements Clock {
  private ms = Date.parse(DEMO_START);
  now(): Date {
    return new Date(this.ms);
  }
  advance(hours: number): void {
    this.ms += hours * HOUR;
  }
}

const q = (s: string) => JSON.stringify(s);

/**
 * Runs the script into `path`, which must not exist yet (the transcript quotes ids, so it needs
 * an empty store).
 *
 *   const transcript = await runDemo({ path: "/tmp/strata-demo/memory.db" });
 */
export async function runDemo(args: { path: string }): Promise<DemoTranscript> {
  if (existsSync(args.path) && statSync(args.path).size > 0)
    throw new StrataError(
      "CONFLICT",
      `The demo writes a fresh store, and ${args.path} already exists. Pass a new --db path, or none for a temporary file.`,
      { path: args.path },
    );
  const clock = new ScriptClock();
  const { openMemory } = await import("../../open-memory.js");
  // A fixed secret as well as a fixed clock: two runs give the same hashes (a throwaway store).
  const mem = await openMemory({
    path: args.path,
    clock,
    actor: "demo",
    random: (bytes) => new Uint8Array(bytes).fill(0x5a),
  });
  try {
    return await script(mem, clock, args.path);
  } finally {
    await mem.close();
  }
}

async function script(mem: Memory, clock: ScriptClock, path: string): Promise<DemoTranscript> {
  const acts: DemoAct[] = [];
  let act: DemoAct | null = null;
  const begin = (title: string, note: string) => {
    act = { title, note, steps: [] };
    acts.push(act);
  };
  const step = <S extends DemoStep>(s: Omit<S, "at">): S["result"] => {
    act!.steps.push({ ...s, at: clock.now().toISOString() } as DemoStep);
    return s.result;
  };
  const now = () => clock.now().toISOString();

  const record = async (
    content: string,
    o: {
      type: "observation" | "decision" | "tension" | "question" | "outcome";
      outcome?: "success" | "failure";
      session: string;
    },
    hours = 3,
  ) => {
    const flags = [`--type ${o.type}`, o.outcome ? `--outcome ${o.outcome}` : "", `--session ${o.session}`]
      .filter(Boolean)
      .join(" ");
    const result = await mem.record(content, o);
    step({ kind: "gate", command: `strata record ${q(content)} ${flags}`, result });
    clock.advance(hours);
    return result;
  };
  const remember = async (statement: string, o: { source?: string; at?: string } = {}, hours = 3) => {
    const flags = [o.source ? `--source ${o.source}` : "", o.at ? `--at ${o.at}` : ""].filter(Boolean);
    const result = await mem.remember(statement, o);
    step({ kind: "gate", command: `strata remember ${q(statement)} ${flags.join(" ")}`.trim(), result });
    clock.advance(hours);
    return result;
  };

  begin(
    "Act 1 · Week one: the agent records what happens",
    "Every episode goes through the write gate; a repeat strengthens the first one instead of piling up.",
  );
  const s1 = "deploy-1";
  await record("Deploy of billing-service to staging failed: migration lock timeout", {
    type: "outcome",
    outcome: "failure",
    session: s1,
  });
  await record("Released the stale migration lock and redeployed billing-service; staging is green", {
    type: "outcome",
    outcome: "success",
    session: s1,
  });
  const migrationJob = await record(
    "Decided to run database migrations as a separate job before each deploy",
    {
      type: "decision",
      session: s1,
    },
  );
  const smokeTests = await record("Smoke tests on staging passed with the separate migration job", {
    type: "outcome",
    outcome: "success",
    session: s1,
  });
  await record(
    "Product wants Friday releases; on-call wants a Friday freeze",
    {
      type: "tension",
      session: s1,
    },
    20,
  );
  const s2 = "ops-2";
  await record("Nightly backup job finished in fourteen minutes", {
    type: "observation",
    outcome: "success",
    session: s2,
  });
  await record("Invoice export timed out for a customer with forty thousand invoices", {
    type: "outcome",
    outcome: "failure",
    session: s2,
  });
  await record("Paginated the invoice export; the large customer's export completed", {
    type: "outcome",
    outcome: "success",
    session: s2,
  });
  await record("The disk-usage alert fired thirty times overnight without a real problem", {
    type: "observation",
    outcome: "failure",
    session: s2,
  });
  await record("Added a ten minute delay to the disk-usage alert", { type: "decision", session: s2 }, 20);
  const s3 = "deploy-3";
  await record("Production deploy of billing-service succeeded with the migration job", {
    type: "outcome",
    outcome: "success",
    session: s3,
  });
  await record(
    "Deploy of billing-service to staging failed: migration lock timeout",
    {
      type: "outcome",
      outcome: "failure",
      session: s3,
    },
    24,
  );

  begin(
    "Act 2 · A fact, said three ways",
    "One belief, not three: a paraphrase adds support, and a recalled memory written back is not news.",
  );
  const fact = await remember("The API rate limit is 100 requests per minute", { source: "docs" }, 24);
  await remember("API rate limit: 100 requests per minute", { source: "user" }, 24);
  await remember("As noted before, the API rate limit is 100 requests per minute", {}, 48);

  begin(
    "Act 3 · Week two: the fact changes",
    "The new value supersedes the old one, which is closed and kept; a question changes nothing; an old value slots into history.",
  );
  const changed = await remember(
    "The API rate limit is now 250 requests per minute",
    { source: "changelog" },
    24,
  );
  await record(
    "Is the API rate limit 500 requests per minute on the enterprise plan?",
    {
      type: "question",
      session: "support-4",
    },
    24,
  );
  await remember(
    "The API rate limit was 60 requests per minute",
    { source: "old-wiki", at: "2026-01-15" },
    24,
  );

  begin(
    "Act 4 · Rules and identity",
    "A rule is WHEN → PREFER; feedback is an outcome, so it moves confidence. A pinned belief is identity: first in every context.",
  );
  const when = "importing records through the partner API";
  const prefer = "batch requests and back off on HTTP 429";
  const rule = await mem.capture({ when, prefer, feedback: "positive" });
  step({
    kind: "gate",
    command: `strata capture --when ${q(when)} --prefer ${q(prefer)} --feedback positive`,
    result: rule,
  });
  clock.advance(24);
  const identity = await remember(
    "I am the release assistant for the billing team; I never deploy on Fridays",
    {
      source: "operator",
    },
    1,
  );
  const pinned = await mem.pin(identity.id);
  step({ kind: "pin", command: `strata pin ${identity.id}`, result: pinned });
  clock.advance(6 * 24);

  begin(
    "Act 5 · Week three: recall and context",
    "Recall says why each item ranked; context fits identity, lessons, facts and recent events into a token budget, citing ids.",
  );
  const hits = await mem.recall("API rate limit", { k: 3 });
  step({ kind: "recall", command: `strata recall "API rate limit" -k 3`, result: hits });
  const ctx = await mem.context("bulk import through the partner API", { tokenBudget: 300 });
  step({
    kind: "context",
    command: `strata context "bulk import through the partner API" --budget 300`,
    result: ctx,
  });
  clock.advance(6);

  begin("Act 6 · Feedback", "Only outcomes move confidence: one success takes an unverified 0.50 to 0.67.");
  const outcome = await mem.outcome(changed.id, true);
  step({ kind: "outcome", command: `strata outcome ${changed.id} success`, result: outcome });
  clock.advance(2);

  begin(
    "Act 7 · Time travel and integrity",
    "Asked about a date before the change, recall answers with what held then; history shows the whole chain; the audit chain verifies.",
  );
  const before = "2026-03-07";
  const then = await mem.recall("API rate limit", { k: 1, at: before, kinds: ["fact"] });
  step({
    kind: "recall",
    command: `strata recall "API rate limit" -k 1 --at ${before} --kinds fact`,
    result: then,
  });
  const history = await mem.history(fact.id);
  step({ kind: "history", command: `strata history ${fact.id}`, result: history });
  const verified = await mem.verifyAudit();
  step({ kind: "verify", command: "strata verify", result: verified });
  clock.advance(10);

  await rottedLedger(mem, clock, begin, step);
  await sessionWrap(mem, clock, begin, step, record, [migrationJob.id, smokeTests.id]);

  return {
    path,
    namespace: mem.namespace,
    startedAt: DEMO_START,
    endedAt: now(),
    acts,
    stats: await mem.stats(),
  };
}

type Begin = (title: string, note: string) => void;
type Step = <S extends DemoStep>(s: Omit<S, "at">) => S["result"];

/** The ten rotted entries: `[kind, text, days before now, rule parts]`. */
const LEDGER: [
  kind: "fact" | "rule",
  text: string,
  daysAgo: number,
  rule?: [when: string, prefer: string],
][] = [
  ["fact", "The retry limit of the payment worker is 5", 40],
  ["fact", "The retry limit of the payment worker is now 8", 12],
  ["fact", "Payment worker retry limit: 8", 10],
  ["rule", "", 30, ["the target model is Claude", "use XML delimiters"]],
  ["rule", "", 6, ["target model is Claude", "avoid XML delimiters"]],
  ["rule", "", 25, ["deploying on a Friday", "run the smoke tests first"]],
  ["rule", "", 20, ["shipping a hotfix", "run the smoke tests first"]],
  ["rule", "", 15, ["releasing a new version", "run the smoke tests first"]],
];
const LEDGER_NS = "ledger";

/**
 * Act 8: an append-only ledger, as a memory without consolidation leaves it, imported into its
 * own namespace straight through the write kernel (the gate would have caught some of it at
 * write time), then one `consolidate`. Timings are zeroed so the transcript stays deterministic.
 */
async function rottedLedger(mem: Memory, clock: ScriptClock, begin: Begin, step: Step): Promise<void> {
  begin(
    "Act 8 · Ten rotted entries, one night's sleep",
    "An append-only ledger (a stale value, a paraphrase, two rules that contradict, three sibling rules, chit-chat, a recalled memory written back) imported as it was; consolidate cleans it up and says why for every change.",
  );
  const ns = LEDGER_NS;
  const now = clock.now().getTime();
  // The agent wrote a recalled memory back into its log, and said thanks.
  await mem.record("As noted before, the payment worker retry limit is 8", { namespace: ns });
  await mem.record("ok, thanks!", { namespace: ns });
  const ids: string[] = [];
  for (const [kind, text, daysAgo, rule] of LEDGER) {
    const statement = rule ? `WHEN ${rule[0]} → PREFER ${rule[1]}` : text;
    const [vector] = await mem.embedder.embed([statement]);
    ids.push(
      await mem.store.transaction((tx) =>
        mem.writes.insertBelief(tx, {
          namespace: ns,
          kind,
          text: statement,
          ...(rule ? { when: rule[0], prefer: rule[1] } : {}),
          validFrom: new Date(now - daysAgo * 24 * HOUR).toISOString(),
          sources: [],
          source: "ledger import",
          now: mem.writes.now(),
          vector: vector!,
        }),
      ),
    );
  }
  // The XML rule has worked before; its rival never has.
  await mem.outcome(ids[3]!, true, { namespace: ns });

  const view = async (before: number | null): Promise<LedgerView> => {
    const beliefs = (await mem.list({ namespace: ns, limit: 100 })) as ({ layer: "belief" } & Belief)[];
    const pending = await mem.pending({ namespace: ns });
    return {
      namespace: ns,
      entries: beliefs.length + pending.length,
      beliefs: beliefs.map(({ layer: _, ...b }) => b),
      pending,
      before,
    };
  };
  const before = await view(null);
  step({ kind: "ledger", command: `strata -n ${ns} list   # and: strata -n ${ns} pending`, result: before });
  step({ kind: "health", command: `strata -n ${ns} health`, result: await mem.health({ namespace: ns }) });
  clock.advance(8);
  const report = await mem.consolidate({ namespace: ns });
  report.work.ms = 0;
  step({ kind: "sleep", command: `strata -n ${ns} consolidate`, result: report });
  step({
    kind: "ledger",
    command: `strata -n ${ns} list   # and: strata -n ${ns} pending`,
    result: await view(before.entries),
  });
  step({ kind: "health", command: `strata -n ${ns} health`, result: await mem.health({ namespace: ns }) });
}

export function renderLedger(v: LedgerView, style: Style): string {
  const head =
    v.before === null
      ? `${v.entries} entries: ${v.beliefs.length} active beliefs, ${v.pending.length} pending episodes`
      : `${style.bold(`${v.before} → ${v.entries} entries`)}: ${v.beliefs.length} active beliefs, ${v.pending.length} pending episodes`;
  const rows = [
    ...v.beliefs.map((b) => ({
      id: b.id,
      kind: b.kind,
      conf: fixed2(b.confidence),
      text: `${b.text}${b.exceptions.length ? style.dim(` [${b.exceptions.length} exception]`) : ""}`,
    })),
    ...v.pending.map((e) => ({ id: e.id, kind: "episode", conf: "-", text: e.content })),
  ];
  const body = table(
    rows,
    [
      { header: "ID", value: (r) => r.id, color: style.id },
      { header: "KIND", value: (r) => r.kind },
      { header: "CONF", value: (r) => r.conf, right: true },
      { header: "TEXT", value: (r) => truncate(r.text, 110) },
    ],
    style,
  );
  return `${head}\n${body}`;
}

type RecordEpisode = (
  content: string,
  o: { type: "observation" | "decision" | "outcome"; outcome?: "success" | "failure"; session: string },
  hours?: number,
) => Promise<GateResult>;

const wrapDigest = (state: string, patterns: string[], decision: string) =>
  [
    "## State",
    `- ${state}`,
    "",
    "## Patterns",
    ...patterns,
    "",
    "## Decisions",
    `- ${decision}`,
    "",
    "## Context",
    "- billing-service deploys go through staging first",
  ].join("\n");

/**
 * Act 9: two session wraps in the default namespace. Wrap A introduces a pattern at 1x on
 * grounded evidence; wrap B cites a new grounded episode, so it graduates to 2x, and a second,
 * fabricated pattern claiming 3x on an ungrounded citation is shown demoted with its marker.
 */
async function sessionWrap(
  mem: Memory,
  clock: ScriptClock,
  begin: Begin,
  step: Step,
  record: RecordEpisode,
  [migrationJob, smokeTests]: string[],
): Promise<void> {
  begin(
    "Act 9 · The session wrap",
    "The agent rewrites its always-loaded digest at each session end; a pattern earns a level only on cited, grounded evidence from that wrap, one step per wrap, and a fabricated claim is demoted in plain sight.",
  );
  const session = "wrap-9";
  const hotfix = await record(
    "Hotfix of billing-service shipped; the separate migration job ran first and staging stayed green",
    { type: "outcome", outcome: "success", session },
  );
  const wrapA = await mem.prepareWrap({ session });
  step({ kind: "wrap", command: `strata prepare-wrap --session ${session}`, result: wrapA });
  clock.advance(1);
  const pattern = "Run database migrations as a separate job before deploying billing-service";
  const digestA = wrapDigest(
    "billing-service deploys are green with the separate migration job",
    [
      `- ${pattern} | 1x [evidence: ${migrationJob} "run database migrations as a separate job", ${smokeTests} "smoke tests passed with the separate migration job", ${hotfix.id} "hotfix shipped after the separate migration job ran first"]`,
    ],
    "Migrations run as their own job before each deploy",
  );
  const affect = { tag: "relieved", intensity: 0.6 };
  const savedA = await mem.saveContinuity(digestA, { token: wrapA.token!, affect });
  step({
    kind: "save",
    command: `strata save-continuity wrap-a.md --token ${wrapA.token} --affect-tag ${affect.tag} --affect-intensity ${affect.intensity}`,
    result: savedA,
  });
  clock.advance(20);

  const release = await record(
    "Release of billing-service to production succeeded after the migration job ran separately first",
    { type: "outcome", outcome: "success", session },
  );
  const rota = await record("Rotated the on-call schedule for the billing team", {
    type: "observation",
    session,
  });
  const wrapB = await mem.prepareWrap({ session });
  step({ kind: "wrap", command: `strata prepare-wrap --session ${session}`, result: wrapB });
  clock.advance(1);
  const digestB = wrapDigest(
    "billing-service is in production; migrations run as a separate job",
    [
      `- ${pattern} | 2x [evidence: ${release.id} "production release succeeded after the migration job ran separately"]`,
      `- Friday deploys never cause incidents | 3x [evidence: ${rota.id} "Friday deploys were incident free all quarter"]`,
    ],
    `Keep the migration job; it also covered the hotfix (${hotfix.id})`,
  );
  const savedB = await mem.saveContinuity(digestB, { token: wrapB.token! });
  step({ kind: "save", command: `strata save-continuity wrap-b.md --token ${wrapB.token}`, result: savedB });
  step({ kind: "continuity", command: "strata continuity", result: await runContinuity(mem) });
  step({
    kind: "associations",
    command: "strata associations",
    result: await mem.associations(),
  });
  clock.advance(2);
}

/** The demo shows the wrap's frame and its first episodes, not the whole package. */
export function renderWrapSummary(w: PreparedWrap, style: Style): string {
  if (w.status === "empty" || !w.package) return style.dim("Nothing to wrap.");
  const episodes = w.package.split("\n").filter((l) => l.startsWith("- [e"));
  const shown = episodes.slice(0, 4).map((l) => truncate(l, 110));
  const more = episodes.length > shown.length ? [style.dim(`… ${episodes.length - shown.length} more`)] : [];
  return [
    `wrap ${w.wrap} · token ${style.id(w.token ?? "-")} · ${w.episodes.total} episodes frozen, ${w.episodes.shown} in the package (${w.package.length} chars)`,
    ...shown,
    ...more,
  ].join("\n");
}

function renderStep(s: DemoStep, style: Style): string {
  switch (s.kind) {
    case "gate":
      return renderGate(s.result, style);
    case "pin":
      return renderPinned(s.result, style);
    case "recall":
      return renderRecall(s.result, style);
    case "context":
      return renderContext(s.result, style);
    case "outcome":
      return renderOutcome(s.result, style);
    case "history":
      return renderHistory(s.result, style);
    case "verify":
      return renderVerify(s.result, style);
    case "ledger":
      return renderLedger(s.result, style);
    case "health":
      return renderHealth(s.result, style);
    case "sleep":
      return renderSleepReport(s.result, style);
    case "wrap":
      return renderWrapSummary(s.result, style);
    case "save":
      return renderSaveReport(s.result, style);
    case "continuity":
      return renderContinuity(s.result, style);
    case "associations":
      return renderAssociations(s.result, style);
  }
}

/**
 * The transcript for a person. `self` is how they run the CLI (`npx strata` from a clone without
 * a `strata` on the PATH), for the closing line's commands.
 *
 *   renderDemo(transcript, style, { self: "npx strata" }) // … "Explore it: npx strata --db … list"
 */
export function renderDemo(t: DemoTranscript, style: Style, options: { self?: string } = {}): string {
  const self = options.self ?? "strata";
  const out: string[] = [
    style.bold("Strata demo: three weeks of an agent's memory, on a fixed clock"),
    style.dim(`store: ${t.path}`),
  ];
  for (const act of t.acts) {
    out.push("", style.heading(act.title), style.dim(act.note));
    for (const s of act.steps) {
      out.push("", `${style.dim(s.at.slice(0, 16).replace("T", " "))}  ${style.bold(`$ ${s.command}`)}`);
      out.push(indent(renderStep(s, style)));
    }
  }
  out.push("", style.heading("What the store holds now"), renderStats(t.stats, style));
  out.push(
    "",
    style.dim(`Explore it: ${self} --db ${t.path} list   ·   ${self} --db ${t.path} explain <id>`),
  );
  return out.join("\n");
}
