import { afterEach, describe, expect, it, vi } from "vitest";
import { startFakeModel } from "../../../test/support/fake-model.js";
import { DAY, HOUR, seedBelief, type TestClock, testMemory } from "../../../test/support/memory.js";
import { storeSnapshot } from "../../../test/support/store-snapshot.js";
import type { Memory, MemoryItem } from "../engine.js";
import { isStrataError } from "../errors.js";
import type { Judge } from "../ports.js";
import { parseDuration, parseWorkerOptions } from "./options.js";
import { pendingRequest, requestConsolidation, workerReports } from "./records.js";
import { createWorker, startWorker, type TickResult, timerSleep } from "./worker.js";

const MINUTE = 60_000;
let mem: Memory;
afterEach(async () => {
  await mem?.close();
});

/** The one namespace's outcome of a tick. */
const only = (t: TickResult) => {
  expect(t.outcomes).toHaveLength(1);
  return t.outcomes[0]!;
};
const textOf = (b: MemoryItem) => ("text" in b ? b.text : b.content);
const codes = (t: TickResult) => only(t).report?.reasons.map((r) => r.code) ?? [];

/** Facts about different subjects: none supersedes or merges another. */
const FACTS = [
  "The staging database runs Postgres 16",
  "The billing service is written in Go",
  "Alice owns the deploy pipeline",
  "The office wifi password rotates monthly",
  "Backups are kept for thirty days",
  "The mobile app targets iOS 17",
  "Invoices are sent on the first business day",
  "The search cluster has three nodes",
];

async function setup(options: Parameters<typeof testMemory>[0] = {}) {
  const t = await testMemory(options);
  mem = t.mem;
  return t;
}

/** Failures seeded an hour apart, then left a year: `maintain` would retire every one. */
async function decayedFailures(clock: TestClock, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++)
    ids.push(await seedBelief(mem, clock, `Deploy step ${i} failed on host h${i}`, "2026-12-01", "failure"));
  clock.advance(365 * DAY);
  return ids;
}

