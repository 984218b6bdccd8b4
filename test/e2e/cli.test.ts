/**
 * The shipped CLI, end to end: builds dist/ when it is older than src/, then spawns
 * `node dist/cli/main.js` the way a user's shell would.
 */
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockFilePath } from "../../src/store/sqlite/file-lock.js";
import { bin, ensureBuilt, root } from "../support/built-cli.js";

let dir: string;

beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "strata-e2e-"));
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs `strata …` in the temp folder with STRATA_DB pointing into it and colour off. */
function strata(args: string[], env: Record<string, string> = {}, input?: string) {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd: dir,
    encoding: "utf8",
    ...(input !== undefined ? { input } : {}),
    env: { ...process.env, NO_COLOR: "1", STRATA_DB: join(dir, "env.db"), ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("strata (built)", () => {
  it("demo exits 0, prints its store path and every act", () => {
    // Started by npx (the README's `npx strata demo`): there is no `strata` on the PATH yet.
    const r = strata(["demo"], { npm_command: "exec" });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/store: .*strata-demo-.*memory\.db/);
    expect(r.stdout).toMatch(/Explore it: npx strata --db \S+memory\.db list/);
    for (let act = 1; act <= 9; act++) expect(r.stdout).toContain(`Act ${act} ·`);
    expect(r.stdout).toContain("10 → 3 entries");
    expect(r.stdout).toContain("recalled memory written back");
    expect(r.stdout).toContain("confidence 0.50 → 0.67");
    expect(r.stdout).toContain("audit chain intact");
  });

  it("demo --json is a structured transcript", () => {
    const r = strata(["demo", "--db", "demo.db", "--json"]);
    expect(r.code).toBe(0);
    const t = JSON.parse(r.stdout);
    expect(t.path).toBe(join(dir, "demo.db"));
    expect(t.acts).toHaveLength(9);
    expect(t.acts[0].steps[0]).toMatchObject({ kind: "gate", result: { verdict: "novel", id: "e1" } });
  });

  it("record then recall round-trips through --json", () => {
    const db = ["--db", "round.db"];
    const rec = strata([
      ...db,
      "--json",
      "record",
      "Deploy failed: migration lock timeout",
      "--type",
      "outcome",
      "--outcome",
      "failure",
      "--meta",
      '{"ticket":"OPS-7"}',
    ]);
    expect(rec.code).toBe(0);
    expect(JSON.parse(rec.stdout)).toMatchObject({ verdict: "novel", id: "e1", stored: true });
    const hits = strata([...db, "recall", "migration lock", "--json"]);
    expect(hits.code).toBe(0);
    expect(JSON.parse(hits.stdout)).toMatchObject([
      { id: "e1", text: "Deploy failed: migration lock timeout" },
    ]);
    expect(existsSync(join(dir, "round.db"))).toBe(true); // relative --db resolves against the cwd
  });

  it("a changed fact supersedes across separate invocations (a reopened store)", () => {
    const db = ["--db", "reopen.db"];
    expect(strata([...db, "remember", "The API rate limit is 100 requests per minute"]).code).toBe(0);
    const r = strata([...db, "--json", "remember", "The API rate limit is now 250 requests per minute"]);
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toMatchObject({ verdict: "contradiction", superseded: ["b1"] });
    expect(strata([...db, "history", "b2"]).stdout).toMatch(/b1 +archived[^\n]*\n.*b2 +active/);
  });

  it("bad input exits with a clear message and leaves the store unchanged", () => {
    const db = ["--db", "bad.db"];
    strata([...db, "record", "Something happened"]);
    const before = strata([...db, "stats", "--json"]).stdout;
    // An empty argument is a usage error, as an empty flag value is (exit 2).
    const r = strata([...db, "record", ""]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^usage: <content> must be at least 1 character, got ""\./);
    const json = strata([...db, "--json", "remember", "Restart the worker", "--steps", "a;b"]);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      error: {
        code: "INVALID_INPUT",
        message: expect.stringMatching(/--steps are only for --kind "procedure"/),
      },
    });
    expect(strata([...db, "stats", "--json"]).stdout).toBe(before);
  });

  // A flag's value the engine's schema refuses is bad usage, traced back to the flag in one place
  // (src/cli/flag-issues.ts) for every command: exit 2, the flag, what is allowed, the value given.
  it.each([
    [
      ["recall", "x", "-k", "0"],
      "-k must be at least 1, got 0.",
      { flag: "-k", value: 0, allowed: "at least 1" },
    ],
    [["recall", "x", "--k", "-3"], "--k must be at least 1, got -3.", { flag: "--k", value: -3 }],
    [
      ["recall", "x", "--kinds", "fact,bogus"],
      '--kinds must be one of fact, failure, rule, procedure, episode, got "bogus".',
      { flag: "--kinds", value: "bogus" },
    ],
    [
      ["record", "x", "--type", "bogus"],
      '--type must be one of observation, decision, tension, question, outcome, context, got "bogus".',
      { flag: "--type" },
    ],
    [
      ["remember", "x", "-k", "rule"],
      '-k must be one of fact, failure, procedure, got "rule": a rule has a WHEN and a PREFER: use `strata capture --when … --prefer …` instead of remember.',
      { flag: "-k" },
    ],
    [
      ["context", "x", "--budget", "5"],
      "--budget must be at least 32, got 5.",
      { flag: "--budget", value: 5 },
    ],
    [["list", "--limit", "0"], "--limit must be at least 1, got 0.", { flag: "--limit" }],
    [["list", "--status", "gone"], "--status must be one of active, dormant, archived", { flag: "--status" }],
    [["candidates", "--limit", "9999"], "--limit must be at most 500, got 9999.", { allowed: "at most 500" }],
    [["audit", "--limit", "0"], "--limit must be at least 1, got 0.", { flag: "--limit" }],
    [["prepare-wrap", "--max-chars", "10"], "--max-chars must be at least 1000, got 10.", { value: 10 }],
    [["record", "x", "--at", "soonish"], '--at: "soonish" is not a date', { flag: "--at", value: "soonish" }],
    [["remember", "--jsonl", "-", "--batch-size", "0"], "--batch-size must be a whole number from 1", {}],
    // A hook swallows runtime failures, never its own command line's mistakes.
    [
      ["hook", "session-start", "--budget", "0"],
      "--budget must be at least 32, got 0.",
      { flag: "--budget", value: 0, allowed: "at least 32" },
    ],
  ])("strata %j: a refused flag value is a usage error naming it", (args, message, details) => {
    const db = ["--db", "flags.db"];
    if (!existsSync(join(dir, "flags.db"))) expect(strata([...db, "init"]).code).toBe(0);
    const r = strata([...db, ...args]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(`usage: ${message}`);
    const json = strata([...db, ...args, "--json"]);
    expect(json.code).toBe(2);
    const { error } = JSON.parse(json.stdout);
    expect(error.code).toBe("USAGE");
    expect(error.message).toContain(message);
    expect(error.details).toMatchObject(details);
  });

  it.each([
    [["bogus"], /unknown command 'bogus'/],
    [["record"], /pass the content to record, or --jsonl FILE/],
    [["recall", "x", "--nope"], /unknown option '--nope'/],
    [["recall", "x", "-k", "many"], /-k must be a whole number/],
    [["outcome", "b1", "maybe"], /^usage: <result> must be one of success, failure, got "maybe"\.\n$/],
    [
      ["export", "--format", "csv"],
      /^usage: --format must be one of json, markdown, jsonl, memory-jsonl, got "csv"\.\n$/,
    ],
    [["hook", "session-end", "--budget", "600"], /unknown option '--budget'/],
    [
      ["serve", "--http", "--port", "99999"],
      /--port must be from 0 to 65535 \(0 picks a free one\), got 99999/,
    ],
    [
      ["transfer", "--from", "missing.db", "--to", "copy.db"],
      /--from sqlite:.*missing\.db: no store there \(the file does not exist\); nothing was created or transferred/,
    ],
    [["forget", "e1"], /Add --yes to confirm/],
    [["--namespace", "bad ns!", "list"], /--namespace must be a namespace \(.*\), got "bad ns!"/],
    [["-n", "", "recall", "x"], /-n must be a namespace \(.*\), got ""/],
    [["-n", "bad name!", "hook", "session-start"], /-n must be a namespace/],
    [[], /It needs a command; start with one of these/],
  ])("strata %j is a usage error: exit 2", (args, message) => {
    const r = strata(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it("a hook with no store says so on stderr, creates nothing and exits 0 (was silent)", () => {
    const db = join(dir, "hook-none.db");
    for (const [event, words] of [
      ["session-start", "nothing to inject"],
      ["session-end", "nothing to consolidate"],
    ] as const) {
      const r = strata(["--db", db, "hook", event], {}, '{"session_id":"s1","cwd":"/work/api"}');
      expect(r.code, event).toBe(0);
      expect(r.stdout, event).toBe("");
      expect(r.stderr, event).toBe(
        `strata hook ${event}: no store at ${db} yet: ${words}; strata --db ${db} init creates it (a first strata remember or the MCP server's first write does too), or check --db, STRATA_DB and the hook's command line if it should exist\n`,
      );
      expect(existsSync(db), event).toBe(false);
    }
    // With a store, session-start says nothing on stderr.
    expect(strata(["--db", db, "init"]).code).toBe(0);
    const r = strata(["--db", db, "hook", "session-start"], {}, "{}");
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
  });

  it("backup into a folder that cannot be made is a usage error saying so (was an unexpected failure)", () => {
    writeFileSync(join(dir, "a-file"), "not a folder");
    expect(strata(["--db", "backed.db", "init"]).code).toBe(0);
    const r = strata(["--db", "backed.db", "backup", "a-file/sub/backup.db"]);
    expect(r.code).toBe(2);
    const folder = join(realpathSync(dir), "a-file", "sub");
    expect(r.stderr).toContain(
      `cannot make the folder ${folder} (ENOTDIR); pick a path in a folder you can write.`,
    );
  });

  it("transfer from a mistyped --from creates no store there (it used to copy an empty one)", () => {
    expect(strata(["transfer", "--from", "typo.db", "--to", "typo-copy.db"]).code).toBe(2);
    expect(existsSync(join(dir, "typo.db"))).toBe(false);
    expect(existsSync(join(dir, "typo-copy.db"))).toBe(false);
  });

  it("help --json answers the help as data: the command list, a command's usage, flags and examples", () => {
    const root = strata(["help", "--json"]);
    expect(root.code).toBe(0);
    const top = JSON.parse(root.stdout);
    expect(top).toMatchObject({ command: "strata", usage: "strata [options] [command]" });
    expect(top.commands.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(["recall", "keys"]),
    );
    expect(top.commands.map((c: { name: string }) => c.name)).not.toContain("help");
    expect(top.options.map((o: { long: string }) => o.long)).toEqual(
      expect.arrayContaining(["--db", "--json"]),
    );
    expect(JSON.parse(strata(["--help", "--json"]).stdout)).toEqual(top);

    const r = strata(["help", "recall", "--json"]);
    expect(r.code).toBe(0);
    const recall = JSON.parse(r.stdout);
    expect(recall).toMatchObject({
      command: "strata recall",
      usage: "strata recall [options] <query>",
      arguments: [{ name: "query", required: true }],
    });
    expect(recall.options).toContainEqual(
      expect.objectContaining({ flags: "-k, --k <n>", short: "-k", takesValue: true }),
    );
    expect(recall.examples).toContain('strata recall "rate limit"');
    // What the command prints, as its --help shows it (newcomer47): the sample's command apart.
    expect(recall.samples).toEqual([
      {
        command: 'strata recall "retry limit"',
        prints: expect.arrayContaining([expect.stringMatching(/retry limit is 5/)]),
      },
    ]);
    expect(recall.examples).not.toContain('strata recall "retry limit"');
    expect(recall.text).toMatch(/^Usage: strata recall/);
    expect(JSON.parse(strata(["recall", "--help", "--json"]).stdout)).toEqual(recall);
    const create = JSON.parse(strata(["help", "keys", "create", "--json"]).stdout);
    expect(create.command).toBe("strata keys create");
    expect(create.samples).toEqual([]);
    expect(JSON.parse(strata(["help", "outcome", "--json"]).stdout).arguments[1]).toMatchObject({
      name: "result",
      choices: ["success", "failure"],
    });

    const bad = strata(["help", "bogus", "--json"]);
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stdout).error).toMatchObject({ code: "USAGE", details: { command: "bogus" } });
  });

  it("consolidate on a pipe: nothing on stderr, a summary line and a listing cut to --limit with what was left out", () => {
    const db = ["--db", "many.db"];
    const events = Array.from({ length: 60 }, (_, i) =>
      JSON.stringify({
        content: `Deploy ${i} of service-${i} finished in region zone-${i}`,
        type: "outcome",
      }),
    ).join("\n");
    expect(strata([...db, "record", "--jsonl", "-"], {}, `${events}\n`).code).toBe(0);
    const copy = readFileSync(join(dir, "many.db"));
    const r = strata([...db, "consolidate"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^consolidate: .*distilled \d+/);
    expect(lines).toHaveLength(1 + 1 + 20 + 1); // summary, header, 20 items, what was left out
    expect(lines.at(-1)).toMatch(
      /^… \d+ more not listed \(distilled \d+.*\): strata consolidate --json lists every item; --limit N lists N\.$/,
    );
    // The same run on the same store, as JSON: every item.
    writeFileSync(join(dir, "many-json.db"), copy);
    const all = JSON.parse(strata(["--db", "many-json.db", "consolidate", "--json"]).stdout);
    expect(all.items.length).toBeGreaterThan(20);
    expect(Number(/… (\d+) more/.exec(lines.at(-1)!)![1])).toBe(all.items.length - 20);
    expect(strata([...db, "sweep", "--limit", "0"])).toMatchObject({ code: 2 });
  });

  it("a missing id exits 1 with NOT_FOUND in --json", () => {
    expect(strata(["--db", "empty.db", "init"]).code).toBe(0);
    const r = strata(["--db", "empty.db", "--json", "get", "b9"]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).error.code).toBe("NOT_FOUND");
  });

  it("a sweep while another process sweeps the namespace exits 75 with BUSY, changes nothing, then runs", () => {
    expect(strata(["--db", "busy.db", "remember", "The retry limit is 5"]).code).toBe(0);
    // This test process plays the other sweeper: its lock file, with its (live) pid on this host.
    const lock = lockFilePath(realpathSync(join(dir, "busy.db")), "sleep:default");
    writeFileSync(
      lock,
      JSON.stringify({
        pid: process.pid,
        host: hostname(),
        at: "2026-03-01T00:00:00.000Z",
        name: "sleep:default",
        what: 'a consolidation of namespace "default"',
        token: "e2e",
      }),
    );
    const audit = strata(["--db", "busy.db", "--json", "audit"]).stdout;
    const busy = strata(["--db", "busy.db", "--json", "sweep"], { STRATA_LOCK_WAIT_MS: "100" });
    expect(busy.code).toBe(75);
    expect(JSON.parse(busy.stdout).error).toMatchObject({ code: "BUSY", details: { lock: "sleep:default" } });
    expect(busy.stderr).toContain(
      `error: A consolidation of namespace "default" is already running (pid ${process.pid}`,
    );
    expect(strata(["--db", "busy.db", "--json", "audit"]).stdout).toBe(audit);
    expect(strata(["--db", "busy.db", "consolidate"], { STRATA_LOCK_WAIT_MS: "soon" }).code).toBe(2);
    unlinkSync(lock);
    expect(strata(["--db", "busy.db", "sweep"]).code).toBe(0);
    expect(existsSync(lock)).toBe(false);
  });

  it("--version prints package.json's version", () => {
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    const r = strata(["--version"]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(pkg.version);
    for (const args of [
      ["--version", "--json"],
      ["--json", "-V"],
    ])
      expect(JSON.parse(strata(args).stdout)).toEqual({ version: pkg.version });
  });

  it.each([
    [["keys"], "strata keys needs a command: create, list, revoke"],
    [["--db", "keys", "curate"], "strata curate needs a command: pgvector, chroma, lancedb"],
    [["hook"], "strata hook needs a command: session-start, session-end"],
    [[], "strata needs a command: strata --help lists them"],
  ])("%j without its command exits 2 and --json names the commands it takes", (args, message) => {
    const r = strata([...args, "--json"]);
    expect(r.code).toBe(2);
    const { error } = JSON.parse(r.stdout);
    expect(error.code).toBe("USAGE");
    expect(error.message).toContain(message);
    expect(r.stderr).toMatch(/usage: strata/i);
  });

  it("strata alone prints the few commands to start with, not the whole help, and --json only its error", () => {
    const r = strata([]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^strata: memory consolidation for AI agents\. It needs a command/);
    expect(r.stderr).toContain("strata demo");
    expect(r.stderr.trim().split("\n").length).toBeLessThanOrEqual(14);
    const j = strata(["--db", "none.db", "--json"]);
    expect(j.code).toBe(2);
    expect(JSON.parse(j.stdout).error.code).toBe("USAGE");
    expect(j.stderr.trim().split("\n")).toEqual([
      "usage: strata needs a command: strata --help lists them (strata demo shows what Strata does).",
    ]);
    expect(existsSync(join(dir, "none.db"))).toBe(false);
  });

  it("consolidate, candidates, judge (stdin and file), pending, distil and health round-trip through --json", () => {
    const db = ["--db", "sleep.db"];
    strata([...db, "record", "Validation of the 60MB CSV timed out", "--outcome", "failure"]);
    strata([...db, "record", "Thanks!"]);
    const pending = JSON.parse(strata([...db, "--json", "pending"]).stdout);
    expect(pending.map((e: { id: string }) => e.id)).toEqual(["e1", "e2"]);
    const c = strata([...db, "--json", "consolidate"]);
    expect(c.code).toBe(0);
    expect(c.stderr).toBe(""); // no progress bar off a terminal
    expect(JSON.parse(c.stdout)).toMatchObject({
      process: "consolidate",
      counts: { distilled: 1, skipped: 1 },
      items: expect.arrayContaining([
        { action: "skipped", id: "e2", by: null, reason: "skipped: chit-chat", related: [] },
      ]),
    });
    const human = strata([...db, "sweep", "--full"]);
    expect(human).toMatchObject({ code: 0, stderr: "" });
    expect(human.stdout).toMatch(/^sweep: /);
    strata([...db, "remember", "The target model is Claude"]);
    strata([...db, "remember", "Anthropic's model is our target"]);
    const pairs = JSON.parse(strata([...db, "--json", "candidates", "--limit", "5"]).stdout);
    expect(pairs[0]).toMatchObject({ a: expect.stringMatching(/^b/), b: expect.stringMatching(/^b/) });
    const verdicts = JSON.stringify([{ a: pairs[0].a, b: pairs[0].b, verdict: "distinct" }]);
    const viaStdin = strata([...db, "--json", "judge"], {}, verdicts);
    expect(viaStdin.code).toBe(0);
    expect(JSON.parse(viaStdin.stdout)).toMatchObject({ process: "judge", items: [] });
    writeFileSync(join(dir, "verdicts.json"), verdicts);
    expect(strata([...db, "judge", "verdicts.json"]).stdout).toMatch(/^judge: nothing to change/);
    // Review: the gate's supersession, undone by one distinct verdict.
    strata([...db, "remember", "The retry limit is 5"]);
    strata([...db, "remember", "The retry limit is 7"]);
    const review = JSON.parse(strata([...db, "--json", "candidates", "--review", "--days", "1"]).stdout);
    expect(review).toEqual([
      expect.objectContaining({ decided: expect.objectContaining({ judge: "write gate" }) }),
    ]);
    const undo = strata(
      [...db, "--json", "judge"],
      {},
      JSON.stringify([{ a: review[0].a, b: review[0].b, verdict: "distinct" }]),
    );
    expect(JSON.parse(undo.stdout)).toMatchObject({ counts: { reopened: 1 } });
    expect(JSON.parse(strata([...db, "--json", "candidates", "--review"]).stdout)).toEqual([]);
    expect(JSON.parse(strata([...db, "--json", "candidates", "--offset", "100"]).stdout)).toEqual([]);
    const noReview = strata([...db, "--json", "candidates", "--days", "2"]);
    expect(noReview.code).toBe(2);
    expect(JSON.parse(noReview.stdout).error).toMatchObject({ code: "USAGE", details: { flag: "--days" } });
    const distil = strata([
      ...db,
      "--json",
      "distil",
      "--episodes",
      "e1",
      "--valence",
      "failure",
      "CSVs over 50MB time out in validation",
    ]);
    expect(JSON.parse(distil.stdout)).toMatchObject({ process: "distil", counts: { distilled: 1 } });
    const health = JSON.parse(strata([...db, "--json", "health"]).stdout);
    expect(health).toMatchObject({
      namespace: "default",
      active: expect.any(Number),
      usable: expect.any(Number),
    });
    expect(strata([...db, "health"]).stdout).toMatch(/active beliefs in default: [\d.]+% usable/);
  }, 240_000);

  it.each([
    [["judge", "missing.json"], /cannot read .*missing\.json \(ENOENT\)/],
    [["distil", "x is y"], /strata distil needs --episodes\. --episodes: comma-separated episode ids/],
    [["candidates", "--limit", "lots"], /--limit must be a whole number/],
    [["candidates", "--review", "--days", "a week"], /--days must be a whole number/],
  ])("strata %j is a usage error: exit 2", (args, message) => {
    const r = strata(["--db", "usage.db", ...args]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it("judge with bad verdicts exits 1 and applies nothing", () => {
    const db = ["--db", "judge-bad.db"];
    strata([...db, "remember", "The target model is Claude"]);
    const r = strata([...db, "--json", "judge"], {}, '[{"a":"b1","b":"b9","verdict":"merge"}]');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).error.code).toBe("NOT_FOUND");
  });

  it("prepare-wrap, then save-continuity from stdin; a second save exits 1 with the engine's message", () => {
    const db = ["--db", "wrap.db"];
    strata([...db, "record", "The upload to S3 failed with a timeout on the first try"]);
    strata([...db, "record", "The second upload to S3 retried with backoff and succeeded"]);
    const wrap = strata([...db, "--json", "prepare-wrap", "--session", "s1"]);
    expect(wrap.code).toBe(0);
    const prepared = JSON.parse(wrap.stdout);
    expect(prepared).toMatchObject({ status: "ready", wrap: 1, episodes: { total: 2, shown: 2 } });
    expect(prepared.package).toContain("## Instructions");
    const digest = [
      "## State",
      "- Uploads work again",
      "## Patterns",
      '- Backoff fixes flaky S3 uploads | 2x [evidence: e1 "upload to S3 failed with a timeout", e2 "upload retried with backoff and succeeded"]',
      "## Decisions",
      "- Keep retries at three",
      "## Context",
      "- Staging only",
    ].join("\n");
    const saved = strata([...db, "save-continuity", "--token", prepared.token], {}, digest);
    expect(saved.code).toBe(0);
    expect(saved.stdout).toMatch(/^saved wrap 1 as digest v1/);
    expect(saved.stdout).toMatch(
      /1x +new +Backoff fixes flaky S3 uploads +level capped: new patterns start at 1x/,
    );
    expect(saved.stdout).toContain("associations: 1 formed");
    expect(strata([...db, "continuity"]).stdout).toContain("Backoff fixes flaky S3 uploads | 1x");
    expect(strata([...db, "graph"]).stdout).toMatch(/^digraph strata \{[\s\S]*"e1" -> "e2" \[dir=none/);
    const again = strata([...db, "--json", "save-continuity", "-", "--token", prepared.token], {}, digest);
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stdout).error.code).toBe("WRAP_NOT_PREPARED");
    expect(again.stderr).toMatch(/^error: Wrap 1 was already saved: one save per prepared wrap/);
  });

  it.each([
    [["--help"]],
    [["record", "--help"]],
    [["demo", "--help"]],
    [["forget", "--help"]],
    ...[
      "consolidate",
      "sweep",
      "candidates",
      "judge",
      "pending",
      "distil",
      "health",
      "maintain",
      "prepare-wrap",
      "save-continuity",
      "cancel-wrap",
      "continuity",
      "associations",
      "graph",
      "diff",
    ].map((c) => [[c, "--help"]]),
  ])("strata %j prints help with examples, exit 0", (args) => {
    const r = strata(args);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Usage: strata/);
    expect(r.stdout).toMatch(/Examples:\n {2}\$ strata /);
  });

  it.each([["recall", "deploy"], ["list"], ["stats"], ["context", "deploy"], ["export"], ["namespaces"]])(
    "a read (%s) of a store that does not exist exits 69, says so and creates no file",
    (...args) => {
      const typo = join(dir, "no-such-folder", "typo.db");
      const r = strata(["--db", typo, ...args, "--json"]);
      expect(r.code).toBe(69);
      const { error } = JSON.parse(r.stdout);
      expect(error).toMatchObject({ code: "STORE_UNAVAILABLE", details: { path: typo, reason: "missing" } });
      expect(error.message).toContain(`No store at ${typo}`);
      expect(error.message).toContain("Check --db");
      expect(existsSync(typo)).toBe(false);
      expect(existsSync(join(dir, "no-such-folder"))).toBe(false);
    },
  );

  it("a write to a store that does not exist creates it, and reads then find it", () => {
    const fresh = join(dir, "fresh", "new.db");
    expect(strata(["--db", fresh, "remember", "The staging database is Postgres 16"]).code).toBe(0);
    expect(existsSync(fresh)).toBe(true);
    const r = strata(["--db", fresh, "recall", "staging database", "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(1);
  });

  it("STRATA_DB is the default store and --quiet prints nothing", () => {
    expect(strata(["--quiet", "remember", "The staging database is Postgres 16"])).toMatchObject({
      code: 0,
      stdout: "",
    });
    expect(existsSync(join(dir, "env.db"))).toBe(true);
    expect(strata(["verify"]).stdout).toContain("audit chain intact");
  });
});
