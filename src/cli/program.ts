/**
 * The CLI's grammar: commander definitions for every command, each with its examples. An action
 * only converts argv strings (numbers, lists, JSON) and hands `runMain` an `Invocation`: which
 * command function to call and how to render its answer. Nothing here prints, reads the
 * environment or exits.
 */
import { homedir } from "node:os";
import { Argument, Command, Option } from "commander";
import type { Memory } from "../core/engine.js";
import { EMBEDDER_NAMES } from "../core/vocabulary.js";
import { isPostgresUrl } from "../store/open-store.js";
import { registerAgentCommands } from "./agent-commands.js";
import { timeFlag, toInteger, toJson, toList, toNumber, toWhere } from "./args.js";
import { commandName } from "./cli-operation.js";
import { CLI_OPERATIONS } from "./cli-operations.generated.js";
import { type DemoTranscript, renderDemo, runDemo } from "./commands/demo.js";
import { type InitResult, renderInit, runInit } from "./commands/init.js";
import {
  renderAudit,
  renderAuditJsonl,
  renderVerify,
  runAudit,
  runAuditJsonl,
  runVerify,
  verifyExitCode,
} from "./commands/integrity.js";
import {
  renderForget,
  renderOutcome,
  renderPinned,
  renderRestored,
  renderUsed,
  runForget,
  runOutcome,
  runPin,
  runRestore,
  runUnpin,
  runUsed,
} from "./commands/lifecycle.js";
import { renderMaintain, runMaintain } from "./commands/maintain.js";
import {
  renderContext,
  renderExplain,
  renderHistory,
  renderItem,
  renderList,
  renderRecall,
  renderStats,
  runContext,
  runExplain,
  runGet,
  runHistory,
  runList,
  runRecall,
  runStats,
  unusedNamespaceNote,
  unwrittenNamespace,
} from "./commands/reads.js";
import {
  DEFAULT_LISTED_ITEMS,
  parseJudgments,
  renderCandidates,
  renderHealth,
  renderPending,
  renderSleepReport,
  runCandidates,
  runConsolidate,
  runDistil,
  runHealth,
  runJudge,
  runPending,
  runSweep,
} from "./commands/sleep.js";
import {
  renderReindex,
  renderTransfer,
  runReindex,
  runTransfer,
  type TransferResult,
  transferExitCode,
} from "./commands/stores.js";
import {
  DEFAULT_IMPORT_BATCH,
  DEFAULT_JSONL_BATCH,
  type JsonlResult,
  renderGate,
  renderJsonl,
  runCapture,
  runJsonl,
  runRecord,
  runRemember,
} from "./commands/writes.js";
import { registerContinuityCommands } from "./continuity-commands.js";
import { registerCurateCommands } from "./curate-commands.js";
import { registerExchangeCommands } from "./exchange-commands.js";
import { refuseFlagValues } from "./flag-values.js";
import { suggestMeantFlags } from "./guessed-flags.js";
import { examples, sample } from "./help-text.js";
import type { GlobalOptions, Invocation, ProgramOutput, RunEnv } from "./invocation.js";
import { registerKeysCommands } from "./keys-commands.js";
import { explainMissingOptions } from "./mandatory-options.js";
import { registerOperationCommands, summaryOf } from "./operation-commands.js";
import type { Style } from "./style.js";
import { UsageError } from "./usage-error.js";
import { registerWorkerCommands } from "./worker-commands.js";

/** For main.ts, which tells commander's refusals apart by it (commander is bundled here, not imported there). */
export { CommanderError } from "commander";
// For main.ts, which reads a command's input files and stdin as UTF-8 through it (see utf8Decoder there).
export { utf8Text } from "../core/errors.js";
/** For main.ts, which says it beside an id not found in a namespace never written. */
export { unusedNamespaceNote } from "./commands/reads.js";
/** For main.ts, which resolves the embedder once the program has read the command. */
export { resolveEmbedder } from "./commands/stores.js";
// main.ts words an engine refusal by the flag that carried it through program.js, loaded by then:
// the program imports flag-issues.ts itself (flag-values.ts), and a dynamic `import()` of it
// would make it an entry of the build, a chunk every command loads (test/e2e/cold-start.test.ts).
export { fieldFlags, flagUsage } from "./flag-issues.js";
export type { GlobalOptions, Invocation, ProgramOutput, RunEnv } from "./invocation.js";

/**
 * doctor.ts (and its TOML parser, for reading agent clients' configs) loads only when `doctor` or
 * `namespaces` runs; `render` is called after `run`, so the module is there by then.
 */
let doctor: typeof import("./commands/doctor.js") | undefined;
const loadDoctor = async () => {
  doctor ??= await import("./commands/doctor.js");
  return doctor;
};

/** --at, --as-of and --since: relative times as people say them, read against the clock now. */
const when = timeFlag;

const int = (what: string) => (value: string) => toInteger(value, what);

/**
 * `remember --jsonl FILE` / `record --jsonl FILE`: the batched form. Options of the single form
 * go on each line, not on the command line.
 */
