/**
 * The belief that speaks for an episode in recall: one that lists it among its sources, holds
 * now (or then, for `at`/`asOf`), reached through what replaced or folded it, and kept what the
 * episode said (kept-content.ts). One definition of "represented" for recall, its lifts, `health`'s
 * coverage and sleep's coverage invariant.
 */

import { loadTagger, taggerLoaded } from "../judge/tagger.js";
import { keeps, keepsWords, recordedContent } from "../kept-content.js";
import type { Belief } from "../model.js";
import type { NamespaceScope, StoreReader } from "../ports.js";
import { contentTokens, rawTokens } from "../text.js";
import { compareIds } from "./ids.js";

/** How far a chain of successors or parents is followed before giving up. */
export const MAX_HOPS = 16;

/**
 * The belief that speaks for an episode in recall, or null when the episode speaks for itself.
 *
 * An episode is represented when a belief lists it among its `sources` and that belief, or
 * what replaced it (`supersededBy`) or folded it (`parentId`), is current: active, or for a
 * historical query (`at`/`asOf`), held then. A belief that was retired or forgotten represents
 * nothing, so its episodes come back as themselves: sleep never makes an event unrecallable.
 * Reached through a supersession, the episode is superseded: current recall leaves it out (its
 * successor speaks for the subject, found by its own words) and `at` brings it back.
 *
 * Otherwise the beliefs must have kept what the episode said: every number, typed value and name
 * of it in what they say (the current texts of those it still speaks through, the texts as
 * distilled of those a supersession replaced; `keeps`, kept-content.ts). A turn whose value a
 * belief lost — a restatement folded into an older belief with another value, a name said in a
 * sentence distillation dropped — stays recallable as itself. The turn's distinctive content is
 * read from what sleep recorded on a belief from it (`SOURCE_WORDS_KEY`, `recordedContent`), so a
 * keyword recall after a consolidation neither reads the turn nor loads the tagger; only a store
 * slept before that record existed falls back to reading the turn (and loading the tagger).
 *
 *   const rep = await representative(store, "e12", "default", cache, {});  // → { belief: the active belief from e12, superseded: false } or null
 */
export async function representative(
  store: StoreReader,
  episodeId: string,
  namespace: NamespaceScope,
  cache: Map<string, Belief | null>,
  when: { at?: string | undefined; asOf?: string | undefined },
  asked?: ReadonlySet<string>,
): Promise<Representative | null> {
  const found = await speakerOf(store, episodeId, namespace, cache, when, asked);
  if (!found || found.best.superseded) return found?.best ?? null;
  // What the turn said, as sleep recorded it when it distilled the turn: no read, no tagger.
  if (found.recorded) return keepsWords(found.said, found.recorded) ? found.best : null;
  // A belief from before sleep recorded it (or given its sources by a caller): read the turn.
  const episode = await store.getEpisode(episodeId, namespace);
  if (!episode) return found.best;
  if (!taggerLoaded()) await loadTagger();
  return keeps(found.said, episode.content) ? found.best : null;
}

/**
 * The belief a part of a split turn lends the turn's match to (the one with most of the asked
 * words; on a tie, the one that keeps most of the turn's distinctive content, then the lowest id),
 * whether or not the beliefs kept all the turn said: which part speaks, not whether the turn is
 * represented (`representative`).
 */
export async function speakerOf(
  store: StoreReader,
  episodeId: string,
  namespace: NamespaceScope,
  cache: Map<string, Belief | null>,
  when: { at?: string | undefined; asOf?: string | undefined },
  asked?: ReadonlySet<string>,
): Promise<{ best: Representative; said: string[]; recorded?: readonly string[] } | null> {
  let best: Representative | null = null;
  let bestShared = 0;
  let bestKept = 0;
  const said: string[] = [];
  // The turn's distinctive content as sleep recorded it on any belief from it (whatever its status).
  let recorded: readonly string[] | undefined;
  const parts = await store.beliefsFromEpisode(episodeId, namespace);
  for (const b of parts) recorded ??= recordedContent(b, episodeId);
  const distinctive = new Set(recorded ?? []);
  for (const b of parts) {
    const current = await currentOf(store, b, cache, when);
    if (!current) continue;
    // What recall shows for it; a value a supersession replaced was replaced on purpose.
    said.push(current.superseded ? b.text : current.belief.text);
    // A turn split into several beliefs (a statement of state taken out, the rest) lends its match
    // to the one that carries the words asked about and, among those, to the one that keeps most of
    // the turn's distinctive content (its names, numbers and typed values): the part with the news,
    // not the rest of the turn around it.
    const shared = asked ? sharedWith(asked, current.belief.text) : 0;
    const kept = asked ? keptOf(distinctive, current.belief.text) : 0;
    // A belief that still says what the episode said is preferred to a successor that replaced it.
    const better =
      !best ||
      (best.superseded && !current.superseded) ||
      (best.superseded === current.superseded &&
        (shared > bestShared ||
          (shared === bestShared &&
            (kept > bestKept || (kept === bestKept && compareIds(current.belief.id, best.belief.id) < 0)))));
    if (better) {
      best = current;
      bestShared = shared;
      bestKept = kept;
    }
  }
  return best ? { best, said, ...(recorded ? { recorded } : {}) } : null;
}

/** How many of a turn's distinctive words (as sleep recorded them) a text says. */
function keptOf(distinctive: ReadonlySet<string>, text: string): number {
  let n = 0;
  for (const w of new Set(rawTokens(text))) if (distinctive.has(w)) n++;
  return n;
}

/** How many of the asked words a text has. */
function sharedWith(asked: ReadonlySet<string>, text: string): number {
  let n = 0;
  for (const w of new Set(contentTokens(text))) if (asked.has(w)) n++;
  return n;
}

/** The current belief for an episode, and whether it was reached through a supersession (a new value). */
export interface Representative {
  belief: Belief;
  superseded: boolean;
}

function heldAt(b: Belief, when: { at?: string | undefined; asOf?: string | undefined }): boolean {
  if (when.at) return b.validFrom <= when.at && (b.validTo === null || b.validTo > when.at);
  if (when.asOf) return b.recordedAt <= when.asOf && (b.retiredAt === null || b.retiredAt > when.asOf);
  return b.status === "active";
}

async function currentOf(
  store: StoreReader,
  start: Belief,
  cache: Map<string, Belief | null>,
  when: { at?: string | undefined; asOf?: string | undefined },
): Promise<Representative | null> {
  let b: Belief | null = start;
  let superseded = false;
  for (let hop = 0; b && hop < MAX_HOPS; hop++) {
    if (b.status === "forgotten") return null;
    if (heldAt(b, when)) return { belief: b, superseded };
    if (when.at || when.asOf) return null;
    const next: string | null =
      b.status === "dormant" ? b.parentId : b.status === "archived" ? b.supersededBy : null;
    if (!next) return null;
    // A merge keeps the content (and its sources); a supersession replaces the value.
    if (b.status === "archived" && b.statusReason !== "merged") superseded = true;
    if (!cache.has(next)) cache.set(next, await store.getBelief(next, start.namespace));
    b = cache.get(next) ?? null;
  }
  return null;
}
