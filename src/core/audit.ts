/**
 * The audit chain: one hash chain per namespace, each entry's SHA-256 covering the previous
 * entry's hash. By default only a hash of the change is kept, never its content.
 */
import type { z } from "zod";
import type { AuditEntry, AuditOptionsSchema, AuditVerification } from "./model.js";
import type { Store, StoreReader, StoreWriter } from "./ports.js";
import { canonicalJson, sha256 } from "./sha256.js";

export const GENESIS_HASH = "0".repeat(64);

/**
 * Reads of one state tried without the write lock, each kept only if no audit head moved while it
 * ran, before one is taken under the lock (`readWhole` for an export, `transferStore` for a copy).
 */
export const OPTIMISTIC_TRIES = 2;

/**
 * How `readOneState` reads once its optimistic tries saw writes land: `lock`, inside a write
 * transaction, where no write lands until it ends (an export: one that answers after a forget has
 * answered must not hold its text); `snapshot`, in the store's read snapshot, which holds no
 * write lock (`Store.snapshot`: health, stats and verify, whose reports outlast a write by far).
 */
export type OneStateFallback = "lock" | "snapshot";

/**
 * `read` in several statements, as of one state of the store. Each try is kept when the store's
 * write mark (`Store.writeMark`, moved by every committed write, audited or not) did not move while
 * it ran, made again when it did, and after `OPTIMISTIC_TRIES` moved reads made as `fallback`
 * says. `readWhole` (an export), audit verify, stats and health read so (attacks42: a write landing
 * between verify's last page and its head mark was reported as a truncated chain; stats could count
 * a forget in one status and not the other). attacks44: the tries compared the audit heads of the
 * namespaces read, blind to writes no audit entry records (a reindex's vectors, a sweep's cached
 * verdicts, bookkeeping); and the fallback of health held the write lock for a whole report.
 *
 *   const stats = await readOneState(store, (reader) => namespaceStats(reader, "team-a"), "snapshot");
 */
export async function readOneState<T>(
  store: Store,
  read: (reader: StoreReader) => Promise<T>,
  fallback: OneStateFallback,
): Promise<T> {
  for (let i = 0; i < OPTIMISTIC_TRIES; i++) {
    const before = await store.writeMark();
    const result = await read(store);
    if (before === (await store.writeMark())) return result;
  }
  return fallback === "lock" ? store.transaction((tx) => read(tx)) : store.snapshot(read);
}

export interface AuditChange {
  namespace: string;
  at: string;
  actor: string;
  event: string;
  subjectId: string | null;
  /** The change itself; hashed always, stored only when `includeContent`. */
  payload: Record<string, unknown>;
}

const str = JSON.stringify;

/**
 * `canonicalJson` of an entry's hashed fields, written in their sorted key order (actor, at,
 * contentHash, event, namespace, prevHash, seq, subjectId): the same string without sorting keys,
 * which was a third of an entry's cost in a bulk import. A missing field, which canonicalJson
 * would leave out, goes the general way.
 */
function entryJson(e: Omit<AuditEntry, "hash" | "detail">): string {
  if (
    e.actor === undefined ||
    e.at === undefined ||
    e.contentHash === undefined ||
    e.event === undefined ||
    e.namespace === undefined ||
    e.prevHash === undefined ||
    e.seq === undefined ||
    e.subjectId === undefined
  )
    return canonicalJson({
      seq: e.seq,
      namespace: e.namespace,
      at: e.at,
      actor: e.actor,
      event: e.event,
      subjectId: e.subjectId,
      contentHash: e.contentHash,
      prevHash: e.prevHash,
    });
  return `{"actor":${str(e.actor)},"at":${str(e.at)},"contentHash":${str(e.contentHash)},"event":${str(e.event)},"namespace":${str(e.namespace)},"prevHash":${str(e.prevHash)},"seq":${str(e.seq)},"subjectId":${str(e.subjectId)}}`;
}

export function entryHash(e: Omit<AuditEntry, "hash" | "detail">): string {
  return sha256(entryJson(e));
}

