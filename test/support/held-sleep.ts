/**
 * Test support for the tests that hold a sweep open mid-judging (the sleep-lock and worker
 * contract tests): `gatedJudge`, the lexical judge except that while armed every comparison
 * waits until `release()`, and `seedSweptPair`, two facts the sweep compares and keeps.
 *
 *   const gated = gatedJudge();
 *   const waiting = gated.arm();
 *   const first = mem.sweep();   // judging waits at the gate
 *   await waiting;               // …now it is mid-sweep, holding the namespace's sleep lock
 *   gated.release();
 */

import type { Memory } from "../../src/core/engine.js";
import { createLexicalJudge } from "../../src/core/judge/lexical-judge.js";
import type { Judge } from "../../src/core/ports.js";

/** Two facts the sweep compares (BM25 neighbours) and keeps both of. */
export async function seedSweptPair(mem: Memory, namespace?: string): Promise<void> {
  const ns = namespace ? { namespace } : {};
  await mem.remember("The staging database runs Postgres 16", { at: "2026-03-01", ...ns });
  await mem.remember("The staging database lives in eu-west-1", { at: "2026-03-02", ...ns });
}

export function gatedJudge() {
  const inner = createLexicalJudge();
  let gate: Promise<void> | null = null;
  let open: () => void = () => {};
  let entered: () => void = () => {};
  const judge: Judge = {
    name: "gated-lexical",
    async compare(a, b) {
      if (gate) {
        entered();
        await gate;
      }
      return inner.compare(a, b);
    },
  };
  return {
    judge,
    /** Closes the gate; resolves once a comparison is waiting at it (the sweep is mid-judging). */
    arm(): Promise<void> {
      gate = new Promise((resolve) => {
        open = resolve;
      });
      return new Promise((resolve) => {
        entered = resolve;
      });
    },
    release() {
      gate = null;
      open();
    },
  };
}
