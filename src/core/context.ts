/**
 * Context assembly: the prompt block an agent reads. Identity first, then the last session's
 * continuity digest (anneal's "load it first"; capped to a share of the budget), then what went wrong,
 * what is known, how to do things, and recent events, each block fitted to the token budget
 * in that priority (an item that does not fit is skipped, not the rest of the block), every
 * line citing its id, and each block ordered in a serial-position V: the strongest items at
 * the head and the tail, where a reader's attention is.
 */
import type { z } from "zod";
import { records } from "./continuity/records.js";
import type { EngineContext } from "./engine-context.js";
import { usageSignal, utility } from "./forgetting.js";
import type {
  Belief,
  ContextBlock,
  ContextInputSchema,
  ContextItem,
  ContextResult,
  Episode,
} from "./model.js";
import type { Tokenizer } from "./ports.js";
import { compareIds } from "./recall/ids.js";
import { recall } from "./recall.js";
import { oneLine } from "./text.js";

export interface ContextLine {
  id: string;
  text: string;
}

export interface ContextBlocks {
  identity: ContextLine[];
  /** The saved continuity digest's lines, in document order (all with the digest's id, `w<wrap>`). */
  continuity?: ContextLine[];
  failures: ContextLine[];
  knowledge: ContextLine[];
  procedures: ContextLine[];
  recent: ContextLine[];
}

export const BLOCK_TITLES: Record<ContextBlock, string> = {
  identity: "## Identity",
  continuity: "## Continuity (last session's digest)",
  failures: "## What has gone wrong before",
  knowledge: "## What I know",
  procedures: "## How to do it",
  recent: "## Recent events",
};

const ORDER: ContextBlock[] = ["identity", "continuity", "failures", "knowledge", "procedures", "recent"];

/** [r0, r1, r2, r3, r4] → [r0, r2, r4, r3, r1]: best first and last, weakest in the middle. */
export function serialPositionV<T>(ranked: readonly T[]): T[] {
  const head: T[] = [];
  const tail: T[] = [];
  ranked.forEach((x, i) => {
    if (i % 2 === 0) head.push(x);
    else tail.unshift(x);
  });
  return [...head, ...tail];
}

/** One cited line; stored text is flattened so it can never open a block or close the envelope. */
export function citeLine(id: string, text: string): string {
  return `- [${id}] ${oneLine(text)}`;
}

/**
 * One digest line as written, flattened like a cited line (it can never close the envelope or
 * forge a citation); its headings drop one level so they nest under the block's title.
 */
