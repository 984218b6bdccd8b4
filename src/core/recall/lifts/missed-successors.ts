import { clippings, retiredValue, valuesOf, verbForms } from "../../judge/retired-values.js";
import type { Belief, RecallHit } from "../../model.js";
import { namedValues } from "../../named-values.js";
import { announcesReplacement } from "../../sleep/chat-turns.js";
import {
  askedKind,
  fillsAskedSlot,
  namesAnotherOfAskedKind,
  namesAskedKind,
  namesOtherValue,
  recurringDays,
  recurringTimes,
  sameTimes,
  saysChangedState,
  takesDayInstead,
  takesTimeOfDay,
  valueLeftUnsaid,
} from "../../state-slots.js";
import { contentTokens, queryTerms } from "../../text.js";
import { liftedHitOf } from "../hits.js";
import { compareIds } from "../ids.js";
import { representative } from "../representative.js";
import { currentVersionOf } from "./current-versions.js";
import { describingWords, endedTerm, mayEndTermTexts } from "./ended-terms.js";
import { activeFactsOf, askedInAnotherSense, type LiftInput, type Move, othersState } from "./moves.js";
import { namedTurnSuccessors } from "./named-turns.js";
import { KINDS_SEARCHED } from "./newest-kind.js";
import {
  changedByName,
  judgedSuccessor,
  NAMED_RARE,
  namesValueOfItsOwn,
  restates,
  saidOf,
  speakersOf,
} from "./pair-checks.js";
import { asksWhen, mayAnswerTyped } from "./same-thing.js";
import {
  aboutAsked,
  eventsOf,
  namesThingNow,
  namesValueAtEvent,
  nextPart,
  nounForms,
  thingsOf,
} from "./shared-things.js";
import { askedFrame, changesFrame, frameOf, replacedByFrame } from "./state-frames.js";
import { successorInTurn } from "./turn-parts.js";
import { MOVE_TERMS, movedToAnother } from "./unsaid-moves.js";

/**
 * A question that asks when (same-thing.ts `asksWhen`: "When is our standup?", "What time…",
 * "Which day…", "which night…") or how often ("How often do I swim?"): the older's recurring day or
 * time of day is then the value asked, not a key to a newer that takes it.
 */
const asksWhenOrHowOften = (question: string): boolean =>
  asksWhen(question) || /^\s*how often\b/i.test(question);

/** How many of the top hits are read for newer values the query missed; how many facts a name may appear in. */
const NAMED_TOP = 5;

/** How many statements of a frame's change words are read for one older state. */
const FRAME_CANDIDATES = 20;

/** At most this many statements that may say a term ended are read once per recall (`mayEndTermTexts`). */
const ENDED_READ = 64;

/**
 * Current-state questions find the newer value even when it shares no word with the question. An
 * update often names the value it replaces ("My Trek got stolen so I bought a Cannondale", "my
 * new doctor is Dr. Kim, Alvarez retired") while the question names only the attribute ("What
 * bike do I ride?"). For each active fact near the top, its named values (`namedValues`: Trek)
 * that are rare in the store (in at most 3 active facts: a name said everywhere, like a
 * participant's, links nothing) are looked up among active facts; a newer one that names it,
 * announces a change that ends what held before ("sold", "moved to", "now", "my new …"; not one
 * that only begins something beside it, "joined", "started", `announcesReplacement`) or says the
 * name's own end ("Stan's gone from the plant, the new shipping lead is Priya Patel": `retiredValue`),
 * names a value of its own, and that
 * the judge does not read as a restatement or about another entity, with no verdict that closed
 * the pair (a non-lexical `distinct` or `refines`), is ranked just above the older, its `why`
 * saying so. Likewise a newer fact that changes the older's state frame in other words ("I live
 * in Denver" / "I moved to Portland", `state-frames.ts`). When the older fills the slot a
 * current-state question asks (`askedSlot`, `fillsAskedSlot`), a newer fact naming its value that
 * says a change in words of its own ("Claritin stopped working so my doctor put me on Zyrtec") is
 * one too, whatever the cue list or the judge's "another entity" says. When the question asks a
 * member of a kind by its determiner ("Which school does my son go to?", `askedKind`), a newer fact
 * or a turn no belief speaks for, found by WordNet's kinds of that noun, that names another member
 * of it ("Theo's teacher at Riverside Academy…": an academy is a school) is one too, when it names a
 * name the older names or is the speaker's in place of a member the older names
 * (`namesAnotherOfAskedKind`), or names one after a move said without where to ("I live in Leeds" /
 * "…within an hour of Edinburgh? I've only been here three weeks since the move": `unsaid-moves.ts`).
 * A newer fact that says a term of the older's state ran out, by a word that describes the older
 * ("…on a fixed tariff" / "We moved over to EDF when the fixed deal ended": `ended-terms.ts`), and
 * names a name of its own is one too. Ranking only; nothing is closed; only
 * the request's namespaces are searched. Mutates and re-sorts `scored`.
 */
