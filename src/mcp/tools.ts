/**
 * Strata's MCP tools: one table, one entry per engine verb. Each entry says when an agent should
 * call it (the description is read by the model on every turn, so it is short), its input and
 * output shapes (src/mcp/schemas.ts), honest annotations, the engine call, and a compact text
 * rendering of the structured answer. No logic of its own: every call is the engine's.
 */
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import { describeBelief, type Memory } from "../core/engine.js";
import { StrataError } from "../core/errors.js";
import type { Episode, ExplainResult, GateResult, Judgment, StatsResult } from "../core/model.js";
import type { CandidatePair } from "../core/sleep/agent-judge.js";
import type { HealthReport } from "../core/sleep/health.js";
import type { SleepReport } from "../core/sleep/report.js";
import * as S from "./schemas.js";

/** What a tool runs against: the engine, and the engine to sleep with (its judge named). */
export interface ToolContext {
  engine: Memory;
  /** The engine for sweeps and consolidation: with the sampling judge when the client offers it (else the engine's sleep judge). */
  sleeper(): { engine: Memory; judge: string };
}

export interface ToolSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  annotations: ToolAnnotations;
  run(ctx: ToolContext, args: z.output<I>): Promise<z.output<O>>;
  text(result: z.output<O>): string;
}

const tool = <I extends z.ZodType, O extends z.ZodType>(spec: ToolSpec<I, O>): ToolSpec =>
  spec as unknown as ToolSpec;

