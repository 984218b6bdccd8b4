/**
 * `strata` (loaded by ./bin.ts through the compile cache): the only place that reads argv and the
 * environment, prints and exits. Commands are plain functions (src/cli/commands) that return
 * data; this file opens the store, calls one, renders or serialises its answer, and maps every
 * error to an exit code in one place:
 *
 *   success 0 · StrataError (the engine refused) 1 · usage error (unknown command or option,
 *   missing argument, missing --yes, a flag's value the engine's schema refuses or that is none of its
 *   choices, a PostgreSQL URL that names no store) 2 · STORE_UNAVAILABLE or EMBEDDER_FAILED (the store or the
 *   embedding server cannot be reached or opened) 69, EX_UNAVAILABLE · BUSY (another sweep or
 *   consolidation of the namespace is running; try again later) 75, EX_TEMPFAIL · anything
 *   else 1, reported as INTERNAL.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { SingleBar } from "cli-progress";
import type { Command } from "commander";
import type { Memory } from "../core/engine.js";
import { isStrataError, type StrataError, utf8Text } from "../core/errors.js";
import type { InputIssue } from "../core/validate.js";
import { describeLocation, holdsPassword, isPostgresUrl, sqliteFileOf } from "../store/open-store.js";
import { postgresLocationProblem } from "../store/postgres/postgres-url.js";
import {
  checkReadable,
  fileLines,
  heldLines,
  isRegularFile,
  notUtf8Input,
  readStdin,
  resumeCommand,
  stdinLines,
  unreadable,
} from "./input-lines.js";
import type { GlobalOptions, Invocation, OutputOptions, RunEnv } from "./invocation.js";
import { migrationNotice, upgradeNotice } from "./migration-notice.js";
import { commandWord, isBare, NO_COMMAND, renderStartHere, VALUED_OPTIONS } from "./start-here.js";
import { colourWanted, createStyle, shellWord } from "./style.js";
import { UsageError } from "./usage-error.js";

/** sysexits' EX_TEMPFAIL: a temporary failure, the same command succeeds later (BUSY). */
const EXIT_TEMPFAIL = 75;
/** sysexits' EX_UNAVAILABLE: a service Strata needs (the store, the embedder) is not there. */
const EXIT_UNAVAILABLE = 69;

const exitCodeOf = (code: string): number =>
  code === "BUSY"
    ? EXIT_TEMPFAIL
    : code === "STORE_UNAVAILABLE" || code === "EMBEDDER_FAILED"
      ? EXIT_UNAVAILABLE
      : 1;

interface ErrorBody {
  code: string;
  message: string;
  details: Record<string, unknown>;
}

/** A missing PostgreSQL schema's details (a SQLite file's name a path only). */
/**
 * The core's `utf8Text` (bytes read as UTF-8, or INVALID_INPUT naming the byte), through program.js,
 * which every command that reads input has loaded already: a static import here would load the
 * schema library for --help and --version too, and a dynamic import of validate.ts would make it
 * an entry of the build, a chunk of its own (as lean27 found for stores.ts).
 */
const utf8Decoder = async () => (await import("./program.js")).utf8Text;

const onPostgres = (details: Readonly<Record<string, unknown>>): boolean =>
  typeof details.schema === "string";

function readVersion(): string {
  // src/cli/main.ts and dist/cli/strata.js both sit two folders below package.json.
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  return pkg.version;
}

/**
 * What commander's "(outputHelp)" means when a command group is called without its command
 * (`strata keys`, or `strata` alone): which commands it takes, said for --json callers.
 */
function missingCommand(program: Command, argv: readonly string[]): string {
  let command = program;
  let path = "strata";
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (VALUED_OPTIONS.has(token)) i++;
    if (token.startsWith("-")) continue;
    const sub = command.commands.find((c) => c.name() === token || c.aliases().includes(token));
    if (!sub) break;
    command = sub;
    path += ` ${token}`;
  }
  if (command === program) return NO_COMMAND;
  const names = command.commands.map((c) => c.name()).filter((n) => n !== "help");
  return `${path} needs a command: ${names.join(", ")} (${path} --help says what each does).`;
}

/**
 * The refusals of opening a store that a command that diagnoses reports instead of failing with:
 * a store it cannot open or reach, a newer schema, and another application's SQLite file.
 */
