/**
 * `strata init`: opens (creating when missing) the store and reports what it holds.
 */
import type { Memory } from "../../core/engine.js";
import { keyValues, type Style } from "../style.js";

export interface InitResult {
  /** The SQLite file, or the PostgreSQL URL without its password. */
  path: string;
  /** Whether this run created the store: the SQLite file, or the PostgreSQL schema's Strata tables. */
  created: boolean;
  namespace: string;
  episodes: number;
  beliefs: number;
  auditEntries: number;
}

/** Opening the engine already created the file and schema; this reports the result. */
export async function runInit(mem: Memory, args: { path: string; created: boolean }): Promise<InitResult> {
  const s = await mem.stats();
  return {
    path: args.path,
    created: args.created,
    namespace: s.namespace,
    episodes: s.episodes.total,
    beliefs: s.beliefs.total,
    auditEntries: s.audit.entries,
  };
}

export function renderInit(r: InitResult, style: Style): string {
  const head = r.created ? style.good(`Created a store at ${r.path}`) : `Store already exists at ${r.path}`;
  const counts = keyValues(
    [
      ["namespace", r.namespace],
      ["episodes", String(r.episodes)],
      ["beliefs", String(r.beliefs)],
      ["audit entries", String(r.auditEntries)],
    ],
    style,
  );
  // An empty namespace (a first run): what to type next, rather than a table of zeros alone.
  const ns = r.namespace === "default" ? "" : ` -n ${r.namespace}`;
  const next =
    r.episodes + r.beliefs === 0
      ? `\n${style.dim(`next: strata${ns} remember "The retry limit is 5" stores a fact; strata${ns} record "Deploy failed: migration lock timeout" an event; strata install claude-code wires an agent to it`)}`
      : "";
  return `${head}\n${counts}${next}`;
}