const READ: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };
// readOnlyHint and idempotentHint default to false, so a write tool leaves them out;
// destructiveHint defaults to true and openWorldHint to true, so they are always stated.
const WRITE: ToolAnnotations = { destructiveHint: false, openWorldHint: false };
const IDEMPOTENT: ToolAnnotations = { ...WRITE, idempotentHint: true };

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
      reason: `${f.count} pair${f.count === 1 ? "" : "s"} judged by ${f.judge}: ${f.why}`,
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
    description: "Before acting on what you may have seen before: ranked beliefs with evidence.",
    input: S.RecallToolInput,
    output: S.RecallToolOutput,
    annotations: READ,
    run: async ({ engine }, { query, ...o }) => ({
      hits: (await engine.recall(query, defined(o))).map((h) => ({
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
    description:
      "At the start of a task: identity, lessons, knowledge and recent events within a token budget.",
    input: S.ContextToolInput,
    output: S.ContextToolOutput,
    annotations: READ,
    run: async ({ engine }, { goal, ...o }) => {
      const r = await engine.context(goal ?? "", defined(o));
      return { text: r.text, tokens: r.tokens, skipped: r.skipped.map((s) => s.id) };
    },
    text: (r) => r.text,
  }),
  tool({
    name: "record",
    title: "Record",
    description: "Something worth remembering happened: decision, outcome, surprise, question.",
    input: S.RecordToolInput,
    output: S.GateToolOutput,
    annotations: WRITE,
    run: async ({ engine }, { content, ...o }) => gate(await engine.record(content, defined(o))),
    text: gateText,
  }),
  tool({
    name: "remember",
    title: "Remember",
    description: "A durable fact, lesson from failure or procedure; contradicted beliefs are superseded.",
    input: S.RememberToolInput,
    output: S.GateToolOutput,
    annotations: WRITE,
    run: async ({ engine }, { statement, ...o }) => gate(await engine.remember(statement, defined(o))),
    text: gateText,
  }),
  tool({
    name: "capture",
    title: "Capture rule",
    description: "When you find what works in a situation: a WHEN → PREFER rule.",
    input: S.CaptureToolInput,
    output: S.GateToolOutput,
    annotations: WRITE,
    run: async ({ engine }, args) => gate(await engine.capture(defined(args))),
    text: gateText,
  }),
  tool({
    name: "outcome",
    title: "Outcome",
    description: "After acting on a recalled belief: did it work? Only outcomes move confidence.",
    input: S.OutcomeToolInput,
    output: S.OutcomeToolOutput,
    annotations: WRITE,
    run: async ({ engine }, { id, success }) => {
      if (success === undefined) {
        const b = await engine.used(id);
        return { id: b.id, confidenceBefore: b.confidence, confidenceAfter: b.confidence, uses: b.uses };
      }
      const r = await engine.outcome(id, success);
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
    annotations: READ,
    run: async ({ engine }, { what, id, limit, offset, review, days }) => {
      if (what === "explain") {
        if (!id)
          throw new StrataError("INVALID_INPUT", "inspect explain needs an id (b… or e…).", { field: "id" });
        const r = await engine.explain(id);
        return { text: explainText(r), result: { ...r } };
      }
      if (what === "pending") {
        const episodes = await engine.pending(defined({ limit, offset }));
        return { text: pendingText(episodes), result: { episodes } };
      }
      if (what === "candidates") {
        const pairs = await engine.candidates(defined({ limit, offset, review, days }));
        return { text: candidatesText(pairs), result: { pairs } };
      }
      if (what === "continuity") {
        const text = await engine.continuity();
        return { text, result: { text } };
      }
      if (what === "stats") {
        const r = await engine.stats();
        return { text: statsText(r), result: { ...r } };
      }
      const r = await engine.health();
      return { text: healthText(r), result: { ...r } };
    },
    text: (r) => r.text,
  }),
  tool({
    name: "curate",
    title: "Curate",
    description:
      "pin a standing constraint or identity the user states; restore an item retired or superseded by mistake.",
    input: S.CurateToolInput,
    output: S.CurateToolOutput,
    annotations: IDEMPOTENT,
    run: async ({ engine }, { action, id }) => {
      const item =
        action === "restore"
          ? await engine.restore(id)
          : action === "pin"
            ? await engine.pin(id)
            : await engine.unpin(id);
      return { id: item.id, status: item.status, pinned: "pinned" in item ? item.pinned : false };
    },
    text: (r) => `${r.id} ${r.status}${r.pinned ? ", pinned" : ""}`,
  }),
  tool({
    name: "forget",
    title: "Forget",
    description: "Only when the user asks to erase something: content destroyed, hash and audit kept.",
    input: S.IdToolInput,
    output: S.ForgetToolOutput,
    annotations: { ...IDEMPOTENT, destructiveHint: true },
    run: async ({ engine }, { id }) => {
      const r = await engine.forget(id);
      return { forgotten: r.forgotten.map((f) => f.id), reason: r.reason };
    },
    text: (r) => r.reason,
  }),
  tool({
    name: "sleep",
    title: "Sleep",
    description:
      "consolidate at pauses: distil, merge, resolve, supersede; maintain: cheap decay; sweep: supersede only.",
    input: S.SleepToolInput,
    output: S.SleepToolOutput,
    annotations: IDEMPOTENT,
    run: async (ctx, { action, full }) => {
      if (action === "maintain") {
        const r = await ctx.engine.maintain();
        return {
          judge: "none",
          items: r.items
            .filter((i) => i.action !== "skipped")
            .map((i) => ({ action: i.action, id: i.id, by: null, reason: i.reason })),
        };
      }
      const { engine, judge } = ctx.sleeper();
      const o = defined({ full });
      return sleep(action === "sweep" ? await engine.sweep(o) : await engine.consolidate(o), judge);
    },
    text: sleepText,
  }),
  tool({
    name: "settle",
    title: "Settle",
    description: "Answer inspect: distil pending episodes into propositions, or judge candidate pairs.",
    input: S.SettleToolInput,
    output: S.SleepToolOutput,
    annotations: WRITE,
    run: async ({ engine }, { judgments, episodeIds, propositions, valence }) => {
      if (judgments && (episodeIds || propositions))
        throw new StrataError(
          "INVALID_INPUT",
          "settle takes judgments or a distillation, not both: make two calls.",
        );
      if (judgments) return sleep(await engine.judge(judgments as Judgment[]), "agent");
      if (!episodeIds || !propositions)
        throw new StrataError(
          "INVALID_INPUT",
          "settle needs judgments, or episodeIds with propositions (inspect pending lists the episodes).",
        );
      return sleep(await engine.distil(episodeIds, propositions, defined({ valence })), "agent");
    },
    text: sleepText,
  }),
  tool({
    name: "wrap",
    title: "Session wrap",
    description: "At session end: prepare, compress into the digest citing episode ids, save.",
    input: S.WrapToolInput,
    output: S.WrapToolOutput,
    annotations: WRITE,
    run: async ({ engine }, { action, token, text, affect }) => {
      const none = { token: null, package: null, text: null, notes: [] };
      if (action === "prepare") {
        const w = await engine.prepareWrap();
        return { ...none, status: w.status, token: w.token, package: w.package };
      }
      if (!token)
        throw new StrataError("INVALID_INPUT", `wrap ${action} needs the token that prepare returned.`);
      if (action === "cancel") {
        await engine.cancelWrap(token);
        return { ...none, status: "cancelled", token };
      }
      if (!text) throw new StrataError("INVALID_INPUT", "wrap save needs text: the compressed digest.");
      const r = await engine.saveContinuity(text, defined({ token, affect }));
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
