/**
 * Writes through the gate: `record` (an episode), `remember` (a belief), `capture` (a rule).
 * Each returns the gate's result untouched; `renderGate` says what the gate did and why.
 */
import type { Memory, ProgressHooks } from "../../core/engine.js";
import { StrataError } from "../../core/errors.js";
import type { GateResult, Verdict } from "../../core/model.js";
import type { InputIssue } from "../../core/validate.js";
import { withoutUndefined } from "../args.js";
import { indent, keyValues, type Style } from "../style.js";
import { UsageError } from "../usage-error.js";

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
  /** The episodes the belief rests on (`--sources e1,e4`). */
  sources?: string[];
  steps?: string[];
  /** Names the belief: one current belief per key (a changed statement supersedes). */
  key?: string;
  metadata?: Record<string, unknown>;
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
  /** The session reporting the feedback (`--session`): the same feedback counts once per session. */
  session?: string;
  at?: string;
  /** The episodes the rule rests on (`--sources e1,e4`). */
  sources?: string[];
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

export interface JsonlArgs {
  /**
   * The JSONL input, one item a line (a JSON string, or an object with the text and its options);
   * called once per pass (checked first, then written), each call reading from the start.
   */
  lines: () => AsyncIterable<string>;
  /** Keep one result per item for the answer (--json lists them); without, memory stays bounded. */
  keepResults?: boolean;
  /** Items per transaction (default 1000; 10,000 with `gate: "off"`; at most 10,000). */
  batchSize?: number;
  /** `remember` only: "off" stores every line without comparison (a known-clean collection). */
  gate?: string | undefined;
  /**
   * Asked before each batch is written: true stops there (Ctrl-C), the batches written so far
   * kept, and the answer says where the input stopped (`interrupted`).
   */
  stopRequested?: () => boolean;
  /**
   * The command that goes on from input line `line`, said when a run stops part way: the user's
   * own words (namespace, store, gate kept; paths quoted), the input read from `tail -n +LINE`.
   * Default: `tail -n +LINE FILE | strata COMMAND --jsonl -`, a pattern to fill in.
   */
  resumeFrom?: (line: number) => string;
}

export interface JsonlResult {
  command: "remember" | "record";
  /** Items read (non-blank lines). */
  items: number;
  /** Items that wrote a new row; the rest were redundant (support +1). */
  stored: number;
  counts: Record<Verdict, number>;
  /** Transactions (one embedding call each). */
  batches: number;
  batchSize: number;
  /**
   * "off": stored without comparison (`--gate off`); "on": every item through the gate;
   * "approximate": through the gate with the cheap candidate search (`--gate approximate`).
   */
  gate: "on" | "approximate" | "off";
  /** Wall seconds for the writes (parsing and checking included). */
  seconds: number;
  /** One gate result per item, in input order (when asked for: the JSON answer). */
  results?: GateResult[];
  /**
   * Set when the run was stopped (Ctrl-C) between batches: `written` items are stored (every
   * batch before the stop, whole); the input from line `nextLine` on was not written.
   */
  interrupted?: { written: number; nextLine: number; resume: string };
}

/** Default of `--batch-size` for gated lines (each one compared with the store and the batch). */
export const DEFAULT_JSONL_BATCH = 1000;

/**
 * Default of `--batch-size` with `--gate off`: ten of the import's chunks of 1,024
 * (src/core/import-prep.ts) and a part, so a worker thread prepares the next chunks while one
 * is written (a batch of one chunk is prepared in the writing thread). The most a batch may hold.
 */
export const DEFAULT_IMPORT_BATCH = 10_000;

/**
 * `strata remember --jsonl FILE` and `strata record --jsonl FILE`: every line through the write
 * gate, `batchSize` items per transaction (`rememberMany` / `recordMany`). The input is read twice,
 * a batch at a time, never whole: first every line is parsed and checked, so a bad line (named by
 * its number) refuses the whole input before anything is written; then the lines are read again
 * and written batch by batch. A failure while writing (an unknown source episode) rolls back its
 * own batch and stops; the batches before it stay written, and the error says how many items
 * they held.
 *
 *   printf '%s\n' '"The staging database is Postgres 16"' '{"statement":"Retry limit is 5","at":"2026-01-10"}' | strata remember --jsonl -
 */
