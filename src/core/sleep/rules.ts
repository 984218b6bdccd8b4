/**
 * Rules (WHEN trigger → PREFER action) are reconciled by sleep, never at write time:
 *
 *   resolve   same trigger, opposite actions → the stronger wins and carries the loser as a
 *             boundary exception ("usually X; exception toward Y when …"); the loser is closed.
 *             Complementary advice under one trigger is not a contradiction.
 *   merge     same trigger, same action → one rule (support summed).
 *   abstract  three or more rules with the same action across different triggers → a parent
 *             rule; the children go dormant under it.
 */
import { loadTagger, restatesLexically } from "../judge/lexical-judge.js";
import type { Belief } from "../model.js";
import type { StoreWriter } from "../ports.js";
import { contentTokens, isNegated, jaccard, rawTokens } from "../text.js";
import { laterOf } from "../time.js";
import { ABSTRACTION_SOURCE } from "../vocabulary.js";
import type { Writes } from "../writes.js";
import type { SleepItem } from "./report.js";

const ANTONYMS: [string, string][] = [
  ["use", "avoid"],
  ["enable", "disable"],
  ["always", "never"],
  ["increase", "decrease"],
  ["raise", "lower"],
  ["add", "remove"],
  ["allow", "block"],
  ["allow", "deny"],
  ["include", "exclude"],
  ["more", "less"],
  ["more", "fewer"],
  ["before", "after"],
  ["sync", "async"],
  ["prefer", "avoid"],
  ["keep", "drop"],
  ["retry", "abort"],
];
const OPPOSITE = new Map<string, Set<string>>();
for (const [x, y] of ANTONYMS) {
  if (!OPPOSITE.has(x)) OPPOSITE.set(x, new Set());
  if (!OPPOSITE.has(y)) OPPOSITE.set(y, new Set());
  OPPOSITE.get(x)!.add(y);
  OPPOSITE.get(y)!.add(x);
}

export const ruleWhen = (b: Belief) => b.when ?? b.text;
export const rulePrefer = (b: Belief) => b.prefer ?? b.text;

/** The same trigger: the lexical judge calls the two WHEN texts duplicates, or they share most words. */
export function sameTrigger(a: Belief, b: Belief): boolean {
  const wa = ruleWhen(a);
  const wb = ruleWhen(b);
  if (restatesLexically({ text: wa, at: a.validFrom }, { text: wb, at: b.validFrom })) return true;
  return jaccard(new Set(contentTokens(wa)), new Set(contentTokens(wb))) >= 0.6;
}

/** Same action: duplicates by the lexical judge, or identical content words. */
export function sameAction(a: Belief, b: Belief): boolean {
  const pa = rulePrefer(a);
  const pb = rulePrefer(b);
  if (isNegated(pa) !== isNegated(pb)) return false;
  const ta = new Set(contentTokens(pa));
  const tb = new Set(contentTokens(pb));
  return jaccard(ta, tb) >= 0.8;
}

/** Opposite actions: one negates the other, or an antonym swaps the verb and the rest agrees. */
export function oppositeActions(a: Belief, b: Belief): boolean {
  const pa = rulePrefer(a);
  const pb = rulePrefer(b);
  const ta = rawTokens(pa);
  const tb = rawTokens(pb);
  const ca = new Set(contentTokens(pa));
  const cb = new Set(contentTokens(pb));
  if (isNegated(pa) !== isNegated(pb) && jaccard(ca, cb) >= 0.6) return true;
  for (const t of ta) {
    const opposites = OPPOSITE.get(t);
    if (!opposites) continue;
    for (const u of tb)
      if (opposites.has(u)) {
        const restA = new Set([...ca].filter((x) => x !== t));
        const restB = new Set([...cb].filter((x) => x !== u));
        if (restA.size === 0 || restB.size === 0 || jaccard(restA, restB) >= 0.5) return true;
      }
  }
  return false;
}

/** Which rule wins a contradiction: more outcome evidence, then more support, then the newer. */
export function stronger(a: Belief, b: Belief): [Belief, Belief] {
  const score = (x: Belief) => x.confidence * (1 + x.successes + x.failures) + 0.1 * x.support;
  const sa = score(a);
  const sb = score(b);
  if (sa !== sb) return sa > sb ? [a, b] : [b, a];
  return a.validFrom >= b.validFrom ? [a, b] : [b, a];
}

