/**
 * The reads: ranked recall with its associative hop, paging, provenance (explain), supersession
 * history and counts. The engine parses each call and hands the parsed values here; nothing in
 * this module writes.
 */
import type { z } from "zod";
import { records } from "./continuity/records.js";
import type { EngineContext } from "./engine-context.js";
import { StrataError } from "./errors.js";
import type {
  Belief,
  BeliefKind,
  Episode,
  ExplainResult,
  ListOptionsSchema,
  RecallHit,
  RecallInputSchema,
  StatsResult,
} from "./model.js";
import type { StoreReader } from "./ports.js";
import { compareIds } from "./recall/ids.js";
import { recall } from "./recall.js";

export type MemoryItem = ({ layer: "belief" } & Belief) | ({ layer: "episode" } & Episode);

export interface HistoryResult {
  id: string;
  /** The supersession chain containing `id`, oldest first. */
  chain: Belief[];
}

type RecallOptionsParsed = z.output<typeof RecallInputSchema>["options"];

/**
 * Ranked beliefs and unrepresented episodes for a parsed query, with one associative hop when
 * asked (`options.associative`).
 */
export async function recallHits(
  ctx: EngineContext,
  q: string,
  o: RecallOptionsParsed,
  namespaces: string[],
): Promise<RecallHit[]> {
  if (o.types && o.kinds && !o.kinds.includes("episode"))
    throw new StrataError(
      "INVALID_INPUT",
      'recall: types filters episodes, but kinds leaves episodes out: add "episode" to kinds or drop types.',
      { field: "types", fields: ["types", "kinds"] },
    );
  // One read scope: on PostgreSQL the lifts' later searches share the first one's read of the change log.
  const hits = await ctx.store.readScope(() =>
    recall(ctx.store, ctx.embedder, ctx.policy, {
      query: q,
      k: o.k ?? ctx.policy.recallK,
      namespaces,
      at: o.at,
      asOf: o.asOf,
      kinds: o.kinds,
      types: o.types,
      diversity: o.diversity ?? ctx.policy.diversity,
      now: ctx.now(),
      judge: ctx.lexical,
      lexicon: ctx.lexicon,
      metadata: o.metadata,
    }),
  );
  return o.associative ? associativeHop(ctx, hits, namespaces, o.k ?? ctx.policy.recallK) : hits;
}

/**
 * One associative hop: after the direct hits, up to `k` episodes linked to the episode hits
 * by validated co-citation, strongest link first, each saying which hit led to it.
 */
async function associativeHop(
  ctx: EngineContext,
  hits: RecallHit[],
  namespaces: string[],
  k: number,
): Promise<RecallHit[]> {
  const seen = new Set(hits.map((h) => h.id));
  const reached: { id: string; via: RecallHit; strength: number }[] = [];
  for (const namespace of namespaces) {
    const links = await records.associations(ctx.store, namespace);
    for (const hit of hits) {
      if (hit.layer !== "episode" || hit.namespace !== namespace) continue;
      for (const l of links) {
        const other = l.a === hit.id ? l.b : l.b === hit.id ? l.a : null;
        if (other && !seen.has(other)) reached.push({ id: other, via: hit, strength: l.strength });
      }
    }
  }
  reached.sort((x, y) => y.via.score * y.strength - x.via.score * x.strength || compareIds(x.id, y.id));
  const picked: typeof reached = [];
  for (const r of reached) {
    if (picked.length >= k || seen.has(r.id)) continue;
    seen.add(r.id);
    picked.push(r);
  }
  const episodes = new Map(
    (
      await ctx.store.getEpisodes(
        picked.map((p) => p.id),
        namespaces,
      )
    )
      .filter((e) => e.status === "active")
      .map((e) => [e.id, e]),
  );
  const extra: RecallHit[] = [];
  for (const p of picked) {
    const e = episodes.get(p.id);
    if (!e) continue;
    const score = p.via.score * 0.5 * Math.min(1, p.strength / 10);
    extra.push({
      id: e.id,
      layer: "episode",
      kind: "episode",
      text: e.content,
      namespace: e.namespace,
      status: e.status,
      score,
      at: e.at,
      validTo: e.validTo,
      sources: [],
      via: { id: p.via.id, strength: Math.round(p.strength * 1000) / 1000 },
      why: {
        textRank: null,
        vectorRank: null,
        relevance: 0,
        confidence: ctx.policy.episodeConfidence,
        effectiveConfidence: ctx.policy.episodeConfidence,
        usage: 0,
        utility: 0.7 * ctx.policy.episodeConfidence,
        summary: `associated with [${p.via.id}] (co-cited, strength ${p.strength.toFixed(2)})`,
      },
    });
  }
  return [...hits, ...extra];
}

