/**
 * The REST API, generated from the operations registry: one route per operation at
 * `/v1/namespaces/{namespace}{op.http.path}`, plus `GET /v1/namespaces`. Each request, in order:
 * the namespace segment is validated, the caller identified (401), allowed in the namespace
 * with the operation's access (403), a write takes a token of the caller's rate (429), the
 * input is read (GET: the query string; others: a JSON body, which must say `Content-Type:
 * application/json` (415 otherwise); path parameters merged in), a
 * `namespacePrefix` is allowed only when the key covers everything under it (403), the input is
 * parsed by the operation's schema (400), and the operation runs with the caller as actor in an
 * engine acting in the route's namespace (so a prefix outside it is refused, 400).
 *
 *   const rest = createRestApi({ memory });
 *   await rest.request("/namespaces/team-a/recall?query=retry", { headers: { "X-API-Key": key } });
 */
import { type Context, Hono } from "hono";
import { z } from "zod";
import { patternCovers } from "../access/api-keys.js";
import { namesNear } from "../core/borrowed-names.js";
import type { Memory } from "../core/engine.js";
import { StrataError, utf8Text } from "../core/errors.js";
import { NamespaceSchema } from "../core/model.js";
import { OPERATIONS, type Operation, runOperation } from "../core/operations/index.js";
import type { Clock } from "../core/ports.js";
import { parseInput } from "../core/validate.js";
import { identify, peerIsLoopback, permit, permitTree } from "./callers.js";
import { errorResponse } from "./errors.js";
import { queryInput, queryValuesRefused, refuseNonUtf8Query } from "./query.js";
import { createRateLimiter, DEFAULT_WRITE_RATE, type RateLimit } from "./rate-limit.js";

/** `GET /v1/namespaces` reads no query field. */
const NamespacesQuerySchema = z.strictObject({});

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

/** Engines kept for (actor, namespace) pairs before the cache starts again. */
const MAX_CACHED_ENGINES = 256;

/** `/items/{id}` → `/items/:id` (Hono's syntax). */
export const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

/**
 * The methods the REST API answers on `pathname` (a request path under /v1), for a 404 whose
 * method is the mistake: `POST …/recall` is told that path takes GET.
 *
 *   methodsOn("/v1/namespaces/default/recall"); // ["GET"]
 *   methodsOn("/v1/namespaces/default/nope");   // []
 */
export function methodsOn(pathname: string): string[] {
  const methods = new Set<string>();
  for (const op of OPERATIONS) {
    const pattern = op.http.path
      .split("/")
      .map((seg) => (/^\{\w+\}$/.test(seg) ? "[^/]+" : seg.replace(/[.*+?^$()|[\]\\]/g, "\\$&")))
      .join("/");
    if (new RegExp(`^/v1/namespaces/[^/]+${pattern}/?$`).test(pathname)) methods.add(op.http.method);
  }
  return [...methods].sort();
}

/**
 * The routes of the operations a path one word under a namespace names by the verb the library,
 * the CLI and MCP call them, or by a slip of it (`namesNear`), for a 404 that asked for the verb:
 * REST names most writes by what they make (`remember` is POST …/beliefs). Empty when no
 * operation's name is near the word.
 *
 *   verbRoutesFor("/v1/namespaces/team-a/remember"); // ["remember is POST /v1/namespaces/team-a/beliefs"]
 *   verbRoutesFor("/v1/namespaces/team-a/recal");    // ["recall is GET /v1/namespaces/team-a/recall"]
 *   verbRoutesFor("/v1/namespaces/team-a/nope");     // []
 */
export function verbRoutesFor(pathname: string): string[] {
  const m = /^(\/v1\/namespaces\/[^/]+)\/([^/]+)\/?$/.exec(pathname);
  if (!m) return [];
  const meant = namesNear(
    m[2]!,
    OPERATIONS.map((op) => op.name),
  );
  return OPERATIONS.filter((op) => meant.includes(op.name)).map(
    (op) => `${op.name} is ${op.http.method} ${m[1]}${op.http.path}`,
  );
}