/** The metadata filter of recall and list: `--where field=value`, repeated (args.ts `toWhere`). */
const WHERE_FLAG = "--where <field=value>";
const WHERE_HELP =
  "only items whose metadata field equals value (repeat for more fields; numbers and true/false are typed, quote for text: 'n=\"5\"')";
const PREFIX_FLAG = "--namespace-prefix <ns>";

function jsonlInvocation(
  command: "remember" | "record",
  text: string | undefined,
  o: Record<string, unknown>,
  perItem: readonly string[],
): Invocation<JsonlResult> {
  const what = command === "remember" ? "statement" : "content";
  if (o.jsonl === undefined && text !== undefined)
    throw new UsageError(`--batch-size and --gate go with --jsonl FILE, not with a single ${what}.`);
  if (o.jsonl === undefined)
    throw new UsageError(
      `pass the ${what} to ${command}, or --jsonl FILE (- for stdin) with one item a line.`,
    );
  if (text !== undefined) throw new UsageError(`pass either a ${what} or --jsonl FILE, not both.`);
  const given = perItem.filter((k) => o[k] !== undefined);
  if (given.length > 0)
    throw new UsageError(
      `with --jsonl, options go on each line ({"${what}": "…", "${given[0]}": …}), not on the command line (--${given[0]}).`,
    );
  return {
    command,
    input: o.jsonl as string,
    run: {
      engine: async (mem, env) =>
        runJsonl(
          mem,
          command,
          {
            lines: env.readLines(o.jsonl as string),
            keepResults: env.json,
            batchSize: o.batchSize as number | undefined,
            gate: o.gate as string | undefined,
            ...(env.interruptible ? { stopRequested: env.interruptible() } : {}),
            ...(env.resumeFrom ? { resumeFrom: env.resumeFrom(o.jsonl as string) } : {}),
          },
          env.progress(command, { lines: true }),
        ),
    },
    render: renderJsonl,
    // 128 + SIGINT, as a shell reports a command Ctrl-C stopped.
    exitCode: (r) => (r.interrupted ? 130 : 0),
  };
}

const doctorArgs = (env: RunEnv) => ({
  label: env.dbLabel,
  file: env.dbExisted === null ? null : env.dbPath,
  home: homedir(),
  nodeVersion: process.version,
});

/** Commands that are not registry operations and only read the store. */
const CLI_READS = new Set(["namespaces", "verify", "graph", "diff", "backup", "keys list", "doctor"]);

/**
 * Whether a command only reads the store (a registry operation with `read` access, or one of
 * CLI_READS): `runMain` opens an existing SQLite file only for those, so a mistyped --db is
 * reported rather than answered from a new, empty store, and no file is left behind.
 */
export const readsOnly = (command: string): boolean =>
  CLI_READS.has(command) ||
  CLI_OPERATIONS.some((op) => op.access === "read" && commandName(op.name) === command);

/**
 * Commands that write, but only to a store that exists, with why: `strata worker` (once or
 * long-running) tends what was written, so with no store it has nothing to tend, and a new empty
 * file at a mistyped --db would have it tend nothing for ever while the real store goes untended;
 * `request-consolidation` asks that worker for a pass over what was written.
 */
const TENDS_ONLY: Record<string, string> = {
  worker: "worker only tends a store that exists",
  "request-consolidation": "request-consolidation asks the worker to tend a store that exists",
};

/** Whether a command may create a missing SQLite store: not one that only reads or only tends. */
export const createsStore = (command: string): boolean =>
  !readsOnly(command) && !Object.hasOwn(TENDS_ONLY, command);

/** Why a command did not create a missing store, for its STORE_UNAVAILABLE message. */
export const whyNotCreated = (command: string): string =>
  Object.hasOwn(TENDS_ONLY, command) ? (TENDS_ONLY[command] as string) : `${command} only reads`;

/**
 * Builds the `strata` program. `onInvoke` receives the parsed command; nothing runs until
 * `runMain` calls it.
 */
