/**
 * Mixed results (brainmem's outcome conflict, carried into the belief layer). The same action
 * recorded as a failure and as a success is not one lesson: "Avoid: X" with support 2 would count
 * the success as evidence for avoiding X. Distillation instead states the conflict — one belief
 * that says "mixed results" with its tally, the successes and failures kept apart in its metadata —
 * and closes the one-sided belief it replaces (kept for history, linked to its successor).
 *
 *   Mixed results: Ran the migration with a 5 s lock timeout (1 success, 1 failure)
 *   Mixed results (1 success, 1 failure): worked: "…"; failed: "…"
 */
import { counted } from "../errors.js";
import type { Belief, Episode, GateResult, Outcome } from "../model.js";
import type { StoreWriter } from "../ports.js";
import { analyseEcho } from "../text.js";
import { earlierOf, laterOf } from "../time.js";
import { DISTILLED_SOURCE } from "../vocabulary.js";
import type { GateDecision } from "../write-gate.js";
import type { Writes } from "../writes.js";

/** What a mixed belief keeps in `metadata.mixed`: its evidence, split by result. */
export interface MixedEvidence {
  successes: string[];
  failures: string[];
  /** The sources' distinct wordings, normalised: a later result worded the same joins the tally. */
  wordings: string[];
}

/**
 * A mixed belief's tally, read only on a belief sleep distilled (its `source`, which a caller
 * cannot write): a caller's own `metadata.mixed` on a belief of theirs is theirs, never a tally a
 * later result joins.
 */
export function mixedOf(b: Pick<Belief, "source" | "metadata">): MixedEvidence | null {
  if (b.source !== DISTILLED_SOURCE) return null;
  const m = b.metadata.mixed as Partial<MixedEvidence> | undefined;
  return m && Array.isArray(m.successes) && Array.isArray(m.failures) && Array.isArray(m.wordings)
    ? (m as MixedEvidence)
    : null;
}

const normalise = (t: string) =>
  analyseEcho(t)
    .core.toLowerCase()
    .replace(/[.!\s]+$/, "")
    .replace(/\s+/g, " ");

/** One side's evidence: an episode, or a failure lesson stated without one. */
type Evidence = Pick<Episode, "id" | "content">;

/** The belief's wording: one action with its tally, or each side's distinct wording when they differ. */
export function mixedText(
  successes: readonly Pick<Episode, "content">[],
  failures: readonly Pick<Episode, "content">[],
): string {
  const tally = `${counted(successes.length, "success", "successes")}, ${counted(failures.length, "failure", "failures")}`;
  const wordings = (list: readonly Pick<Episode, "content">[]) => [
    ...new Set(list.map((e) => analyseEcho(e.content).core)),
  ];
  const worked = wordings(successes);
  const failed = wordings(failures);
  const all = new Set([...worked, ...failed].map(normalise));
  if (all.size === 1) return `Mixed results: ${worked[0] ?? failed[0]} (${tally})`;
  const quote = (list: string[]) =>
    list
      .slice(0, 2)
      .map((t) => `"${t}"`)
      .join(", ");
  return `Mixed results (${tally}): worked: ${quote(worked)}; failed: ${quote(failed)}`;
}

/**
 * When the gate matched a proposition with a result to a belief whose evidence holds the other
 * result, replaces that belief with a mixed one; null when there is no conflict to state.
 */
