import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { testMemory } from "../../../test/support/memory.js";
import { createOpenAiJudge } from "../../judge/openai-judge.js";
import type { Memory } from "../engine.js";
import { checkDistillation, checkGeneralisation } from "./generalise.js";

const TRIGGERS = ["the deploy targets staging", "the deploy targets production", "the deploy targets canary"];

describe("checkGeneralisation", () => {
  it.each([
    ["the deploy targets any environment", TRIGGERS],
    ["any deploy", TRIGGERS],
    ["shipping any change", ["deploying on a Friday", "shipping a hotfix", "releasing a new version"]],
    ["the target model is Claude or GPT", ["the target model is Claude", "the target model is GPT"]],
  ])("accepts %j", (when, triggers) => {
    expect(checkGeneralisation(when, triggers)).toBeNull();
  });

  it.each([
    ["", "empty"],
    ["the deploy targets production on 3 May", 'adds "3"'],
    ["the deploy does not target staging", "negation"],
    ["the deploy targets Kubernetes", 'names "Kubernetes"'],
    ["weather forecasts mention rain", "shares no word"],
    ["the deploy targets any cloud region with elevated latency budgets", "adds 5 words"],
    ["the deploy targets\nanything", "single plain line"],
    ["x".repeat(300), "longer than"],
  ])("refuses %j", (when, problem) => {
    expect(checkGeneralisation(when, TRIGGERS)).toContain(problem);
  });
});

/**
 * An OpenAI-compatible chat server on a free loopback port: each request's messages are read into
 * `asked` by `read`, and `reply` answers it (any status but 200 answers "overloaded").
 */