export async function runJsonl(
  mem: Memory,
  command: "remember" | "record",
  args: JsonlArgs,
  hooks: ProgressHooks = {},
): Promise<JsonlResult> {
  const started = globalThis.performance.now();
  const batchSize = args.batchSize ?? (args.gate === "off" ? DEFAULT_IMPORT_BATCH : DEFAULT_JSONL_BATCH);
  const { checkItems, MAX_BATCH_ITEMS } = await import("../../core/gated-writes.js");
  // Flags of the CLI's own batching, not fields of an operation: a bad one is bad usage (exit 2).
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_BATCH_ITEMS)
    throw new UsageError(
      `--batch-size must be a whole number from 1 to ${MAX_BATCH_ITEMS}, got ${batchSize}.`,
    );
  if (args.gate !== undefined && args.gate !== "on" && args.gate !== "approximate" && args.gate !== "off")
    throw new UsageError(`--gate must be one of on, approximate, off, got "${args.gate}".`);
  if (args.gate === "off" && command === "record")
    throw new UsageError(
      "--gate off is for remember --jsonl only: every recorded event goes through the gate (on or approximate).",
    );
  const gate = args.gate === "off" || args.gate === "approximate" ? args.gate : "on";
  const layer = command === "remember" ? "belief" : "episode";
  const resumeFrom =
    args.resumeFrom ?? ((line: number) => `tail -n +${line} FILE | strata ${command} --jsonl -`);

  // Pass 1: every line parsed and checked, a batch at a time; nothing is written. What each batch
  // held is kept as a digest, so pass 2 writes only what was checked (a file rewritten between
  // the two reads: attacks48).
  const { createHash } = await import("node:crypto");
  const digest = (batch: { items: unknown[]; lines: number[] }) =>
    createHash("sha256")
      .update(JSON.stringify([batch.lines, batch.items]))
      .digest("base64");
  const checked: { digest: string; line: number }[] = [];
  let items = 0;
  for await (const batch of batchesOf(args.lines(), batchSize, command)) {
    try {
      checkItems(layer, batch.items);
    } catch (error) {
      atLine(error, batch.lines, command);
    }
    items += batch.items.length;
    checked.push({ digest: digest(batch), line: batch.lines[0]! });
  }

  // Pass 2: the same lines again, written a batch (one transaction) at a time.
  const counts = Object.fromEntries(
    (["novel", "refinement", "contradiction", "redundant", "outcome-conflict"] as const).map((v) => [v, 0]),
  ) as Record<Verdict, number>;
  const results: GateResult[] | undefined = args.keepResults === false ? undefined : [];
  let stored = 0;
  let written = 0;
  let batches = 0;
  hooks.onProgress?.(0, items);
  let interrupted: JsonlResult["interrupted"];
  const changed = (line: number) =>
    new StrataError(
      "INVALID_INPUT",
      `the input changed since it was checked: from line ${line} it is not what the first read checked (a file rewritten, cut or added to while it was read). ${written > 0 ? `The ${written} items before line ${line} were written, nothing from it on: go on with ${resumeFrom(line)} once the file is as it should be.` : "Nothing was written."}`,
      { line, written },
    );
  for await (const batch of batchesOf(args.lines(), batchSize, command)) {
    const chunk = batch.items;
    if (checked[batches]?.digest !== digest(batch)) throw changed(checked[batches]?.line ?? batch.lines[0]!);
    // One turn of the event loop, so a Ctrl-C that came during the last batch is heard: a file
    // read whole in one chunk and a synchronous store otherwise never leave the microtask queue.
    if (args.stopRequested) await new Promise((resume) => setImmediate(resume));
    if (args.stopRequested?.()) {
      interrupted = { written, nextLine: batch.lines[0]!, resume: resumeFrom(batch.lines[0]!) };
      break;
    }
    try {
      const r =
        command === "remember"
          ? await mem.rememberMany(chunk as Parameters<Memory["rememberMany"]>[0], { gate })
          : await mem.recordMany(chunk as Parameters<Memory["recordMany"]>[0], {
              gate: gate === "approximate" ? "approximate" : "on",
            });
      for (const result of r.results) {
        counts[result.verdict]++;
        if (result.stored) stored++;
        results?.push(result);
      }
    } catch (error) {
      if (error instanceof StrataError && typeof error.details.index === "number")
        atLine(error, batch.lines, command);
      if (error instanceof StrataError && written > 0)
        throw new StrataError(
          error.code,
          `${error.message} (the ${written} items before this batch of ${chunk.length} were written; this batch and the rest were not: once it is mended, go on with ${resumeFrom(batch.lines[0]!)})`,
          { ...error.details, written },
        );
      throw error;
    }
    written += chunk.length;
    batches++;
    hooks.onProgress?.(written, items);
  }
  if (!interrupted && batches < checked.length) throw changed(checked[batches]!.line);
  const seconds = Math.round(globalThis.performance.now() - started) / 1000;
  return {
    command,
    items,
    stored,
    counts,
    batches,
    batchSize,
    gate,
    seconds,
    ...(results ? { results } : {}),
    ...(interrupted ? { interrupted } : {}),
  };
}