/** The next entry of a chain whose head is `head` (null for an empty chain). */
export function nextEntry(head: AuditEntry | null, change: AuditChange, includeContent: boolean): AuditEntry {
  const entry: AuditEntry = {
    seq: (head?.seq ?? 0) + 1,
    namespace: change.namespace,
    at: change.at,
    actor: change.actor,
    event: change.event,
    subjectId: change.subjectId,
    contentHash: sha256(canonicalJson(change.payload)),
    prevHash: head?.hash ?? GENESIS_HASH,
    detail: includeContent ? change.payload : null,
    hash: "",
  };
  entry.hash = entryHash(entry);
  return entry;
}

/**
 * Checks every chain (or only namespace `only`'s): each entry's hash, its link to the previous one, gap-free sequence
 * numbers, and the stored head mark (which catches a removed tail entry).
 */
export async function verifyChains(
  store: StoreReader,
  pageSize = 5000,
  only?: string,
): Promise<AuditVerification> {
  const problems: AuditVerification["problems"] = [];
  let entries = 0;
  const all = await store.auditNamespaces();
  const namespaces = only === undefined ? all : all.filter((n) => n === only);
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

// ---------------------------------------------------------------------------------------------
// JSONL export across files
// ---------------------------------------------------------------------------------------------

/** First line of every exported audit file; the entries follow, one JSON object per line. */
export interface AuditFileHeader {
  type: "strata-audit";
  version: 1;
  namespace: string;
  /** 1-based position of this file in the export, and how many files it has. */
  file: number;
  files: number;
  /** Sequence numbers of the first and last entry in this file (null when it holds none). */
  firstSeq: number | null;
  lastSeq: number | null;
  /** The last entry of the whole export: where the chain must end after the last file. */
  head: { seq: number; hash: string } | null;
}

export interface AuditJsonlProblem {
  /** 1-based index of the file in the list given to `verifyAuditJsonl`. */
  file: number;
  /** 1-based line in that file (0: the file as a whole). */
  line: number;
  namespace: string | null;
  seq: number | null;
  problem: string;
}

export interface AuditJsonlVerification {
  ok: boolean;
  files: number;
  entries: number;
  namespaces: number;
  problems: AuditJsonlProblem[];
}

const ENTRY_KEYS = [
  "seq",
  "namespace",
  "at",
  "actor",
  "event",
  "subjectId",
  "contentHash",
  "detail",
  "prevHash",
  "hash",
] as const;

/**
 * One namespace's chain as JSONL files of at most `linesPerFile` entries each, every file opening
 * with a header. The files verify together with `verifyAuditJsonl`, which catches an edited,
 * removed or reordered entry and a dropped or reordered file.
 *
 *   const files = auditJsonlFiles(entries, 1000); // ["{\"type\":\"strata-audit\",…}\n{\"seq\":1,…}\n…", …]
 */
export function auditJsonlFiles(
  namespace: string,
  entries: readonly AuditEntry[],
  linesPerFile: number,
): string[] {
  const per = Math.max(1, Math.floor(linesPerFile));
  const chunks: AuditEntry[][] = [];
  for (let i = 0; i < entries.length; i += per) chunks.push(entries.slice(i, i + per));
  if (chunks.length === 0) chunks.push([]);
  const last = entries.at(-1);
  const head = last ? { seq: last.seq, hash: last.hash } : null;
  return chunks.map((chunk, i) => {
    const header: AuditFileHeader = {
      type: "strata-audit",
      version: 1,
      namespace,
      file: i + 1,
      files: chunks.length,
      firstSeq: chunk[0]?.seq ?? null,
      lastSeq: chunk.at(-1)?.seq ?? null,
      head,
    };
    const lines = chunk.map((e) => JSON.stringify(Object.fromEntries(ENTRY_KEYS.map((k) => [k, e[k]]))));
    return `${[JSON.stringify(header), ...lines].join("\n")}\n`;
  });
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function asEntry(v: Record<string, unknown>): AuditEntry | null {
  const str = (k: string) => typeof v[k] === "string";
  if (
    typeof v.seq !== "number" ||
    !["namespace", "at", "actor", "event", "contentHash", "prevHash", "hash"].every(str) ||
    !(v.subjectId === null || typeof v.subjectId === "string") ||
    !(v.detail === null || isRecord(v.detail))
  )
    return null;
  return v as unknown as AuditEntry;
}

/**
 * Verifies exported audit files in the order given: every entry's hash, its link to the
 * previous entry (across file boundaries), gap-free sequence numbers, each header against its
 * file, file numbering, and that each chain ends at the head its headers name. Pure: pass the
 * files' text.
 *
 *   const report = verifyAuditJsonl(files.map((f) => readFileSync(f, "utf8")));
 *   report.ok; // false → report.problems says which file, line and entry
 */
export function verifyAuditJsonl(files: readonly string[]): AuditJsonlVerification {
  const problems: AuditJsonlProblem[] = [];
  const chains = new Map<
    string,
    { prev: AuditEntry | null; nextFile: number; files: number; head: AuditFileHeader["head"] }
  >();
  let entries = 0;
  files.forEach((text, f) => {
    const file = f + 1;
    const lines = text.split("\n").filter((l) => l.trim().length > 0);
    const report = (line: number, namespace: string | null, seq: number | null, problem: string) =>
      problems.push({ file, line, namespace, seq, problem });
    let header: AuditFileHeader | null = null;
    try {
      const first = JSON.parse(lines[0] ?? "null") as unknown;
      if (isRecord(first) && first.type === "strata-audit" && typeof first.namespace === "string")
        header = first as unknown as AuditFileHeader;
    } catch {
      // reported below
    }
    if (!header) {
      report(1, null, null, "not a Strata audit file: the first line is not a strata-audit header");
      return;
    }
    const ns = header.namespace;
    let chain = chains.get(ns);
    if (!chain) {
      chain = { prev: null, nextFile: 1, files: header.files, head: header.head };
      chains.set(ns, chain);
    }
    if (header.file !== chain.nextFile)
      report(
        0,
        ns,
        null,
        `out of order: this is file ${header.file} of ${header.files}, expected file ${chain.nextFile} (a file was dropped or reordered)`,
      );
    chain.nextFile = header.file + 1;
    if (header.files !== chain.files || JSON.stringify(header.head) !== JSON.stringify(chain.head))
      report(1, ns, null, "header disagrees with the first file's (file count or head changed)");
    let first: number | null = null;
    let last: number | null = null;
    for (let i = 1; i < lines.length; i++) {
      const line = i + 1;
      let parsed: unknown;
      try {
        parsed = JSON.parse(lines[i]!);
      } catch {
        report(line, ns, null, "unreadable: not JSON");
        continue;
      }
      const e = isRecord(parsed) ? asEntry(parsed) : null;
      if (!e) {
        report(line, ns, null, "unreadable: not an audit entry");
        continue;
      }
      entries++;
      first ??= e.seq;
      last = e.seq;
      if (e.namespace !== ns)
        report(line, e.namespace, e.seq, `entry of namespace ${e.namespace} in a ${ns} file`);
      const prev = chain.prev;
      const expectedSeq = (prev?.seq ?? 0) + 1;
      if (e.seq !== expectedSeq) report(line, ns, e.seq, `gap: expected seq ${expectedSeq}`);
      if (e.prevHash !== (prev?.hash ?? GENESIS_HASH))
        report(line, ns, e.seq, "broken-link: prevHash does not match the previous entry");
      if (entryHash(e) !== e.hash) report(line, ns, e.seq, "tampered: hash does not match");
      if (e.detail !== null && sha256(canonicalJson(e.detail)) !== e.contentHash)
        report(line, ns, e.seq, "tampered: detail does not match its content hash");
      chain.prev = e;
    }
    if (first !== header.firstSeq || last !== header.lastSeq)
      report(
        0,
        ns,
        null,
        `header says entries ${header.firstSeq ?? "-"}…${header.lastSeq ?? "-"}, the file holds ${first ?? "-"}…${last ?? "-"} (entries removed or added)`,
      );
  });
  for (const [ns, chain] of chains) {
    if (chain.nextFile !== chain.files + 1)
      problems.push({
        file: files.length,
        line: 0,
        namespace: ns,
        seq: null,
        problem: `missing files: the export has ${chain.files} file(s), the last one given is file ${chain.nextFile - 1}`,
      });
    const end = chain.prev ? { seq: chain.prev.seq, hash: chain.prev.hash } : null;
    if (JSON.stringify(end) !== JSON.stringify(chain.head))
      problems.push({
        file: files.length,
        line: 0,
        namespace: ns,
        seq: end?.seq ?? null,
        problem: `truncated: the chain ends at seq ${end?.seq ?? 0}, the headers say ${chain.head?.seq ?? 0}`,
      });
  }
  return { ok: problems.length === 0, files: files.length, entries, namespaces: chains.size, problems };
}

/** Whether an event matches a filter: exact (`belief.retired`) or a prefix (`belief.*`, `*`). */
export function eventMatches(event: string, filter: string | undefined): boolean {
  if (filter === undefined || filter === "*") return true;
  return filter.endsWith(".*") ? event.startsWith(filter.slice(0, -1)) : event === filter;
}

/**
 * One namespace's audit entries, oldest first, filtered by subject, time (`since`) and event
 * (exact, or a prefix such as `belief.*`), at most `limit`.
 */
export async function listAuditEntries(
  store: StoreReader,
  namespace: string,
  o: z.output<typeof AuditOptionsSchema>,
): Promise<AuditEntry[]> {
  if (o.since === undefined && o.event === undefined)
    return store.listAudit({ namespace, subjectId: o.subjectId, limit: o.limit });
  const out: AuditEntry[] = [];
  for (let afterSeq = 0; out.length < o.limit; ) {
    const page = await store.listAudit({ namespace, subjectId: o.subjectId, afterSeq, limit: 1000 });
    for (const e of page)
      if (
        (o.since === undefined || e.at >= o.since) &&
        eventMatches(e.event, o.event) &&
        out.length < o.limit
      )
        out.push(e);
    if (page.length < 1000) break;
    afterSeq = page.at(-1)!.seq;
  }
  return out;
}

/** One namespace's whole audit chain as JSONL files of at most `linesPerFile` entries. */
export async function auditChainFiles(
  store: StoreReader,
  namespace: string,
  linesPerFile: number,
): Promise<string[]> {
  const entries: AuditEntry[] = [];
  for (let afterSeq = 0; ; ) {
    const page = await store.listAudit({ namespace, afterSeq, limit: 5000 });
    entries.push(...page);
    if (page.length < 5000) break;
    afterSeq = page.at(-1)!.seq;
  }
  return auditJsonlFiles(namespace, entries, linesPerFile);
}

/**
 * The writer of one transaction, answering `auditHead` from the entries appended through it: a
 * batch of writes chains each entry to the one before without reading the head back from the
 * store every time. Exact inside one transaction, where writers are serialised and every append
 * of the batch goes through this writer; a namespace not yet appended to is asked of the store.
 *
 *   const tx2 = headCachingWriter(tx); // use tx2 for the whole transaction, never tx beside it
 */
export function headCachingWriter(tx: StoreWriter): StoreWriter {
  const heads = new Map<string, AuditEntry>();
  return new Proxy(tx, {
    get(target, prop) {
      if (prop === "auditHead")
        return async (namespace: string) => heads.get(namespace) ?? target.auditHead(namespace);
      if (prop === "appendAudit")
        return async (entry: AuditEntry) => {
          await target.appendAudit(entry);
          heads.set(entry.namespace, entry);
        };
      if (prop === "appendAudits")
        return async (entries: readonly AuditEntry[]) => {
          await target.appendAudits(entries);
          for (const entry of entries) heads.set(entry.namespace, entry);
        };
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
