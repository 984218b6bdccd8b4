/**
 * Input read a line at a time, for commands that stream a file (`remember --jsonl`,
 * `record --jsonl`): a file is read in chunks and never held whole; stdin and a pipe are read
 * once and held, up to a bound.
 */
import { accessSync, constants, createReadStream, readFileSync, statSync } from "node:fs";
import { byteNotUtf8, firstNonUtf8, isStrataError, StrataError } from "../core/errors.js";
import { shellWord } from "./style.js";
import { UsageError } from "./usage-error.js";

/**
 * The longest line `remember/record --jsonl` reads, in bytes: four times the longest item a line
 * can hold (a statement of 8,000 characters, 100 steps of 1,000, metadata of 16,000, every
 * character written as a `\uXXXX` escape: under 0.8 MB). A longer line is refused when its bytes
 * pass the bound, before it is parsed: a pipe of gigabytes with no newline was held whole, and its
 * line grew by copying (a 32 MB line took 100 s to read, attacks49).
 */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;

/**
 * The most text `heldLines` holds (characters, a byte each for ASCII): stdin and a pipe given as a
 * path are read to their end and held before anything is written, so that a bad line refuses the
 * whole input. More is refused, nothing written, naming the way that reads twice: a file.
 */
export const MAX_HELD_CHARS = 256 * 1024 * 1024;

/**
 * The lines of a byte stream (a file read in chunks, stdin, a pipe), split at \n (a \r before it
 * dropped), as JSONL, `tail -n +N`, `sed -n Np` and `wc -l` split them, a line's chunks joined once
 * at its end, so reading is linear in the input. A lone \r ends no line: split there as readline
 * splits, two items on one of tail's lines were numbered apart, every later line one past tail's,
 * and the command said to go on with, `tail -n +N`, skipped an item or fed none (attacks50); inside a
 * line a \r is JSON's white space. Each line's bytes are read by `decode` (the core's `utf8Text`,
 * passed in so that this module, loaded by every command, loads no schema library): a byte that is
 * not UTF-8 is refused (INVALID_INPUT, naming the line and the byte), never read as U+FFFD. A
 * newline byte is never part of a UTF-8 character, so a line's bytes stand alone. A line over
 * `maxLine` bytes is refused (INVALID_INPUT, `details.line`) as soon as it passes the bound, so a
 * stream with no newline ends.
 *
 *   for await (const line of streamLines(process.stdin, "stdin", decode)) …
 */
export async function* streamLines(
  source: AsyncIterable<Uint8Array | string>,
  name: string,
  decode: Decode,
  maxLine: number = MAX_LINE_BYTES,
): AsyncGenerator<string> {
  let line = 0;
  const text = (bytes: Buffer): string => decode(bytes, `${name} line ${++line}`).replace(/\r$/, "");
  let parts: Buffer[] = [];
  let held = 0;
  const hold = (bytes: Buffer) => {
    held += bytes.length;
    if (held > maxLine)
      throw new StrataError(
        "INVALID_INPUT",
        `${name} line ${line + 1} is longer than ${maxLine.toLocaleString("en-US")} bytes, more than any item a line can hold (JSONL holds one item a line: is this JSONL?). Nothing was written.`,
        { line: line + 1, maxLineBytes: maxLine },
      );
    parts.push(bytes);
  };
  // The held line's bytes, joined once (a line in one chunk is not copied), and nothing held after.
  const take = (): Buffer => {
    const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
    parts = [];
    held = 0;
    return bytes;
  };
  for await (const chunk of source) {
    const data =
      typeof chunk === "string"
        ? Buffer.from(chunk)
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    let start = 0;
    for (let nl = data.indexOf(0x0a); nl !== -1; nl = data.indexOf(0x0a, start)) {
      hold(data.subarray(start, nl));
      yield text(take());
      start = nl + 1;
    }
    if (start < data.length) hold(data.subarray(start));
  }
  if (held > 0) yield text(take());
}

