/**
 * Distillation without a model: undistilled episodes become beliefs.
 *
 *   1. take statements of state said in passing out of longer turns ("…by the way, I moved my
 *      dentist appointment to Thursdays"): each is its own proposition (chat-turns.ts); a pronoun
 *      of it that stands for a thing said earlier in the turn keeps that thing's words for the
 *      gate's matching, in `metadata.referents` (referents.ts), never in its text
 *   1b. drop what cannot stand alone (chit-chat, questions, self-notes, fragments, and turns made
 *      only of phatic sentences: greetings, thanks, well-wishes; dialogue-acts.ts)
 *   2. cluster the rest by the lexical judge (paraphrases together), split by outcome:
 *      failures become `failure` beliefs under their own valence
 *   3. each cluster, oldest first, goes through the write gate as one proposition, so a
 *      restatement strengthens, a change supersedes, and a recalled memory fed back in
 *      never becomes a second belief
 *   4. provenance to every source episode; validFrom from the earliest
 *   5. the same action with both results becomes one "mixed results" belief (sleep/mixed.ts)
 *
 * A cluster of one episode is stored in its own words: a statement of fact restated faithfully.
 * A cluster of several is worded by the fullest episode, unless the sleep judge writes (a model
 * judge's `distil`): then, outside any transaction, the model states what they have in common
 * ("Avoid: X fails when Y"), checked against the episodes (generalise.ts `checkDistillation`);
 * the episodes' wording is kept in `metadata.lexicalText`.
 */
import { coverKeys, coverNeeds } from "../judge/coverage.js";
import { loadTagger, restatesLexically } from "../judge/lexical-judge.js";
import { withSourceWords } from "../kept-content.js";
import type { Belief, Episode, GateResult, Outcome } from "../model.js";
import type { Judge, Lexicon, Store, StoreWriter } from "../ports.js";
import { withSleepRecord } from "../sleep-record.js";
import { analyseEcho, contentTokens, type ReferentEntry, withReferents } from "../text.js";
import { ASKING_TURN, DISTILLED_SOURCE, REFERENTS_KEY, RESTATED_SLOTS, RESTATES } from "../vocabulary.js";
import { decide } from "../write-gate.js";
import type { Writes } from "../writes.js";
import { SAID_WHILE_ASKING, statementsInAskingTurn } from "./asking-turns.js";
import { statementsOfState } from "./chat-turns.js";
import { onlyPhatic } from "./dialogue-acts.js";
import { distilCluster } from "./generalise.js";
import { storeMixed } from "./mixed.js";
import { referentsOf, topicsOf } from "./referents.js";
import { makeReport, type SleepItem, type SleepReport } from "./report.js";
import { type Older, restatedBeliefs, restatements, SaidBefore, staysEpisode } from "./restatements.js";
import { standalone } from "./standalone.js";
import { inSteps, type StepBound } from "./steps.js";

interface Cluster {
  episodes: Episode[];
  valence: Outcome | null;
  text: string;
  /** A clause out of a longer turn: what its pronouns stand for in that turn, and its neighbour's topic (referents.ts). */
  referents?: ReferentEntry[];
  /** Set when a judge was asked to word the cluster: what it said, for the report and metadata. */
  worded?: { note: string; by: string | null; lexical: string };
  /** An unmarked restatement of a slot (restatements.ts): the older statements it gives another value of. */
  restates?: Older[];
  /** A statement out of a turn that asks (asking-turns.ts): a change it would make is left to the agent. */
  askingTurn?: true;
}

/**
 * What a clause taken out of a longer turn reads as: a pronoun whose thing was said elsewhere in
 * the turn keeps that thing's words for matching, and so does the topic a neighbouring sentence
 * names without one (`NEIGHBOUR_TOPIC`, referents.ts).
 */
