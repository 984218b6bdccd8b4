/**
 * Agent hooks. Claude Code runs them with a JSON payload on STDIN (never argv): `session_id`,
 * `cwd`, `hook_event_name`, and sometimes a `prompt`. A hook must never break the session, so
 * every runtime failure here (no store yet, a locked or corrupt file, a bad payload) ends in
 * exit 0 with a one-line note on stderr and nothing, or the block, on stdout. Its configuration
 * is checked first, outside that net: a flag the engine's schemas refuse (`--budget 0`, a
 * malformed `--namespace`) is the user's mistake in the hook's command line, which no later run
 * would fix, so it throws and the CLI reports it like any command's (a usage error naming the
 * flag, exit 2; Claude Code shows a hook's stderr to the user on exit 2).
 *
 *   session-start  prints a token-budgeted context block conditioned on the goal, else the cwd:
 *                  identity, then the digest the last wrap saved, then beliefs and recent events
 *   session-end    sleeps as brainmem's does: consolidates when episodes are pending (never
 *                  waiting for the namespace's sleep lock: BUSY means one is running, skip; a
 *                  backlog over `maxPending` is left to the background worker, asked with
 *                  `requestConsolidation`, or to `strata consolidate`), then runs maintain
 */
import { existsSync } from "node:fs";
import { basename } from "node:path";
import type { Readable } from "node:stream";
import type { Memory } from "../../core/engine.js";
import { hasLoneSurrogate, LONE_SURROGATE_PROBLEM, StrataError, utf8Text } from "../../core/errors.js";
import { isPostgresUrl } from "../../store/open-store.js";
import { counted } from "../style.js";

export interface HookPayload {
  session_id?: string;
  cwd?: string;
  hook_event_name?: string;
  prompt?: string;
  goal?: string;
  source?: string;
}

export interface HookArgs {
  /** The store: an absolute SQLite path or a postgres:// URL. */
  dbPath: string;
  namespace?: string;
  /** Token budget of the injected block. Default 600. */
  budget?: number;
  /** Where the payload comes from. Default process.stdin. */
  stdin?: Readable;
  /** How long to wait for the payload, ms. Default 3000. */
  timeoutMs?: number;
  /**
   * session-end: the most pending episodes it consolidates; a larger backlog is left to the
   * worker (a `requestConsolidation`) or `strata consolidate`, so the hook stays short. Default 2000.
   */
  maxPending?: number;
}

/** How long a hook waits for another program's SQLite write lock, ms. */
export const HOOK_BUSY_TIMEOUT_MS = 2000;

/** Default of `HookArgs.maxPending`. */
export const HOOK_MAX_PENDING = 2000;

export interface HookResult {
  ok: boolean;
  event: "session-start" | "session-end";
  /** The injected block (session-start); empty when there is nothing to say. */
  block: string;
  goal: string;
  /** What went wrong, when something did (the hook still exits 0). */
  problem?: string;
  /** Said on stderr although nothing failed: there is no store at the path yet (the hook creates none). */
  notice?: string;
  /** session-end: what it did, one note per step (`consolidated: …`, `consolidate skipped: busy`, `maintained: …`). */
  notes?: string[];
}

/** The largest payload a hook reads: an agent's event is a few hundred bytes; 1 MiB is ample. */
export const HOOK_MAX_PAYLOAD_BYTES = 1024 * 1024;

/**
 * Reads all of stdin as JSON; an empty or TTY stdin is an empty payload; one that is not UTF-8 or
 * not JSON, or whose text field holds a lone surrogate, is refused (INVALID_INPUT naming the byte or
 * the field, or an Error quoting its start). Reading ends
 * at the stream's end, at `timeoutMs`, or past `maxBytes` (refused: the rest is never read): then
 * the stream is let go (its listeners removed, destroyed), so an agent that keeps the pipe open
 * cannot keep the hook alive past its timeout, nor fill its memory.
 *
 *   await readPayload(stdin, 3000); // { session_id: "s1", cwd: "/work/api", … }
 */
