/**
 * Forget, the one explicit deletion: an item's text leaves every place Strata keeps it. The row
 * keeps its id, status `forgotten` and a keyed tombstone hash; its text, provenance text
 * (`source`, an episode's session, actor and metadata), vector and cached verdicts go; beliefs
 * resting only on it and duplicates merged into it are erased with it (so `restore` cannot bring
 * the text back through them); the continuity digest, its kept versions and the patterns are
 * redacted wherever they cite or quote it. Runs inside the caller's transaction; the store's
 * `purgeErased` then scrubs its files.
 *
 *   await forgetItem(tx, writes, "e4", "default", now);
 *   // → { forgotten: [{ id: "e4", … }, { id: "b7", … }], reason: "…", continuity: { lines: 2, … }, purge: null }
 */
import { type ForgottenText, redactContinuity } from "./continuity/redact.js";
import type { Belief, ForgetResult } from "./model.js";
import type { StoreWriter } from "./ports.js";
import { beliefIn, episodeIn } from "./scope.js";
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

  /** Erases a belief and, transitively, every duplicate that was merged into it. */
  const erased = new Set<string>();
  const eraseWithDuplicates = async (b: Belief, reason: string): Promise<void> => {
    if (erased.has(b.id)) return;
    erased.add(b.id);
    texts.push({ id: b.id, text: beliefText(b) });
    forgotten.push(await writes.eraseBelief(tx, b, now, reason));
    // A resolved contradiction left this belief's words as a boundary exception on its winner.
    const winner = b.supersededBy ? await tx.getBelief(b.supersededBy) : null;
    if (winner && winner.namespace === namespace && winner.status !== "forgotten") {
      const cites = new RegExp(`\\b${b.id}\\b`);
      const kept = winner.exceptions.filter((x) => !cites.test(x));
      if (kept.length < winner.exceptions.length) {
        await tx.updateBelief(winner.id, { exceptions: kept });
        await writes.audit(tx, namespace, "belief.exception-removed", winner.id, { from: b.id });
      }
    }
    for (const d of await tx.supersededBy(b.id))
      if (d.statusReason === "merged" && d.status !== "forgotten" && d.namespace === namespace)
        await eraseWithDuplicates(d, `merged into forgotten ${b.id}`);
  };

  let reason: string;
  if (key.startsWith("e")) {
    const e = await episodeIn(tx, key, namespace);
    if (e.status === "forgotten")
      return { forgotten: [], reason: `${key} was already forgotten`, continuity: null, purge: null };
    const tombstone = writes.contentHash(tx, e.content);
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
    for (const b of await tx.beliefsFromEpisode(key)) {
      if (b.status === "forgotten" || b.namespace !== namespace) continue;
      const others = (await tx.getEpisodes(b.sources.filter((s) => s !== key))).filter(
        (s) => s.status !== "forgotten",
      );
      if (others.length > 0) continue;
      await eraseWithDuplicates(b, `derived from forgotten ${key}`);
    }
    reason = `erased ${key} and ${forgotten.length - 1} belief(s) derived only from it or merged into those`;
  } else {
    const b = await beliefIn(tx, key, namespace);
    if (b.status === "forgotten")
      return { forgotten: [], reason: `${key} was already forgotten`, continuity: null, purge: null };
    await eraseWithDuplicates(b, "forgotten on request");
    const merged = forgotten.length - 1;
    // Name the episodes that still hold the text's source; a belief remembered directly has none.
    const kept = (await tx.getEpisodes(b.sources)).filter((s) => s.status !== "forgotten").map((s) => s.id);
    const sources =
      kept.length === 0
        ? ""
        : `; its source episode${kept.length === 1 ? "" : "s"} ${kept.join(", ")} ${kept.length === 1 ? "is" : "are"} kept (forget ${kept.length === 1 ? "it" : "them"} by id to erase ${kept.length === 1 ? "it" : "them"} too)`;
    reason = `erased ${key}${merged ? ` and ${merged} duplicate(s) merged into it` : ""}${sources}`;
  }

  const continuity = await redactContinuity(tx, namespace, texts);
  // A wrap in flight whose package showed the item is cancelled: its digest would write it back.
  const { cancelWrapShowing } = await import("./continuity/wraps.js");
  await cancelWrapShowing(
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
  await tx.clearAuditDetails(
    namespace,
    forgotten.map((f) => f.id),
  );
  if (continuity)
    await writes.audit(tx, namespace, "continuity.redacted", key, {
      items: forgotten.map((f) => f.id),
      ...continuity,
    });
  return { forgotten, reason, continuity, purge: null };
}
