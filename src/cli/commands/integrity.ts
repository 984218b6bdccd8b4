/**
 * The audit chain: `verify` (exit 1 when broken), `audit` (the entries, oldest first, filtered
 * by time and event) and `audit --jsonl DIR` (the chain as files that verify across files).
 */
import { dirname } from "node:path";
import type { Memory } from "../../core/engine.js";
import type { AuditEntry, AuditVerification } from "../../core/model.js";
import { toTime, withoutUndefined } from "../args.js";
import { indent, type Style, shortTime, table } from "../style.js";
import { UsageError } from "../usage-error.js";
import type { FileSink } from "./exchange.js";
import { outputGuard } from "./output-file.js";

/** `strata verify` */
export async function runVerify(mem: Memory): Promise<AuditVerification> {
  return mem.verifyAudit();
}

export const verifyExitCode = (r: AuditVerification): number => (r.ok ? 0 : 1);

const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

export function renderVerify(r: AuditVerification, style: Style): string {
  const head = r.ok
    ? style.good(
        `audit chain intact: ${count(r.entries, "entry", "entries")} in ${count(r.namespaces, "namespace", "namespaces")}`,
      )
    : style.bad(
        `audit chain BROKEN: ${count(r.problems.length, "problem", "problems")} in ${count(r.entries, "entry", "entries")}`,
      );
  const problems = r.problems.map((p) => `${p.namespace} #${p.seq}: ${p.problem}`);
  return problems.length ? `${head}\n${indent(problems.join("\n"))}` : head;
}

export interface AuditArgs {
  limit?: number;
  subject?: string;
  /** A duration back from now (7d, 12h, 30m, 2w) or a time (2026-03-01). */
  since?: string;
  /** An event name (belief.retired) or prefix (belief.*). */
  event?: string;
}

/** `strata audit --since 7d --event "belief.*" --limit 20` */
export async function runAudit(mem: Memory, args: AuditArgs, now = new Date()): Promise<AuditEntry[]> {
  return mem.audit(
    withoutUndefined({
      limit: args.limit,
      subjectId: args.subject,
      since: args.since === undefined ? undefined : toTime(args.since, now),
      event: args.event,
    }),
  );
}

export interface AuditJsonlResult {
  namespace: string;
  /** The folder, absolute (as `files` name it), however DIR was typed. */
  dir: string;
  /** Absolute paths, in chain order. */
  files: string[];
  entries: number;
  /**
   * Files of an earlier, longer export of the namespace that `--force` deleted (absolute paths),
   * so DIR holds this export alone.
   */
  removed: string[];
}

/**
 * `strata audit --jsonl audit/`: the chain as JSONL files that verify across file boundaries.
 * DIR ends up holding this export whole and nothing of an earlier one of the namespace: an
 * earlier export's files are refused without `--force`, and with it the ones this export does not
 * overwrite (its tail, when it had more files) are deleted, so a reader of DIR never sees a mix.
 */
export async function runAuditJsonl(
  mem: Memory,
  args: { dir: string; linesPerFile?: number; force?: boolean },
  files: Pick<FileSink, "writeOutput" | "outputPath" | "outputsIn" | "removeOutput">,
): Promise<AuditJsonlResult> {
  const texts = await mem.exportAuditJsonl(withoutUndefined({ linesPerFile: args.linesPerFile }));
  const stem = `audit-${mem.namespace.replace(/[^A-Za-z0-9._-]/g, "_")}`;
  const paths = texts.map((_, i) => `${args.dir}/${stem}-${String(i + 1).padStart(4, "0")}.jsonl`);
  const options = { guard: await outputGuard(mem), force: args.force ?? false };
  // Every file is checked before the first is written: a refusal leaves no half-written chain.
  const targets = paths.map((path) => files.outputPath(path, options));
  const own = new RegExp(`^${stem.replace(/\./g, "\\.")}-\\d{4,}\\.jsonl$`);
  const stale = files.outputsIn(args.dir, own).filter((file) => !targets.includes(file));
  if (stale.length > 0 && !options.force)
    throw new UsageError(
      `${args.dir} holds ${stale.length} file(s) of an earlier audit export of ${mem.namespace} (${stale[0]}${stale.length > 1 ? ", …" : ""}): add --force to replace that export whole, or pick a new folder.`,
    );
  for (const file of stale) options.guard(file);
  const written: string[] = [];
  for (const [i, text] of texts.entries()) written.push(await files.writeOutput(paths[i]!, text, options));
  for (const file of stale) files.removeOutput(file);
  const entries = texts.reduce((n, t) => n + t.split("\n").filter((l) => l.length > 0).length - 1, 0);
  // The folder as its files name it (absolute), not as typed: `files` and `dir` name one place.
  const folder = targets[0] === undefined ? args.dir : dirname(targets[0]);
  return { namespace: mem.namespace, dir: folder, files: written, entries, removed: stale };
}

export const renderAuditJsonl = (r: AuditJsonlResult, style: Style): string =>
  `${style.good(`wrote ${r.entries} audit entries of ${r.namespace} in ${r.files.length} file(s)`)}\n${indent(r.files.join("\n"))}${
    r.removed.length > 0
      ? `\n${style.dim(`deleted ${r.removed.length} file(s) of the earlier export that this one does not overwrite:`)}\n${indent(r.removed.join("\n"))}`
      : ""
  }`;

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