export function digestLine(text: string): string {
  const heading = /^\s*(#{1,6})\s+(.*)$/.exec(text);
  if (heading) return `#${heading[1]} ${oneLine(heading[2]!)}`;
  // The continuity markers [decided(…)] and [blocked(…)] keep their brackets; nothing else does.
  return oneLine(text).replace(/\((decided|blocked)\(([^()]*)\)\)/gi, "[$1($2)]");
}

/** Lines whose token counts are kept per tokenizer; past this the memo starts over. */
const COUNT_MEMO_SIZE = 4096;
const countMemos = new WeakMap<Tokenizer, Map<string, number>>();

/**
 * A line's token count, remembered per tokenizer by the line's text: the same beliefs come back
 * call after call, and a count depends on nothing but the text.
 */
function lineTokens(tokenizer: Tokenizer, line: string): number {
  let memo = countMemos.get(tokenizer);
  if (!memo) {
    memo = new Map();
    countMemos.set(tokenizer, memo);
  }
  let n = memo.get(line);
  if (n === undefined) {
    n = tokenizer.count(line);
    if (memo.size >= COUNT_MEMO_SIZE) memo.clear();
    memo.set(line, n);
  }
  return n;
}

/**
 * A cited line as rendered and its token count, per tokenizer, kept with the line object: a
 * frozen line (one `buildContext` keeps per stored record) renders the same every time, so a
 * recurring belief is neither flattened nor looked up by its text again.
 */
const citedMemos = new WeakMap<Tokenizer, WeakMap<ContextLine, { rendered: string; tokens: number }>>();

function citedMemo(tokenizer: Tokenizer): WeakMap<ContextLine, { rendered: string; tokens: number }> {
  let memo = citedMemos.get(tokenizer);
  if (!memo) {
    memo = new WeakMap();
    citedMemos.set(tokenizer, memo);
  }
  return memo;
}

/**
 * True when a chosen line may join the line break before it in a BPE pre-tokenizer: it opens with
 * "/", or it is empty (a digest line of control characters only), so its "\n" follows the last.
 */
function joinsLineBefore(chosen: Record<ContextBlock, { rendered: string }[]>): boolean {
  for (const block of ORDER)
    for (const c of chosen[block]) if (c.rendered === "" || c.rendered.charCodeAt(0) === 47) return true;
  return false;
}

export function assemble(
  blocks: ContextBlocks,
  tokenizer: Tokenizer,
  tokenBudget: number,
  namespace: string,
  /** Largest share of the budget the continuity digest may take. Default 0.4. */
  continuityShare = 0.4,
): ContextResult {
  const open = `<strata-memory namespace="${namespace}">`;
  const close = "</strata-memory>";
  const overhead = lineTokens(tokenizer, `${open}\n${close}`);
  let used = overhead;
  const chosen: Record<ContextBlock, { line: ContextLine; rendered: string; tokens: number }[]> = {
    identity: [],
    continuity: [],
    failures: [],
    knowledge: [],
    procedures: [],
    recent: [],
  };
  const skipped: ContextResult["skipped"] = [];
  const cited = citedMemo(tokenizer);
  for (const block of ORDER) {
    const titleTokens = lineTokens(tokenizer, `${BLOCK_TITLES[block]}\n`);
    let titlePaid = false;
    // The digest is a document: its lines stay in order and it is cut, not skipped through.
    const document = block === "continuity";
    const cap = document ? Math.floor(tokenBudget * continuityShare) : tokenBudget;
    let blockUsed = 0;
    let cut = false;
    for (const line of blocks[block] ?? []) {
      let rendered: string;
      let tokens: number;
      const known = document ? undefined : cited.get(line);
      if (known) ({ rendered, tokens } = known);
      else {
        rendered = document ? digestLine(line.text) : citeLine(line.id, line.text);
        tokens = lineTokens(tokenizer, `${rendered}\n`);
        if (!document && Object.isFrozen(line)) cited.set(line, { rendered, tokens });
      }
      const cost = tokens + (titlePaid ? 0 : titleTokens);
      if (cut || used + cost > tokenBudget || blockUsed + cost > cap) {
        if (document) cut = true;
        skipped.push({ id: line.id, block, tokens });
        continue;
      }
      used += cost;
      blockUsed += cost;
      titlePaid = true;
      chosen[block].push({ line, rendered, tokens });
    }
  }

  const render = () => {
    const parts = [open];
    for (const block of ORDER) {
      if (chosen[block].length === 0) continue;
      parts.push(BLOCK_TITLES[block]);
      const lines = block === "continuity" ? chosen[block] : serialPositionV(chosen[block]);
      for (const c of lines) parts.push(c.rendered);
    }
    parts.push(close);
    return parts.join("\n");
  };

  let text = render();
  // The text is the envelope's opening line, each chosen block's title and lines, and its close,
  // each but the close ending in "\n"; none holds a line break (`oneLine`). A tokenizer that counts
  // lines apart gives the whole exactly what they cost one by one, `used`, unless a line opens
  // with "/" or is empty (o200k may join it to the line break before it).
  let tokens = tokenizer.countsLinesApart && !joinsLineBefore(chosen) ? used : tokenizer.count(text);
  // Line-by-line counts can differ from the whole by a token at a boundary: trim from the lowest priority.
  while (tokens > tokenBudget) {
    const block = [...ORDER].reverse().find((b) => chosen[b].length > 0);
    if (!block) break;
    const dropped = chosen[block].pop()!;
    skipped.push({ id: dropped.line.id, block, tokens: dropped.tokens });
    text = render();
    tokens = tokenizer.count(text);
  }
  const items: ContextItem[] = [];
  for (const block of ORDER)
    for (const c of chosen[block]) {
      // The digest's lines share its id: one item for the part that fitted.
      const last = items.at(-1);
      if (last && last.block === block && last.id === c.line.id) last.tokens += c.tokens;
      else items.push({ id: c.line.id, block, tokens: c.tokens });
    }
  const dropped = new Map<string, ContextResult["skipped"][number]>();
  for (const s of skipped.filter((x) => x.block === "continuity")) {
    const d = dropped.get(s.id);
    if (d) d.tokens += s.tokens;
    else dropped.set(s.id, { ...s });
  }
  if (dropped.size > 0)
    skipped.splice(
      0,
      skipped.length,
      ...skipped.filter((x) => x.block !== "continuity"),
      ...dropped.values(),
    );
  if (items.length === 0) {
    text = "";
    tokens = 0;
  }
  // Nothing given at all is "nothing-relevant" here; `buildContext` tells an empty namespace apart.
  const whyEmpty = items.length > 0 ? null : skipped.length > 0 ? "over-budget" : "nothing-relevant";
  return { text, tokens, tokenBudget, items, skipped, whyEmpty };
}

/**
 * Gathers the blocks for a parsed `context` call from the store (identity, the saved digest,
 * beliefs ranked for the goal or by utility, recent events not already said) and assembles them.
 */
export async function buildContext(
  ctx: EngineContext,
  g: string,
  o: z.output<typeof ContextInputSchema>["options"],
): Promise<ContextResult> {
  await ctx.tokenizer.ready?.();
  const namespace = o.namespace ?? ctx.namespace;
  const now = ctx.now();
  const at = o.at;
  const statuses = at ? null : (["active"] as const);
  const beliefFilter = { namespaces: [namespace], statuses, at };

  const identity = await ctx.store.listBeliefs({ ...beliefFilter, pinned: true }, { limit: 200, offset: 0 });
  const pinned = new Set(identity.map((b) => b.id));
  // One retrieval for every kind (each index searched once), then split by block.
  const caps = { failure: 12, knowledge: 24, procedure: 8 };
  let ranked: Belief[];
  if (g.length > 0) {
    const read = new Map<string, Belief | Episode>();
    const hits = await ctx.store.readScope(() =>
      recall(ctx.store, ctx.embedder, ctx.policy, {
        query: g,
        k: caps.failure + caps.knowledge + caps.procedure,
        namespaces: [namespace],
        at,
        kinds: ["failure", "fact", "rule", "procedure"],
        diversity: ctx.policy.diversity,
        now,
        records: read,
      }),
    );
    // The hits' rows as recall read them (one read per call); any it did not keep are read here.
    const beliefIds = hits.map((h) => h.id).filter((id) => id.startsWith("b"));
    const missing = beliefIds.filter((id) => !read.has(id));
    if (missing.length > 0) for (const b of await ctx.store.getBeliefs(missing, namespace)) read.set(b.id, b);
    ranked = beliefIds.map((id) => read.get(id)).filter((r): r is Belief => r !== undefined && "kind" in r);
  } else {
    // No goal: the most useful beliefs.
    const all = await ctx.store.listBeliefs(beliefFilter, { limit: 5000, offset: 0 });
    ranked = all
      .map((b) => ({ b, u: utility(b.confidence, usageSignal(b.uses, ctx.policy.usageSaturation)) }))
      .sort((x, y) => y.u - x.u || compareIds(x.b.id, y.b.id))
      .map((x) => x.b);
  }
  ranked = ranked.filter((b) => !pinned.has(b.id) && b.status !== "dormant");
  const failures = ranked.filter((b) => b.kind === "failure").slice(0, caps.failure);
  const knowledge = ranked.filter((b) => b.kind === "fact" || b.kind === "rule").slice(0, caps.knowledge);
  const procedures = ranked.filter((b) => b.kind === "procedure").slice(0, caps.procedure);
  // An event already said by a belief in this block is not spent twice under "Recent events".
  const said = new Set([...identity, ...failures, ...knowledge, ...procedures].flatMap((b) => b.sources));
  const recent = o.recentEvents
    ? (
        await ctx.store.listEpisodes(
          { namespaces: [namespace], statuses: ["active"], at, includeSuperseded: true },
          { limit: o.recentEvents + Math.min(said.size, 500), offset: 0, order: "at-desc" },
        )
      )
        .filter((e) => !said.has(e.id))
        .slice(0, o.recentEvents)
    : [];
  // The digest the last wrap saved is today's state; time travel (`at`) leaves it out.
  const digest = o.continuity && !at ? await records.digest(ctx.store, namespace) : null;
  const result = assemble(
    {
      identity: identity.map((b) => ({ id: b.id, text: b.text })),
      continuity: (digest?.text ?? "")
        .split(/\r?\n/)
        .filter((l) => l.trim() !== "")
        .map((text) => ({ id: `w${digest!.wrap}`, text })),
      failures: failures.map(beliefLine),
      knowledge: knowledge.map(beliefLine),
      procedures: procedures.map(beliefLine),
      recent: recent.map(episodeLine),
    },
    ctx.tokenizer,
    o.tokenBudget,
    namespace,
    ctx.policy.contextContinuityShare,
  );
  // Read only when nothing was found: does the namespace hold anything context reads at all?
  if (result.whyEmpty === "nothing-relevant" && !digest && (await holdsNothing(ctx, beliefFilter, at)))
    result.whyEmpty = "empty-namespace";
  return result;
}

/** True when the namespace holds no belief (active, or valid at `at`) and no active event. */
async function holdsNothing(
  ctx: EngineContext,
  beliefFilter: { namespaces: string[]; statuses: readonly ["active"] | null; at: string | undefined },
  at: string | undefined,
): Promise<boolean> {
  const one = { limit: 1, offset: 0 };
  // A dormant belief is held, though context leaves it out: that is "nothing-relevant".
  const statuses = beliefFilter.statuses ? (["active", "dormant"] as const) : null;
  if ((await ctx.store.listBeliefs({ ...beliefFilter, statuses }, one)).length > 0) return false;
  const episodes = await ctx.store.listEpisodes(
    { namespaces: beliefFilter.namespaces, statuses: ["active"], at, includeSuperseded: true },
    { ...one, order: "at-desc" },
  );
  return episodes.length === 0;
}

/**
 * Each stored record's context line, kept with the record while it lives. Only a record frozen
 * whole (the SQLite store's read cache hands the same frozen rows to every read until the file
 * changes) is kept: its line cannot change, and the line is frozen too, so `assemble` keeps its
 * rendering and count with it. Any other record gets a fresh line each time.
 */
const beliefLines = new WeakMap<Belief, ContextLine>();
const episodeLines = new WeakMap<Episode, ContextLine>();

function beliefLine(b: Belief): ContextLine {
  const fixed = Object.isFrozen(b) && Object.isFrozen(b.exceptions) && (!b.steps || Object.isFrozen(b.steps));
  let l = fixed ? beliefLines.get(b) : undefined;
  if (!l) {
    l = { id: b.id, text: describeBelief(b) };
    if (fixed) beliefLines.set(b, Object.freeze(l));
  }
  return l;
}

function episodeLine(e: Episode): ContextLine {
  const fixed = Object.isFrozen(e);
  let l = fixed ? episodeLines.get(e) : undefined;
  if (!l) {
    l = {
      id: e.id,
      text: `${e.at.slice(0, 10)} ${e.type}${e.outcome ? ` (${e.outcome})` : ""}: ${e.content}`,
    };
    if (fixed) episodeLines.set(e, Object.freeze(l));
  }
  return l;
}

/** A belief as one context line: its text, with the evidence behind it. */
export function describeBelief(b: Belief): string {
  const n = b.successes + b.failures;
  const evidence = n === 0 ? "unverified" : `conf ${b.confidence.toFixed(2)}, ${b.successes}/${n} worked`;
  const exceptions = b.exceptions.length > 0 ? `; exceptions: ${b.exceptions.join("; ")}` : "";
  const steps = b.steps?.length ? `: ${b.steps.map((s, i) => `${i + 1}) ${s}`).join(" ")}` : "";
  const text = b.kind === "failure" && !/^avoid\b/i.test(b.text) ? `Avoid: ${b.text}` : b.text;
  return `${text}${steps} (${evidence}${b.support > 1 ? `, stated ${b.support}×` : ""}${exceptions})`;
}
