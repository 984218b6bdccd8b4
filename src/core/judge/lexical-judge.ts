/**
 * The default judge: deterministic, no model, no network. It reads a statement as
 * subject · predicate · value slots, then compares slots, numbers, negation and cue words.
 *
 *   judge.compare({ text: "Retry limit is 5", at }, { text: "Retry limit is now 7", at })
 *   // → { relation: "supersedes", reason: "value-changed: 5 → 7", … }
 */
import type { Judge, JudgeItem, JudgeVerdict } from "../ports.js";
import {
  contentTokens,
  hasAdditiveCue,
  hasChangeCue,
  isHypothetical,
  isNegated,
  isQuestion,
  jaccard,
  numericTokens,
  rawTokens,
  STOP_WORDS,
  stem,
} from "../text.js";

/** Predicates, canonicalised: every copula is `is`, change verbs are `→`. */
const COPULAS = new Set(["is", "are", "was", "were", "be", "=", "equals", "means"]);
const CHANGE_VERBS = new Set([
  "moved",
  "switched",
  "changed",
  "renamed",
  "replaced",
  "migrated",
  "upgraded",
  "downgraded",
  "updated",
  "relocated",
  "transferred",
  "became",
  "becomes",
  "failed",
  "reassigned",
  "bumped",
  "raised",
  "lowered",
  "increased",
  "decreased",
  "reduced",
  "ported",
  "rotated",
  "rebranded",
  "scaled",
  "extended",
  "passed",
  "handed",
]);
const VERBS = new Set(
  (
    "use run live work prefer own lead manage host store point require need cost take support deploy " +
    "call report belong sit serve handle listen expose contain target default allow block read write send " +
    "depend rely hold keep stay reside locate base owned led managed hosted stored pointed set configured"
  ).split(" "),
);

interface Slots {
  subject: string[];
  predicate: string | null;
  value: string[];
}

function slots(text: string): Slots {
  const raw = rawTokens(text);
  let pivot = -1;
  let predicate: string | null = null;
  let seenSubject = false;
  for (let i = 0; i < raw.length; i++) {
    const t = raw[i]!;
    // A predicate needs a subject before it: "the deploy job runs" pivots on runs, not deploy.
    if (!seenSubject) {
      if (!STOP_WORDS.has(t)) seenSubject = true;
      if (!COPULAS.has(t)) continue;
    }
    const s = stem(t);
    if (COPULAS.has(t)) predicate = "is";
    else if (CHANGE_VERBS.has(t) || CHANGE_VERBS.has(s)) predicate = "→";
    else if (VERBS.has(t) || VERBS.has(s) || VERBS.has(t.replace(/s$/, "")))
      predicate = stem(t.replace(/s$/, ""));
    else continue;
    pivot = i;
    break;
  }
  const keep = (ts: string[]) =>
    ts.filter((t) => !STOP_WORDS.has(t) && !/^(?:not|no|never)$/.test(t)).map(stem);
  if (pivot < 0) return { subject: keep(raw), predicate: null, value: [] };
  // "X is now Y", "X was changed to Y": a copula followed by a change verb is a change.
  let rest = raw.slice(pivot + 1);
  const next = rest.find((t) => !STOP_WORDS.has(t));
  if (predicate === "is" && next && (CHANGE_VERBS.has(next) || CHANGE_VERBS.has(stem(next)))) {
    predicate = "→";
    rest = rest.slice(rest.indexOf(next) + 1);
  }
  return {
    subject: keep(raw.slice(0, pivot)),
    predicate,
    value: keep(rest).filter((t) => !CHANGE_VERBS.has(t)),
  };
}

/** Judge-local canonical forms: irregular verbs and abbreviations that stemming misses. */
const CANONICAL: Record<string, string> = {
  kept: "keep",
  led: "lead",
  ran: "run",
  built: "build",
  held: "hold",
  sent: "send",
  went: "go",
  max: "maximum",
  owner: "own",
  ownership: "own",
  owned: "own",
};
const canon = (t: string) => CANONICAL[t] ?? t;