/** The lines of `file`, read as a stream (a chunk of the file in memory at a time): `streamLines`. */
export async function* fileLines(file: string, decode: Decode): AsyncGenerator<string> {
  const stream = createReadStream(file);
  try {
    yield* streamLines(stream, file, decode);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === undefined || isStrataError(error)) throw error;
    throw unreadable(file, code);
  } finally {
    stream.destroy();
  }
}

/**
 * Lines read once and held, each later call replaying them: for an input that cannot be read
 * twice — stdin, a pipe given as a path, bash's `<(…)` (/dev/fd/63) or a FIFO, is empty (or, a
 * FIFO, waits for a new writer) the second time. `remember --jsonl <(…)` checked its lines on the
 * first read and wrote none on the second, saying "strengthened" (attacks48). At most `limit`
 * characters are held: more is refused (INVALID_INPUT), so a pipe of gigabytes, or one that never
 * ends, stops the command with nothing written instead of filling memory (attacks49).
 *
 *   const lines = heldLines(() => fileLines("/dev/fd/63", decode), "/dev/fd/63"); // lines() twice: the same lines
 */
export function heldLines(
  read: () => AsyncIterable<string>,
  name: string,
  limit: number = MAX_HELD_CHARS,
): () => AsyncIterable<string> {
  let held: Promise<string[]> | null = null;
  const collect = async () => {
    const out: string[] = [];
    let chars = 0;
    for await (const line of read()) {
      chars += line.length + 1;
      if (chars > limit)
        throw new StrataError(
          "INVALID_INPUT",
          `${name} holds more than ${Math.round(limit / 1024 / 1024)} MiB of text: input that can be read only once (stdin, a pipe) is held in memory to be checked before anything is written, and this much is not. Nothing was written. Write it to a file first and pass the file, which is read twice and never held: … > items.jsonl, then --jsonl items.jsonl.`,
          { maxHeldChars: limit },
        );
      out.push(line);
    }
    return out;
  };
  return () =>
    (async function* () {
      held ??= collect();
      yield* await held;
    })();
}

/**
 * The command that goes on with a `--jsonl` input from its line `line`, said when a run stops part
 * way: the user's own words in their order (namespace, gate, batch size kept: the printed
 * `tail … | strata remember --jsonl -` wrote the rest into the default namespace of the default
 * store), the input read from `tail -n +LINE FILE` on stdin, the store's word replaced by `db` (its
 * path, or a PostgreSQL URL without its password, which is never echoed), each word quoted for a
 * POSIX shell. Stdin has no name to give `tail`: FILE stands for what was piped in.
 *
 * `wrote` is the store and namespace the run wrote to: each the user did not type (`--db`, `-n`) is
 * put before the command, so pasted in another folder or shell the rest goes where the run's first
 * part went, not to the store a settings file found from there or another `STRATA_DB` names
 * (attacks51). A password that came with `STRATA_DB` is not in it: the command then reads it from
 * ~/.pgpass or PGPASSWORD, or is refused before it writes.
 *
 *   resumeCommand(["-n", "work", "remember", "--jsonl", "my items.jsonl"], { file: "/home/ana/my items.jsonl", self: "strata" }, 7);
 *   // tail -n +7 '/home/ana/my items.jsonl' | strata -n work remember --jsonl -
 *   resumeCommand(["remember", "--jsonl", "-"], { file: null, self: "strata", wrote: { db: "/w/m.db", namespace: "team" } }, 7);
 *   // tail -n +7 FILE | strata --db /w/m.db -n team remember --jsonl -
 */
