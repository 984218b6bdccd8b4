/**
 * Writing what `import` parsed. A Strata export is loaded as it was (ids, hashes, times), in
 * one transaction, into a namespace that holds nothing yet, and the import is then recorded at
 * the end of its chain. MCP memory.jsonl statements go through the write gate one by one
 * (duplicates merge), each as an episode distilled into a fact with that episode as provenance.
 */
import { verifyChains } from "../audit.js";
import { StrataError } from "../errors.js";
import type { AuditVerification, GateResult } from "../model.js";
import { DUMP_SECTIONS, type DumpSection, rekeyedCredit, type Store, type StoreReader } from "../ports.js";
import type { Writes } from "../writes.js";
import { type ExportDocument, keyTwice, sectionRows } from "./document.js";
import type { ImportFormat, McpStatement } from "./import.js";

export interface ImportItem {
  /** Where the statement came from in the source (`entity Alice, observation 2`). */
  origin: string;
  text: string;
  /** `stored`: new episode and fact; `merged`: the gate found it already known (support +1). */
  action: "stored" | "merged";
  episodeId: string | null;
  beliefId: string | null;
  /** The gate's verdict and reason. */
  reason: string;
}

export interface ImportReport {
  format: ImportFormat;
  namespace: string;
  /** Strata exports: rows loaded per section (null for memory.jsonl). */
  loaded: Record<DumpSection, number> | null;
  /** Strata exports: the imported namespace's chain, checked after loading (null for memory.jsonl). */
  audit: AuditVerification | null;
  /** memory.jsonl: what happened to each statement, in source order. */
  items: ImportItem[];
  counts: { statements: number; stored: number; merged: number; entities: number; relations: number };
  ms: number;
}

const CHUNK = 500;

async function conflicts(store: StoreReader, doc: ExportDocument): Promise<string[]> {
  const ns = doc.namespace;
  const found: string[] = [];
  const [episode] = await store.listEpisodes(
    { namespaces: [ns], statuses: null, includeSuperseded: true },
    { limit: 1, offset: 0, order: "at-asc" },
  );
  const [belief] = await store.listBeliefs({ namespaces: [ns], statuses: null }, { limit: 1, offset: 0 });
  const head = await store.auditHead(ns);
  if (episode || belief || head)
    found.push(`namespace "${ns}" already holds ${head ? `an audit chain (${head.seq} entries)` : "items"}`);
  for (let i = 0; i < doc.episodes.length && found.length === 0; i += CHUNK) {
    // Store-wide: ids are counters of the whole store, so one taken in any namespace collides.
    const taken = await store.getEpisodesAnyNamespace(doc.episodes.slice(i, i + CHUNK).map((e) => e.id));
    // Never name the namespace that holds it: that would reveal another namespace's contents.
    if (taken.length) found.push(`episode id ${taken[0]!.id} is taken`);
  }
  for (let i = 0; i < doc.beliefs.length && found.length === 0; i += CHUNK) {
    const taken = await store.getBeliefsAnyNamespace(doc.beliefs.slice(i, i + CHUNK).map((b) => b.id));
    if (taken.length) found.push(`belief id ${taken[0]!.id} is taken`);
  }
  for (const m of doc.meta) {
    if (found.length) break;
    if ((await store.getMeta(m.key)) !== null) found.push(`record "${m.key}" exists`);
  }
  return found;
}

/**
 * Loads a Strata export into `store`. Refused (nothing written) when the namespace already holds
 * anything or an id is taken: ids and the audit chain come over unchanged, so they must be free.
 */