/** Closes `loser` and records it as a boundary exception on `winner`. */
export async function resolveContradiction(
  tx: StoreWriter,
  writes: Writes,
  winner: Belief,
  loser: Belief,
  reason: string,
): Promise<SleepItem> {
  const now = writes.now();
  const n = loser.successes + loser.failures;
  const exception = `exception toward "${rulePrefer(loser)}" when the context differs (${loser.id}${n ? `, ${loser.successes}/${n} worked` : ""})`;
  await tx.updateBelief(winner.id, { exceptions: [...winner.exceptions, exception] });
  await tx.updateBelief(loser.id, {
    status: "archived",
    statusReason: "contradiction-resolved",
    supersededBy: winner.id,
    retiredAt: now,
    validTo: laterOf(now, loser.validFrom),
  });
  await tx.addLink({ from: winner.id, to: loser.id, relation: "contradicts", at: now });
  await writes.audit(tx, loser.namespace, "belief.resolved", loser.id, { winner: winner.id, reason });
  await writes.audit(tx, winner.namespace, "belief.exception-added", winner.id, { from: loser.id });
  return { action: "resolved", id: loser.id, by: winner.id, reason, related: [] };
}

const joinOr = (list: readonly string[]) =>
  list.length < 2 ? (list[0] ?? "") : `${list.slice(0, -1).join(", ")} or ${list.at(-1)}`;

/**
 * The trigger of an abstraction without a model: honest and readable, nothing invented. The
 * words every trigger shares at its start and end stay once, the differing values become a
 * list; with nothing shared, the triggers are listed as alternatives.
 *
 *   ["the deploy targets staging", "the deploy targets production", "the deploy targets canary"]
 *   → "the deploy targets staging, production or canary"
 *   ["deploying on a Friday", "shipping a hotfix", "releasing a new version"]
 *   → "deploying on a Friday, shipping a hotfix or releasing a new version"
 */
export function generaliseTriggers(triggers: readonly string[]): {
  when: string;
  shared: string;
  values: string[];
} {
  const words = triggers.map((t) => t.trim().split(/\s+/));
  const same = (at: (w: string[]) => string | undefined) =>
    words.every((w) => at(w)?.toLowerCase() === at(words[0]!)?.toLowerCase());
  const shortest = Math.min(...words.map((w) => w.length));
  let head = 0;
  while (head < shortest - 1 && same((w) => w[head])) head++;
  let tail = 0;
  while (tail < shortest - 1 - head && same((w) => w[w.length - 1 - tail])) tail++;
  const values = words.map((w) => w.slice(head, w.length - tail).join(" "));
  if (head + tail === 0 || values.some((v) => v === ""))
    return { when: joinOr(triggers.map((t) => t.trim())), shared: "", values: triggers.map((t) => t.trim()) };
  const first = words[0]!;
  const prefix = first.slice(0, head).join(" ");
  const suffix = first.slice(first.length - tail).join(" ");
  return {
    when: [prefix, joinOr(values), suffix].filter(Boolean).join(" "),
    shared: [prefix, "…", suffix].filter(Boolean).join(" "),
    values,
  };
}

