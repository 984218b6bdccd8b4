/**
 * The REST request an operation's input stands for: path parameters in the path, the rest in
 * the query string (GET, arrays as repeated parameters) or a JSON body. For `app.request()`.
 *
 *   await app.request(...requestFor(op, { id: "b1" }, "team-a", { "x-api-key": key }));
 */
import type { Operation } from "../../src/core/operations/index.js";
import { pathParams } from "../../src/server/rest.js";

const HOST = { host: "localhost" };

/** The request an operation's input stands for: path parameters in the path, the rest as query or body. */
export function requestFor(
  op: Operation,
  input: Record<string, unknown>,
  namespace: string,
  headers: Record<string, string> = {},
): [string, RequestInit] {
  const rest = { ...input };
  let path = op.http.path;
  for (const p of pathParams(op)) {
    path = path.replace(`{${p}}`, encodeURIComponent(String(rest[p])));
    delete rest[p];
  }
  const url = `/v1/namespaces/${encodeURIComponent(namespace)}${path}`;
  if (op.http.method === "GET") {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(rest))
      for (const item of Array.isArray(v) ? v : [v]) q.append(k, String(item));
    const qs = q.toString();
    return [qs ? `${url}?${qs}` : url, { method: "GET", headers: { ...HOST, ...headers } }];
  }
  return [
    url,
    {
      method: op.http.method,
      headers: { ...HOST, "content-type": "application/json", ...headers },
      body: JSON.stringify(rest),
    },
  ];
}