export async function missedSuccessors(lift: LiftInput): Promise<Move[]> {
  const { store, scored, records, req, policy, judge, asked } = lift;
  const now = req.at ?? req.asOf ?? req.now;
  const filter = activeFactsOf(req);
  const byId = new Map(scored.map((h) => [h.id, h]));
  // The slot a current-state question asks about a person, read only when needed.
  const changesAskedValue = async (older: string, newer: string) => {
    if (!asked.possible) return false;
    const slot = await asked.read();
    return slot !== null && fillsAskedSlot(older, slot, req.lexicon) !== null && saysChangedState(newer);
  };
  const moves: Move[] = [];
  // The current versions of closed statements a named link found, read once each.
  const versions = new Map<string, Belief | null>();
  const olders = scored
    .slice(0, NAMED_TOP)
    .filter((h) => h.layer === "belief" && h.kind === "fact" && h.status === "active");
  // A successor found here is read as an older in its turn, once, by the rare names it says: a
  // chain of changes ("Our dog walker is Ellie" → "Ellie's gone back to uni, so Jamal walks Biscuit
  // now" → "Biscuit goes to Waggy Tails daycare now, Jamal moved away") ends at its newest link.
  // Not a successor's successor's.
  const chained = new Set<RecallHit>();
  // The statements a move said without where to is searched by: the same words for every older.
  let moveHits: ReturnType<typeof store.searchBeliefText> | undefined;
  // The statements that may say a term ended, read once: an older none of them ends is searched for none.
  let endings: Promise<string[] | null> | undefined;
  for (let i = 0; i < olders.length; i++) {
    const older = olders[i]!;
    // An older that meets the asked thing only by its word in another part of speech ("I train at
    // Ironworks" for "Which train do I catch?") is about something else: nothing succeeds it here.
    const askedOf = asked.possible ? await asked.read() : null;
    if (askedOf && askedInAnotherSense(older.text, askedOf, req.lexicon)) continue;
    const own = new Set(namedValues(older.text).map((w) => w.toLowerCase()));
    // Where newer statements may replace it: those naming one of its rare values, and those
    // changing its state frame in other words ("I live in…" / "I moved to…").
    const links: {
      ids: string[];
      link: string;
      fits: (text: string) => boolean;
      named?: true;
      retired?: ReadonlySet<string>;
    }[] = [];
    const rareNames: string[] = [];
    for (const name of own) {
      // A name in more facts than that links nothing: counted first, ranked only when rare.
      const terms = queryTerms(name);
      if ((await store.countBeliefText(terms, filter, NAMED_RARE + 1)) > NAMED_RARE) continue;
      const found = await store.searchBeliefText(terms, filter, NAMED_RARE + 1);
      if (found.length <= NAMED_RARE) rareNames.push(name);
      // A statement naming it that sleep closed in its turn stands for its current version (`currentVersionOf`):
      // "Our dog walker is Ellie" / "Ellie's gone back to uni, so Jamal walks Biscuit now", closed by
      // "Biscuit goes to Waggy Tails daycare now, Jamal moved away".
      const closed =
        found.length <= NAMED_RARE
          ? await store.searchBeliefText(terms, { ...filter, statuses: ["archived"] }, NAMED_RARE + 1)
          : [];
      if (found.length <= NAMED_RARE)
        links.push({
          ids: [...found, ...closed].map((f) => f.id),
          link: `names its value "${name}"`,
          // A change announced, or the name's own end ("Stan's gone from the plant, the new shipping
          // lead is Priya Patel": `retiredValue`).
          fits: (text) =>
            announcesReplacement(text) || retiredValue(text, [{ word: name, name: true }]) !== null,
          named: true,
        });
    }
    const frame = frameOf(older.text);
    if (frame) {
      const found = await store.searchBeliefText(frame.terms, filter, FRAME_CANDIDATES);
      links.push({
        ids: found.map((f) => f.id),
        link: `changes its ${frame.name} in other words`,
        fits: (text) => replacedByFrame(older.text, text, req.lexicon) !== null,
      });
    }
    // Where a newer statement retires the older's value by name, lower-case or clipped ("I gave up
    // climbing", "I sold the Strat": `retired-values.ts`), when the older fills the asked slot.
    const slot = asked.possible ? await asked.read() : null;
    const filled = slot ? fillsAskedSlot(older.text, slot, req.lexicon) : null;
    if (slot && filled) {
      const values = valuesOf(older.text).filter(
        (v) => !contentTokens(v.word).some((t) => slot.attributes.has(t)),
      );
      const terms = [
        ...new Set(values.flatMap((v) => [...queryTerms(v.word), ...clippings(v), ...verbForms(v)])),
      ];
      if (terms.length > 0) {
        const found = await store.searchBeliefText(terms, filter, FRAME_CANDIDATES);
        links.push({
          ids: found.map((f) => f.id),
          link: "retires its value by name",
          fits: (text) => retiredValue(text, values) !== null,
          retired: slot.attributes,
        });
      }
      // Where a newer statement says a term of the older's state ran out, by a word that describes
      // it, and names a name of its own ("Our electricity is with Octopus Energy on a fixed tariff." /
      // "We moved over to EDF when the fixed deal ended.": `ended-terms.ts`).
      const describing = describingWords(older.text, req.query);
      const describingTerms = queryTerms(older.text).filter((t) =>
        contentTokens(t).some((s) => describing.has(s)),
      );
      endings ??= describingTerms.length > 0 ? mayEndTermTexts(store, filter, ENDED_READ) : undefined;
      const ending = endings ? await endings : [];
      if (
        describingTerms.length > 0 &&
        (ending === null || ending.some((t) => endedTerm(t, describing) !== null))
      ) {
        const found = await store.searchBeliefText(describingTerms, filter, FRAME_CANDIDATES);
        links.push({
          ids: found.map((f) => f.id),
          link: "says a term of its state ended",
          fits: (text) =>
            endedTerm(text, describing) !== null && namedValues(text).some((w) => !own.has(w.toLowerCase())),
          retired: slot.attributes,
        });
      }
      // Slot-typed: where a newer statement names, by a name, another member of the kind the
      // question asks by its determiner ("Which school does my son go to?": `askedKind`), found by
      // WordNet's kinds of that noun ("My son Theo is in Year 3 at Oakfield Primary" / "Theo's
      // teacher at Riverside Academy has asked the class…": an academy is a school), said by the
      // speaker or of a name the older names (`namesAnotherOfAskedKind`). A turn left as itself
      // (no belief speaks for it: it ended in a question) is such a statement too.
      const kindLexicon = req.lexicon;
      const kind = kindLexicon ? askedKind(req.query, slot, kindLexicon) : null;
      if (kindLexicon && kind) {
        const kinds = kindLexicon.nounKinds(kind).filter((w) => !/[\s-]/.test(w));
        const terms = queryTerms(kinds.join(" "), KINDS_SEARCHED);
        if (terms.length > 0) {
          const fits = (text: string) =>
            namesAnotherOfAskedKind(text, older.text, kind, kindLexicon) !== null;
          const found = await store.searchBeliefText(terms, filter, FRAME_CANDIDATES);
          links.push({
            ids: found.map((f) => f.id),
            link: "names another of the asked kind",
            fits,
            retired: slot.attributes,
          });
          const turns = await store.searchEpisodeText(
            terms,
            { namespaces: req.namespaces, statuses: ["active"], types: req.types, metadata: req.metadata },
            FRAME_CANDIDATES,
          );
          for (const e of await store.getEpisodes(
            turns.map((t) => t.id),
            req.namespaces,
          )) {
            if (!(e.at > older.at) || (req.at && e.at > req.at) || !fits(e.content)) continue;
            if (!mayAnswerTyped(lift.typedAnswer, e.content)) continue;
            if (othersState(e.content, slot, req.lexicon)) continue;
            if (await representative(store, e.id, e.namespace, new Map(), {})) continue;
            const known = byId.get(e.id);
            if (known && known.score > older.score) continue;
            if (await restates(judge, saidOf(older), saidOf(e))) continue;
            const newer =
              known ??
              liftedHitOf(
                e,
                policy,
                now,
                older.why.relevance,
                `names another of the asked kind than [${older.id}]`,
              );
            if (!known) {
              records.set(e.id, e);
              byId.set(e.id, newer);
              scored.push(newer);
            }
            newer.score = older.score * (1 + 1e-6);
            newer.why.summary += `; newer than [${older.id}], names another of the asked kind in a change and no verdict yet: ranked above it`;
            moves.push({ older, newer });
          }
        }
      }
      // Where a newer statement of the speaker's names another member of the asked kind after a move
      // said without where to ("I live in Leeds" / "…day hikes within an hour of Edinburgh? I've only
      // been here three weeks since the move": `unsaid-moves.ts`), when the older names one too.
      if (kindLexicon && kind && namesAskedKind(older.text, kind, [], kindLexicon) !== null) {
        moveHits ??= store.searchBeliefText([...MOVE_TERMS], filter, FRAME_CANDIDATES);
        const found = await moveHits;
        links.push({
          ids: found.map((f) => f.id),
          link: "names another of the asked kind after a move",
          fits: (text) => movedToAnother(text, older.text, kind, kindLexicon) !== null,
          retired: slot.attributes,
        });
      }
      // Where a newer statement of the speaker's says the current state of a thing the older names
      // besides the asked one, rare in the store ("I bank with Barclays, I've had the account since
      // uni" / "My salary goes into a Monzo account now": `shared-things.ts`).
      for (const thing of thingsOf(older.text, slot.attributes)) {
        const terms = nounForms(thing);
        if ((await store.countBeliefText(terms, filter, NAMED_RARE + 1)) > NAMED_RARE) continue;
        const found = await store.searchBeliefText(terms, filter, NAMED_RARE + 1);
        links.push({
          ids: found.map((f) => f.id),
          link: `gives its "${thing}" a name of its own`,
          fits: (text) => namesThingNow(text, thing, older.text) !== null,
          retired: slot.attributes,
        });
      }
      // Where a newer statement of the speaker's speaks of an event the older names by a verb, by
      // the event's noun, rare in the store, with a value of its own ("Our car insurance is with
      // Aviva, it renews in March." / "Admiral beat the renewal quote …, so we signed with them
      // instead.": `eventsOf`, WordNet's derivations).
      // Only when the older is about the asked thing, not a modifier of it ("our car insurance" for
      // "What car do we drive?": `aboutAsked`).
      if (req.lexicon && aboutAsked(filled, req.query, req.lexicon))
        for (const { verb, noun } of eventsOf(older.text, slot.attributes, req.lexicon)) {
          const terms = nounForms(noun);
          if ((await store.countBeliefText(terms, filter, NAMED_RARE + 1)) > NAMED_RARE) continue;
          const found = await store.searchBeliefText(terms, filter, NAMED_RARE + 1);
          links.push({
            ids: found.map((f) => f.id),
            link: `speaks of its "${verb}" as "${noun}"`,
            fits: (text) => namesValueAtEvent(text, noun, older.text) !== null,
            retired: slot.attributes,
          });
        }
      // Where the speaker says their own state right after another person's statement of the asked
      // slot, in one turn ("My coworker Dana switched to intermittent fasting, so she skips lunch
      // now. Honestly I've been getting burritos from the cart downstairs for the past few weeks."):
      // the sentence with no word of the topic takes it from the one before it (`nextPart`).
      for (const other of scored) {
        const r = records.get(other.id);
        if (!r || !("kind" in r) || r.kind !== "fact" || r.status !== "active" || r.sources.length !== 1)
          continue;
        if (!(other.at > older.at) || !fillsAskedSlot(other.text, slot, req.lexicon)) continue;
        if (!othersState(other.text, slot, req.lexicon)) continue;
        const [turn] = await store.getEpisodes([r.sources[0]!], r.namespace);
        if (!turn) continue;
        const parts = (await store.beliefsFromEpisode(turn.id, turn.namespace)).filter(
          (b) => b.status === "active" && b.id !== r.id,
        );
        const next = nextPart(turn.content, r.text, parts);
        if (!next) continue;
        links.push({
          ids: [next],
          link: `says the speaker's own after [${other.id}] in one turn`,
          fits: (text) => saysChangedState(text) && !othersState(text, slot, req.lexicon),
          retired: slot.attributes,
        });
      }
      // Where a newer statement takes the older's recurring day "instead" ("I volunteer at the
      // food bank on Saturdays" / "These days I help out at the animal shelter on Saturdays
      // instead": `takesDayInstead`); not when the question asks when (the day is then the value).
      const days = asksWhenOrHowOften(req.query) ? [] : recurringDays(older.text);
      if (days.length > 0) {
        // The index holds words as written: "Saturday" and "Saturdays" both.
        const terms = days.flatMap((d) => [d, `${d}s`]);
        const found = await store.searchBeliefText(terms, filter, FRAME_CANDIDATES);
        links.push({
          ids: found.map((f) => f.id),
          link: "takes its day instead",
          fits: (text) => takesDayInstead(older.text, text) !== null,
          retired: slot.attributes,
        });
      }
      // Where a newer statement of the speaker's takes the older's recurring time of day with a
      // change that leaves what it replaces unsaid ("I practise Italian on Memrise every evening" /
      // "I've moved over to Babbel now, twenty minutes before dinner each night": `takesTimeOfDay`).
      const lexicon = req.lexicon;
      const times =
        asksWhenOrHowOften(req.query) || !lexicon
          ? []
          : [...new Set(recurringTimes(older.text).flatMap((t) => sameTimes(t, lexicon)))];
      if (lexicon && times.length > 0) {
        const found = await store.searchBeliefText(
          times.flatMap((t) => [t, `${t}s`]),
          filter,
          FRAME_CANDIDATES,
        );
        links.push({
          ids: found.map((f) => f.id),
          link: "takes its time of day",
          // Only when the older leaves one value for the change to replace (`valueLeftUnsaid`).
          fits: (text) =>
            takesTimeOfDay(older.text, text, lexicon) !== null &&
            valueLeftUnsaid(older.text, req.query) !== null,
          retired: slot.attributes,
        });
      }
    }
    for (const { ids, link, fits, named, retired } of links) {
      // A successor read as an older links on by a rare name only ("Jamal"): its other words
      // ("I quit tennis… joined a cycling club" retired by "I quit the Foyles book club") are its own
      // change's, not the asked slot's.
      if (chained.has(older) && !named) continue;
      for (const found of await store.getBeliefs(
        ids.filter((id) => id !== older.id),
        req.namespaces,
      )) {
        if (found.validFrom <= older.at) continue;
        // The older gives the value of the slot the question asks and the newer, naming that value,
        // says a change in words of its own ("I bank with Chase" / "I closed my Chase account and
        // moved everything to Alliant"; "Claritin stopped working so my doctor put me on Zyrtec").
        const bySlot = named && (await changesAskedValue(older.text, found.text));
        const changed = fits(found.text) || bySlot;
        // A part of a turn that names the older's rare name may say its change in the turn's other
        // part (`turn-parts.ts`): read below.
        if (!changed && !named) continue;
        // Another person's change of a value the speaker has too ("My daughter left the school
        // choir and joined St Mary's youth choir") says nothing of the speaker's.
        if (slot && othersState(found.text, slot, req.lexicon)) continue;
        // The newer names a value of its own: a name ("Cannondale"), or for a retirement any word
        // of a value outside the older's and the question's ("took up pottery"). A part of a turn
        // that names the older's name with no value of its own ("Dave the window man's retired.",
        // "Fired SparkleClean, they missed twice.") stands for the one other part of the same turn
        // that names its successor in a change and goes on about the older's thing ("His nephew
        // Kieran's taken over the round…", "ProScrub starts this Sunday night": `successorInTurn`).
        const ownValue =
          changed &&
          (retired ? namesOtherValue(older.text, found.text, retired) : namesValueOfItsOwn(own, found.text));
        const b = ownValue
          ? found
          : named && found.status === "active"
            ? await successorInTurn(store, found, own, older.text, req.query)
            : null;
        if (!b || (b !== found && slot && othersState(b.text, slot, req.lexicon))) continue;
        // Another speaker's turn (an assistant's reply that says what changed) is no change of the older's.
        if (b !== found && (await speakersOf(store, records, records.get(older.id), b)) === "another")
          continue;
        const inTurn = b === found ? "" : ` in the turn of [${found.id}]`;
        if (b.status === "active" && (byId.get(b.id)?.score ?? 0) > older.score) continue;
        // The judge's "another entity" is a change of the asked value when the slot reads one, or
        // when the newer ends the older's value by name (`judgedSuccessor`), or when the turn says
        // it: one part names the older's value, the other a name of its own in a change.
        if (
          !(await judgedSuccessor(judge, store, saidOf(older), saidOf(b), {
            changeRead: bySlot || Boolean(retired) || b !== found,
            byName: Boolean(named),
          }))
        )
          continue;
        // A closed statement (a named link's only) is succeeded by its current version, said after the
        // older, of the speaker's, that links on from it as a chain does — by a rare name of its
        // (`changedByName`: "…Jamal walks Biscuit now" / "…Waggy Tails daycare now, Jamal moved
        // away") — or fills the asked slot: that is what is ranked above the older. A wrong verdict
        // that closed it by another thing lifts nothing.
        const current =
          b.status === "active" ? b : await currentVersionOf(store, b, slot, req.lexicon, versions);
        if (
          !current ||
          current.validFrom <= older.at ||
          current.kind !== "fact" ||
          (slot && othersState(current.text, slot, req.lexicon)) ||
          // `ANSWER_SAID_RULE`: a newer that says no answer of the type the question asks changes something else.
          !mayAnswerTyped(lift.typedAnswer, current.text)
        )
          continue;
        if (
          current !== b &&
          !(slot && fillsAskedSlot(current.text, slot, req.lexicon)) &&
          (await changedByName(store, filter, b.text, current.text)) === null
        )
          continue;
        const known = byId.get(current.id);
        if (known && known.score > older.score) continue;
        const through = current === b ? "" : ` through [${b.id}], which it superseded`;
        const newer =
          known ??
          liftedHitOf(
            current,
            policy,
            now,
            older.why.relevance,
            `${link.replace("its", `[${older.id}]'s`)}${inTurn}${through}`,
          );
        if (!known) {
          records.set(current.id, current);
          byId.set(current.id, newer);
          scored.push(newer);
        }
        newer.score = older.score * (1 + 1e-6);
        newer.why.summary += `; newer than [${older.id}], ${link}${inTurn} in a change${through} and no verdict yet: ranked above it`;
        moves.push({ older, newer });
        if (!chained.has(older) && !olders.includes(newer) && newer.kind === "fact") {
          chained.add(newer);
          olders.push(newer);
        }
      }
    }
    // The same link by a rare name to a turn no belief speaks for (`named-turns.ts`).
    for (const m of await namedTurnSuccessors(lift, older, rareNames, own, slot, changesAskedValue)) {
      byId.set(m.newer.id, m.newer);
      moves.push(m);
    }
  }
  // A question about a state of the speaker's ("Where do I work?") is answered by the newest
  // change of that state even when no older statement of it ranks near the top: it is listed
  // within the first k, last (it matched no word), unless a hit already answers from that change.
  const frame = askedFrame(req.query);
  if (frame && !moves.some((m) => frameOf(m.older.text) === frame)) {
    const found = await store.searchBeliefText(frame.terms, filter, FRAME_CANDIDATES);
    const changes = (
      await store.getBeliefs(
        found.map((f) => f.id),
        filter.namespaces,
      )
    )
      .filter(
        (b) =>
          changesFrame(frame, b.text, req.query, req.lexicon) && mayAnswerTyped(lift.typedAnswer, b.text),
      )
      .sort((a, b) =>
        a.validFrom < b.validFrom ? 1 : a.validFrom > b.validFrom ? -1 : compareIds(a.id, b.id),
      );
    const newest = changes[0];
    const last = scored[Math.min(req.k, scored.length) - 1];
    if (newest && last && !scored.slice(0, req.k).some((h) => h.id === newest.id)) {
      const hit =
        byId.get(newest.id) ??
        liftedHitOf(
          newest,
          policy,
          now,
          last.why.relevance,
          `the newest change of the ${frame.name} asked about`,
        );
      if (!byId.has(newest.id)) {
        records.set(newest.id, newest);
        scored.push(hit);
      }
      hit.score = last.score * (1 + 1e-6);
      hit.why.summary += `; the newest statement that changes the ${frame.name} the question asks about: listed within the first ${req.k}`;
      moves.push({ older: last, newer: hit, listed: true });
    }
  }
  scored.sort((a, b) => b.score - a.score || compareIds(a.id, b.id));
  return moves;
}