/** Up to `size` parsed items at a time, each with its line number (blank lines skipped). */
async function* batchesOf(
  lines: AsyncIterable<string>,
  size: number,
  command: "remember" | "record",
): AsyncGenerator<{ items: unknown[]; lines: number[] }> {
  let items: unknown[] = [];
  let numbers: number[] = [];
  let n = 0;
  for await (const raw of lines) {
    n++;
    const line = raw.trim();
    if (!line) continue;
    try {
      items.push(JSON.parse(line));
    } catch {
      // Items a lone \r separates (old Mac line endings) are one line to JSONL and to tail: said so.
      const loneCr = line.includes("\r")
        ? " It holds a carriage return (\\r) with no newline after it: JSONL ends a line with \\n (or \\r\\n) only, so items a lone \\r separates are one line; convert the file first (tr '\\r' '\\n' < FILE > FILE.jsonl)."
        : "";
      throw new StrataError(
        "INVALID_INPUT",
        `line ${n} is not JSON: write one JSON string or object per line, e.g. {"${command === "remember" ? "statement" : "content"}": "…"}.${loneCr}`,
        { line: n },
      );
    }
    numbers.push(n);
    if (items.length === size) {
      yield { items, lines: numbers };
      items = [];
      numbers = [];
    }
  }
  if (items.length > 0) yield { items, lines: numbers };
}

/**
 * An item's error restated at its line of the input: the engine names the item by its index in
 * the batch (`rememberMany item 2`), which says nothing about the file; the line number does.
 * A field the schema refuses reads as a flag does (`line 5: kind must be one of fact, failure,
 * procedure, got "bogus".`); any other refusal keeps the engine's words.
 */
function atLine(error: unknown, lines: readonly number[], command: "remember" | "record"): never {
  if (error instanceof StrataError && typeof error.details.index === "number") {
    const line = lines[error.details.index]!;
    const issues = Array.isArray(error.details.issues) ? (error.details.issues as InputIssue[]) : [];
    const fields = issues.map((i) => ({ ...i, field: i.path.filter((p) => p !== "options").join(".") }));
    const said =
      fields.length > 0 && fields.every((f) => f.allowed !== undefined && f.field !== "")
        ? fields
            .map(
              (f) =>
                `${f.field} must be ${f.allowed}${f.received !== undefined ? `, got ${JSON.stringify(f.received)}` : ""}.`,
            )
            .join(" ")
        : error.message.replace(`Invalid ${command}Many item ${error.details.index}`, `Invalid ${command}`);
    throw new StrataError(error.code, `line ${line}: ${said}`, { ...error.details, line });
  }
  throw error;
}

/** A summary: how many items, what was stored, the verdicts, and the rate. */
export function renderJsonl(r: JsonlResult, style: Style): string {
  const done = r.interrupted?.written ?? r.items;
  const rate = r.seconds > 0 ? Math.round(done / r.seconds) : done;
  const verdicts = Object.entries(r.counts)
    .filter(([, n]) => n > 0)
    .map(([v, n]) => `${v} ${n}`)
    .join(", ");
  const count = r.interrupted ? `${done} of ${r.items}` : `${r.items}`;
  const head =
    r.gate === "off"
      ? `${style.good(`remembered ${count}`)} item${r.items === 1 ? "" : "s"} without the write gate (--gate off): stored ${r.stored}`
      : `${style.good(`${r.command === "remember" ? "remembered" : "recorded"} ${count}`)} item${r.items === 1 ? "" : "s"} through the write gate: stored ${r.stored}, strengthened ${done - r.stored}`;
  const stop = r.interrupted
    ? `\n${style.warn("interrupted")} (Ctrl-C): lines from ${r.interrupted.nextLine} on were not written. To go on without restating what is stored: ${r.interrupted.resume}`
    : "";
  return `${head}${stop}\n${indent(
    keyValues(
      [
        ["verdicts", verdicts || "none"],
        ["batches", `${r.batches} of up to ${r.batchSize} (one transaction each)`],
        ["time", `${r.seconds} s (${rate} items/s)`],
      ],
      style,
    ),
  )}`;
}