export function createProgram(
  version: string,
  output: ProgramOutput,
  onInvoke: (invocation: Invocation) => void,
): Command {
  const program = new Command("strata")
    .description(
      "Memory consolidation for AI agents: record what happens, keep a small current set of beliefs, recall them with evidence.",
    )
    .version(version, "-V, --version", "print the version")
    .option(
      "--db <store>",
      "SQLite file, or postgres://user@host:5432/db[?schema=name], its password in ~/.pgpass or PGPASSWORD (env STRATA_DB; default ~/.strata/memory.db)",
    )
    .option(
      "--config <file>",
      "settings file (env STRATA_CONFIG; default: the nearest strata.config.json, else ~/.strata/config.json)",
    )
    .addOption(
      new Option(
        "--embedder <name>",
        "hashed | http (env STRATA_EMBEDDER; http reads STRATA_EMBED_URL, STRATA_EMBED_MODEL, STRATA_EMBED_KEY)",
      ).choices(EMBEDDER_NAMES),
    )
    .option("-n, --namespace <name>", "namespace to read and write (default: default)")
    .option("--json", "print the result as JSON (errors too, on stdout)")
    .option("-q, --quiet", "print nothing on success; errors still go to stderr")
    .exitOverride()
    .configureOutput({ writeOut: output.writeOut, writeErr: output.writeErr })
    // Every command's --help lists --db, -n, --json and --quiet too (they work after the command).
    .configureHelp({ showGlobalOptions: true })
    .showSuggestionAfterError()
    .addHelpText(
      "after",
      `${examples(
        "strata demo",
        'strata record "Deploy failed: migration lock timeout" --type outcome --outcome failure',
        'strata recall "deploy" --json',
      )}\nCompiled code is kept in ~/.cache/strata ($XDG_CACHE_HOME/strata) to start faster;\nSTRATA_NO_COMPILE_CACHE=1 turns that off (docs/cli.md, "The compile cache").\n`,
    );

  const on = <T>(invocation: Invocation<T>) => onInvoke(invocation as Invocation);
  const engine = <T>(fn: (mem: Memory, env: RunEnv) => Promise<T>) => ({ engine: fn });

  program
    .command("init")
    .description("create the store (if missing) and show what it holds")
    .addHelpText("after", examples("strata init", "strata --db ./agent.db init"))
    .addHelpText(
      "after",
      sample(
        "strata init",
        "Created a store at ~/.strata/memory.db",
        "namespace      default",
        "episodes       0",
        "beliefs        0",
        "audit entries  0",
        'next: strata remember "The retry limit is 5" stores a fact; strata record "Deploy failed: migration lock timeout" an event; strata install claude-code wires an agent to it',
      ),
    )
    .action(() =>
      on<InitResult>({
        command: "init",
        run: engine((mem, env) =>
          runInit(mem, {
            path: env.dbLabel,
            // On PostgreSQL, set once the store is open (main.ts), before any command runs.
            created: env.dbExisted === null ? env.schemaCreated === true : !env.dbExisted,
          }),
        ),
        render: renderInit,
      }),
    );

  program
    .command("record")
    .description(summaryOf("record", "--jsonl FILE records many in batches (recordMany)."))
    .argument("[content]", "what happened (or --jsonl FILE)")
    .option("-t, --type <type>", "observation | decision | tension | question | outcome | context")
    .option("-o, --outcome <outcome>", "success | failure")
    .option("--session <id>", "session the event belongs to")
    .option("--actor <name>", "who acted")
    .option(
      "--at <time>",
      "event time, ISO 8601 (default: now); may be in the past; or yesterday, 3 days ago, last monday",
      when("--at"),
    )
    .option("--meta <json>", "metadata, a JSON object")
    .option(
      "--jsonl <file>",
      'record every line of FILE (- for stdin): a JSON string, or {"content": …} with the options above',
    )
    .option(
      "--batch-size <n>",
      `with --jsonl: events per transaction (default ${DEFAULT_JSONL_BATCH})`,
      int("--batch-size"),
    )
    .option(
      "--gate <on|approximate>",
      "with --jsonl: approximate finds each line's candidates the cheap way; a drop or a supersession is still the exact gate's (default on)",
    )
    .addHelpText(
      "after",
      examples(
        'strata record "Deploy failed: migration lock timeout" --type outcome --outcome failure',
        'strata record "Chose blue-green deploys" --type decision --session s42 --meta \'{"ticket":"OPS-7"}\'',
        'strata record "Retry limit was 5" --at 2026-01-10',
        'strata record --jsonl session.jsonl   # lines like {"content": "Deploy failed", "type": "outcome", "outcome": "failure"}',
      ),
    )
    .addHelpText(
      "after",
      sample(
        'strata record "Deploy failed: migration lock timeout" --type outcome --outcome failure',
        "novel  stored episode e1",
        "  reason  nothing stored is near",
      ),
    )
    .action((content: string | undefined, o: Record<string, string | undefined>) =>
      content === undefined || o.jsonl !== undefined || o.batchSize !== undefined || o.gate !== undefined
        ? on(jsonlInvocation("record", content, o, ["type", "outcome", "session", "actor", "at", "meta"]))
        : on({
            command: "record",
            run: engine((mem) =>
              runRecord(mem, {
                content,
                type: o.type,
                outcome: o.outcome,
                session: o.session,
                actor: o.actor,
                at: o.at,
                metadata: o.meta === undefined ? undefined : toJson(o.meta, "--meta"),
              }),
            ),
            render: renderGate,
          }),
    );

  program
    .command("remember")
    .description(summaryOf("remember", "--jsonl FILE asserts many in batches (rememberMany)."))
    .argument("[statement]", "the proposition (or --jsonl FILE)")
    .option("-k, --kind <kind>", "fact | failure | procedure (default fact)")
    .option(
      "--at <time>",
      "when it started to hold, ISO 8601 (default: now); or yesterday, 3 days ago, last monday",
      when("--at"),
    )
    .option("--source <source>", "where it came from (user, doc:…, tool:…)")
    .option("--sources <ids>", "the episodes it rests on, comma-separated (e1,e4)", toList)
    .option("--steps <steps>", "procedure steps, separated by ';'")
    .option(
      "--key <key>",
      "name the belief (user.theme): a changed statement under the key supersedes the key's current one",
    )
    .option("--meta <json>", "metadata, a JSON object")
    .option(
      "--jsonl <file>",
      'remember every line of FILE (- for stdin): a JSON string, or {"statement": …} with the options above',
    )
    .option(
      "--batch-size <n>",
      `with --jsonl: statements per transaction (default ${DEFAULT_JSONL_BATCH}; ${DEFAULT_IMPORT_BATCH} with --gate off, so a second core prepares the next lines)`,
      int("--batch-size"),
    )
    .option(
      "--gate <on|approximate|off>",
      "with --jsonl: approximate finds each line's candidates the cheap way (a drop or a supersession is still the exact gate's); off imports a collection known to be clean, every line stored without comparison (default on)",
    )
    .addHelpText(
      "after",
      examples(
        'strata remember "The staging database is Postgres 16" --source user',
        'strata remember "The rate limit was 60/min" --at 2026-01-15',
        'strata remember "Release the service" --kind procedure --steps "tag;build;deploy"',
        'strata remember "The user prefers the dark theme" --key user.theme',
        'strata remember --jsonl facts.jsonl --json   # lines like {"statement": "Retry limit is 5", "at": "2026-01-10"}',
        "strata remember --jsonl clean-export.jsonl --gate off   # a known-clean collection: no comparison, fast",
      ),
    )
    .addHelpText(
      "after",
      sample(
        'strata remember "The retry limit is 5"',
        "novel  stored belief b1",
        "  reason  nothing stored is near",
      ),
    )
    .action((statement: string | undefined, o: Record<string, string | undefined>) =>
      statement === undefined || o.jsonl !== undefined || o.batchSize !== undefined || o.gate !== undefined
        ? on(
            jsonlInvocation("remember", statement, o, [
              "kind",
              "at",
              "source",
              "sources",
              "steps",
              "key",
              "meta",
            ]),
          )
        : on({
            command: "remember",
            run: engine((mem) =>
              runRemember(mem, {
                statement,
                kind: o.kind,
                at: o.at,
                source: o.source,
                // A list: `--sources` is read by toList.
                sources: o.sources as unknown as string[] | undefined,
                steps: o.steps === undefined ? undefined : o.steps.split(";").map((s) => s.trim()),
                key: o.key,
                metadata: o.meta === undefined ? undefined : toJson(o.meta, "--meta"),
              }),
            ),
            render: renderGate,
          }),
    );

  program
    .command("capture")
    .description(summaryOf("capture"))
    .requiredOption("--when <trigger>", "the situation")
    .requiredOption("--prefer <action>", "what to do in it")
    .option("--feedback <feedback>", "positive | negative")
    .option(
      "--session <id>",
      "the session reporting the feedback: the same feedback counts once per session (default: this actor, once per day)",
    )
    .option(
      "--at <time>",
      "when it started to hold, ISO 8601 (default: now); or yesterday, 3 days ago, last monday",
      when("--at"),
    )
    .option("--sources <ids>", "the episodes it rests on, comma-separated (e1,e4)", toList)
    .addHelpText(
      "after",
      examples(
        'strata capture --when "the target model is Claude" --prefer "use XML delimiters" --feedback positive',
      ),
    )
    .action((o: Record<string, string>) =>
      on({
        command: "capture",
        run: engine((mem) =>
          runCapture(mem, {
            when: o.when!,
            prefer: o.prefer!,
            feedback: o.feedback,
            session: o.session,
            at: o.at,
            // A list: `--sources` is read by toList.
            sources: o.sources as unknown as string[] | undefined,
          }),
        ),
        render: renderGate,
      }),
    );

  program
    .command("recall")
    .description(summaryOf("recall"))
    .argument("<query>", "what to recall")
    .option("-k, --k <n>", "how many items (default 3)", int("-k"))
    .option("--at <time>", "world time: what held then; or yesterday, 3 days ago, last monday", when("--at"))
    .option(
      "--as-of <time>",
      "store time: what the store held then; or yesterday, 3 days ago, last monday",
      when("--as-of"),
    )
    .option("--kinds <list>", "comma-separated: fact,failure,rule,procedure,episode", toList)
    .option(
      "--type <list>",
      "episodes of these types only, comma-separated: observation,decision,tension,question,outcome,context",
      toList,
    )
    .option(WHERE_FLAG, WHERE_HELP, toWhere)
    .option(PREFIX_FLAG, "search the namespace and every namespace under it (NS/…), within --namespace")
    .option(
      "--diversity <weight>",
      "MMR weight on novelty, 0 (rank by relevance alone) to 1 (default: the policy's, 0.3)",
      (value: string) => toNumber(value, "--diversity"),
    )
    .option("--associative", "one associative hop: add episodes linked to the hits by validated co-citation")
    .addHelpText(
      "after",
      examples(
        'strata recall "rate limit"',
        'strata recall "rate limit" --at 2026-03-01 --kinds fact',
        'strata recall "export" --type decision',
        'strata recall "deploy" -k 10 --json',
        'strata recall "theme" --where key=user.theme',
        'strata -n app recall "theme" --namespace-prefix app/users',
      ),
    )
    .addHelpText(
      "after",
      sample(
        'strata recall "retry limit"',
        "1. b1   fact · active · 2026-12-07 03:01 · score 0.675",
        "   The retry limit is 5",
        "   why: matched by text #1, vector #1 (cos 0.83); confidence 0.50 (0/0 outcomes), kept (no decay), 0 uses",
      ),
    )
    .action(
      (
        query: string,
        o: {
          k?: number;
          at?: string;
          asOf?: string;
          kinds?: string[];
          type?: string[];
          where?: Record<string, string | number | boolean>;
          namespacePrefix?: string;
          diversity?: number;
          associative?: boolean;
        },
      ) =>
        on({
          command: "recall",
          run: engine(async (mem, env) => {
            const hits = await runRecall(mem, {
              query,
              k: o.k,
              at: o.at,
              asOf: o.asOf,
              kinds: o.kinds,
              types: o.type,
              metadata: o.where,
              namespacePrefix: o.namespacePrefix,
              diversity: o.diversity,
              associative: o.associative,
            });
            if (hits.length === 0 && o.namespacePrefix === undefined) {
              const note = await unusedNamespaceNote(mem);
              if (note) env.notice?.(note);
            }
            return hits;
          }),
          render: (hits, style) => renderRecall(hits, style, { at: o.at, asOf: o.asOf }),
        }),
    );

  program
    .command("context")
    .description(summaryOf("context"))
    .argument("[goal]", "what the agent is about to do (ranks what goes in)")
    .option("-b, --budget <tokens>", "token budget (default 600)", int("--budget"))
    .option(
      "--at <time>",
      "world time: the context as it was then; or yesterday, 3 days ago, last monday",
      when("--at"),
    )
    .option(
      "--recent-events <n>",
      "how many recent events to add, 0 to 100 (default 5)",
      int("--recent-events"),
    )
    .option("--no-continuity", "leave out the last saved continuity digest")
    .addHelpText(
      "after",
      examples('strata context "deploy the billing service" --budget 400', "strata context --json"),
    )
    .addHelpText(
      "after",
      sample(
        'strata context "retry limit"',
        '<strata-memory namespace="default">',
        "## What I know",
        "- [b1] The retry limit is 5 (unverified)",
        "## Recent events",
        "- [e1] 2026-12-07 outcome (failure): Deploy failed: migration lock timeout",
        "</strata-memory>",
        "60/600 tokens, 2 items",
      ),
    )
    .action(
      (
        goal: string | undefined,
        o: { budget?: number; at?: string; recentEvents?: number; continuity?: boolean },
      ) => {
        // The namespace read, when it was never written but others were: the empty block says -n may
        // be wrong (no stderr note: the block says it once, and --json's whyEmpty is the engine's).
        let unwritten: string | undefined;
        return on({
          command: "context",
          run: engine(async (mem) => {
            const r = await runContext(mem, {
              goal,
              budget: o.budget,
              at: o.at,
              recentEvents: o.recentEvents,
              // commander's --no-continuity: true unless given (the engine's default too).
              continuity: o.continuity === false ? false : undefined,
            });
            if (r.items.length === 0 && (await unwrittenNamespace(mem)) === "namespace")
              unwritten = mem.namespace;
            return r;
          }),
          render: (r, style) => renderContext(r, style, { goal, at: o.at, unwritten }),
        });
      },
    );

  program
    .command("outcome")
    .description(summaryOf("outcome"))
    .argument("<id>", "belief id (b…)")
    .addArgument(
      new Argument("<result>", "whether acting on the belief worked").choices(["success", "failure"]),
    )
    .option(
      "--session <id>",
      "the session reporting it: a result counts once per session (default: this actor, once per day)",
    )
    .addHelpText(
      "after",
      examples("strata outcome b12 success --session 2026-03-01-deploy", "strata outcome b12 failure --json"),
    )
    .action((id: string, result: "success" | "failure", o: { session?: string }) =>
      on({
        command: "outcome",
        run: engine((mem) => runOutcome(mem, { id, result, ...(o.session ? { session: o.session } : {}) })),
        render: renderOutcome,
      }),
    );

  const byId = <T>(
    name: string,
    cliNote: string | undefined,
    fn: (mem: Memory, args: { id: string }) => Promise<T>,
    render: (data: T, style: Style) => string,
    example: string,
  ) =>
    program
      .command(name)
      .description(summaryOf(name, cliNote))
      .argument("<id>", "belief (b…) or episode (e…) id")
      .addHelpText("after", examples(example, `${example} --json`))
      .action((id: string) => on<T>({ command: name, run: engine((mem) => fn(mem, { id })), render }));

  byId("used", undefined, runUsed, renderUsed, "strata used b12");
  byId("get", undefined, runGet, renderItem, "strata get b12");

  program
    .command("list")
    .description(summaryOf("list"))
    .option("--layer <layer>", "belief | episode (default belief)")
    .option("--status <status>", "active | dormant | archived | retired | forgotten | any (default active)")
    .option("--kind <kind>", "a belief kind or an episode type")
    .option("--limit <n>", "page size (default 50)", int("--limit"))
    .option("--offset <n>", "items to skip (default 0)", int("--offset"))
    .option(WHERE_FLAG, WHERE_HELP, toWhere)
    .option(PREFIX_FLAG, "list the namespace and every namespace under it (NS/…), within --namespace")
    .addHelpText(
      "after",
      examples(
        "strata list",
        "strata list --status any",
        "strata list --layer episode --kind outcome --limit 20",
        "strata list --where ticket=OPS-12 --where reviewed=true",
      ),
    )
    .action(
      ({
        where,
        ...o
      }: {
        layer?: string;
        status?: string;
        kind?: string;
        limit?: number;
        offset?: number;
        where?: Record<string, string | number | boolean>;
        namespacePrefix?: string;
      }) =>
        on({
          command: "list",
          run: engine(async (mem, env) => {
            const page = await runList(mem, { ...o, metadata: where });
            if (page.length === 0 && o.namespacePrefix === undefined && !o.offset) {
              const note = await unusedNamespaceNote(mem);
              if (note) env.notice?.(note);
            }
            return page;
          }),
          render: renderList,
        }),
    );

  byId("explain", undefined, runExplain, renderExplain, "strata explain b12");
  byId("history", undefined, runHistory, renderHistory, "strata history b3");
  byId("pin", undefined, runPin, renderPinned, "strata pin b3");
  byId("unpin", undefined, runUnpin, renderPinned, "strata unpin b3");
  byId(
    "restore",
    "A restored belief is immune to the sweep that removed it.",
    runRestore,
    renderRestored,
    "strata restore b7",
  );

  program
    .command("forget")
    .description(summaryOf("forget", "Needs --yes."))
    .argument("<id>", "belief (b…) or episode (e…) id")
    .option("-y, --yes", "confirm the erasure")
    .addHelpText("after", examples("strata forget e4 --yes"))
    .action((id: string, o: { yes?: boolean }) =>
      on({
        command: "forget",
        run: engine((mem) => runForget(mem, { id, yes: o.yes })),
        render: renderForget,
      }),
    );

  program
    .command("maintain")
    .description(summaryOf("maintain", "Pinned, restored and proven beliefs are immune."))
    .addHelpText("after", examples("strata maintain", "strata maintain --json"))
    .action(() =>
      on({ command: "maintain", run: engine((mem) => runMaintain(mem)), render: renderMaintain }),
    );

  const sleepCommand = (name: "consolidate" | "sweep", cliNote: string, fullHelp: string) =>
    program
      .command(name)
      .description(summaryOf(name, cliNote))
      .option("--full", fullHelp)
      .option(
        "--limit <n>",
        `items listed (default ${DEFAULT_LISTED_ITEMS}, shared among the actions; the summary line counts them all; --json lists every item)`,
        int("--limit"),
      )
      .addHelpText(
        "after",
        examples(
          `strata ${name}`,
          `strata ${name} --full`,
          `strata ${name} --limit 200`,
          `strata ${name} --json`,
        ),
      )
      .action((o: { full?: boolean; limit?: number }) => {
        if (o.limit !== undefined && o.limit < 1)
          throw new UsageError(`--limit must be at least 1, got ${o.limit}; --json lists every item.`);
        on({
          command: name,
          run: engine((mem, env) =>
            (name === "consolidate" ? runConsolidate : runSweep)(mem, { full: o.full }, env.progress(name)),
          ),
          render: (r, style) =>
            renderSleepReport(r, style, { limit: o.limit ?? DEFAULT_LISTED_ITEMS, command: name }),
        });
      });

  sleepCommand(
    "consolidate",
    "Every change is reported with its reason.",
    "sweep every belief, not only those recorded since the last sweep",
  ).addHelpText(
    "after",
    sample(
      "strata consolidate",
      "consolidate: distilled 1 · 2 beliefs, 1 episode, 0 pairs (0 judged, 0 cached) in 2.09 s",
      "ACTION     ID  BY  RELATED  REASON",
      "distilled  b2  -   e1       novel: nothing stored is near",
    ),
  );
  sleepCommand(
    "sweep",
    "--full re-examines every belief.",
    "re-examine every belief, not only those recorded since the last sweep",
  );

  program
    .command("candidates")
    .description(summaryOf("candidates", "Answer them with strata judge."))
    .option("--limit <n>", "how many pairs (default 20)", int("--limit"))
    .option("--offset <n>", "pairs to skip, to page past unanswered ones (default 0)", int("--offset"))
    .option("--review", "list the automatic supersessions and merges instead; a distinct verdict undoes one")
    .option("--days <n>", "with --review: how many days back (default 7)", int("--days"))
    .addHelpText(
      "after",
      examples(
        "strata candidates",
        "strata candidates --limit 5 --offset 5 --json",
        "strata candidates --review --days 3",
        `echo '[{"a":"b3","b":"b9","verdict":"distinct"}]' | strata judge   # undo b3's supersession`,
      ),
    )
    .action((o: { limit?: number; offset?: number; review?: boolean; days?: number }) =>
      on({ command: "candidates", run: engine((mem) => runCandidates(mem, o)), render: renderCandidates }),
    );

  program
    .command("judge")
    .description(summaryOf("judge", "JSON from FILE or stdin; all or none."))
    .argument("[file]", "a JSON file of verdicts; stdin when omitted or -")
    .addHelpText(
      "after",
      `\nVerdicts: [{"a":"b1","b":"b2","verdict":"merge|contradict|supersede|distinct"}]\n${examples(
        "strata judge verdicts.json",
        `echo '[{"a":"b1","b":"b2","verdict":"merge"}]' | strata judge`,
        "strata candidates --json | my-agent | strata judge - --json",
      )}`,
    )
    .action((file: string | undefined) =>
      on({
        command: "judge",
        input: file ?? "-",
        run: engine(async (mem, env) => {
          const judgments = parseJudgments(await env.readInput(file), file && file !== "-" ? file : "stdin");
          return runJudge(mem, { judgments });
        }),
        render: renderSleepReport,
      }),
    );

  program
    .command("pending")
    .description(summaryOf("pending"))
    .option("--limit <n>", "page size (default 50)", int("--limit"))
    .option("--offset <n>", "episodes to skip (default 0)", int("--offset"))
    .addHelpText("after", examples("strata pending", "strata pending --limit 10 --json"))
    .action((o: { limit?: number; offset?: number }) =>
      on({ command: "pending", run: engine((mem) => runPending(mem, o)), render: renderPending }),
    );

  program
    .command("distil")
    .description(summaryOf("distil"))
    .argument("<proposition...>", "one or more standalone propositions")
    .requiredOption("--episodes <ids>", "comma-separated episode ids the propositions come from", toList)
    .option("--valence <valence>", "failure: the propositions are lessons from what went wrong")
    .addHelpText(
      "after",
      examples(
        'strata distil --episodes e4,e7 --valence failure "CSV validation over 50MB times out"',
        'strata distil --episodes e9 "The staging database is Postgres 16" "Backups run nightly"',
      ),
    )
    .action((propositions: string[], o: { episodes: string[]; valence?: string }) =>
      on({
        command: "distil",
        run: engine((mem) => runDistil(mem, { episodes: o.episodes, propositions, valence: o.valence })),
        render: renderSleepReport,
      }),
    );

  program
    .command("health")
    .description(summaryOf("health"))
    .addHelpText("after", examples("strata health", "strata -n agent-7 health --json"))
    .addHelpText(
      "after",
      sample(
        "strata health",
        "2 active beliefs in default: 100% usable",
        "",
        "CLASS     COUNT  IDS",
        "healthy       0  -",
        "new           2  b1, b2",
        "drifting      0  -",
        "stale         0  -",
        "dead          0  -",
        "",
        "PROBLEM                COUNT  IDS",
        "exact duplicates           0  -",
        "near duplicates            0  -",
        "echoes                     0  -",
        "contradictions             0  -",
        "superseded but active      0  -",
        "",
        "1 of 1 episode covered (1 by a belief, 0 recallable as themselves)",
      ),
    )
    .action(() => on({ command: "health", run: engine((mem) => runHealth(mem)), render: renderHealth }));

  program
    .command("stats")
    .description(summaryOf("stats"))
    .addHelpText("after", examples("strata stats", "strata -n agent-7 stats --json"))
    .action(() => on({ command: "stats", run: engine((mem) => runStats(mem)), render: renderStats }));

  program
    .command("namespaces")
    .description("every namespace in the store, with its episodes, beliefs and audit entries")
    .addHelpText("after", examples("strata namespaces", "strata namespaces --json"))
    .action(() =>
      on({
        command: "namespaces",
        run: engine(async (mem) => (await loadDoctor()).runNamespaces(mem)),
        render: (r, style) => doctor!.renderNamespaces(r, style),
      }),
    );

  program
    .command("doctor")
    .description(
      "check the store, embedder, index, audit chain, Node.js and the agent clients wired to Strata (exit 1 on a failure; 69 when the store cannot be reached or opened)",
    )
    .addHelpText("after", examples("strata doctor", "strata --db ~/.strata/work.db doctor --json"))
    .action(() =>
      on({
        command: "doctor",
        run: {
          engine: async (mem, env) => (await loadDoctor()).runDoctor(mem, doctorArgs(env)),
          // No store file: said as a finding, and none is created by looking.
          withoutStore: async (env) => (await loadDoctor()).runDoctor(null, doctorArgs(env)),
          unopenable: async (env, refusal) => (await loadDoctor()).runDoctor(refusal, doctorArgs(env)),
        },
        render: (r, style) => doctor!.renderDoctor(r, style),
        exitCode: (r) => doctor!.doctorExitCode(r),
      }),
    );

  program
    .command("verify")
    .description("verify every namespace's audit hash chain (exit 1 when broken)")
    .addHelpText("after", examples("strata verify", "strata verify --json"))
    .action(() =>
      on({
        command: "verify",
        run: engine((mem) => runVerify(mem)),
        render: renderVerify,
        exitCode: verifyExitCode,
      }),
    );

  program
    .command("audit")
    .description(
      summaryOf(
        "audit",
        "--jsonl DIR writes the whole chain as files that verify across files (exportAuditJsonl).",
      ),
    )
    .option(
      "--since <when>",
      "only entries since a duration ago (30m, 12h, 7d, 2w) or a time (2026-03-01)",
      when("--since"),
    )
    .option("--event <event>", "only this event (belief.retired) or prefix (belief.*)")
    .option("--limit <n>", "how many entries (default 100)", int("--limit"))
    .option("--subject <id>", "only entries about this id")
    .option(
      "--jsonl <dir>",
      "write the namespace's whole chain as JSONL files into DIR (refuses files already there unless --force)",
    )
    .option(
      "--force",
      "with --jsonl: replace an earlier export in DIR whole (its files that this export does not overwrite are deleted)",
    )
    .option("--lines-per-file <n>", "with --jsonl: entries per file (default 10000)", int("--lines-per-file"))
    .addHelpText(
      "after",
      examples(
        "strata audit --limit 20",
        'strata audit --since 7d --event "belief.*"',
        "strata audit --subject b12 --json",
        "strata audit --jsonl ./audit --lines-per-file 5000",
      ),
    )
    .action(
      (o: {
        limit?: number;
        subject?: string;
        since?: string;
        event?: string;
        jsonl?: string;
        linesPerFile?: number;
        force?: boolean;
      }) => {
        const { jsonl, linesPerFile, force, ...filters } = o;
        if (jsonl === undefined && (force || linesPerFile !== undefined))
          throw new UsageError(
            `${force ? "--force" : "--lines-per-file"} goes with --jsonl DIR (writing the chain as files).`,
          );
        if (jsonl !== undefined)
          return on({
            command: "audit",
            run: engine((mem, env) =>
              runAuditJsonl(mem, { dir: jsonl, linesPerFile, force: Boolean(force) }, env),
            ),
            render: renderAuditJsonl,
          });
        return on({ command: "audit", run: engine((mem) => runAudit(mem, filters)), render: renderAudit });
      },
    );

  program
    .command("transfer")
    .description(
      "copy a whole store, history and audit chain included, into an empty one (SQLite ⇄ PostgreSQL)",
    )
    .requiredOption("--from <store>", "sqlite:PATH, a file path, or postgres://user@host:5432/db")
    .requiredOption("--to <store>", "an empty store: sqlite:PATH or postgres://…[?schema=name]")
    .option("--page-size <n>", "rows per page (default 1000)", int("--page-size"))
    .addHelpText(
      "after",
      examples(
        "strata transfer --from sqlite:./agent.db --to postgres://strata:secret@db:5432/strata",
        "strata transfer --from postgres://strata:secret@db:5432/strata --to sqlite:./backup.db --json",
      ),
    )
    .action((o: { from: string; to: string; pageSize?: number }) =>
      on<TransferResult>({
        command: "transfer",
        run: { standalone: (env) => runTransfer(o, env.progress("transfer")) },
        render: renderTransfer,
        exitCode: transferExitCode,
      }),
    );

  program
    .command("reindex")
    .description("re-embed every episode and belief with the configured embedder (after switching embedders)")
    .addHelpText(
      "after",
      examples(
        "STRATA_EMBED_URL=http://localhost:11434/v1 STRATA_EMBED_MODEL=nomic-embed-text strata --embedder http reindex",
        "strata reindex --json",
      ),
    )
    .action(() =>
      on({
        command: "reindex",
        run: engine((mem, env) => runReindex(mem, env.progress("reindex"))),
        render: renderReindex,
      }),
    );

  program
    .command("demo")
    .description("run a scripted three-week agent session into a fresh store and narrate it")
    .option("--db <path>", "where to write the demo store (default: a new temporary file)")
    .addHelpText("after", examples("strata demo", "strata demo --db ./demo.db", "strata demo --json"))
    .action((o: { db?: string }) => {
      let self = "strata";
      return on<DemoTranscript>({
        command: "demo",
        run: {
          standalone: (env) => {
            self = env.self ?? "strata";
            // Only an explicit --db counts here: the demo never writes into STRATA_DB or ~/.strata.
            const explicit = o.db ?? (program.opts() as GlobalOptions).db;
            if (explicit && isPostgresUrl(explicit))
              throw new UsageError(
                "the demo writes a fresh SQLite file: pass a file path to --db, or none for a temporary one.",
              );
            return runDemo({ path: explicit ? env.resolvePath(explicit) : env.tempPath() });
          },
        },
        render: (t, style) => renderDemo(t, style, { self }),
      });
    });

  registerContinuityCommands(program, onInvoke);
  registerExchangeCommands(program, onInvoke);
  registerCurateCommands(program, onInvoke);
  registerAgentCommands(program, version, onInvoke);
  registerWorkerCommands(program, onInvoke);
  registerKeysCommands(program, onInvoke);
  registerOperationCommands(program, onInvoke);
  explainMissingOptions(program);
  suggestMeantFlags(program);
  refuseFlagValues(program);

  return program;
}