const unopenable = (error: StrataError): boolean =>
  error.code === "STORE_UNAVAILABLE" ||
  error.code === "SCHEMA_TOO_NEW" ||
  (error.code === "INVALID_INPUT" && error.details.reason === "foreign-database");

export async function runMain(argv: readonly string[] = process.argv.slice(2)): Promise<number> {
  const env = process.env;
  const wantsJson = argv.includes("--json");
  const color = colourWanted({ isTTY: Boolean(process.stdout.isTTY), env, json: wantsJson });
  const style = createStyle(color);
  const out = (text: string) => process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
  const err = (text: string) => process.stderr.write(text.endsWith("\n") ? text : `${text}\n`);
  const failWith = (exit: number, body: ErrorBody): number => {
    if (wantsJson) out(JSON.stringify({ error: body }, null, 2));
    err(`${exit === 2 ? "usage" : "error"}: ${body.message}`);
    return exit;
  };

  // A word of the command line or a STRATA_* variable that was not UTF-8 reached us as U+FFFD:
  // refused before anything else, as stdin and files that are not UTF-8 are (attacks47).
  const notUtf8 = notUtf8Input(argv, env);
  if (notUtf8) return failWith(2, { code: "USAGE", ...notUtf8 });

  // `strata --version` answers before the grammar (commander and every command) is even loaded.
  // With --json it answers as every command does: an object.
  const rest = argv.filter((a) => a !== "--json");
  if (rest.length === 1 && (rest[0] === "--version" || rest[0] === "-V")) {
    out(wantsJson ? JSON.stringify({ version: readVersion() }) : readVersion());
    return 0;
  }
  // `strata` alone: the few commands to start with, not the whole help (answered before the
  // grammar loads, as --version is); --json gets the usage error every command gives.
  if (isBare(argv)) {
    if (wantsJson)
      return failWith(2, { code: "USAGE", message: NO_COMMAND, details: { commander: "commander.help" } });
    err(renderStartHere());
    return 2;
  }
  // commander's error class through program.js, which bundles commander: an `import("commander")`
  // of its own would make commander an entry of the build and two more files on every start.
  const { createProgram, createsStore, whyNotCreated, CommanderError } = await import("./program.js");
  let invocation: Invocation | null = null;
  // Help asked for as JSON is written here, not printed: see below.
  let captured: string[] | null = null;
  const program = createProgram(
    readVersion(),
    {
      writeOut: (s) => (captured ? captured.push(s) : process.stdout.write(s)),
      // Every error commander raises is a usage error (exit 2): it says so as `failWith` does.
      // A usage error is one line, as docs/cli.md promises: commander puts its "(Did you mean …?)"
      // on a line of its own.
      writeErr: (s) =>
        process.stderr.write(s.startsWith("error: ") ? `usage: ${joinedLines(s.slice(7))}\n` : s),
    },
    (inv) => {
      invocation = inv;
    },
  );

  // A command word the program does not have: a word a newcomer guesses (`status`, `search`,
  // `add`, an MCP tool's name) is answered with the command that does it; `strata help WORD`
  // says the word is unknown instead of printing the whole help as if it were an answer.
  const named = commandWord(argv);
  if (
    named &&
    named.word !== "help" &&
    !program.commands.some((c) => c.name() === named.word || c.aliases().includes(named.word))
  ) {
    const { guessedCommand } = await import("./guessed-commands.js");
    const guess = guessedCommand(named.word);
    if (guess) return failWith(2, { code: "USAGE", message: guess, details: { command: named.word } });
    if (named.viaHelp && !wantsJson) {
      return failWith(2, {
        code: "USAGE",
        message: await unknownCommand(named.word, program, "strata --help"),
        details: { command: named.word },
      });
    }
  }

  // `strata help [COMMAND] --json`, `strata COMMAND --help --json`: the help as data, as every
  // command answers under --json (the text is one of its fields).
  if (wantsJson) {
    const { helpRequest, describeCommand } = await import("./help-json.js");
    const asked = helpRequest(program, argv);
    if (asked && "unknown" in asked)
      return failWith(2, {
        code: "USAGE",
        message: await unknownCommand(asked.unknown, program, "strata help --json"),
        details: { command: asked.unknown },
      });
    if (asked) {
      const lines: string[] = [];
      captured = lines;
      asked.command.outputHelp();
      captured = null;
      out(JSON.stringify(describeCommand(asked.command, asked.path, lines.join("")), null, 2));
      return 0;
    }
  }

  let mem: Memory | null = null;
  // Whether --db, STRATA_DB or the settings file named the store (else it is the default path).
  let storeNamed = true;
  const bars: SingleBar[] = [];
  const cleanups: (() => void)[] = [];
  try {
    await program.parseAsync([...argv], { from: "user" });
    const inv = invocation as Invocation | null;
    if (!inv) return 0; // commander handled it (nothing to run)
    const global = program.opts() as GlobalOptions;
    // strata.config.json fills what neither a flag nor the environment set.
    // Loaded after parsing: --help and usage errors never pay for the settings schema.
    const { loadConfig, storeSettingsApply } = await import("./config.js");
    const settings = loadConfig({
      cwd: process.cwd(),
      home: homedir(),
      explicit: global.config ?? env.STRATA_CONFIG,
    });
    const config = storeSettingsApply(settings, global.db !== undefined || Boolean(env.STRATA_DB?.trim()));
    if (global.namespace === undefined && config.namespace !== undefined) {
      program.setOptionValueWithSource("namespace", config.namespace, "config");
      global.namespace = config.namespace;
    }
    if (global.namespace !== undefined) {
      // A malformed namespace is the caller's mistake: a usage error naming where it came from.
      const { NamespaceSchema } = await import("../core/model.js");
      const checked = NamespaceSchema.safeParse(global.namespace);
      if (!checked.success) {
        const from =
          program.getOptionValueSource("namespace") === "config"
            ? "namespace in the settings file"
            : argv.includes("-n")
              ? "-n"
              : "--namespace";
        throw new UsageError(
          `${from} must be a namespace (${checked.error.issues[0]?.message ?? "1-128 characters"}), got ${JSON.stringify(global.namespace)}.`,
        );
      }
    }
    const named = global.db ?? (env.STRATA_DB?.trim() || undefined) ?? config.db;
    storeNamed = named !== undefined;
    const location = named ?? join(homedir(), ".strata", "memory.db");
    const onServer = isPostgresUrl(location);
    // A URL that can name no store (not a URL, a `?schema=` that is no schema name, `POSTGRES://`
    // read as a file's path) is the caller's typo, as a malformed namespace is: a usage error naming
    // where it came from, exit 2.
    const badLocation = postgresLocationProblem(location);
    if (badLocation)
      throw new UsageError(
        `${global.db !== undefined ? "--db" : env.STRATA_DB?.trim() ? "STRATA_DB" : `"db" in ${settings.path ?? "the settings file"}`}: ${badLocation.message}`,
        badLocation.details,
      );
    const dbPath = onServer ? location : resolve(process.cwd(), sqliteFileOf(location));
    const self = env.npm_command === "exec" ? "npx strata" : "strata";
    // A password in a URL on the command line is in the process list for every user while this
    // runs: said once, never shown. Install says it of the entry it writes, so not again there,
    // nor in the hooks that entry runs (the client's stderr, one line for a problem of the hook's).
    const exposed = passwordOptions(argv, program);
    const word = commandWord(argv)?.word;
    if (exposed.length > 0 && word !== "install" && word !== "hook")
      err(passwordWarning(exposed, style.warn("warning")));
    // Bars are for people watching a terminal: never in pipes, --json or --quiet.
    const progressBars =
      !process.stderr.isTTY || global.json || global.quiet ? null : await import("cli-progress");
    // An output file the user names is checked the same way by every command that writes one: the
    // store's own files never (the guard), another existing file only with the command's --force.
    const outputPath = (path: string, options: OutputOptions = {}) => {
      const file = resolve(process.cwd(), path);
      options.guard?.(file);
      if (!options.force && existsSync(file))
        throw new UsageError(`${file} already exists: pick a new path, or add --force to replace it.`);
      return file;
    };
    // The folders a new store's file would be made in, deepest first: removed again with a store
    // a refused first write made.
    const newFolders: string[] = [];
    const fileExisted = !onServer && existsSync(dbPath);
    if (!onServer)
      for (
        let folder = dirname(dbPath);
        !existsSync(folder) && dirname(folder) !== folder;
        folder = dirname(folder)
      )
        newFolders.push(folder);
    const runEnv: RunEnv = {
      dbPath,
      dbLabel: onServer ? describeLocation(location) : dbPath,
      // A file of no bytes is no store yet (`touch memory.db`): the write or `init` that makes it says so.
      dbExisted: onServer ? null : holdsBytes(dbPath),
      ...(storeNamed
        ? { dbOption: `--db ${shellWord(onServer ? describeLocation(location) : dbPath)}` }
        : {}),
      self,
      resolvePath: (p) => resolve(process.cwd(), p),
      tempPath: () => join(mkdtempSync(join(tmpdir(), "strata-demo-")), "memory.db"),
      progress: (label, options) => {
        if (!progressBars) {
          if (!options?.lines || global.json || global.quiet) return {};
          return { onProgress: (done, total) => err(`${label} ${done}/${total}`) };
        }
        let bar: SingleBar | null = null;
        return {
          onProgress: (done, total) => {
            if (!bar) {
              bar = new progressBars.SingleBar({
                stream: process.stderr,
                format: `${label.padEnd(12)} [{bar}] {percentage}% | {value}/{total} | {duration_formatted}`,
                hideCursor: true,
                clearOnComplete: true,
              });
              bars.push(bar);
              bar.start(total, done);
            } else {
              bar.setTotal(total);
              bar.update(done);
            }
          },
        };
      },
      // Lines as work goes on follow the bars' rule: none with --quiet or --json (the answer on
      // stdout says it all); a failure that does not end the command is said always.
      notice: (text) => {
        if (!global.quiet && !global.json) err(text);
      },
      problem: (text) => err(text),
      outputPath: (path, options) => outputPath(path, options),
      writeOutput: async (path, text, options) => {
        const file = outputPath(path, options);
        mkdirSync(dirname(file), { recursive: true });
        // A new output (an export holds the whole namespace) is its owner's alone, as the store is.
        writeFileSync(file, text, { mode: 0o600 });
        return file;
      },
      outputsIn: (dir, name) => {
        const folder = resolve(process.cwd(), dir);
        if (!existsSync(folder)) return [];
        return readdirSync(folder)
          .filter((f) => name.test(f))
          .sort()
          .map((f) => join(folder, f));
      },
      removeOutput: (path) => unlinkSync(resolve(process.cwd(), path)),
      freshPath: (path) => {
        const file = resolve(process.cwd(), path);
        if (existsSync(file))
          throw new UsageError(`${file} already exists: pick a new path, or add --force to replace it.`);
        try {
          mkdirSync(dirname(file), { recursive: true });
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code ?? "error";
          throw new UsageError(
            `cannot make the folder ${dirname(file)} (${code}); pick a path in a folder you can write.`,
          );
        }
        return file;
      },
      interruptible: () => {
        let stop = false;
        const onInterrupt = () => {
          if (stop) process.exit(130);
          stop = true;
          err(
            "stopping after the batch being written (Ctrl-C again to stop at once; that batch is then not written)…",
          );
        };
        process.on("SIGINT", onInterrupt);
        cleanups.push(() => process.off("SIGINT", onInterrupt));
        return () => stop;
      },
      json: Boolean(global.json),
      readLines: (path) => {
        if (path !== undefined && path !== "-") {
          const file = resolve(process.cwd(), path);
          const read = async function* () {
            yield* fileLines(file, await utf8Decoder());
          };
          // A pipe given as a path reads once: held, as stdin is.
          return isRegularFile(file) ? read : heldLines(read, file);
        }
        return heldLines(async function* () {
          yield* stdinLines(await utf8Decoder());
        }, "stdin");
      },
      resumeFrom: (path) => (line) =>
        resumeCommand(
          argv,
          {
            file: path === undefined || path === "-" ? null : resolve(process.cwd(), path),
            db: runEnv.dbLabel,
            self,
            // The store and namespace written to, so that a resume pasted elsewhere writes there too.
            ...(mem ? { wrote: { db: runEnv.dbLabel, namespace: mem.namespace } } : {}),
          },
          line,
        ),
      readInput: async (path) => {
        if (path !== undefined && path !== "-") {
          const file = resolve(process.cwd(), path);
          let bytes: Buffer;
          try {
            bytes = readFileSync(file);
          } catch (error) {
            throw unreadable(file, (error as NodeJS.ErrnoException).code ?? "unreadable");
          }
          // Bytes, not text: a byte that is not UTF-8 is refused, never read as U+FFFD.
          return (await utf8Decoder())(bytes, file);
        }
        return readStdin(await utf8Decoder());
      },
    };
    // Input the command cannot read is refused before the store opens: `strata import missing.json`
    // on a first run said "created a new store" and then refused the file.
    // An empty name is no file: resolved, it would name the working folder ("cannot read /home/ana").
    if (inv.input === "")
      throw new UsageError('the file name is empty (""): pass an existing file, or - for stdin.');
    if (inv.input !== undefined) checkReadable(inv.input === "-" ? "-" : resolve(process.cwd(), inv.input));
    let data: unknown;
    // The refusal of a store a diagnosing command reported instead of failing with (`unopenable`):
    // the command still exits with that refusal's code (a server that refuses: 69).
    let reportedRefusal: StrataError | null = null;
    if ("engine" in inv.run && inv.run.withoutStore && runEnv.dbExisted === false) {
      data = await inv.run.withoutStore(runEnv);
    } else if ("engine" in inv.run) {
      // Loaded on demand: --help, --version and usage errors never pay for SQLite and the tokenizer.
      // Each through a module the command has loaded already (program.js, open-memory.js): a dynamic
      // `import()` of stores.ts or judge/config.ts themselves made each an entry of the build, a stub
      // and a chunk of its own, two more files for every fresh command (docs/benchmarks.md, lean27).
      const { judgeConfigFrom, openMemory } = await import("../open-memory.js");
      const { resolveEmbedder } = await import("./program.js");
      const embedder = await resolveEmbedder({
        name: global.embedder ?? env.STRATA_EMBEDDER ?? config.embedder,
        said:
          global.embedder !== undefined
            ? `--embedder ${global.embedder}`
            : env.STRATA_EMBEDDER !== undefined
              ? `STRATA_EMBEDDER=${env.STRATA_EMBEDDER}`
              : config.embedder !== undefined
                ? `"embedder": "${config.embedder}" in ${settings.path}`
                : undefined,
        url: env.STRATA_EMBED_URL ?? config.embedUrl,
        model: env.STRATA_EMBED_MODEL ?? config.embedModel,
        key: env.STRATA_EMBED_KEY,
      });
      // A model judge for sweep and consolidate (the write gate keeps the lexical judge).
      const judge = judgeConfigFrom(
        {
          provider: env.STRATA_JUDGE_PROVIDER,
          url: env.STRATA_JUDGE_URL,
          model: env.STRATA_JUDGE_MODEL,
          key: env.STRATA_JUDGE_KEY,
          keyFile: env.STRATA_JUDGE_KEY_FILE,
        },
        // The key's bytes as UTF-8, or refused naming the byte (never a key of U+FFFD: attacks47).
        (path) => utf8Text(readFileSync(resolve(process.cwd(), path)), `STRATA_JUDGE_KEY_FILE ${path}`),
      );
      const lockWait =
        env.STRATA_LOCK_WAIT_MS?.trim() ||
        (config.lockWaitMs !== undefined ? String(config.lockWaitMs) : undefined);
      if (lockWait !== undefined && !/^\d+$/.test(lockWait))
        throw new UsageError(
          `STRATA_LOCK_WAIT_MS must be a whole number of milliseconds (got "${lockWait}"); e.g. 120000 to wait two minutes for a running sweep.`,
        );
      const { upgradeCopySetting } = await import("./config.js");
      const upgradeCopy = upgradeCopySetting(env.STRATA_UPGRADE_COPY) ?? config.upgradeCopy;
      // A command that diagnoses reports a store it cannot open as what it found (doctor: the
      // store check fails, the other checks are still made) instead of failing with it.
      let unopened: StrataError | null = null;
      try {
        mem = await openMemory({
          ...(onServer ? { url: dbPath } : { path: dbPath }),
          create: createsStore(inv.command),
          ...(lockWait !== undefined ? { lockWaitMs: Number(lockWait) } : {}),
          ...(embedder ? { embedder } : {}),
          ...(judge ? { judge } : {}),
          actor: "cli",
          ...(global.namespace !== undefined ? { namespace: global.namespace } : {}),
          onMigrationProgress: migrationNotice(
            (line) => {
              if (!global.quiet && !global.json) err(line);
            },
            () => performance.now(),
          ),
          onUpgrade: (upgrade) => {
            if (!global.quiet && !global.json) err(upgradeNotice(upgrade));
          },
          ...(onServer ? { onCreated: () => (runEnv.schemaCreated = true) } : {}),
          ...(upgradeCopy !== undefined ? { upgradeCopy } : {}),
        });
        if (onServer) runEnv.schemaCreated ??= false;
      } catch (error) {
        if (!(inv.run.unopenable && isStrataError(error) && unopenable(error))) throw error;
        unopened = error;
      }
      // A file of no bytes is no store: reported as a missing one is (doctor's warning).
      if (unopened?.details.empty === true && inv.run.withoutStore) {
        data = await inv.run.withoutStore(runEnv);
      } else if (unopened && inv.run.unopenable) {
        data = await inv.run.unopenable(runEnv, unopened);
        reportedRefusal = unopened;
      } else {
        try {
          data = await inv.run.engine(mem!, runEnv);
        } catch (error) {
          // An id not found in a namespace never written (`strata -n defualt get b1`): said as
          // recall's and list's empty answers say it, so the id is not taken for a missing one.
          if (mem && isStrataError(error) && error.code === "NOT_FOUND") {
            const note = await (await import("./program.js")).unusedNamespaceNote(mem);
            if (note) runEnv.notice?.(note);
          }
          // A refused first write leaves no store behind: `strata record x --type rumour` on a new
          // machine made an empty store and then refused the type. A store this run made and that
          // holds nothing is removed with the folders made for it; one holding anything, or one
          // another process has open, is kept.
          if (!fileExisted && !onServer && mem && (await holdsNothing(mem))) {
            await mem.close();
            mem = null;
            const { removeUnwrittenStore } = await import("../open-memory.js");
            removeUnwrittenStore(dbPath, newFolders);
          }
          // A schema is not removed again (another process may be opening it): said, as it stays.
          if (runEnv.schemaCreated === true && !inv.command.startsWith("hook "))
            runEnv.notice?.(`strata: created a new store at ${runEnv.dbLabel}`);
          throw error;
        }
        // A write that made the store says where, once: the first `strata remember` on a new machine
        // otherwise leaves no trace of the file it created (init says so itself; a hook stays quiet).
        // On PostgreSQL, the schema's tables opening made.
        if (
          (runEnv.dbExisted === false || runEnv.schemaCreated === true) &&
          inv.command !== "init" &&
          !inv.command.startsWith("hook ") &&
          (onServer || existsSync(dbPath))
        )
          runEnv.notice?.(
            storeNamed
              ? `strata: created a new store at ${runEnv.dbLabel}`
              : `strata: created a new store at ${runEnv.dbLabel} (the default; --db, STRATA_DB or a settings file names another)`,
          );
      }
    } else {
      data = await inv.run.standalone(runEnv);
    }
    for (const bar of bars.splice(0)) bar.stop();
    if (global.json) out(JSON.stringify(data, null, 2));
    else if (!global.quiet) {
      // An empty rendering prints nothing (serve over stdio: stdout is the protocol channel).
      const text = inv.render(data, style);
      if (text) out(text);
    }
    if (reportedRefusal) return exitCodeOf(reportedRefusal.code);
    return inv.exitCode?.(data) ?? 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version end here with exit code 0; commander already printed them.
      if (error.exitCode === 0) return 0;
      // Commander printed its own message to stderr; --json callers also get it on stdout.
      if (wantsJson)
        out(
          JSON.stringify(
            {
              error: {
                code: "USAGE",
                message:
                  error.code === "commander.help"
                    ? missingCommand(program, argv)
                    : joinedLines(error.message.replace(/^error: /, "")),
                // An unknown flag's issue, as REST and MCP give an unknown field (guessed-flags.ts).
                details: { commander: error.code, ...("issues" in error ? { issues: error.issues } : {}) },
              },
            },
            null,
            2,
          ),
        );
      return 2;
    }
    if (error instanceof UsageError)
      return failWith(2, { code: error.code, message: error.message, details: error.details });
    if (isStrataError(error) && error.code === "STORE_UNAVAILABLE" && error.details.reason === "missing") {
      const command = (invocation as Invocation | null)?.command ?? "this command";
      const why = whyNotCreated(command);
      const self = env.npm_command === "exec" ? "npx strata" : "strata";
      const absent = error.details.empty === true ? "is empty (0 bytes)" : "does not exist";
      // Nothing named a store: a first run, not a typo. Say how to begin rather than what to check.
      return failWith(exitCodeOf(error.code), {
        ...(error.toJSON() as ErrorBody),
        message: onPostgres(error.details)
          ? `No Strata schema "${String(error.details.schema)}" at ${String(error.details.where)}: it holds no Strata tables, and ${why}, so none were created. Check the schema in --db (or STRATA_DB, or the settings file): ?schema=NAME, default strata; a write such as strata remember creates it, and strata init creates it empty.`
          : storeNamed
            ? `No store at ${String(error.details.path)}: the file ${absent}, and ${why}, so none was created. Check --db (or STRATA_DB, or the settings file); a write such as strata remember creates it, and strata init creates it empty.`
            : `Nothing is stored yet: no store at ${String(error.details.path)} (the default; no --db, STRATA_DB or settings file names another), and ${why}, so none was created. The first write creates it: ${self} remember "The retry limit is 5" (${self} demo plays a whole session on a temporary store).${command === "worker" ? ` A worker started before the first write needs the store made first: ${self} init creates it empty.` : ""}`,
      });
    }
    if (isStrataError(error) && error.code === "INVALID_INPUT" && Array.isArray(error.details.issues)) {
      const inv = invocation as Invocation | null;
      const { flagUsage } = await import("./program.js");
      const usage = inv && flagUsage(program, inv.command, argv, error.details.issues as InputIssue[]);
      if (usage)
        return failWith(2, {
          code: "USAGE",
          message: (await import("./wording.js")).cliWording(usage.message),
          details: { ...usage.details, issues: error.details.issues },
        });
    }
    if (isStrataError(error)) {
      // The fields a refusal names (details.field, details.fields) said as the flags that set them.
      // Loaded here, off the start path (test/e2e/cold-start.test.ts): a refusal only.
      const { refusedFields, rewriteFieldNames } = await import("../core/field-names.js");
      const fields = refusedFields(error.details);
      let message = error.message;
      if (fields.length > 0) {
        const { fieldFlags } = await import("./program.js");
        const inv = invocation as Invocation | null;
        message = rewriteFieldNames(message, fields, fieldFlags(program, inv?.command ?? "", argv));
      }
      return failWith(exitCodeOf(error.code), {
        ...(error.toJSON() as ErrorBody),
        // Loaded here, a refusal only: the verb table it reads is the servers' too, a chunk of its own.
        message: (await import("./wording.js")).cliWording(message),
      });
    }
    const message = error instanceof Error ? error.message : String(error);
    return failWith(1, { code: "INTERNAL", message: `unexpected failure: ${message}`, details: {} });
  } finally {
    for (const cleanup of cleanups) cleanup();
    for (const bar of bars) bar.stop();
    await mem?.close();
  }
}

