/**
 * The model judges over real HTTP: a server on 127.0.0.1 (port 0) inside the test speaks each
 * protocol, and answers well, badly (malformed JSON, out of schema, a missing pair), slowly,
 * with 429/500, or refuses. No network; no mock of our own code.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { JudgePair, JudgeRelation } from "../core/ports.js";
import { createAnthropicJudge } from "./anthropic-judge.js";
import { judgeConfigFrom } from "./config.js";
import { type ModelJudge, type ModelJudgeOptions, parseJudgeAnswer } from "./model-judge.js";
import { createOpenAiJudge } from "./openai-judge.js";

interface Request {
  path: string;
  headers: IncomingHttpHeaders;
  // biome-ignore lint/suspicious/noExplicitAny: the test reads the protocol's JSON loosely
  body: any;
}
/** What the server answers: the model's text, or a raw HTTP answer. */
type Reply =
  | { text: string }
  | { status: number; body: string; headers?: Record<string, string> }
  | { refuse: true };
type Script = (req: Request, n: number) => Reply | Promise<Reply>;

let server: Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = null;
});

/** The pairs a request carries (the user message is JSON). */
function pairsOf(req: Request): { pair: number; A: { text: string }; B: { text: string } }[] {
  const user =
    req.path.endsWith("/messages") && !req.path.includes("chat")
      ? req.body.messages[0].content
      : req.body.messages.find((m: { role: string }) => m.role === "user").content;
  return JSON.parse(user).pairs;
}

/** A fake model: the relation is the word after "#" in B's text (`… #supersedes`), else distinct. */
const oracle: Script = (req) => ({
  text: JSON.stringify({
    verdicts: pairsOf(req).map((p) => ({
      pair: p.pair,
      relation: /#(\w+)/.exec(p.B.text)?.[1] ?? "distinct",
    })),
  }),
});

async function stub(protocol: "openai" | "anthropic", script: Script) {
  const requests: Request[] = [];
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", async () => {
      const request = { path: req.url ?? "", headers: req.headers, body: JSON.parse(raw) };
      requests.push(request);
      const reply = await script(request, requests.length);
      send(protocol, res, reply);
    });
  });
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, requests };
}

function send(protocol: "openai" | "anthropic", res: ServerResponse, reply: Reply) {
  if (res.destroyed) return;
  if ("status" in reply) {
    res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
    res.end(reply.body);
    return;
  }
  res.setHeader("content-type", "application/json");
  if (protocol === "openai")
    res.end(
      JSON.stringify({
        id: "chatcmpl-1",
        object: "chat.completion",
        choices: [
          {
            index: 0,
            finish_reason: "stop",
            message:
              "refuse" in reply
                ? { role: "assistant", content: null, refusal: "I can't help with that." }
                : { role: "assistant", content: reply.text },
          },
        ],
      }),
    );
  else
    res.end(
      JSON.stringify({
        id: "msg_1",
        type: "message",
        role: "assistant",
        stop_reason: "refuse" in reply ? "refusal" : "end_turn",
        content: "refuse" in reply ? [] : [{ type: "text", text: reply.text }],
      }),
    );
}

const at = "2026-01-01T00:00:00.000Z";
const pair = (a: string, b: string): JudgePair => ({
  a: { text: a, at },
  b: { text: b, at: "2026-01-02T00:00:00.000Z" },
});
/** Pairs the lexical judge is unsure of (refines/distinct), each labelled for the fake model. */
const unsure = (n: number, label: JudgeRelation = "duplicate") =>
  Array.from({ length: n }, (_, i) =>
    pair(`Service ${i} lives in Oslo`, `Service ${i} is based in Oslo #${label}`),
  );

const PROTOCOLS = [
  {
    name: "openai" as const,
    make: (o: ModelJudgeOptions) => createOpenAiJudge(o),
    path: "/v1/chat/completions",
    auth: (h: IncomingHttpHeaders) => h.authorization,
    expectedAuth: "Bearer sk-test",
  },
  {
    name: "anthropic" as const,
    make: (o: ModelJudgeOptions) => createAnthropicJudge(o),
    path: "/v1/messages",
    auth: (h: IncomingHttpHeaders) => `${h["x-api-key"]}|${h["anthropic-version"]}`,
    expectedAuth: "sk-test|2023-06-01",
  },
];

