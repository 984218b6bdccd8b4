/**
 * The write kernel: every change to the store goes through here, inside a transaction, and
 * leaves its audit entry. The engine's verbs and the sleep processes share it, so a belief is
 * inserted, closed, merged or linked one way only.
 */
import { nextEntry } from "./audit.js";
import { notFound, StrataError } from "./errors.js";
import { halfLifeFor, laplaceConfidence } from "./forgetting.js";
import type { Belief, BeliefKind, ForgetResult, GateResult, Layer, OutcomeResult } from "./model.js";
import type { Policy } from "./policy.js";
import type { Clock, Embedder, Judge, StoreWriter } from "./ports.js";
import { retrieve } from "./recall.js";
import { sha256 } from "./sha256.js";
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
    for (const c of echo.cited) if (!ids.includes(c)) ids.push(c);
    const [beliefs, episodes] = await Promise.all([tx.getBeliefs(ids), tx.getEpisodes(ids)]);
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
    if (target.layer === "belief") {
      const b = (await tx.getBelief(target.id))!;
      const sources = extraSources ? [...new Set([...b.sources, ...extraSources])] : undefined;
      await tx.updateBelief(b.id, { support: b.support + 1, ...(sources ? { sources } : {}) });
      await this.audit(tx, namespace, "belief.restated", b.id, {
        support: b.support + 1,
        reason: decision.reason,
      });
    } else {
      const e = (await tx.getEpisode(target.id))!;
      await tx.updateEpisode(e.id, { support: e.support + 1 });
      await this.audit(tx, namespace, "episode.restated", e.id, {
        support: e.support + 1,
        reason: decision.reason,
      });
    }
    return this.result(decision, target.id, target.layer, false, [], []);
  }

  async storeBelief(tx: StoreWriter, decision: GateDecision, b: NewBeliefInput): Promise<GateResult> {
    const target = decision.target;
    // A backdated statement slots into history: it held until the next known value began.
    const next = decision.historical && target ? await this.nextInChain(tx, target.id, b.validFrom) : null;
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
      await this.closeBelief(tx, target.id, id, b.validFrom, b.now, "superseded");
      superseded.push(target.id);
    }
    return this.result(decision, id, "belief", true, superseded, []);
  }

  async insertBelief(tx: StoreWriter, b: NewBeliefInput): Promise<string> {
    const belief: Omit<Belief, "id"> = {
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
      contentHash: sha256(b.text),
      metadata: b.metadata ?? {},
    };
    const id = await tx.insertBelief(belief);
    await tx.putVector(id, b.namespace, this.embedder.id, b.vector);
    await this.audit(tx, b.namespace, `belief.${b.kind === "rule" ? "captured" : "remembered"}`, id, {
      contentHash: belief.contentHash,
      kind: belief.kind,
      validFrom: belief.validFrom,
      status: belief.status,
      sources: belief.sources,
    });
    return id;
  }

  /** The earliest belief in `id`'s supersession chain that began after `at`. */
  async nextInChain(tx: StoreWriter, id: string, at: string): Promise<Belief | null> {
    const chain: Belief[] = [];
    const seen = new Set<string>();
    let frontier = [id];
    while (frontier.length > 0) {
      const next: string[] = [];
      for (const b of await tx.getBeliefs(frontier)) {
        if (seen.has(b.id)) continue;
        seen.add(b.id);
        chain.push(b);
        for (const p of await tx.supersededBy(b.id)) next.push(p.id);
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
    successor: string,
    validTo: string,
    now: string,
    reason: string,
  ): Promise<void> {
    const old = (await tx.getBelief(id))!;
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
  async applyOutcome(tx: StoreWriter, b: Belief, success: boolean): Promise<OutcomeResult> {
    const now = this.now();
    const successes = b.successes + (success ? 1 : 0);
    const failures = b.failures + (success ? 0 : 1);
    const confidence = laplaceConfidence(successes, failures);
    const halfLifeDays = halfLifeFor(this.policy.halfLifeDays, successes);
    await tx.updateBelief(b.id, {
      successes,
      failures,
      confidence,
      halfLifeDays,
      uses: b.uses + 1,
      lastUsedAt: now,
      ...(success ? { lastConfirmedAt: now } : {}),
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
      confidenceBefore: b.confidence,
      confidenceAfter: confidence,
    });
    const belief = (await tx.getBelief(b.id))!;
    return { belief, confidenceBefore: b.confidence, confidenceAfter: confidence, halfLifeDays };
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
    await tx.updateBelief(b.id, {
      text: "",
      when: null,
      prefer: null,
      steps: null,
      exceptions: [],
      metadata: {},
      status: "forgotten",
      statusReason: reason,
      pinned: false,
      retiredAt: b.retiredAt ?? now,
    });
    await tx.deleteVector(b.id);
    await this.audit(tx, b.namespace, "belief.forgotten", b.id, { contentHash: b.contentHash, reason });
    const erased =
      b.text.length + (b.when?.length ?? 0) + (b.prefer?.length ?? 0) + (b.steps?.join("").length ?? 0);
    return { id: b.id, layer: "belief", contentHash: b.contentHash, erasedChars: erased };
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

  async liveBelief(tx: StoreWriter, id: string): Promise<Belief> {
    if (!id.startsWith("b"))
      throw new StrataError(
        "INVALID_INPUT",
        `${id} is an episode; outcomes, pins and uses apply to beliefs (b…).`,
        { id },
      );
    const b = await tx.getBelief(id);
    if (!b) throw notFound("belief", id);
    if (b.status === "forgotten")
      throw new StrataError(
        "FORGOTTEN",
        `Belief ${id} was forgotten: its content is erased. Remember it again if it still holds.`,
        { id },
      );
    return b;
  }

  async requireEpisodes(tx: StoreWriter, ids: readonly string[], namespace: string): Promise<void> {
    const found = await tx.getEpisodes(ids);
    const known = new Set(found.filter((e) => e.namespace === namespace).map((e) => e.id));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length > 0)
      throw new StrataError(
        "NOT_FOUND",
        `Unknown source episode${missing.length > 1 ? "s" : ""} ${missing.join(", ")} in namespace "${namespace}".`,
        { missing },
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
  status?: Belief["status"];
  statusReason?: string;
  validTo?: string;
  retiredAt?: string;
  supersededBy?: string;
}

const round = (x: number) => Math.round(x * 1000) / 1000;
