/**
 * Homeostasis: the cheap pass, O(n) in the namespace's active beliefs, meant for every run.
 * Decay is computed, never written: retirement reads the forgetting curve from the last
 * confirmation, so the recency signal it decays from is never destroyed.
 *
 *   retire  effective confidence < policy.retireFloor, for kinds whose retention is `decay`
 *           (facts and procedures `keep` by default: they leave by supersession, TTL or the cap)
 *   evict   rules over policy.maxActiveRules, then everything over policy.maxActiveBeliefs,
 *           lowest retention first
 *   skip    pinned, restored and proven beliefs (confidence ≥ 0.8 with ≥ 5 successes)
 */

import type { EngineContext } from "./engine-context.js";
import { effectiveConfidence } from "./forgetting.js";
import type { Belief } from "./model.js";
import type { Policy } from "./policy.js";
import { compareIds } from "./recall/ids.js";

export const MAINTAIN_ACTIONS = ["retired", "evicted", "archived", "skipped"] as const;
export type MaintainAction = (typeof MAINTAIN_ACTIONS)[number];

export interface MaintainItem {
  id: string;
  action: MaintainAction;
  /** Reason code: `decayed`, `over-cap`, `over-rule-cap`, `skipped: pinned`, `skipped: restored`, `skipped: proven`. */
  reason: string;
  /** Effective confidence and retention at the time of the pass, for beliefs. */
  effectiveConfidence?: number;
  retention?: number;
}

export interface MaintainReport {
  namespace: string;
  at: string;
  scanned: { beliefs: number; episodes: number };
  activeBefore: number;
  activeAfter: number;
  counts: Record<MaintainAction, number>;
  items: MaintainItem[];
}

/**
 * Sediment's retention, with uses counted from zero and restatements beside confirmations:
 * effective confidence × (1 + ln(1 + uses)) × (1 + 0.2 × (confirmations + restatements)).
 */
export function retention(b: Belief, now: string, reinforcementWeight = 0.5): number {
  return (
    effectiveConfidence(b, now, reinforcementWeight) *
    (1 + Math.log1p(b.uses)) *
    (1 + 0.2 * (b.successes + Math.max(0, b.support - 1)))
  );
}

export function isProven(b: Belief, policy: Policy): boolean {
  return b.confidence >= policy.provenConfidence && b.successes >= policy.provenSuccesses;
}

/** Why a belief is exempt from automatic removal, or null. */
export function immunity(b: Belief, policy: Policy): string | null {
  if (b.pinned) return "skipped: pinned";
  if (b.restored) return "skipped: restored";
  if (isProven(b, policy)) return "skipped: proven";
  return null;
}

/** Decides the pass over a namespace's active beliefs; the engine applies it. Pure. */
export function planMaintain(active: readonly Belief[], now: string, policy: Policy): MaintainItem[] {
  const items: MaintainItem[] = [];
  const survivors: { b: Belief; r: number }[] = [];
  for (const b of active) {
    const eff = effectiveConfidence(b, now, policy.reinforcementWeight);
    const r = retention(b, now, policy.reinforcementWeight);
    const immune = immunity(b, policy);
    if (eff < policy.retireFloor && policy.retention[b.kind] === "decay") {
      if (immune)
        items.push({ id: b.id, action: "skipped", reason: immune, effectiveConfidence: eff, retention: r });
      else {
        items.push({
          id: b.id,
          action: "retired",
          reason: "decayed",
          effectiveConfidence: eff,
          retention: r,
        });
        continue;
      }
    }
    survivors.push({ b, r });
  }
  const evicted = new Set<string>();
  const evict = (pool: { b: Belief; r: number }[], over: number, reason: string) => {
    if (over <= 0) return;
    const evictable = pool
      .filter((s) => !evicted.has(s.b.id) && immunity(s.b, policy) === null)
      .sort((x, y) => x.r - y.r || compareIds(x.b.id, y.b.id));
    for (const s of evictable.slice(0, over)) {
      evicted.add(s.b.id);
      items.push({
        id: s.b.id,
        action: "evicted",
        reason,
        effectiveConfidence: effectiveConfidence(s.b, now, policy.reinforcementWeight),
        retention: s.r,
      });
    }
  };
  // Rules first, against their own cap (brainmem's keep), then everything against the overall one.
  if (policy.maxActiveRules !== null) {
    const rules = survivors.filter((s) => s.b.kind === "rule");
    evict(rules, rules.length - policy.maxActiveRules, "over-rule-cap");
  }
  evict(survivors, survivors.length - evicted.size - policy.maxActiveBeliefs, "over-cap");
  return items;
}

/**
 * Runs homeostasis on one namespace: plans on fresh state inside one write transaction, retires
 * and evicts what the plan says, audits each change, and reports every item with its reason.
 */
export async function runMaintain(ctx: EngineContext, namespace: string): Promise<MaintainReport> {
  return ctx.store.transaction(async (tx) => {
    // Planned on fresh state inside the write transaction: writes that raced it are seen.
    const now = ctx.now();
    const active: Belief[] = [];
    for (let offset = 0; ; offset += 5000) {
      const page = await tx.listBeliefs(
        { namespaces: [namespace], statuses: ["active"] },
        { limit: 5000, offset },
      );
      active.push(...page);
      if (page.length < 5000) break;
    }
    const items = planMaintain(active, now, ctx.policy);
    for (const item of items) {
      if (item.action !== "retired" && item.action !== "evicted") continue;
      await tx.updateBelief(item.id, { status: "retired", statusReason: item.reason, retiredAt: now });
      await ctx.writes.audit(tx, namespace, `belief.${item.action}`, item.id, {
        reason: item.reason,
        effectiveConfidence: item.effectiveConfidence,
        retention: item.retention,
      });
    }
    const counts = { retired: 0, evicted: 0, archived: 0, skipped: 0 };
    for (const item of items) counts[item.action]++;
    return {
      namespace,
      at: now,
      scanned: { beliefs: active.length, episodes: 0 },
      activeBefore: active.length,
      activeAfter: active.length - counts.retired - counts.evicted,
      counts,
      items,
    };
  });
}