describe("worker triggers", () => {
  it("idle: maintains while writes come, consolidates once none came for `idle`", async () => {
    const { clock } = await setup();
    const worker = createWorker(mem, { idle: "10m", daily: null });
    await mem.record("Deploy failed: migration lock timeout", { type: "outcome", outcome: "failure" });
    const first = await worker.tick();
    expect(only(first).status).toBe("applied");
    expect(codes(first)).toEqual([]); // changed, but writes are still fresh: maintain only
    expect(await mem.pending()).toHaveLength(1);

    clock.advance(5 * MINUTE);
    expect(only(await worker.tick()).status).toBe("unchanged");

    clock.advance(6 * MINUTE);
    const idle = await worker.tick();
    expect(codes(idle)).toEqual(["idle"]);
    expect(only(idle).report?.reasons[0]?.detail).toMatch(/none for 11m \(idle 10m\)/);
    expect(await mem.pending()).toHaveLength(0); // distilled

    clock.advance(60 * MINUTE);
    expect(only(await worker.tick()).status).toBe("unchanged");
  });

  it.each([
    ["new-beliefs", { newBeliefs: 5 }, {}],
    ["near-cap", { nearCapShare: 0.5 }, { maxActiveBeliefs: 10 }],
  ] as const)("pressure %s: consolidates without waiting for idle", async (code, options, policy) => {
    await setup({ policy });
    for (const f of FACTS.slice(0, 5)) await mem.remember(f);
    const tick = await createWorker(mem, { ...options, idle: "1h", daily: null }).tick();
    expect(codes(tick)).toEqual([code]);
  });

  it("pressure undistilled and redundant-writes: counted from the audit chain since the last consolidation", async () => {
    const { clock } = await setup();
    const worker = createWorker(mem, { idle: "1h", daily: null, undistilledEpisodes: 3, redundantWrites: 3 });
    for (const f of FACTS.slice(0, 3)) await mem.record(f);
    expect(codes(await worker.tick())).toEqual(["undistilled"]);
    clock.advance(MINUTE);
    for (let i = 0; i < 3; i++) await mem.remember("The billing service is written in Go");
    const tick = await worker.tick();
    expect(codes(tick)).toEqual(["redundant-writes"]);
    // The worker's own distillation is not a write of anyone's: nothing is due after it.
    clock.advance(2 * HOUR);
    expect(only(await worker.tick()).status).toBe("unchanged");
  });

  it("daily backstop: once a day at HH:MM UTC, even when nothing changed", async () => {
    const { clock } = await setup();
    clock.set("2027-01-01T02:00:00.000Z");
    await mem.remember(FACTS[0]!);
    const worker = createWorker(mem, { idle: "1d", daily: "03:00" });
    expect(codes(await worker.tick())).toEqual([]);
    clock.set("2027-01-01T02:59:00.000Z");
    expect(only(await worker.tick()).status).toBe("unchanged");
    clock.set("2027-01-01T03:00:00.000Z");
    const daily = await worker.tick();
    expect(codes(daily)).toEqual(["daily"]);
    clock.set("2027-01-01T23:00:00.000Z");
    expect(only(await worker.tick()).status).toBe("unchanged");
    clock.set("2027-01-02T03:01:00.000Z");
    expect(codes(await worker.tick())).toEqual(["daily"]);
  });

  it("explicit request: consolidates at the next tick, even unchanged, and the request is honoured once", async () => {
    const { clock } = await setup();
    await mem.remember(FACTS[0]!);
    const worker = createWorker(mem, { idle: "1d", daily: null });
    await worker.tick();
    expect(only(await worker.tick()).status).toBe("unchanged");
    await requestConsolidation(mem, { note: "session s42 ended" });
    expect(await pendingRequest(mem)).toMatchObject({ by: "library", note: "session s42 ended" });
    clock.advance(MINUTE);
    const asked = await worker.tick();
    expect(codes(asked)).toEqual(["request"]);
    expect(only(asked).report?.reasons[0]?.detail).toMatch(/requested by library .*: session s42 ended/);
    expect(await pendingRequest(mem)).toBeNull();
    expect(only(await worker.tick()).status).toBe("unchanged");
  });

  it("an unchanged namespace is skipped without a write; a second worker on the same store agrees", async () => {
    const { path } = await setup({ file: true });
    await mem.remember(FACTS[0]!);
    await createWorker(mem, { daily: null }).tick();
    const before = await storeSnapshot(mem, path);
    // A new worker (a restart, another process) reads where the last one left off from the store.
    const tick = await createWorker(mem, { daily: null }).tick();
    expect(only(tick).status).toBe("unchanged");
    expect(await storeSnapshot(mem, path)).toEqual(before);
  });
});

