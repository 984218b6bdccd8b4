/**
 * An operation is one verb of Strata, declared once as data: its name, what it does, its input
 * and output shapes (zod, every field described), whether it reads or writes and what it may
 * destroy, where it lives on the REST API, and the handler that runs it against the engine.
 * Every surface is a projection of these declarations: the REST routes and OpenAPI document,
 * the generated CLI commands, the MCP tools' annotations, the integrations' tools.
 *
 *   const recall = defineOperation({
 *     name: "recall", group: "reads", access: "read", annotations: READ,
 *     summary: "Ranked beliefs and episodes for a query, each with why it ranked.",
 *     input: RecallOperationInput, output: RecallOutput,
 *     http: { method: "GET", path: "/recall" },
 *     run: ({ memory, namespace }, { query, ...o }) => memory.recall(query, { ...o, namespace }),
 *   });
 *
 * A handler never chooses its namespace: the surface resolves it (and checks the caller may act
 * in it) and hands it over in the context, so no input field can cross a namespace.
 */
import { z } from "zod";
import type { Memory, ProgressHooks } from "../engine.js";
import type { ErrorCode } from "../errors.js";
import type { Judge } from "../ports.js";

/** What a caller must be allowed to do: read, write, or administer (forget, import). */
export type Access = "read" | "write" | "admin";
export const ACCESS_LEVELS: readonly Access[] = ["read", "write", "admin"];

/** Whether `granted` covers `needed`: admin covers write, write covers read. */
export function allows(granted: Access, needed: Access): boolean {
  return ACCESS_LEVELS.indexOf(granted) >= ACCESS_LEVELS.indexOf(needed);
}

/** The rooms operations are grouped in, on every surface (CLI help, OpenAPI tags, docs). */
export const OPERATION_GROUPS = [
  "writes",
  "reads",
  "lifecycle",
  "sleep",
  "continuity",
  "integrity",
  "exchange",
] as const;
export type OperationGroup = (typeof OPERATION_GROUPS)[number];

/** MCP's tool annotations, stated for every operation (MCP's defaults are not relied on). */
export interface OperationAnnotations {
  readOnly: boolean;
  /** May remove or overwrite what a caller cannot get back (forget). */
  destructive: boolean;
  /** Calling twice with the same input has no further effect. */
  idempotent: boolean;
}
export const READ: OperationAnnotations = { readOnly: true, destructive: false, idempotent: true };
export const WRITE: OperationAnnotations = { readOnly: false, destructive: false, idempotent: false };
export const IDEMPOTENT_WRITE: OperationAnnotations = {
  readOnly: false,
  destructive: false,
  idempotent: true,
};
export const DESTRUCTIVE: OperationAnnotations = { readOnly: false, destructive: true, idempotent: true };

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/**
 * Where the operation lives under `/v1/namespaces/{namespace}`. Path parameters (`{id}`) are
 * input fields of the same name. A GET takes the rest of its input from the query string; the
 * other methods from a JSON body.
 */
export interface HttpRoute {
  method: HttpMethod;
  path: string;
}

/**
 * An OpenAPI link from an operation's answer to the operation that takes a value it holds. Values
 * are OpenAPI runtime expressions (`$response.body#/token`), whole or embedded in a string as
 * `{$response.body#/pairs/0/a}`; anything else is a literal to send.
 */
export interface OperationLink {
  /** The operation the value is for (its name, the OpenAPI operationId). */
  operationId: string;
  /** The target's path parameters, by name. */
  parameters?: Readonly<Record<string, string>>;
  /** The target's body, with expressions where the answer's values go. */
  requestBody?: unknown;
  description: string;
}

/** What a handler runs with: everything a call may vary, so no surface needs a second engine. */
export interface OperationContext {
  /** The engine, already naming the caller as the actor of its audit entries. */
  memory: Memory;
  /** The namespace the call acts in, resolved and authorised by the surface. */
  namespace: string;
  /** A judge for this call's sweep or consolidation (MCP sampling, a model judge). */
  judge?: Judge;
  /** Progress of long work (a CLI bar, server-sent events). */
  progress?: ProgressHooks["onProgress"];
}

export interface Operation<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> {
  /** The library method's name: `recall`, `prepareWrap`. */
  name: string;
  group: OperationGroup;
  /** One sentence: what it does, for help, OpenAPI and tool listings. */
  summary: string;
  access: Access;
  annotations: OperationAnnotations;
  input: I;
  output: O;
  http: HttpRoute;
  /**
   * The stable codes it may refuse a call with beyond INVALID_INPUT (any operation's) and NOT_FOUND
   * for an id its route names: `NOT_FOUND` for an id it cites (a source episode, a judged belief),
   * `FORGOTTEN`, `CONFLICT`, `BUSY` (another sweep or consolidation of the namespace holds its
   * lock), `WRAP_NOT_PREPARED`, `TARGET_NOT_EMPTY`. The OpenAPI document lists each one's status
   * for the route, so a client knows what it may be answered.
   */
  refusals?: readonly ErrorCode[];
  /**
   * What a caller can do next with this answer: an operation that takes a value the answer holds
   * (prepareWrap's token → saveContinuity, candidates' pair → judge). The OpenAPI document lists
   * them as the 200 response's `links`, so a client following the document alone can make the
   * next call succeed.
   */
  links?: Readonly<Record<string, OperationLink>>;
  run(ctx: OperationContext, input: z.output<I>): Promise<z.output<O>>;
}

/** Declares an operation with its input and output types inferred; the catalog holds it untyped. */
export const defineOperation = <I extends z.ZodObject, O extends z.ZodType>(op: Operation<I, O>): Operation =>
  op as unknown as Operation;

/** An input with nothing to say: the namespace comes from the context. */
export const NoInput = z.object({}).strict();