export async function loadDocument(
  store: Store,
  writes: Writes,
  doc: ExportDocument,
  format: ImportFormat,
  onProgress?: (done: number, total: number) => void,
): Promise<ImportReport> {
  const started = globalThis.performance.now();
  // An export made before credits were keyed holds each source's plain SHA-256 digest: keyed here
  // under this store's secret, exactly as the store's migration does, so the digest is not kept
  // and a source counted before the export is still counted once.
  const secret = store.contentKey();
  doc = {
    ...doc,
    meta: doc.meta.map((m) => {
      const key = rekeyedCredit(secret, m.key);
      return key === null ? m : { ...m, key };
    }),
  };
  // Two keys the document holds apart may be one here: an older export's plain digest and the key
  // it becomes under this store's secret. Refused as a key twice would be, before anything is written.
  const twice = keyTwice(doc.meta);
  if (twice !== null)
    throw new StrataError(
      "INVALID_INPUT",
      `Invalid Strata export of namespace "${doc.namespace}": its record "${twice}" is there twice once its older outcome credit keys are keyed under this store's secret. Nothing was imported; export the namespace again with strata export.`,
      { namespace: doc.namespace },
    );
  const total = DUMP_SECTIONS.reduce((n, s) => n + doc[s].length, 0);
  const loaded = Object.fromEntries(DUMP_SECTIONS.map((s) => [s, 0])) as Record<DumpSection, number>;
  let done = 0;
  let audit: AuditVerification | null = null;
  await store.transaction(async (tx) => {
    // Read under the write transaction's lock, not before it: another import (of another
    // namespace whose export numbers its items alike) or a write taking the next ids must not land
    // between the check and the load, which would insert beside them (attacks36).
    const found = await conflicts(tx, doc);
    if (found.length > 0)
      throw new StrataError(
        "TARGET_NOT_EMPTY",
        `Cannot import namespace "${doc.namespace}" here: ${found[0]}. A Strata export keeps its ids and audit chain (the namespace is in every hash), so import it into a new, empty store.`,
        { namespace: doc.namespace },
      );
    onProgress?.(0, total);
    for (const section of DUMP_SECTIONS) {
      const rows = sectionRows(doc, section);
      for (let i = 0; i < rows.length; i += CHUNK) {
        const page = rows.slice(i, i + CHUNK) as typeof rows;
        await tx.load(section, page);
        loaded[section] += page.length;
        done += page.length;
        onProgress?.(done, total);
      }
    }
    await writes.audit(tx, doc.namespace, "namespace.imported", null, {
      format,
      exportedAt: doc.exportedAt,
      rows: loaded,
      head: doc.auditHeads[0] ?? null,
    });
    // The chain comes over as it was, so it must verify as it was: a forged or damaged one is
    // refused (rolled back here) rather than planted under the import's own entry.
    audit = await verifyChains(tx, undefined, doc.namespace);
    if (!audit.ok) {
      const p = audit.problems[0]!;
      throw new StrataError(
        "INVALID_INPUT",
        `Invalid Strata export of namespace "${doc.namespace}": its audit chain does not verify (entry ${p.seq}: ${p.problem}). Nothing was imported; export the namespace again with strata export.`,
        { namespace: doc.namespace },
      );
    }
  });
  return {
    format,
    namespace: doc.namespace,
    loaded,
    audit: audit!,
    items: [],
    counts: { statements: 0, stored: 0, merged: 0, entities: 0, relations: 0 },
    ms: Math.round(globalThis.performance.now() - started),
  };
}

/** The two engine verbs a memory.jsonl import uses, so every statement passes the write gate. */
export interface GateVerbs {
  record(
    content: string,
    options: { type: "observation"; namespace: string; metadata: Record<string, unknown> },
  ): Promise<GateResult>;
  distil(
    episodeIds: string[],
    propositions: string[],
    options: { namespace: string },
  ): Promise<{ items: { id: string | null; reason: string }[] }>;
}

export async function importStatements(
  verbs: GateVerbs,
  statements: readonly McpStatement[],
  namespace: string,
  shape: { entities: number; relations: number },
  onProgress?: (done: number, total: number) => void,
): Promise<ImportReport> {
  const started = globalThis.performance.now();
  const items: ImportItem[] = [];
  onProgress?.(0, statements.length);
  for (const [i, s] of statements.entries()) {
    const recorded = await verbs.record(s.text, { type: "observation", namespace, metadata: s.metadata });
    if (recorded.stored && recorded.layer === "episode") {
      // The fact rests on the episode; when the gate already derived one (a change), it is that one.
      const beliefId =
        recorded.derived[0] ??
        (await verbs.distil([recorded.id], [s.text], { namespace })).items[0]?.id ??
        null;
      items.push({
        origin: s.origin,
        text: s.text,
        action: "stored",
        episodeId: recorded.id,
        beliefId,
        reason: `${recorded.verdict}: ${recorded.reason}`,
      });
    } else {
      items.push({
        origin: s.origin,
        text: s.text,
        action: "merged",
        episodeId: recorded.layer === "episode" ? recorded.id : null,
        beliefId: recorded.layer === "belief" ? recorded.id : null,
        reason: `${recorded.verdict}: ${recorded.reason}`,
      });
    }
    onProgress?.(i + 1, statements.length);
  }
  const stored = items.filter((x) => x.action === "stored").length;
  return {
    format: "mcp-memory",
    namespace,
    loaded: null,
    audit: null,
    items,
    counts: {
      statements: statements.length,
      stored,
      merged: items.length - stored,
      entities: shape.entities,
      relations: shape.relations,
    },
    ms: Math.round(globalThis.performance.now() - started),
  };
}
