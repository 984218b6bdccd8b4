/**
 * Namespaces are a security boundary (DESIGN invariant 8): every operation that takes an id, on
 * every surface, acts within the caller's namespace. An id of another namespace is refused
 * exactly like an id that does not exist — same code, same message (the id aside) — and leaves
 * the store unchanged.
 *
 * The operations are derived from the surfaces themselves (the engine's methods, the MCP tool
 * list and their input fields, the CLI's commands and their arguments): a new verb that takes an
 * id fails the classification test until it is added to the matrix here.
 */

import { type ChildProcess, spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Command } from "commander";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { createProgram } from "../../src/cli/program.js";
import { Memory } from "../../src/core/engine.js";
import { isStrataError } from "../../src/core/errors.js";
import { toolSpecs } from "../../src/mcp/server.js";
import { openMemory } from "../../src/open-memory.js";
import { bin, ensureBuilt, serveHttp } from "../support/built-cli.js";
import { mcpClientOf } from "../support/mcp-client.js";
import { storeSnapshot } from "../support/store-snapshot.js";

const CLOCK = { now: () => new Date("2026-03-10T12:00:00.000Z") };
const VICTIM = "victim";
const ATTACKER = "attacker";
const NAMESPACES = [VICTIM, ATTACKER];

/** What an operation is pointed at: the victim's items, or ids that exist nowhere. */
interface Target {
  belief: string;
  archived: string;
  pinned: string;
  episode: string;
  token: string;
  /** The attacker's own belief, to pair with in a judgment. */
  own: string;
}

const NOWHERE: Target = {
  belief: "b9001",
  archived: "b9002",
  pinned: "b9003",
  episode: "e9001",
  token: "w99-000000000000",
  own: "",
};

const DIGEST = (episode: string) =>
  `## State\n- deploying\n## Patterns\n- Locks time out | 1x [evidence: ${episode} "migration lock timeout"]\n## Decisions\n- none\n## Context\n- none\n`;

let dir: string;
let template: string;
let victim: Target;
let cases = 0;

async function seed(path: string): Promise<Target> {
  const mem = await openMemory({ path, clock: CLOCK, namespace: VICTIM });
  const e = await mem.record("Deploy failed: migration lock timeout", {
    type: "outcome",
    outcome: "failure",
    session: "s1",
    at: "2026-03-01T09:00:00Z",
  });
  const b = await mem.remember("The staging database is Postgres 16", { source: "user", sources: [e.id] });
  await mem.remember("The cache TTL is 60 seconds", { at: "2026-03-01" });
  const newer = await mem.remember("The cache TTL is 300 seconds", { at: "2026-03-04" });
  const archived = newer.superseded[0]!;
  const proc = await mem.remember("Roll back a release", {
    kind: "procedure",
    steps: ["revert", "redeploy"],
  });
  await mem.pin(proc.id);
  await mem.outcome(b.id, true);
  const wrap = await mem.prepareWrap();
  const own = await mem.remember("The attacker's own note about deploys", { namespace: ATTACKER });
  await mem.record("The attacker deployed too", { namespace: ATTACKER });
  await mem.close();
  return { belief: b.id, archived, pinned: proc.id, episode: e.id, token: wrap.token!, own: own.id };
}

beforeAll(async () => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "strata-xns-"));
  template = join(dir, "template.db");
  victim = await seed(template);
}, 120_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A fresh copy of the seeded store (closed, so checkpointed). */
function freshStore(): string {
  const path = join(dir, `case-${++cases}.db`);
  copyFileSync(template, path);
  return path;
}

async function snapshotOf(path: string): Promise<unknown> {
  const mem = await openMemory({ path, clock: CLOCK });
  try {
    return await storeSnapshot(mem, path, NAMESPACES);
  } finally {
    await mem.close();
  }
}

/** The refusal with the target's ids replaced, so a foreign id and a missing one compare. */
const normalise = (text: string, t: Target): string => {
  let out = text;
  // Longest first: a token may contain an id's characters ("w1-a5d2be3b235d" holds "b2").
  const values = Object.entries(t).sort(([, a], [, b]) => b.length - a.length);
  for (const [k, v] of values) if (v) out = out.replaceAll(v, `<${k}>`);
  return out;
};

