/**
 * `strata.config.json`: settings a project can commit, so everyone on it uses the same store and
 * namespace without flags. Found in the working directory or the nearest parent that has one,
 * else `~/.strata/config.json`; `--config PATH` or `STRATA_CONFIG` names one explicitly.
 * Flags win over the environment, which wins over the file, which wins over the defaults.
 *
 *   { "db": "./.strata/memory.db", "namespace": "billing-bot" }
 *
 * A relative `db` is resolved against the file's folder, not the working directory, so the same
 * file works from any subfolder.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { z } from "zod";
import { UsageError } from "./usage-error.js";

export const CONFIG_FILE = "strata.config.json";

export const ConfigSchema = z
  .object({
    $schema: z.string().optional(),
    db: z.string().min(1).optional().describe("SQLite file (relative to this file) or postgres:// URL"),
    namespace: z.string().min(1).optional().describe("namespace to read and write"),
    embedder: z.enum(["hashed", "http"]).optional().describe("hashed (default) or http"),
    embedUrl: z.string().url().optional().describe("http embedder: base URL (STRATA_EMBED_URL)"),
    embedModel: z.string().min(1).optional().describe("http embedder: model (STRATA_EMBED_MODEL)"),
    lockWaitMs: z.number().int().min(0).optional().describe("wait for a running sweep (STRATA_LOCK_WAIT_MS)"),
  })
  .strict();
export type Config = z.infer<typeof ConfigSchema>;

export interface LoadedConfig {
  /** The file read, or null when none was found. */
  path: string | null;
  config: Config;
}

/** The nearest strata.config.json from `cwd` upwards, else ~/.strata/config.json, else none. */
export function findConfig(cwd: string, home: string): string | null {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const candidate = join(dir, CONFIG_FILE);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) break;
  }
  const user = join(home, ".strata", "config.json");
  return existsSync(user) ? user : null;
}

export function loadConfig(options: {
  cwd: string;
  home: string;
  explicit?: string | undefined;
}): LoadedConfig {
  const path = options.explicit
    ? resolve(options.cwd, options.explicit)
    : findConfig(options.cwd, options.home);
  if (!path) return { path: null, config: {} };
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      code
        ? `cannot read the config file ${path} (${code}): fix the path given by --config or STRATA_CONFIG.`
        : `the config file ${path} is not valid JSON: fix it, or move it away to run without it.`,
    );
  }
  const parsed = ConfigSchema.safeParse(raw);
  if (!parsed.success)
    throw new UsageError(
      `the config file ${path} is invalid: ${parsed.error.issues
        .map((i) => `${i.path.join(".") || "(top)"}: ${i.message}`)
        .join("; ")}. Allowed keys: ${Object.keys(ConfigSchema.shape)
        .filter((k) => k !== "$schema")
        .join(", ")}.`,
    );
  const config = parsed.data;
  // A relative store path belongs to the file that names it.
  if (
    config.db &&
    !/^postgres(ql)?:\/\//.test(config.db) &&
    config.db !== ":memory:" &&
    !isAbsolute(config.db)
  )
    config.db = resolve(dirname(path), config.db);
  return { path, config };
}
