/**
 * Rows to hand a store directly (through `tx.insertBelief`), for tests that exercise the store
 * port below the write gate.
 *
 *   const id = await store.transaction((tx) => tx.insertBelief(newBelief("The TTL is 60 s")));
 *   newBelief("…", { status: "retired", namespace: "team" });
 *   newEpisode("Deployed on Friday", "2026-03-02T00:00:00.000Z");
 */
import type { NewBelief, NewEpisode } from "../../src/core/ports.js";

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

/** An active observation in `default` at `at`, recorded 2026-03-05. */
export function newEpisode(content: string, at: string, overrides: Partial<NewEpisode> = {}): NewEpisode {
  return {
    namespace: "default",
    type: "observation",
    content,
    outcome: null,
    session: null,
    actor: null,
    at,
    recordedAt: "2026-03-05T00:00:00.000Z",
    metadata: {},
    contentHash: "0".repeat(64),
    support: 1,
    status: "active",
    distilledAt: null,
    supersededBy: null,
    validTo: null,
    ...overrides,
  };
}
