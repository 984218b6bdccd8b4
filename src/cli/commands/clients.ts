/**
 * The agent clients `strata install` wires and where each reads its MCP servers. Plain data with
 * no parser behind it, so the command registrars can name the clients in `--help` without
 * loading install's or doctor's TOML parser.
 */
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
