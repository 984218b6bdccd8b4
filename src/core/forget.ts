/**
 * Forget, the one explicit deletion: an item's text leaves every place Strata keeps it. The row
 * keeps its id, status `forgotten` and a keyed tombstone hash; its text, provenance text
 * (`source`, an episode's session, actor and metadata), vector and cached verdicts go; beliefs
 * resting only on it and duplicates merged into it are erased with it (so `restore` cannot bring
 * the text back through them); a belief kept by other evidence that sleep worded by quoting it
 * (mixed results, an abstraction's triggers, a cluster's wording) is worded again without it;
 * the continuity digest, its kept versions and the patterns are redacted wherever they cite or
 * quote it. Runs inside the caller's transaction; the store's
 * `purgeErased` then scrubs its files.
 *
 *   await forgetItem(tx, writes, "e4", "default", now);
 *   // → { forgotten: [{ id: "e4", … }, { id: "b7", … }], reason: "…", continuity: { lines: 2, … }, purge: null, wrapCancelled: null }
 */
import { type ForgottenText, redactContinuity } from "./continuity/redact.js";
import { cancelWrapShowing } from "./continuity/wraps.js";
import type { Belief, ForgetResult } from "./model.js";
import type { StoreWriter } from "./ports.js";
import { beliefIn, episodeIn } from "./scope.js";
import { mixedWithout } from "./sleep/mixed.js";
import { abstractionWithout } from "./sleep/rules.js";
import { sleepRecordOf, withSleepRecord } from "./sleep-record.js";
import { analyseEcho } from "./text.js";
import { ABSTRACTION_SOURCE, DISTILLED_SOURCE, REFERENTS_KEY, SOURCE_WORDS_KEY } from "./vocabulary.js";
import { redactReports } from "./worker/records.js";
import type { Writes } from "./writes.js";

/** Every text a belief holds, for the redaction of what quoted it. */
const beliefText = (b: Belief): string =>
  [b.text, b.when, b.prefer, ...(b.steps ?? []), ...b.exceptions, b.source].filter(Boolean).join("\n");

