/**
 * The other part of the turn that names an older's value. Sleep keeps a turn's sentences of state
 * as beliefs of their own, so one said update ("Dave the window man's retired (good for him). His
 * nephew Kieran's taken over the round, same day, cash under the mat no more.") becomes two facts:
 * the one that names the older's value says only that it ended, and the one that says the new value
 * names nothing of the older's ("His nephew…"). The rare-name link of `missedSuccessors` finds the
 * first and, rightly, lifts no statement that names no value of its own; the value it is after is
 * in the second, which the name cannot find.
 */
import type { Belief } from "../../model.js";
import type { StoreReader } from "../../ports.js";
import { saysChangedState } from "../../state-slots.js";
import { contentTokens } from "../../text.js";
import { namesValueOfItsOwn } from "./pair-checks.js";

/**
 * The successor a turn says beside the part of it that names an older's value, or null: `part` is a
 * fact of one turn (one source), and exactly one other active fact of that turn, said no earlier:
 * - names a value of its own (a name the older does not state, `namesValueOfItsOwn`: "Kieran");
 * - says a state changed or now holds (`saysChangedState`: "…taken over the round…", "Tran is
 *   weekend manager now", "ProScrub starts this Sunday night");
 * - and goes on about the older's thing: says a word of the older's that the question does not
 *   ("cash", "mat" of "window cleaner is Dave, £15 cash under the mat"; "sunday", "night" of
 *   "…cleaned by SparkleClean on Sunday nights"), so a change of another thing said in the same
 *   turn ("We're on Octopus now") is not read as the older's successor.
 * None when the turn has no such part ("Seems nice, very thorough": no change; "His records have
 * been transferred": no name), or two (which one succeeds the older is unsure: nothing is read).
 * The caller's checks (whose state, the judge) then apply to the part found as to any newer.
 *
 *   await successorInTurn(store, daveRetired, new Set(["dave"]), "window cleaner is Dave, £15 cash under the mat", "Who cleans our windows?")
 *   // → the fact "His nephew Kieran's taken over the round, same day, but no more cash under the mat."
 */
export async function successorInTurn(
  store: StoreReader,
  part: Belief,
  own: ReadonlySet<string>,
  older: string,
  question: string,
): Promise<Belief | null> {
  if (part.sources.length !== 1) return null;
  const asked = new Set(contentTokens(question));
  const olderWords = new Set(contentTokens(older).filter((t) => !asked.has(t) && !own.has(t)));
  const goesOn = (text: string) => contentTokens(text).some((t) => olderWords.has(t));
  const others = (await store.beliefsFromEpisode(part.sources[0]!, part.namespace)).filter(
    (b) =>
      b.id !== part.id &&
      b.status === "active" &&
      b.kind === "fact" &&
      b.sources.length === 1 &&
      b.validFrom >= part.validFrom &&
      namesValueOfItsOwn(own, b.text) &&
      saysChangedState(b.text) &&
      goesOn(b.text),
  );
  return others.length === 1 ? others[0]! : null;
}
