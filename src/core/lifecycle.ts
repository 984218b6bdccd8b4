/**
 * The lifecycle of a belief after it is stored: outcomes (the only mutator of confidence), usage,
 * pinning, restoring and forgetting. The engine parses each call and hands the id and the
 * namespace here; every change is one transaction with its audit entry.
 */
import type { EngineContext } from "./engine-context.js";
import { StrataError } from "./errors.js";
import { forgetItem } from "./forget.js";
import type { Belief, ForgetResult, OutcomeResult } from "./model.js";
import type { MemoryItem } from "./reads.js";
import { beliefIn, episodeIn } from "./scope.js";

/** Records whether acting on a live belief worked, once per `session` (or actor and day). */
export async function recordOutcome(
  ctx: EngineContext,
  id: string,
  success: boolean,
  session: string | null,
  namespace: string,
): Promise<OutcomeResult> {
  return ctx.store.transaction(async (tx) => {
    return ctx.writes.applyOutcome(tx, await ctx.writes.liveBelief(tx, id, namespace), success, session);
  });
}

/** Counts one use of a live belief, without saying whether it worked. */
export async function markUsed(ctx: EngineContext, key: string, namespace: string): Promise<Belief> {
  return ctx.store.transaction(async (tx) => {
    const b = await ctx.writes.liveBelief(tx, key, namespace);
    await tx.updateBelief(b.id, { uses: b.uses + 1, lastUsedAt: ctx.now() });
    await ctx.writes.audit(tx, b.namespace, "belief.used", b.id, { uses: b.uses + 1 });
    return (await tx.getBelief(b.id, b.namespace))!;
  });
}

/** Pins (identity) or unpins a live belief; pinning needs an active one. */
export async function setPinned(
  ctx: EngineContext,
  key: string,
  namespace: string,
  pinned: boolean,
): Promise<Belief> {
  return ctx.store.transaction(async (tx) => {
    const b = await ctx.writes.liveBelief(tx, key, namespace);
    if (pinned && b.status !== "active")
      throw new StrataError("CONFLICT", `Belief ${key} is ${b.status}; restore it before pinning it.`, {
        id: key,
      });
    if (b.pinned === pinned) return b;
    await tx.updateBelief(b.id, { pinned });
    await ctx.writes.audit(tx, b.namespace, pinned ? "belief.pinned" : "belief.unpinned", b.id, {});
    return (await tx.getBelief(b.id, b.namespace))!;
  });
}

/** Brings a belief (any status but forgotten) or a superseded episode back into the current set. */
export async function restoreItem(ctx: EngineContext, key: string, namespace: string): Promise<MemoryItem> {
  return ctx.store.transaction(async (tx) => {
    if (key.startsWith("e")) {
      const e = await episodeIn(tx, key, namespace);
      if (e.status === "forgotten")
        throw new StrataError(
          "FORGOTTEN",
          `Episode ${key} was forgotten: its content is erased and cannot come back.`,
        );
      await tx.updateEpisode(key, { status: "active", supersededBy: null, validTo: null });
      await ctx.writes.audit(tx, e.namespace, "episode.restored", key, {
        from: e.status,
        supersededBy: e.supersededBy,
      });
      return { layer: "episode" as const, ...(await tx.getEpisode(key, e.namespace))! };
    }
    const b = await beliefIn(tx, key, namespace);
    if (b.status === "forgotten")
      throw new StrataError(
        "FORGOTTEN",
        `Belief ${key} was forgotten: its content is erased and cannot come back.`,
      );
    await tx.updateBelief(key, {
      status: "active",
      statusReason: "restored",
      restored: true,
      retiredAt: null,
      validTo: null,
      supersededBy: null,
      parentId: null,
    });
    await ctx.writes.audit(tx, b.namespace, "belief.restored", key, {
      from: b.status,
      reason: b.statusReason,
      supersededBy: b.supersededBy,
    });
    return { layer: "belief" as const, ...(await tx.getBelief(key, b.namespace))! };
  });
}

/** Erases an item everywhere Strata keeps it, then has the store scrub its files. */
export async function forgetAndScrub(
  ctx: EngineContext,
  key: string,
  namespace: string,
): Promise<ForgetResult> {
  const result = await ctx.store.transaction((tx) => forgetItem(tx, ctx.writes, key, namespace, ctx.now()));
  if (result.forgotten.length === 0 || !ctx.store.purgeErased) return result;
  return { ...result, purge: await ctx.store.purgeErased() };
}
