/**
 * `npm run eval -- rotting-stream [--seed 42] [--days 30] [--facts 40] [--classic]`: a month of
 * messy agent traffic recorded with `record`, one simulated day at a time on an injected clock,
 * consolidated and maintained at the end of each day as an agent would. Then: how many beliefs
 * are active against the true number of current facts, the share that is usable (current and not
 * a duplicate), stale beliefs still active, chit-chat distilled into beliefs, identifiers whose
 * case a stored belief changed, and recall@3 of every current value. And every supersession the
 * store made (a belief closed with `supersededBy`: superseded, merged, contradiction resolved)
 * checked against the stream's truth: correct, wrong (retired by a statement that does not
 * replace it), and the true replacements missed.
 */
import { openMemory } from "../../src/open-memory.js";
import { type FactSpec, generateStream, type Stream, type StreamOptions } from "./generator.js";

export interface BeliefJudgement {
  id: string;
  text: string;
  fact: string | null;
  /** current: states a fact's current value; stale: an old value only; other: no fact's value. */
  state: "current" | "stale" | "other";
  duplicate: boolean;
}

export interface RecapitalisedBelief {
  id: string;
  text: string;
  /** The identifier as the stream always writes it, and as the belief spells it. */
  identifier: string;
  spelled: string;
}

/** One supersession edge the store made: `older` closed, `newer` its successor. */
export interface SupersessionEdge {
  older: { id: string; text: string; fact: string | null; value: string | null };
  newer: { id: string; text: string; fact: string | null; value: string | null };
  /** The closed belief's status reason: superseded, merged, contradiction-resolved … */
  reason: string;
  /**
   * correct: the same fact, and the newer states the same value (a restatement folded in) or a
   * later one; wrong: another fact, no fact, or an earlier value of the same fact; unjudged: the
   * older names no fact's value (nothing the stream's truth can say about it).
   */
  verdict: "correct" | "wrong" | "unjudged";
}

/** A true change of the stream (fact, old value → new value) whose older belief was not replaced. */
export interface MissedReplacement {
  fact: string;
  from: string;
  to: string;
  /** both-active: the older belief is still active (a candidate pair if `candidate`); retired: closed another way (decay, TTL …). */
  state: "both-active" | "retired";
  candidate: boolean;
  older: { id: string; text: string; status: string; reason: string | null };
}