/** The path parameters an operation's route names, besides the namespace. */
export const pathParams = (op: Operation): string[] =>
  [...op.http.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/** The header a text context carries when its block is empty: the JSON answer's `whyEmpty`. */
export const WHY_EMPTY_HEADER = "Strata-Why-Empty";

/**
 * Representations besides JSON, chosen with `?format=` (or the Accept header): the parameter is
 * the surface's, not the operation's, so it is taken out of the input. `headers` carries what the
 * body alone cannot: a text context's empty block stays empty (it goes into a prompt as it is),
 * and why it is empty travels beside it.
 */
const REPRESENTATIONS: Record<
  string,
  {
    format: string;
    accept: string;
    body: (out: unknown) => string;
    headers?: (out: unknown) => Record<string, string>;
  }
> = {
  context: {
    format: "text",
    accept: "text/plain",
    body: (out) => (out as { text: string }).text,
    headers: (out): Record<string, string> => {
      const why = (out as { whyEmpty: string | null }).whyEmpty;
      return why ? { [WHY_EMPTY_HEADER]: why } : {};
    },
  },
  exportAuditJsonl: {
    format: "jsonl",
    accept: "application/x-ndjson",
    body: (out) => (out as { files: string[] }).files.map((f) => (f.endsWith("\n") ? f : `${f}\n`)).join(""),
  },
};

/** `application/json; charset=UTF-8` → "application/json"; null for no header. */
export function mediaTypeOf(header: string | undefined): string | null {
  if (header === undefined) return null;
  return header.split(";")[0]!.trim().toLowerCase();
}

/** `application/json; charset="UTF-8"` → "utf-8"; null when the header names no charset. */
export function charsetOf(header: string | undefined): string | null {
  for (const param of (header ?? "").split(";").slice(1)) {
    const m = /^\s*charset\s*=\s*"?([^";]*)"?\s*$/i.exec(param);
    if (m) return m[1]!.trim().toLowerCase();
  }
  return null;
}

/**
 * The 415 for a body a JSON route must not read. A browser may send `text/plain`, a form or
 * multipart to any site without asking first (a CORS "simple request"), so a route that read any
 * body as JSON could be driven by a page the user visits; only the Origin check stood in the way.
 * A body must say `Content-Type: application/json`; no body needs no type (`curl -X POST
 * …/consolidate`), but any other declared type is refused, body or not.
 */
function mediaTypeRefusal(c: Context, text: string | null): Response | null {
  const type = mediaTypeOf(c.req.header("content-type"));
  // JSON is UTF-8 (RFC 8259): a body said to be in another charset was read as UTF-8 all the same.
  const charset = charsetOf(c.req.header("content-type"));
  if (type === "application/json" && charset !== null && charset !== "utf-8" && charset !== "utf8")
    return c.json(
      {
        error: {
          code: "UNSUPPORTED_MEDIA_TYPE",
          message: `${c.req.method} ${new URL(c.req.url).pathname} takes a JSON body in UTF-8, not ${charset}: send UTF-8 (Content-Type: application/json, or application/json; charset=utf-8). Nothing was changed.`,
          details: { contentType: c.req.header("content-type") ?? null },
        },
      },
      415,
    );
  if (type === "application/json" || (type === null && (text === null || text === ""))) return null;
  return c.json(
    {
      error: {
        code: "UNSUPPORTED_MEDIA_TYPE",
        message: `${c.req.method} ${new URL(c.req.url).pathname} takes a JSON body: send it with Content-Type: application/json${type === null ? " (the request had no Content-Type)" : `, not ${type}`}. Nothing was changed.`,
        details: { contentType: c.req.header("content-type") ?? null },
      },
    },
    415,
  );
}

