/**
 * Fills a store to a given size quickly, through the store port in batched transactions, so
 * the bench can measure gated writes, recall and context *at* 10k beliefs without spending
 * minutes getting there through the gate. The rows are what the engine itself would write for
 * first statements and changed values (the old belief archived and linked to its successor),
 * with vectors and a valid audit chain, so `verifyAudit()` still passes.
 *
 *   const loaded = await preload(mem, traffic, 10_000);
 */
import { nextEntry } from "../src/core/audit.js";
import type { Memory } from "../src/core/engine.js";
import { halfLifeFor, laplaceConfidence } from "../src/core/forgetting.js";
import type { StoreWriter } from "../src/core/ports.js";
import { sha256 } from "../src/core/sha256.js";
import { newBelief } from "../test/support/rows.js";
import type { Traffic } from "./synthetic.js";

export interface PreloadResult {
  /** Belief rows in the store after the preload (active and archived). */
  beliefs: number;
  archived: number;
  /** Statements skipped because they only restated or refined a slot. */
  skipped: number;
}

/** Adds beliefs until the store holds `target` belief rows. Slot state persists across calls. */
export async function preload(
  mem: Memory,
  traffic: Traffic,
  target: number,
  current: { beliefs: number; bySlot: Map<number, string> },
): Promise<PreloadResult> {
  let archived = 0;
  let skipped = 0;
  const namespace = mem.namespace;
  const now = mem.clock.now().toISOString();
  while (current.beliefs < target) {
    const batch = Math.min(500, target - current.beliefs);
    const texts: { text: string; slot: number; intent: string }[] = [];
    while (texts.length < batch) {
      const s = traffic.statement();
      if (s.intent === "new" || s.intent === "change") texts.push(s);
      else skipped++;
    }
    const vectors = await mem.embedder.embed(texts.map((t) => t.text));
    await mem.store.transaction(async (tx) => {
      for (let i = 0; i < texts.length; i++) {
        const { text, slot } = texts[i]!;
        const id = await insert(tx, mem, namespace, text, now);
        await tx.putVector(id, namespace, mem.embedder.id, vectors[i]!);
        const previous = current.bySlot.get(slot);
        if (previous) {
          await tx.updateBelief(previous, {
            status: "archived",
            statusReason: "superseded",
            validTo: now,
            retiredAt: now,
            supersededBy: id,
          });
          await tx.addLink({ from: id, to: previous, relation: "supersedes", at: now });
          await audit(tx, mem, namespace, "belief.superseded", previous, { by: id, validTo: now }, now);
          archived++;
        }
        current.bySlot.set(slot, id);
        current.beliefs++;
      }
    });
  }
  return { beliefs: current.beliefs, archived, skipped };
}

async function insert(tx: StoreWriter, mem: Memory, namespace: string, text: string, now: string) {
  const belief = newBelief(text, {
    namespace,
    confidence: laplaceConfidence(0, 0),
    halfLifeDays: halfLifeFor(mem.policy.halfLifeDays, 0),
    validFrom: now,
    recordedAt: now,
    source: "bench-preload",
    contentHash: sha256(text),
  });
  const id = await tx.insertBelief(belief);
  await audit(
    tx,
    mem,
    namespace,
    "belief.remembered",
    id,
    { contentHash: belief.contentHash, kind: "fact", validFrom: now, status: "active", sources: [] },
    now,
  );
  return id;
}

async function audit(
  tx: StoreWriter,
  mem: Memory,
  namespace: string,
  event: string,
  subjectId: string,
  payload: Record<string, unknown>,
  at: string,
) {
  const head = await tx.auditHead(namespace);
  await tx.appendAudit(
    nextEntry(
      head,
      { namespace, at, actor: "bench-preload", event, subjectId, payload },
      mem.policy.auditContent,
    ),
  );
}