/**
 * `strata help WORD` with a WORD no command has: a slip of a command's name (`recal`) is answered
 * with the command, as `strata recal` is (commander's spelling suggestion), else where the commands
 * are listed.
 *
 *   await unknownCommand("recal", program, "strata --help");
 *   // "unknown command 'recal' (Did you mean recall? strata --help lists the commands.)"
 */
async function unknownCommand(word: string, program: Command, listing: string): Promise<string> {
  const { namesNear } = await import("../core/borrowed-names.js");
  const near = namesNear(
    word,
    program.commands.map((c) => c.name()),
  );
  return near.length > 0
    ? `unknown command '${word}' (Did you mean ${near.join(" or ")}? ${listing} lists the commands.)`
    : `unknown command '${word}': ${listing} lists the commands.`;
}

/**
 * A message of several lines joined into one: "unknown command 'recal'\n(Did you mean recall?)" →
 * "… (Did you mean recall?)". Not core's `oneLine`, which also escapes "<" for stored text: a usage
 * message names `<statement>` as it is typed.
 */
/**
 * Commander's usage message as one line, and a value outside a flag's or an argument's choices
 * said as the engine says one (`--kind must be one of fact, failure, procedure, got "rule".`);
 * before newcomer43 commander's own wording stood: `command-argument value 'yes' is invalid for
 * argument 'result'. Allowed choices are success, failure.`
 *
 *   joinedLines("option '--format <format>' argument 'csv' is invalid. Allowed choices are json, markdown.")
 *   // '--format must be one of json, markdown, got "csv".'
 */
