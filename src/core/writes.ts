/**
 * The write kernel: every change to the store goes through here, inside a transaction, and
 * leaves its audit entry. The engine's verbs and the sleep processes share it, so a belief is
 * inserted, closed, merged or linked one way only.
 */
import { nextEntry } from "./audit.js";
import { StrataError } from "./errors.js";
import { halfLifeFor, laplaceConfidence, nextConfidence } from "./forgetting.js";
import type {
  AuditEntry,
  Belief,
  BeliefKind,
  ForgetResult,
  GateResult,
  Layer,
  OutcomeResult,
} from "./model.js";
import type { Policy } from "./policy.js";
import {
  type Clock,
  creditKey,
  type Embedder,
  type Judge,
  OUTCOME_CREDIT,
  type StoreReader,
  type StoreWriter,
} from "./ports.js";
import { compareIds } from "./recall/ids.js";
import { retrieve } from "./recall.js";
import { beliefIn } from "./scope.js";
import { hmacSha256 } from "./sha256.js";
import { analyseEcho } from "./text.js";
import { earlierOf } from "./time.js";
import type { GateCandidate, GateDecision } from "./write-gate.js";

export interface WritesOptions {
  embedder: Embedder;
  policy: Policy;
  clock: Clock;
  judge: Judge;
  actor: string;
}

export class Writes {
  readonly embedder: Embedder;
  readonly policy: Policy;
  readonly clock: Clock;
  readonly judge: Judge;
  readonly actor: string;

  constructor(o: WritesOptions) {
    this.embedder = o.embedder;
    this.policy = o.policy;
    this.clock = o.clock;
    this.judge = o.judge;
    this.actor = o.actor;
  }

  now(): string {
    return this.clock.now().toISOString();
  }

  /** The same kernel whose write gate asks `judge` (one sleep's memoised judge: engine.ts `consolidate`). */
  withJudge(judge: Judge): Writes {
    const { embedder, policy, clock, actor } = this;
    return new Writes({ embedder, policy, clock, actor, judge });
  }

  /**
   * The content hash of a text in this store: HMAC-SHA256 under the store's secret, so equal
   * texts hash equal (duplicates, the judged-pair cache) but a hash, a tombstone or an audit
   * entry cannot be brute-forced back into a short text without the secret.
   */
  contentHash(reader: StoreReader, text: string): string {
    return hmacSha256(reader.contentKey(), text);
  }

  async gateCandidates(
    tx: StoreWriter,
    text: string,
    vector: Float32Array,
    namespace: string,
    scope: { episodes: boolean; kinds: BeliefKind[] },
  ): Promise<GateCandidate[]> {
    const echo = analyseEcho(text);
    const fused = await retrieve(tx, this.embedder, this.policy, {
      query: echo.echo ? echo.core : text,
      vector,
      limit: Math.max(this.policy.gateCandidates * 3, 16),
      beliefs: { namespaces: [namespace], statuses: ["active"], kinds: scope.kinds },
      episodes: scope.episodes ? { namespaces: [namespace], statuses: ["active"], undistilled: true } : null,
    });
    const ids = fused.slice(0, this.policy.gateCandidates).map((f) => f.id);
    return this.candidateRows(tx, ids, echo.cited, namespace, scope);
  }

  /**
   * The write gate's candidates the cheap way (`rememberMany(…, { gate: "approximate" })`): the
   * nearest `gateCandidates` rows by vector alone, from the index's approximate lists (no BM25),
   * and only those at least `floor` similar (cosine); a text's cited ids as always. What it misses
   * the exact search would have found; the batch confirms every verdict that drops or closes
   * something with the exact search (gated-writes.ts), so a miss can only store an item.
   */
  async approximateCandidates(
    tx: StoreWriter,
    text: string,
    vector: Float32Array,
    namespace: string,
    scope: { episodes: boolean; kinds: BeliefKind[] },
    floor: number,
  ): Promise<GateCandidate[]> {
    const limit = this.policy.gateCandidates;
    const [beliefs, episodes] = await Promise.all([
      tx.searchBeliefVectors(
        vector,
        { namespaces: [namespace], statuses: ["active"], kinds: scope.kinds },
        limit,
        { approximate: true },
      ),
      scope.episodes
        ? tx.searchEpisodeVectors(
            vector,
            { namespaces: [namespace], statuses: ["active"], undistilled: true },
            limit,
            { approximate: true },
          )
        : [],
    ]);
    const near = [...beliefs, ...episodes]
      .filter((h) => h.score >= floor)
      .sort((a, b) => b.score - a.score || compareIds(a.id, b.id));
    const ids = near.slice(0, limit).map((h) => h.id);
    return this.candidateRows(tx, ids, analyseEcho(text).cited, namespace, scope);
  }

