/**
 * Runs one operation for a surface: parses the raw input with the operation's schema (a refusal
 * is INVALID_INPUT naming the field, and nothing runs), then calls the handler in the context.
 *
 *   const result = await runOperation(OPERATION_BY_NAME.get("recall")!, { query: "retry limit" }, {
 *     memory: mem.withActor("rest:ci-bot"),
 *     namespace: "team-a",
 *   });
 *
 * `as` is what the caller typed, which a refusal names (`Invalid GET /v1/namespaces/{namespace}/items/{id}: …`,
 * `Invalid inspect: …`); without it, the operation's name.
 */
import { parseInput } from "../validate.js";
import type { Operation, OperationContext } from "./operation.js";

export async function runOperation(
  op: Operation,
  input: unknown,
  ctx: OperationContext,
  as: string = op.name,
): Promise<unknown> {
  const parsed = parseInput(op.input, input ?? {}, as);
  return op.run(ctx, parsed);
}