const joinedLines = (message: string): string =>
  message
    .trim()
    .replace(/\s*\n\s*/g, " ")
    .replace(
      /^option '(?:-\w, )?(-[\w-]+)[^']*' argument '(.*)' is invalid\. Allowed choices are (.*?)\.(?= |$)/,
      (_, flag: string, value: string, choices: string) =>
        `${flag} must be one of ${choices}, got ${JSON.stringify(value)}.`,
    )
    .replace(
      /^command-argument value '(.*)' is invalid for argument '(.*)'\. Allowed choices are (.*?)\.(?= |$)/,
      (_, value: string, name: string, choices: string) =>
        `<${name}> must be one of ${choices}, got ${JSON.stringify(value)}.`,
    );

/** Whether a file holds anything: a file of no bytes, with no write-ahead log beside it, is no store. */
function holdsBytes(file: string): boolean {
  const bytes = (path: string) => {
    try {
      return statSync(path).size;
    } catch {
      return -1;
    }
  };
  return bytes(file) > 0 || (bytes(file) === 0 && bytes(`${file}-wal`) > 0);
}

/**
 * Whether a store holds nothing: no episode or belief in the engine's namespace, and no audit entry
 * in any namespace (every write leaves one: another process's first write to the same new store
 * keeps it).
 */
