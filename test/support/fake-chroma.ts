/**
 * Test support: a real HTTP server (node:http) speaking the subset of Chroma's v2 API that the
 * official `chromadb` client uses to read, update and delete records of one collection:
 * pre-flight checks, get collection by name, and the collection's get / update / delete. Records
 * are held in memory in insertion order; update merges metadata as Chroma does.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";

export interface FakeChromaRecord {
  id: string;
  document: string | null;
  metadata: Record<string, string | number | boolean> | null;
}

export interface FakeChroma {
  url: string;
  records: FakeChromaRecord[];
  /** Every request, as "METHOD path". */
  requests: string[];
  close(): Promise<void>;
}

const TENANT = "default_tenant";
const DATABASE = "default_database";
const COLLECTION_ID = "7f1c2a4e-0000-4000-8000-000000000001";

async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export async function startFakeChroma(name: string, records: FakeChromaRecord[]): Promise<FakeChroma> {
  const held = records.map((r) => ({ ...r, metadata: r.metadata ? { ...r.metadata } : null }));
  const requests: string[] = [];
  const base = `/api/v2/tenants/${TENANT}/databases/${DATABASE}/collections`;
  const server: Server = createServer(async (req, res) => {
    const path = (req.url ?? "").split("?")[0]!;
    requests.push(`${req.method} ${path}`);
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(payload));
    };
    if (req.method === "GET" && path === "/api/v2/pre-flight-checks")
      return send(200, { max_batch_size: 1000, supports_base64_encoding: false });
    if (req.method === "GET" && path.startsWith(`${base}/`)) {
      const wanted = decodeURIComponent(path.slice(base.length + 1));
      if (wanted !== name)
        return send(404, { error: "NotFoundError", message: `Collection [${wanted}] does not exist` });
      return send(200, {
        id: COLLECTION_ID,
        name,
        tenant: TENANT,
        database: DATABASE,
        metadata: null,
        configuration_json: {},
        dimension: 3,
        log_position: 0,
        version: 0,
      });
    }
    const op = path.startsWith(`${base}/${COLLECTION_ID}/`)
      ? path.slice(base.length + COLLECTION_ID.length + 2)
      : null;
    if (req.method === "POST" && op === "get") {
      const b = await body(req);
      const ids = b.ids as string[] | undefined;
      const include = (b.include as string[] | undefined) ?? ["documents", "metadatas"];
      let rows = ids ? held.filter((r) => ids.includes(r.id)) : held;
      const offset = (b.offset as number | undefined) ?? 0;
      rows = rows.slice(
        offset,
        b.limit === undefined || b.limit === null ? undefined : offset + (b.limit as number),
      );
      return send(200, {
        ids: rows.map((r) => r.id),
        documents: include.includes("documents") ? rows.map((r) => r.document) : null,
        metadatas: include.includes("metadatas") ? rows.map((r) => r.metadata) : null,
        embeddings: null,
        uris: null,
        include,
      });
    }
    if (req.method === "POST" && op === "update") {
      const b = await body(req);
      const ids = b.ids as string[];
      const metadatas = (b.metadatas as Record<string, string | number | boolean>[] | undefined) ?? [];
      ids.forEach((id, i) => {
        const r = held.find((x) => x.id === id);
        if (r && metadatas[i]) r.metadata = { ...(r.metadata ?? {}), ...metadatas[i] };
      });
      return send(200, {});
    }
    if (req.method === "POST" && op === "delete") {
      const b = await body(req);
      const ids = new Set(b.ids as string[]);
      const before = held.length;
      for (let i = held.length - 1; i >= 0; i--) if (ids.has(held[i]!.id)) held.splice(i, 1);
      return send(200, { deleted: before - held.length });
    }
    send(404, { error: "NotFoundError", message: `fake Chroma does not serve ${req.method} ${path}` });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    records: held,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