  /** The candidates' rows, in `ids` order then the cited ones, kept when still active in scope. */
  private async candidateRows(
    tx: StoreWriter,
    ids: string[],
    cited: readonly string[],
    namespace: string,
    scope: { episodes: boolean; kinds: BeliefKind[] },
  ): Promise<GateCandidate[]> {
    for (const c of cited) if (!ids.includes(c)) ids.push(c);
    // `cited` comes from the caller's text: ids of any namespace; the store reads only this one's.
    const [beliefs, episodes] = await Promise.all([
      tx.getBeliefs(ids, namespace),
      tx.getEpisodes(ids, namespace),
    ]);
    const out: GateCandidate[] = [];
    for (const b of beliefs)
      if (b.namespace === namespace && b.status === "active" && scope.kinds.includes(b.kind))
        out.push({
          id: b.id,
          layer: "belief",
          text: b.text,
          at: b.validFrom,
          kind: b.kind,
          valence: b.kind === "failure" ? "failure" : null,
          pinned: b.pinned,
        });
    for (const e of episodes)
      if (e.namespace === namespace && e.status === "active" && !e.supersededBy)
        out.push({
          id: e.id,
          layer: "episode",
          text: e.content,
          at: e.at,
          kind: e.type,
          valence: e.outcome,
          pinned: false,
        });
    const order = new Map(ids.map((id, i) => [id, i]));
    return out.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  }

  async restate(
    tx: StoreWriter,
    decision: GateDecision,
    namespace: string,
    extraSources?: readonly string[],
  ): Promise<GateResult> {
    const target = decision.target!;
    // Strata's own output written back is no new statement: it adds no support.
    const add = decision.echo ? 0 : 1;
    if (target.layer === "belief") {
      const b = (await tx.getBelief(target.id, namespace))!;
      const sources = extraSources ? [...new Set([...b.sources, ...extraSources])] : undefined;
      // A restatement confirms the belief is still held (support, never confidence): the
      // forgetting curve restarts from it (docs/retention.md). An echo of Strata's own output
      // confirms nothing.
      await tx.updateBelief(b.id, {
        support: b.support + add,
        ...(add > 0 ? { lastConfirmedAt: this.now() } : {}),
        ...(sources ? { sources } : {}),
      });
      await this.audit(tx, namespace, "belief.restated", b.id, {
        support: b.support + add,
        reason: decision.reason,
      });
    } else {
      const e = (await tx.getEpisode(target.id, namespace))!;
      await tx.updateEpisode(e.id, { support: e.support + add });
      await this.audit(tx, namespace, "episode.restated", e.id, {
        support: e.support + add,
        reason: decision.reason,
      });
    }
    return this.result(decision, target.id, target.layer, false, [], []);
  }

  async storeBelief(tx: StoreWriter, decision: GateDecision, b: NewBeliefInput): Promise<GateResult> {
    const target = decision.target;
    // A backdated statement slots into history: it held until the next known value began.
    const next =
      decision.historical && target ? await this.nextInChain(tx, target.id, b.namespace, b.validFrom) : null;
    const id = await this.insertBelief(tx, {
      ...b,
      ...(next
        ? {
            status: "archived" as const,
            statusReason: "superseded",
            validTo: next.validFrom,
            retiredAt: b.now,
            supersededBy: next.id,
          }
        : {}),
    });
    const superseded: string[] = [];
    if (target && decision.verdict !== "novel") await this.link(tx, id, target.id, decision, b.now);
    if (decision.supersede && target && target.layer === "belief") {
      await this.closeBelief(tx, target.id, b.namespace, id, b.validFrom, b.now, "superseded");
      superseded.push(target.id);
    }
    return this.result(decision, id, "belief", true, superseded, []);
  }

  async insertBelief(tx: StoreWriter, b: NewBeliefInput): Promise<string> {
    const belief = this.beliefRecord(tx, b);
    const id = await tx.insertBelief(belief);
    await tx.putVector(id, b.namespace, this.embedder.id, b.vector);
    await this.audit(tx, b.namespace, insertedEvent(belief), id, insertedPayload(belief));
    return id;
  }