/** One pass over active rules: resolve, merge, then abstract. Runs inside one transaction. */
export async function reconcileRules(
  tx: StoreWriter,
  writes: Writes,
  namespace: string,
): Promise<SleepItem[]> {
  const items: SleepItem[] = [];
  await loadTagger(); // `sameTrigger` and `sameAction` compare lexically
  const rules = (
    await tx.listBeliefs(
      { namespaces: [namespace], statuses: ["active"], kinds: ["rule"] },
      { limit: 100_000, offset: 0 },
    )
  ).filter((r) => !r.pinned);
  const gone = new Set<string>();
  const live = (id: string) => !gone.has(id);

  // Group by trigger (union of pairwise same-trigger), comparing only rules that share a trigger word.
  const byWord = new Map<string, number[]>();
  rules.forEach((r, i) => {
    for (const t of new Set(contentTokens(ruleWhen(r)))) {
      let l = byWord.get(t);
      if (!l) {
        l = [];
        byWord.set(t, l);
      }
      l.push(i);
    }
  });
  const checked = new Set<string>();
  for (const list of byWord.values()) {
    if (list.length > 200) continue;
    for (let x = 0; x < list.length; x++)
      for (let y = x + 1; y < list.length; y++) {
        const i = list[x]!;
        const j = list[y]!;
        const key = `${i}:${j}`;
        if (checked.has(key)) continue;
        checked.add(key);
        const a = rules[i]!;
        const b = rules[j]!;
        if (!live(a.id) || !live(b.id) || !sameTrigger(a, b)) continue;
        if (oppositeActions(a, b)) {
          const [winner, loser] = stronger(a, b);
          if (loser.restored) {
            items.push({
              action: "skipped",
              id: loser.id,
              by: winner.id,
              reason: "skipped: restored",
              related: [],
            });
            continue;
          }
          const fresh = (await tx.getBelief(winner.id, namespace))!;
          items.push(
            await resolveContradiction(tx, writes, fresh, loser, "opposite actions under the same trigger"),
          );
          gone.add(loser.id);
        } else if (sameAction(a, b)) {
          const [survivor, loser] = a.support + a.successes >= b.support + b.successes ? [a, b] : [b, a];
          if (loser.restored) continue;
          await writes.mergeBeliefs(
            tx,
            (await tx.getBelief(survivor.id, namespace))!,
            (await tx.getBelief(loser.id, namespace))!,
            "same rule",
          );
          items.push({
            action: "merged",
            id: loser.id,
            by: survivor.id,
            reason: "same trigger, same action",
            related: [],
          });
          gone.add(loser.id);
        }
      }
  }

  // Abstract: same action across three or more different triggers.
  const remaining = rules.filter((r) => live(r.id));
  const groups: Belief[][] = [];
  for (const r of remaining) {
    const g = groups.find((grp) => sameAction(grp[0]!, r));
    if (g) g.push(r);
    else groups.push([r]);
  }
  for (const group of groups) {
    // An abstraction is a rule sleep wrote (its `source`, which a caller cannot write).
    const parentExisting = group.find(
      (r) => r.source === ABSTRACTION_SOURCE && r.metadata.abstraction === true,
    );
    const children = group.filter((r) => r !== parentExisting && !r.restored);
    if (children.length < 3 && !(parentExisting && children.length > 0)) continue;
    const now = writes.now();
    let parentId = parentExisting?.id;
    if (!parentId) {
      const triggers = children.map(ruleWhen);
      const { when, shared, values } = generaliseTriggers(triggers);
      const prefer = rulePrefer(children[0]!);
      const text = `WHEN ${when} → PREFER ${prefer}`;
      const [vector] = await writes.embedder.embed([text]);
      parentId = await writes.insertBelief(tx, {
        namespace,
        kind: "rule",
        text,
        when,
        prefer,
        validFrom: children.map((c) => c.validFrom).sort()[0]!,
        sources: [...new Set(children.flatMap((c) => c.sources))],
        source: ABSTRACTION_SOURCE,
        metadata: { abstraction: true, children: children.map((c) => c.id), shared, values },
        now,
        vector: vector!,
      });
      items.push({
        action: "abstracted",
        id: parentId,
        by: null,
        reason: `${children.length} rules share the action "${prefer}"`,
        related: children.map((c) => c.id),
      });
    }
    for (const c of children) {
      await tx.updateBelief(c.id, {
        status: "dormant",
        statusReason: "abstracted",
        parentId,
        retiredAt: now,
      });
      await writes.audit(tx, namespace, "belief.folded", c.id, { parent: parentId });
    }
  }
  return items;
}

/**
 * An abstraction's wording once `gone` (forgotten rules) are out of its children: its WHEN lists
 * every child's trigger ("deploying to staging, production or X") and `metadata.values` keeps
 * them, so a forgotten child would otherwise stay quoted in the parent its siblings keep. The
 * WHEN and PREFER are generalised again, lexically, from the children still readable (a model's
 * earlier wording, `generalisedBy`, went over the forgotten trigger too and goes). `children` is
 * empty when none is left (the caller erases the parent); null when `b` is no abstraction of any
 * of `gone`.
 */
export async function abstractionWithout(
  tx: StoreWriter,
  b: Belief,
  gone: ReadonlySet<string>,
): Promise<{
  text: string;
  when: string;
  prefer: string;
  metadata: Belief["metadata"];
  children: string[];
} | null> {
  const listed = b.metadata.children;
  // Only what sleep wrote (its `source`, which a caller cannot write) is an abstraction's.
  if (b.source !== ABSTRACTION_SOURCE || b.metadata.abstraction !== true || !Array.isArray(listed))
    return null;
  const ids = listed.filter((id): id is string => typeof id === "string");
  if (!ids.some((id) => gone.has(id))) return null;
  const children = (
    await tx.getBeliefs(
      ids.filter((id) => !gone.has(id)),
      b.namespace,
    )
  ).filter((c) => c.namespace === b.namespace && c.status !== "forgotten");
  const byId = new Map(children.map((c) => [c.id, c]));
  const kept = ids.map((id) => byId.get(id)).filter((c): c is Belief => c !== undefined);
  const { lexicalWhen: _lexical, generalisedBy: _by, ...rest } = b.metadata;
  if (kept.length === 0)
    return { text: b.text, when: b.when ?? "", prefer: b.prefer ?? "", metadata: rest, children: [] };
  const { when, shared, values } = generaliseTriggers(kept.map(ruleWhen));
  const prefer = rulePrefer(kept[0]!);
  return {
    text: `WHEN ${when} → PREFER ${prefer}`,
    when,
    prefer,
    metadata: { ...rest, children: kept.map((c) => c.id), shared, values },
    children: kept.map((c) => c.id),
  };
}