export function resumeCommand(
  argv: readonly string[],
  o: { file: string | null; db?: string; self: string; wrote?: { db: string; namespace: string } },
  line: number,
): string {
  const db = o.db ?? o.wrote?.db;
  const words: string[] = [];
  let typed = { db: false, namespace: false };
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === "--") {
      words.push(...argv.slice(i));
      break;
    }
    if ((word === "--jsonl" || word === "--db") && i + 1 < argv.length) {
      words.push(word, word === "--jsonl" ? "-" : (db ?? argv[i + 1]!));
      i++;
    } else if (word.startsWith("--jsonl=")) words.push("--jsonl=-");
    else if (word.startsWith("--db=")) words.push(`--db=${db ?? word.slice("--db=".length)}`);
    else words.push(word);
    if (word === "--db" || word.startsWith("--db=")) typed = { ...typed, db: true };
    if (/^(?:-n|--namespace)(?:$|=)|^-n./.test(word)) typed = { ...typed, namespace: true };
  }
  const pinned = [
    ...(o.wrote && !typed.db ? ["--db", o.wrote.db] : []),
    ...(o.wrote && !typed.namespace ? ["-n", o.wrote.namespace] : []),
  ];
  return `tail -n +${line} ${o.file === null ? "FILE" : shellWord(o.file)} | ${o.self} ${[...pinned, ...words].map(shellWord).join(" ")}`;
}

/** Whether `file` is a regular file, which reads the same twice (not a pipe, a FIFO, a device). */
export function isRegularFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return true; // left to the read, which names the problem
  }
}

/** The usage error for a file a command cannot read (`code`: ENOENT, EISDIR, EACCES …). */
export const unreadable = (file: string, code: string): UsageError =>
  new UsageError(`cannot read ${file} (${code}); pass an existing file, or - for stdin.`);

const NOTHING_PIPED = "this command reads from a file or stdin: pass FILE, or pipe input into it.";

/**
 * Refuses input a command could not read, before the command runs (and before the store opens,
 * so a mistyped file or nothing piped in creates no store): `-` when stdin is a terminal, or a
 * file (an absolute path) that is missing, a folder or unreadable.
 *
 *   checkReadable("/work/missing.json"); // throws: cannot read /work/missing.json (ENOENT); …
 */
export function checkReadable(input: string): void {
  if (input === "-") {
    if (process.stdin.isTTY) throw new UsageError(NOTHING_PIPED);
    return;
  }
  let folder: boolean;
  try {
    folder = statSync(input).isDirectory();
    accessSync(input, constants.R_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === undefined) throw error;
    throw unreadable(input, code);
  }
  if (folder) throw unreadable(input, "EISDIR");
}

/** Bytes read as UTF-8 text, or a refusal naming `what` (the core's `utf8Text`). */
export type Decode = (bytes: Uint8Array, what: string) => string;

/** The lines of stdin (`streamLines`); a usage error when it is a terminal (nothing piped in). */
export async function* stdinLines(decode: Decode): AsyncGenerator<string> {
  if (process.stdin.isTTY) throw new UsageError(NOTHING_PIPED);
  yield* streamLines(process.stdin, "stdin", decode);
}

/** All of stdin as text, read by `decode`; a usage error when it is a terminal (nothing piped in). */
export async function readStdin(decode: Decode): Promise<string> {
  if (process.stdin.isTTY) throw new UsageError(NOTHING_PIPED);
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return decode(Buffer.concat(chunks), "stdin");
}

/** The bytes the OS handed this process (Linux: /proc/self), or null where they cannot be read. */
export interface RawInvocation {
  /** The command line: NUL-terminated arguments, the program's own first. */
  cmdline: () => Uint8Array | null;
  /** The environment the process started with: NUL-terminated `NAME=value` entries. */
  environ: () => Uint8Array | null;
}

const procFile = (path: string) => (): Uint8Array | null => {
  try {
    return readFileSync(path);
  } catch {
    return null;
  }
};

/** Linux's /proc/self; elsewhere (macOS, Windows, no /proc) each reader answers null. */
export const PROC_SELF: RawInvocation = {
  cmdline: procFile("/proc/self/cmdline"),
  environ: procFile("/proc/self/environ"),
};

/** A command-line word or a variable that was not UTF-8: what to say, and where the byte is. */
export interface NotUtf8Input {
  message: string;
  details: { argument: number; byteOffset: number } | { variable: string; byteOffset: number };
}