  /**
   * `insertBelief` for many beliefs at once (a known-clean import): the same rows, vectors and
   * audit entries, one chained entry per belief, as inserting them one by one in order, written
   * in a few statements.
   */
  async insertBeliefs(tx: StoreWriter, inputs: readonly NewBeliefInput[]): Promise<string[]> {
    if (inputs.length === 0) return [];
    const beliefs = inputs.map((b) => this.beliefRecord(tx, b));
    const ids = await tx.insertBeliefs(
      beliefs.map((belief, i) => ({ belief, embedder: this.embedder.id, vector: inputs[i]!.vector })),
    );
    const heads = new Map<string, AuditEntry | null>();
    const entries: AuditEntry[] = [];
    for (let i = 0; i < beliefs.length; i++) {
      const belief = beliefs[i]!;
      const ns = belief.namespace;
      const head = heads.has(ns) ? heads.get(ns)! : await tx.auditHead(ns);
      const entry = nextEntry(
        head,
        {
          namespace: ns,
          at: this.now(),
          actor: this.actor,
          event: insertedEvent(belief),
          subjectId: ids[i]!,
          payload: insertedPayload(belief),
        },
        this.policy.auditContent,
      );
      heads.set(ns, entry);
      entries.push(entry);
    }
    await tx.appendAudits(entries);
    return ids;
  }

  /** The row a new belief is stored as: no uses, no outcomes, support 1, content hashed. */
  private beliefRecord(tx: StoreWriter, b: NewBeliefInput): Omit<Belief, "id"> {
    return {
      namespace: b.namespace,
      kind: b.kind,
      text: b.text,
      when: b.when ?? null,
      prefer: b.prefer ?? null,
      exceptions: [],
      steps: b.steps ?? null,
      status: b.status ?? "active",
      statusReason: b.statusReason ?? null,
      pinned: false,
      restored: false,
      confidence: laplaceConfidence(0, 0),
      successes: 0,
      failures: 0,
      support: 1,
      uses: 0,
      halfLifeDays: halfLifeFor(this.policy.halfLifeDays, 0),
      lastConfirmedAt: null,
      lastUsedAt: null,
      validFrom: b.validFrom,
      validTo: b.validTo ?? null,
      recordedAt: b.now,
      retiredAt: b.retiredAt ?? null,
      supersededBy: b.supersededBy ?? null,
      parentId: null,
      sources: [...b.sources],
      source: b.source,
      contentHash: b.contentHash ?? this.contentHash(tx, b.text),
      metadata: b.metadata ?? {},
      calibration: null,
    };
  }

  /** The earliest belief in `id`'s supersession chain that began after `at`. */
  async nextInChain(tx: StoreWriter, id: string, namespace: string, at: string): Promise<Belief | null> {
    const chain: Belief[] = [];
    const seen = new Set<string>();
    let frontier = [id];
    while (frontier.length > 0) {
      const next: string[] = [];
      for (const b of await tx.getBeliefs(frontier, namespace)) {
        if (seen.has(b.id)) continue;
        seen.add(b.id);
        chain.push(b);
        for (const p of await tx.supersededBy(b.id, namespace)) next.push(p.id);
      }
      frontier = next;
    }
    return (
      chain.filter((b) => b.validFrom > at).sort((x, y) => (x.validFrom < y.validFrom ? -1 : 1))[0] ?? null
    );
  }

  async closeBelief(
    tx: StoreWriter,
    id: string,
    namespace: string,
    successor: string,
    validTo: string,
    now: string,
    reason: string,
  ): Promise<void> {
    const old = (await tx.getBelief(id, namespace))!;
    await tx.updateBelief(id, {
      status: "archived",
      statusReason: reason,
      validTo,
      retiredAt: now,
      supersededBy: successor,
    });
    await this.audit(tx, old.namespace, "belief.superseded", id, { by: successor, validTo });
  }

