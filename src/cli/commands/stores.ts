/**
 * Moving and re-embedding a store: `strata transfer --from … --to …` and `strata reindex`.
 * The work lives in the store layer (transferStore) and the engine (mem.reindex); these
 * functions open what they are told to and shape the answer.
 */
import type { Memory, ProgressHooks } from "../../core/engine.js";
import { StrataError } from "../../core/errors.js";
import type { Embedder } from "../../core/ports.js";
import type { ReindexReport } from "../../core/reindex.js";
import type { TransferReport } from "../../store/transfer.js";
import { type Style, table } from "../style.js";
import { UsageError } from "../usage-error.js";

export interface TransferArgs {
  from?: string;
  to?: string;
  pageSize?: number;
}

export interface TransferResult extends TransferReport {
  /** Where from and to, passwords removed. */
  from: string;
  to: string;
}

/** `strata transfer --from sqlite:./agent.db --to postgres://strata@db/strata` */
export async function runTransfer(args: TransferArgs, hooks: ProgressHooks = {}): Promise<TransferResult> {
  if (!args.from || !args.to)
    throw new UsageError(
      "transfer needs --from and --to (sqlite:PATH, a file path, or postgres://user@host:5432/db).",
    );
  const { describeLocation, openStore, sameStoreFiles } = await import("../../store/open-store.js");
  const { transferStore } = await import("../../store/transfer.js");
  if (describeLocation(args.from) === describeLocation(args.to))
    throw new UsageError("transfer needs two different stores: --from and --to name the same one.");
  if (await sameStoreFiles(args.from, args.to))
    throw new StrataError(
      "CONFLICT",
      `--to ${describeLocation(args.to)} and --from ${describeLocation(args.from)} reach the same store's files (the database, its -wal, -shm or -journal, or a lock; through a link or not): a copy there would write over the store it reads. Pick a new file for --to; nothing was opened.`,
      { from: describeLocation(args.from), to: describeLocation(args.to) },
    );
  if (args.pageSize !== undefined && args.pageSize < 1)
    throw new UsageError(`--page-size must be at least 1, got ${args.pageSize}.`);
  // The source is read, never made: a mistyped --from is not an empty store to copy.
  const from = args.from;
  const source = await openStore(from, { create: false }).catch((error: unknown) => {
    if (
      error instanceof StrataError &&
      error.code === "STORE_UNAVAILABLE" &&
      error.details.reason === "missing"
    )
      throw new UsageError(
        `--from ${describeLocation(from)}: no store there (${
          typeof error.details.schema === "string"
            ? `the schema holds no Strata tables`
            : error.details.empty === true
              ? "the file is empty"
              : "the file does not exist"
        }); nothing was created or transferred. Check the ${typeof error.details.schema === "string" ? "?schema= (default strata)" : "path"}.`,
      );
    throw error;
  });
  try {
    const target = await openStore(args.to);
    try {
      const report = await transferStore(source, target, {
        ...(args.pageSize !== undefined ? { pageSize: args.pageSize } : {}),
        ...(hooks.onProgress ? { onProgress: hooks.onProgress } : {}),
      });
      return { from: describeLocation(args.from), to: describeLocation(args.to), ...report };
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

export const transferExitCode = (r: TransferResult): number => (r.ok ? 0 : 1);

export function renderTransfer(r: TransferResult, style: Style): string {
  const head = r.ok
    ? style.good(
        `transferred ${r.rows} rows in ${(r.ms / 1000).toFixed(1)} s; audit chain intact (${r.audit.entries} ${r.audit.entries === 1 ? "entry" : "entries"})`,
      )
    : style.bad(`transfer INCOMPLETE: ${r.problems.join("; ")}`);
  const rows = table(
    Object.entries(r.copied),
    [
      { header: "SECTION", value: ([s]) => s },
      { header: "ROWS", value: ([, n]) => String(n), right: true },
    ],
    style,
  );
  return `${style.dim(`${r.from} → ${r.to}`)}\n${head}\n${rows}`;
}

/** `strata reindex`: re-embed everything with the configured embedder. */
export async function runReindex(mem: Memory, hooks: ProgressHooks = {}): Promise<ReindexReport> {
  return mem.reindex({}, hooks);
}

export function renderReindex(r: ReindexReport, style: Style): string {
  const before = r.before.map((g) => `${g.embedder} ×${g.count}`).join(", ") || "none";
  return [
    style.good(
      `re-embedded ${r.episodes} episodes and ${r.beliefs} beliefs with ${r.embedder} in ${(r.ms / 1000).toFixed(1)} s`,
    ),
    style.dim(`vectors before: ${before}; removed ${r.removed} stale`),
  ].join("\n");
}

export interface EmbedderSettings {
  /** `hashed` (default) or `http`. */
  name?: string | undefined;
  url?: string | undefined;
  model?: string | undefined;
  key?: string | undefined;
  /**
   * Where the name was set, as the user wrote it (`--embedder http`, `STRATA_EMBEDDER=http`,
   * `"embedder": "http" in ./strata.config.json`): what a refusal names, so a name set by the
   * environment or a settings file is not reported as a flag nobody typed. Default `--embedder NAME`.
   */
  said?: string | undefined;
}

/**
 * The embedder the CLI runs with, from `--embedder` and the STRATA_EMBED_* values `runMain`
 * read. Undefined means the default (hashed n-grams).
 */
export async function resolveEmbedder(s: EmbedderSettings): Promise<Embedder | undefined> {
  const name = s.name ?? (s.url ? "http" : "hashed");
  const said =
    s.said ?? (s.name === undefined ? "the http embedder (STRATA_EMBED_URL is set)" : `--embedder ${name}`);
  if (name === "hashed") return undefined;
  if (name === "http") {
    if (!s.url || !s.model)
      throw new UsageError(
        `${said} needs STRATA_EMBED_URL (e.g. http://localhost:11434/v1) and STRATA_EMBED_MODEL (e.g. nomic-embed-text); STRATA_EMBED_KEY when the server wants one.`,
      );
    const { createHttpEmbedder } = await import("../../embed/http-embedder.js");
    return createHttpEmbedder({ baseUrl: s.url, model: s.model, ...(s.key ? { apiKey: s.key } : {}) }).init();
  }
  throw new UsageError(`unknown embedder "${name}" (${said}): use hashed or http.`);
}
