/**
 * Line-oriented JSON-RPC over a spawned child's stdio, as the stdio MCP server speaks it: each
 * line the child writes is one message, read in order; a message that comes before it is asked
 * for waits in a queue.
 *
 *   const io = jsonLines(spawn(process.execPath, [bin, "--db", file, "serve"]));
 *   io.send({ jsonrpc: "2.0", id: 1, method: "tools/list" });
 *   expect(await io.next()).toMatchObject({ id: 1 });
 */
import type { ChildProcess } from "node:child_process";

export interface JsonLines {
  /** Writes one message as a line of JSON. */
  send(message: unknown): void;
  /** Writes text or bytes as they are (a line cut in pieces, a line that is not JSON or not UTF-8). */
  sendRaw(data: string | Buffer): void;
  /** The next message the child wrote; rejects when none comes within 20 s. */
  next(): Promise<Record<string, unknown>>;
}

export function jsonLines(child: ChildProcess): JsonLines {
  let buffer = "";
  const queue: Record<string, unknown>[] = [];
  const waiting: ((m: Record<string, unknown>) => void)[] = [];
  child.stdout!.on("data", (c: Buffer) => {
    buffer += c.toString("utf8");
    for (let nl = buffer.indexOf("\n"); nl !== -1; nl = buffer.indexOf("\n")) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (!line.trim()) continue;
      const m = JSON.parse(line) as Record<string, unknown>;
      const w = waiting.shift();
      w ? w(m) : queue.push(m);
    }
  });
  return {
    send: (message) => {
      child.stdin!.write(`${JSON.stringify(message)}\n`);
    },
    sendRaw: (data) => {
      child.stdin!.write(data);
    },
    next: () =>
      new Promise((resolve, reject) => {
        const q = queue.shift();
        if (q) return resolve(q);
        const timer = setTimeout(() => reject(new Error("no answer within 20 s")), 20_000);
        waiting.push((m) => {
          clearTimeout(timer);
          resolve(m);
        });
      }),
  };
}