export async function readPayload(
  stdin: Readable = process.stdin,
  timeoutMs = 3000,
  maxBytes = HOOK_MAX_PAYLOAD_BYTES,
): Promise<HookPayload> {
  if ((stdin as Readable & { isTTY?: boolean }).isTTY) return {};
  let over = false;
  const raw = await new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      stdin.off("data", onData);
      stdin.off("end", done);
      stdin.off("error", done);
      // Nothing more is read: an open pipe must not hold the process (nor a writer's flood its memory).
      if (!stdin.readableEnded) stdin.destroy();
      resolve(over ? Buffer.alloc(0) : Buffer.concat(chunks));
    };
    const onData = (c: Buffer | string) => {
      const chunk = Buffer.isBuffer(c) ? c : Buffer.from(c);
      size += chunk.length;
      if (size > maxBytes) {
        over = true;
        done();
        return;
      }
      chunks.push(chunk);
    };
    const timer = setTimeout(done, timeoutMs);
    stdin.on("data", onData);
    stdin.once("end", done);
    stdin.once("error", done);
  });
  if (over)
    throw new Error(
      `the payload on stdin is over ${maxBytes} bytes and was not read: an agent's event is one small JSON object such as {"session_id":"s1","cwd":"/work/api","hook_event_name":"SessionStart"}`,
    );
  // Refused like every other surface's input (attacks44): decoded with replacement, a Latin-1
  // "café" became the goal "caf\uFFFD", a text the agent never sent.
  const text = utf8Text(raw, "the payload on stdin");
  if (!text.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // The parser's own words ("Unexpected token 'o'…") say nothing of where the text came from.
    const start = text.trim().slice(0, 40);
    throw new Error(
      `the payload on stdin is not JSON (it begins ${JSON.stringify(start)}): the agent sends one object such as {"session_id":"s1","cwd":"/work/api","hook_event_name":"SessionStart"}; by hand, pipe one in or give none`,
    );
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
  // Only text fields are read; a field of another type (a number, an object) is as good as absent,
  // so the block is still conditioned on what the payload does say.
  const payload: HookPayload = {};
  for (const key of ["session_id", "cwd", "hook_event_name", "prompt", "goal", "source"] as const) {
    const value = (parsed as Record<string, unknown>)[key];
    if (typeof value !== "string") continue;
    // A JSON escape can send half a surrogate pair ("\ud800"): no UTF-8 form, so the block carried
    // U+FFFD for it. Refused as every surface refuses it (attacks46), like a payload not UTF-8.
    if (hasLoneSurrogate(value))
      throw new StrataError(
        "INVALID_INPUT",
        `the payload's "${key}" ${LONE_SURROGATE_PROBLEM} (the agent sent a JSON escape of half a character). Nothing was changed.`,
        { field: key },
      );
    payload[key] = value;
  }
  return payload;
}

/** The longest goal a block is conditioned on, in UTF-16 units. */
export const GOAL_MAX_CHARS = 2000;

/**
 * `text`'s first `max` UTF-16 units, one fewer when the last would be the first half of a
 * surrogate pair: cut there, the goal held half a character, which the block's UTF-8 carried as
 * U+FFFD, a character the agent never sent (attacks45).
 *
 *   cutBetweenCharacters("ab🎉", 3); // "ab"
 */