  /** Records an outcome: the only mutation of confidence (Laplace), half-life and last confirmation. */
  /**
   * Applies one reported outcome. Confidence, half-life and "proven" count each result once per
   * source: the same result for the same belief from the same session (or, without a session,
   * from the same actor on the same UTC day) is recorded as a use and an outcome event but not
   * counted again, so one agent repeating "it worked" cannot make a belief proven.
   */
  async applyOutcome(
    tx: StoreWriter,
    b: Belief,
    success: boolean,
    session: string | null = null,
  ): Promise<OutcomeResult> {
    const now = this.now();
    const source = session !== null ? `session:${session}` : `actor:${this.actor}@${now.slice(0, 10)}`;
    // Keyed under the store's secret: the key never holds a plain digest of the session's name.
    const credit = creditKey(tx.contentKey(), b.id, success, source);
    const counted = (await tx.getMeta(credit)) === null;
    if (counted) await tx.setMeta(credit, now);
    const successes = b.successes + (success && counted ? 1 : 0);
    const failures = b.failures + (!success && counted ? 1 : 0);
    const confidence = counted
      ? nextConfidence(b.confidence, successes, failures, success, this.policy.failureUpdate)
      : b.confidence;
    const halfLifeDays = counted ? halfLifeFor(this.policy.halfLifeDays, successes) : b.halfLifeDays;
    await tx.updateBelief(b.id, {
      successes,
      failures,
      confidence,
      halfLifeDays,
      uses: b.uses + 1,
      lastUsedAt: now,
      ...(success && counted ? { lastConfirmedAt: now } : {}),
    });
    await tx.addOutcome({
      beliefId: b.id,
      success,
      at: now,
      confidenceBefore: b.confidence,
      confidenceAfter: confidence,
    });
    await this.audit(tx, b.namespace, "belief.outcome", b.id, {
      success,
      counted,
      confidenceBefore: b.confidence,
      confidenceAfter: confidence,
    });
    const belief = (await tx.getBelief(b.id, b.namespace))!;
    return { belief, confidenceBefore: b.confidence, confidenceAfter: confidence, halfLifeDays, counted };
  }

  /**
   * Folds `loser` into `survivor`: support summed, provenance united, outcomes added (each
   * outcome event belongs to one belief, so nothing is counted twice), the earliest validFrom.
   * The loser is archived with an empty validity interval, kept for provenance only.
   */
  async mergeBeliefs(tx: StoreWriter, survivor: Belief, loser: Belief, reason: string): Promise<void> {
    const now = this.now();
    const successes = survivor.successes + loser.successes;
    const failures = survivor.failures + loser.failures;
    const lastConfirmedAt =
      [survivor.lastConfirmedAt, loser.lastConfirmedAt]
        .filter((x): x is string => x !== null)
        .sort()
        .at(-1) ?? null;
    await tx.updateBelief(survivor.id, {
      support: survivor.support + loser.support,
      sources: [...new Set([...survivor.sources, ...loser.sources])],
      successes,
      failures,
      confidence: laplaceConfidence(successes, failures),
      halfLifeDays: halfLifeFor(this.policy.halfLifeDays, successes),
      uses: survivor.uses + loser.uses,
      validFrom: earlierOf(loser.validFrom, survivor.validFrom),
      lastConfirmedAt,
    });
    await tx.updateBelief(loser.id, {
      status: "archived",
      statusReason: "merged",
      supersededBy: survivor.id,
      retiredAt: now,
      validTo: loser.validFrom,
    });
    await this.audit(tx, loser.namespace, "belief.merged", loser.id, { into: survivor.id, reason });
    await this.audit(tx, survivor.namespace, "belief.absorbed", survivor.id, {
      from: loser.id,
      support: survivor.support + loser.support,
    });
  }

  async eraseBelief(
    tx: StoreWriter,
    b: Belief,
    now: string,
    reason: string,
  ): Promise<ForgetResult["forgotten"][number]> {
    // The tombstone is keyed whatever the row held before (stores older than the secret kept a
    // plain SHA-256, which a short text can be guessed back from).
    const tombstone = this.contentHash(tx, b.text);
    await tx.updateBelief(b.id, {
      text: "",
      when: null,
      prefer: null,
      steps: null,
      exceptions: [],
      metadata: {},
      source: null,
      contentHash: tombstone,
      status: "forgotten",
      statusReason: reason,
      pinned: false,
      retiredAt: b.retiredAt ?? now,
    });
    await tx.deleteVector(b.id);
    await tx.deleteJudgedPairs(b.id);
    // Which sessions reported outcomes on it: bookkeeping about the erased belief goes with it.
    await tx.deleteMetaPrefix(`${OUTCOME_CREDIT}${b.id}:`);
    await this.audit(tx, b.namespace, "belief.forgotten", b.id, { contentHash: tombstone, reason });
    const erased =
      b.text.length +
      (b.when?.length ?? 0) +
      (b.prefer?.length ?? 0) +
      (b.steps?.join("").length ?? 0) +
      b.exceptions.join("").length +
      (b.source?.length ?? 0);
    return { id: b.id, layer: "belief", contentHash: tombstone, erasedChars: erased };
  }

