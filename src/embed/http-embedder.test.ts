import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpEmbedder } from "./http-embedder.js";

type Handler = (body: { model: string; input: string[] }, req: IncomingMessage, res: ServerResponse) => void;

/** An OpenAI-compatible stub on 127.0.0.1 and a random port; `handler` answers each request. */
async function stub(handler: Handler): Promise<{ url: string; calls: { model: string; input: string[] }[] }> {
  const calls: { model: string; input: string[] }[] = [];
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const body = JSON.parse(raw) as { model: string; input: string[] };
      calls.push(body);
      handler(body, req, res);
    });
  });
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, calls };
}
let server: Server | null = null;
afterEach(async () => {
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = null;
});

/** A fake model: [length, vowels, 1] scaled, so vectors differ by text and are not unit length. */
const fake = (t: string) => [t.length, (t.match(/[aeiou]/g) ?? []).length, 1];
const ok: Handler = (body, _req, res) => {
  res.setHeader("content-type", "application/json");
  // Answered out of order: the embedder must place them by `index`.
  const data = body.input.map((t, index) => ({ object: "embedding", index, embedding: fake(t) })).reverse();
  res.end(JSON.stringify({ object: "list", data, model: body.model }));
};
const noSleep = async () => undefined;

describe("http embedder", () => {
  it("posts {model, input} to /embeddings in batches and returns unit vectors in input order", async () => {
    const s = await stub(ok);
    const e = createHttpEmbedder({ baseUrl: `${s.url}/`, model: "nomic-embed-text", batchSize: 2 });
    const texts = ["retry limit", "a", "staging database", "deploy"];
    const vs = await e.embed(texts);
    expect(s.calls.map((c) => c.input)).toEqual([
      ["retry limit", "a"],
      ["staging database", "deploy"],
    ]);
    expect(s.calls[0]!.model).toBe("nomic-embed-text");
    expect(vs).toHaveLength(4);
    for (const [i, v] of vs.entries()) {
      const raw = fake(texts[i]!);
      const norm = Math.hypot(...raw);
      expect(Array.from(v)).toEqual(raw.map((x) => Math.fround(x / norm)));
      expect(Math.hypot(...v)).toBeCloseTo(1, 5);
    }
    expect(e.dimension).toBe(3);
    expect(e.id).toBe("http:nomic-embed-text/3");
  });

  it("sends the key as a bearer token, and init() learns the dimension", async () => {
    let auth: string | undefined;
    const s = await stub((body, req, res) => {
      auth = req.headers.authorization;
      ok(body, req, res);
    });
    const e = await createHttpEmbedder({ baseUrl: s.url, model: "m", apiKey: "sk-test" }).init();
    expect(auth).toBe("Bearer sk-test");
    expect(e.id).toBe("http:m/3");
  });

  it("retries 429 and 5xx with backoff, then succeeds", async () => {
    let n = 0;
    const waits: number[] = [];
    const s = await stub((body, req, res) => {
      n++;
      if (n === 1) {
        res.statusCode = 429;
        res.setHeader("retry-after", "2");
        return res.end("slow down");
      }
      if (n === 2) {
        res.statusCode = 503;
        return res.end("loading model");
      }
      ok(body, req, res);
    });
    const e = createHttpEmbedder({
      baseUrl: s.url,
      model: "m",
      retryBaseMs: 100,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    expect(await e.embed(["x"])).toHaveLength(1);
    expect(waits).toEqual([2000, 200]);
  });

  it.each([
    [401, "Check the API key"],
    [404, "Check the base URL"],
    [400, "Check the model name"],
  ])("refuses at once on HTTP %i with EMBEDDER_FAILED: %s", async (status, hint) => {
    const s = await stub((_b, _r, res) => {
      res.statusCode = status;
      res.end("nope");
    });
    const e = createHttpEmbedder({ baseUrl: s.url, model: "m", sleep: noSleep });
    const error = await e.embed(["x"]).catch((x: unknown) => x);
    expect(error).toMatchObject({ code: "EMBEDDER_FAILED" });
    expect((error as Error).message).toContain(hint);
    expect(s.calls).toHaveLength(1);
  });

  it("gives up after the retries with a message naming the server", async () => {
    const s = await stub((_b, _r, res) => {
      res.statusCode = 500;
      res.end("boom");
    });
    const e = createHttpEmbedder({ baseUrl: s.url, model: "m", maxRetries: 2, sleep: noSleep });
    const error = (await e.embed(["x"]).catch((x: unknown) => x)) as Error;
    expect(error).toMatchObject({ code: "EMBEDDER_FAILED" });
    expect(error.message).toMatch(/did not answer after 3 attempts \(HTTP 500: boom\)/);
    expect(s.calls).toHaveLength(3);
  });

  it("times a request out with its AbortSignal", async () => {
    const s = await stub(() => undefined); // never answers
    const e = createHttpEmbedder({
      baseUrl: s.url,
      model: "m",
      timeoutMs: 50,
      maxRetries: 1,
      sleep: noSleep,
    });
    const error = (await e.embed(["x"]).catch((x: unknown) => x)) as Error;
    expect(error).toMatchObject({ code: "EMBEDDER_FAILED" });
    expect(error.message).toContain("no answer within 50 ms");
    server!.closeAllConnections();
  });

  it("reports an unreachable server and a malformed answer", async () => {
    const dead = createHttpEmbedder({ baseUrl: "http://127.0.0.1:9/v1", model: "m", maxRetries: 0 });
    await expect(dead.embed(["x"])).rejects.toMatchObject({ code: "EMBEDDER_FAILED" });
    const s = await stub((_b, _r, res) => res.end(JSON.stringify({ data: [] })));
    const e = createHttpEmbedder({ baseUrl: s.url, model: "m" });
    await expect(e.embed(["x"])).rejects.toThrow(/OpenAI shape/);
  });

  it("refuses a changed dimension and missing options", async () => {
    const s = await stub(ok);
    const e = createHttpEmbedder({ baseUrl: s.url, model: "m", dimension: 768 });
    await expect(e.embed(["x"])).rejects.toThrow(/answered 3 dimensions/);
    expect(() => createHttpEmbedder({ baseUrl: "", model: "m" })).toThrow(/STRATA_EMBED_URL/);
    expect(() => createHttpEmbedder({ baseUrl: s.url, model: "" })).toThrow(/STRATA_EMBED_MODEL/);
  });
});