// ---------------------------------------------------------------------------------------------
// Library
// ---------------------------------------------------------------------------------------------

type LibraryCall = (mem: Memory, t: Target) => Promise<unknown>;

/** Every engine verb that takes an id (or a token, or ids inside its input), pointed at `t`. */
const LIBRARY_ID_CALLS: Record<string, LibraryCall[]> = {
  get: [(m, t) => m.get(t.belief), (m, t) => m.get(t.episode), (m, t) => m.get(t.archived)],
  explain: [(m, t) => m.explain(t.belief), (m, t) => m.explain(t.episode)],
  history: [(m, t) => m.history(t.archived)],
  outcome: [(m, t) => m.outcome(t.belief, true), (m, t) => m.outcome(t.belief, false)],
  used: [(m, t) => m.used(t.belief)],
  pin: [(m, t) => m.pin(t.belief)],
  unpin: [(m, t) => m.unpin(t.pinned)],
  restore: [(m, t) => m.restore(t.archived), (m, t) => m.restore(t.episode)],
  forget: [(m, t) => m.forget(t.belief), (m, t) => m.forget(t.episode), (m, t) => m.forget(t.pinned)],
  judge: [(m, t) => m.judge([{ a: t.belief, b: victim.own, verdict: "merge" }])],
  distil: [(m, t) => m.distil([t.episode], ["Migration locks time out under load"])],
  remember: [(m, t) => m.remember("Deploys need a lock", { sources: [t.episode] })],
  rememberMany: [(m, t) => m.rememberMany([{ statement: "Deploys need a lock", sources: [t.episode] }])],
  capture: [(m, t) => m.capture({ when: "deploying", prefer: "take the lock first", sources: [t.episode] })],
  saveContinuity: [(m, t) => m.saveContinuity(DIGEST(t.episode), { token: t.token })],
  cancelWrap: [(m, t) => m.cancelWrap(t.token)],
};

/** Verbs that take an id only as a filter: a foreign id must read exactly like a missing one. */
const LIBRARY_ID_FILTERS: Record<string, LibraryCall> = {
  associations: (m, t) => m.associations({ episodeId: t.episode }),
  audit: (m, t) => m.audit({ subjectId: t.belief }),
};

/** Verbs that take no id at all (or only the caller's own namespace's content). */
const LIBRARY_NO_ID = [
  "record",
  "recordMany",
  "recall",
  "context",
  "list",
  // Lists namespace names under a prefix kept inside the engine's roots (test/contract/lookup).
  "namespaces",
  "stats",
  "maintain",
  "sweep",
  "consolidate",
  "candidates",
  "pending",
  "health",
  // The worker's records of the caller's namespace (src/server/rest-worker.test.ts: team-b's
  // request is not seen from another namespace).
  "workerStatus",
  "requestConsolidation",
  "prepareWrap",
  "continuity",
  "renderContinuity",
  "continuityHistory",
  "reindex",
  "verifyAudit",
  "exportAuditJsonl",
  "export",
  // Takes a whole document: tested on its own below.
  "import",
  "backup",
  // Builds the store's indexes (every namespace's, as a search would); returns no record.
  "warmIndexes",
  "close",
  "withActor",
  // Returns an engine acting in the named namespace, its prefixes only under it
  // (test/security/namespace-prefix-rest.test.ts).
  "withNamespace",
];

/** Private helpers on the prototype (TypeScript privacy is compile-time only). */
const LIBRARY_INTERNAL = [
  "now",
  "idArgs",
  "namespacesOf",
  "setPinned",
  "associativeHop",
  "sleepLocked",
  "sweepUnlocked",
];