export interface RottingStreamReport {
  seed: number;
  days: number;
  facts: number;
  /** Whether the stream was the messy one (lower-case identifiers, chat, acknowledgements). */
  messy: boolean;
  events: number;
  eventsByTag: Record<string, number>;
  activeBeliefs: number;
  /** Active beliefs of every kind (facts, failures, rules …), chit-chat included. */
  activeAllKinds: number;
  usable: number;
  usableShare: number;
  duplicates: number;
  stale: number;
  other: number;
  /** Facts with no active belief stating the current value. */
  missing: number;
  recallAt3: number;
  recallHits: number;
  /**
   * Active beliefs (any kind) distilled from acknowledgements, greetings or self-notes: every
   * source episode is chit-chat or a self-note, or the text is one of them.
   */
  chitChat: number;
  /** Active beliefs (any kind) that spell a lower-case identifier of the stream in another case. */
  recapitalised: number;
  chitChatBeliefs: { id: string; kind: string; text: string }[];
  recapitalisedBeliefs: RecapitalisedBelief[];
  staleBeliefs: BeliefJudgement[];
  otherBeliefs: BeliefJudgement[];
  duplicateBeliefs: BeliefJudgement[];
  recallMisses: { fact: string; query: string; current: string; top3: string[] }[];
  /** Supersession edges (beliefs closed with a successor), judged against the stream's truth. */
  supersessions: { correct: number; wrong: number; unjudged: number; missed: number };
  wrongSupersessions: SupersessionEdge[];
  unjudgedSupersessions: SupersessionEdge[];
  missedReplacements: MissedReplacement[];
  ms: number;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A value as a whole token: "8080" is not in "18080", "16.2" is not in "16.21". */
const mentions = (text: string, value: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}.])${escapeRe(value)}(?![\\p{L}\\p{N}]|\\.\\d)`, "iu").test(text);

/** The fact a text is about: its entity is named and the text mentions one of its values. */
export function classify(text: string, facts: readonly FactSpec[]): Pick<BeliefJudgement, "fact" | "state"> {
  const hints: Record<string, RegExp> = {
    owner: /\bown|\btook over\b|\bhanded over\b/i,
    port: /\bport\b/i,
    region: /\b(?:region|deployed|moved to)\b|[a-z]{2}-[a-z]+-\d/i,
    version: /./,
    oncall: /on[- ]call/i,
    limit: /./,
  };
  let best: Pick<BeliefJudgement, "fact" | "state"> = { fact: null, state: "other" };
  for (const f of facts) {
    if (!mentions(text, f.entity) || !hints[f.family]!.test(text)) continue;
    const current = f.history.at(-1)!.value;
    // "changed from A to B": the value after "to" is what the text asserts.
    const asserted = /\bfrom\s+\S+\s+to\s+(.+)$/i.exec(text)?.[1] ?? text;
    if (mentions(asserted, current)) return { fact: f.id, state: "current" };
    if (f.history.some((h) => mentions(asserted, h.value))) best = { fact: f.id, state: "stale" };
  }
  return best;
}

/**
 * The value of `fact` a text asserts ("changed from A to B" asserts B), or null when it names none
 * of the fact's values or does not name the fact.
 */
export function assertedValue(text: string, fact: FactSpec): string | null {
  if (classify(text, [fact]).fact !== fact.id) return null;
  const asserted = /\bfrom\s+\S+\s+to\s+(.+)$/i.exec(text)?.[1] ?? text;
  return fact.history.findLast((h) => mentions(asserted, h.value))?.value ?? null;
}

interface ClosedBelief {
  id: string;
  text: string;
  status: string;
  statusReason: string | null;
  supersededBy: string | null;
}

/**
 * Every supersession edge among `beliefs` (a belief closed with a successor), judged against the
 * stream's truth, and every true change whose older value was stated by a belief no correct edge
 * replaced. A fact's values never repeat in its history, so a value's index orders them.
 */
export function judgeSupersessions(
  beliefs: readonly ClosedBelief[],
  facts: readonly FactSpec[],
  candidatePairs: readonly { a: string; b: string }[] = [],
): { edges: SupersessionEdge[]; missed: MissedReplacement[] } {
  const byId = new Map(beliefs.map((b) => [b.id, b]));
  const read = (b: ClosedBelief): SupersessionEdge["older"] => {
    const fact = classify(b.text, facts).fact;
    const spec = facts.find((f) => f.id === fact);
    return { id: b.id, text: b.text, fact, value: spec ? assertedValue(b.text, spec) : null };
  };
  const index = (fact: string, value: string | null) =>
    facts.find((f) => f.id === fact)!.history.findIndex((h) => h.value === value);
  const edges: SupersessionEdge[] = [];
  for (const b of beliefs) {
    if (b.status === "forgotten" || !b.supersededBy) continue;
    const next = byId.get(b.supersededBy);
    if (!next) continue;
    const older = read(b);
    const newer = read(next);
    const verdict: SupersessionEdge["verdict"] =
      older.fact === null || older.value === null
        ? "unjudged"
        : newer.fact === older.fact && index(older.fact, newer.value) >= index(older.fact, older.value)
          ? "correct"
          : "wrong";
    edges.push({ older, newer, reason: b.statusReason ?? "", verdict });
  }
  // What each belief asserts of each fact, read once.
  const said = new Map<string, string | null>();
  const saidOf = (b: ClosedBelief, f: FactSpec) => {
    const key = `${b.id}\u0000${f.id}`;
    if (!said.has(key)) said.set(key, assertedValue(b.text, f));
    return said.get(key)!;
  };
  const pending = new Set(candidatePairs.flatMap((p) => [`${p.a} ${p.b}`, `${p.b} ${p.a}`]));
  const missed: MissedReplacement[] = [];
  for (const f of facts)
    for (let i = 1; i < f.history.length; i++) {
      const from = f.history[i - 1]!.value;
      const to = f.history[i]!.value;
      // Beliefs that state the replaced value; one replaced by a correct edge (directly, or merged
      // into one that was) makes the change.
      const olders = beliefs.filter((b) => b.status !== "forgotten" && saidOf(b, f) === from);
      // Through restatements folded into another belief of the same value, to the one that carries it.
      const carrier = (id: string): { id: string; edge: SupersessionEdge | undefined } => {
        const seen = new Set<string>();
        let at = id;
        for (;;) {
          const e = edges.find((x) => x.older.id === at);
          if (e?.verdict !== "correct" || e.newer.value !== from || seen.has(e.newer.id))
            return { id: at, edge: e };
          seen.add(at);
          at = e.newer.id;
        }
      };
      for (const b of olders) {
        const c = carrier(b.id);
        if (c.id !== b.id) continue; // the belief it was folded into answers for it
        if (c.edge) continue; // replaced (correct) or counted among the wrong
        const newer = beliefs.filter(
          (n) => n.status === "active" && saidOf(n, f) !== null && saidOf(n, f) !== from,
        );
        missed.push({
          fact: f.id,
          from,
          to,
          state: b.status === "active" ? "both-active" : "retired",
          candidate: newer.some((n) => pending.has(`${b.id} ${n.id}`)),
          older: { id: b.id, text: b.text, status: b.status, reason: b.statusReason },
        });
      }
    }
  return { edges, missed };
}

/** Case-insensitive, whole-token occurrences of an identifier, as spelled in the text. */
function spellings(text: string, identifier: string): string[] {
  const re = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(identifier)}(?![\\p{L}\\p{N}])`, "giu");
  return [...text.matchAll(re)].map((m) => m[0]);
}