/** Pages through beliefs (default) or episodes of one namespace. */
export async function listItems(
  ctx: EngineContext,
  o: z.output<typeof ListOptionsSchema>,
  namespaces: string[],
): Promise<MemoryItem[]> {
  const page = { limit: o.limit, offset: o.offset };
  if (o.layer === "episode") {
    const status = o.status === "any" ? null : o.status ? [o.status] : ["active"];
    if (status && !status.every((s) => ["active", "archived", "forgotten"].includes(s)))
      throw new StrataError(
        "INVALID_INPUT",
        `Invalid list options: episodes have no status "${o.status}": use "active", "archived", "forgotten" or "any".`,
      );
    const episodes = await ctx.store.listEpisodes(
      {
        namespaces,
        statuses: status as Episode["status"][] | null,
        types: o.kind ? [o.kind as Episode["type"]] : undefined,
        includeSuperseded: true,
        metadata: o.metadata,
      },
      { ...page, order: "at-asc" },
    );
    return episodes.map((e) => ({ layer: "episode" as const, ...e }));
  }
  const beliefs = await ctx.store.listBeliefs(
    {
      namespaces,
      statuses: o.status === "any" ? null : [o.status ?? "active"],
      kinds: o.kind ? [o.kind as BeliefKind] : undefined,
      metadata: o.metadata,
    },
    page,
  );
  return beliefs.map((b) => ({ layer: "belief" as const, ...b }));
}

/** Provenance of an item: its episodes, outcomes, links, supersessions and audit entries. */
export async function explainItem(ctx: EngineContext, item: MemoryItem): Promise<ExplainResult> {
  const mine = <T extends { namespace: string }>(xs: T[]) => xs.filter((x) => x.namespace === item.namespace);
  const [links, audit] = await Promise.all([
    ctx.store.links(item.id, item.namespace),
    ctx.store.listAudit({ namespace: item.namespace, subjectId: item.id, limit: 1000 }),
  ]);
  if (item.layer === "episode") {
    const { layer: _layer, ...episode } = item;
    return {
      belief: null,
      episode,
      sources: [],
      outcomes: [],
      links,
      supersedes: mine(await ctx.store.beliefsFromEpisode(item.id, item.namespace)),
      supersededBy: null,
      audit,
    };
  }
  const { layer: _layer, ...belief } = item;
  const [sources, outcomes, supersedes, successor] = await Promise.all([
    ctx.store.getEpisodes(belief.sources, belief.namespace),
    ctx.store.outcomes(belief.id, belief.namespace),
    ctx.store.supersededBy(belief.id, belief.namespace),
    belief.supersededBy ? ctx.store.getBelief(belief.supersededBy, belief.namespace) : Promise.resolve(null),
  ]);
  return {
    belief,
    episode: null,
    sources: mine(sources),
    outcomes,
    links,
    supersedes: mine(supersedes),
    supersededBy: successor?.namespace === belief.namespace ? successor : null,
    audit,
  };
}

/** The supersession chain `start` belongs to, oldest first (`id` as the caller named it). */
export async function historyOf(ctx: EngineContext, start: MemoryItem, id: string): Promise<HistoryResult> {
  if (start.layer !== "belief")
    throw new StrataError(
      "INVALID_INPUT",
      `history() follows beliefs; ${id} is an episode. Use explain("${id}").`,
    );
  const { layer: _layer, ...belief } = start;
  const before: Belief[] = [];
  const seen = new Set<string>([belief.id]);
  let frontier: Belief[] = [belief];
  while (frontier.length > 0) {
    const next: Belief[] = [];
    for (const b of frontier)
      for (const p of await ctx.store.supersededBy(b.id, belief.namespace))
        if (!seen.has(p.id) && p.namespace === belief.namespace) {
          seen.add(p.id);
          next.push(p);
        }
    before.push(...next);
    frontier = next;
  }
  const after: Belief[] = [];
  let cursor = belief.supersededBy;
  while (cursor && !seen.has(cursor)) {
    seen.add(cursor);
    const b = await ctx.store.getBelief(cursor, belief.namespace);
    if (!b || b.namespace !== belief.namespace) break;
    after.push(b);
    cursor = b.supersededBy;
  }
  const chain = [...before, belief, ...after].sort((a, b) =>
    a.validFrom < b.validFrom ? -1 : a.validFrom > b.validFrom ? 1 : compareIds(a.id, b.id),
  );
  return { id: belief.id, chain };
}

/** Counts of one namespace's episodes and beliefs by type, kind and status, and its audit entries. */
export async function namespaceStats(store: StoreReader, namespace: string): Promise<StatsResult> {
  const [b, e, head] = await Promise.all([
    store.countBeliefs({ namespaces: [namespace], statuses: null }),
    store.countEpisodes({ namespaces: [namespace], statuses: null }),
    store.auditHeadMark(namespace),
  ]);
  const forgottenBeliefs = await store.countBeliefs({
    namespaces: [namespace],
    statuses: ["forgotten"],
  });
  const forgottenEpisodes = await store.countEpisodes({
    namespaces: [namespace],
    statuses: ["forgotten"],
  });
  const merge = (x: Record<string, number> = {}, y: Record<string, number> = {}) => {
    const out = { ...x };
    for (const [k, v] of Object.entries(y)) out[k] = (out[k] ?? 0) + v;
    return out;
  };
  const sum = (r: Record<string, number> = {}) => Object.values(r).reduce((a, n) => a + n, 0);
  const beliefStatus = merge(b.status, forgottenBeliefs.status);
  const episodeStatus = merge(e.status, forgottenEpisodes.status);
  return {
    namespace,
    episodes: {
      total: sum(episodeStatus),
      byType: merge(e.type, forgottenEpisodes.type),
      byStatus: episodeStatus,
    },
    beliefs: {
      total: sum(beliefStatus),
      byKind: merge(b.kind, forgottenBeliefs.kind),
      byStatus: beliefStatus,
      pinned: b.pinned?.true ?? 0,
    },
    audit: { entries: head?.seq ?? 0 },
  };
}
