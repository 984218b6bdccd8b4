/**
 * Runs one operation for a surface: parses the raw input with the operation's schema (a refusal
 * is INVALID_INPUT naming the field, and nothing runs), then calls the handler in the context.
 *
 *   const result = await runOperation(OPERATION_BY_NAME.get("recall")!, { query: "retry limit" }, {
 *     memory: mem.withActor("rest:ci-bot"),
 *     namespace: "team-a",
 *   });
 */
import { parseInput } from "../validate.js";
import type { Operation, OperationContext } from "./operation.js";

export async function runOperation(op: Operation, input: unknown, ctx: OperationContext): Promise<unknown> {
  const parsed = parseInput(op.input, input ?? {}, op.name);
  return op.run(ctx, parsed);
}
