/**
 * A command line run as the `strata` command runs it, in process: parsed by the real program
 * (its preAction checks included), its invocation run on a given engine, its data returned.
 *
 *   const hits = await runProgram<RecallHit[]>(mem, ["recall", "theme", "--where", "team=ui"]);
 */

import { createProgram, type Invocation } from "../../src/cli/program.js";
import type { Memory } from "../../src/core/engine.js";

export async function runProgram<T>(mem: Memory, argv: string[]): Promise<T> {
  let inv: Invocation | null = null;
  const program = createProgram("0.0.0", { writeOut: () => {}, writeErr: () => {} }, (i) => {
    inv = i;
  });
  program.exitOverride();
  await program.parseAsync(argv, { from: "user" });
  const run = (inv as Invocation | null)?.run;
  if (!run || !("engine" in run)) throw new Error(`no engine invocation for ${argv.join(" ")}`);
  return (await run.engine(mem, {} as never)) as T;
}
