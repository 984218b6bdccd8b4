/**
 * A raw request through node:http, which (unlike fetch) sends exactly the headers it is given: a
 * forged Host, no Content-Type at all, a body of any type or bytes of any encoding. The answer's
 * body is parsed as JSON and kept as text.
 *
 *   const r = await rawRequest(port, "POST", "/mcp", { host: "evil.example" }, body);
 */
import { request } from "node:http";

export interface RawAnswer {
  status: number;
  json: { error?: { code: string; message: string } } & Record<string, unknown>;
  /** The answer's body as it came. */
  text: string;
  /** The answer's headers, names in lower case. */
  headers: Record<string, string | string[] | undefined>;
}

export function rawRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string | Buffer,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      let text = "";
      res.on("data", (c) => {
        text += c;
      });
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          json: text ? JSON.parse(text) : {},
          text,
          headers: res.headers,
        }),
      );
    });
    req.on("error", reject);
    req.end(body);
  });
}
