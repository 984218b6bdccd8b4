/**
 * Bounded steps: long sleep work (distilling a backlog, applying a sweep's decisions) written as
 * many short transactions instead of one long one, so writers in other processes interleave
 * between steps instead of timing out behind a write lock held for the whole run.
 *
 * A step closes after `items` items or `ms` milliseconds, whichever comes first. Where a step
 * ends never changes what is written (each item reads what the items before it committed), so
 * the store comes out the same whatever the bounds or the machine's speed: only who else may
 * write in between changes.
 *
 *   await inSteps(store, clusters, bound, elapsed, async (tx, c) => storeProposition(tx, …));
 */
import { z } from "zod";
import type { Store, StoreWriter } from "../ports.js";
import { parseInput } from "../validate.js";

export interface StepBound {
  /** Items per transaction at most. */
  items: number;
  /** Milliseconds per transaction at most (checked between items: one item may run over). */
  ms: number;
}

/** Default of `EngineOptions.sleepStep`: 25 items or 250 ms per transaction. */
export const DEFAULT_STEP: StepBound = Object.freeze({ items: 25, ms: 250 });

const StepBoundSchema = z
  .object({
    items: z
      .number({ message: "sleepStep.items must be a whole number" })
      .int("sleepStep.items must be a whole number")
      .min(1, "sleepStep.items must be 1 or more")
      .optional(),
    ms: z
      .number({ message: "sleepStep.ms must be a number of milliseconds" })
      .int("sleepStep.ms must be a whole number of milliseconds")
      .min(1, "sleepStep.ms must be 1 or more")
      .optional(),
  })
  .strict();

/** Parses `EngineOptions.sleepStep` over the defaults (INVALID_INPUT naming the bad field). */
export function parseStepBound(input: Partial<StepBound> = {}): StepBound {
  const o = parseInput(StepBoundSchema, input, "sleepStep");
  return Object.freeze({ items: o.items ?? DEFAULT_STEP.items, ms: o.ms ?? DEFAULT_STEP.ms });
}

/**
 * Runs `each` over `list` in bounded transactions, in order; `after(done, total)` once each
 * step has committed. An error rolls back the step under way; the steps before it stay.
 */
export async function inSteps<T>(
  store: Pick<Store, "transaction">,
  list: readonly T[],
  bound: StepBound,
  elapsed: () => number,
  each: (tx: StoreWriter, item: T, index: number) => Promise<void>,
  after?: (done: number, total: number) => void,
): Promise<void> {
  let i = 0;
  while (i < list.length) {
    const started = elapsed();
    const from = i;
    i = await store.transaction(async (tx) => {
      const end = Math.min(list.length, from + bound.items);
      let k = from;
      do {
        await each(tx, list[k]!, k);
        k++;
      } while (k < end && elapsed() - started < bound.ms);
      return k;
    });
    after?.(i, list.length);
  }
}
