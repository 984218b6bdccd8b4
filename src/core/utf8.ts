/**
 * Bytes read as UTF-8 text, or refused: every surface that reads bytes (REST bodies, MCP over HTTP
 * and stdio, the CLI's files and stdin, the dashboard's forms) decodes through `utf8Text`, so a
 * byte that is not UTF-8 is never stored as U+FFFD. Its own module, free of zod, because the CLI
 * reaches it from the chunk `strata --help` loads (test/e2e/cold-start.test.ts).
 */
import { StrataError } from "./errors.js";

/**
 * The offset of the first byte of `bytes` that starts no well-formed UTF-8 character (a Latin-1
 * `é` is the single byte 0xE9; UTF-16 has NULs and lone high bytes; an overlong form or an
 * encoded surrogate is not UTF-8 either), or -1 when every byte is UTF-8.
 *
 *   firstNonUtf8(Buffer.from("café", "utf8"));   // -1
 *   firstNonUtf8(Buffer.from("café", "latin1")); // 3
 */
export function firstNonUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i++;
      continue;
    }
    // The continuation bytes a lead byte takes, and the range of the first one (Unicode table 3-7).
    let more: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) more = 1;
    else if (lead >= 0xe0 && lead <= 0xef) {
      more = 2;
      if (lead === 0xe0) low = 0xa0;
      else if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      more = 3;
      if (lead === 0xf0) low = 0x90;
      else if (lead === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k <= more; k++) {
      const next = bytes[i + k];
      if (next === undefined || next < (k === 1 ? low : 0x80) || next > (k === 1 ? high : 0xbf)) return i;
    }
    i += more + 1;
  }
  return -1;
}

/**
 * `bytes` read as UTF-8 text (a leading byte-order mark dropped), or INVALID_INPUT naming `what`
 * and the first byte that is not UTF-8. A decoder that replaced such a byte with U+FFFD stored a
 * text the caller never wrote ("caf\uFFFD" for a Latin-1 "café"), in silence; JSON, JSON-RPC and
 * every file Strata reads are UTF-8, so other bytes are refused, before anything is written.
 *
 *   utf8Text(Buffer.from('{"content":"café"}'), "the request body"); // '{"content":"café"}'
 *   utf8Text(Buffer.from("café", "latin1"), "the request body");     // throws INVALID_INPUT
 */
export function utf8Text(bytes: Uint8Array, what: string): string {
  const at = firstNonUtf8(bytes);
  if (at >= 0)
    throw new StrataError(
      "INVALID_INPUT",
      `${what} is not UTF-8: byte ${at} (0x${bytes[at]!.toString(16).toUpperCase().padStart(2, "0")}) starts no UTF-8 character (Latin-1 or UTF-16 text, say). Send UTF-8 (convert a file first: iconv -f latin1 -t utf-8 FILE). Nothing was changed.`,
      { byteOffset: at },
    );
  return new TextDecoder("utf-8").decode(bytes);
}
