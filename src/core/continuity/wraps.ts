/**
 * Session wraps: `prepareWrap` freezes the episodes since the last wrap and mints a token;
 * `saveContinuity` validates the agent's digest against that frozen set, runs the immune
 * system, and replaces the digest whole. One save per prepared wrap.
 */
import { StrataError } from "../errors.js";
import { usageSignal, utility } from "../forgetting.js";
import type { Belief, Episode } from "../model.js";
import type { Policy } from "../policy.js";
import type { Store, StoreReader, StoreWriter } from "../ports.js";
import { compareIds } from "../recall/ids.js";
import { mentionsAnyId } from "../text.js";
import type { Writes } from "../writes.js";
import { type ContinuityMarkerKind, digestState, parseDigest, SECTIONS } from "./format.js";
import { type ImmuneResult, isOwnClaim, runImmuneSystem } from "./immune.js";
import { buildPackage, renderFromBeliefs } from "./package.js";
import { type Association, records, type Wrap } from "./records.js";
import { REDACTED_LINE } from "./redact.js";

interface PreparedWrapBase {
  episodes: { total: number; shown: number; omitted: number };
  /** True when an open wrap was handed back instead of a new one minted. */
  reopened: boolean;
}

/**
 * What `prepareWrap` returns: a package to compress with its token, or nothing to wrap. The two
 * cases are a discriminated union, so `status === "ready"` narrows `token` and `package` to strings.
 */
export type PreparedWrap =
  | (PreparedWrapBase & {
      status: "ready";
      token: string;
      /** Wrap number in the namespace (1, 2, …). */
      wrap: number;
      /** The package for the agent to compress. */
      package: string;
    })
  | (PreparedWrapBase & { status: "empty"; token: null; wrap: null; package: null });

export type SaveReport = ImmuneResult["report"] & {
  saved: true;
  wrap: number;
  version: number;
  /** The digest as stored: levels enforced, evidence re-rendered, markers visible. */
  text: string;
  /** What the saved digest's continuity markers say: open questions, decisions, blockers, … */
  state: Record<ContinuityMarkerKind, string[]>;
};

const seqOf = (id: string) => Number(id.slice(1));

async function frozenEpisodes(store: StoreReader, namespace: string, afterSeq: number): Promise<Episode[]> {
  const out: Episode[] = [];
  for (let offset = 0; ; offset += 5000) {
    const page = await store.listEpisodes(
      { namespaces: [namespace], statuses: ["active"], includeSuperseded: true },
      { limit: 5000, offset, order: "at-asc" },
    );
    for (const e of page) if (seqOf(e.id) > afterSeq) out.push(e);
    if (page.length < 5000) break;
  }
  return out;
}

export async function prepareWrap(
  store: Store,
  writes: Writes,
  policy: Policy,
  o: { namespace: string; session: string | null; maxChars: number },
): Promise<PreparedWrap> {
  return store.transaction(async (tx) => {
    const state = await records.wrapState(tx, o.namespace);
    const build = async (wrap: Wrap, reopened: boolean): Promise<PreparedWrap> => {
      const episodes = await tx.getEpisodes(wrap.episodeIds, o.namespace);
      const pkg = buildPackage({
        namespace: o.namespace,
        wrapNumber: wrap.number,
        episodes,
        digest: (await records.digest(tx, o.namespace))?.text ?? null,
        patterns: await records.patterns(tx, o.namespace),
        associations: await records.associations(tx, o.namespace),
        staleWraps: policy.staleWraps,
        maxChars: o.maxChars,
      });
      return {
        status: "ready",
        token: wrap.token,
        wrap: wrap.number,
        package: pkg.text,
        episodes: pkg.episodes,
        reopened,
      };
    };
    if (state.open) {
      const open = await records.wrap(tx, state.open);
      if (open?.status === "prepared") return build(open, true);
    }
    const episodes = await frozenEpisodes(tx, o.namespace, state.lastEpisodeSeq);
    if (episodes.length === 0)
      return {
        status: "empty",
        token: null,
        wrap: null,
        package: null,
        episodes: { total: 0, shown: 0, omitted: 0 },
        reopened: false,
      };
    const now = writes.now();
    const number = state.wraps + 1;
    const ids = episodes.map((e) => e.id);
    const minted = state.minted + 1;
    // Keyed with the store's secret: a token cannot be worked out from what it covers.
    const token = `w${number}-${writes.contentHash(tx, `${o.namespace}\n${minted}\n${now}\n${ids.join(",")}`).slice(0, 12)}`;
    const wrap: Wrap = {
      token,
      namespace: o.namespace,
      session: o.session,
      status: "prepared",
      preparedAt: now,
      closedAt: null,
      episodeIds: ids,
      number,
    };
    await records.setWrap(tx, wrap);
    await records.setWrapState(tx, o.namespace, { ...state, open: token, minted });
    await writes.audit(tx, o.namespace, "wrap.prepared", token, {
      wrap: number,
      episodes: ids.length,
      session: o.session,
    });
    return build(wrap, false);
  });
}

