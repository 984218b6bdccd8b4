/**
 * What a parsed command is and what it runs with: the contract between the program (which parses
 * argv into an Invocation), the command registrars (agent, continuity, exchange) and `runMain`
 * (which opens the store and runs it). Its own module so none of them imports another's.
 */
import type { Memory, ProgressHooks } from "../core/engine.js";
import type { StrataError } from "../core/errors.js";
import type { Style } from "./style.js";

/** What `runMain` needs from its surroundings to run a command; resolved from flags and environment. */
export interface RunEnv {
  /**
   * The store (--db, STRATA_DB or ~/.strata/memory.db): an absolute SQLite file path, or a
   * `postgres://` URL as given.
   */
  dbPath: string;
  /** The same, password removed, for messages. */
  dbLabel: string;
  /** Whether that file existed before this run; null for a PostgreSQL URL. */
  dbExisted: boolean | null;
  /**
   * For a PostgreSQL URL, set once the store is open: whether opening made the schema's Strata
   * tables (none were there). Undefined for a SQLite file (`dbExisted` says it) and before opening.
   */
  schemaCreated?: boolean;
  /**
   * The `--db STORE` words a command this one tells the user to run must carry to reach the same
   * store (`--db /abs/team.db`, the URL without its password): set when --db, STRATA_DB or a
   * settings file named the store, absent for the default one. Optional: none when absent.
   */
  dbOption?: string;
  /**
   * How the user runs this CLI, for the commands a command tells them to run next: `npx strata`
   * when npx started it (no `strata` on the PATH yet, as in the README's quick start), else
   * `strata`. Optional: `strata` when absent.
   */
  self?: string;
  /** Resolves a user-given path against the working directory. */
  resolvePath(path: string): string;
  /** A fresh file path in a new temporary folder. */
  tempPath(): string;
  /**
   * Hooks for long work: a progress bar on stderr when it is a terminal and neither --json nor
   * --quiet is set; no-ops otherwise. `runMain` stops the bar when the command ends. With
   * `lines`, a stderr that is not a terminal gets a plain line per step instead (`label 2000/10000`).
   */
  progress(label: string, options?: { lines?: boolean }): ProgressHooks;
  /**
   * A line on stderr as long work goes on (the worker's outcome per namespace), unless --quiet
   * or --json (whose one answer on stdout holds the same): the rule of the progress bars.
   * Optional: commands that only return an answer never need it.
   */
  notice?(text: string): void;
  /**
   * A line on stderr about something that failed while the command goes on (a worker's tick or
   * namespace that failed and will be retried): always written, --json and --quiet too, as
   * errors are. Optional, like `notice`.
   */
  problem?(text: string): void;
  /** The text of a file (resolved against the working directory), or of stdin for `-` or none. */
  readInput(path: string | undefined): Promise<string>;
  /**
   * The lines of a file (or of stdin for `-` or none), to read as often as asked: each call of the
   * returned function reads them again from the start. A file streams, a chunk at a time; stdin or
   * a pipe, which cannot be read twice, is kept in memory on the first read (at most
   * `MAX_HELD_CHARS`; a line at most `MAX_LINE_BYTES`).
   */
  readLines(path: string | undefined): () => AsyncIterable<string>;
  /**
   * For the lines `readLines(path)` reads: the command that goes on from a line, the user's own
   * words with that input fed from `tail -n +LINE` (`resumeCommand`). Optional: without it a
   * command says the pattern.
   */
  resumeFrom?(path: string | undefined): (line: number) => string;
  /**
   * From now until the command ends, Ctrl-C (SIGINT) asks the command to stop at its next safe
   * point instead of killing the process; a second Ctrl-C stops at once (exit 130). Returns
   * whether a stop was asked. Optional: only commands that check it call it.
   */
  interruptible?(): () => boolean;
  /** Whether the answer prints as JSON (--json): a command may skip what only that answer lists. */
  json: boolean;
  /**
   * Writes a file (resolved, its folder created) and returns its absolute path. `options.guard`,
   * given the absolute path, may throw to refuse it before anything is written (see `outputGuard`);
   * an existing file is a usage error naming --force unless `options.force`.
   */
  writeOutput(path: string, text: string, options?: OutputOptions): Promise<string>;
  /** The absolute path `writeOutput` would write, checked as it checks it; nothing is written. */
  outputPath(path: string, options?: OutputOptions): string;
  /** Resolves a path for a new file (a usage error naming backup's --force if it exists) and creates its folder. */
  freshPath(path: string): string;
  /** The absolute paths of the files in `dir` whose names match `name` ([] when `dir` does not exist). */
  outputsIn(dir: string, name: RegExp): string[];
  /** Deletes a file an earlier output wrote (`audit --jsonl DIR --force`: the old export's tail). */
  removeOutput(path: string): void;
}

/** How a command writes a file the user names (`export --out`, `continuity --out`, `audit --jsonl`). */
export interface OutputOptions {
  /** Refuses the absolute path before anything is written (`outputGuard`: the store's own files). */
  guard?: (file: string) => void;
  /** Replace an existing file (the command's --force); without it an existing file is refused. */
  force?: boolean;
}

export interface Invocation<T = unknown> {
  command: string;
  /**
   * Engine commands get the store opened at `dbPath`; others (demo) open what they need. A
   * command that diagnoses (doctor) names `withoutStore`: run instead of `engine` when the SQLite
   * file does not exist, so looking creates nothing.
   */
  run:
    | {
        engine: (mem: Memory, env: RunEnv) => Promise<T>;
        withoutStore?: (env: RunEnv) => Promise<T>;
        /**
         * Run instead of `engine` when the store exists but cannot be opened (STORE_UNAVAILABLE:
         * not a database, a server that refuses; SCHEMA_TOO_NEW: written by a newer Strata), with
         * that refusal: a command that diagnoses reports it as what it found.
         */
        unopenable?: (env: RunEnv, refusal: StrataError) => Promise<T>;
      }
    | { standalone: (env: RunEnv) => Promise<T> };
  render: (data: T, style: Style) => string;
  /**
   * The file the command reads (as the user gave it), or `-` for stdin: `runMain` refuses it
   * before the store opens when it cannot be read (missing, a folder, stdin a terminal), so the
   * usage error creates no store. Undefined for a command that reads no input.
   */
  input?: string;
  /** Exit code for a successful call; default 0 (verify returns 1 for a broken chain). */
  exitCode?: (data: T) => number;
}

export interface GlobalOptions {
  db?: string;
  config?: string;
  embedder?: string;
  namespace?: string;
  json?: boolean;
  quiet?: boolean;
}

export interface ProgramOutput {
  writeOut(text: string): void;
  writeErr(text: string): void;
}
