/**
 * The audit chain: `verify` (exit 1 when broken) and `audit` (the entries, oldest first).
 */
import type { Memory } from "../../core/engine.js";
import type { AuditEntry, AuditVerification } from "../../core/model.js";
import { withoutUndefined } from "../args.js";
import { indent, type Style, shortTime, table } from "../style.js";

/** `strata verify` */
export async function runVerify(mem: Memory): Promise<AuditVerification> {
  return mem.verifyAudit();
}

export const verifyExitCode = (r: AuditVerification): number => (r.ok ? 0 : 1);

export function renderVerify(r: AuditVerification, style: Style): string {
  const head = r.ok
    ? style.good(`audit chain intact: ${r.entries} entries in ${r.namespaces} namespace(s)`)
    : style.bad(`audit chain BROKEN: ${r.problems.length} problem(s) in ${r.entries} entries`);
  const problems = r.problems.map((p) => `${p.namespace} #${p.seq}: ${p.problem}`);
  return problems.length ? `${head}\n${indent(problems.join("\n"))}` : head;
}

export interface AuditArgs {
  limit?: number;
  subject?: string;
}

/** `strata audit --subject b12 --limit 20` */
export async function runAudit(mem: Memory, args: AuditArgs): Promise<AuditEntry[]> {
  return mem.auditLog(withoutUndefined({ limit: args.limit, subjectId: args.subject }));
}

export function renderAudit(entries: AuditEntry[], style: Style): string {
  if (entries.length === 0) return style.dim("No audit entries.");
  return table(
    entries,
    [
      { header: "SEQ", value: (a) => String(a.seq), right: true },
      { header: "AT", value: (a) => shortTime(a.at) },
      { header: "EVENT", value: (a) => a.event },
      { header: "SUBJECT", value: (a) => a.subjectId ?? "-", color: style.id },
      { header: "ACTOR", value: (a) => a.actor },
      { header: "HASH", value: (a) => a.hash.slice(0, 16), color: style.dim },
    ],
    style,
  );
}
