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
 *
 * A project's file (found from the working directory, not named by `--config` / `STRATA_CONFIG`,
 * not the user's own `~/.strata/config.json`) was written by whoever can write to the project: its
 * embedder settings speak for the store it names, and `storeSettingsApply` keeps them off a store
 * named elsewhere (`--db`, `STRATA_DB`), so a cloned repository cannot send the text of the
 * user's own store to a URL it chose.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { z } from "zod";
import { byteNotUtf8, firstNonUtf8 } from "../core/errors.js";
import { isPostgresUrl, sqliteFileOf } from "../store/open-store.js";
import { postgresLocationProblem } from "../store/postgres/postgres-url.js";
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
    upgradeCopy: z
      .boolean()
      .optional()
      .describe("copy a store an older Strata wrote before upgrading it (STRATA_UPGRADE_COPY; default true)"),
  })
  .strict();
export type Config = z.infer<typeof ConfigSchema>;

export interface LoadedConfig {
  /** The file read, or null when none was found. */
  path: string | null;
  /**
   * Who chose the file: `named` (`--config`, `STRATA_CONFIG`), `user` (`~/.strata/config.json`),
   * `project` (the nearest `strata.config.json` from the working directory up), or null for none.
   */
  origin: "named" | "user" | "project" | null;
  config: Config;
}

/** The settings that go with a store (how its text is embedded, and where that text is sent). */
const STORE_SETTINGS = ["embedder", "embedUrl", "embedModel"] as const;

/**
 * The file's settings for a run whose store was named by a flag or the environment (`storeNamedElsewhere`):
 * a project's file keeps its store settings to the store it names itself; a file the user chose applies whole.
 */
export function storeSettingsApply(loaded: LoadedConfig, storeNamedElsewhere: boolean): Config {
  if (loaded.origin !== "project" || !storeNamedElsewhere) return loaded.config;
  const config = { ...loaded.config };
  for (const key of STORE_SETTINGS) delete config[key];
  return config;
}

/** The nearest strata.config.json from `cwd` upwards (the project's), else ~/.strata/config.json (the user's), else none. */
function foundConfig(cwd: string, home: string): { path: string; origin: "user" | "project" } | null {
  const user = join(home, ".strata", "config.json");
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const candidate = join(dir, CONFIG_FILE);
    if (existsSync(candidate)) return { path: candidate, origin: "project" };
    if (dirname(dir) === dir) break;
  }
  return existsSync(user) ? { path: user, origin: "user" } : null;
}

export function loadConfig(options: {
  cwd: string;
  home: string;
  explicit?: string | undefined;
}): LoadedConfig {
  const found = options.explicit
    ? { path: resolve(options.cwd, options.explicit), origin: "named" as const }
    : foundConfig(options.cwd, options.home);
  if (!found) return { path: null, origin: null, config: {} };
  const { path, origin } = found;
  let raw: unknown;
  try {
    const bytes = readFileSync(path);
    // Bytes that are not UTF-8 are refused, never read as U+FFFD (a namespace or a store path
    // that is not the one written: attacks47).
    const at = firstNonUtf8(bytes);
    if (at >= 0)
      throw new UsageError(
        `the config file ${path} is not UTF-8: ${byteNotUtf8(bytes, at)} (Latin-1 text, say): save it as UTF-8 (iconv -f latin1 -t utf-8), or move it away to run without it.`,
      );
    raw = JSON.parse(new TextDecoder("utf-8").decode(bytes));
  } catch (error) {
    if (error instanceof UsageError) throw error;
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
  // A relative store path belongs to the file that names it; a URL, a mistyped one too, is left as
  // written, for the CLI to open or refuse as it would `--db` (resolved, `POSTGRES://…` was a path).
  if (config.db && !isPostgresUrl(config.db) && !postgresLocationProblem(config.db)) {
    const file = sqliteFileOf(config.db);
    if (file !== ":memory:" && !isAbsolute(file)) config.db = resolve(dirname(path), file);
  }
  return { path, origin, config };
}

/**
 * STRATA_UPGRADE_COPY as a setting: whether an older Strata's store is copied before its upgrade
 * (`on`, `1`, `true`, `yes`; `off`, `0`, `false`, `no`, in any case), undefined when unset or
 * empty (the settings file, else the default, decides); any other value is a usage error.
 *
 *   upgradeCopySetting("off") // false
 *   upgradeCopySetting("")    // undefined
 */
export function upgradeCopySetting(value: string | undefined): boolean | undefined {
  const word = value?.trim().toLowerCase();
  if (!word) return undefined;
  if (["on", "1", "true", "yes"].includes(word)) return true;
  if (["off", "0", "false", "no"].includes(word)) return false;
  throw new UsageError(
    `STRATA_UPGRADE_COPY must be on or off (got "${value}"); off upgrades a store an older Strata wrote without keeping a copy of it first.`,
  );
}
