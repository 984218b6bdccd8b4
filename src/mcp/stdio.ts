/**
 * The MCP server's stdio transport, bounded. The SDK's own transport closes itself when one
 * message outgrows its buffer, which leaves the server dead (or alive and deaf). This one reads
 * newline-delimited JSON-RPC the same way, but a message over `maxMessageBytes` is answered with
 * a JSON-RPC error (`data.code: "PAYLOAD_TOO_LARGE"`), its bytes are skipped up to the next
 * newline, and the server goes on serving. A line that is not JSON-RPC gets a parse error
 * (`-32700`) instead of silence, and so does a line that is not UTF-8 (its byte named).
 *
 *   await server.connect(new BoundedStdioServerTransport({ maxMessageBytes: 10 * 1024 * 1024 }));
 */
import type { Readable, Writable } from "node:stream";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { type JSONRPCMessage, JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
import { isStrataError, utf8Text } from "../core/errors.js";

/** Largest stdio message, in bytes, unless told otherwise: 10 MiB. */
export const DEFAULT_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
/** How much of an oversized message is kept to find its id. */
const PREFIX_BYTES = 4096;

export interface BoundedStdioOptions {
  stdin?: Readable;
  stdout?: Writable;
  /** Largest message in bytes, newline excluded. Default {@link DEFAULT_MAX_MESSAGE_BYTES}. */
  maxMessageBytes?: number;
}

/** The id of a request from the start of its text, when it comes before `params` (as clients send it). */
export function idFromPrefix(prefix: string): string | number | null {
  const head = prefix.split(/"params"\s*:/)[0]!;
  const m = /"id"\s*:\s*(-?\d+(?:\.\d+)?|"(?:[^"\\]|\\.)*")/.exec(head);
  if (!m) return null;
  try {
    return JSON.parse(m[1]!) as string | number;
  } catch {
    return null;
  }
}

export class BoundedStdioServerTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly maxMessageBytes: number;
  private readonly stdin: Readable;
  private readonly stdout: Writable;
  private chunks: Buffer[] = [];
  private size = 0;
  /** Inside an oversized message: its bytes are dropped until the next newline. */
  private skipping = false;
  private started = false;

  constructor(options: BoundedStdioOptions = {}) {
    this.stdin = options.stdin ?? process.stdin;
    this.stdout = options.stdout ?? process.stdout;
    this.maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  }

  private readonly onData = (chunk: Buffer | string) => {
    let data = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, "utf8");
    while (data.length > 0) {
      const nl = data.indexOf(0x0a);
      const part = nl === -1 ? data : data.subarray(0, nl);
      if (!this.skipping) {
        if (this.size + part.length > this.maxMessageBytes) {
          this.chunks.push(part.subarray(0, Math.max(0, PREFIX_BYTES - this.size)));
          this.tooLarge(Buffer.concat(this.chunks).toString("utf8").slice(0, PREFIX_BYTES));
          this.chunks = [];
          this.size = 0;
          this.skipping = true;
        } else {
          this.chunks.push(part);
          this.size += part.length;
        }
      }
      if (nl === -1) break;
      if (!this.skipping) this.lineBytes(Buffer.concat(this.chunks));
      this.chunks = [];
      this.size = 0;
      this.skipping = false;
      data = data.subarray(nl + 1);
    }
  };

  private readonly onStreamError = (error: Error) => this.onerror?.(error);

  private tooLarge(prefix: string): void {
    const message = `Message over the ${this.maxMessageBytes}-byte limit of this stdio server: send less per call (split the text), or raise STRATA_MAX_MESSAGE_BYTES.`;
    this.onerror?.(new Error(message));
    void this.send({
      jsonrpc: "2.0",
      id: idFromPrefix(prefix),
      error: { code: -32600, message, data: { code: "PAYLOAD_TOO_LARGE", limit: this.maxMessageBytes } },
    } as unknown as JSONRPCMessage);
  }

  /**
   * A line's bytes, read as UTF-8: a byte that is not UTF-8 would be read as U+FFFD, and a tool
   * would store a text the client never sent. Such a line gets a parse error naming the byte.
   */
  private lineBytes(bytes: Buffer): void {
    let text: string;
    try {
      text = utf8Text(bytes, "The message");
    } catch (error) {
      if (!isStrataError(error)) throw error;
      this.onerror?.(error);
      void this.send({
        jsonrpc: "2.0",
        id: idFromPrefix(bytes.subarray(0, PREFIX_BYTES).toString("latin1")),
        error: {
          code: -32700,
          message: `Parse error: ${error.message}`,
          data: { code: "PARSE_ERROR", ...error.details },
        },
      } as unknown as JSONRPCMessage);
      return;
    }
    this.line(text);
  }

  private line(text: string): void {
    const trimmed = text.replace(/\r$/, "");
    if (trimmed.trim() === "") return;
    let message: JSONRPCMessage;
    try {
      message = JSONRPCMessageSchema.parse(JSON.parse(trimmed));
    } catch (error) {
      this.onerror?.(error as Error);
      void this.send({
        jsonrpc: "2.0",
        id: idFromPrefix(trimmed.slice(0, PREFIX_BYTES)),
        error: {
          code: -32700,
          message: "Parse error: each line must be one JSON-RPC 2.0 message.",
          data: { code: "PARSE_ERROR" },
        },
      } as unknown as JSONRPCMessage);
      return;
    }
    this.onmessage?.(message);
  }

  async start(): Promise<void> {
    if (this.started) throw new Error("BoundedStdioServerTransport already started.");
    this.started = true;
    this.stdin.on("data", this.onData);
    this.stdin.on("error", this.onStreamError);
  }

  async close(): Promise<void> {
    this.stdin.off("data", this.onData);
    this.stdin.off("error", this.onStreamError);
    if (this.stdin.listenerCount("data") === 0) this.stdin.pause();
    this.chunks = [];
    this.size = 0;
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.stdout.once("drain", resolve);
    });
  }
}
