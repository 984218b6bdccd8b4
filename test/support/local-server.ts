/**
 * An app's `fetch` served over a real socket on 127.0.0.1 at a port the system picks, for tests
 * that need a socket (raw bytes, another process, a browser, an SDK client) rather than
 * `app.request()`. Resolves once it listens.
 *
 *   const served = await listenLocally(createServerApp({ memory: mem }));
 *   await fetch(`${served.origin}/v1/namespaces/default/stats`);
 *   await served.close();
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";

export interface LocalServer {
  /** The node:http server, for what a test needs beyond these fields (`closeAllConnections`). */
  server: ReturnType<typeof serve>;
  port: number;
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** Stops listening; resolves once open connections have ended. */
  close(): Promise<void>;
}

export async function listenLocally(app: {
  fetch: Parameters<typeof serve>[0]["fetch"];
}): Promise<LocalServer> {
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    port,
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
