/**
 * The server `strata serve --http` runs (REST, MCP HTTP, the dashboard) over a real socket on
 * 127.0.0.1, with one remembered statement, for tests that send raw requests as a keyless
 * loopback caller (the trust a page on the same machine would try to borrow).
 *
 *   const served = await serveLoopback((mem) => ({ memory: mem, allowedOrigins: ["https://app.example"] }));
 *   const res = await served.send("GET", "/v1/namespaces/default/recall?query=deploy", {});
 *   await served.close();
 */
import type { Memory } from "../../src/core/engine.js";
import { createServerApp, type ServerAppOptions } from "../../src/server/app.js";
import { listenLocally } from "./local-server.js";
import { testMemory } from "./memory.js";
import { type RawAnswer, rawRequest } from "./raw-http.js";

export interface LoopbackServer {
  mem: Memory;
  /** The store file, for storeSnapshot. */
  path: string;
  port: number;
  /** A raw request with Host 127.0.0.1:port; its length is always said (node:http frames a DELETE's body only when told). */
  send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<RawAnswer>;
  /** Stops the socket, then closes the memory. */
  close(): Promise<void>;
}

export async function serveLoopback(
  options: (mem: Memory) => ServerAppOptions = (memory) => ({ memory }),
): Promise<LoopbackServer> {
  const { mem, path } = await testMemory({ file: true });
  await mem.remember("The deploy key rotates every Monday");
  const app = createServerApp(options(mem));
  const server = await listenLocally(app);
  const port = server.port;
  return {
    mem,
    path,
    port,
    send: (method, route, headers, body) =>
      rawRequest(
        port,
        method,
        route,
        { host: `127.0.0.1:${port}`, "content-length": String(Buffer.byteLength(body ?? "")), ...headers },
        body,
      ),
    close: async () => {
      await server.close();
      await mem.close();
    },
  };
}