export async function forgetItem(
  tx: StoreWriter,
  writes: Writes,
  key: string,
  namespace: string,
  now: string,
): Promise<ForgetResult> {
  const forgotten: ForgetResult["forgotten"] = [];
  const texts: ForgottenText[] = [];
  /** The forgotten episodes' own words, which sleep may have quoted in beliefs it keeps. */
  const contents: string[] = [];

  /** Erases a belief and, transitively, every duplicate that was merged into it. */
  const erased = new Set<string>();
  const eraseWithDuplicates = async (b: Belief, reason: string): Promise<void> => {
    if (erased.has(b.id)) return;
    erased.add(b.id);
    texts.push({ id: b.id, text: beliefText(b) });
    forgotten.push(await writes.eraseBelief(tx, b, now, reason));
    // A resolved contradiction left this belief's words as a boundary exception on its winner.
    const winner = b.supersededBy ? await tx.getBelief(b.supersededBy, namespace) : null;
    if (winner && winner.namespace === namespace && winner.status !== "forgotten") {
      const cites = new RegExp(`\\b${b.id}\\b`);
      const kept = winner.exceptions.filter((x) => !cites.test(x));
      if (kept.length < winner.exceptions.length) {
        await tx.updateBelief(winner.id, { exceptions: kept });
        await writes.audit(tx, namespace, "belief.exception-removed", winner.id, { from: b.id });
      }
    }
    for (const d of await tx.supersededBy(b.id, namespace))
      if (d.statusReason === "merged" && d.status !== "forgotten" && d.namespace === namespace)
        await eraseWithDuplicates(d, `merged into forgotten ${b.id}`);
  };

  let reason: string;
  if (key.startsWith("e")) {
    const e = await episodeIn(tx, key, namespace);
    if (e.status === "forgotten") return alreadyForgotten(key);
    const tombstone = writes.contentHash(tx, e.content);
    contents.push(e.content);
    await tx.updateEpisode(key, {
      content: "",
      status: "forgotten",
      metadata: {},
      session: null,
      actor: null,
      contentHash: tombstone,
    });
    await tx.deleteVector(key);
    await tx.deleteJudgedPairs(key);
    await writes.audit(tx, namespace, "episode.forgotten", key, { contentHash: tombstone });
    texts.push({
      id: key,
      text: [e.content, e.session, e.actor, JSON.stringify(e.metadata)].filter(Boolean).join("\n"),
    });
    forgotten.push({ id: key, layer: "episode", contentHash: tombstone, erasedChars: e.content.length });
    // Derived text: beliefs resting only on forgotten episodes go too.
    for (const b of await tx.beliefsFromEpisode(key, namespace)) {
      if (b.status === "forgotten" || b.namespace !== namespace) continue;
      const others = (
        await tx.getEpisodes(
          b.sources.filter((s) => s !== key),
          namespace,
        )
      ).filter((s) => s.status !== "forgotten");
      if (others.length > 0) {
        // A belief kept by other turns keeps no words of this one (`SOURCE_WORDS_KEY`).
        const words = sleepRecordOf(b.metadata)[SOURCE_WORDS_KEY];
        if (words && typeof words === "object" && key in words) {
          const { [key]: _gone, ...rest } = words as Record<string, unknown>;
          await tx.updateBelief(b.id, {
            metadata: withSleepRecord(b.metadata, { [SOURCE_WORDS_KEY]: rest }),
          });
        }
        continue;
      }
      await eraseWithDuplicates(b, `derived from forgotten ${key}`);
    }
    reason = `erased ${key} and ${forgotten.length - 1} belief(s) derived only from it or merged into those`;
  } else {
    const b = await beliefIn(tx, key, namespace);
    if (b.status === "forgotten") return alreadyForgotten(key);
    await eraseWithDuplicates(b, "forgotten on request");
    const merged = forgotten.length - 1;
    // Name the episodes that still hold the text's source; a belief remembered directly has none.
    const kept = (await tx.getEpisodes(b.sources, namespace))
      .filter((s) => s.status !== "forgotten")
      .map((s) => s.id);
    const sources =
      kept.length === 0
        ? ""
        : `; its source episode${kept.length === 1 ? "" : "s"} ${kept.join(", ")} ${kept.length === 1 ? "is" : "are"} kept (forget ${kept.length === 1 ? "it" : "them"} by id to erase ${kept.length === 1 ? "it" : "them"} too)`;
    reason = `erased ${key}${merged ? ` and ${merged} duplicate(s) merged into it` : ""}${sources}`;
  }

  const reworded = await rewordQuoting(tx, writes, namespace, forgotten, contents, eraseWithDuplicates);
  if (reworded.length > 0)
    reason += `; reworded ${reworded.join(", ")}, which quoted it, from the evidence left`;

  const continuity = await redactContinuity(tx, namespace, texts);
  // A wrap in flight whose package showed the item is cancelled: its digest would write it back.
  const wrapCancelled = await cancelWrapShowing(
    tx,
    writes,
    namespace,
    forgotten.map((f) => f.id),
    continuity !== null,
  );
  // The worker's kept run reports quote what sleep did to these items, values included.
  await redactReports(
    tx,
    namespace,
    forgotten.map((f) => f.id),
  );
  // So do the curation runs' records of why a belief closed (loaded here: forget is rare, and a
  // fresh process's recall should not pay for curation's module).
  const { redactCurations } = await import("./curation/state.js");
  await redactCurations(
    tx,
    namespace,
    forgotten.map((f) => f.id),
  );
  // Under the auditContent policy, entries keep their change's detail, and a reason may quote a
  // value: the details about or naming what was erased go (the hashes and the chain stay).
  // A reworded belief's earlier entries held its old wording, which quoted the item.
  await tx.clearAuditDetails(namespace, [...forgotten.map((f) => f.id), ...reworded]);
  if (continuity)
    await writes.audit(tx, namespace, "continuity.redacted", key, {
      items: forgotten.map((f) => f.id),
      ...continuity,
    });
  return { forgotten, reason, continuity, purge: null, wrapCancelled };
}

/** Forget of an item already forgotten: nothing to do, and the result says so. */
const alreadyForgotten = (key: string): ForgetResult => ({
  forgotten: [],
  reason: `${key} was already forgotten`,
  continuity: null,
  purge: null,
  wrapCancelled: null,
});

const wording = (t: string) =>
  analyseEcho(t)
    .core.toLowerCase()
    .replace(/[.!\s]+$/, "")
    .replace(/\s+/g, " ");