  async link(tx: StoreWriter, from: string, to: string, decision: GateDecision, at: string): Promise<void> {
    const relation =
      decision.verdict === "outcome-conflict"
        ? "outcome-conflict"
        : decision.verdict === "refinement"
          ? "refines"
          : decision.supersede
            ? "supersedes"
            : "contradicts";
    await tx.addLink({ from, to, relation, at });
  }

  /** The belief `id` of `namespace`, not forgotten: what outcomes, uses and pins act on. */
  async liveBelief(tx: StoreWriter, id: string, namespace: string): Promise<Belief> {
    if (!id.startsWith("b"))
      throw new StrataError(
        "INVALID_INPUT",
        `${id} is an episode; outcomes, pins and uses apply to beliefs (b…).`,
        { id },
      );
    const b = await beliefIn(tx, id, namespace);
    if (b.status === "forgotten")
      throw new StrataError(
        "FORGOTTEN",
        `Belief ${id} was forgotten: its content is erased. Remember it again if it still holds.`,
        { id },
      );
    return b;
  }

  async requireEpisodes(tx: StoreWriter, ids: readonly string[], namespace: string): Promise<void> {
    const found = await tx.getEpisodes(ids, namespace);
    const known = new Set(found.filter((e) => e.namespace === namespace).map((e) => e.id));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length > 0)
      throw new StrataError(
        "NOT_FOUND",
        `Unknown source episode${missing.length > 1 ? "s" : ""} ${missing.join(", ")} in namespace "${namespace}".`,
        { missing },
      );
    // An erased episode is no evidence: citing it would give a new statement a source whose
    // content is gone (as pins, outcomes and restores of a forgotten item are refused).
    const forgotten = found
      .filter((e) => e.namespace === namespace && e.status === "forgotten")
      .map((e) => e.id);
    if (forgotten.length > 0)
      throw new StrataError(
        "FORGOTTEN",
        `Source episode${forgotten.length > 1 ? "s" : ""} ${forgotten.join(", ")} ${forgotten.length > 1 ? "were" : "was"} forgotten: the content is erased, so it cannot be a new statement's evidence. Leave it out of sources, or record the event again.`,
        { forgotten },
      );
  }

  async audit(
    tx: StoreWriter,
    namespace: string,
    event: string,
    subjectId: string | null,
    payload: Record<string, unknown>,
  ): Promise<void> {
    const head = await tx.auditHead(namespace);
    await tx.appendAudit(
      nextEntry(
        head,
        { namespace, at: this.now(), actor: this.actor, event, subjectId, payload },
        this.policy.auditContent,
      ),
    );
  }

  result(
    decision: GateDecision,
    id: string,
    layer: Layer,
    stored: boolean,
    superseded: string[],
    derived: string[],
  ): GateResult {
    const t = decision.target;
    return {
      verdict: decision.verdict,
      id,
      layer,
      stored,
      target: t ? { id: t.id, layer: t.layer, similarity: round(decision.similarity), text: t.text } : null,
      superseded,
      derived,
      reason: decision.reason,
      rule: decision.rule,
      deferred: decision.deferred,
      notes: decision.notes,
    };
  }
}

/** The audit event of a new belief. */
const insertedEvent = (b: Omit<Belief, "id">) => `belief.${b.kind === "rule" ? "captured" : "remembered"}`;
/** What a new belief's audit entry hashes (and keeps, under `auditContent`). */
const insertedPayload = (b: Omit<Belief, "id">): Record<string, unknown> => ({
  contentHash: b.contentHash,
  kind: b.kind,
  validFrom: b.validFrom,
  status: b.status,
  sources: b.sources,
});

export interface NewBeliefInput {
  namespace: string;
  kind: BeliefKind;
  text: string;
  when?: string | null;
  prefer?: string | null;
  steps?: string[] | null;
  validFrom: string;
  sources: readonly string[];
  source: string | null;
  metadata?: Record<string, unknown>;
  now: string;
  vector: Float32Array;
  /** `text`'s content hash when already computed (an import prepares it: src/core/import-prep.ts). */
  contentHash?: string;
  status?: Belief["status"];
  statusReason?: string;
  validTo?: string;
  retiredAt?: string;
  supersededBy?: string;
}

const round = (x: number) => Math.round(x * 1000) / 1000;
