/**
 * Input read a line at a time, for commands that stream a file (`remember --jsonl`,
 * `record --jsonl`): a file is read in chunks and never held whole; stdin is read once.
 */
import { accessSync, constants, createReadStream, statSync } from "node:fs";
import { createInterface } from "node:readline";
import { UsageError } from "./usage-error.js";

/** The lines of `file`, read as a stream (a chunk of the file in memory at a time). */
export async function* fileLines(file: string): AsyncGenerator<string> {
  const stream = createReadStream(file, { encoding: "utf8" });
  try {
    yield* createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === undefined) throw error;
    throw unreadable(file, code);
  } finally {
    stream.destroy();
  }
}

/** The lines of a text, split where a file's lines would be. */
export async function* textLines(text: Promise<string>): AsyncGenerator<string> {
  for (const line of (await text).split("\n")) yield line;
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

/** All of stdin as text; a usage error when it is a terminal (nothing piped in). */
export async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) throw new UsageError(NOTHING_PIPED);
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
