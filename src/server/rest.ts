/**
 * The REST API, generated from the operations registry: one route per operation at
 * `/v1/namespaces/{namespace}{op.http.path}`, plus `GET /v1/namespaces`. Each request, in order:
 * the namespace segment is validated, the caller identified (401), allowed in the namespace
 * with the operation's access (403), a write takes a token of the caller's rate (429), the
 * input is read (GET: the query string; others: a JSON body; path parameters merged in) and
 * parsed by the operation's schema (400), and the operation runs with the caller as actor.
 *
 *   const rest = createRestApi({ memory });
 *   await rest.request("/namespaces/team-a/recall?query=retry", { headers: { "X-API-Key": key } });
 */
import { type Context, Hono } from "hono";
import { patternCovers } from "../access/api-keys.js";
import type { Memory } from "../core/engine.js";
import { StrataError } from "../core/errors.js";
import { NamespaceSchema } from "../core/model.js";
import { OPERATIONS, type Operation, runOperation } from "../core/operations/index.js";
import type { Clock } from "../core/ports.js";
import { parseInput } from "../core/validate.js";
import { identify, peerIsLoopback, permit } from "./callers.js";
import { errorResponse } from "./errors.js";
import { queryInput } from "./query.js";
import { createRateLimiter, DEFAULT_WRITE_RATE, type RateLimit } from "./rate-limit.js";

/** Context variable naming the caller (the key's name, or anonymous), for the request log. */
export const CALLER_NAME = "strataCaller" as const;
export type RestVariables = { [CALLER_NAME]: string };

export interface RestApiOptions {
  memory: Memory;
  /** Clock of the write-rate buckets. Default: the engine's clock. */
  clock?: Clock;
  /** Writes per caller. Default {@link DEFAULT_WRITE_RATE}. */
  writeRate?: RateLimit;
  /** Whether a request comes from this machine. Default: the socket's peer address is loopback. */
  loopbackClient?: (c: Context) => boolean;
}

/** `/items/{id}` → `/items/:id` (Hono's syntax). */
export const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

/** The path parameters an operation's route names, besides the namespace. */
export const pathParams = (op: Operation): string[] =>
  [...op.http.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/**
 * Representations besides JSON, chosen with `?format=` (or the Accept header): the parameter is
 * the surface's, not the operation's, so it is taken out of the input.
 */
const REPRESENTATIONS: Record<string, { format: string; accept: string; body: (out: unknown) => string }> = {
  context: { format: "text", accept: "text/plain", body: (out) => (out as { text: string }).text },
  exportAuditJsonl: {
    format: "jsonl",
    accept: "application/x-ndjson",
    body: (out) => (out as { files: string[] }).files.map((f) => (f.endsWith("\n") ? f : `${f}\n`)).join(""),
  },
};

async function bodyInput(c: Context<{ Variables: RestVariables }>): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new StrataError(
      "INVALID_INPUT",
      "The request body is not JSON: send a JSON object with Content-Type: application/json.",
    );
  }
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw new StrataError(
      "INVALID_INPUT",
      "The request body must be a JSON object of the operation's fields.",
    );
  return value as Record<string, unknown>;
}

export function createRestApi(options: RestApiOptions): Hono<{ Variables: RestVariables }> {
  const { memory } = options;
  const limiter = createRateLimiter(options.writeRate ?? DEFAULT_WRITE_RATE, options.clock ?? memory.clock);
  const loopbackClient = options.loopbackClient ?? peerIsLoopback;
  const engines = new Map<string, Memory>();
  const asActor = (actor: string) => {
    const known = engines.get(actor);
    if (known) return known;
    const made = memory.withActor(actor);
    engines.set(actor, made);
    return made;
  };
  const api = new Hono<{ Variables: RestVariables }>();
  api.onError((err, c) => errorResponse(c, err));

  api.get("/namespaces", async (c) => {
    const caller = await identify(c, memory.store, { loopbackClient });
    c.set(CALLER_NAME, caller.key?.name ?? "anonymous");
    const all = await memory.store.auditNamespaces();
    const visible = caller.key
      ? all.filter((ns) => caller.key!.namespaces.some((p) => patternCovers(p, ns)))
      : all;
    return c.json({ namespaces: visible.sort() });
  });

  for (const op of OPERATIONS) {
    const params = pathParams(op);
    const representation = REPRESENTATIONS[op.name];
    api.on(op.http.method, `/namespaces/:namespace${honoPath(op.http.path)}`, async (c) => {
      const namespace = parseInput(NamespaceSchema, c.req.param("namespace"), "namespace");
      const caller = await identify(c, memory.store, { loopbackClient });
      c.set(CALLER_NAME, caller.key?.name ?? "anonymous");
      permit(caller, namespace, op.access);
      if (op.access !== "read") limiter.take(caller.actor);
      let input: Record<string, unknown>;
      let wants: "json" | "other" = "json";
      if (op.http.method === "GET") {
        const query = new URL(c.req.url).searchParams;
        if (representation) {
          const format = query.get("format");
          query.delete("format");
          const accepts = (c.req.header("accept") ?? "").includes(representation.accept);
          if (format !== null && format !== "json" && format !== representation.format)
            throw new StrataError(
              "INVALID_INPUT",
              `format must be json or ${representation.format}, got "${format}".`,
              { field: "format" },
            );
          if (format === representation.format || (format === null && accepts)) wants = "other";
        }
        input = queryInput(op.input, query);
      } else input = await bodyInput(c);
      for (const p of params) input[p] = c.req.param(p);
      const out = await runOperation(op, input, { memory: asActor(caller.actor), namespace });
      if (wants === "other" && representation)
        return c.body(representation.body(out), 200, {
          "Content-Type": `${representation.accept}; charset=utf-8`,
        });
      return c.json(out as object);
    });
  }
  return api;
}
