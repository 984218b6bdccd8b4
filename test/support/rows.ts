/**
 * Rows to hand a store directly (through `tx.insertBelief`), for tests that exercise the store
 * port below the write gate.
 *
 *   const id = await store.transaction((tx) => tx.insertBelief(newBelief("The TTL is 60 s")));
 *   newBelief("…", { status: "retired", namespace: "team" });
 */
import type { NewBelief } from "../../src/core/ports.js";

const AT = "2026-03-01T12:00:00.000Z";

/** An active fact in `default`, recorded and valid from 2026-03-01, its text as content hash. */
export function newBelief(text: string, overrides: Partial<NewBelief> = {}): NewBelief {
  return {
    namespace: "default",
    kind: "fact",
    text,
    when: null,
    prefer: null,
    exceptions: [],
    steps: null,
    status: "active",
    statusReason: null,
    pinned: false,
    restored: false,
    confidence: 0.5,
    successes: 0,
    failures: 0,
    support: 1,
    uses: 0,
    halfLifeDays: 30,
    lastConfirmedAt: null,
    lastUsedAt: null,
    validFrom: AT,
    validTo: null,
    recordedAt: AT,
    retiredAt: null,
    supersededBy: null,
    parentId: null,
    sources: [],
    source: null,
    contentHash: text,
    metadata: {},
    calibration: null,
    ...overrides,
  };
}
