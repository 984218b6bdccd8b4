/**
 * Feedback and lifecycle: `outcome`, `used`, `pin`, `unpin`, `restore`, `forget`.
 */
import type { Memory, MemoryItem } from "../../core/engine.js";
import type { Belief, ForgetResult, OutcomeResult } from "../../core/model.js";
import { fixed2, type Style } from "../style.js";
import { UsageError } from "../usage-error.js";

export interface OutcomeArgs {
  id: string;
  result: "success" | "failure";
  /** The session reporting it: the same result counts once per session. */
  session?: string;
}

/** `strata outcome b12 success [--session s1]`: the only thing that moves confidence. */
export async function runOutcome(mem: Memory, args: OutcomeArgs): Promise<OutcomeResult> {
  return mem.outcome(args.id, args.result === "success", args.session ? { session: args.session } : {});
}

export function renderOutcome(r: OutcomeResult, style: Style): string {
  const b = r.belief;
  return `${style.id(b.id)} confidence ${fixed2(r.confidenceBefore)} → ${style.bold(fixed2(r.confidenceAfter))} (${b.successes} success, ${b.failures} failure; half-life ${r.halfLifeDays} d)${r.counted === false ? style.dim(" — already counted from this source, recorded as a use only") : ""}`;
}

/** `strata used b12`: it was applied; says nothing about whether it worked. */
export async function runUsed(mem: Memory, args: { id: string }): Promise<Belief> {
  return mem.used(args.id);
}

export function renderUsed(b: Belief, style: Style): string {
  return `${style.id(b.id)} used ${b.uses}×`;
}

/** `strata pin b3`: identity, never decayed, swept or evicted; first in context. */
export async function runPin(mem: Memory, args: { id: string }): Promise<Belief> {
  return mem.pin(args.id);
}

/** `strata unpin b3` */
export async function runUnpin(mem: Memory, args: { id: string }): Promise<Belief> {
  return mem.unpin(args.id);
}

export function renderPinned(b: Belief, style: Style): string {
  return `${style.id(b.id)} ${b.pinned ? "pinned (identity)" : "unpinned"}: ${b.text}`;
}

/** `strata restore b7`: back into the current set, immune to the sweep that removed it. */
export async function runRestore(mem: Memory, args: { id: string }): Promise<MemoryItem> {
  return mem.restore(args.id);
}

export function renderRestored(item: MemoryItem, style: Style): string {
  const text = item.layer === "belief" ? item.text : item.content;
  return `${style.id(item.id)} restored (${item.status}): ${text}`;
}

export interface ForgetArgs {
  id: string;
  yes?: boolean;
}

/** `strata forget e4 --yes`: erases content for good; the hash and audit entries stay. */
export async function runForget(mem: Memory, args: ForgetArgs): Promise<ForgetResult> {
  if (!args.yes)
    throw new UsageError(
      `forget erases ${args.id}'s content for good (only a keyed hash stays in the audit chain), and what quotes it in the continuity digest. Add --yes to confirm.`,
    );
  return mem.forget(args.id);
}

export function renderForget(r: ForgetResult, style: Style): string {
  const lines = r.forgotten.map(
    (f) =>
      `${style.id(f.id)} ${f.layer}: erased ${f.erasedChars} chars, kept hash ${f.contentHash.slice(0, 12)}`,
  );
  const c = r.continuity;
  const redacted = c
    ? [
        `continuity: redacted ${c.lines} line(s) in ${c.versions} digest version(s)` +
          `, removed ${c.patterns} pattern(s), ${c.evidence} evidence, ${c.associations} association(s)`,
      ]
    : [];
  // What the store could not scrub: said plainly, since the text may still be in those files.
  const left = (r.purge?.skipped ?? []).map(
    (s) => `warning: the forgotten text may remain in ${s.part}'s files (${s.reason}); run: ${s.remedy}`,
  );
  // The open session wrap whose package showed the item: its save would write the text back.
  const wrap =
    r.wrapCancelled === null
      ? []
      : [
          `wrap ${r.wrapCancelled} cancelled: its package showed the forgotten text, so its save is refused; strata prepare-wrap freezes a new one without it`,
        ];
  return [...lines, ...redacted, ...wrap, ...left, style.dim(r.reason)].join("\n");
}