/** NUL-terminated entries, as /proc/self/cmdline and /proc/self/environ hold them. */
function entries(bytes: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length; i++)
    if (bytes[i] === 0) {
      out.push(bytes.subarray(start, i));
      start = i + 1;
    }
  if (start < bytes.length) out.push(bytes.subarray(start));
  return out;
}

/** Bytes as a shell word a user can type back: `$'caf\xe9'` (ASCII kept, other bytes escaped). */
export function bytesWord(bytes: Uint8Array): string {
  let word = "";
  for (const b of bytes)
    word +=
      b === 0x27 || b === 0x5c
        ? `\\${String.fromCharCode(b)}`
        : b >= 0x20 && b < 0x7f
          ? String.fromCharCode(b)
          : `\\x${b.toString(16).padStart(2, "0")}`;
  return `$'${word}'`;
}

const decoded = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("utf8");

const byteSaid = (bytes: Uint8Array, at: number) => `${byteNotUtf8(bytes, at)} (Latin-1 text, say)`;

const AS_REPLACED =
  "Node reads it as U+FFFD, a character that was never typed, so Strata would store, search or open something else";

/**
 * The first command-line argument, or the first STRATA_* variable, whose bytes are not UTF-8, or
 * null. Node hands a program its arguments and environment already decoded, a byte that starts no
 * UTF-8 character read as U+FFFD: `strata remember $'caf\xe9'` stored "caf\uFFFD" and `--db
 * $'caf\xe9.db'` made a file of another name, in silence. One decision for every CLI input
 * (attacks47), as for stdin and the files a command reads: refused, naming the argument or the
 * variable and the byte, before anything is read or written. Only a word that holds U+FFFD is
 * looked up in the raw bytes (`raw`, /proc/self on Linux), so a well-formed command line reads
 * nothing more; where the raw bytes cannot be read, or do not line up with `argv` (another
 * platform, a process title rewritten), the words are taken as Node read them (docs/cli.md).
 *
 *   notUtf8Input(["recall", "caf\uFFFD"], {}, linux); // argument 2 ($'caf\xe9') is not UTF-8: byte 3 …
 *   notUtf8Input(["recall", "café"], {}, linux);       // null (nothing read)
 */
export function notUtf8Input(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  raw: RawInvocation = PROC_SELF,
): NotUtf8Input | null {
  if (argv.some((a) => a.includes("\uFFFD"))) {
    const bytes = raw.cmdline();
    const words = bytes ? entries(bytes).slice(-argv.length) : [];
    // The user's words are the command line's last ones; each must read as Node read it.
    if (words.length === argv.length && words.every((w, i) => decoded(w) === argv[i]))
      for (const [i, word] of words.entries()) {
        const at = firstNonUtf8(word);
        if (at >= 0)
          return {
            message: `argument ${i + 1} (${bytesWord(word)}) is not UTF-8: ${byteSaid(word, at)}; ${AS_REPLACED}. Pass UTF-8 (a terminal and shell set to a UTF-8 locale; iconv -f latin1 -t utf-8 converts a word). Nothing was changed.`,
            details: { argument: i + 1, byteOffset: at },
          };
      }
  }
  const names = Object.keys(env)
    .filter((name) => name.startsWith("STRATA_") && env[name]?.includes("\uFFFD"))
    .sort();
  if (names.length === 0) return null;
  const bytes = raw.environ();
  if (!bytes) return null;
  for (const entry of entries(bytes)) {
    const eq = entry.indexOf(0x3d);
    if (eq <= 0) continue;
    const name = decoded(entry.subarray(0, eq));
    const value = entry.subarray(eq + 1);
    if (!names.includes(name) || decoded(value) !== env[name]) continue;
    const at = firstNonUtf8(value);
    if (at >= 0)
      return {
        message: `${name} (${bytesWord(value)}) is not UTF-8: ${byteSaid(value, at)}; ${AS_REPLACED}. Set it to UTF-8 text. Nothing was changed.`,
        details: { variable: name, byteOffset: at },
      };
  }
  return null;
}
