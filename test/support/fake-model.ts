/**
 * Test support: an OpenAI-compatible (or Anthropic) chat server on 127.0.0.1 (port 0) that
 * judges pairs as `relate` says, or answers 500 while `state.failing`. What it was asked is kept
 * in `seen`. No network; our own code is not mocked.
 *
 *   const model = await startFakeModel("openai", (p) => (p.B.text.endsWith("7") ? "supersedes" : "distinct"));
 *   openMemory({ judge: { provider: "openai", baseUrl: model.url, model: "m" } });
 *   await model.close();
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { JudgeRelation } from "../../src/core/ports.js";

export interface FakeModelPair {
  pair: number;
  A: { text: string };
  B: { text: string };
}

export interface FakeModelRequest {
  headers: IncomingHttpHeaders;
  model: string;
  pairs: FakeModelPair[];
}

export async function startFakeModel(
  protocol: "openai" | "anthropic",
  relate: (pair: FakeModelPair) => JudgeRelation,
) {
  const seen: FakeModelRequest[] = [];
  const state = { failing: false };
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const body = JSON.parse(raw);
      const user = protocol === "openai" ? body.messages[1].content : body.messages[0].content;
      const pairs = JSON.parse(user).pairs as FakeModelPair[];
      seen.push({ headers: req.headers, model: body.model, pairs });
      if (state.failing) {
        res.writeHead(500).end("upstream overloaded");
        return;
      }
      const text = JSON.stringify({ verdicts: pairs.map((p) => ({ pair: p.pair, relation: relate(p) })) });
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify(
          protocol === "openai"
            ? {
                choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: text } }],
              }
            : { type: "message", stop_reason: "end_turn", content: [{ type: "text", text }] },
        ),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    seen,
    state,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