describe("library: every id-taking verb stays in the caller's namespace", () => {
  it("classifies every engine method, so a new verb cannot slip past", () => {
    const methods = Object.getOwnPropertyNames(Memory.prototype).filter((n) => n !== "constructor");
    const known = new Set([
      ...Object.keys(LIBRARY_ID_CALLS),
      ...Object.keys(LIBRARY_ID_FILTERS),
      ...LIBRARY_NO_ID,
      ...LIBRARY_INTERNAL,
    ]);
    expect(methods.filter((m) => !known.has(m)).sort()).toEqual([]);
  });

  for (const [verb, calls] of Object.entries(LIBRARY_ID_CALLS))
    it(`${verb} refuses a foreign id like a missing one, and changes nothing`, async () => {
      const path = freshStore();
      const mem = await openMemory({ path, clock: CLOCK, namespace: ATTACKER });
      try {
        const before = await storeSnapshot(mem, path, NAMESPACES);
        for (const [i, call] of calls.entries()) {
          const foreign = await call(mem, victim).then(
            (r) => expect.fail(`${verb}#${i} crossed: ${JSON.stringify(r).slice(0, 200)}`),
            (e: unknown) => e,
          );
          const missing = await call(mem, NOWHERE).then(
            () => expect.fail(`${verb}#${i} accepted a missing id`),
            (e: unknown) => e,
          );
          if (!isStrataError(foreign) || !isStrataError(missing))
            expect.fail(`${verb}#${i}: ${String(foreign)}`);
          expect(["NOT_FOUND", "WRAP_NOT_PREPARED"]).toContain(foreign.code);
          expect({ code: foreign.code, message: normalise(foreign.message, victim) }).toEqual({
            code: missing.code,
            message: normalise(missing.message, NOWHERE),
          });
        }
        expect(await storeSnapshot(mem, path, NAMESPACES)).toEqual(before);
      } finally {
        await mem.close();
      }
    });

  it("reads a foreign id in a filter exactly like a missing one (nothing)", async () => {
    const mem = await openMemory({ path: freshStore(), clock: CLOCK, namespace: ATTACKER });
    try {
      for (const [verb, call] of Object.entries(LIBRARY_ID_FILTERS)) {
        expect(await call(mem, victim), verb).toEqual(await call(mem, NOWHERE));
        expect(await call(mem, victim), verb).toEqual([]);
      }
    } finally {
      await mem.close();
    }
  });

  it("the same verbs still work in the item's own namespace (the matrix is not vacuous)", async () => {
    const mem = await openMemory({ path: freshStore(), clock: CLOCK, namespace: VICTIM });
    try {
      expect((await mem.get(victim.belief)).id).toBe(victim.belief);
      expect((await mem.explain(victim.episode)).episode?.id).toBe(victim.episode);
      expect((await mem.history(victim.archived)).chain.length).toBe(2);
      expect((await mem.used(victim.belief)).uses).toBe(2);
      await mem.cancelWrap(victim.token);
      // The namespace option names where the id is looked up.
      expect((await mem.get(victim.belief, { namespace: VICTIM })).id).toBe(victim.belief);
      await expect(mem.get(victim.belief, { namespace: ATTACKER })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
    } finally {
      await mem.close();
    }
  });

  it("refuses to import another namespace's export into the caller's", async () => {
    const path = freshStore();
    const source = await openMemory({ path, clock: CLOCK, namespace: VICTIM });
    const json = await source.export({ format: "json" });
    await source.close();
    const target = await openMemory({ path: join(dir, `import-${++cases}.db`), clock: CLOCK });
    try {
      await expect(target.import(json)).rejects.toMatchObject({ code: "INVALID_INPUT" });
      expect((await target.stats({ namespace: VICTIM })).beliefs.total).toBe(0);
      await target.import(json, { namespace: VICTIM });
      expect((await target.stats({ namespace: VICTIM })).beliefs.total).toBeGreaterThan(0);
    } finally {
      await target.close();
    }
  });

  it("refuses non-canonical ids and an empty namespace (INVALID_INPUT), never coerced", async () => {
    const mem = await openMemory({ path: freshStore(), clock: CLOCK, namespace: VICTIM });
    try {
      for (const id of ["b01", "b0", "e007", "B1", " b1"])
        await expect(mem.get(id), id).rejects.toMatchObject({ code: "INVALID_INPUT" });
      await expect(mem.get(victim.belief, { namespace: "" })).rejects.toMatchObject({
        code: "INVALID_INPUT",
      });
      await expect(mem.recall("deploy", { namespace: "" })).rejects.toMatchObject({ code: "INVALID_INPUT" });
    } finally {
      await mem.close();
    }
    const error = await openMemory({ path: join(dir, "never.db"), namespace: "" }).catch((e: unknown) => e);
    expect(isStrataError(error) && error.code).toBe("INVALID_INPUT");
  });

  it("names the actor and namespace in every audit entry of a change", async () => {
    const mem = await openMemory({ path: freshStore(), clock: CLOCK, namespace: VICTIM, actor: "app" });
    try {
      await mem.used(victim.belief);
      await mem.withActor("reviewer").pin(victim.belief);
      const tail = (await mem.audit({ limit: 1000 })).slice(-2);
      expect(tail.map((a) => [a.event, a.actor, a.namespace])).toEqual([
        ["belief.used", "app", VICTIM],
        ["belief.pinned", "reviewer", VICTIM],
      ]);
    } finally {
      await mem.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// MCP (in memory for breadth, then a real stdio process and a real HTTP socket)
// ---------------------------------------------------------------------------------------------

type McpCall =
  | { tool: string; args: (t: Target) => Record<string, unknown> }
  | { resource: (t: Target) => string };

/** Input fields through which a tool receives ids (or a wrap token). */
const ID_FIELDS = new Set(["id", "ids", "sources", "episodeIds", "judgments", "token", "a", "b"]);

const MCP_ID_CALLS: Record<string, McpCall[]> = {
  outcome: [{ tool: "outcome", args: (t) => ({ id: t.belief, success: true }) }],
  inspect: [
    { tool: "inspect", args: (t) => ({ what: "explain", id: t.belief }) },
    { tool: "inspect", args: (t) => ({ what: "explain", id: t.episode }) },
  ],
  curate: [
    { tool: "curate", args: (t) => ({ action: "pin", id: t.belief }) },
    { tool: "curate", args: (t) => ({ action: "unpin", id: t.pinned }) },
    { tool: "curate", args: (t) => ({ action: "restore", id: t.archived }) },
  ],
  forget: [
    { tool: "forget", args: (t) => ({ id: t.belief }) },
    { tool: "forget", args: (t) => ({ id: t.episode }) },
  ],
  settle: [
    { tool: "settle", args: (t) => ({ judgments: [{ a: t.belief, b: victim.own, verdict: "merge" }] }) },
    { tool: "settle", args: (t) => ({ episodeIds: [t.episode], propositions: ["Locks time out"] }) },
  ],
  wrap: [
    { tool: "wrap", args: (t) => ({ action: "save", token: t.token, text: DIGEST(t.episode) }) },
    { tool: "wrap", args: (t) => ({ action: "cancel", token: t.token }) },
  ],
  remember: [{ tool: "remember", args: (t) => ({ statement: "Deploys need a lock", sources: [t.episode] }) }],
  capture: [
    { tool: "capture", args: (t) => ({ when: "deploying", prefer: "lock first", sources: [t.episode] }) },
  ],
  "resource:item": [
    { resource: (t) => `strata://item/${t.belief}` },
    { resource: (t) => `strata://item/${t.episode}` },
  ],
  "resource:continuity": [{ resource: () => `strata://continuity/${VICTIM}` }],
};

/** The refusal a call gets, as text (tool error result or resource protocol error). */
async function mcpRefusal(client: Client, call: McpCall, t: Target): Promise<string> {
  if ("tool" in call) {
    const r = (await client.callTool({ name: call.tool, arguments: call.args(t) })) as CallToolResult;
    const text = r.content.map((c) => ("text" in c ? c.text : "")).join("\n");
    if (!r.isError) expect.fail(`${call.tool} crossed: ${text.slice(0, 200)}`);
    return text;
  }
  const error = await client.readResource({ uri: call.resource(t) }).then(
    (r) => expect.fail(`${call.resource(t)} crossed: ${JSON.stringify(r).slice(0, 200)}`),
    (e: unknown) => e,
  );
  return error instanceof Error ? error.message : String(error);
}

/** Runs every MCP id call against the victim's ids and missing ones; all must be refused alike. */
async function mcpMatrix(client: Client): Promise<number> {
  let refused = 0;
  for (const [name, calls] of Object.entries(MCP_ID_CALLS))
    for (const call of calls) {
      const foreign = await mcpRefusal(client, call, victim);
      expect(foreign, name).toMatch(/NOT_FOUND|WRAP_NOT_PREPARED/);
      if (name !== "resource:continuity") {
        const missing = await mcpRefusal(client, call, NOWHERE);
        expect(normalise(foreign, victim), name).toBe(normalise(missing, NOWHERE));
      }
      refused++;
    }
  return refused;
}

describe("MCP: every id-taking tool and resource stays in the server's namespace", () => {
  it("classifies every tool: a tool with an id field is in the matrix", () => {
    for (const set of ["strata", "memory-server"] as const)
      for (const spec of toolSpecs(set)) {
        const fields = Object.keys((spec.input as z.ZodObject).shape ?? {});
        const takesIds = fields.some((f) => ID_FIELDS.has(f));
        if (set === "strata") expect(takesIds ? spec.name in MCP_ID_CALLS : true, spec.name).toBe(true);
        // The memory server's tools name entities, never ids: they act on the namespace's own items.
        else expect(takesIds, spec.name).toBe(false);
      }
  });

  it("in memory: refuses every foreign id like a missing one and changes nothing", async () => {
    const path = freshStore();
    const before = await snapshotOf(path);
    const mem = await openMemory({ path, clock: CLOCK, namespace: ATTACKER });
    const client = await mcpClientOf(mem);
    try {
      expect(await mcpMatrix(client)).toBeGreaterThanOrEqual(15);
      // A change the server does make is audited as its client.
      await client.callTool({ name: "remember", arguments: { statement: "Attacker's fact" } });
      const [last] = (await mem.audit({ limit: 1000 })).slice(-1);
      expect([last!.actor, last!.namespace]).toEqual(["mcp:probe", ATTACKER]);
    } finally {
      await client.close();
      await mem.close();
    }
    const after = (await snapshotOf(path)) as { perNamespace: { namespace: string }[] };
    const victimOnly = (s: unknown) =>
      (s as { perNamespace: { namespace: string }[] }).perNamespace.filter((n) => n.namespace === VICTIM);
    expect(victimOnly(after)).toEqual(victimOnly(before));
  });

  it("over stdio (the built server): refuses every foreign id and changes nothing", async () => {
    const path = freshStore();
    const before = await snapshotOf(path);
    const client = new Client({ name: "probe", version: "1" });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bin, "--db", path, "--namespace", ATTACKER, "serve"],
        stderr: "pipe",
      }),
    );
    try {
      expect(await mcpMatrix(client)).toBeGreaterThanOrEqual(15);
    } finally {
      await client.close();
    }
    expect(await snapshotOf(path)).toEqual(before);
  }, 60_000);

  it("over Streamable HTTP (a real socket): refuses every foreign id and changes nothing", async () => {
    const path = freshStore();
    const before = await snapshotOf(path);
    let child: ChildProcess | undefined;
    try {
      const served = await serveHttp([
        "--db",
        path,
        "--namespace",
        ATTACKER,
        "serve",
        "--http",
        "--port",
        "0",
      ]);
      child = served.child;
      const client = new Client({ name: "probe", version: "1" });
      await client.connect(new StreamableHTTPClientTransport(new URL(served.url)));
      expect(await mcpMatrix(client)).toBeGreaterThanOrEqual(15);
      await client.close();
    } finally {
      child?.kill("SIGTERM");
    }
    expect(await snapshotOf(path)).toEqual(before);
  }, 60_000);
});

// ---------------------------------------------------------------------------------------------
// CLI (the built binary)
// ---------------------------------------------------------------------------------------------

interface CliCall {
  argv: (t: Target) => string[];
  stdin?: (t: Target) => string;
}

const CLI_ID_CALLS: Record<string, CliCall[]> = {
  get: [{ argv: (t) => ["get", t.belief] }, { argv: (t) => ["get", t.episode] }],
  explain: [{ argv: (t) => ["explain", t.belief] }],
  history: [{ argv: (t) => ["history", t.archived] }],
  outcome: [{ argv: (t) => ["outcome", t.belief, "success"] }],
  used: [{ argv: (t) => ["used", t.belief] }],
  pin: [{ argv: (t) => ["pin", t.belief] }],
  unpin: [{ argv: (t) => ["unpin", t.pinned] }],
  restore: [{ argv: (t) => ["restore", t.archived] }],
  forget: [{ argv: (t) => ["forget", t.belief, "--yes"] }, { argv: (t) => ["forget", t.episode, "--yes"] }],
  judge: [
    {
      argv: () => ["judge", "-"],
      stdin: (t) => JSON.stringify([{ a: t.belief, b: victim.own, verdict: "merge" }]),
    },
  ],
  distil: [{ argv: (t) => ["distil", "--episodes", t.episode, "Locks time out"] }],
  remember: [{ argv: (t) => ["remember", "Deploys need a lock", "--sources", t.episode] }],
  capture: [
    { argv: (t) => ["capture", "--when", "deploying", "--prefer", "lock first", "--sources", t.episode] },
  ],
  "save-continuity": [
    { argv: (t) => ["save-continuity", "-", "--token", t.token], stdin: (t) => DIGEST(t.episode) },
  ],
  "cancel-wrap": [{ argv: (t) => ["cancel-wrap", "--token", t.token] }],
};

/** Commands that take an id only as a filter; answered with nothing, like a missing id. */
const CLI_ID_FILTERS: Record<string, (t: Target) => string[]> = {
  associations: (t) => ["associations", "--episode", t.episode],
  audit: (t) => ["audit", "--subject", t.belief],
};

/** Options that look like ids but are not: why each is left out of the matrix. */
const NOT_IDS: Record<string, string> = {
  serve: "--token is the HTTP server's bearer token, not a wrap token",
};

const ID_ARGUMENT = /^(id|ids)$/;
const ID_OPTION = /^--(episodes?|subject|token|sources?|ids?)$/;

function commandsOf(program: Command): Command[] {
  return program.commands.flatMap((c) => [c, ...commandsOf(c)]);
}

function cli(path: string, argv: string[], stdin = ""): { status: number; json: unknown } {
  const r = spawnSync(process.execPath, [bin, "--db", path, "--namespace", ATTACKER, "--json", ...argv], {
    input: stdin,
    encoding: "utf8",
  });
  return { status: r.status ?? -1, json: r.stdout.trim() ? JSON.parse(r.stdout) : null };
}

describe("CLI: every id-taking command stays in --namespace", () => {
  it("classifies every command whose arguments or options take ids", () => {
    const program = createProgram("0.0.0", { writeOut: () => {}, writeErr: () => {} }, () => {});
    const missing: string[] = [];
    for (const c of commandsOf(program)) {
      const takesId =
        c.registeredArguments.some((a) => ID_ARGUMENT.test(a.name())) ||
        c.options.some((o) => ID_OPTION.test(o.long ?? ""));
      if (takesId && !(c.name() in CLI_ID_CALLS) && !(c.name() in CLI_ID_FILTERS) && !(c.name() in NOT_IDS))
        missing.push(c.name());
    }
    // judge reads ids from a file: classified by hand above.
    expect(missing).toEqual([]);
  });

  it("refuses every foreign id like a missing one (built binary) and changes nothing", async () => {
    const path = freshStore();
    const before = await snapshotOf(path);
    for (const [name, calls] of Object.entries(CLI_ID_CALLS))
      for (const call of calls) {
        const foreign = cli(path, call.argv(victim), call.stdin?.(victim));
        const missing = cli(path, call.argv(NOWHERE), call.stdin?.(NOWHERE));
        const error = (r: { json: unknown }) =>
          (r.json as { error?: { code: string; message: string } }).error;
        expect(foreign.status, `${name}: ${JSON.stringify(foreign.json)}`).toBe(1);
        expect(["NOT_FOUND", "WRAP_NOT_PREPARED"], name).toContain(error(foreign)?.code);
        expect(normalise(error(foreign)!.message, victim), name).toBe(
          normalise(error(missing)!.message, NOWHERE),
        );
      }
    for (const [name, argv] of Object.entries(CLI_ID_FILTERS))
      expect(cli(path, argv(victim)).json, name).toEqual(cli(path, argv(NOWHERE)).json);
    expect(await snapshotOf(path)).toEqual(before);
  }, 120_000);

  it("refuses an empty --namespace (a usage error, exit 2) and a non-canonical id (INVALID_INPUT)", () => {
    const path = freshStore();
    const empty = spawnSync(process.execPath, [bin, "--db", path, "--namespace", "", "--json", "stats"], {
      encoding: "utf8",
    });
    expect(empty.status).toBe(2);
    expect(JSON.parse(empty.stdout).error).toMatchObject({
      code: "USAGE",
      message: expect.stringMatching(/^--namespace must be a namespace/),
    });
    const zero = cli(path, ["get", "b01"]);
    expect((zero.json as { error: { code: string } }).error.code).toBe("INVALID_INPUT");
  });
});