describe.each(PROTOCOLS)("$name judge", ({ name, make, path, auth, expectedAuth }) => {
  const judge = (url: string, o: Partial<ModelJudgeOptions> = {}): ModelJudge =>
    make({ baseUrl: url, model: "judge-model", apiKey: "sk-test", retryBaseMs: 1, ...o });

  it("batches pairs (10 per request), names the model, sends the key, and returns verdicts in order", async () => {
    const s = await stub(name, oracle);
    const pairs = [...unsure(12, "duplicate"), ...unsure(13, "supersedes")];
    const verdicts = await judge(s.url).compareMany(pairs);
    expect(s.requests.map((r) => pairsOf(r).length)).toEqual([10, 10, 5]);
    for (const r of s.requests) {
      expect(r.path).toBe(path);
      expect(r.body.model).toBe("judge-model");
      expect(r.body.temperature).toBe(0);
      expect(auth(r.headers)).toBe(expectedAuth);
    }
    expect(verdicts.map((v) => v.relation)).toEqual([
      ...Array(12).fill("duplicate"),
      ...Array(13).fill("supersedes"),
    ]);
    expect(verdicts[0]).toMatchObject({ reason: `${name} (judge-model): duplicate`, confident: true });
    expect(verdicts[0]!.judge).toBeUndefined();
    expect(verdicts[0]!.similarity).toBeGreaterThan(0);
  });

  it("distils a cluster of episodes: sends them with their valence, reads the statement, says why it has none", async () => {
    const s = await stub(name, (_req, n) =>
      n === 1
        ? { text: '```json\n{"text":"Avoid: validating the 60MB CSV times out"}\n```' }
        : { text: "no JSON" },
    );
    const request = {
      episodes: ["a 60MB CSV timed out", "the 60MB CSV timed out"],
      valence: "failure" as const,
      lexical: "a 60MB CSV timed out",
    };
    expect(await judge(s.url).distil!(request)).toEqual({ text: "Avoid: validating the 60MB CSV times out" });
    expect(JSON.stringify(s.requests[0]!.body)).toContain("Avoid: X fails when Y");
    expect(JSON.stringify(s.requests[0]!.body)).toContain('\\"valence\\":\\"failure\\"');
    expect(await judge(s.url).distil!(request)).toMatchObject({
      problem: expect.stringContaining("malformed answer"),
    });
  });

  it("sends only the pairs no lexical rule decided (ask: unsure), unless ask: all", async () => {
    const s = await stub(name, oracle);
    const pairs = [pair("The retry limit is 5", "The retry limit is 7"), ...unsure(1)];
    const verdicts = await judge(s.url).compareMany(pairs);
    expect(s.requests.flatMap(pairsOf).map((p) => p.A.text)).toEqual(["Service 0 lives in Oslo"]);
    expect(verdicts[0]).toMatchObject({ relation: "supersedes", judge: "lexical" });
    expect(verdicts[0]!.fallback).toBeUndefined();
    await judge(s.url, { ask: "all" }).compareMany(pairs);
    expect(s.requests.at(-1)!.body).toBeTruthy();
    expect(pairsOf(s.requests.at(-1)!)).toHaveLength(2);
  });

  it.each([
    [
      "malformed JSON",
      { text: '{"verdicts": [{"pair": 1, "relation": "dupl' },
      /^malformed answer: not JSON/,
    ],
    ["no JSON at all", { text: "They look the same to me." }, /^malformed answer: no JSON object/],
    [
      "an out-of-schema relation",
      { text: '{"verdicts":[{"pair":1,"relation":"maybe"},{"pair":2,"relation":"duplicate"}]}' },
      /^out-of-schema answer: verdicts\.0\.relation/,
    ],
    ["a missing verdicts list", { text: '{"answer":"duplicate"}' }, /^out-of-schema answer: verdicts/],
    ["an HTTP 400", { status: 400, body: '{"error":"bad model"}' }, /^HTTP 400: \{"error":"bad model"\}/],
    ["a refusal", { refuse: true as const }, /^refused/],
  ])("falls back to the lexical verdict on %s, and says why", async (_case, reply, why) => {
    const s = await stub(name, () => reply as Reply);
    const pairs = unsure(2);
    const verdicts = await judge(s.url).compareMany(pairs);
    expect(s.requests).toHaveLength(1);
    for (const v of verdicts) {
      expect(v.judge).toBe("lexical");
      expect(v.fallback).toMatch(why);
      expect(v.reason).toMatch(new RegExp(`^${name} fell back \\(.+\\); lexical: `));
      expect(["refines", "distinct"]).toContain(v.relation);
    }
  });

  it("a pair the answer leaves out falls back alone", async () => {
    const s = await stub(name, () => ({
      text: '```json\n{"verdicts":[{"pair":2,"relation":"duplicate"}]}\n```',
    }));
    const [first, second] = await judge(s.url).compareMany(unsure(2));
    expect(first).toMatchObject({ judge: "lexical", fallback: "no verdict for this pair in the answer" });
    expect(second).toMatchObject({ relation: "duplicate", confident: true });
  });

  it("times out a slow answer and falls back, without waiting for it", async () => {
    // An answer 10 s away against a bound of 5 s: a judge that waited for it cannot pass, and a
    // loaded machine has seconds to spare for the 150 ms timeout and the lexical fallback.
    const s = await stub(name, () => new Promise((r) => setTimeout(() => r({ text: "{}" }), 10_000)));
    const started = performance.now();
    const [v] = await judge(s.url, { timeoutMs: 150 }).compareMany(unsure(1));
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(v).toMatchObject({ judge: "lexical", fallback: "timeout: no answer within 150 ms" });
  });

  it("retries a 429 (honouring Retry-After) and a 500 once, then falls back; the key never shows", async () => {
    const flaky = await stub(name, (_r, n) =>
      n === 1 ? { status: 429, body: "slow down", headers: { "retry-after": "0" } } : oracle(_r, n),
    );
    const [ok] = await judge(flaky.url).compareMany(unsure(1));
    expect(flaky.requests).toHaveLength(2);
    expect(ok).toMatchObject({ relation: "duplicate", confident: true });
    await new Promise<void>((r) => server!.close(() => r()));
    const down = await stub(name, () => ({ status: 500, body: "invalid key sk-test, oops" }));
    const [v] = await judge(down.url).compareMany(unsure(1));
    expect(down.requests).toHaveLength(2);
    expect(v!.fallback).toBe("HTTP 500: invalid key ***, oops");
    expect(v!.reason).not.toContain("sk-test");
  });

  it("keeps to the run's budget: requests and pairs, then the rest fall back as over budget", async () => {
    const s = await stub(name, oracle);
    const verdicts = await judge(s.url, { batchSize: 5, maxRequests: 2 }).compareMany(unsure(20));
    expect(s.requests).toHaveLength(2);
    expect(verdicts.filter((v) => !v.fallback)).toHaveLength(10); // decided by the model; the rest fell back
    expect(verdicts.slice(10).every((v) => v.fallback === "over budget: 2 requests per run")).toBe(true);
    const p = await judge(s.url, { batchSize: 5, maxPairs: 7 }).compareMany(unsure(20));
    expect(s.requests.slice(2).map((r) => pairsOf(r).length)).toEqual([5, 2]);
    expect(p.filter((v) => v.fallback === "over budget: 7 pairs per run")).toHaveLength(13);
    // The budget is per run: the next call may ask again.
    await judge(s.url, { batchSize: 5, maxRequests: 2 }).compareMany(unsure(1));
    expect(s.requests).toHaveLength(5);
  });

  it("stops asking after two failed requests in a row", async () => {
    const s = await stub(name, () => ({ status: 503, body: "" }));
    const verdicts = await judge(s.url, { batchSize: 2, maxRetries: 0 }).compareMany(unsure(10));
    expect(s.requests).toHaveLength(2);
    expect(
      verdicts.slice(4).every((v) => v.fallback === "not asked: 2 failed requests in a row this run"),
    ).toBe(true);
  });

  it("an unreachable server falls back with the network's error", async () => {
    const s = await stub(name, oracle);
    await new Promise<void>((r) => server!.close(() => r()));
    server = null;
    const [v] = await judge(s.url, { maxRetries: 0 }).compareMany(unsure(1));
    expect(v!.fallback).toMatch(/^unreachable: .*ECONNREFUSED/);
  });
});

