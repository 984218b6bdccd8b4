/**
 * Moving memory in and out: `export` (json | markdown | jsonl, to stdout or --out FILE),
 * `import FILE` (a Strata export or the MCP memory server's memory.jsonl, detected) and
 * `backup PATH` (a hot copy of the SQLite file while writers run).
 */
import type { Memory, ProgressHooks } from "../../core/engine.js";
import type { ImportReport } from "../../core/exchange/load.js";
import type { ExportOptions } from "../../core/model.js";
import { withoutUndefined } from "../args.js";
import type { OutputOptions } from "../invocation.js";
import { keyValues, type Style } from "../style.js";
import { outputGuard } from "./output-file.js";

/** Where a command may write files; `runMain` provides it (tests pass a folder of their own). */
export interface FileSink {
  /**
   * Writes `text` to `path` (resolved; its folder created) and returns the absolute path;
   * `options.guard` may refuse the absolute path first, and an existing file is refused unless
   * `options.force`.
   */
  writeOutput(path: string, text: string, options?: OutputOptions): Promise<string>;
  /** The absolute path `writeOutput` would write, checked as it checks it; nothing is written. */
  outputPath(path: string, options?: OutputOptions): string;
  /** Resolves a path for a new file: refused if it exists; its folder is created. */
  freshPath(path: string): string;
  /** The absolute paths of the files in `dir` whose names match `name` ([] when `dir` does not exist). */
  outputsIn(dir: string, name: RegExp): string[];
  /** Deletes a file an earlier output wrote (`audit --jsonl DIR --force`: the old export's tail). */
  removeOutput(path: string): void;
}

export interface ExportArgs {
  format?: string;
  out?: string;
  /** Replace an existing --out file. */
  force?: boolean;
}

export interface ExportResult {
  format: string;
  namespace: string;
  /** Absolute path written, or null when the text is the answer (stdout). */
  path: string | null;
  bytes: number;
  /** The export itself, when not written to a file. */
  text?: string;
}

/** `strata export --format markdown --out memory.md` */
export async function runExport(mem: Memory, args: ExportArgs, files: FileSink): Promise<ExportResult> {
  const format = (args.format ?? "json") as NonNullable<ExportOptions["format"]>;
  const text = await mem.export(withoutUndefined({ format }));
  const bytes = new TextEncoder().encode(text).length;
  const base = { format, namespace: mem.namespace, bytes };
  if (args.out === undefined || args.out === "-") return { ...base, path: null, text };
  return {
    ...base,
    path: await files.writeOutput(args.out, text, {
      guard: await outputGuard(mem),
      force: args.force ?? false,
    }),
  };
}

export function renderExport(r: ExportResult, style: Style): string {
  if (r.path === null) return r.text ?? "";
  return style.good(`exported namespace ${r.namespace} as ${r.format}: ${r.bytes} bytes → ${r.path}`);
}

/** `strata import memory.jsonl`: reads the text (the CLI does), the engine detects the format. */
export async function runImport(
  mem: Memory,
  args: { text: string },
  hooks: ProgressHooks = {},
): Promise<ImportReport> {
  return mem.import(args.text, {}, hooks);
}

/**
 * The import's outcome in a few lines: counts, then what was merged (the lines a user should
 * read) up to a handful; `verbose` lists every statement.
 */
export function renderImport(r: ImportReport, style: Style, options: { verbose?: boolean } = {}): string {
  if (r.format !== "mcp-memory") {
    const rows = Object.entries(r.loaded ?? {})
      .filter(([, n]) => n > 0)
      .map(([s, n]) => `${n} ${s}`)
      .join(", ");
    const chain = r.audit?.ok
      ? style.good("audit chain verifies")
      : style.bad(`audit chain BROKEN (${r.audit?.problems.length ?? 0} problems)`);
    return `${style.good(`imported namespace ${r.namespace} (${r.format})`)}: ${rows || "nothing"}; ${chain}`;
  }
  const c = r.counts;
  const head = style.good(
    `imported ${c.statements} statement(s) from memory.jsonl (${c.entities} entities, ${c.relations} relations) into ${r.namespace}: ${c.stored} stored, ${c.merged} merged`,
  );
  const line = (i: ImportReport["items"][number]) =>
    `${i.action === "stored" ? style.good("stored") : style.dim("merged")} ${style.id(i.beliefId ?? i.episodeId ?? "-")}  ${i.text}  ${style.dim(`(${i.reason})`)}`;
  if (options.verbose) return [head, ...r.items.map(line)].join("\n");
  const SHOWN = 5;
  const merged = r.items.filter((i) => i.action !== "stored");
  return [
    head,
    ...merged.slice(0, SHOWN).map(line),
    ...(merged.length > SHOWN ? [style.dim(`… and ${merged.length - SHOWN} more merged`)] : []),
    ...(r.items.length > merged.slice(0, SHOWN).length
      ? [style.dim("--verbose lists every statement; --json gives them with ids")]
      : []),
  ].join("\n");
}

export interface BackupResult {
  path: string;
  store: string;
}

/** `strata backup backups/memory.db [--force]`: --force replaces an existing file. */
export async function runBackup(
  mem: Memory,
  args: { path: string; force?: boolean },
  files: FileSink & { resolvePath?(path: string): string },
): Promise<BackupResult> {
  if (args.force && files.resolvePath) return mem.backup(files.resolvePath(args.path), { overwrite: true });
  return mem.backup(files.freshPath(args.path));
}

export const renderBackup = (r: BackupResult, style: Style): string =>
  `${style.good("backup written")}\n${keyValues(
    [
      ["path", r.path],
      ["store", r.store],
    ],
    style,
  )}`;
