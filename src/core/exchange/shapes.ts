/**
 * Shapes no Strata store makes, refused on import (attacks20): each one a crafted file could
 * bring into the importer's own namespace, where a read would walk it or forget would have to
 * find it again. Checked after `strayRow` (every id points inside the document) and
 * `damagedRow`, before anything is written; each answer describes the document alone.
 *
 *   - a supersession or folding cycle (`b1` superseded by `b2` superseded by `b1`; an item its
 *     own successor or parent): a chain of versions ends, so history and explain end;
 *   - a link from an item to itself (the write gate links a new item to another);
 *   - an `associations` record that is not the continuity layer's shape, or names what is not an
 *     episode of the document, an episode twice in one pair, a pair twice, or a strength outside
 *     what the Hebbian update keeps (`ASSOCIATION.floor` to `ASSOCIATION.cap`);
 *   - a record still naming a forgotten item where forget leaves none: an association with a
 *     forgotten episode (forget drops it), a curation reason keyed by or naming a forgotten belief,
 *     or a kept worker report whose item names one without the redaction forget writes.
 *
 *   tangledRow(doc) // → "belief b1 is superseded by b2, which is superseded by b1: a supersession cycle" | null
 */
import { z } from "zod";
import { ASSOCIATION } from "../continuity/immune.js";
import { AssociationSchema } from "../continuity/records.js";
import { parseMetaKey } from "../ports.js";
import { mentionsAnyId } from "../text.js";
import type { ExportDocument } from "./document.js";

/** The note forget writes over a reason that named an erased item (curation and worker records). */
const REDACTED_REASON = "redacted: it named a forgotten item";

/** The first cycle along `next` (id → the id it points at), as "a → b → a", or null. */
function cycleOf(next: ReadonlyMap<string, string>): string[] | null {
  const done = new Set<string>();
  for (const start of next.keys()) {
    if (done.has(start)) continue;
    const path: string[] = [];
    const onPath = new Map<string, number>();
    let at: string | undefined = start;
    while (at !== undefined && !done.has(at)) {
      if (onPath.has(at)) return [...path.slice(onPath.get(at)), at];
      onPath.set(at, path.length);
      path.push(at);
      at = next.get(at);
    }
    for (const id of path) done.add(id);
  }
  return null;
}

function chainWords(cycle: string[], verb: string): string {
  const [first, ...rest] = cycle;
  return `${first} is ${verb} ${rest.join(`, which is ${verb} `)}`;
}

const AssociationsSchema = z.array(AssociationSchema.strict());

function associationProblem(
  value: string,
  key: string,
  episodes: ReadonlySet<string>,
  forgotten: ReadonlySet<string>,
): string | null {
  let list: z.infer<typeof AssociationsSchema>;
  try {
    const parsed = AssociationsSchema.safeParse(JSON.parse(value));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return `its record "${key}" is not a list of associations ({ a, b, strength, affect, lastWrap }): ${issue.path.join(".") || "the value"}: ${issue.message}`;
    }
    list = parsed.data;
  } catch {
    return `its record "${key}" is not JSON`;
  }
  const pairs = new Set<string>();
  for (const [i, x] of list.entries()) {
    const at = `its record "${key}", association ${i + 1} (${x.a}, ${x.b})`;
    for (const id of [x.a, x.b]) {
      if (!episodes.has(id)) return `${at} names ${id}, which is not an episode of the document`;
      if (forgotten.has(id)) return `${at} names ${id}, a forgotten episode (forget drops its associations)`;
    }
    if (x.a === x.b) return `${at} links an episode to itself`;
    const pair = x.a < x.b ? `${x.a}|${x.b}` : `${x.b}|${x.a}`;
    if (pairs.has(pair)) return `${at} is a pair already listed`;
    pairs.add(pair);
    if (!Number.isFinite(x.strength) || x.strength < ASSOCIATION.floor || x.strength > ASSOCIATION.cap)
      return `${at} has strength ${x.strength}, outside ${ASSOCIATION.floor} to ${ASSOCIATION.cap}`;
    if (x.affect && !(x.affect.intensity >= 0 && x.affect.intensity <= 1))
      return `${at} has an affect intensity of ${x.affect.intensity}, outside 0 to 1`;
    if (x.lastWrap < 1) return `${at} has lastWrap ${x.lastWrap}; wraps are numbered from 1`;
  }
  return null;
}

/** A curation or worker record's reason that still names a forgotten item, described, or null. */
function forgottenIn(
  value: string,
  key: string,
  kind: string,
  forgotten: ReadonlySet<string>,
  names: RegExp,
): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return null; // its shape is its reader's (curate and the worker refuse a damaged record)
  }
  const unredacted = (reason: unknown) =>
    typeof reason === "string" && reason !== REDACTED_REASON && names.test(reason);
  if (kind === "curation") {
    const state = parsed as { reasons?: Record<string, unknown>; records?: Record<string, unknown> };
    for (const [id, reason] of Object.entries(state?.reasons ?? {})) {
      if (forgotten.has(id))
        return `its record "${key}" keeps a reason for ${id}, a forgotten belief (forget removes it)`;
      if (unredacted(reason)) return `its record "${key}" keeps the reason of ${id} naming a forgotten item`;
    }
    for (const [record, seen] of Object.entries(state?.records ?? {}))
      if (unredacted((seen as { reason?: unknown } | null)?.reason))
        return `its record "${key}" keeps the reason of collection record ${JSON.stringify(record)} naming a forgotten item`;
  }
  if (kind === "worker:reports" && Array.isArray(parsed))
    for (const report of parsed as { items?: { id?: unknown; by?: unknown; reason?: unknown }[] }[])
      for (const item of Array.isArray(report?.items) ? report.items : [])
        if (
          item?.reason !== REDACTED_REASON &&
          [item?.id, item?.by, item?.reason].some((s) => typeof s === "string" && names.test(s))
        )
          return `its record "${key}" keeps a report item naming a forgotten item without forget's redaction`;
  return null;
}

export function tangledRow(doc: ExportDocument): string | null {
  const superseded = new Map<string, string>();
  for (const e of doc.episodes) if (e.supersededBy !== null) superseded.set(e.id, e.supersededBy);
  for (const b of doc.beliefs) if (b.supersededBy !== null) superseded.set(b.id, b.supersededBy);
  const versions = cycleOf(superseded);
  if (versions)
    return `${chainWords(versions, "superseded by")}: a supersession cycle (a chain of versions ends)`;
  const folded = new Map<string, string>();
  for (const b of doc.beliefs) if (b.parentId !== null) folded.set(b.id, b.parentId);
  const parents = cycleOf(folded);
  if (parents) return `belief ${chainWords(parents, "folded under")}: a folding cycle`;
  for (const l of doc.links)
    if (l.from === l.to) return `a link goes from ${l.from} to itself (a link joins two items)`;

  const episodes = new Set(doc.episodes.map((e) => e.id));
  const forgotten = new Set(
    [...doc.episodes, ...doc.beliefs].filter((x) => x.status === "forgotten").map((x) => x.id),
  );
  const names = forgotten.size > 0 ? mentionsAnyId(forgotten) : null;
  for (const m of doc.meta) {
    const kind = parseMetaKey(m.key)?.kind;
    if (kind === "associations") {
      const problem = associationProblem(m.value, m.key, episodes, forgotten);
      if (problem) return problem;
    } else if (names && (kind === "curation" || kind === "worker:reports")) {
      const problem = forgottenIn(m.value, m.key, kind, forgotten, names);
      if (problem) return problem;
    }
  }
  return null;
}
