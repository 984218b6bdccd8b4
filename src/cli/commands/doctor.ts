/**
 * `strata doctor` and `strata namespaces`: what a user checks when something feels off.
 * Doctor reads, never writes (a store that does not exist is reported, not created): the store and its size, the namespaces, the embedder in use
 * against the one that made the stored vectors, the judge, the audit chain, items without a
 * vector, the Node.js version, and which agent clients are wired to which store. Each check is
 * ok, warn or fail, with the command that fixes it.
 */
import { existsSync, statSync } from "node:fs";
import { parse as parseToml } from "smol-toml";
import type { Memory } from "../../core/engine.js";
import { byteNotUtf8, firstNonUtf8, isStrataError, type StrataError } from "../../core/errors.js";
import type { StatsResult } from "../../core/model.js";
import { isPostgresUrl, redactUrl } from "../../store/postgres/postgres-url.js";
import { type Style, shellWord, table } from "../style.js";
import { CLIENTS, clientFileBytes, defaultConfigPath } from "./clients.js";

export type CheckStatus = "ok" | "warn" | "fail";

export interface DoctorCheck {
  name: string;
  status: CheckStatus;
  detail: string;
  /** What to run or change, when the status is not ok. */
  fix?: string;
}

export interface DoctorReport {
  store: string;
  ok: boolean;
  checks: DoctorCheck[];
}