async function chatServer<T>(
  read: (messages: { content: string }[]) => T,
  reply: () => { status: number; content?: string },
) {
  const asked: T[] = [];
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const body = JSON.parse(raw) as { messages: { content: string }[] };
      asked.push(read(body.messages));
      const a = reply();
      if (a.status !== 200) {
        res.writeHead(a.status).end("overloaded");
        return;
      }
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ choices: [{ message: { content: a.content }, finish_reason: "stop" }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  return { server, asked, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` };
}

/** A model server that answers every generalisation request with `when`. */
const modelServer = (answer: () => { status: number; when?: string }) =>
  chatServer(
    (messages) => JSON.parse(messages[1]!.content) as { triggers: string[] },
    () => {
      const a = answer();
      return { status: a.status, content: JSON.stringify({ when: a.when }) };
    },
  );

describe("consolidate with a judge that writes", () => {
  let server: Server | null = null;
  let mem: Memory | null = null;
  afterEach(async () => {
    await mem?.close();
    server?.closeAllConnections();
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
    server = mem = null;
  });

  async function consolidateWith(answer: () => { status: number; when?: string }) {
    const model = await modelServer(answer);
    server = model.server;
    const judge = createOpenAiJudge({ baseUrl: model.url, model: "test-model", maxRetries: 0 });
    ({ mem } = await testMemory({ sleepJudge: judge }));
    for (const when of TRIGGERS) await mem.capture({ when, prefer: "run the smoke tests first" });
    const report = await mem.consolidate();
    const item = report.items.find((i) => i.action === "abstracted")!;
    return { model, item, parent: await mem.get(item.id) };
  }

  it("words the abstraction's trigger with the model, keeps the lexical one, audits the change and recalls by it", async () => {
    const { model, item, parent } = await consolidateWith(() => ({
      status: 200,
      when: "the deploy targets any environment",
    }));
    expect(model.asked).toEqual([expect.objectContaining({ triggers: TRIGGERS })]);
    expect(parent).toMatchObject({
      when: "the deploy targets any environment",
      text: "WHEN the deploy targets any environment → PREFER run the smoke tests first",
      metadata: expect.objectContaining({
        lexicalWhen: "the deploy targets staging, production or canary",
        generalisedBy: "openai",
      }),
    });
    expect(item.reason).toContain('trigger written by openai: "the deploy targets any environment"');
    const audit = await mem!.audit({ subjectId: item.id, event: "belief.generalised" });
    expect(audit).toHaveLength(1);
    const hits = await mem!.recall("deploy to any environment", { kinds: ["rule"] });
    expect(hits[0]?.id).toBe(item.id);
  });

  it("keeps the lexical trigger when the model invents a specific", async () => {
    const { item, parent } = await consolidateWith(() => ({
      status: 200,
      when: "the deploy targets production after 5 pm",
    }));
    expect(parent).toMatchObject({ when: "the deploy targets staging, production or canary" });
    expect(item.reason).toContain('kept the lexical trigger (openai: adds "5"');
    expect(await mem!.audit({ subjectId: item.id, event: "belief.generalised" })).toEqual([]);
  });

  it("keeps the lexical trigger when the model fails, and says why", async () => {
    const { item, parent } = await consolidateWith(() => ({ status: 500 }));
    expect(parent).toMatchObject({ when: "the deploy targets staging, production or canary" });
    expect(item.reason).toContain("kept the lexical trigger (openai: HTTP 500");
  });
});

const EPISODES = ["The nightly validation of the 60MB CSV timed out", "Validation of the 60MB CSV timed out"];

describe("checkDistillation", () => {
  it.each([
    "Avoid: validating the 60MB CSV times out",
    "Avoid: the nightly CSV validation fails when the file is 60MB",
  ])("accepts %j", (text) => {
    expect(checkDistillation(text, EPISODES)).toBeNull();
  });

  it.each([
    ["", "empty"],
    ["Avoid: validating the 80MB CSV times out", 'adds "80mb"'],
    ["Avoid: the CSV validation never finishes", "negation"],
    ["Avoid: validating the 60MB CSV on db-2 times out", 'adds "db-2"'],
    ["Avoid: validating the 60MB CSV in Postgres times out", 'names "Postgres"'],
    ["Avoid: big imports", "fewer than two words"],
    [
      "Avoid: validating the 60MB CSV in the cloud warehouse cluster during peak traffic",
      "words no episode has",
    ],
    ["Avoid:\nthe 60MB CSV", "single plain line"],
  ])("refuses %j", (text, problem) => {
    expect(checkDistillation(text, EPISODES)).toContain(problem);
  });
});

/** A model server answering every request with `{ text }` (verdict requests fall back to lexical). */
const distilServer = (answer: string) =>
  chatServer(
    (messages) => ({
      system: messages[0]!.content,
      user: JSON.parse(messages[1]!.content) as Record<string, unknown>,
    }),
    () => ({ status: 200, content: JSON.stringify({ text: answer }) }),
  );

describe("consolidate distils a cluster of episodes with a judge that writes", () => {
  let server: Server | null = null;
  let mem: Memory | null = null;
  afterEach(async () => {
    await mem?.close();
    server?.closeAllConnections();
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
    server = mem = null;
  });

  /**
   * Two failures saying one thing, stored apart (a strict gate: `redundantSimilarity` 0.95; at the
   * default the second is a restatement of the first at write time), and one fact said once.
   */
  async function distilWith(answer: string) {
    const model = await distilServer(answer);
    server = model.server;
    const judge = createOpenAiJudge({ baseUrl: model.url, model: "test-model", maxRetries: 0 });
    ({ mem } = await testMemory({ sleepJudge: judge, policy: { redundantSimilarity: 0.95 } }));
    const ids = [];
    for (const text of EPISODES)
      ids.push((await mem.record(text, { type: "outcome", outcome: "failure" })).id);
    expect(new Set(ids).size).toBe(2);
    const fact = await mem.record("The warehouse loader runs on host etl-3", { type: "observation" });
    const report = await mem.consolidate();
    const lesson = report.items.find((i) => i.action === "distilled" && i.related.length === 2)!;
    const single = report.items.find((i) => i.action === "distilled" && i.related.includes(fact.id))!;
    const distils = model.asked.filter((a) => a.system.startsWith("Several episodes"));
    return { distils, lesson, single, belief: await mem.get(lesson.id), fact: await mem.get(single.id) };
  }

  it("writes the lesson with the model, keeps the episodes' wording in metadata; a single episode stays verbatim", async () => {
    const { distils, lesson, belief, fact } = await distilWith("Avoid: validating the 60MB CSV times out");
    expect(distils).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ episodes: EPISODES, valence: "failure" }) }),
    ]);
    expect(belief).toMatchObject({
      kind: "failure",
      text: "Avoid: validating the 60MB CSV times out",
      metadata: { lexicalText: EPISODES[0], generalisedBy: "openai" },
    });
    expect(lesson.reason).toContain("written by openai from 2 episodes");
    expect(fact).toMatchObject({ text: "The warehouse loader runs on host etl-3", metadata: {} });
  });

  it("keeps the episodes' wording when the model's statement adds what no episode says, and says why", async () => {
    const { lesson, belief } = await distilWith("Avoid: validating the 80MB CSV on db-2 times out");
    expect(belief).toMatchObject({ text: EPISODES[0], metadata: {} });
    expect(lesson.reason).toContain(`kept the episodes' wording (openai: adds "80mb"`);
  });
});