async function holdsNothing(mem: Memory): Promise<boolean> {
  const counts = await mem.stats();
  if (counts.episodes.total > 0 || counts.beliefs.total > 0 || counts.audit.entries > 0) return false;
  return (await mem.verifyAudit()).entries === 0;
}

/**
 * The options given a PostgreSQL URL that holds a password on the command line (`--db
 * postgres://ana:secret@db/strata`, `--from`, `--to`, `curate pgvector --url`, also `--db=URL` and
 * `?password=`), each once, in the order typed. Only an option that takes a value counts (any
 * command's: the grammar says which), so a statement or a query is never read as one; nothing
 * after `--` is an option.
 *
 *   passwordOptions(["--db", "postgres://ana:pw@db/strata", "stats"], program); // ["--db"]
 */
function passwordOptions(argv: readonly string[], program: Command): string[] {
  const exposing = (value: string) => isPostgresUrl(value) && holdsPassword(value);
  // Nearly every run names no such URL: the grammar (every command's options) is read only when
  // a word, or what follows a word's "=", is one.
  if (!argv.some((w) => exposing(w) || exposing(w.slice(w.indexOf("=") + 1)))) return [];
  const commands = (c: Command): Command[] => [c, ...c.commands.flatMap(commands)];
  const valued = new Set(
    commands(program).flatMap((c) => c.options.filter((o) => o.required || o.optional).map((o) => o.long)),
  );
  const named: string[] = [];
  for (let i = 0; i < argv.length && argv[i] !== "--"; i++) {
    const word = argv[i]!;
    const eq = word.indexOf("=");
    const [option, value] = eq > 0 ? [word.slice(0, eq), word.slice(eq + 1)] : [word, argv[i + 1]];
    if (!valued.has(option) || value === undefined) continue;
    if (eq < 0) i++;
    if (exposing(value) && !named.includes(option)) named.push(option);
  }
  return named;
}

/**
 * What to say of `options` holding a password in their URL: who can read it, and where it goes
 * instead — never the password. psql takes none on its command line; mysql and `docker login -p`
 * warn once a run, as this does.
 *
 *   passwordWarning(["--db"], "warning"); // "warning: --db holds a password in its URL, …"
 */
function passwordWarning(options: readonly string[], label: string): string {
  const [does, where] =
    options.length === 1 ? ["holds a password in its URL", "it"] : ["hold passwords in their URLs", "them"];
  const store = options.includes("--db")
    ? ", or give the whole URL in STRATA_DB (a process's environment is its owner's alone)"
    : "";
  return `${label}: ${options.join(" and ")} ${does}, which every user of this machine can read in the process list (ps, /proc) while strata runs. Leave ${where} out of the URL: strata reads the password from ~/.pgpass (a line host:port:database:user:password, chmod 600; PGPASSFILE names another file) or PGPASSWORD${store}.`;
}

// A reader that stops early (`strata export | head`) is not a failure: stop quietly, as Unix tools do.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});
void runMain().then((code) => {
  process.exitCode = code;
});