export function cutBetweenCharacters(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** The goal a block is conditioned on: the session's goal or prompt, else the working folder. */
export function goalOf(payload: HookPayload): string {
  const stated = (payload.goal?.trim() || payload.prompt?.trim()) ?? "";
  if (stated) return cutBetweenCharacters(stated, GOAL_MAX_CHARS);
  if (payload.cwd?.trim()) return `working in ${basename(payload.cwd)} (${payload.cwd})`;
  return "";
}

/**
 * What a hook says on stderr when the SQLite file does not exist: the hook creates none (its run
 * at every session start would otherwise litter each working folder with empty stores), so it
 * names the path and the command that makes one, as `strata doctor` does.
 */
export const noStoreNotice = (path: string, event: HookResult["event"]): string =>
  `no store at ${path} yet: ${event === "session-start" ? "nothing to inject" : "nothing to consolidate"}; strata --db ${path} init creates it (a first strata remember or the MCP server's first write does too), or check --db, STRATA_DB and the hook's command line if it should exist`;

async function withMemory<T>(
  args: HookArgs,
  fn: (mem: Memory) => Promise<T>,
  lockWaitMs?: number,
): Promise<T | null> {
  // A hook never creates a store: no store yet means nothing to inject (the caller says so).
  const onServer = isPostgresUrl(args.dbPath);
  if (!onServer && !existsSync(args.dbPath)) return null;
  const { openMemory } = await import("../../open-memory.js");
  const mem = await openMemory({
    ...(onServer ? { url: args.dbPath } : { path: args.dbPath }),
    actor: "hook",
    // The agent waits for its hook: a store another program holds for writing is given up after
    // 2 s (the note says so), not SQLite's usual 10 s.
    busyTimeoutMs: HOOK_BUSY_TIMEOUT_MS,
    ...(args.namespace !== undefined ? { namespace: args.namespace } : {}),
    ...(lockWaitMs !== undefined ? { lockWaitMs } : {}),
  });
  try {
    return await fn(mem);
  } finally {
    await mem.close();
  }
}

const failed = (event: HookResult["event"], error: unknown, goal = ""): HookResult => ({
  ok: false,
  event,
  block: "",
  goal,
  problem: error instanceof Error ? error.message : String(error),
});

/**
 * The hook's configuration, checked with the engine's schemas before anything runs: throws
 * INVALID_INPUT naming the field (`tokenBudget`, `namespace`), never swallowed.
 *
 *   await checkHookArgs({ dbPath, budget: 0 }, "session-start"); // throws: tokenBudget must be at least 32
 */
export async function checkHookArgs(args: HookArgs, event: HookResult["event"]): Promise<void> {
  const budget = event === "session-start" ? args.budget : undefined;
  if (args.namespace === undefined && budget === undefined) return;
  // Loaded only when a flag is given: `strata --help` and a hook without flags load no zod here.
  const [{ ContextOptionsSchema, NamespaceSchema }, { parseInput }] = await Promise.all([
    import("../../core/model.js"),
    import("../../core/validate.js"),
  ]);
  if (args.namespace !== undefined) parseInput(NamespaceSchema, args.namespace, "namespace");
  if (budget !== undefined)
    parseInput(ContextOptionsSchema.pick({ tokenBudget: true }), { tokenBudget: budget }, `hook ${event}`);
}

/** `strata hook session-start` (payload on stdin) */
export async function runHookSessionStart(args: HookArgs): Promise<HookResult> {
  await checkHookArgs(args, "session-start");
  let goal = "";
  try {
    goal = goalOf(await readPayload(args.stdin, args.timeoutMs));
    const block = await withMemory(args, async (mem) => {
      const r = await mem.context(goal, { tokenBudget: args.budget ?? 600 });
      if (!r.text.trim()) return "";
      // Through open-memory.js, loaded by now: a static import of core/text.ts here put it (and its
      // ~0.8 MB word lists) on the start path of every command, `strata --help` too (cold-start).
      const { attributeValue } = await import("../../open-memory.js");
      // One envelope: the context's own, with the goal as a second attribute (never a nested tag).
      // The goal comes from the session's payload: escaped whole, it cannot close the tag.
      return r.text.replace(
        /^<strata-memory ([^>]*)>/,
        (_m, attrs: string) => `<strata-memory ${attrs} goal="${attributeValue(goal)}">`,
      );
    });
    if (block === null)
      return {
        ok: true,
        event: "session-start",
        block: "",
        goal,
        notice: noStoreNotice(args.dbPath, "session-start"),
      };
    return { ok: true, event: "session-start", block, goal };
  } catch (error) {
    return failed("session-start", error, goal);
  }
}

/** `strata hook session-end` (payload on stdin, unused beyond validation: a refused one stops the hook) */
export async function runHookSessionEnd(args: HookArgs): Promise<HookResult> {
  await checkHookArgs(args, "session-end");
  try {
    // Bad input changes nothing (attacks44): a payload that is not JSON, not UTF-8 or over the
    // limit is reported, and nothing is consolidated or maintained. It was dropped, and the store
    // changed for a payload no agent sends.
    await readPayload(args.stdin, args.timeoutMs);
    const maxPending = args.maxPending ?? HOOK_MAX_PENDING;
    const notes = await withMemory(
      args,
      async (mem) => {
        const out: string[] = [];
        const any = (await mem.pending({ limit: 1 })).length > 0;
        const over = any && (await mem.pending({ limit: 1, offset: maxPending })).length > 0;
        if (over) {
          // Too long for a hook: a running worker takes it at its next tick.
          await mem.requestConsolidation({ note: `session-end hook: over ${maxPending} pending episodes` });
          out.push(
            `consolidate skipped: over ${maxPending} pending episodes; requested a worker run (or run strata consolidate)`,
          );
        } else if (any) {
          try {
            const r = await mem.consolidate();
            out.push(
              `consolidated: ${counted(r.work.episodes, "episode")}, ${counted(r.items.length, "item")}`,
            );
          } catch (error) {
            // Another sleep of this namespace is running and will do the work.
            if (!(error instanceof StrataError && error.code === "BUSY")) throw error;
            out.push("consolidate skipped: busy");
          }
        }
        const m = await mem.maintain();
        out.push(`maintained: ${m.counts.retired} retired, ${m.counts.evicted} evicted`);
        return out;
      },
      0,
    );
    if (notes === null)
      return {
        ok: true,
        event: "session-end",
        block: "",
        goal: "",
        notes: [],
        notice: noStoreNotice(args.dbPath, "session-end"),
      };
    return { ok: true, event: "session-end", block: "", goal: "", notes };
  } catch (error) {
    return failed("session-end", error);
  }
}

export function renderHook(r: HookResult): string {
  if (r.problem) process.stderr.write(`strata hook ${r.event}: ${r.problem} (ignored)\n`);
  else if (r.notice) process.stderr.write(`strata hook ${r.event}: ${r.notice}\n`);
  return r.block;
}