describe("answers and settings", () => {
  it("parses a fenced, upper-cased answer and keeps the first verdict per pair", () => {
    expect(
      parseJudgeAnswer(
        'Here:\n```json\n{"verdicts":[{"pair":1,"relation":"Supersedes"},{"pair":1,"relation":"distinct"}]}\n```',
      ),
    ).toEqual(new Map([[1, "supersedes"]]));
  });

  it.each([
    [{}, null],
    [{ model: "qwen2.5:7b" }, { provider: "openai", model: "qwen2.5:7b" }],
    [
      { provider: "anthropic", model: "claude-3-5-haiku-latest", keyFile: "key.txt" },
      { provider: "anthropic", model: "claude-3-5-haiku-latest", apiKey: "sk-from-file" },
    ],
    [
      { url: "http://localhost:11434/v1", model: "m", key: "k", keyFile: "key.txt" },
      { provider: "openai", baseUrl: "http://localhost:11434/v1", model: "m", apiKey: "k" },
    ],
  ])("judgeConfigFrom(%j) is %j", (settings, expected) => {
    expect(judgeConfigFrom(settings, () => "sk-from-file\n")).toEqual(expected);
  });

  it.each([
    [{ url: "http://localhost:11434/v1" }, /STRATA_JUDGE_MODEL/],
    [{ provider: "gemini", model: "m" }, /STRATA_JUDGE_PROVIDER must be openai or anthropic/],
    [{ model: "m", keyFile: "missing.txt" }, /STRATA_JUDGE_KEY_FILE missing.txt cannot be read \(ENOENT\)/],
  ])("judgeConfigFrom(%j) refuses with what to set", (settings, message) => {
    const enoent = () => {
      throw Object.assign(new Error("nope"), { code: "ENOENT" });
    };
    expect(() => judgeConfigFrom(settings, enoent)).toThrow(message);
  });

  it("refuses a judge without a URL scheme or a model", () => {
    expect(() => createOpenAiJudge({ baseUrl: "localhost:11434", model: "m" })).toThrow(/base URL/);
    expect(() => createAnthropicJudge({ model: "" })).toThrow(/model name/);
    expect(() => createOpenAiJudge({ model: "m", batchSize: -1 })).toThrow(/batchSize/);
  });
});
