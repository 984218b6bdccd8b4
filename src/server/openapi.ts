/**
 * The OpenAPI 3.1 document of the REST API, generated from the operations registry with zod's
 * own JSON Schema output: requests use each schema's input side (defaults optional, times as
 * the strings callers send), responses its output side. Nothing here is written by hand per
 * operation, so the document cannot drift from the routes.
 *
 *   const doc = openApiDocument({ version: "0.1.0" });
 *   doc.paths["/v1/namespaces/{namespace}/recall"].get.parameters // query, k, at, asOf, …
 */
import { z } from "zod";
import type { ErrorCode } from "../core/errors.js";
import { CONTEXT_EMPTY_REASONS, NamespaceSchema } from "../core/model.js";
import { OPERATION_GROUPS, OPERATIONS, type Operation } from "../core/operations/index.js";
import { InputIssueSchema } from "../core/validate.js";
import { STATUS_BY_CODE } from "./errors.js";
import { pathParams, WHY_EMPTY_HEADER } from "./rest.js";

type Json = Record<string, unknown>;

/** A zod schema as an OpenAPI 3.1 (JSON Schema 2020-12) schema object. */
export function jsonSchema(schema: z.ZodType, io: "input" | "output"): Json {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    target: "draft-2020-12",
  }) as Json;
  return rest;
}

const ErrorSchema: Json = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message", "details"],
      properties: {
        code: {
          type: "string",
          description: "Stable code: INVALID_INPUT, UNAUTHORIZED, FORBIDDEN, NOT_FOUND …",
        },
        message: { type: "string", description: "What went wrong and what to do." },
        details: {
          type: "object",
          description:
            "What the caller can act on; which fields depend on the code (the id not found, the limit passed …). An INVALID_INPUT error lists each refused field in issues.",
          properties: {
            issues: { type: "array", items: jsonSchema(InputIssueSchema, "output") },
          },
          additionalProperties: true,
        },
      },
    },
  },
};

const errorResponse = (description: string): Json => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

/** A probe's answer: `{ ok: true }` and the fields given. */
const probeAnswer = (fields: Record<string, Json>): Json => ({
  type: "object",
  properties: { ok: { type: "boolean", const: true }, ...fields },
  required: ["ok", ...Object.keys(fields)],
  additionalProperties: false,
});

/** What each refusal an operation declares (`Operation.refusals`) means, in a route's responses. */
const REFUSAL_MEANINGS: Partial<Record<ErrorCode, string>> = {
  NOT_FOUND: "NOT_FOUND: an id it names or cites is not in this namespace.",
  FORGOTTEN: "FORGOTTEN: the item, or an episode it cites, was forgotten: its content is erased.",
  CONFLICT:
    "CONFLICT: the item's state forbids it (pin a belief that is not active; a new value for a key a pinned belief holds; a verdict on a pair no longer active); nothing changed.",
  BUSY: "BUSY: another sweep or consolidation holds the namespace; see Retry-After.",
  WRAP_NOT_PREPARED: "WRAP_NOT_PREPARED: no open wrap has this token: prepare one, and use its token.",
  TARGET_NOT_EMPTY:
    "TARGET_NOT_EMPTY: the namespace already holds items or an audit chain: import into an empty one.",
};

/** The error responses, by status, for what `op` declares it may refuse with (NOT_FOUND when its route names an id). */
function refusalResponses(op: Operation): Json {
  const codes = new Set<ErrorCode>(op.refusals ?? []);
  if (pathParams(op).includes("id")) codes.add("NOT_FOUND");
  const byStatus = new Map<number, string[]>();
  for (const code of codes) {
    const status = STATUS_BY_CODE[code] ?? 500;
    byStatus.set(status, [...(byStatus.get(status) ?? []), REFUSAL_MEANINGS[code] ?? code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, meanings]) => [String(status), errorResponse(meanings.join(" "))]),
  );
}

const NAMESPACE_PARAM: Json = {
  name: "namespace",
  in: "path",
  required: true,
  description: `${NamespaceSchema.description ?? "The namespace."} A / in it is sent as %2F.`,
  schema: jsonSchema(NamespaceSchema, "input"),
};