export async function storeMixed(
  tx: StoreWriter,
  writes: Writes,
  decision: GateDecision,
  p: {
    namespace: string;
    text: string;
    valence: Outcome | null;
    sources: string[];
    support: number;
    at: string;
  },
): Promise<GateResult | null> {
  const target = decision.target;
  if (p.valence === null || !target || target.layer !== "belief") return null;
  const old = await tx.getBelief(target.id, p.namespace);
  if (old?.status !== "active" || old.kind === "rule" || old.kind === "procedure") return null;
  // Another result for an action already mixed adds to its tally (the tally's numbers make the
  // lexical judge read the wording as changed, so the wording decides), even with a detail more.
  const same = decision.verdict === "outcome-conflict" || decision.verdict === "redundant";
  const tally = mixedOf(old);
  const joins =
    tally !== null && (decision.verdict === "refinement" || tally.wordings.includes(normalise(p.text)));
  if (!same && !joins) return null;
  const episodes = (await tx.getEpisodes([...new Set([...old.sources, ...p.sources])], old.namespace)).filter(
    (e) => e.status !== "forgotten",
  );
  // An episode without a result counts for the side the proposition carries (it was distilled with it).
  const fresh = new Set(p.sources);
  const result = (e: Episode): Outcome | null =>
    e.outcome ?? (fresh.has(e.id) ? p.valence : old.kind === "failure" ? "failure" : null);
  const successes: Evidence[] = episodes.filter((e) => result(e) === "success");
  const failures: Evidence[] = episodes.filter((e) => result(e) === "failure");
  // A failure lesson stated directly (remember, no episodes) is one failure of its own.
  if (old.kind === "failure" && failures.length === 0) failures.push({ id: old.id, content: old.text });
  if (successes.length === 0 || failures.length === 0) return null;

  const text = mixedText(successes, failures);
  const [vector] = await writes.embedder.embed([text]);
  const now = writes.now();
  const id = await writes.insertBelief(tx, {
    namespace: p.namespace,
    kind: "fact",
    text,
    validFrom: earlierOf(old.validFrom, p.at),
    sources: episodes.map((e) => e.id),
    source: DISTILLED_SOURCE,
    metadata: {
      mixed: {
        successes: successes.map((e) => e.id),
        failures: failures.map((e) => e.id),
        wordings: [...new Set([...successes, ...failures].map((e) => normalise(e.content)))],
      },
    },
    now,
    vector: vector!,
  });
  await tx.updateBelief(id, { support: old.support + p.support });
  await tx.addLink({ from: id, to: old.id, relation: "outcome-conflict", at: now });
  await writes.closeBelief(tx, old.id, old.namespace, id, laterOf(old.validFrom, p.at), now, "mixed-results");
  return writes.result(
    { ...decision, verdict: "outcome-conflict", reason: `mixed results replace [${old.id}]: ${text}` },
    id,
    "belief",
    true,
    [old.id],
    [],
  );
}

/**
 * A mixed belief's wording once `gone` (forgotten items) are out of its evidence: its text quotes
 * each side's distinct wordings, and `metadata.mixed.wordings` keeps them all, so a forgotten
 * source would otherwise stay quoted word for word in a belief its other sources keep. The tally
 * and the wordings are those of the evidence still readable (an episode, or the failure lesson
 * stated without one); null when the belief is not mixed or names none of `gone`.
 *
 *   mixedWithout(tx, b3, new Set(["e3"])) // → { text: "Mixed results: X (1 success, 1 failure)", metadata }
 */
export async function mixedWithout(
  tx: StoreWriter,
  b: Belief,
  gone: ReadonlySet<string>,
): Promise<{ text: string; metadata: Belief["metadata"] } | null> {
  const m = mixedOf(b);
  if (!m || ![...m.successes, ...m.failures].some((id) => gone.has(id))) return null;
  const ids = [...m.successes, ...m.failures].filter((id) => !gone.has(id));
  const { beliefs, episodes } = await tx.getItems(ids, b.namespace);
  const content = new Map<string, string>();
  for (const e of episodes)
    if (e.namespace === b.namespace && e.status !== "forgotten") content.set(e.id, e.content);
  for (const l of beliefs)
    if (l.namespace === b.namespace && l.status !== "forgotten") content.set(l.id, l.text);
  const side = (list: readonly string[]): Evidence[] =>
    list.filter((id) => content.has(id)).map((id) => ({ id, content: content.get(id)! }));
  const successes = side(m.successes);
  const failures = side(m.failures);
  return {
    text: mixedText(successes, failures),
    metadata: {
      ...b.metadata,
      mixed: {
        successes: successes.map((e) => e.id),
        failures: failures.map((e) => e.id),
        wordings: [...new Set([...successes, ...failures].map((e) => normalise(e.content)))],
      } satisfies MixedEvidence,
    },
  };
}
