/**
 * The audit chain: one hash chain per namespace, each entry's SHA-256 covering the previous
 * entry's hash. By default only a hash of the change is kept, never its content.
 */
import type { AuditEntry, AuditVerification } from "./model.js";
import type { StoreReader } from "./ports.js";
import { canonicalJson, sha256 } from "./sha256.js";

export const GENESIS_HASH = "0".repeat(64);

export interface AuditChange {
  namespace: string;
  at: string;
  actor: string;
  event: string;
  subjectId: string | null;
  /** The change itself; hashed always, stored only when `includeContent`. */
  payload: Record<string, unknown>;
}

export function entryHash(e: Omit<AuditEntry, "hash" | "detail">): string {
  return sha256(
    canonicalJson({
      seq: e.seq,
      namespace: e.namespace,
      at: e.at,
      actor: e.actor,
      event: e.event,
      subjectId: e.subjectId,
      contentHash: e.contentHash,
      prevHash: e.prevHash,
    }),
  );
}

/** The next entry of a chain whose head is `head` (null for an empty chain). */
export function nextEntry(head: AuditEntry | null, change: AuditChange, includeContent: boolean): AuditEntry {
  const base = {
    seq: (head?.seq ?? 0) + 1,
    namespace: change.namespace,
    at: change.at,
    actor: change.actor,
    event: change.event,
    subjectId: change.subjectId,
    contentHash: sha256(canonicalJson(change.payload)),
    prevHash: head?.hash ?? GENESIS_HASH,
  };
  return { ...base, detail: includeContent ? change.payload : null, hash: entryHash(base) };
}

/**
 * Checks every chain: each entry's hash, its link to the previous one, gap-free sequence
 * numbers, and the stored head mark (which catches a removed tail entry).
 */
export async function verifyChains(store: StoreReader, pageSize = 5000): Promise<AuditVerification> {
  const problems: AuditVerification["problems"] = [];
  let entries = 0;
  const namespaces = await store.auditNamespaces();
  for (const namespace of namespaces) {
    let prev: AuditEntry | null = null;
    let afterSeq = 0;
    for (;;) {
      const page = await store.listAudit({ namespace, afterSeq, limit: pageSize });
      for (const e of page) {
        entries++;
        const expectedSeq = (prev?.seq ?? 0) + 1;
        if (e.seq !== expectedSeq)
          problems.push({ namespace, seq: e.seq, problem: `gap: expected seq ${expectedSeq}` });
        if (e.prevHash !== (prev?.hash ?? GENESIS_HASH))
          problems.push({
            namespace,
            seq: e.seq,
            problem: "broken-link: prevHash does not match the previous entry",
          });
        if (entryHash(e) !== e.hash)
          problems.push({ namespace, seq: e.seq, problem: "tampered: hash does not match" });
        if (e.detail !== null && sha256(canonicalJson(e.detail)) !== e.contentHash)
          problems.push({
            namespace,
            seq: e.seq,
            problem: "tampered: detail does not match its content hash",
          });
        prev = e;
      }
      if (page.length < pageSize) break;
      afterSeq = page.at(-1)!.seq;
    }
    const mark = await store.auditHeadMark(namespace);
    if (mark && (!prev || mark.seq !== prev.seq || mark.hash !== prev.hash))
      problems.push({
        namespace,
        seq: mark.seq,
        problem: `truncated: chain ends at seq ${prev?.seq ?? 0}, head mark says ${mark.seq}`,
      });
  }
  return { ok: problems.length === 0, entries, namespaces: namespaces.length, problems };
}