async function openWrap(store: StoreReader, token: string, namespace: string): Promise<Wrap> {
  const wrap = await records.wrap(store, token);
  // A wrap of another namespace is refused exactly like a token that was never issued.
  if (!wrap || wrap.namespace !== namespace)
    throw new StrataError(
      "WRAP_NOT_PREPARED",
      `No wrap with token "${token}": call prepareWrap() first and use its token.`,
      {
        token,
      },
    );
  if (wrap.status !== "prepared")
    throw new StrataError(
      "WRAP_NOT_PREPARED",
      wrap.status === "saved"
        ? `Wrap ${wrap.number} was already saved: one save per prepared wrap. Call prepareWrap() again for newer episodes.`
        : wrap.cancelledBy === "forget"
          ? `Wrap ${wrap.number} was cancelled when an item its package showed was forgotten (a digest compressed from it may quote that item): nothing was saved. Call prepareWrap() again for a package without it.`
          : `Wrap ${wrap.number} was cancelled: call prepareWrap() again.`,
      { token, status: wrap.status },
    );
  return wrap;
}

/** Every episode id a digest's text names (`e12`): a citation or a mention. */
const EPISODE_ID = /\be[1-9]\d*\b/g;

/**
 * The digest with every line that names a forgotten episode of the namespace replaced by the
 * marker forget writes (`REDACTED_LINE`): the line forget would have redacted had it come after
 * the save. Headings stay. Returns the text and how many lines went.
 */