function bodyInput(text: string): Record<string, unknown> {
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
  // The engine a call runs with: the caller as actor, acting in the route's namespace, so a
  // namespace prefix can reach only under the namespace the caller was allowed in.
  const engineFor = (actor: string, namespace: string) => {
    const id = JSON.stringify([actor, namespace]);
    const known = engines.get(id);
    if (known) return known;
    if (engines.size >= MAX_CACHED_ENGINES) engines.clear();
    const made = memory.withActor(actor).withNamespace(namespace);
    engines.set(id, made);
    return made;
  };
  const api = new Hono<{ Variables: RestVariables }>();
  api.onError((err, c) => errorResponse(c, err));

  api.get("/namespaces", async (c) => {
    const caller = await identify(c, memory.store, { loopbackClient });
    c.set(CALLER_NAME, caller.key?.name ?? "anonymous");
    // It takes no field; one sent is refused as every other route refuses a field it does not take.
    refuseNonUtf8Query(c.req.url, "GET /v1/namespaces");
    parseInput(NamespacesQuerySchema, Object.fromEntries(new URL(c.req.url).searchParams), "namespaces");
    const all = await memory.store.auditNamespaces();
    const visible = caller.key
      ? all.filter((ns) => caller.key!.namespaces.some((p) => patternCovers(p, ns)))
      : all;
    return c.json({ namespaces: visible.sort() });
  });

  for (const op of OPERATIONS) {
    const params = pathParams(op);
    const representation = REPRESENTATIONS[op.name];
    // What a caller typed, which a refusal names: the route, not the operation's internal name.
    const route = `${op.http.method} /v1/namespaces/{namespace}${op.http.path}`;
    api.on(op.http.method, `/namespaces/:namespace${honoPath(op.http.path)}`, async (c) => {
      const namespace = parseInput(NamespaceSchema, c.req.param("namespace"), "namespace");
      const caller = await identify(c, memory.store, { loopbackClient });
      c.set(CALLER_NAME, caller.key?.name ?? "anonymous");
      permit(caller, namespace, op.access);
      if (op.access !== "read") limiter.take(caller.actor);
      let input: Record<string, unknown>;
      let wants: "json" | "other" = "json";
      if (op.http.method === "GET") {
        refuseNonUtf8Query(c.req.url, route);
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
        const unread = queryValuesRefused(route, op.input, input);
        if (unread) throw unread;
      } else {
        // A write reads only its JSON body: a query string would be dropped in silence.
        const names = [...new Set(new URL(c.req.url).searchParams.keys())];
        if (names.length > 0)
          throw new StrataError(
            "INVALID_INPUT",
            `${op.http.method} ${op.http.path} takes its fields in a JSON body, not the query string: move ${names.map((n) => `"${n}"`).join(", ")} into the body.`,
            { parameters: names },
          );
        // A declared type is judged unread; with none, only an empty body passes.
        const declared = c.req.header("content-type") !== undefined;
        const early = declared ? mediaTypeRefusal(c, null) : null;
        if (early) return early;
        // Bytes, not text: a decoder would put U+FFFD for a byte that is not UTF-8, in silence.
        const text = utf8Text(new Uint8Array(await c.req.arrayBuffer()), "The request body");
        const refused = declared ? null : mediaTypeRefusal(c, text);
        if (refused) return refused;
        input = bodyInput(text);
      }
      for (const p of params) {
        // The path names the item; a body that names another would be overruled in silence.
        const value = c.req.param(p);
        if (p in input && input[p] !== value)
          throw new StrataError(
            "INVALID_INPUT",
            `${p} is in the path (${value}) and the body (${JSON.stringify(input[p])}): give it once, in the path.`,
            { field: p },
          );
        input[p] = value;
      }
      if (typeof input.namespacePrefix === "string") permitTree(caller, input.namespacePrefix, op.access);
      const out = await runOperation(
        op,
        input,
        { memory: engineFor(caller.actor, namespace), namespace },
        route,
      );
      if (wants === "other" && representation)
        return c.body(representation.body(out), 200, {
          "Content-Type": `${representation.accept}; charset=utf-8`,
          ...representation.headers?.(out),
        });
      return c.json(out as object);
    });
  }
  return api;
}