/**
 * Beliefs kept after a forget (other evidence still holds them up) whose wording sleep made by
 * quoting the forgotten items: a mixed belief quotes each source's wording ("worked: …; failed:
 * …") and keeps them in `metadata.mixed`; an abstraction lists each child rule's trigger ("WHEN
 * deploying to staging, production or X"); a distilled belief is worded by its cluster's fullest
 * episode (`metadata.lexicalText` too, when a model worded it). Each is worded again from the
 * evidence still readable, as sleep would word it had the forgotten item never been there; its
 * vector, hash and cached verdicts follow; audited `belief.reworded` (ids only). An abstraction
 * left with no child is erased. Returns the reworded ids.
 */
async function rewordQuoting(
  tx: StoreWriter,
  writes: Writes,
  namespace: string,
  forgotten: ForgetResult["forgotten"],
  contents: readonly string[],
  erase: (b: Belief, reason: string) => Promise<void>,
): Promise<string[]> {
  const gone = new Set(forgotten.map((f) => f.id));
  const goneWordings = contents.map(wording).filter(Boolean);
  const candidates = new Map<string, Belief>();
  const consider = (b: Belief | null) => {
    if (b && b.namespace === namespace && b.status !== "forgotten" && !gone.has(b.id))
      candidates.set(b.id, b);
  };
  for (const id of gone) {
    if (id.startsWith("e")) for (const b of await tx.beliefsFromEpisode(id, namespace)) consider(b);
    else {
      const b = await tx.getBelief(id, namespace);
      for (const up of [b?.parentId, b?.supersededBy]) if (up) consider(await tx.getBelief(up, namespace));
    }
  }
  const reworded: string[] = [];
  for (const b of candidates.values()) {
    let patch: Partial<Pick<Belief, "text" | "when" | "prefer" | "metadata">> | null = null;
    // Only what sleep wrote (its `source`): a caller's own metadata of that shape is its own.
    const mixed = b.source === DISTILLED_SOURCE ? await mixedWithout(tx, b, gone) : null;
    const abstraction =
      !mixed && b.source === ABSTRACTION_SOURCE ? await abstractionWithout(tx, b, gone) : null;
    if (mixed) patch = mixed;
    else if (abstraction) {
      if (abstraction.children.length === 0) {
        await erase(b, `an abstraction of forgotten rules only`);
        continue;
      }
      const { children: _children, ...rest } = abstraction;
      patch = rest;
    } else if (b.source === DISTILLED_SOURCE && b.sources.length > 0) {
      // Its words, or a clause sleep took out of it ("…by the way, I live at 12 Elm Road now").
      const quotes = (t: unknown) => {
        const w = typeof t === "string" ? wording(t) : "";
        return w !== "" && goneWordings.some((g) => g === w || g.includes(w));
      };
      if (!quotes(b.text) && !quotes(b.metadata.lexicalText)) continue;
      const live = (await tx.getEpisodes(b.sources, namespace)).filter(
        (e) => e.namespace === namespace && e.status !== "forgotten",
      );
      if (live.length === 0) continue;
      // The fullest wording left speaks for the cluster (distil.ts `cluster`).
      const fullest = live
        .map((e) => analyseEcho(e.content).core)
        .reduce((a, t) => (t.length > a.length ? t : a), "");
      // A clause's referents (what its pronouns stood for in its turn) are that turn's words too.
      const referenced = sleepRecordOf(b.metadata)[REFERENTS_KEY] !== undefined;
      const metadata =
        quotes(b.text) && referenced
          ? withSleepRecord(b.metadata, { [REFERENTS_KEY]: undefined })
          : b.metadata;
      patch = {
        ...(quotes(b.text) ? { text: fullest } : {}),
        ...(quotes(b.metadata.lexicalText)
          ? { metadata: { ...metadata, lexicalText: fullest } }
          : metadata !== b.metadata
            ? { metadata }
            : {}),
      };
    }
    if (!patch) continue;
    const text = patch.text ?? b.text;
    await tx.updateBelief(b.id, { ...patch, contentHash: writes.contentHash(tx, text) });
    if (text !== b.text) {
      const [vector] = await writes.embedder.embed([text]);
      await tx.putVector(b.id, namespace, writes.embedder.id, vector!);
    }
    await tx.deleteJudgedPairs(b.id);
    await writes.audit(tx, namespace, "belief.reworded", b.id, { without: [...gone].sort() });
    reworded.push(b.id);
  }
  return reworded;
}