/** The first identifier a text spells in another case than the stream always writes it. */
export function recapitalisation(
  text: string,
  identifiers: readonly string[],
): { identifier: string; spelled: string } | null {
  for (const identifier of identifiers) {
    const spelled = spellings(text, identifier).find((s) => s !== identifier);
    if (spelled) return { identifier, spelled };
  }
  return null;
}

const normal = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

export async function evaluateRottingStream(options: StreamOptions = {}): Promise<RottingStreamReport> {
  const started = globalThis.performance.now();
  const stream: Stream = generateStream(options);
  let now = new Date(`${stream.start}T00:00:00.000Z`);
  const mem = await openMemory({ path: ":memory:", clock: { now: () => now } });
  // Which episodes hold chit-chat or self-notes, and their texts, to recognise beliefs made of them.
  const smallTalkEpisodes = new Set<string>();
  const smallTalkTexts = new Set(
    stream.events.filter((e) => e.tag === "chit-chat" || e.tag === "self-note").map((e) => normal(e.text)),
  );
  try {
    for (let day = 1; day <= stream.days; day++) {
      for (const e of stream.events) {
        if (e.day !== day) continue;
        now = new Date(e.at);
        const r = await mem.record(e.text, { at: e.at, type: e.type });
        if (r.stored && r.layer === "episode" && (e.tag === "chit-chat" || e.tag === "self-note"))
          smallTalkEpisodes.add(r.id);
      }
      // End of the day: the agent sleeps.
      now = new Date(Date.parse(`${stream.start}T23:00:00.000Z`) + (day - 1) * 86_400_000);
      await mem.consolidate();
      await mem.maintain();
    }

    const allActive = (await mem.list({ status: "active", limit: 10_000 })).flatMap((b) =>
      b.layer === "belief" ? [b] : [],
    );
    const active = allActive.filter((b) => b.kind === "fact");
    const chitChatBeliefs = allActive
      .filter(
        (b) =>
          (b.sources.length > 0 && b.sources.every((s) => smallTalkEpisodes.has(s))) ||
          smallTalkTexts.has(normal(b.text)),
      )
      .map((b) => ({ id: b.id, kind: b.kind, text: b.text }));
    const recapitalisedBeliefs = allActive.flatMap((b) => {
      const r = recapitalisation(b.text, stream.identifiers);
      return r ? [{ id: b.id, text: b.text, ...r }] : [];
    });
    const seen = new Set<string>();
    const judged: BeliefJudgement[] = active.map((b) => {
      const c = classify(b.text, stream.facts);
      const duplicate = c.state === "current" && seen.has(c.fact!);
      if (c.state === "current") seen.add(c.fact!);
      return { id: b.id, text: b.text, ...c, duplicate };
    });
    const usable = judged.filter((j) => j.state === "current" && !j.duplicate).length;

    const recallMisses: RottingStreamReport["recallMisses"] = [];
    for (const f of stream.facts) {
      const current = f.history.at(-1)!.value;
      const hits = await mem.recall(f.query, { k: 3 });
      if (!hits.some((h) => classify(h.text, [f]).state === "current"))
        recallMisses.push({ fact: f.id, query: f.query, current, top3: hits.map((h) => h.text) });
    }
    const everyBelief = (await mem.list({ status: "any", limit: 10_000 })).flatMap((b) =>
      b.layer === "belief" ? [b] : [],
    );
    const candidatePairs = await mem.candidates({ limit: 500 });
    const { edges, missed } = judgeSupersessions(everyBelief, stream.facts, candidatePairs);
    const eventsByTag: Record<string, number> = {};
    for (const e of stream.events) eventsByTag[e.tag] = (eventsByTag[e.tag] ?? 0) + 1;
    const round = (x: number) => Math.round(x * 1000) / 1000;
    return {
      seed: stream.seed,
      days: stream.days,
      facts: stream.facts.length,
      messy: stream.messy,
      events: stream.events.length,
      eventsByTag,
      activeBeliefs: judged.length,
      activeAllKinds: allActive.length,
      usable,
      usableShare: round(judged.length === 0 ? 0 : usable / judged.length),
      duplicates: judged.filter((j) => j.duplicate).length,
      stale: judged.filter((j) => j.state === "stale").length,
      other: judged.filter((j) => j.state === "other").length,
      missing: stream.facts.filter((f) => !seen.has(f.id)).length,
      recallAt3: round((stream.facts.length - recallMisses.length) / stream.facts.length),
      recallHits: stream.facts.length - recallMisses.length,
      chitChat: chitChatBeliefs.length,
      recapitalised: recapitalisedBeliefs.length,
      chitChatBeliefs,
      recapitalisedBeliefs,
      staleBeliefs: judged.filter((j) => j.state === "stale"),
      otherBeliefs: judged.filter((j) => j.state === "other"),
      duplicateBeliefs: judged.filter((j) => j.duplicate),
      recallMisses,
      supersessions: {
        correct: edges.filter((e) => e.verdict === "correct").length,
        wrong: edges.filter((e) => e.verdict === "wrong").length,
        unjudged: edges.filter((e) => e.verdict === "unjudged").length,
        missed: missed.length,
      },
      wrongSupersessions: edges.filter((e) => e.verdict === "wrong"),
      unjudgedSupersessions: edges.filter((e) => e.verdict === "unjudged"),
      missedReplacements: missed,
      ms: Math.round(globalThis.performance.now() - started),
    };
  } finally {
    await mem.store.close?.();
  }
}

