/**
 * Strata's MCP tools: a projection of the operations registry (src/core/operations). A tool
 * groups a few operations under one name, so tools/list stays small for the model that reads it
 * on every turn: each entry says when an agent should call it (a short description), its input
 * and output shapes (src/mcp/schemas.ts), the operations it dispatches to, and a compact text
 * rendering of the structured answer. Its annotations are derived from those operations'
 * (read-only only if all are, destructive if any is, idempotent only if all are), and every
 * call runs through `runOperation`: the registry's input validation and handler, no logic here.
 */
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import type { PreparedWrap, SaveReport } from "../core/continuity/wraps.js";
import { describeBelief, type Memory, type MemoryItem } from "../core/engine.js";
import { counted, StrataError } from "../core/errors.js";
import type { MaintainReport } from "../core/maintain.js";
import type {
  Belief,
  ContextResult,
  Episode,
  ExplainResult,
  ForgetResult,
  GateResult,
  OutcomeResult,
  RecallHit,
  StatsResult,
} from "../core/model.js";
import { OPERATION_BY_NAME, type Operation, runOperation } from "../core/operations/index.js";
import type { Access } from "../core/operations/operation.js";
import type { Judge } from "../core/ports.js";
import type { CandidatePair } from "../core/sleep/agent-judge.js";
import type { HealthReport } from "../core/sleep/health.js";
import type { SleepReport } from "../core/sleep/report.js";
import * as S from "./schemas.js";

/**
 * What a tool runs against: the engine (naming the client as actor), the caller's permission,
 * and the judge of sleep.
 */
export interface ToolContext {
  engine: Memory;
  /** The tool the caller called, which a refusal names (`Invalid inspect: …`, not the operation's name). */
  tool?: string;
  /**
   * Refuses (FORBIDDEN) an operation needing more access than the caller has: an HTTP caller
   * signed in with a read-only API key may recall but not remember. Every operation a tool runs
   * passes through it first.
   */
  permit(access: Access): void;
  /**
   * The judge of this call's sweep or consolidation, lent per call (`OperationContext.judge`):
   * the client's model through sampling when it offers it, else none (the engine's sleep judge);
   * `name` is what the answer reports.
   */
  sleepJudge(): { judge?: Judge; name: string };
}

export interface ToolSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  annotations: ToolAnnotations;
  /** The registry operations the tool dispatches to (Strata's tools; the compat set has none). */
  operations?: readonly string[];
  run(ctx: ToolContext, args: z.output<I>): Promise<z.output<O>>;
  text(result: z.output<O>): string;
}

/** The registry's operation of that name; a tool naming an unknown one is a programming error. */
export function operation(name: string): Operation {
  const op = OPERATION_BY_NAME.get(name);
  if (!op) throw new Error(`MCP tool names unknown operation "${name}"`);
  return op;
}

/**
 * A tool's annotations, from the operations it dispatches to: read-only only if all are,
 * destructive if any is, idempotent only if all are. Stated the way MCP reads them:
 * destructiveHint and idempotentHint mean something only for a tool that is not read-only;
 * readOnlyHint and idempotentHint default to false, so a write tool leaves them out when false;
 * destructiveHint and openWorldHint default to true, so they are always stated.
 */
export function toolAnnotations(operations: readonly string[]): ToolAnnotations {
  const ops = operations.map(operation);
  if (ops.every((o) => o.annotations.readOnly)) return { readOnlyHint: true, openWorldHint: false };
  return {
    destructiveHint: ops.some((o) => o.annotations.destructive),
    openWorldHint: false,
    ...(ops.every((o) => o.annotations.idempotent) ? { idempotentHint: true } : {}),
  };
}

type StrataToolSpec<I extends z.ZodType, O extends z.ZodType> = Omit<ToolSpec<I, O>, "annotations"> & {
  operations: readonly string[];
};

const tool = <I extends z.ZodType, O extends z.ZodType>(spec: StrataToolSpec<I, O>): ToolSpec =>
  ({ ...spec, annotations: toolAnnotations(spec.operations) }) as unknown as ToolSpec;

/**
 * Runs one registry operation for a tool: the registry parses the input (a refusal is
 * INVALID_INPUT naming the field) and its handler calls the engine, in the engine's namespace.
 */
const call = async <T>(ctx: ToolContext, name: string, input: object, judge?: Judge): Promise<T> => {
  const op = operation(name);
  ctx.permit(op.access);
  return (await runOperation(
    op,
    defined(input),
    { memory: ctx.engine, namespace: ctx.engine.namespace, ...(judge ? { judge } : {}) },
    // The tool typed, and the operation its what/action chose when that is another name.
    !ctx.tool || ctx.tool === op.name ? op.name : `${ctx.tool} (${op.name})`,
  )) as T;
};