function inTurnReferents(
  turn: string,
  text: string,
  lexicon: Lexicon | undefined,
): { referents?: ReferentEntry[] } {
  const pronouns = referentsOf(turn, text, { lexicon });
  const read = withReferents(text, pronouns);
  const referents: ReferentEntry[] = [
    ...pronouns,
    ...topicsOf(turn, text, { lexicon })
      .filter((topic) => withReferents(read, [{ topic }]) !== read)
      .map((topic) => ({ topic })),
  ];
  return referents.length > 0 ? { referents } : {};
}

/** Clusters a writing judge is asked to word per consolidation, at most: one request each. */
export const MAX_DISTIL_REQUESTS = 20;

function valenceOf(e: Episode): Outcome | null {
  return e.outcome;
}

/**
 * Groups paraphrases with the same valence; deterministic (episodes in event-time order). An
 * episode joins the first cluster whose wording restates it (`restatesLexically`), asked of the
 * clusters whose first episode shares a content word with it, word by word in the episode's order
 * (under one word, ascending); the first yes ends the asking.
 *
 * Only the clusters that could restate it are asked: a duplicate needs the older wording to account
 * for every informative word of the newer (`uncoveredWords`, coverage.ts), so a cluster whose wording
 * lacks every form and paraphrase of a word the episode needs covered (`coverNeeds`) is no
 * restatement, and is passed over unasked. The clusters are the same as when every cluster sharing a
 * word is asked (`every: true`, for tests and benches); the work grows with the clusters that hold
 * the episode's rarest needed word, not with all the clusters that share any word with it.
 */
export function cluster(episodes: readonly Episode[], opts: { every?: boolean } = {}): Cluster[] {
  const clusters: Cluster[] = [];
  // The first episode's content words of each cluster, and the clusters under each word.
  const founders: Set<string>[] = [];
  const byWord = new Map<string, number[]>();
  // The coverage keys of each cluster's wording, and the clusters under each key (a key a wording
  // dropped stays listed: a listing is checked against the cluster's keys before it is used).
  const keysOf: Set<string>[] = [];
  const byKey = new Map<string, number[]>();
  const list = <K>(index: Map<K, number[]>, key: K, ci: number) => {
    const l = index.get(key);
    if (l) l.push(ci);
    else index.set(key, [ci]);
  };
  for (const e of episodes) {
    const text = analyseEcho(e.content).core;
    const words = [...new Set(contentTokens(text))];
    const needs = opts.every ? [] : coverNeeds(text);
    const asked = needs.length === 0 ? words.map((w) => byWord.get(w) ?? []) : covering(words, needs);
    const seen = new Set<number>();
    let home: number | null = null;
    ask: for (const l of asked)
      for (const ci of l) {
        if (seen.has(ci)) continue;
        seen.add(ci);
        const c = clusters[ci]!;
        if (c.valence !== valenceOf(e)) continue;
        if (restatesLexically({ text: c.text, at: c.episodes[0]!.at }, { text, at: e.at })) {
          home = ci;
          break ask;
        }
      }
    if (home === null) {
      home = clusters.length;
      clusters.push({ episodes: [], valence: valenceOf(e), text });
      founders.push(new Set(words));
      for (const w of words) list(byWord, w, home);
      keysOf.push(new Set());
    }
    const c = clusters[home]!;
    c.episodes.push(e);
    // The fullest wording speaks for the cluster.
    if (text.length > c.text.length || c.episodes.length === 1) {
      c.text = text;
      if (!opts.every) {
        const keys = coverKeys(text);
        for (const k of keys) if (!keysOf[home]!.has(k)) list(byKey, k, home);
        keysOf[home] = keys;
      }
    }
  }
  return clusters;

  /**
   * For each of the episode's words, the clusters under it (ascending, as `byWord` lists them) whose
   * wording holds a key of every needed word: found under the need with the fewest clusters.
   */
  function covering(words: readonly string[], needs: readonly string[][]): number[][] {
    let rarest = needs[0]!;
    let fewest = Number.POSITIVE_INFINITY;
    for (const n of needs) {
      let size = 0;
      for (const k of n) size += byKey.get(k)?.length ?? 0;
      if (size < fewest) {
        rarest = n;
        fewest = size;
      }
    }
    const found = new Set<number>();
    for (const k of rarest) for (const ci of byKey.get(k) ?? []) found.add(ci);
    const able = [...found]
      .filter((ci) => needs.every((n) => n.some((k) => keysOf[ci]!.has(k))))
      .sort((x, y) => x - y);
    return words.map((w) => able.filter((ci) => founders[ci]!.has(w)));
  }
}

