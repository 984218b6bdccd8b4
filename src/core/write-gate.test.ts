import { afterEach, describe, expect, it } from "vitest";
import { HOUR, testMemory } from "../../test/support/memory.js";
import type { Memory } from "./engine.js";
import type { Judge } from "./ports.js";

let mem: Memory;
afterEach(async () => {
  await mem?.close();
});

async function fresh() {
  const t = await testMemory();
  mem = t.mem;
  return t;
}

describe("write gate", () => {
  it("a changed value is a contradiction that supersedes, never a redundant restatement", async () => {
    const { clock } = await fresh();
    const first = await mem.remember("The retry limit is 5", { at: "2026-01-01" });
    clock.advance(HOUR);
    const second = await mem.remember("The retry limit is 7", { at: "2026-01-02" });
    expect(second.verdict).toBe("contradiction");
    expect(second.stored).toBe(true);
    expect(second.target?.id).toBe(first.id);
    expect(second.superseded).toEqual([first.id]);
    const old = await mem.get(first.id);
    expect(old).toMatchObject({
      status: "archived",
      supersededBy: second.id,
      validTo: "2026-01-02T00:00:00.000Z",
    });
    const current = await mem.recall("retry limit", { k: 5 });
    expect(current.map((h) => h.text)).toEqual(["The retry limit is 7"]);
  });

  it("a paraphrase is redundant: support +1, no new row, confidence unchanged", async () => {
    await fresh();
    const first = await mem.remember("The retry limit is 5");
    const before = await mem.get(first.id);
    const again = await mem.remember("Retry limit is five.");
    expect(again).toMatchObject({ verdict: "redundant", stored: false, id: first.id, superseded: [] });
    const after = await mem.get(first.id);
    expect(after).toMatchObject({
      support: 2,
      confidence: before.layer === "belief" ? before.confidence : -1,
    });
    expect((await mem.stats()).beliefs.total).toBe(1);
  });

  it("the same content with a different outcome is stored as an outcome conflict", async () => {
    await fresh();
    const ok = await mem.record("Deployed with the blue-green strategy", { outcome: "success" });
    const bad = await mem.record("Deployed with the blue-green strategy", { outcome: "failure" });
    expect(bad.verdict).toBe("outcome-conflict");
    expect(bad.stored).toBe(true);
    expect(bad.id).not.toBe(ok.id);
    expect(bad.target?.id).toBe(ok.id);
    const { links } = await mem.explain(bad.id);
    expect(links).toContainEqual(
      expect.objectContaining({ from: bad.id, to: ok.id, relation: "outcome-conflict" }),
    );
    const same = await mem.record("Deployed with the blue-green strategy", { outcome: "success" });
    expect(same).toMatchObject({ verdict: "redundant", stored: false, id: ok.id });
  });

  // The result said by another verb than its opposite's ("worked" / "broke", "timed out" /
  // "succeeded"): two outcomes of one subject (`unsure:other-outcome`). On main the judge read two
  // attributes ("work / break"), and the newer was stored as a refinement, no conflict named.
  it.each([
    ["The schema migration worked", "success", "The schema migration broke", "failure"],
    ["The nightly backup timed out", "failure", "The nightly backup succeeded", "success"],
  ] as const)("%s (%s) / %s (%s): an outcome conflict", async (first, was, second, now) => {
    await fresh();
    const ok = await mem.record(first, { type: "outcome", outcome: was });
    const other = await mem.record(second, { type: "outcome", outcome: now });
    expect(other).toMatchObject({ verdict: "outcome-conflict", stored: true, superseded: [] });
    expect(other.target?.id).toBe(ok.id);
  });

  // The same words with the result negated ("works" / "doesn't work"): the same outcome conflict,
  // not a contradiction that closes the older (on main `negation-flipped` decided first: contradicts).
  it.each([
    ["The fix works", "success", "The fix doesn't work", "failure"],
    ["The nightly build passes on Linux", "success", "The nightly build does not pass on Linux", "failure"],
  ] as const)("%s (%s) / %s (%s): an outcome conflict, nothing closed", async (first, was, second, now) => {
    await fresh();
    const ok = await mem.record(first, { type: "outcome", outcome: was });
    const other = await mem.record(second, { type: "outcome", outcome: now });
    expect(other).toMatchObject({ verdict: "outcome-conflict", stored: true, superseded: [] });
    expect(other.target?.id).toBe(ok.id);
  });

  it("a fact's negated outcome, said without a recorded result, closes nothing", async () => {
    await fresh();
    const first = await mem.remember("The fix works");
    const second = await mem.remember("The fix doesn't work");
    expect(second).toMatchObject({ stored: true, superseded: [] });
    expect(second.verdict).not.toBe("contradiction");
    expect((await mem.get(first.id)).status).toBe("active");
  });

  it.each([
    ["Is the retry limit 7?", { type: "question" as const }],
    ["What is the retry limit now, 7?", {}],
  ])("a question never supersedes: %s", async (text, options) => {
    await fresh();
    const fact = await mem.record("The retry limit is 5", { type: "decision" });
    const q = await mem.record(text, options);
    expect(q.superseded).toEqual([]);
    expect(q.verdict).not.toBe("contradiction");
    expect((await mem.get(fact.id)).layer === "episode" && (await mem.get(fact.id))).toMatchObject({
      supersededBy: null,
    });
  });

  it.each([
    ["As noted before, the retry limit is 5"],
    ["As I mentioned earlier: the retry limit is 5."],
    ['"The retry limit is 5"'],
    ["> The retry limit is 5"],
    ["Recall: the retry limit is 5"],
  ])("a recalled memory written back is redundant: %s", async (echo) => {
    await fresh();
    const fact = await mem.remember("The retry limit is 5");
    const again = await mem.remember(echo);
    expect(again).toMatchObject({ verdict: "redundant", stored: false, id: fact.id });
    const viaRecord = await mem.record(echo);
    expect(viaRecord).toMatchObject({ verdict: "redundant", stored: false, id: fact.id });
  });

  it("a memory cited by id and written back is redundant", async () => {
    await fresh();
    const fact = await mem.remember("Staging runs on Kubernetes 1.29");
    const echo = await mem.record(`[${fact.id}] staging runs on kubernetes`);
    expect(echo).toMatchObject({ verdict: "redundant", id: fact.id });
  });

  it("a pinned belief is never superseded", async () => {
    const { clock } = await fresh();
    const policy = await mem.remember("The deploy window is Tuesday", { at: "2026-01-01" });
    await mem.pin(policy.id);
    clock.advance(HOUR);
    const change = await mem.remember("The deploy window is Friday", { at: "2026-01-05" });
    expect(change.verdict).toBe("contradiction");
    expect(change.superseded).toEqual([]);
    expect(change.notes).toContain("skipped: pinned");
    expect(await mem.get(policy.id)).toMatchObject({ status: "active", pinned: true, supersededBy: null });
  });

  it("a backdated statement does not supersede a belief whose event time is later; it becomes history", async () => {
    const { clock } = await fresh();
    const current = await mem.remember("The retry limit is 7", { at: "2026-03-01" });
    clock.advance(HOUR);
    const old = await mem.remember("The retry limit is 3", { at: "2026-01-01" });
    expect(old.verdict).toBe("contradiction");
    expect(old.superseded).toEqual([]);
    expect(old.notes).toContain("backdated: older than the belief it contradicts");
    expect(await mem.get(current.id)).toMatchObject({ status: "active", supersededBy: null });
    expect(await mem.get(old.id)).toMatchObject({
      status: "archived",
      supersededBy: current.id,
      validTo: "2026-03-01T00:00:00.000Z",
    });
    expect((await mem.recall("retry limit")).map((h) => h.id)).toEqual([current.id]);
    expect((await mem.recall("retry limit", { at: "2026-02-01" })).map((h) => h.id)).toEqual([old.id]);
  });

  it("a past value dated before the present one is read in the order the two held: history, not a deferral", async () => {
    const { clock } = await fresh();
    const current = await mem.remember("The API rate limit is now 250 requests per minute", {
      at: "2026-03-01",
    });
    clock.advance(HOUR);
    const old = await mem.remember("The API rate limit was 60 requests per minute", { at: "2026-01-15" });
    expect(old.verdict).toBe("contradiction");
    expect(old.superseded).toEqual([]);
    expect(old.notes).toContain("backdated: older than the belief it contradicts");
    expect(await mem.get(current.id)).toMatchObject({ status: "active", supersededBy: null });
    expect(await mem.get(old.id)).toMatchObject({ status: "archived", supersededBy: current.id });
  });

  it("the same past value said after the present one, not dated earlier, stays unsure: stored, nothing closed", async () => {
    const { clock } = await fresh();
    const current = await mem.remember("The API rate limit is now 250 requests per minute", {
      at: "2026-03-01",
    });
    clock.advance(HOUR);
    const later = await mem.remember("The API rate limit was 60 requests per minute", { at: "2026-03-02" });
    expect(later.superseded).toEqual([]);
    expect(later.notes).not.toContain("backdated: older than the belief it contradicts");
    expect(await mem.get(current.id)).toMatchObject({ status: "active", supersededBy: null });
    expect(await mem.get(later.id)).toMatchObject({ status: "active", supersededBy: null });
  });

  it("a backdated value slots between the values it falls between", async () => {
    const { clock } = await fresh();
    const a = await mem.remember("The retry limit is 5", { at: "2026-01-01" });
    clock.advance(HOUR);
    const c = await mem.remember("The retry limit is 9", { at: "2026-03-01" });
    clock.advance(HOUR);
    const b = await mem.remember("The retry limit is 7", { at: "2026-02-01" });
    expect(await mem.get(b.id)).toMatchObject({ validTo: "2026-03-01T00:00:00.000Z", supersededBy: c.id });
    const at = async (t: string) => (await mem.recall("retry limit", { at: t })).map((h) => h.id);
    expect(await at("2026-01-15")).toEqual([a.id]);
    expect(await at("2026-02-15")).toContain(b.id);
    expect(await at("2026-03-15")).toEqual([c.id]);
  });

  it("a recorded change to a believed value closes the belief and records a successor with provenance", async () => {
    const { clock } = await fresh();
    const fact = await mem.remember("The primary region is us-east-1", { at: "2026-01-01" });
    clock.advance(HOUR);
    const ep = await mem.record("The primary region moved to eu-west-1", {
      type: "decision",
      at: "2026-01-10",
    });
    expect(ep.verdict).toBe("contradiction");
    expect(ep.superseded).toEqual([fact.id]);
    expect(ep.derived).toHaveLength(1);
    const successor = await mem.get(ep.derived[0]!);
    expect(successor).toMatchObject({ layer: "belief", sources: [ep.id], status: "active" });
    expect(await mem.get(fact.id)).toMatchObject({ supersededBy: successor.id });
  });

  it("a refinement is stored and linked, not merged", async () => {
    await fresh();
    const base = await mem.remember("The API uses REST");
    const more = await mem.remember("The API also supports GraphQL");
    expect(more).toMatchObject({ verdict: "refinement", stored: true });
    expect(more.target?.id).toBe(base.id);
    expect(await mem.get(base.id)).toMatchObject({ status: "active" });
  });

  it("facts about different entities never supersede each other", async () => {
    await fresh();
    await mem.remember("Alice's timezone is UTC");
    const bob = await mem.remember("Bob's timezone is PST");
    expect(bob.superseded).toEqual([]);
    expect(bob.verdict).not.toBe("redundant");
  });

  it("nothing crosses namespaces", async () => {
    await fresh();
    await mem.remember("The retry limit is 5", { namespace: "team-a" });
    const other = await mem.remember("The retry limit is 7", { namespace: "team-b" });
    expect(other.verdict).toBe("novel");
    expect(await mem.recall("retry limit", { namespace: "team-a" })).toHaveLength(1);
  });

  it("a rule restated is redundant and its feedback moves the existing rule's confidence", async () => {
    await fresh();
    const rule = await mem.capture({ when: "the target model is Anthropic", prefer: "use XML delimiters" });
    const again = await mem.capture({
      when: "target model is Anthropic",
      prefer: "use XML delimiters",
      feedback: "positive",
    });
    expect(again).toMatchObject({ verdict: "redundant", id: rule.id });
    expect(await mem.get(rule.id)).toMatchObject({ kind: "rule", successes: 1, support: 2 });
  });

  it("a flipped state supersedes by a named rule, never a redundant restatement", async () => {
    const { clock } = await fresh();
    const off = await mem.remember("Autosave is off for drafts.", { at: "2026-01-01" });
    clock.advance(HOUR);
    const on = await mem.remember("Autosave is on for drafts.", { at: "2026-01-02" });
    expect(on).toMatchObject({
      verdict: "contradiction",
      stored: true,
      superseded: [off.id],
      rule: "state-flipped",
      deferred: false,
    });
  });

  it("a multi-valued relation with another object is stored, closes nothing, and is deferred", async () => {
    await fresh();
    const team = await mem.remember("Sam manages the mobile team.", { at: "2026-01-01" });
    const pipeline = await mem.remember("Sam manages the hiring pipeline.", { at: "2026-01-02" });
    expect(pipeline).toMatchObject({
      stored: true,
      superseded: [],
      deferred: true,
      rule: "unsure:other-value",
    });
    expect(await mem.get(team.id)).toMatchObject({ status: "active" });
  });

  it("a sentence-initial lower-case identifier is the same entity: ownership changes hands", async () => {
    await fresh();
    const ravi = await mem.remember("checkout-svc is owned by Ravi.", { at: "2026-01-01" });
    const mei = await mem.remember("checkout-svc is owned by Mei.", { at: "2026-01-02" });
    expect(mei).toMatchObject({ verdict: "contradiction", superseded: [ravi.id], rule: "holder-changed" });
  });

  it("a restatement says which rule found it redundant", async () => {
    await fresh();
    await mem.remember("The retry limit is 5");
    expect(await mem.remember("Retry limit is five.")).toMatchObject({
      verdict: "redundant",
      rule: "same-content",
      deferred: false,
    });
  });

  it("whatever the judge says, a 'duplicate' whose numbers, negation or states differ is kept, not dropped", async () => {
    // A judge that calls everything a duplicate: the gate must still keep what differs.
    const sameToEveryone: Judge = {
      name: "says-duplicate",
      compare: () => ({ relation: "duplicate", similarity: 0.99, reason: "looks the same" }),
    };
    const t = await testMemory({ judge: sameToEveryone });
    mem = t.mem;
    const first = await mem.remember("Max upload size is 10 MB");
    for (const text of ["Max upload size is 25 MB", "Max upload size is not 10 MB", "Uploads are disabled"]) {
      const r = await mem.remember(text);
      expect(r, text).toMatchObject({
        verdict: "refinement",
        stored: true,
        rule: "kept-distinct",
        deferred: true,
      });
      expect(r.notes.join(" "), text).toMatch(/^kept: (numbers|negation|state) differ/);
    }
    expect(await mem.remember("Max upload size is 10 MB.")).toMatchObject({
      verdict: "redundant",
      id: first.id,
    });
  });

  it("whatever the judge says, a 'duplicate' with a word the match does not account for is stored and deferred", async () => {
    const sameToEveryone: Judge = {
      name: "says-duplicate",
      compare: () => ({ relation: "duplicate", similarity: 0.99, reason: "looks the same" }),
    };
    const t = await testMemory({ judge: sameToEveryone });
    mem = t.mem;
    const first = await mem.remember("Admins can export reports.");
    for (const [text, words] of [
      ["Only admins can export reports.", "only"],
      ["Admins can export reports since March.", "since march"],
      ["Admins can export large reports.", "large"],
    ] as const) {
      const r = await mem.remember(text);
      expect(r, text).toMatchObject({
        verdict: "refinement",
        stored: true,
        rule: "uncovered-words",
        deferred: true,
        target: { id: first.id },
      });
      expect(r.notes.join(" "), text).toContain(`kept: words "${words}" not in [${first.id}]`);
    }
    // Every word accounted for: a restatement, dropped with support +1.
    expect(await mem.remember("admins can export reports")).toMatchObject({
      verdict: "redundant",
      id: first.id,
    });
  });

  it("the lexical gate never drops a restatement that adds a word: 'only', 'large' are information", async () => {
    await fresh();
    await mem.remember("Admins can export reports.");
    await mem.remember("The staging cluster has 3 nodes.");
    for (const text of ["Only admins can export reports.", "The staging cluster has 3 large nodes."]) {
      expect(await mem.remember(text), text).toMatchObject({ stored: true, deferred: true });
    }
    expect((await mem.list()).length).toBe(4);
  });

  it("a statement is never dropped as a restatement of a question with the same words, nor the reverse", async () => {
    await fresh();
    await mem.record("Does the staging cluster have 3 nodes?");
    const statement = await mem.remember("The staging cluster has 3 nodes.");
    expect(statement).toMatchObject({ stored: true });
    await mem.remember("The build cache lives on S3.");
    expect(await mem.record("Does the build cache live on S3?")).toMatchObject({ stored: true });
  });

  it("stored and distilled text keeps its case: ledger-db stays ledger-db, npm stays npm", async () => {
    await fresh();
    await mem.record("ledger-db is pinned to PostgreSQL 15 in production");
    await mem.record("As noted before, npm is the package manager for the web app");
    await mem.consolidate();
    const texts = (await mem.recall("ledger-db npm package manager PostgreSQL", { k: 10 })).map(
      (h) => h.text,
    );
    expect(texts).toContain("ledger-db is pinned to PostgreSQL 15 in production");
    expect(texts.some((t) => t.startsWith("npm is the package manager"))).toBe(true);
    expect(texts.some((t) => /^(?:Ledger-db|Npm)\b/.test(t))).toBe(false);
  });
});
