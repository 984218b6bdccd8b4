/**
 * The API-key commands: `keys create`, `keys list`, `keys revoke`. Registered from createProgram
 * with one call, like the continuity commands; actions only convert argv strings and hand
 * `runMain` an `Invocation`.
 */
import { type Command, Option } from "commander";
import type { Access } from "../core/operations/operation.js";
import { KEY_SCOPES } from "../core/vocabulary.js";
import { toList } from "./args.js";
import {
  renderKeysCreate,
  renderKeysList,
  renderKeysRevoke,
  runKeysCreate,
  runKeysList,
  runKeysRevoke,
} from "./commands/keys.js";
import { examples } from "./help-text.js";
import type { Invocation } from "./invocation.js";

export function registerKeysCommands(program: Command, on: (inv: Invocation) => void): void {
  const invoke = <T>(invocation: Invocation<T>) => on(invocation as Invocation);
  const keys = program
    .command("keys")
    .description("API keys for the REST API (strata serve --http): create, list, revoke")
    .addHelpText(
      "after",
      "\nScopes: read (reads), write (reads and writes), admin (everything, including forget and import).\nA key acts only in the namespaces its patterns cover: team-a (exact), team-* (prefix), * (all).\nWith no live key, the REST API answers this machine (loopback) only.\n",
    );

  keys
    .command("create")
    .description("create a key; it is printed once and cannot be shown again")
    .requiredOption(
      "--name <name>",
      "who holds it (letters, digits, . _ -); its changes are audited as key:<name>",
    )
    .addOption(
      new Option(
        "--scope <scope>",
        "what the key may do: read (reads), write (reads and writes) or admin (everything, including forget and import)",
      )
        .choices(KEY_SCOPES)
        .makeOptionMandatory(),
    )
    .requiredOption("--namespaces <list>", "comma-separated namespace patterns: team-a,team-* or *")
    .addHelpText(
      "after",
      examples(
        "strata keys create --name ci-bot --scope write --namespaces team-a",
        "strata keys create --name dashboards --scope read --namespaces 'team-*'",
        "strata keys create --name ops --scope admin --namespaces '*' --json   # { key, record, warning }",
      ),
    )
    .action((o: { name: string; scope: string; namespaces: string }) =>
      invoke({
        command: "keys create",
        run: {
          engine: (mem) =>
            runKeysCreate(mem, { name: o.name, scope: o.scope as Access, namespaces: toList(o.namespaces) }),
        },
        render: renderKeysCreate,
      }),
    );

  keys
    .command("list")
    .description("list every key, live and revoked (never a secret)")
    .addHelpText("after", examples("strata keys list", "strata keys list --json"))
    .action(() =>
      invoke({ command: "keys list", run: { engine: (mem) => runKeysList(mem) }, render: renderKeysList }),
    );

  keys
    .command("revoke")
    .description("revoke a key by id or by the name of a live key; it stops working at once")
    .argument("<id-or-name>", "the key's id (strata keys list) or its name")
    .addHelpText("after", examples("strata keys revoke ci-bot", "strata keys revoke 3f9a0c1d2e4b"))
    .action((idOrName: string) =>
      invoke({
        command: "keys revoke",
        run: { engine: (mem) => runKeysRevoke(mem, idOrName) },
        render: renderKeysRevoke,
      }),
    );
}
