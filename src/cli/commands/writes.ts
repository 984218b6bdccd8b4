/**
 * Writes through the gate: `record` (an episode), `remember` (a belief), `capture` (a rule).
 * Each returns the gate's result untouched; `renderGate` says what the gate did and why.
 */
import type { Memory } from "../../core/engine.js";
import type { GateResult } from "../../core/model.js";
import { withoutUndefined } from "../args.js";
import { indent, keyValues, type Style } from "../style.js";

export interface RecordArgs {
  content: string;
  type?: string;
  outcome?: string;
  session?: string;
  actor?: string;
  at?: string;
  metadata?: Record<string, unknown>;
}

/** `strata record "Deploy failed: lock timeout" --type outcome --outcome failure` */
export async function runRecord(mem: Memory, args: RecordArgs): Promise<GateResult> {
  const { content, ...options } = args;
  // Strings go in as typed; the engine's RecordOptionsSchema decides what is valid.
  return mem.record(content, withoutUndefined(options) as Parameters<Memory["record"]>[1]);
}

export interface RememberArgs {
  statement: string;
  kind?: string;
  at?: string;
  source?: string;
  steps?: string[];
}

/** `strata remember "The staging database is Postgres 16" --source user` */
export async function runRemember(mem: Memory, args: RememberArgs): Promise<GateResult> {
  const { statement, ...options } = args;
  return mem.remember(statement, withoutUndefined(options) as Parameters<Memory["remember"]>[1]);
}

export interface CaptureArgs {
  when: string;
  prefer: string;
  feedback?: string;
  at?: string;
}

/** `strata capture --when "calling the partner API in bulk" --prefer "batch and back off" --feedback positive` */
export async function runCapture(mem: Memory, args: CaptureArgs): Promise<GateResult> {
  return mem.capture(withoutUndefined(args) as unknown as Parameters<Memory["capture"]>[0]);
}

/** One line for the verdict, then the reason and anything closed off, created or skipped. */
export function renderGate(r: GateResult, style: Style): string {
  const verdictColor =
    r.verdict === "redundant" ? style.warn : r.verdict === "contradiction" ? style.bad : style.good;
  const action = r.stored
    ? `stored ${r.layer} ${style.id(r.id)}`
    : `nothing stored; strengthened ${r.layer} ${style.id(r.id)}`;
  const head = `${verdictColor(r.verdict)}  ${action}`;
  const details = keyValues(
    [
      ["reason", r.reason],
      ["nearest", r.target ? `${style.id(r.target.id)} (similarity ${r.target.similarity})` : undefined],
      ["superseded", r.superseded.length ? r.superseded.map(style.id).join(", ") : undefined],
      ["derived", r.derived.length ? r.derived.map(style.id).join(", ") : undefined],
      ["notes", r.notes.length ? r.notes.join("; ") : undefined],
    ],
    style,
  );
  return `${head}\n${indent(details)}`;
}
