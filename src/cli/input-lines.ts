/**
 * Input read a line at a time, for commands that stream a file (`remember --jsonl`,
 * `record --jsonl`): a file is read in chunks and never held whole; stdin is read once.
 */
import { accessSync, constants, createReadStream, statSync } from "node:fs";
import { isStrataError } from "../core/errors.js";
import { UsageError } from "./usage-error.js";

/**
 * The lines of `file`, read as a stream (a chunk of the file in memory at a time), split where
 * readline splits (\n, \r\n, a lone \r). Each line's bytes are read by `decode` (the core's
 * `utf8Text`, passed in so that this module, loaded by every command, loads no schema library): a
 * byte that is not UTF-8 is refused (INVALID_INPUT, naming the line and the byte), never read as
 * U+FFFD. A newline byte is never part of a UTF-8 character, so a line's bytes stand alone.
 */
export async function* fileLines(file: string, decode: Decode): AsyncGenerator<string> {
  const stream = createReadStream(file);
  let line = 0;
  const texts = (bytes: Buffer): string[] =>
    decode(bytes, `${file} line ${++line}`).replace(/\r$/, "").split("\r");
  try {
    let rest: Buffer = Buffer.alloc(0);
    for await (const chunk of stream) {
      let data: Buffer = rest.length > 0 ? Buffer.concat([rest, chunk as Buffer]) : (chunk as Buffer);
      for (let nl = data.indexOf(0x0a); nl !== -1; nl = data.indexOf(0x0a)) {
        yield* texts(data.subarray(0, nl));
        data = data.subarray(nl + 1);
      }
      rest = data;
    }
    if (rest.length > 0) yield* texts(rest);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === undefined || isStrataError(error)) throw error;
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

/** Bytes read as UTF-8 text, or a refusal naming `what` (the core's `utf8Text`). */
export type Decode = (bytes: Uint8Array, what: string) => string;

/** All of stdin as text, read by `decode`; a usage error when it is a terminal (nothing piped in). */
export async function readStdin(decode: Decode): Promise<string> {
  if (process.stdin.isTTY) throw new UsageError(NOTHING_PIPED);
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return decode(Buffer.concat(chunks), "stdin");
}