it("a named namespace nothing was ever written in is `empty`: skipped, nothing kept, the store's namespaces named", async () => {
  const { path } = await setup({ file: true });
  await mem.remember(FACTS[0]!, { namespace: "agent-7" });
  await mem.record("Deploy failed: migration lock timeout", { namespace: "agent-8" });
  const before = await storeSnapshot(mem, path);
  // The daily backstop is due everywhere (no consolidation ran yet): even so, a typo runs no pass.
  const tick = await createWorker(mem, { namespaces: ["agnet-7"], daily: "00:00" }).tick();
  expect(only(tick)).toEqual({
    namespace: "agnet-7",
    status: "empty",
    detail: expect.stringMatching(
      /^nothing was ever written in this namespace: skipped \(a misspelt name\? the store has agent-7, agent-8;/,
    ),
    report: null,
  });
  expect(await storeSnapshot(mem, path)).toEqual(before);
  expect(await workerReports(mem, { namespace: "agnet-7" })).toEqual([]);
  // Negative rows: a namespace with only an episode, or whose one belief was forgotten, is not empty.
  const { id: forgotten } = await mem.remember(FACTS[1]!, { namespace: "gone" });
  await mem.forget(forgotten, { namespace: "gone" });
  const three = await createWorker(mem, { namespaces: ["agent-7", "agent-8", "gone"], daily: null }).tick();
  expect(three.outcomes.map((o) => o.status)).not.toContain("empty");
});

it("`empty` in a store with no namespace at all says so", async () => {
  await setup();
  const tick = await createWorker(mem, { namespaces: ["default"], daily: null }).tick();
  expect(only(tick).detail).toMatch(/the store holds no namespace yet/);
});

describe("worker safety", () => {
  it("a busy namespace (its sleep lock held elsewhere) is skipped, not an error, and nothing changes", async () => {
    const { path } = await setup({ file: true });
    await mem.record(FACTS[0]!);
    const worker = createWorker(mem, { idle: 0, daily: null });
    const before = await storeSnapshot(mem, path);
    const tick = await mem.store.withLock("sleep:default", { waitMs: 0, what: "a test" }, () =>
      worker.tick(),
    );
    expect(only(tick)).toMatchObject({ status: "busy", report: null });
    expect(await storeSnapshot(mem, path)).toEqual(before);
    expect(codes(await worker.tick())).toEqual(["idle"]);
  });

  it("the retire-share guard stops a pass that would retire too much: nothing applied, a stopped report kept, then held", async () => {
    const { clock } = await setup();
    const ids = await decayedFailures(clock, 12);
    for (const f of FACTS) await mem.remember(f);
    const list = async () => mem.list({ status: "any", limit: 1000 });
    const before = await list();
    const head = await mem.store.auditHeadMark("default");
    const worker = createWorker(mem, { daily: null, idle: "1h" });
    const tick = await worker.tick();
    expect(only(tick).status).toBe("stopped");
    expect(only(tick).report).toMatchObject({
      activeBefore: 20,
      left: { count: 12, share: 0.6, byStatus: { retired: 12 } },
      limit: 5,
    });
    expect(
      only(tick)
        .report?.items.filter((i) => i.action === "retired")
        .map((i) => i.id),
    ).toEqual(ids);
    expect(await list()).toEqual(before);
    expect(await mem.store.auditHeadMark("default")).toEqual(head);
    expect((await workerReports(mem))[0]).toMatchObject({ status: "stopped" });

    clock.advance(HOUR);
    expect(only(await worker.tick()).status).toBe("held");
    // The operator looked and allows more: the pass goes through.
    const allowed = await createWorker(mem, { daily: null, idle: "1h", maxRetireShare: 0.7 }).tick();
    expect(only(allowed)).toMatchObject({ status: "applied", report: { left: { count: 12 } } });
    expect((await mem.list({ status: "retired", limit: 100 })).map((b) => b.id)).toEqual(ids);
  });

  it("dry run reports what would be applied and changes nothing, not even its own records", async () => {
    const { clock, path } = await setup({ file: true });
    await decayedFailures(clock, 2);
    await mem.record("Deploy failed: migration lock timeout", { type: "outcome", outcome: "failure" });
    await requestConsolidation(mem);
    const before = await storeSnapshot(mem, path);
    const worker = createWorker(mem, { dryRun: true, daily: null });
    const tick = await worker.tick();
    expect(only(tick).status).toBe("dry-run");
    expect(codes(tick)).toEqual(["request"]);
    expect(only(tick).report?.maintain).toMatchObject({ retired: 2 });
    expect(only(tick).report?.consolidate).toMatchObject({ distilled: 1 });
    expect(await storeSnapshot(mem, path)).toEqual(before);
    expect(await workerReports(mem)).toEqual([]);
  });

  it("shutdown between steps: the committed steps stay, consistent; the lock is free; the next pass finishes", async () => {
    await setup({ sleepStep: { items: 2 } });
    for (const f of FACTS) await mem.record(f);
    const ac = new AbortController();
    const worker = createWorker(mem, { idle: 0, daily: null }, { onProgress: () => ac.abort() });
    const tick = await worker.tick(ac.signal);
    expect(only(tick).status).toBe("abandoned");
    const report = only(tick).report!;
    expect(report.error?.message).toMatch(/shutdown/);
    // maintain's step and the first distillation step (two episodes) committed; nothing after.
    expect(report.committed).toMatchObject({ steps: 2, left: 0 });
    expect(report.committed!.entries).toBeGreaterThan(0);
    expect(only(tick).detail).toMatch(/the step under way rolled back, 2 step\(s\) before it applied/);
    const pending = new Set((await mem.pending()).map((e) => e.id));
    expect(pending.size).toBe(FACTS.length - 2);
    // Consistent: every belief's sources are distilled episodes, and the chain verifies.
    const beliefs = await mem.list({ limit: 100 });
    expect(beliefs).toHaveLength(2);
    for (const b of beliefs)
      for (const id of (b as { sources: string[] }).sources) expect(pending.has(id)).toBe(false);
    expect((await mem.verifyAudit()).ok).toBe(true);
    expect(await mem.store.withLock("sleep:default", { waitMs: 0 }, async () => "free")).toBe("free");

    const resumed = await createWorker(mem, { idle: 0, daily: null }).tick();
    expect(only(resumed).status).toBe("applied");
    expect(await mem.pending()).toHaveLength(0);
    expect((await mem.list({ limit: 100 })).map(textOf).sort()).toEqual([...FACTS].sort());
  });

  it("steps: a pass in small steps writes what one in a single step writes, with the same report counts", async () => {
    const run = async (sleepStep: { items: number; ms: number }) => {
      const t = await testMemory({ sleepStep });
      try {
        for (const f of FACTS) await t.mem.record(f);
        await t.mem.record("The staging database runs Postgres 17");
        await t.mem.record("Backups are kept for thirty days");
        let steps = 0;
        const tick = await createWorker(
          t.mem,
          { idle: 0, daily: null, maxRetireShare: 1 },
          {
            betweenSteps: async () => {
              steps++;
            },
          },
        ).tick();
        const r = only(tick).report!;
        const beliefs = (await t.mem.list({ status: "any", limit: 1000 })).map((b) => [
          b.id,
          textOf(b),
          b.status,
        ]);
        const events = (await t.mem.audit({ limit: 1000 })).map((e) => [e.event, e.subjectId]);
        return { r, beliefs, events, steps };
      } finally {
        await t.mem.close();
      }
    };
    const small = await run({ items: 1, ms: 10_000 });
    const whole = await run({ items: 10_000, ms: 10_000 });
    expect(small.r.status).toBe("applied");
    expect(small.r.consolidate).toEqual(whole.r.consolidate);
    expect(small.r.maintain).toEqual(whole.r.maintain);
    expect(small.r.items).toEqual(whole.r.items);
    expect(small.beliefs).toEqual(whole.beliefs);
    expect(small.events).toEqual(whole.events);
    // One step per distilled cluster against one for them all: the bound is what changed.
    expect(small.steps).toBeGreaterThan(whole.steps + FACTS.length - 2);
    expect(small.r.committed!.steps).toBe(small.steps);
  });

  it("the guard is checked per step: steps within the limit commit, the one that would cross it rolls back", async () => {
    const { clock } = await setup({ sleepStep: { items: 2 } });
    const services = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"];
    // Past the write gate, so the sweep finds each pair: the newer value supersedes the older.
    for (const s of services)
      await seedBelief(mem, clock, `The retry limit of the ${s} queue is 5`, "2026-12-01");
    for (const s of services)
      await seedBelief(mem, clock, `The retry limit of the ${s} queue is 7`, "2026-12-02");
    await requestConsolidation(mem);
    const worker = createWorker(mem, { idle: "1h", daily: null });
    const tick = await worker.tick();
    expect(only(tick).status).toBe("stopped");
    const r = only(tick).report!;
    expect(r).toMatchObject({ activeBefore: 16, limit: 5, left: { count: 6, byStatus: { archived: 6 } } });
    // Two steps of two supersessions committed (4 ≤ 5); the third step's two rolled back.
    expect(r.committed).toMatchObject({ left: 4 });
    expect(r.items.map((i) => i.action)).toEqual(["archived", "archived"]);
    expect(r.activeAfter).toBe(12);
    const archived = await mem.list({ status: "archived", limit: 100 });
    expect(archived.map(textOf)).toEqual(
      services.slice(0, 4).map((s) => `The retry limit of the ${s} queue is 5`),
    );
    expect((await mem.verifyAudit()).ok).toBe(true);
    expect((await workerReports(mem))[0]).toMatchObject({ status: "stopped", committed: { left: 4 } });
    // Due again (idle), but not retried while nothing changed: held at the head after the committed steps.
    clock.advance(HOUR);
    expect(only(await worker.tick()).status).toBe("held");
  });

  it("a failing pass backs off, doubling up to the cap, and recovers", async () => {
    let failing = true;
    const judge: Judge = {
      name: "flaky",
      compare: () => {
        if (failing) throw new Error("judge unreachable");
        return { relation: "distinct", similarity: 0, reason: "test" };
      },
    };
    const { clock } = await setup({ sleepJudge: judge });
    // Past the write gate, so the sweep has a pair to judge.
    await seedBelief(mem, clock, "The retry limit is 5", "2026-12-01");
    await seedBelief(mem, clock, "The retry limit is 7", "2026-12-02");
    const worker = createWorker(mem, { idle: 0, daily: null, backoffFirst: "1m", backoffMax: "3m" });
    const first = only(await worker.tick());
    expect(first).toMatchObject({ status: "failed", report: { error: { message: "judge unreachable" } } });
    expect(only(await worker.tick()).status).toBe("backoff");
    clock.advance(MINUTE);
    expect(only(await worker.tick()).status).toBe("failed");
    clock.advance(MINUTE);
    expect(only(await worker.tick()).status).toBe("backoff"); // 2m after the second failure
    expect([1, 2, 3, 4].map((n) => worker.backoffMs(n))).toEqual([
      MINUTE,
      2 * MINUTE,
      3 * MINUTE,
      3 * MINUTE,
    ]);
    clock.advance(MINUTE);
    failing = false;
    expect(only(await worker.tick()).status).toBe("applied");
    expect((await workerReports(mem)).map((r) => r.status)).toEqual(["applied", "failed", "failed"]);
  });

  it("never forgets: a pass's items are maintain and sleep actions only", async () => {
    const { clock } = await setup();
    await decayedFailures(clock, 3);
    for (const f of FACTS) await mem.remember(f);
    await mem.remember("The staging database runs Postgres 17");
    const tick = await createWorker(mem, { idle: 0, daily: null }).tick();
    expect(only(tick).status).toBe("applied");
    const events = (await mem.audit({ limit: 1000 })).map((e) => e.event);
    expect(events.some((e) => e.endsWith(".forgotten"))).toBe(false);
    expect((await mem.list({ status: "forgotten", limit: 10 })).length).toBe(0);
  });
});

describe("worker with a model judge", () => {
  let model: Awaited<ReturnType<typeof startFakeModel>> | null = null;
  afterEach(async () => {
    await model?.close();
    model = null;
  });

  it("the sweep asks the configured model within its per-run budget, and the report counts what it judged", async () => {
    // An OpenAI-compatible server on 127.0.0.1 that calls every pair distinct.
    model = await startFakeModel("openai", () => "distinct");
    const baseUrl = model.url;
    const { clock } = await setup({
      judge: { provider: "openai", baseUrl, model: "judge-test", maxPairs: 2, batchSize: 1, ask: "all" },
    });
    for (const s of ["alpha", "bravo", "charlie"]) {
      await seedBelief(mem, clock, `The retry limit of the ${s} queue is 5`, "2026-12-01");
      await seedBelief(mem, clock, `The retry limit of the ${s} queue is 7`, "2026-12-02");
    }
    await requestConsolidation(mem);
    const tick = await createWorker(mem, { idle: "1h", daily: null }).tick();
    const r = only(tick).report!;
    expect(r.status).toBe("applied");
    // Two pairs within the budget went to the model; the rest fell back to the lexical judge.
    expect(model.seen.flatMap((r) => r.pairs)).toHaveLength(2);
    expect(r.judge).toMatchObject({ name: "openai", judged: 2, budget: 2 });
    expect(r.judge!.fallbacks).toBeGreaterThan(0);
  });
});

describe("worker loop and records", () => {
  it("run() ticks every interval with the injected wait, and stops on abort", async () => {
    const { clock } = await setup();
    await mem.record(FACTS[0]!);
    const ac = new AbortController();
    const waits: number[] = [];
    const statuses: string[] = [];
    const worker = createWorker(
      mem,
      { interval: "5m", idle: "10m", daily: null },
      {
        sleep: async (ms) => {
          waits.push(ms);
          clock.advance(ms);
          if (waits.length === 3) ac.abort();
        },
        onOutcome: (o) =>
          statuses.push(`${o.status}:${o.report?.reasons.map((r) => r.code).join(",") ?? ""}`),
      },
    );
    expect(await worker.run({ signal: ac.signal })).toEqual({ ticks: 3 });
    expect(waits).toEqual([5 * MINUTE, 5 * MINUTE, 5 * MINUTE]);
    expect(statuses).toEqual(["applied:", "unchanged:", "applied:idle"]);
  });

  it("startWorker runs in the background; stop() waits for it and leaves no lock", async () => {
    await setup();
    await mem.record(FACTS[0]!);
    const running = startWorker(mem, { idle: 0, daily: null, interval: "1h" });
    await new Promise<void>((resolve) => {
      const poll = async () => ((await running.reports()).length > 0 ? resolve() : setTimeout(poll, 5));
      void poll();
    });
    await running.stop();
    expect(await running.done).toEqual({ ticks: 1 });
    expect((await running.reports())[0]).toMatchObject({ status: "applied", reasons: [{ code: "idle" }] });
    expect(await mem.store.withLock("sleep:default", { waitMs: 0 }, async () => "free")).toBe("free");
  });

  it("keeps the last keepReports reports per namespace, newest first, and namespaces apart", async () => {
    const { clock } = await setup();
    const worker = createWorker(mem, { namespaces: ["a", "b"], keepReports: 2, idle: 0, daily: null });
    for (let i = 0; i < 3; i++) {
      await mem.record(FACTS[i]!, { namespace: "a" });
      clock.advance(MINUTE);
      await requestConsolidation(mem, { namespace: "a", note: `run ${i}` });
      const tick = await worker.tick();
      expect(tick.outcomes.map((o) => o.status)).toEqual(["applied", "empty"]);
    }
    const reports = await workerReports(mem, { namespace: "a" });
    expect(reports.map((r) => r.reasons.find((x) => x.code === "request")?.detail.slice(-5))).toEqual([
      "run 2",
      "run 1",
    ]);
    expect(await workerReports(mem, { namespace: "b" })).toEqual([]);
  });

  it.each([
    ["30s", 30_000],
    ["5m", 300_000],
    ["1h30m", 5_400_000],
    ["250ms", 250],
    // Weeks, as `audit --since 2w` reads them (one reading, core/time-input.ts): none before newcomer50.
    ["2w", 1_209_600_000],
    ["1w2d", 777_600_000],
    ["2 w", 1_209_600_000],
  ])("parseDuration(%s) = %d", (text, ms) => {
    expect(parseDuration(text, "interval")).toBe(ms);
  });

  it.each([["2weeks"], ["5"], ["last week"], ["2026-03-01"]])(
    "parseDuration(%s) is refused, naming w",
    (text) => {
      expect(() => parseDuration(text, "interval")).toThrow("(units ms, s, m, h, d, w)");
    },
  );

  // setTimeout fires a wait over 2^31 - 1 ms (about 24.8 days) after 1 ms: `--interval 4w` (or
  // `30d`, before weeks were read) ticked without pause. Vitest's fake timers do as Node does.
  it("timerSleep waits longer than setTimeout's longest wait, in steps", async () => {
    vi.useFakeTimers();
    try {
      let woke = false;
      const wait = timerSleep(28 * DAY).then(() => {
        woke = true;
      });
      await vi.advanceTimersByTimeAsync(1000);
      expect(woke).toBe(false);
      await vi.advanceTimersByTimeAsync(27 * DAY);
      expect(woke).toBe(false);
      await vi.advanceTimersByTimeAsync(DAY);
      await wait;
      expect(woke).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    [{ interval: "5x" }, /interval must be a duration such as 30s, 5m, 1h/],
    [{ interval: "0s" }, /interval must be at least 1s, got 0s/],
    [{ interval: 500 }, /interval must be at least 1s, got 500 ms/],
    [{ daily: "25:00" }, /daily must be a time of day in UTC written HH:MM/],
    [{ maxRetireShare: 1.5 }, /maxRetireShare/],
    [{ namespaces: ["../etc"] }, /namespace/],
    [{ backoffFirst: "10m", backoffMax: "1m" }, /backoffMax must be at least backoffFirst/],
    [{ every: "5m" }, /unknown option "every"/],
  ])("refuses bad options %j with INVALID_INPUT", (options, message) => {
    let error: unknown;
    try {
      parseWorkerOptions(options as never);
    } catch (e) {
      error = e;
    }
    expect(isStrataError(error) && error.code).toBe("INVALID_INPUT");
    expect((error as Error).message).toMatch(message);
  });
});