export function parseRottingStreamArgs(args: readonly string[]): StreamOptions {
  const options: StreamOptions = {};
  for (let i = 0; i < args.length; i += 2) {
    if (args[i] === "--classic") {
      options.messy = false;
      i--;
      continue;
    }
    const value = Number(args[i + 1]);
    if (!Number.isInteger(value) || value < 1)
      throw new Error(
        `E_BAD_ARGS: "${args[i]}" needs a positive integer (use --seed, --days, --facts, --classic)`,
      );
    if (args[i] === "--seed") options.seed = value;
    else if (args[i] === "--days") options.days = value;
    else if (args[i] === "--facts") options.facts = value;
    else
      throw new Error(`E_BAD_ARGS: unknown argument "${args[i]}" (use --seed, --days, --facts, --classic)`);
  }
  return options;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function renderRottingStreamMarkdown(r: RottingStreamReport): string {
  const lines = [
    `${r.messy ? "Messy" : "Classic"} stream, seed ${r.seed}, ${r.days} days, ${r.facts} facts, ${r.events} events recorded (${Object.entries(
      r.eventsByTag,
    )
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}); ${(r.ms / 1000).toFixed(1)} s.`,
    "",
    "| measure | value | aim |",
    "|---|---:|---:|",
    `| active fact beliefs / current facts | ${r.activeBeliefs} / ${r.facts} | ≈ 1 |`,
    `| active beliefs of every kind | ${r.activeAllKinds} | ≈ ${r.facts} |`,
    `| usable (current, not duplicated) | ${r.usable} (${pct(r.usableShare)}) | ≥ 90% |`,
    `| duplicates of a current value | ${r.duplicates} | 0 |`,
    `| stale beliefs still active | ${r.stale} | 0 |`,
    `| other (no fact's value) | ${r.other} | 0 |`,
    `| facts with no current belief | ${r.missing} | 0 |`,
    `| chit-chat beliefs (acknowledgements, greetings, self-notes) | ${r.chitChat} | 0 |`,
    `| re-capitalised identifiers ("ledger-db" stored as "Ledger-db") | ${r.recapitalised} | 0 |`,
    `| recall@3 of current values | ${r.recallHits}/${r.facts} (${pct(r.recallAt3)}) | 100% |`,
    `| supersessions correct / wrong / unjudged | ${r.supersessions.correct} / ${r.supersessions.wrong} / ${r.supersessions.unjudged} | wrong 0 |`,
    `| true replacements missed (older still active or retired otherwise) | ${r.supersessions.missed} | 0 |`,
  ];
  const list = (title: string, xs: BeliefJudgement[]) => {
    if (xs.length === 0) return;
    lines.push("", `${title}:`);
    for (const x of xs) lines.push(`- ${x.id} (${x.fact ?? "–"}): ${x.text}`);
  };
  list("Stale beliefs still active", r.staleBeliefs);
  list("Duplicates", r.duplicateBeliefs);
  const chat = new Set(r.chitChatBeliefs.map((b) => b.id));
  list(
    "Other active beliefs (chit-chat listed below)",
    r.otherBeliefs.filter((b) => !chat.has(b.id)),
  );
  if (r.chitChatBeliefs.length > 0) {
    lines.push("", "Chit-chat beliefs:");
    for (const b of r.chitChatBeliefs) lines.push(`- ${b.id} (${b.kind}): ${b.text}`);
  }
  if (r.recapitalisedBeliefs.length > 0) {
    lines.push("", "Re-capitalised identifiers:");
    for (const b of r.recapitalisedBeliefs)
      lines.push(`- ${b.id} (${b.identifier} → ${b.spelled}): ${b.text}`);
  }
  if (r.wrongSupersessions.length > 0) {
    lines.push("", "Wrong supersessions (older → newer):");
    for (const e of r.wrongSupersessions)
      lines.push(
        `- ${e.older.id} (${e.older.fact} ${e.older.value}) "${e.older.text}" → ${e.newer.id} (${e.newer.fact ?? "–"} ${e.newer.value ?? "–"}) "${e.newer.text}" [${e.reason}]`,
      );
  }
  if (r.unjudgedSupersessions.length > 0) {
    lines.push("", "Supersessions of a belief that names no fact's value:");
    for (const e of r.unjudgedSupersessions)
      lines.push(`- ${e.older.id} "${e.older.text}" → ${e.newer.id} "${e.newer.text}" [${e.reason}]`);
  }
  if (r.missedReplacements.length > 0) {
    lines.push("", "True replacements missed:");
    for (const m of r.missedReplacements)
      lines.push(
        `- ${m.fact} ${m.from} → ${m.to}: ${m.older.id} "${m.older.text}" ${m.state}${m.candidate ? " (candidate pair)" : ""}${m.state === "retired" ? ` (${m.older.reason})` : ""}`,
      );
  }
  if (r.recallMisses.length > 0) {
    lines.push("", "Recall misses:");
    for (const m of r.recallMisses)
      lines.push(`- ${m.fact} "${m.query}" (current ${m.current}): ${m.top3.join(" | ")}`);
  }
  return lines.join("\n");
}