/** Why a cluster was left alone: one of its episodes was forgotten after consolidate read it. */
export const FORGOTTEN_MEANWHILE = "skipped: an episode of it was forgotten while consolidating";

/** Whether any of `episodes` is no longer an active episode, read inside the writing transaction. */
async function goneSince(tx: StoreWriter, episodes: readonly Episode[]): Promise<boolean> {
  const now = await tx.getEpisodes(
    episodes.map((e) => e.id),
    [...new Set(episodes.map((e) => e.namespace))],
  );
  return now.length !== episodes.length || now.some((e) => e.status !== "active");
}

/** Stores one proposition through the gate with the given sources. */
export async function storeProposition(
  tx: StoreWriter,
  writes: Writes,
  p: {
    namespace: string;
    text: string;
    at: string;
    valence: Outcome | null;
    sources: string[];
    support: number;
    metadata?: Record<string, unknown>;
    /** What the text's pronouns stand for in its turn: read for matching, kept in metadata, never in the text. */
    referents?: readonly ReferentEntry[];
    /** Why a change this proposition would make is left to the agent (the write gate's `deferChange`). */
    deferChange?: string;
    /**
     * The source turns as recorded (their whole content): what each said that its beliefs must keep is
     * recorded on the belief this proposition becomes or restates (`SOURCE_WORDS_KEY`). The tagger
     * must be loaded.
     */
    turns?: readonly { id: string; content: string }[];
  },
): Promise<GateResult> {
  const [vector] = await writes.embedder.embed([p.text]);
  // The clause with its pronouns read as what they stand for ("I replaced my old laptop with a
  // MacBook Air"): the older statement of the same thing is found and judged by those words.
  const matching = withReferents(p.text, p.referents);
  const candidates = await writes.gateCandidates(tx, matching, vector!, p.namespace, {
    episodes: false,
    kinds: ["fact", "failure"],
  });
  const decision = await decide(
    {
      text: matching,
      at: p.at,
      kind: p.valence === "failure" ? "failure" : "fact",
      // A success is a result too: against a failure lesson it is an outcome conflict, not a restatement.
      valence: p.valence,
      mayContradict: true,
      ...(p.deferChange ? { deferChange: p.deferChange } : {}),
    },
    candidates,
    writes.judge,
    writes.policy,
  );
  const mixed = await storeMixed(tx, writes, decision, p);
  if (mixed) {
    await recordTurns(tx, mixed.id, p.namespace, p.turns);
    return mixed;
  }
  if (decision.verdict === "redundant") {
    const result = await writes.restate(tx, decision, p.namespace, p.sources);
    if (p.support > 1 || p.turns?.length) {
      const b = (await tx.getBelief(result.id, p.namespace)) as Belief | null;
      if (b)
        await tx.updateBelief(b.id, {
          ...(p.support > 1 ? { support: b.support + p.support - 1 } : {}),
          ...(p.turns?.length ? { metadata: withSourceWords(b.metadata, p.turns) } : {}),
        });
    }
    return result;
  }
  const result = await writes.storeBelief(tx, decision, {
    namespace: p.namespace,
    kind: p.valence === "failure" ? "failure" : "fact",
    text: p.text,
    validFrom: p.at,
    sources: p.sources,
    source: DISTILLED_SOURCE,
    now: writes.now(),
    vector: vector!,
    ...(p.metadata || p.referents?.length || p.turns?.length
      ? {
          metadata: withSourceWords(
            p.referents?.length
              ? withSleepRecord(p.metadata ?? {}, { [REFERENTS_KEY]: p.referents.map((r) => ({ ...r })) })
              : { ...p.metadata },
            p.turns ?? [],
          ),
        }
      : {}),
  });
  if (p.support > 1) await tx.updateBelief(result.id, { support: p.support });
  return result;
}