/**
 * Stored text inside a one-line rendering: line breaks and other control characters are shown
 * escaped (`\n`), so a newline in an episode cannot fake another line of the answer.
 */
export const inline = (text: string): string =>
  text
    .replace(/\r\n|[\n\r\u2028\u2029]/g, "\\n")
    .replace(/\t/g, " ")
    .replace(/\p{Cc}/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** Drops undefined fields so the engine's strict option schemas see only what was sent. */
const defined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

const gate = (r: GateResult): z.output<typeof S.GateToolOutput> => ({
  verdict: r.verdict,
  id: r.id,
  superseded: r.superseded,
  reason: r.reason,
});
const gateText = (r: z.output<typeof S.GateToolOutput>) =>
  `${r.verdict} ${r.id}${r.superseded.length ? `; superseded ${r.superseded.join(", ")}` : ""}. ${inline(r.reason)}`;

const sleep = (r: SleepReport, judge: string): z.output<typeof S.SleepToolOutput> => ({
  judge,
  items: [
    ...r.items.map((i) => ({ action: i.action, id: i.id, by: i.by, reason: i.reason })),
    // Pairs the sweep's judge handed to its fallback, as items the model can read (no new field).
    ...(r.fallbacks ?? []).map((f) => ({
      action: "fallback",
      id: f.pairs[0]?.[0] ?? "",
      by: f.pairs[0]?.[1] ?? null,
      reason: `${counted(f.count, "pair")} judged by ${f.judge}: ${f.why}`,
    })),
  ],
});
const sleepText = (r: z.output<typeof S.SleepToolOutput>) => {
  const tally = new Map<string, number>();
  for (const i of r.items) tally.set(i.action, (tally.get(i.action) ?? 0) + 1);
  const counts = [...tally].map(([k, n]) => `${k} ${n}`);
  const lines = r.items.map((i) => `${i.id} ${i.action}${i.by ? ` by ${i.by}` : ""}: ${inline(i.reason)}`);
  return [`judge ${r.judge}; ${counts.length ? counts.join(", ") : "nothing to do"}`, ...lines].join("\n");
};

const explainText = (r: ExplainResult): string => {
  const head = r.belief
    ? `${r.belief.id} (${r.belief.status}) ${inline(describeBelief(r.belief))}`
    : `${r.episode!.id} (${r.episode!.status}) ${inline(r.episode!.content)}`;
  return [
    head,
    ...r.sources.map((e) => `source ${e.id}: ${inline(e.content)}`),
    r.supersededBy ? `superseded by ${r.supersededBy.id}: ${inline(r.supersededBy.text)}` : "",
    r.supersedes.length ? `supersedes ${r.supersedes.map((b) => b.id).join(", ")}` : "",
    `history: ${r.audit.map((a) => `${a.at.slice(0, 10)} ${a.event}`).join("; ")}`,
  ]
    .filter(Boolean)
    .join("\n");
};

const pendingText = (episodes: Episode[]): string =>
  episodes
    .map(
      (e) =>
        `${e.id} ${e.at.slice(0, 10)} ${e.type}${e.outcome ? ` (${e.outcome})` : ""}: ${inline(e.content)}`,
    )
    .join("\n") || "Nothing pending.";

const candidatesText = (pairs: CandidatePair[]): string =>
  pairs
    .map((p) =>
      p.decided
        ? `${p.a} "${inline(p.textA)}" | ${p.b} "${inline(p.textB)}" (${p.decided.closed} ${p.decided.action} by ${p.decided.by}, ${p.decided.judge}: ${inline(p.decided.reason)}; distinct undoes it)`
        : `${p.a} "${inline(p.textA)}" | ${p.b} "${inline(p.textB)}" (lexical: ${p.lexical.relation}, ${inline(p.lexical.reason)})`,
    )
    .join("\n") || "No pairs to judge.";

const statsText = (r: StatsResult): string =>
  `${r.namespace}: ${r.episodes.total} episodes; ${r.beliefs.total} beliefs (${Object.entries(
    r.beliefs.byStatus,
  )
    .map(([k, n]) => `${k} ${n}`)
    .join(", ")}); ${r.beliefs.pinned} pinned; ${r.audit.entries} audit entries`;

const healthText = (h: HealthReport): string => {
  const problems: [string, number, string[]][] = [
    ["stale", h.classes.stale.count, h.classes.stale.ids],
    ["dead", h.classes.dead.count, h.classes.dead.ids],
    ["drifting", h.classes.drifting.count, h.classes.drifting.ids],
    ["duplicates", h.duplicates.exact.count, h.duplicates.exact.groups.map((g) => g.join("="))],
    ["near duplicates", h.duplicates.near.count, h.duplicates.near.pairs.map((p) => p.join("~"))],
    ["echoes", h.echoes.count, h.echoes.ids],
    ["contradictions", h.contradictions.count, h.contradictions.pairs.map((p) => p.join("≠"))],
  ];
  return [
    `${h.active} active, ${(h.usable * 100).toFixed(0)}% usable`,
    ...problems.filter(([, n]) => n > 0).map(([k, n, list]) => `${k} ${n}: ${list.join(", ")}`),
  ].join("\n");
};

export const TOOLS: readonly ToolSpec[] = [
  tool({
    name: "recall",
    title: "Recall",
    description: "Before acting on what you may know: ranked beliefs with evidence.",
    input: S.RecallToolInput,
    output: S.RecallToolOutput,
    operations: ["recall"],
    run: async (ctx, args) => ({
      hits: (await call<{ hits: RecallHit[] }>(ctx, "recall", args)).hits.map((h) => ({
        id: h.id,
        kind: h.kind,
        text: h.text,
        ...(h.exceptions?.length ? { exceptions: h.exceptions } : {}),
        score: h.score,
        at: h.at,
        why: h.why.summary,
      })),
    }),
    text: (r) =>
      r.hits.length
        ? r.hits
            .map(
              (h) =>
                `${h.id} [${h.kind}] ${inline(h.text)}${h.exceptions ? ` (exceptions: ${inline(h.exceptions.join("; "))})` : ""} (score ${h.score.toFixed(2)})`,
            )
            .join("\n")
        : "Nothing recalled.",
  }),
  tool({
    name: "context",
    title: "Context",
    description: "At the start of a task: identity, lessons, knowledge and recent events.",
    input: S.ContextToolInput,
    output: S.ContextToolOutput,
    operations: ["context"],
    run: async (ctx, args) => {
      const r = await call<ContextResult>(ctx, "context", args);
      return { text: r.text, tokens: r.tokens, skipped: r.skipped.map((s) => s.id), whyEmpty: r.whyEmpty };
    },
    // An empty block would reach the model as an empty string, which says nothing: the engine's
    // reason, phrased for a model.
    text: (r) => {
      switch (r.whyEmpty) {
        case null:
          return r.text;
        case "over-budget":
          return `Nothing in context: ${r.skipped.join(", ")} did not fit the token budget; raise tokenBudget, or recall what you need.`;
        case "empty-namespace":
          return "Nothing in context: memory holds nothing yet (no belief and no event in this namespace). Record what happens and remember what lasts as you work; context returns them from then on.";
        default:
          return "Nothing in context: memory holds beliefs or events, but none bears on this goal. Recall searches by other words; record and remember what you learn here.";
      }
    },
  }),
  tool({
    name: "record",
    title: "Record",
    description: "Something worth remembering happened: decision, outcome, surprise, question.",
    input: S.RecordToolInput,
    output: S.GateToolOutput,
    operations: ["record"],
    run: async (ctx, args) => gate(await call<GateResult>(ctx, "record", args)),
    text: gateText,
  }),
  tool({
    name: "remember",
    title: "Remember",
    description: "A durable fact, lesson or procedure; contradicted beliefs are superseded.",
    input: S.RememberToolInput,
    output: S.GateToolOutput,
    operations: ["remember"],
    run: async (ctx, args) => gate(await call<GateResult>(ctx, "remember", args)),
    text: gateText,
  }),
  tool({
    name: "capture",
    title: "Capture rule",
    description: "When you find what works in a situation: a WHEN → PREFER rule.",
    input: S.CaptureToolInput,
    output: S.GateToolOutput,
    operations: ["capture"],
    run: async (ctx, args) => gate(await call<GateResult>(ctx, "capture", args)),
    text: gateText,
  }),
  tool({
    name: "outcome",
    title: "Outcome",
    description: "After acting on a recalled belief: did it work? Only outcomes move confidence.",
    input: S.OutcomeToolInput,
    output: S.OutcomeToolOutput,
    operations: ["outcome", "used"],
    run: async (ctx, { id, success }) => {
      if (success === undefined) {
        const b = await call<Belief>(ctx, "used", { id });
        return { id: b.id, confidenceBefore: b.confidence, confidenceAfter: b.confidence, uses: b.uses };
      }
      const r = await call<OutcomeResult>(ctx, "outcome", { id, success });
      return {
        id: r.belief.id,
        confidenceBefore: r.confidenceBefore,
        confidenceAfter: r.confidenceAfter,
        uses: r.belief.uses,
      };
    },
    text: (r) =>
      r.confidenceBefore === r.confidenceAfter
        ? `${r.id} used (${r.uses} uses); confidence ${r.confidenceAfter.toFixed(2)}`
        : `${r.id} confidence ${r.confidenceBefore.toFixed(2)} → ${r.confidenceAfter.toFixed(2)}`,
  }),
  tool({
    name: "inspect",
    title: "Inspect",
    description:
      "explain an id you doubt; pending episodes to distil; candidates to judge; continuity digest; stats; health.",
    input: S.InspectToolInput,
    output: S.InspectToolOutput,
    operations: ["explain", "pending", "candidates", "continuity", "stats", "health"],
    // Every field but `what` goes to the operation it names, whose schema refuses what it does not
    // take (`inspect stats` with an id, `pending` with review): never ignored in silence.
    run: async (ctx, { what, ...fields }) => {
      if (what === "explain") {
        if (!fields.id)
          throw new StrataError("INVALID_INPUT", "inspect explain needs an id (b… or e…).", { field: "id" });
        const r = await call<ExplainResult>(ctx, "explain", fields);
        return { text: explainText(r), result: { ...r } };
      }
      if (what === "pending") {
        const { episodes } = await call<{ episodes: Episode[] }>(ctx, "pending", fields);
        return { text: pendingText(episodes), result: { episodes } };
      }
      if (what === "candidates") {
        const { pairs } = await call<{ pairs: CandidatePair[] }>(ctx, "candidates", fields);
        return { text: candidatesText(pairs), result: { pairs } };
      }
      if (what === "continuity") {
        const { text } = await call<{ text: string }>(ctx, "continuity", fields);
        return { text, result: { text } };
      }
      if (what === "stats") {
        const r = await call<StatsResult>(ctx, "stats", fields);
        return { text: statsText(r), result: { ...r } };
      }
      const r = await call<HealthReport>(ctx, "health", fields);
      return { text: healthText(r), result: { ...r } };
    },
    text: (r) => r.text,
  }),
  tool({
    name: "curate",
    title: "Curate",
    description:
      "pin a constraint or identity the user states; restore what was retired or superseded by mistake.",
    input: S.CurateToolInput,
    output: S.CurateToolOutput,
    operations: ["pin", "unpin", "restore"],
    run: async (ctx, { action, id }) => {
      const item = await call<MemoryItem | Belief>(ctx, action, { id });
      return { id: item.id, status: item.status, pinned: "pinned" in item ? item.pinned : false };
    },
    text: (r) => `${r.id} ${r.status}${r.pinned ? ", pinned" : ""}`,
  }),
  tool({
    name: "forget",
    title: "Forget",
    description: "Only when the user asks to erase: content destroyed, hash and audit kept.",
    input: S.IdToolInput,
    output: S.ForgetToolOutput,
    operations: ["forget"],
    run: async (ctx, { id }) => {
      const r = await call<ForgetResult>(ctx, "forget", { id });
      // Where the store's files may still hold the text (forget's `purge.skipped`), said in the
      // reason itself: the tool's output schema stays as it was (tools/list's token budget).
      const left = (r.purge?.skipped ?? []).map(
        (s) =>
          ` Warning: the forgotten text may remain in ${s.part}'s files (${s.reason}); run: ${s.remedy}.`,
      );
      return {
        forgotten: r.forgotten.map((f) => f.id),
        reason: r.reason + left.join(""),
        wrapCancelled: r.wrapCancelled,
      };
    },
    // An open wrap this forget cancelled: the agent's save would be refused, so it is told here.
    text: (r) =>
      r.wrapCancelled === null
        ? r.reason
        : `${r.reason.replace(/\.$/, "")}. Wrap ${r.wrapCancelled} cancelled: its package showed the forgotten text; call wrap with action prepare for a new one.`,
  }),
  tool({
    name: "sleep",
    title: "Sleep",
    description: "consolidate at pauses (distil, merge, supersede); maintain: decay; sweep: supersede only.",
    input: S.SleepToolInput,
    output: S.SleepToolOutput,
    operations: ["maintain", "consolidate", "sweep"],
    run: async (ctx, { action, ...fields }) => {
      if (action === "maintain") {
        // maintain takes no field: `full` is refused by its schema, not ignored.
        const r = await call<MaintainReport>(ctx, "maintain", fields);
        return {
          judge: "none",
          items: r.items
            .filter((i) => i.action !== "skipped")
            .map((i) => ({ action: i.action, id: i.id, by: null, reason: i.reason })),
        };
      }
      const { judge, name } = ctx.sleepJudge();
      return sleep(await call<SleepReport>(ctx, action, fields, judge), name);
    },
    text: sleepText,
  }),
  tool({
    name: "settle",
    title: "Settle",
    description: "Answer inspect: distil pending episodes, or judge candidate pairs.",
    input: S.SettleToolInput,
    output: S.SleepToolOutput,
    operations: ["judge", "distil"],
    run: async (ctx, { judgments, episodeIds, propositions, valence }) => {
      if (judgments && (episodeIds || propositions))
        throw new StrataError(
          "INVALID_INPUT",
          "settle takes judgments or a distillation, not both: make two calls.",
        );
      // valence belongs to a distillation: the judge operation's schema refuses it beside judgments.
      if (judgments) return sleep(await call<SleepReport>(ctx, "judge", { judgments, valence }), "agent");
      if (!episodeIds || !propositions)
        throw new StrataError(
          "INVALID_INPUT",
          "settle needs judgments, or episodeIds with propositions (inspect pending lists the episodes).",
        );
      return sleep(await call<SleepReport>(ctx, "distil", { episodeIds, propositions, valence }), "agent");
    },
    text: sleepText,
  }),
  tool({
    name: "wrap",
    title: "Session wrap",
    description: "At session end: prepare, write the digest citing episode ids, save.",
    input: S.WrapToolInput,
    output: S.WrapToolOutput,
    operations: ["prepareWrap", "saveContinuity", "cancelWrap"],
    run: async (ctx, { action, token, text, affect }) => {
      const none = { token: null, package: null, text: null, notes: [] };
      // What an action does not take (a token or text with prepare, text with cancel) is refused
      // by its operation's schema.
      if (action === "prepare") {
        const w = await call<PreparedWrap>(ctx, "prepareWrap", { token, text, affect });
        return { ...none, status: w.status, token: w.token, package: w.package };
      }
      if (!token)
        throw new StrataError("INVALID_INPUT", `wrap ${action} needs the token that prepare returned.`);
      if (action === "cancel") {
        await call(ctx, "cancelWrap", { token, text, affect });
        return { ...none, status: "cancelled", token };
      }
      if (!text) throw new StrataError("INVALID_INPUT", "wrap save needs text: the compressed digest.");
      const r = await call<SaveReport>(ctx, "saveContinuity", { token, text, affect });
      const notes = [
        ...r.patterns.map(
          (p) => `${p.level}x ${p.outcome}: ${p.text}${p.markers.length ? ` (${p.markers.join("; ")})` : ""}`,
        ),
        ...r.dropped.map((d) => `dropped ${d.level}x: ${d.text}`),
        ...Object.entries(r.state).flatMap(([kind, list]) => list.map((t) => `${kind}: ${t}`)),
      ];
      return { status: "saved", token, package: null, text: r.text, notes };
    },
    text: (r) =>
      r.status === "ready"
        ? `token ${r.token}\n${r.package}`
        : r.status === "saved"
          ? ["saved", ...r.notes].join("\n")
          : r.status === "empty"
            ? "Nothing new to wrap."
            : "cancelled",
  }),
];

/**
 * Operations no Strata tool dispatches to, and why: an agent's tools stay few (tools/list is read
 * on every turn), so operator and bulk verbs stay on the CLI and REST surfaces.
 */
export const NOT_AGENT_TOOLS: Readonly<Record<string, string>> = {
  recordMany: "bulk loading is an operator's import (strata record --jsonl); an agent records as it goes",
  rememberMany:
    "bulk loading is an operator's import (strata remember --jsonl); an agent remembers as it goes",
  get: "served as the resource strata://item/{id}, not a tool",
  list: "paging through the whole store is an operator's view (strata list); agents recall",
  history: "inspect explain shows an item's supersessions; the whole chain is an operator's view",
  renderContinuity: "the continuity resource and inspect continuity serve the digest agents need",
  continuityHistory: "past digests are an operator's view (strata continuity history)",
  associations: "link weights are an operator's view; recall already follows them",
  audit: "the audit chain is an operator's record of what agents did, not a tool for them",
  verifyAudit: "verifying the audit chain is an operator's check (strata verify)",
  exportAuditJsonl: "exporting the audit chain is an operator's task (strata audit export)",
  export: "exporting a namespace is an operator's task (strata export)",
  import: "importing into a namespace is an operator's task, with admin access (strata import)",
  workerStatus:
    "the background worker's reports are an operator's view (strata worker-status, the dashboard)",
  requestConsolidation:
    "agents consolidate through the sleep tool; asking a background worker is the session-end hook's and operator's call",
};