async function withoutForgottenLines(
  tx: StoreReader,
  namespace: string,
  text: string,
): Promise<{ text: string; lines: number }> {
  const named = [...new Set(text.match(EPISODE_ID) ?? [])];
  if (named.length === 0) return { text, lines: 0 };
  const forgotten = (await tx.getEpisodes(named, namespace))
    .filter((e) => e.namespace === namespace && e.status === "forgotten")
    .map((e) => e.id);
  if (forgotten.length === 0) return { text, lines: 0 };
  const names = mentionsAnyId(forgotten);
  let lines = 0;
  const out = text
    .split("\n")
    .map((line) => {
      if (/^\s*#/.test(line) || !names.test(line)) return line;
      lines++;
      return REDACTED_LINE;
    })
    .join("\n");
  return { text: out, lines };
}

/**
 * Forget reaches a wrap in flight: when the namespace's open wrap froze one of the forgotten
 * episodes, or its package carried a digest or pattern line forget has just redacted
 * (`continuityTouched`), the package handed to the agent showed the forgotten text, and a digest
 * compressed from it would write it back. The wrap is cancelled (`cancelledBy: "forget"`), so its
 * save is refused and `prepareWrap` freezes a new one without it. Runs in forget's transaction.
 * Returns the cancelled wrap's number, or null.
 */
export async function cancelWrapShowing(
  tx: StoreWriter,
  writes: Writes,
  namespace: string,
  forgotten: readonly string[],
  continuityTouched: boolean,
): Promise<number | null> {
  const state = await records.wrapState(tx, namespace);
  if (!state.open) return null;
  const wrap = await records.wrap(tx, state.open);
  if (wrap?.status !== "prepared" || wrap.namespace !== namespace) return null;
  const ids = new Set(forgotten);
  if (!continuityTouched && !wrap.episodeIds.some((id) => ids.has(id))) return null;
  await records.setWrap(tx, { ...wrap, status: "cancelled", closedAt: writes.now(), cancelledBy: "forget" });
  await records.setWrapState(tx, namespace, { ...state, open: null });
  await writes.audit(tx, namespace, "wrap.cancelled", wrap.token, { wrap: wrap.number, by: "forget" });
  return wrap.number;
}

export async function saveContinuity(
  store: Store,
  writes: Writes,
  policy: Policy,
  text: string,
  o: { token: string; affect: { tag: string; intensity: number } | null; namespace: string },
): Promise<SaveReport> {
  return store.transaction(async (tx) => {
    const wrap = await openWrap(tx, o.token, o.namespace);
    const namespace = wrap.namespace;
    if (text.length > policy.continuityMaxChars)
      throw new StrataError(
        "INVALID_INPUT",
        `The digest is ${text.length} characters, over the ${policy.continuityMaxChars} limit: compress it further. Nothing was saved.`,
        { chars: text.length, limit: policy.continuityMaxChars },
      );
    // A line naming an episode forgotten since the wrap was prepared goes, as forget would take it.
    const { text: kept, lines: redactedLines } = await withoutForgottenLines(tx, namespace, text);
    const parsed = parseDigest(kept);
    if (parsed.problems.length > 0)
      throw new StrataError(
        "INVALID_INPUT",
        `The digest's structure is invalid: ${parsed.problems.join("; ")}. It needs exactly the sections ${SECTIONS.map((s) => `## ${s}`).join(", ")}. Nothing was saved; the wrap is still open.`,
        { problems: parsed.problems },
      );
    const cited = [
      ...new Set(
        SECTIONS.flatMap((s) => parsed.sections[s].flatMap((l) => l.citations.map((c) => c.episodeId))),
      ),
    ];
    const episodes = new Map(
      (
        await tx.getEpisodes(
          cited.filter((id) => id.startsWith("e")),
          namespace,
        )
      )
        .filter((e) => e.namespace === namespace && e.status !== "forgotten")
        .map((e) => [e.id, e]),
    );
    const patterns = await records.patterns(tx, namespace);
    // Evidence cited in earlier wraps counts toward 3x too: read those episodes as well.
    const earlier = [...new Set(patterns.flatMap((p) => p.evidence.map((e) => e.episodeId)))].filter(
      (id) => !episodes.has(id),
    );
    const evidence = new Map(episodes);
    for (const e of await tx.getEpisodes(earlier, namespace))
      if (e.namespace === namespace && e.status !== "forgotten") evidence.set(e.id, e);
    const wrapping = { actor: writes.actor, session: wrap.session };
    const result = runImmuneSystem({
      parsed,
      wrapNumber: wrap.number,
      frozen: new Set(wrap.episodeIds),
      episodes,
      independent: (id) => {
        const e = evidence.get(id);
        return e !== undefined && !isOwnClaim(e, wrapping);
      },
      patterns,
      associations: await records.associations(tx, namespace),
      affect: o.affect,
      staleWraps: policy.staleWraps,
      now: writes.now(),
    });
    const now = writes.now();
    const previous = await records.digest(tx, namespace);
    const version = (previous?.version ?? 0) + 1;
    await records.setDigest(tx, namespace, {
      version,
      text: result.text,
      savedAt: now,
      wrap: wrap.number,
      chars: result.text.length,
    });
    await records.setPatterns(tx, namespace, result.patterns);
    await records.setAssociations(tx, namespace, result.associations);
    await records.setWrap(tx, { ...wrap, status: "saved", closedAt: now });
    const state = await records.wrapState(tx, namespace);
    await records.setWrapState(tx, namespace, {
      lastEpisodeSeq: Math.max(state.lastEpisodeSeq, ...wrap.episodeIds.map(seqOf)),
      wraps: wrap.number,
      open: null,
      minted: state.minted,
    });
    await writes.audit(tx, namespace, "wrap.saved", wrap.token, {
      wrap: wrap.number,
      version,
      digestHash: writes.contentHash(tx, result.text),
      citations: result.report.citations,
      graduated: result.report.patterns.filter((p) => p.outcome === "graduated").length,
      demoted: result.report.patterns.filter((p) => p.markers.some((m) => m.startsWith("demoted"))).length,
      dropped: result.report.dropped.length,
      affect: o.affect,
      ...(redactedLines > 0 ? { redactedLines } : {}),
    });
    return {
      saved: true,
      wrap: wrap.number,
      version,
      text: result.text,
      ...result.report,
      state: digestState(parseDigest(result.text)),
    };
  });
}

export async function cancelWrap(
  store: Store,
  writes: Writes,
  token: string,
  namespace: string,
): Promise<{ cancelled: true; wrap: number }> {
  return store.transaction(async (tx) => {
    const wrap = await openWrap(tx, token, namespace);
    await records.setWrap(tx, { ...wrap, status: "cancelled", closedAt: writes.now() });
    const state = await records.wrapState(tx, wrap.namespace);
    await records.setWrapState(tx, wrap.namespace, { ...state, open: null });
    await writes.audit(tx, wrap.namespace, "wrap.cancelled", token, { wrap: wrap.number });
    return { cancelled: true, wrap: wrap.number };
  });
}

/** The always-loaded digest without an LLM, from beliefs, patterns and recent episodes. */
export async function renderContinuity(
  store: StoreReader,
  policy: Policy,
  namespace: string,
): Promise<string> {
  const active = await store.listBeliefs(
    { namespaces: [namespace], statuses: ["active"] },
    { limit: 5000, offset: 0 },
  );
  const byUtility = (xs: Belief[]) =>
    xs
      .map((b) => ({
        b,
        u: utility(b.confidence, usageSignal(b.uses, policy.usageSaturation)) + (b.pinned ? 1 : 0),
      }))
      .sort((x, y) => y.u - x.u || compareIds(x.b.id, y.b.id))
      .map((x) => x.b);
  const recent = (types: Episode["type"][]) =>
    store.listEpisodes(
      { namespaces: [namespace], statuses: ["active"], types, includeSuperseded: true },
      { limit: 8, offset: 0, order: "at-desc" },
    );
  return renderFromBeliefs({
    facts: byUtility(active.filter((b) => b.kind === "fact")),
    rules: byUtility(active.filter((b) => b.kind === "rule")),
    failures: byUtility(active.filter((b) => b.kind === "failure")),
    patterns: await records.patterns(store, namespace),
    decisions: await recent(["decision"]),
    context: await recent(["context", "tension"]),
    maxChars: policy.continuityMaxChars,
  });
}

export interface AssociationView {
  episodeId: string;
  other: string;
  strength: number;
  affect: Association["affect"];
  lastWrap: number;
}

export async function listAssociations(
  store: StoreReader,
  o: { namespace: string; episodeId?: string | undefined; minStrength: number; limit: number },
): Promise<AssociationView[]> {
  const all = await records.associations(store, o.namespace);
  const out: AssociationView[] = [];
  for (const a of all) {
    if (a.strength < o.minStrength) continue;
    if (o.episodeId && a.a !== o.episodeId && a.b !== o.episodeId) continue;
    const [from, to] = o.episodeId === a.b ? [a.b, a.a] : [a.a, a.b];
    out.push({
      episodeId: from,
      other: to,
      strength: Math.round(a.strength * 1000) / 1000,
      affect: a.affect,
      lastWrap: a.lastWrap,
    });
  }
  return out.sort((x, y) => y.strength - x.strength || compareIds(x.other, y.other)).slice(0, o.limit);
}
