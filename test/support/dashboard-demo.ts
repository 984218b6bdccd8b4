/**
 * A dashboard over a small, deterministic demo memory, served on a real port: what the browser
 * tests drive and `npm run screenshots` photographs. The memory has a superseded belief (for
 * time travel and Activity's restore), a near-duplicate pair the sweep has not judged (for the
 * review queue), outcomes, pending episodes, a saved continuity digest and three keys.
 */
import { Hono } from "hono";
import { createApiKey } from "../../src/access/api-keys.js";
import type { Memory } from "../../src/core/engine.js";
import { createDashboard } from "../../src/server/ui/dashboard.js";
import { listenLocally } from "./local-server.js";
import { seedBelief, type TestClock, testClock, testMemory } from "./memory.js";

export interface DashboardDemo {
  mem: Memory;
  clock: TestClock;
  /** Where the dashboard answers, e.g. http://127.0.0.1:41234/ui */
  url: string;
  keys: { admin: string; writer: string; reader: string };
  ids: { oldLimit: string; newLimit: string; pairA: string; pairB: string; doorCode: string };
  close(): Promise<void>;
}

export async function startDashboardDemo(): Promise<DashboardDemo> {
  const clock = testClock("2026-01-05T09:00:00.000Z");
  const { mem } = await testMemory({ clock });
  const keys = {
    admin: (await createApiKey(mem.store, { name: "ops-admin", scope: "admin", namespaces: ["*"] }, clock))
      .key,
    writer: (
      await createApiKey(mem.store, { name: "ci-bot", scope: "write", namespaces: ["default"] }, clock)
    ).key,
    reader: (
      await createApiKey(mem.store, { name: "auditor", scope: "read", namespaces: ["default"] }, clock)
    ).key,
  };
  const e1 = await mem.record("Deployed billing v2 to staging; the nightly export took 40 minutes", {
    session: "s1",
  });
  const e2 = await mem.record("Decided to keep the export window at 02:00 UTC", {
    type: "decision",
    session: "s1",
  });
  const oldLimit = await mem.remember("The API retry limit is 5", { sources: [e1.id] });
  await mem.remember("The staging database is Postgres 16");
  const pinned = await mem.remember("Never run migrations on Fridays");
  await mem.pin(pinned.id);
  clock.set("2026-01-06T10:00:00.000Z");
  const doorCode = await mem.remember("The office door code is 4711");
  clock.set("2026-01-15T10:00:00.000Z");
  const lesson = await mem.remember("Restarting the worker without draining the queue lost jobs", {
    kind: "failure",
  });
  await mem.outcome(lesson.id, true);
  clock.set("2026-02-04T10:00:00.000Z");
  const newLimit = await mem.remember("The API retry limit is 7");
  const e3 = await mem.record("Rolled out retry limit 7 to production", { session: "s2" });
  await mem.record("The on-call rotation moved to weekly shifts", { session: "s2" });
  // A session wrap whose digest cites episodes together: the continuity digest and the graph's links.
  const wrap = await mem.prepareWrap();
  await mem.saveContinuity(
    [
      "## State",
      "- Billing v2 is on staging; retry limit 7 is in production",
      "",
      "## Patterns",
      `- Export changes ship with the billing rollout | 1x [evidence: ${e1.id} "billing v2 to staging nightly export", ${e2.id} "keep the export window", ${e3.id} "rolled out retry limit to production"]`,
      "",
      "## Decisions",
      "- Keep the export window at 02:00 UTC",
      "",
      "## Context",
      "- Staging and production",
    ].join("\n"),
    { token: wrap.token! },
  );
  await mem.consolidate();
  const pairA = await seedBelief(mem, clock, "The user lives in Oslo.", "2026-02-05");
  const pairB = await seedBelief(mem, clock, "The user dwells in Oslo.", "2026-02-06");
  await seedBelief(
    mem,
    clock,
    "The team standup happens every morning at nine in the big room",
    "2026-02-06",
  );
  await seedBelief(mem, clock, "Standup is a bit later now", "2026-02-07");

  const app = new Hono().route("/ui", createDashboard({ memory: mem, clock, liveIntervalMs: 500 }));
  const served = await listenLocally(app);
  return {
    mem,
    clock,
    url: `${served.origin}/ui`,
    keys,
    ids: { oldLimit: oldLimit.id, newLimit: newLimit.id, pairA, pairB, doorCode: doorCode.id },
    async close() {
      if ("closeAllConnections" in served.server) served.server.closeAllConnections();
      await served.close();
      await mem.close();
    },
  };
}
