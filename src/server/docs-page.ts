/**
 * `/docs`: a self-contained reference page rendered on the server from the OpenAPI document (no
 * script, no CDN, no external asset: many networks reach none). Every route with its scope,
 * parameters, request body and response schema, grouped as the registry groups operations.
 *
 *   c.html(docsPage(openApiDocument({ version })));
 */
type Json = Record<string, unknown>;

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );

/** A schema in one short phrase: `integer 1..200 (default 3)`, `array of fact|rule`. */
export function typeOf(schema: Json | undefined): string {
  if (!schema) return "any";
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).map(String).join(" | ");
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Json[]).map(typeOf).join(" or ");
  const type = String(schema.type ?? "any");
  if (type === "array") return `array of ${typeOf(schema.items as Json | undefined)}`;
  const range =
    schema.minimum !== undefined || schema.maximum !== undefined
      ? ` ${schema.minimum ?? ""}..${schema.maximum ?? ""}`
      : "";
  const dflt = schema.default !== undefined ? ` (default ${JSON.stringify(schema.default)})` : "";
  return `${type}${range}${dflt}`;
}

const CSS = `body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem 1.5rem;color:#1d1d1f}
h1{margin-bottom:.2rem}h2{border-bottom:1px solid #ddd;margin-top:2.5rem;text-transform:capitalize}
section{border:1px solid #e3e3e3;border-radius:6px;margin:1rem 0;padding:.6rem 1rem}
.m{display:inline-block;min-width:4.2rem;font:600 13px monospace;padding:.1rem .4rem;border-radius:4px;color:#fff;text-align:center}
.GET{background:#2f6fdb}.POST{background:#1e8a4c}.PUT{background:#b37400}.DELETE{background:#c0392b}
code,pre{font:13px ui-monospace,monospace}pre{background:#f6f8fa;padding:.6rem;overflow:auto;max-height:28rem}
table{border-collapse:collapse;width:100%;font-size:14px}td,th{border-top:1px solid #eee;padding:.25rem .4rem;text-align:left;vertical-align:top}
.scope{float:right;font-size:13px;color:#555}nav a{margin-right:.8rem}`;

function route(path: string, method: string, op: Json): string {
  const params = (op.parameters as Json[] | undefined) ?? [];
  const rows = params
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(String(p.name))}</code></td><td>${escapeHtml(String(p.in))}</td><td>${escapeHtml(typeOf(p.schema as Json))}</td><td>${p.required ? "yes" : ""}</td><td>${escapeHtml(String(p.description ?? ""))}</td></tr>`,
    )
    .join("");
  const body = (op.requestBody as { content?: Record<string, { schema?: Json }> } | undefined)?.content?.[
    "application/json"
  ]?.schema;
  const ok = (op.responses as Record<string, { content?: Record<string, { schema?: Json }> }>)["200"]
    ?.content;
  const scope = op["x-strata-access"]
    ? `scope: ${escapeHtml(String(op["x-strata-access"]))}`
    : "no key needed";
  return `<section id="${escapeHtml(String(op.operationId))}">
<span class="scope">${scope}</span><span class="m ${method.toUpperCase()}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code>
<p>${escapeHtml(String(op.summary ?? ""))} <small>(<code>${escapeHtml(String(op.operationId))}</code>)</small></p>
${rows ? `<table><tr><th>name</th><th>in</th><th>type</th><th>required</th><th>description</th></tr>${rows}</table>` : ""}
${body ? `<details><summary>Request body (JSON)</summary><pre>${escapeHtml(JSON.stringify(body, null, 2))}</pre></details>` : ""}
${ok?.["application/json"]?.schema ? `<details><summary>Response 200 (JSON)</summary><pre>${escapeHtml(JSON.stringify(ok["application/json"].schema, null, 2))}</pre></details>` : ""}
${
  ok && Object.keys(ok).length > 1
    ? `<p><small>Also as ${Object.keys(ok)
        .filter((t) => t !== "application/json")
        .map((t) => `<code>${escapeHtml(t)}</code>`)
        .join(", ")}.</small></p>`
    : ""
}
</section>`;
}

/** The reference page of an OpenAPI document, as one HTML string. */
export function docsPage(doc: Json): string {
  const info = doc.info as { title: string; version: string; description: string };
  const groups = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Json>>))
    for (const [method, op] of Object.entries(methods)) {
      const tag = ((op.tags as string[] | undefined) ?? ["other"])[0]!;
      groups.set(tag, [...(groups.get(tag) ?? []), route(path, method, op)]);
    }
  const order = ((doc.tags as { name: string }[] | undefined) ?? []).map((t) => t.name);
  const names = [...new Set([...order, ...groups.keys()])].filter((n) => groups.has(n));
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(info.title)} ${escapeHtml(info.version)}</title><style>${CSS}</style></head>
<body><h1>${escapeHtml(info.title)}</h1><p><small>version ${escapeHtml(info.version)} · <a href="/openapi.json">openapi.json</a></small></p>
<p>${escapeHtml(info.description)}</p>
<p>Errors: <code>{ "error": { "code", "message", "details" } }</code>; an INVALID_INPUT lists each refused field in <code>details.issues</code> as <code>{ "path", "message", "code"?, "received"?, "allowed"?, "meant"? }</code> (<code>code</code>: a stable name for a refusal, <code>NOT_A_DATE</code> for a time that is no date; <code>meant</code>: the field a borrowed name means, <code>{ "limit": ["k"] }</code>). 400 INVALID_INPUT · 401 UNAUTHORIZED · 403 FORBIDDEN · 404 NOT_FOUND · 409 CONFLICT, BUSY (Retry-After) · 410 FORGOTTEN · 413 PAYLOAD_TOO_LARGE · 415 UNSUPPORTED_MEDIA_TYPE (a body must be <code>Content-Type: application/json</code>) · 429 RATE_LIMITED (Retry-After) · 501 UNSUPPORTED · 503 STORE_UNAVAILABLE.</p>
<nav>${names.map((n) => `<a href="#g-${escapeHtml(n)}">${escapeHtml(n)}</a>`).join("")}</nav>
${names.map((n) => `<h2 id="g-${escapeHtml(n)}">${escapeHtml(n)}</h2>${groups.get(n)!.join("\n")}`).join("\n")}
</body></html>`;
}