/**
 * Records on belief `id` what each of `turns` said that its beliefs must keep (`SOURCE_WORDS_KEY`):
 * read by recall's `representative` instead of the turn. Nothing when there are no turns.
 */
async function recordTurns(
  tx: StoreWriter,
  id: string,
  namespace: string,
  turns: readonly { id: string; content: string }[] | undefined,
): Promise<void> {
  if (!turns?.length) return;
  const b = await tx.getBelief(id, namespace);
  if (b) await tx.updateBelief(id, { metadata: withSourceWords(b.metadata, turns) });
}

export async function distilPending(
  store: Store,
  writes: Writes,
  namespace: string,
  elapsed: () => number,
  step: StepBound,
  onProgress?: (done: number, total: number) => void,
  judge?: Judge,
  lexicon?: Lexicon,
): Promise<SleepReport> {
  const started = elapsed();
  const now = writes.now();
  const pending: Episode[] = [];
  for (let offset = 0; ; offset += 5000) {
    const page = await store.listEpisodes(
      { namespaces: [namespace], statuses: ["active"], undistilled: true, includeSuperseded: true },
      { limit: 5000, offset, order: "at-asc" },
    );
    pending.push(...page);
    if (page.length < 5000) break;
  }
  const items: SleepItem[] = [];
  const keep: Episode[] = [];
  const skipped: Episode[] = [];
  // Statements of state said in passing inside a longer turn, each its own proposition.
  const inTurn: Cluster[] = [];
  // The sentences of the turns read so far, for unmarked restatements of their slots.
  const earlier = new SaidBefore();
  if (pending.length > 0) await loadTagger(); // `statementsOfState` reads verbs of change, `onlyPhatic` verbs
  // Each turn as recorded: a cluster may carry only the rest of one, but its beliefs must keep what
  // the whole turn said (`SOURCE_WORDS_KEY`).
  const recorded = new Map(pending.map((e) => [e.id, e]));
  const turnsOf = (ids: readonly string[]) =>
    ids.flatMap((id) => {
      const e = recorded.get(id);
      return e ? [{ id, content: e.content }] : [];
    });
  // Turns whose belief the write gate made when they were recorded (a change): it gets their words too.
  const believed = new Map<string, string[]>();
  for (const e of pending) {
    // An episode that already produced a belief (a change recorded at write time) is not distilled twice.
    const from = await store.beliefsFromEpisode(e.id, e.namespace);
    if (from.length > 0) {
      believed.set(
        e.id,
        from.filter((b) => b.status !== "forgotten").map((b) => b.id),
      );
      skipped.push(e);
      continue;
    }
    const core = analyseEcho(e.content).core;
    // A turn made only of greetings, thanks, well-wishes and appraisals of the listener's news says
    // nothing to hold as a belief (dialogue-acts.ts); a mixed turn is distilled whole (measured:
    // distilling only its content sentences cost LoCoMo recall, docs/evaluation.md).
    if (e.type !== "question" && onlyPhatic(core)) {
      // A turn made only of them stays an episode; a shorter class it already had ("ok") keeps its name.
      const verdict = standalone(core);
      skipped.push(e);
      items.push({
        action: "skipped",
        id: e.id,
        by: null,
        reason: `skipped: ${verdict === "standalone" ? "phatic" : verdict}`,
        related: [],
      });
      continue;
    }
    const found: { statements: string[]; rest: string } =
      e.type === "question" ? { statements: [], rest: core } : statementsOfState(core);
    for (const text of found.statements)
      if (standalone(text) === "standalone")
        inTurn.push({ episodes: [e], valence: valenceOf(e), text, ...inTurnReferents(core, text, lexicon) });
    // A sentence that gives another value of a slot the speaker stated before, with no cue of change
    // ("Breakfast is porridge these days"), is its own statement too, gated against the older; only
    // in a turn that would otherwise stay an episode (`staysEpisode`: no statement taken out and no
    // belief of its own, as a turn ending in a question). A turn distilled whole keeps the sentence
    // inside its belief: taking it out changes that belief (measured, docs/evaluation.md restate20).
    if (e.type !== "question") {
      const restated = staysEpisode(core, found)
        ? await restatements(store, namespace, e, found, earlier)
        : { found: [], rest: found.rest };
      for (const r of restated.found)
        inTurn.push({ episodes: [e], valence: valenceOf(e), text: r.text, restates: r.olders });
      if (restated.found.length > 0) {
        found.statements.push(...restated.found.map((r) => r.text));
        found.rest = restated.rest;
      }
      earlier.add(e, core);
    }
    // A turn that asks, with no statement taken out above: the states it says are statements too,
    // each leaving any change it would make to the agent (asking-turns.ts).
    if (e.type !== "question" && found.statements.length === 0 && standalone(core) === "question") {
      const asking = statementsInAskingTurn(core);
      for (const text of asking.statements)
        inTurn.push({
          episodes: [e],
          valence: valenceOf(e),
          text,
          askingTurn: true,
          ...inTurnReferents(core, text, lexicon),
        });
      if (asking.statements.length > 0) {
        found.statements.push(...asking.statements);
        found.rest = asking.rest;
      }
    }
    const said = found.statements.length > 0 ? found.rest : core;
    const verdict = e.type === "question" ? "question" : said ? standalone(said, e) : "fragment";
    // The rest of a turn whose statement of state was taken out is distilled as the rest.
    if (verdict === "standalone") keep.push(said === core ? e : { ...e, content: said });
    else {
      skipped.push(e);
      if (found.statements.length === 0)
        items.push({ action: "skipped", id: e.id, by: null, reason: `skipped: ${verdict}`, related: [] });
    }
  }
  if (keep.length > 0) await loadTagger(); // `cluster` compares lexically
  const clusters = [...cluster(keep), ...inTurn].sort((a, b) =>
    a.episodes[0]!.at < b.episodes[0]!.at ? -1 : a.episodes[0]!.at > b.episodes[0]!.at ? 1 : 0,
  );
  if (judge?.distil) await wordClusters(judge, clusters);
  // Bounded steps: writers in other processes interleave between them (sleep/steps.ts).
  await inSteps(
    store,
    clusters,
    step,
    elapsed,
    async (tx, c) => {
      const sources = c.episodes.map((e) => e.id);
      // Read before this step (a model may have worded it since): an episode forgotten meanwhile,
      // in another process, leaves the cluster alone, so no belief carries its text. The others
      // stay undistilled for the next consolidation.
      if (await goneSince(tx, c.episodes)) {
        items.push({
          action: "skipped",
          id: sources[0]!,
          by: null,
          reason: FORGOTTEN_MEANWHILE,
          related: sources,
        });
        return;
      }
      const support = c.episodes.reduce((n, e) => n + e.support, 0);
      const restates = c.restates
        ? await restatedBeliefs(tx, namespace, c.text, c.restates)
        : { ids: [], slots: [] };
      const metadata = withSleepRecord(
        c.worded?.by ? { lexicalText: c.worded.lexical, generalisedBy: c.worded.by } : {},
        {
          ...(restates.ids.length > 0 ? { [RESTATES]: restates.ids, [RESTATED_SLOTS]: restates.slots } : {}),
          ...(c.askingTurn ? { [ASKING_TURN]: true } : {}),
        },
      );
      const result = await storeProposition(tx, writes, {
        namespace,
        text: c.text,
        at: c.episodes[0]!.at,
        valence: c.valence,
        sources,
        support,
        ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
        ...(c.referents ? { referents: c.referents } : {}),
        ...(c.askingTurn ? { deferChange: SAID_WHILE_ASKING } : {}),
        turns: turnsOf(sources),
      });
      items.push({
        action: "distilled",
        id: result.id,
        by: null,
        reason: `${result.verdict}: ${result.reason}${c.worded ? `; ${c.worded.note}` : ""}`,
        related: sources,
      });
      for (const e of c.episodes) await tx.updateEpisode(e.id, { distilledAt: now });
    },
    onProgress,
  );
  // Marking is cheap: many per step.
  await inSteps(store, skipped, { ...step, items: step.items * 8 }, elapsed, async (tx, e) => {
    await tx.updateEpisode(e.id, { distilledAt: now });
    for (const id of believed.get(e.id) ?? []) await recordTurns(tx, id, e.namespace, [e]);
  });
  if (pending.length > 0)
    await store.transaction((tx) =>
      writes.audit(tx, namespace, "episodes.distilled", null, {
        episodes: pending.length,
        clusters: clusters.length,
        skipped: skipped.length,
      }),
    );
  return makeReport("distil", namespace, now, items, { episodes: pending.length, ms: elapsed() - started });
}