/** Words that only say when or how lasting a statement is; they name no subject or value. */
const TIME_FILLER_RE =
  /\b(?:(?:this|next|last|that) (?:week|month|quarter|year|spring|summer|autumn|fall|winter)|today|tonight|these days|for good|permanently|for now|as of (?:today|now|this \w+)|starting (?:today|this \w+)|from now on|going forward)\b/gi;

/** The statement's assertion: the old value of "from X to Y" and "Y instead of X" is dropped. */
function asserted(text: string): string {
  return text
    .replace(TIME_FILLER_RE, " ")
    .replace(/\bfrom\s+([^\s,;]+(?:\s+[^\s,;]+)?)\s+to\b/gi, (m, _x, offset: number, all: string) =>
      // Only a change's "from": "moved from A to B", not "9 to 5" or "from the EU to the US office".
      /\b(?:moved|switched|changed|migrated|ported|went|rotated|passed|bumped|raised|lowered|upgraded|downgraded|renamed)\b[^.]*$/i.test(
        all.slice(0, offset),
      )
        ? "to"
        : m,
    )
    .replace(/\binstead of\s+[^\s,;.]+(?:\s+[A-Z][^\s,;.]*)?/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Role statements: who holds a role over something (owns, leads, maintains, is on call for …).
 * The role is single-held, so the same target with another holder is a change of holder.
 */
const ROLE_RE =
  /\b(?:own|owns|owned|owner|ownership|lead|leads|led|maintains?|maintained|maintainer|maintenance|on[- ]call|in charge of|responsible for|approved by|approves)\b/i;
const ROLE_WORDS = new Set(
  "own owns owned owner ownership lead leads led maintain maintains maintained maintainer maintenance on-call call charge responsible approved approves engineer took over rotated passed handed moved now".split(
    " ",
  ),
);
const HOLDER_VERB = /^(?:owns|leads|maintains|manages|runs|handles|approves|is|was|took|has|will)$/i;

interface Role {
  holders: Set<string>;
  target: Set<string>;
}

/** Names holding the role (capitalised words; the first word only before a verb) and the rest. */
function roleOf(text: string): Role | null {
  if (!ROLE_RE.test(text)) return null;
  const words = asserted(text).match(/[\p{L}\p{N}]+(?:[.\-_/:'’][\p{L}\p{N}]+)*/gu) ?? [];
  const holders = new Set<string>();
  const target = new Set<string>();
  words.forEach((w, i) => {
    const lower = w.toLowerCase().replace(/['’]s$/, "");
    if (STOP_WORDS.has(lower) || ROLE_WORDS.has(lower) || /^(?:on|call)$/.test(lower)) return;
    const capital = /^\p{Lu}/u.test(w) && !/^[\p{Lu}\p{N}]{2,}$/u.test(w);
    if (capital && (i > 0 || HOLDER_VERB.test(words[1] ?? ""))) holders.add(lower);
    else target.add(canon(stem(lower)));
  });
  return holders.size > 0 ? { holders, target } : null;
}

/** Verbs that say the same thing of a location or a service: "listens on", "runs on", "is on". */
const LIGHT_VERBS = new Set(
  "is run listen serve live reside base locate sit stay host keep store use build deploy set".split(" "),
);

/** Attribute names and the verbs of change or state: words that do not name an entity. */
const STATE_WORDS = new Set(
  "version release value number setting current currently now new latest upgrade downgrade bump raise lower increase decrease update change move switch migrate from to".split(
    " ",
  ),
);
const isStateWord = (t: string) =>
  STATE_WORDS.has(t) ||
  LIGHT_VERBS.has(t) ||
  CHANGE_VERBS.has(t) ||
  CHANGE_VERBS.has(`${t}ed`) ||
  CHANGE_VERBS.has(`${t}d`);

const IRREGULAR_PARTICIPLES: Record<string, string> = {
  run: "run",
  led: "lead",
  held: "hold",
  kept: "keep",
  built: "build",
  written: "write",
  known: "know",
  hosted: "host",
};

/** Opposite states, as the stemmer leaves them (enabled → enabl, closed → clos). */
const STATE_OPPOSITES: [string, string][] = [
  ["enabl", "disabl"],
  ["allow", "block"],
  ["allow", "deni"],
  ["accept", "reject"],
  ["open", "clos"],
  ["includ", "exclud"],
  ["start", "stop"],
  ["paus", "resum"],
];

/** enabled / disabled, locked / unlocked, allowed / blocked: one attribute, two values. */
function oppositeStates(a: string, b: string): boolean {
  const prefixed = (x: string, y: string) => y === `dis${x}` || y === `un${x}` || y === `de${x}`;
  return (
    prefixed(a, b) ||
    prefixed(b, a) ||
    STATE_OPPOSITES.some(([x, y]) => (a === x && b === y) || (a === y && b === x))
  );
}

/** The attribute a copula statement's participle names: "is now owned by Ravi" → "own". */
function attributeParticiple(text: string): string | null {
  const m = /\b(?:is|are|was|were|be|been)\s+(?:now\s+|currently\s+|still\s+|also\s+)?(\p{L}+)\b/iu.exec(
    text,
  );
  if (!m) return null;
  const word = m[1]!.toLowerCase();
  if (CHANGE_VERBS.has(word)) return null;
  if (IRREGULAR_PARTICIPLES[word]) return IRREGULAR_PARTICIPLES[word]!;
  return /(?:ed|en)$/.test(word) && word.length > 4 ? stem(word) : null;
}

/** A classification: the copula followed by an article ("Acme is an organization"). */
const classifies = (text: string) => /\b(?:is|are|was|were)\s+(?:now\s+|still\s+)?(?:a|an)\s/iu.test(text);

/** The values a text ends up at: "from 18.19 to 20.11" → {20.11}. */
function resultAnchors(text: string, anchors: readonly string[]): Set<string> {
  const from = new Set<string>();
  for (const m of text.toLowerCase().matchAll(/\bfrom\s+v?([\p{N}][\p{L}\p{N}.-]*)\s+to\b/gu))
    from.add(m[1]!);
  return new Set(anchors.filter((t) => !from.has(t.replace(/^v/, ""))));
}

const setOf = (xs: readonly string[]) => new Set(xs);
const minus = (a: ReadonlySet<string>, b: ReadonlySet<string>) => [...a].filter((x) => !b.has(x));
const subsetOf = (a: ReadonlySet<string>, b: ReadonlySet<string>) => [...a].every((x) => b.has(x));

/**
 * Everything the judge derives from one text, computed once per text and shared by every pair
 * the text is in: a belief sits in ~10 candidate pairs per sweep, and re-tokenising both sides
 * on every call was most of the judge's cost. The rarer parts (slots, role, cues) are derived on
 * first use. Pure functions of the text, so a cached analysis judges exactly as a fresh one.
 */
interface Analysis {
  text: string;
  content: Set<string>;
  /** Distinct character trigrams, each packed into one number (three UTF-16 units), sorted. */
  trigrams: Float64Array;
  negated: boolean;
  numbers: Set<string>;
  question: boolean;
  hypothetical: boolean;
  light: Set<string>;
  anchors: string[];
  slots?: Slots;
  role?: Role | null;
  result?: Set<string>;
  participle?: string | null;
  additive?: boolean;
  change?: boolean;
  lowerStems?: Set<string>;
}

function packedTrigrams(text: string): Float64Array {
  const s = ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()} `;
  const n = Math.max(0, s.length - 2);
  const codes = new Float64Array(n);
  for (let i = 0; i < n; i++)
    codes[i] = s.charCodeAt(i) * 4294967296 + s.charCodeAt(i + 1) * 65536 + s.charCodeAt(i + 2);
  codes.sort();
  let m = 0;
  for (let i = 0; i < n; i++) if (i === 0 || codes[i] !== codes[m - 1]) codes[m++] = codes[i]!;
  return codes.subarray(0, m);
}

/** Dice over two packed trigram sets: the same value as `dice(charTrigrams(a), charTrigrams(b))`. */
function packedDice(a: Float64Array, b: Float64Array): number {
  if (a.length === 0 || b.length === 0) return 0;
  let inter = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      inter++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return (2 * inter) / (a.length + b.length);
}

function analyse(text: string): Analysis {
  const content = setOf(contentTokens(text));
  const light = setOf([...content].map(canon).filter((t) => !LIGHT_VERBS.has(t)));
  return {
    text,
    content,
    trigrams: packedTrigrams(text),
    negated: isNegated(text),
    numbers: setOf(numericTokens(text)),
    question: isQuestion(text),
    hypothetical: isHypothetical(text),
    light,
    anchors: [...light].filter((t) => /\d/.test(t)),
  };
}

/**
 * A bounded memo of analyses by text: two generations of at most `ANALYSIS_CACHE` entries each,
 * the older dropped when the newer fills (an approximate LRU, no per-hit bookkeeping).
 */
const ANALYSIS_CACHE = 32_768;
let recent = new Map<string, Analysis>();
let older = new Map<string, Analysis>();

function analysisOf(text: string): Analysis {
  let a = recent.get(text);
  if (a) return a;
  a = older.get(text) ?? analyse(text);
  if (recent.size >= ANALYSIS_CACHE) {
    older = recent;
    recent = new Map();
  }
  recent.set(text, a);
  return a;
}

const slotsOf = (x: Analysis): Slots => (x.slots ??= slots(x.text));
function roleOfA(x: Analysis): Role | null {
  if (x.role === undefined) x.role = roleOf(x.text);
  return x.role;
}
const resultOf = (x: Analysis): Set<string> => (x.result ??= resultAnchors(x.text, x.anchors));
function participleOf(x: Analysis): string | null {
  if (x.participle === undefined) x.participle = attributeParticiple(x.text);
  return x.participle;
}
const additiveOf = (x: Analysis): boolean => (x.additive ??= hasAdditiveCue(x.text));
const changeOf = (x: Analysis): boolean => (x.change ??= hasChangeCue(x.text));
const lowerStemsOf = (x: Analysis): Set<string> =>
  (x.lowerStems ??= setOf(
    (x.text.match(/(?<![\p{L}\p{N}])\p{Ll}+(?![\p{L}\p{N}.\-_/:'’])/gu) ?? []).map(stem),
  ));

/** Similarity of two texts in [0,1]: content-word Jaccard blended with character-trigram Dice. */
export function lexicalSimilarity(a: string, b: string): number {
  const x = analysisOf(a);
  const y = analysisOf(b);
  return 0.5 * jaccard(x.content, y.content) + 0.5 * packedDice(x.trigrams, y.trigrams);
}

export function createLexicalJudge(): Judge {
  return {
    name: "lexical",
    compare: compareLexically,
  };
}

export function compareLexically(a: JudgeItem, b: JudgeItem): JudgeVerdict {
  const xa = analysisOf(a.text);
  const xb = analysisOf(b.text);
  const ca = xa.content;
  const cb = xb.content;
  const similarity = 0.5 * jaccard(ca, cb) + 0.5 * packedDice(xa.trigrams, xb.trigrams);
  const verdict = (relation: JudgeVerdict["relation"], reason: string): JudgeVerdict => ({
    relation,
    similarity,
    reason,
  });

  const shared = [...ca].filter((x) => cb.has(x));
  if (shared.length === 0) return verdict("distinct", "no-shared-terms");

  const negA = xa.negated;
  const negB = xb.negated;
  const setsEqual = ca.size === cb.size && shared.length === ca.size;
  const numsA = xa.numbers;
  const numsB = xb.numbers;
  const numbersDiffer =
    numsA.size > 0 && numsB.size > 0 && minus(numsA, numsB).length + minus(numsB, numsA).length > 0;

  // Guards first: these never replace anything.
  if (xb.question) return verdict(setsEqual ? "duplicate" : "distinct", "question");
  if (xb.hypothetical) return verdict(setsEqual && !negA === !negB ? "duplicate" : "refines", "hypothetical");

  if (setsEqual && !numbersDiffer) {
    if (negA !== negB) return verdict("contradicts", "negation");
    return verdict("duplicate", "same-content");
  }

  // The same words but for a light verb or a spelling: "listens on port 9443" / "port … is 9443".
  const lightA = xa.light;
  const lightB = xb.light;
  if (lightA.size >= 2 && jaccard(lightA, lightB) === 1 && !numbersDiffer && negA === negB)
    return verdict("duplicate", "same-content: paraphrase");
  // The same identifying values (numbers, versions, ids) and at most one extra attribute word:
  // "We run PostgreSQL 14.11 in production" / "The PostgreSQL version in production is 14.11".
  const anchorsA = xa.anchors;
  const anchorsB = xb.anchors;
  if (anchorsA.length > 0 && jaccard(setOf(anchorsA), setOf(anchorsB)) === 1 && negA === negB) {
    const [small, large] = lightA.size <= lightB.size ? [lightA, lightB] : [lightB, lightA];
    if (small.size - anchorsA.length >= 2 && subsetOf(small, large) && large.size - small.size <= 1)
      return verdict("duplicate", "same-value: paraphrase");
  }

  // A change and, later, the state it produced: "Kafka was upgraded to 3.6.2" / "The Kafka version
  // is 3.6.2". Only the result counts ("from 18.19 to 20.11" states 20.11), and the words that
  // differ may only be verbs of change or state and attribute names, never another entity.
  const resultA = resultOf(xa);
  const resultB = resultOf(xb);
  if (resultA.size > 0 && jaccard(resultA, resultB) === 1 && negA === negB) {
    const wordsA = setOf([...lightA].filter((t) => !/\d/.test(t)));
    const wordsB = setOf([...lightB].filter((t) => !/\d/.test(t)));
    const differing = [...minus(wordsA, wordsB), ...minus(wordsB, wordsA)];
    const sharedWords = [...wordsA].filter((t) => wordsB.has(t));
    if (sharedWords.length >= 1 && differing.every(isStateWord))
      return verdict("duplicate", "same-value: a change restated as state");
  }

  // A single-held role (owner, lead, on call): the same target with a new holder is a handover.
  const roleA = roleOfA(xa);
  const roleB = roleOfA(xb);
  if (roleA && roleB) {
    const targetShared = [...roleA.target].some((t) => roleB.target.has(t));
    if (
      !targetShared ||
      (minus(roleA.target, roleB.target).length > 0 && minus(roleB.target, roleA.target).length > 0)
    )
      return verdict("distinct", "different-entity: role target");
    const arrived = minus(roleB.holders, roleA.holders);
    const left = minus(roleA.holders, roleB.holders);
    if (arrived.length === 0 && left.length === 0)
      return negA !== negB ? verdict("contradicts", "negation") : verdict("duplicate", "same-role-holder");
    if (arrived.length > 0 && !additiveOf(xb))
      return verdict("supersedes", `holder-changed: ${left.join(" ") || "?"} → ${arrived.join(" ")}`);
    return verdict("refines", "role-holder-added");
  }

  const sa = slotsOf(xa);
  const sb = slotsOf(xb);
  const subjA = setOf(sa.subject);
  const subjB = setOf(sb.subject);

  // "X was renamed Y" where X was the old statement's value: the value changed, named by its old name.
  if (sb.predicate === "→" && subjB.size > 0 && sa.value.length > 0 && subsetOf(subjB, setOf(sa.value)))
    return verdict("supersedes", `renamed: ${sb.subject.join(" ")} → ${sb.value.join(" ")}`);

  // Different entity, same attribute: "Alice's timezone is UTC" vs "Bob's timezone is PST".
  if (sa.predicate && sb.predicate && subjA.size > 0 && subjB.size > 0) {
    if (!subsetOf(subjA, subjB) && !subsetOf(subjB, subjA)) {
      const overlap = minus(subjA, setOf(minus(subjA, subjB))).length;
      if (overlap === 0 || (minus(subjA, subjB).length > 0 && minus(subjB, subjA).length > 0)) {
        // Subjects share words but each has its own: two different things (or people).
        const valueA = setOf(sa.value);
        const valueB = setOf(sb.value);
        if (!(valueA.size > 0 && jaccard(valueA, valueB) === 1))
          return verdict("distinct", "different-entity");
      }
    }
  }

  const additive = additiveOf(xb);
  const change = changeOf(xb) || sb.predicate === "→";

  if (sa.predicate && sb.predicate) {
    const valueA = setOf(sa.value);
    const valueB = setOf(sb.value);
    const samePredicate = sa.predicate === sb.predicate || sb.predicate === "→" || sa.predicate === "→";
    const subjectShared =
      subjA.size === 0 || subjB.size === 0 || shared.some((t) => subjA.has(t) && subjB.has(t));
    if (!subjectShared) return verdict(similarity > 0.5 ? "refines" : "distinct", "different-subject");
    // Without a stated change, a subject with an extra word names another attribute:
    // "the billing service owner is X" does not replace "the billing service is written in Go".
    const sameSubject = subjA.size === subjB.size && minus(subjA, subjB).length === 0;
    if (!sameSubject && !change)
      return verdict(similarity > 0.35 ? "refines" : "distinct", "different-attribute: subject");
    // A participle after the copula names the attribute: "is deployed in X" and "is now owned by Y"
    // are about different things, whatever cue the newer one carries. Verbs of change ("was moved
    // to") name no attribute of their own.
    const partA = participleOf(xa);
    const partB = participleOf(xb);
    if (partA && partB && partA !== partB && !oppositeStates(partA, partB))
      return verdict("refines", `different-attribute: ${partA} / ${partB}`);
    // What a thing is ("Acme is an organization") is not where or how it is ("is based in Berlin").
    if ((partA && !partB && classifies(xb.text)) || (partB && !partA && classifies(xa.text)))
      return verdict("refines", `different-attribute: kind / ${partA ?? partB}`);
    // A change names its attribute: "the auth service owner is now X" does not replace "… listens on
    // port 6060", nor "… now listens on port 4000" the region. An attribute word the newer statement adds
    // (in its subject, or as a plain word in its value) must already be in the older one.
    if (!sameSubject) {
      const canonA = setOf([...ca].map(canon));
      const newAttr = minus(subjB, ca).filter((t) => !/\d/.test(t) && !canonA.has(canon(t)));
      const dropped = minus(subjA, cb);
      // Plain lower-case words only: a new name or number is a value, not an attribute.
      const lowerB = lowerStemsOf(xb);
      const plainNew = sb.value.filter(
        (t) => !ca.has(t) && lowerB.has(t) && !LIGHT_VERBS.has(t) && !CHANGE_VERBS.has(t),
      );
      if (newAttr.length > 0 || (dropped.length > 0 && plainNew.length > 0))
        return verdict("refines", `different-attribute: ${[...newAttr, ...dropped].join(" ")}`);
    }
    const valuesEqual = valueA.size === valueB.size && minus(valueA, valueB).length === 0;
    if (valuesEqual && samePredicate) {
      if (negA !== negB) return verdict("contradicts", "negation");
      return verdict(change ? "duplicate" : "duplicate", "same-slots");
    }
    if (additive && !change) return verdict("refines", "additive-detail");
    if (!samePredicate && !change)
      return verdict("refines", `different-attribute: ${sa.predicate} / ${sb.predicate}`);
    if (valueB.size === 0) return verdict("refines", "no-value");
    // An added qualifier ("Postgres" → "Postgres on the new host") is additive unless a change is stated.
    if (!change && subsetOf(valueA, valueB) && !numbersDiffer) return verdict("refines", "value-extended");
    if (!change && subsetOf(valueB, valueA) && !numbersDiffer) return verdict("duplicate", "value-subset");
    const from = minus(valueA, valueB).join(" ") || sa.value.join(" ");
    const to = minus(valueB, valueA).join(" ") || sb.value.join(" ");
    return verdict("supersedes", `value-changed: ${from} → ${to}`);
  }

  // No predicate found: compare the bags.
  const overlap = shared.length / Math.min(ca.size, cb.size);
  // Without slots, a different number is a change only when nearly everything else agrees.
  if (numbersDiffer && overlap >= 0.75 && jaccard(ca, cb) >= 0.5)
    return verdict("supersedes", "number-changed");
  if (negA !== negB && overlap >= 0.8) return verdict("contradicts", "negation");
  // Containment is not identity: "Deploying the API" is not "Started the API deploy".
  if (jaccard(ca, cb) >= 0.75 && similarity >= 0.6) return verdict("duplicate", "near-identical");
  // Without slots on the newer side, the older statement's subject must all be in it.
  const subjectCovered = !sa.predicate || sa.subject.every((t) => cb.has(t));
  if (change && overlap >= 0.5 && !additive && subjectCovered) return verdict("supersedes", "change-cue");
  return verdict(similarity >= 0.35 || overlap >= 0.5 ? "refines" : "distinct", "overlap");
}