/** `{ GET: … }` → the OpenAPI operation object of one registry operation. */
function operationObject(op: Operation): Json {
  const path = pathParams(op);
  const input = jsonSchema(op.input, "input") as { properties?: Record<string, Json>; required?: string[] };
  const props = input.properties ?? {};
  const required = new Set(input.required ?? []);
  const parameters: Json[] = [
    NAMESPACE_PARAM,
    ...path.map((name) => ({
      name,
      in: "path",
      required: true,
      ...(props[name]?.description ? { description: props[name]!.description } : {}),
      schema: props[name] ?? { type: "string" },
    })),
  ];
  let requestBody: Json | undefined;
  if (op.http.method === "GET") {
    for (const [name, schema] of Object.entries(props)) {
      if (path.includes(name)) continue;
      parameters.push({
        name,
        in: "query",
        required: required.has(name),
        ...(schema.description ? { description: schema.description } : {}),
        // An object travels as JSON text in the parameter (src/server/query.ts).
        ...(schema.type === "object"
          ? { content: { "application/json": { schema } } }
          : { schema, ...(schema.type === "array" ? { style: "form", explode: true } : {}) }),
      });
    }
  } else {
    const bodyProps = Object.fromEntries(Object.entries(props).filter(([name]) => !path.includes(name)));
    if (Object.keys(bodyProps).length > 0)
      requestBody = {
        required: [...required].some((r) => !path.includes(r)),
        content: {
          "application/json": {
            schema: {
              ...input,
              properties: bodyProps,
              required: [...required].filter((r) => !path.includes(r)),
            },
          },
        },
      };
  }
  const success: Json = { "application/json": { schema: jsonSchema(op.output, "output") } };
  if (op.name === "context")
    success["text/plain"] = { schema: { type: "string", description: "The block alone (?format=text)." } };
  if (op.name === "exportAuditJsonl")
    success["application/x-ndjson"] = {
      schema: { type: "string", description: "The files' lines, one after another (?format=jsonl)." },
    };
  const responses: Json = {
    "200": {
      description: op.summary,
      content: success,
      ...(op.name === "context"
        ? {
            headers: {
              [WHY_EMPTY_HEADER]: {
                description:
                  "With ?format=text, sent when the block is empty (the body then is empty, as a prompt needs it): why, as the JSON answer's whyEmpty says.",
                schema: { type: "string", enum: [...CONTEXT_EMPTY_REASONS] },
              },
            },
          }
        : {}),
      ...(op.links ? { links: op.links } : {}),
    },
    "400": errorResponse("INVALID_INPUT: the input (or the namespace) was refused; nothing changed."),
    "401": errorResponse("UNAUTHORIZED: no API key, or not a live one."),
    "403": errorResponse(
      `FORBIDDEN: the key may not act in this namespace, or its scope is below ${op.access}; HOST_NOT_ALLOWED, ORIGIN_NOT_ALLOWED: a Host or a browser's origin the server does not accept.`,
    ),
  };
  Object.assign(responses, refusalResponses(op));
  if (op.http.method !== "GET")
    responses["415"] = errorResponse(
      "UNSUPPORTED_MEDIA_TYPE: a body (or a declared Content-Type) other than application/json; nothing changed.",
    );
  if (op.access !== "read") {
    responses["413"] = errorResponse("PAYLOAD_TOO_LARGE: the body is over the server's limit.");
    responses["429"] = errorResponse("RATE_LIMITED: the key's write rate is spent; see Retry-After.");
  }
  return {
    operationId: op.name,
    summary: op.summary,
    description: `${op.summary}\n\nScope: ${op.access}.${op.annotations.destructive ? " Destructive." : ""}${op.annotations.idempotent ? " Idempotent." : ""}`,
    tags: [op.group],
    "x-strata-access": op.access,
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

export function openApiDocument(options: { version?: string } = {}): Json {
  const paths: Record<string, Json> = {
    "/healthz": {
      get: {
        operationId: "healthz",
        summary: "The process answers (no store access, no key).",
        tags: ["server"],
        security: [],
        responses: {
          "200": {
            description: "Alive.",
            content: { "application/json": { schema: probeAnswer({}) } },
          },
        },
      },
    },
    "/readyz": {
      get: {
        operationId: "readyz",
        summary: "The store answers (no key).",
        tags: ["server"],
        security: [],
        responses: {
          "200": {
            description: "Ready.",
            content: {
              "application/json": {
                schema: probeAnswer({
                  store: { type: "string", description: "The store's kind: sqlite, postgres …" },
                }),
              },
            },
          },
          "503": errorResponse("STORE_UNAVAILABLE: the store does not answer."),
        },
      },
    },
    "/v1/namespaces": {
      get: {
        operationId: "namespaces",
        summary: "The namespaces holding data that the key's patterns cover.",
        tags: ["server"],
        responses: {
          "200": {
            description: "Namespaces, sorted.",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["namespaces"],
                  properties: { namespaces: { type: "array", items: { type: "string" } } },
                },
              },
            },
          },
          "400": errorResponse("INVALID_INPUT: a query field was sent; the route takes none."),
          "401": errorResponse("UNAUTHORIZED: no API key, or not a live one."),
        },
      },
    },
  };
  for (const op of OPERATIONS) {
    const path = `/v1/namespaces/{namespace}${op.http.path}`;
    paths[path] = { ...(paths[path] ?? {}), [op.http.method.toLowerCase()]: operationObject(op) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Strata REST API",
      version: options.version ?? "0.0.0",
      description:
        "Every verb of Strata's memory, per namespace. Send an API key (strata keys create) as Authorization: Bearer sk_strata_… or X-API-Key. Errors are { error: { code, message, details } }. A browser page may call only from the server's own origin or one listed with --allowed-origins: a listed origin's preflight (OPTIONS) is answered 204 with Access-Control-Allow-Origin naming it (never *, never credentials); any other Origin, Origin: null, or another site's request without one (Sec-Fetch-Site: cross-site or same-site, not a navigation) is 403 ORIGIN_NOT_ALLOWED before anything runs.",
    },
    tags: [
      { name: "server", description: "Liveness, readiness and the namespaces a key sees." },
      ...OPERATION_GROUPS.map((name) => ({ name })),
    ],
    security: [{ bearer: [] }, { apiKey: [] }],
    paths,
    components: {
      schemas: { Error: ErrorSchema },
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", bearerFormat: "sk_strata_<id>_<secret>" },
        apiKey: { type: "apiKey", in: "header", name: "X-API-Key" },
      },
    },
  };
}