export interface DoctorArgs {
  /** The store as the user named it (password removed). */
  label: string;
  /** The SQLite file, when the store is one. */
  file: string | null;
  home: string;
  nodeVersion: string;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const size = (file: string) => (existsSync(file) ? statSync(file).size : 0);

/**
 * What a client's file says of Strata: `{ db }`, the `--db` its Strata entry starts the server with
 * (null: none, the default store); `{ unreadable, fix }` when doctor cannot read the file as the
 * client's format — not a regular file (a FIFO would never end), not UTF-8 (its path and the byte:
 * read with replacement, a `--db caf\xe9.db` was compared as "caf\uFFFD.db"), not JSON or TOML;
 * undefined when the file is missing or names no Strata entry. The file is only read.
 *
 *   wiredStore("cursor", home); // { db: "/home/me/.strata/memory.db" }
 */
function wiredStore(
  client: (typeof CLIENTS)[number],
  home: string,
): { db: string | null } | { unreadable: string; fix: string } | undefined {
  const path = defaultConfigPath(client, home);
  const format = client === "codex" ? "TOML" : "JSON";
  const byHand = `fix ${shellWord(path)} by hand (strata install ${client} refuses to edit it as it is)`;
  const bytes = clientFileBytes(path);
  if (bytes === null) return undefined;
  if (!Buffer.isBuffer(bytes))
    return bytes.code
      ? { unreadable: bytes.refused, fix: `check the file's permissions: ls -l ${shellWord(path)}` }
      : { unreadable: `${bytes.refused}; doctor did not read it`, fix: byHand };
  const bad = firstNonUtf8(bytes);
  if (bad >= 0)
    return {
      unreadable: `${path} is not UTF-8: ${byteNotUtf8(bytes, bad)} (Latin-1 text, say); doctor read nothing of it and changed nothing`,
      fix: `convert it to UTF-8: iconv -f latin1 -t utf-8 ${shellWord(path)} > converted, check it, then move it over the file`,
    };
  const text = new TextDecoder("utf-8").decode(bytes);
  if (!text.trim()) return undefined; // as install reads it: an empty file holds no entry
  let config: Record<string, unknown>;
  try {
    config = (client === "codex" ? parseToml(text) : JSON.parse(text)) as Record<string, unknown>;
  } catch {
    return {
      unreadable: `${path} is not ${format}, so doctor cannot tell which store it wires`,
      fix: byHand,
    };
  }
  const servers = (
    config && typeof config === "object"
      ? client === "codex"
        ? config.mcp_servers
        : config.mcpServers
      : undefined
  ) as Record<string, { args?: unknown }> | undefined;
  const args = servers && typeof servers === "object" ? servers.strata?.args : undefined;
  if (!Array.isArray(args)) return undefined;
  const flag = args.indexOf("--db");
  const db = flag >= 0 ? args[flag + 1] : null;
  return { db: typeof db === "string" ? db : null };
}

/** The checks of the store itself: size, namespaces, embedder, index, judge, audit chain. */
async function checkStore(mem: Memory, args: DoctorArgs, add: (check: DoctorCheck) => void): Promise<void> {
  const bytes = args.file ? size(args.file) + size(`${args.file}-wal`) : null;
  add({
    name: "store",
    status: "ok",
    detail: `${mem.store.name} at ${args.label}${bytes !== null ? ` (${mb(bytes)} with its WAL)` : ""}`,
  });

  // A copy an upgrade kept of the file as it was: said when it was made, and here until deleted,
  // since it holds what the store held then and forget cannot reach it (SECURITY.md).
  const copies = args.file
    ? (await import("../../store/sqlite/sqlite-store.js")).upgradeCopiesOf(args.file)
    : [];
  for (const { copy, schema } of copies)
    add({
      name: "upgrade copy",
      status: "warn",
      detail: `${copy} (${mb(size(copy))}): the store as it was at schema ${schema}, kept when this Strata upgraded it; an older Strata opens it, and forget cannot erase what it holds`,
      fix: `rm ${shellWord(copy)} once you no longer need to go back to the older Strata`,
    });

  const namespaces = await mem.store.auditNamespaces();
  add({
    name: "namespaces",
    status: "ok",
    detail: `${namespaces.length} (${namespaces.slice(0, 8).join(", ")}${namespaces.length > 8 ? ", …" : ""}); this command uses "${mem.namespace}"`,
  });

  const groups = await mem.store.vectorEmbedders();
  const mine = groups.find((g) => g.embedder === mem.embedder.id);
  const others = groups.filter((g) => g.embedder !== mem.embedder.id);
  add(
    others.length
      ? {
          name: "embedder",
          status: "fail",
          detail: `configured ${mem.embedder.id}; the store holds vectors of ${others.map((g) => `${g.embedder} (${g.count})`).join(", ")}`,
          fix: "strata reindex (with the embedder you mean to keep), or pass the embedder the store was built with",
        }
      : { name: "embedder", status: "ok", detail: `${mem.embedder.id}, ${mine?.count ?? 0} vectors` },
  );

  const [episodes, beliefs] = await Promise.all([
    mem.store.countEpisodes({ namespaces, statuses: null }),
    mem.store.countBeliefs({ namespaces, statuses: null }),
  ]);
  const live = (counts: Record<string, Record<string, number>>) =>
    Object.entries(counts.status ?? {}).reduce((n, [status, c]) => n + (status === "forgotten" ? 0 : c), 0);
  const items = live(episodes) + live(beliefs);
  const vectors = mine?.count ?? 0;
  add(
    vectors < items
      ? {
          name: "index",
          status: "warn",
          detail: `${items - vectors} of ${items} items have no vector, so only full-text search finds them`,
          fix: "strata reindex",
        }
      : { name: "index", status: "ok", detail: `${items} items, each with a vector` },
  );

  add({ name: "judge", status: "ok", detail: mem.configuredJudge.name });

  const audit = await mem.verifyAudit();
  add(
    audit.ok
      ? {
          name: "audit",
          status: "ok",
          detail: `${audit.entries} ${audit.entries === 1 ? "entry" : "entries"} in ${audit.namespaces} ${audit.namespaces === 1 ? "chain verifies" : "chains verify"}`,
        }
      : {
          name: "audit",
          status: "fail",
          detail: `${audit.problems.length} problems, first: ${audit.problems[0]?.problem ?? "?"}`,
          fix: "strata verify --json lists every broken link; restore the store from a backup",
        },
  );
}

/**
 * Every check, in order. `mem` is null when the SQLite file does not exist: the store is
 * reported missing with the command that creates it, the checks that need it are left out,
 * and nothing is created (`runMain` runs doctor without opening a store then). `mem` is the
 * refusal when the store exists but did not open (not a database, a newer schema, a server that
 * refuses): the store check fails with it and the checks that need no store are still made.
 *
 *   const report = await runDoctor(null, { label: "/tmp/typo.db", file: "/tmp/typo.db", home, nodeVersion });
 *   report.checks[0]; // { name: "store", status: "warn", detail: "no store at /tmp/typo.db …", fix: "strata init …" }
 */
export async function runDoctor(mem: Memory | StrataError | null, args: DoctorArgs): Promise<DoctorReport> {
  const checks: DoctorCheck[] = [];
  const add = (check: DoctorCheck) => checks.push(check);

  // A store that exists but did not open: the refusal is the finding (its message says what to do).
  if (isStrataError(mem))
    add({
      name: "store",
      status: "fail",
      detail: `${mem.code}: ${mem.message}`,
      ...(mem.code === "SCHEMA_TOO_NEW"
        ? { fix: "upgrade Strata (npm install -g strata-memory@latest) to the version that wrote it" }
        : {}),
    });
  else if (mem) await checkStore(mem, args, add);
  else
    add({
      name: "store",
      status: "warn",
      detail: `no store at ${args.label}: the file ${args.file !== null && existsSync(args.file) ? "is empty (0 bytes)" : "does not exist"} (doctor creates nothing; the checks of the store's contents are skipped)`,
      fix: `strata --db ${shellWord(args.label)} init creates it empty (a first write such as strata remember creates it too); or check --db, STRATA_DB and the settings file if it should exist`,
    });

  const [major = 0, minor = 0] = args.nodeVersion.replace(/^v/, "").split(".").map(Number);
  add(
    major > 20 || (major === 20 && minor >= 19)
      ? { name: "node", status: "ok", detail: args.nodeVersion }
      : { name: "node", status: "fail", detail: args.nodeVersion, fix: "install Node.js 20.19 or later" },
  );

  for (const client of CLIENTS) {
    const wired = wiredStore(client, args.home);
    if (wired === undefined) continue;
    if ("unreadable" in wired) {
      add({ name: `client ${client}`, status: "warn", detail: wired.unreadable, fix: wired.fix });
      continue;
    }
    const { db } = wired;
    // A client's entry may hold a PostgreSQL password in its URL: compared and shown without it.
    const shown = db !== null && isPostgresUrl(db) ? redactUrl(db) : db;
    const same = shown === null ? false : shown === args.file || shown === args.label;
    add(
      same
        ? {
            name: `client ${client}`,
            status: "ok",
            detail: `wired to this store (${defaultConfigPath(client, args.home)})`,
          }
        : {
            name: `client ${client}`,
            status: "warn",
            detail: `wired to ${shown ?? "the default store"}, not this one`,
            fix: `strata --db ${shellWord(args.label)} install ${client}, if this is the store it should use`,
          },
    );
  }
  if (!checks.some((c) => c.name.startsWith("client ")))
    add({
      name: "clients",
      status: "warn",
      detail: "no agent client is wired to Strata",
      fix: "strata install claude-code (or cursor, codex, gemini, claude-desktop, windsurf)",
    });

  return { store: args.label, ok: !checks.some((c) => c.status === "fail"), checks };
}

export function renderDoctor(r: DoctorReport, style: Style): string {
  const mark = { ok: style.good("ok"), warn: style.warn("warn"), fail: style.bad("FAIL") };
  return [
    ...r.checks.map(
      (c) =>
        `${mark[c.status].padEnd(4)}  ${c.name.padEnd(20)} ${c.detail}${c.fix ? `\n      ${style.dim(`fix: ${c.fix}`)}` : ""}`,
    ),
    !r.ok
      ? style.bad("Problems found: see the fixes above.")
      : r.checks.some((c) => c.status === "warn")
        ? style.warn("No failures; see the warnings above.")
        : style.good("No problems found."),
  ].join("\n");
}

export const doctorExitCode = (r: DoctorReport): number => (r.ok ? 0 : 1);

/** `strata namespaces`: every namespace in the store with what it holds. */
export async function runNamespaces(mem: Memory): Promise<StatsResult[]> {
  const names = await mem.store.auditNamespaces();
  return Promise.all(names.sort().map((namespace) => mem.stats({ namespace })));
}

export function renderNamespaces(rows: StatsResult[], style: Style): string {
  if (rows.length === 0) return style.dim("No namespaces yet: nothing has been written.");
  return table(
    rows,
    [
      { header: "NAMESPACE", value: (r) => style.id(r.namespace) },
      { header: "EPISODES", value: (r) => String(r.episodes.total), right: true },
      { header: "BELIEFS", value: (r) => String(r.beliefs.total), right: true },
      { header: "ACTIVE", value: (r) => String(r.beliefs.byStatus.active ?? 0), right: true },
      { header: "AUDIT ENTRIES", value: (r) => String(r.audit.entries), right: true },
    ],
    style,
  );
}
