/**
 * Input read a line at a time, for commands that stream a file (`remember --jsonl`,
 * `record --jsonl`): a file is read in chunks and never held whole; stdin is read once.
 */
import { createReadStream } from "node:fs";
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
    throw new UsageError(`cannot read ${file} (${code}); pass an existing file, or - for stdin.`);
  } finally {
    stream.destroy();
  }
}

/** The lines of a text, split where a file's lines would be. */
export async function* textLines(text: Promise<string>): AsyncGenerator<string> {
  for (const line of (await text).split("\n")) yield line;
}

/** All of stdin as text; a usage error when it is a terminal (nothing piped in). */
export async function readStdin(): Promise<string> {
  if (process.stdin.isTTY)
    throw new UsageError("this command reads from a file or stdin: pass FILE, or pipe input into it.");
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
