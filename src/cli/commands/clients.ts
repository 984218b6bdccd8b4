/**
 * The agent clients `strata install` wires and where each reads its MCP servers. Plain data with
 * no parser behind it, so the command registrars can name the clients in `--help` without
 * loading install's or doctor's TOML parser.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { join } from "node:path";

export const CLIENTS = ["claude-code", "claude-desktop", "cursor", "codex", "gemini", "windsurf"] as const;
export type Client = (typeof CLIENTS)[number];

/** Where each client reads its MCP servers by default, under a home folder. */
export function defaultConfigPath(client: Client, home: string, platform: string = process.platform): string {
  switch (client) {
    case "claude-code":
      return join(home, ".claude.json");
    case "claude-desktop":
      return platform === "darwin"
        ? join(home, "Library", "Application Support", "Claude", "claude_desktop_config.json")
        : platform === "win32"
          ? join(home, "AppData", "Roaming", "Claude", "claude_desktop_config.json")
          : join(home, ".config", "Claude", "claude_desktop_config.json");
    case "cursor":
      return join(home, ".cursor", "mcp.json");
    case "codex":
      return join(home, ".codex", "config.toml");
    case "gemini":
      return join(home, ".gemini", "settings.json");
    case "windsurf":
      return join(home, ".codeium", "windsurf", "mcp_config.json");
  }
}

/**
 * The most of a client's file doctor and install read. Claude Code's ~/.claude.json holds its
 * history and grows to megabytes; a file of hundreds is no client's settings, and read whole it
 * ended doctor with "unexpected failure: Cannot create a string longer than 0x1fffffe8
 * characters" (attacks49).
 */
export const MAX_CLIENT_FILE_BYTES = 256 * 1024 * 1024;

/**
 * A client's file as bytes, read only when it is a regular file of at most `max` bytes
 * (`MAX_CLIENT_FILE_BYTES`); `{ refused }` says why it was not read: not a regular file (a FIFO waits
 * for a writer for ever: install hung on one; a link to /dev/zero never ends), too large, or
 * unreadable (`code`: EACCES …). Null when it does not exist. Doctor reports a refusal, install
 * refuses to edit the file; neither reads it another way.
 *
 * The path is opened once (non-blocking, so a FIFO does not wait at the open), and what is checked
 * and read is that descriptor: a file swapped for a FIFO between a check and a read cannot be read,
 * and no more than `max` bytes are, whatever the size said (a file grown since, /proc's files,
 * whose size is 0) (attacks51).
 *
 *   clientFileBytes("/home/ana/.cursor/mcp.json"); // <Buffer 7b 0a …>
 *   clientFileBytes("/home/ana/.cursor/mcp.json"); // { refused: "… is not a regular file" } (a FIFO)
 */
export function clientFileBytes(
  path: string,
  max: number = MAX_CLIENT_FILE_BYTES,
): Buffer | { refused: string; code?: string } | null {
  const sized = (n: number) => (n >= 1024 * 1024 ? `${Math.round(n / 1024 / 1024)} MB` : `${n} bytes`);
  const tooLarge = (said: string) => ({
    refused: `${path} is ${said}, more than a client's file can be (${sized(max)})`,
  });
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { refused: `${path} is not a regular file` };
    if (stat.size > max) return tooLarge(sized(stat.size));
    // Read to one byte past the bound, which says there is more than it.
    let bytes = Buffer.alloc(Math.min(max + 1, Math.max(stat.size + 1, 64 * 1024)));
    let read = 0;
    for (;;) {
      if (read === bytes.length) {
        if (read > max) return tooLarge(`over ${sized(max)}`);
        const grown = Buffer.alloc(Math.min(max + 1, bytes.length * 2));
        bytes.copy(grown, 0, 0, read);
        bytes = grown;
      }
      const n = readSync(fd, bytes, read, bytes.length - read, null);
      if (n === 0) return bytes.subarray(0, read);
      read += n;
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
    if (code === "ENOENT") return null;
    return { refused: `${path} cannot be read (${code})`, code };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
