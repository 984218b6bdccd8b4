/**
 * The session-wrap commands: `prepare-wrap`, `save-continuity`, `cancel-wrap`, `continuity`,
 * `associations`, `graph` and `diff`. Registered from createProgram with one call, like the
 * agent commands; actions only convert argv strings and hand `runMain` an `Invocation`.
 */
import { type Command, Option } from "commander";
import { toInteger, toNumber } from "./args.js";
import {
  renderAssociations,
  renderCancelWrap,
  renderContinuity,
  renderDiff,
  renderGraph,
  renderPrepareWrap,
  renderSaveReport,
  runAssociations,
  runCancelWrap,
  runContinuity,
  runDiff,
  runGraph,
  runPrepareWrap,
  runSaveContinuity,
} from "./commands/continuity.js";
import { examples } from "./help-text.js";
import type { Invocation } from "./invocation.js";
import { summaryOf } from "./operation-commands.js";
import { UsageError } from "./usage-error.js";

const int = (what: string) => (value: string) => toInteger(value, what);

const num = (what: string) => (value: string) => toNumber(value, what);

export function registerContinuityCommands(program: Command, on: (inv: Invocation) => void): void {
  const invoke = <T>(invocation: Invocation<T>) => on(invocation as Invocation);

  program
    .command("prepare-wrap")
    .description(summaryOf("prepareWrap", "Then: strata save-continuity."))
    .option("--session <id>", "a label for the session being wrapped")
    .option("--max-chars <n>", "size budget of the package (default 20000)", int("--max-chars"))
    .addHelpText(
      "after",
      examples(
        "strata prepare-wrap",
        "strata prepare-wrap --session s42 --max-chars 12000",
        "strata prepare-wrap --json   # token, wrap, package, episodes {total, shown, omitted}",
      ),
    )
    .action((o: { session?: string; maxChars?: number }) =>
      invoke({
        command: "prepare-wrap",
        run: { engine: (mem) => runPrepareWrap(mem, o) },
        render: renderPrepareWrap,
      }),
    );

  program
    .command("save-continuity")
    .description(
      summaryOf(
        "saveContinuity",
        "Markdown from FILE or stdin: citations checked, levels enforced, associations formed.",
      ),
    )
    .argument("[file]", "the digest, markdown; stdin when omitted or -")
    .requiredOption("--token <token>", "the token prepare-wrap printed")
    .option("--affect-tag <tag>", "how the material felt to process: curious, uncertain, surprised …")
    .option(
      "--affect-intensity <x>",
      "0..1; strengthens the associations formed by 1 + 0.5 × x",
      num("--affect-intensity"),
    )
    .addHelpText(
      "after",
      `\nDigest: sections ## State, ## Patterns, ## Decisions, ## Context; a pattern line reads\n  - Retries fix flaky uploads | 1x [evidence: e12 "upload retried and passed"]\n${examples(
        "strata save-continuity digest.md --token w3-1a2b3c4d5e6f",
        "my-agent < package.md | strata save-continuity - --token w3-1a2b3c4d5e6f --json",
        "strata save-continuity digest.md --token w3-1a2b3c4d5e6f --affect-tag curious --affect-intensity 0.6",
      )}`,
    )
    .action((file: string | undefined, o: { token: string; affectTag?: string; affectIntensity?: number }) =>
      invoke({
        command: "save-continuity",
        input: file ?? "-",
        run: {
          engine: async (mem, env) =>
            runSaveContinuity(mem, {
              text: await env.readInput(file),
              token: o.token,
              ...(o.affectTag !== undefined ? { affectTag: o.affectTag } : {}),
              ...(o.affectIntensity !== undefined ? { affectIntensity: o.affectIntensity } : {}),
            }),
        },
        render: renderSaveReport,
      }),
    );

  program
    .command("cancel-wrap")
    .description(summaryOf("cancelWrap"))
    .requiredOption("--token <token>", "the token prepare-wrap printed")
    .addHelpText("after", examples("strata cancel-wrap --token w3-1a2b3c4d5e6f"))
    .action((o: { token: string }) =>
      invoke({
        command: "cancel-wrap",
        run: { engine: (mem) => runCancelWrap(mem, o) },
        render: renderCancelWrap,
      }),
    );

  program
    .command("continuity")
    .description(summaryOf("continuity", "Loaded at every session start."))
    .option(
      "--out <file>",
      "also write it to FILE, a markdown copy a person can read and edit (edits come back through save-continuity); refuses an existing FILE unless --force",
    )
    .option("--force", "with --out: replace FILE if it exists")
    .addHelpText(
      "after",
      examples(
        "strata continuity",
        "strata -n agent-7 continuity --json",
        "strata continuity --out ~/.strata/continuity.md",
        "strata continuity --out ~/.strata/continuity.md --force   # replace yesterday's copy",
      ),
    )
    .action((o: { out?: string; force?: boolean }) => {
      if (o.force && o.out === undefined)
        throw new UsageError("--force goes with --out FILE (it replaces an existing FILE).");
      return invoke({
        command: "continuity",
        run: {
          engine: (mem, env) =>
            runContinuity(mem, o.out ? env.resolvePath(o.out) : undefined, { force: Boolean(o.force) }),
        },
        render: renderContinuity,
      });
    });

  program
    .command("associations")
    .description(summaryOf("associations"))
    .option("--episode <id>", "only links touching this episode (e…)")
    .option("--min-strength <x>", "weakest link shown (default 0)", num("--min-strength"))
    .option("--limit <n>", "how many links (default 20)", int("--limit"))
    .addHelpText(
      "after",
      examples(
        "strata associations",
        "strata associations --episode e12 --min-strength 0.5",
        "strata associations --limit 50 --json",
      ),
    )
    .action((o: { episode?: string; minStrength?: number; limit?: number }) =>
      invoke({
        command: "associations",
        run: { engine: (mem) => runAssociations(mem, o) },
        render: renderAssociations,
      }),
    );

  program
    .command("graph")
    .description(
      "associations between episodes (weighted, undirected) and supersession chains between beliefs (old → new)",
    )
    .addOption(
      new Option("--format <format>", "dot (Graphviz) or json").choices(["dot", "json"]).default("dot"),
    )
    .addHelpText(
      "after",
      examples(
        "strata graph | dot -Tsvg > memory.svg",
        "strata graph --format json",
        "strata -n agent-7 graph --format dot > graph.dot",
      ),
    )
    .action((o: { format: string }) =>
      invoke({
        command: "graph",
        run: { engine: (mem) => runGraph(mem, o) },
        render: renderGraph,
      }),
    );

  program
    .command("diff")
    .description(
      "compare the last N saved digests: chars, pattern counts, patterns added, removed or changing level",
    )
    .option("--wraps <n>", "how many saved digests (default 2)", int("--wraps"))
    .addHelpText("after", examples("strata diff", "strata diff --wraps 5", "strata diff --wraps 3 --json"))
    .action((o: { wraps?: number }) =>
      invoke({
        command: "diff",
        run: { engine: (mem) => runDiff(mem, o) },
        render: renderDiff,
      }),
    );
}
