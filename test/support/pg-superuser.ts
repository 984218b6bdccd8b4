import { execFileSync } from "node:child_process";

/**
 * Runs statements as the local server's superuser (`runuser -u postgres -- psql`), or returns
 * null when this machine cannot (not root, no local server, no psql). Tests that need it skip
 * with the reason.
 */
export function superuser(sql: string, database = "postgres"): string | null {
  try {
    return execFileSync("runuser", ["-u", "postgres", "--", "psql", "-d", database, "-Atqc", sql], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    }).trim();
  } catch {
    return null;
  }
}
