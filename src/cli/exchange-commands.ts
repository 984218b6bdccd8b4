/**
 * Moving memory in and out: `export`, `import` and `backup`. Registered from createProgram with
 * one call, like the continuity commands; actions only convert argv strings and hand `runMain`
 * an `Invocation`.
 */
import { type Command, Option } from "commander";
import type { ImportReport } from "../core/exchange/load.js";
import { EXPORT_FORMATS } from "../core/vocabulary.js";
import {
  renderBackup,
  renderExport,
  renderImport,
  runBackup,
  runExport,
  runImport,
} from "./commands/exchange.js";
import { examples } from "./help-text.js";
import type { Invocation } from "./invocation.js";
import { summaryOf } from "./operation-commands.js";
import { UsageError } from "./usage-error.js";

export function registerExchangeCommands(program: Command, on: (inv: Invocation) => void): void {
  const invoke = <T>(invocation: Invocation<T>) => on(invocation as Invocation);

  program
    .command("export")
    .description(summaryOf("export", "json round-trips through strata import."))
    .addOption(
      new Option("--format <format>", "json | markdown | jsonl | memory-jsonl (default json)").choices(
        EXPORT_FORMATS,
      ),
    )
    .option("-o, --out <file>", "write to FILE instead of stdout (refuses an existing FILE unless --force)")
    .option("--force", "with --out: replace FILE if it exists")
    .addHelpText(
      "after",
      examples(
        "strata export --out memory.json",
        "strata export --format markdown --out memory.md",
        "strata -n agent-7 export --format jsonl > agent-7.jsonl",
        "strata export --format memory-jsonl --out ~/.mcp/memory.jsonl",
        "strata export --out memory.json --force  # replace yesterday's export",
        "strata export --out memory.json --json   # {format, namespace, path, bytes}",
      ),
    )
    .action((o: { format?: string; out?: string; force?: boolean }) => {
      if (o.force && (o.out === undefined || o.out === "-"))
        throw new UsageError(
          "--force goes with --out FILE (it replaces an existing FILE); stdout needs none.",
        );
      return invoke({
        command: "export",
        run: { engine: (mem, env) => runExport(mem, o, env) },
        render: renderExport,
      });
    });

  program
    .command("import")
    .description(summaryOf("import", "The format is detected."))
    .argument("[file]", "the file to import; stdin when omitted or -")
    .option("--verbose", "list every imported statement (default: counts and the first merges)")
    .addHelpText(
      "after",
      examples(
        "strata --db new.db import memory.json",
        "strata import ~/.mcp/memory.jsonl",
        "strata -n people import memory.jsonl --json",
        "cat export.jsonl | strata --db new.db import -",
      ),
    )
    .action((file: string | undefined, o: { verbose?: boolean }) =>
      invoke<ImportReport>({
        command: "import",
        input: file ?? "-",
        run: {
          engine: async (mem, env) =>
            runImport(mem, { text: await env.readInput(file) }, env.progress("import")),
        },
        render: (r, style) => renderImport(r, style, { verbose: Boolean(o.verbose) }),
      }),
    );

  program
    .command("backup")
    .description(
      "hot, consistent copy of the SQLite store to PATH while writers run (refuses an existing file unless --force)",
    )
    .argument("<path>", "the new backup file")
    .option("--force", "replace PATH if it exists")
    .addHelpText(
      "after",
      examples(
        "strata backup backups/memory-2026-03-01.db",
        "strata --db agent.db backup agent.bak.db --json",
      ),
    )
    .action((path: string, o: { force?: boolean }) =>
      invoke({
        command: "backup",
        run: { engine: (mem, env) => runBackup(mem, { path, force: Boolean(o.force) }, env) },
        render: renderBackup,
      }),
    );
}