/**
 * Asks the judge to word each cluster of two or more episodes (the first `MAX_DISTIL_REQUESTS`),
 * in place; a cluster past the budget keeps its wording and says so.
 */
async function wordClusters(judge: Judge, clusters: Cluster[]): Promise<void> {
  let asked = 0;
  for (const c of clusters) {
    if (c.episodes.length < 2) continue;
    const lexical = c.text;
    if (asked >= MAX_DISTIL_REQUESTS) {
      c.worded = {
        note: `kept the episodes' wording (${judge.name}: over the ${MAX_DISTIL_REQUESTS} clusters one consolidation asks about)`,
        by: null,
        lexical,
      };
      continue;
    }
    asked++;
    const episodes = c.episodes.map((e) => analyseEcho(e.content).core);
    const worded = await distilCluster(judge, { episodes, valence: c.valence, lexical });
    c.text = worded.text;
    c.worded = { note: worded.note, by: worded.by, lexical };
  }
}

/**
 * Stores the caller's propositions as beliefs through the write gate, each with the episodes as
 * its provenance, and marks those episodes distilled: the agent's own distillation.
 */
export async function distilPropositions(
  store: Store,
  writes: Writes,
  input: { episodeIds: string[]; propositions: string[]; valence: Outcome | null },
  namespace: string,
  now: string,
): Promise<SleepReport> {
  const items = await store.transaction(async (tx) => {
    await writes.requireEpisodes(tx, input.episodeIds, namespace);
    const episodes = await tx.getEpisodes(input.episodeIds, namespace);
    const at = episodes.map((e) => e.at).sort()[0]!;
    const out: SleepItem[] = [];
    // What each turn said that the agent's propositions must keep is recorded with them (kept-content.ts).
    if (input.propositions.length > 0) await loadTagger();
    for (const text of input.propositions) {
      const result = await storeProposition(tx, writes, {
        namespace,
        text,
        at,
        valence: input.valence,
        sources: input.episodeIds,
        support: 1,
        turns: episodes.map((e) => ({ id: e.id, content: e.content })),
      });
      out.push({
        action: "distilled",
        id: result.id,
        by: null,
        reason: `${result.verdict}: ${result.reason}`,
        related: input.episodeIds,
      });
    }
    for (const e of episodes) if (!e.distilledAt) await tx.updateEpisode(e.id, { distilledAt: now });
    return out;
  });
  return makeReport("distil", namespace, now, items, { episodes: input.episodeIds.length });
}
