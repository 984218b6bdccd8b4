/**
 * `strata curate pgvector|chroma|lancedb`: Sieve's sync for the vector stores teams already have.
 * Registered from createProgram with one call, like the exchange commands; actions only convert
 * argv strings into adapter and curate options and hand `runMain` an `Invocation`. The adapters
 * (and zod) load when a curate command runs, never for `strata --help`.
 */
import { type Command, Option } from "commander";
import type { VectorCollection } from "../core/curation/collection.js";
import type { CurateResult } from "../core/curation/curate.js";
import { CURATE_MODES, DEFAULT_MARK_KEY, PGVECTOR_PRESETS } from "../core/vocabulary.js";
import { toInteger, withoutUndefined } from "./args.js";
import { type CurateArgs, renderCurate, runCurate } from "./commands/curate.js";
import { examples } from "./help-text.js";
import type { Invocation } from "./invocation.js";

const HOW = `
Each record goes through Strata's write gate into a namespace of its own (curate/<collection>,
or --into), dated at the record's creation time, then that namespace is consolidated with the
configured judge. A record is named only when Strata judged it: superseded (a later record
replaced what it says) or redundant (another record already says it). Pairs the judge is unsure
of are left alone. Re-runs only read records that are new or changed.
`;

/** The options every `curate` subcommand shares. */
function withCurateOptions(command: Command): Command {
  return command
    .addOption(
      new Option("--mode <mode>", "report (default: change nothing) | mark (flag metadata) | delete").choices(
        CURATE_MODES,
      ),
    )
    .option("--yes", "confirm --mode delete: the named records are removed from the collection for good")
    .option(
      "--into <namespace>",
      "the namespace the records are consolidated in (default curate/<collection>)",
    )
    .option("--mark-key <key>", `with --mode mark: the metadata field set (default ${DEFAULT_MARK_KEY})`)
    .option("--page-size <n>", "records read per page and written per batch (default 500)", (v) =>
      toInteger(v, "--page-size"),
    );
}

export function registerCurateCommands(program: Command, on: (inv: Invocation) => void): void {
  const invoke = (name: string, args: CurateArgs, open: () => Promise<VectorCollection>) =>
    on({
      command: `curate ${name}`,
      run: {
        engine: (mem, env) =>
          runCurate(mem, open, args, (phase) =>
            env.progress(phase === "sync" ? "curate" : phase === "apply" ? (args.mode ?? "apply") : phase),
          ),
      },
      render: renderCurate,
    } satisfies Invocation<CurateResult> as Invocation);

  const curate = program
    .command("curate")
    .description(
      "clean an existing vector store in place: name (report), flag (mark) or remove (delete) the records a later one superseded or another duplicates",
    )
    .addHelpText("after", HOW);

  withCurateOptions(
    curate
      .command("pgvector")
      .description("a PostgreSQL table (pgvector): generic columns, or LangChain's and mem0's tables")
      .requiredOption("--url <url>", "postgres://user@host:5432/db (its password in ~/.pgpass or PGPASSWORD)")
      .option("--table <table>", "the table, schema.table allowed (presets name their own)")
      .addOption(
        new Option(
          "--preset <preset>",
          "langchain (langchain_pg_embedding: id, document, cmetadata) | langchainjs (id, text, metadata) | mem0 (id, payload.data, payload.created_at)",
        ).choices(PGVECTOR_PRESETS),
      )
      .option("--langchain-collection <name>", "with --preset langchain: only this collection's rows")
      .option("--id-column <column>", 'the primary key (default "id")')
      .option("--text-column <column>", "the column with the text")
      .option("--text-key <key>", "or: the key in the metadata column with the text")
      .option("--metadata-column <column>", "the JSON/JSONB metadata column")
      .option("--created-column <column>", "a timestamp column with each record's creation time")
      .option("--created-key <key>", "or: the key in the metadata with it"),
  )
    .addHelpText(
      "after",
      examples(
        "strata curate pgvector --url postgres://localhost/app --preset mem0",
        "strata curate pgvector --url $PG --preset langchain --langchain-collection support --created-key ts --mode mark",
        "strata curate pgvector --url $PG --table public.notes --text-column body --metadata-column meta --created-column created_at",
        "strata curate pgvector --url $PG --preset mem0 --mode delete --yes --json",
      ),
    )
    .action(
      (
        o: CurateArgs & {
          url: string;
          table?: string;
          preset?: (typeof PGVECTOR_PRESETS)[number];
          langchainCollection?: string;
          idColumn?: string;
          textColumn?: string;
          textKey?: string;
          metadataColumn?: string;
          createdColumn?: string;
          createdKey?: string;
        },
      ) =>
        invoke("pgvector", o, async () =>
          (await import("../collections/pgvector-collection.js")).openPgvectorCollection(
            o.url,
            withoutUndefined({
              preset: o.preset,
              table: o.table,
              langchainCollection: o.langchainCollection,
              idColumn: o.idColumn,
              textColumn: o.textColumn,
              textKey: o.textKey,
              metadataColumn: o.metadataColumn,
              createdColumn: o.createdColumn,
              createdKey: o.createdKey,
            }),
          ),
        ),
    );

  withCurateOptions(
    curate
      .command("chroma")
      .description("a Chroma collection, through the official chromadb client (optional package chromadb)")
      .requiredOption("--url <url>", "the Chroma server, e.g. http://localhost:8000")
      .requiredOption("--collection <name>", "the collection")
      .option("--tenant <tenant>", "Chroma tenant (default default_tenant)")
      .option("--database <database>", "Chroma database (default default_database)")
      .option("--created-key <key>", "the metadata key with each record's creation time (mem0: created_at)"),
  )
    .addHelpText(
      "after",
      examples(
        "strata curate chroma --url http://localhost:8000 --collection agent_knowledge",
        "strata curate chroma --url http://localhost:8000 --collection mem0 --created-key created_at --mode delete --yes",
      ),
    )
    .action(
      (
        o: CurateArgs & {
          url: string;
          collection: string;
          tenant?: string;
          database?: string;
          createdKey?: string;
        },
      ) =>
        invoke("chroma", o, async () =>
          (await import("../collections/chroma-collection.js")).openChromaCollection(
            withoutUndefined({
              url: o.url,
              collection: o.collection,
              tenant: o.tenant,
              database: o.database,
              createdKey: o.createdKey,
            }) as { url: string; collection: string },
          ),
        ),
    );

  withCurateOptions(
    curate
      .command("lancedb")
      .description("a LanceDB table, embedded (optional package @lancedb/lancedb 0.31)")
      .requiredOption("--path <dir>", "the LanceDB database folder")
      .requiredOption("--table <table>", "the table")
      .option("--id-column <column>", 'the id column (default "id")')
      .option("--text-column <column>", 'the text column (default "text")')
      .option("--created-column <column>", "a column with each record's creation time"),
  )
    .addHelpText(
      "after",
      examples(
        "strata curate lancedb --path ./lancedb --table memories --created-column created_at",
        "strata curate lancedb --path ./lancedb --table memories --mode mark --mark-key stale",
      ),
    )
    .action(
      (
        o: CurateArgs & {
          path: string;
          table: string;
          idColumn?: string;
          textColumn?: string;
          createdColumn?: string;
        },
      ) =>
        invoke("lancedb", o, async () =>
          (await import("../collections/lancedb-collection.js")).openLancedbCollection(
            o.path,
            withoutUndefined({
              table: o.table,
              idColumn: o.idColumn,
              textColumn: o.textColumn,
              createdColumn: o.createdColumn,
            }) as { table: string },
          ),
        ),
    );
}
