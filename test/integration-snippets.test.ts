/**
 * The framework guides' first code block (docs/integrations/{ai-sdk,langchain,openai-agents}.md)
 * runs as written against the real integration and the real framework, with the one thing a test
 * cannot have — a model over the network — stood in: the provider package the snippet imports
 * (`@ai-sdk/openai`), the `"openai:gpt-4.1"` string LangChain would load `@langchain/openai` for,
 * or the Agents SDK's default model provider. Each stand-in calls `recall` first and then answers,
 * as a model would. The guide's `npm install` line must name every package its snippet needs.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Model, setDefaultModelProvider, setTracingDisabled, Usage } from "@openai/agents";
import { convertArrayToReadableStream, MockLanguageModelV3 } from "ai/test";
import { AIMessage, fakeModel } from "langchain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openMemory } from "../src/open-memory.js";

const root = join(import.meta.dirname, "..");

interface Guide {
  /** The guide's `npm install` line and its first TypeScript block. */
  install: string;
  code: string;
}

function guide(name: string): Guide {
  const text = readFileSync(join(root, "docs/integrations", name), "utf8");
  const install = /```sh\n(npm install [^\n]*)\n/.exec(text)?.[1] ?? "";
  const code = /```ts\n([\s\S]*?)```/.exec(text)?.[1] ?? "";
  return { install, code };
}

/** The packages a snippet imports by name, and those a LangChain `"provider:model"` string loads. */
function packagesNeeded(code: string): string[] {
  const imported = [...code.matchAll(/^import\s+\{[^}]*\}\s+from\s+"([^"]+)";/gm)].map((m) => {
    const spec = m[1]!;
    return spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]!;
  });
  const providers = [...code.matchAll(/model:\s*"([a-z-]+):[^"]+"/g)].map((m) => `@langchain/${m[1]}`);
  return [...new Set([...imported, ...providers])];
}

/**
 * Runs `code` as a module body: each `import { a, b } from "x"` becomes a read of the module `x`
 * from `modules` (a name the module lacks fails as the import would), `globals` shadows free names.
 */
async function runSnippet(
  code: string,
  modules: Record<string, Record<string, unknown>>,
  globals: Record<string, unknown> = {},
): Promise<void> {
  const body = code.replace(
    /^import\s+\{([^}]*)\}\s+from\s+"([^"]+)";/gm,
    (_all, names: string, from: string) => {
      const mod = modules[from];
      if (!mod) throw new Error(`the snippet imports "${from}", which the test does not provide`);
      for (const name of names.split(",").map((n) => n.trim().split(/\s+as\s+/)[0]!))
        if (name && !(name in mod)) throw new Error(`"${from}" does not export ${name}`);
      return `const {${names}} = __modules[${JSON.stringify(from)}];`;
    },
  );
  const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
    ...args: string[]
  ) => (...values: unknown[]) => Promise<void>;
  await new AsyncFunction("__modules", ...Object.keys(globals), body)(modules, ...Object.values(globals));
}

const strata = async () => ({
  "strata-memory": (await import("../src/index.js")) as Record<string, unknown>,
  "strata-memory/ai": (await import("../src/integrations/ai/index.js")) as Record<string, unknown>,
  "strata-memory/langchain": (await import("../src/integrations/langchain/index.js")) as Record<
    string,
    unknown
  >,
  "strata-memory/openai-agents": (await import("../src/integrations/openai-agents/index.js")) as Record<
    string,
    unknown
  >,
});

// The snippets open "agent.db" in the working folder: a fresh folder for each.
const cwd = process.cwd();
let folder = "";
beforeAll(() => {
  setTracingDisabled(true);
});
afterAll(() => process.chdir(cwd));
const inFreshFolder = () => {
  folder = mkdtempSync(join(tmpdir(), "snippet-"));
  process.chdir(folder);
};

/** The episodes the snippet's run recorded, as [actor, text]. */
async function recorded(namespace: string): Promise<[string, string][]> {
  const memory = await openMemory({ path: join(folder, "agent.db"), namespace });
  try {
    return (await memory.list({ layer: "episode" })).map((e) => {
      const { actor, content } = e as { actor: string; content: string };
      return [actor, content];
    });
  } finally {
    await memory.close();
  }
}

const GUIDES = ["ai-sdk.md", "langchain.md", "openai-agents.md"];

describe("each framework guide's npm install line names what its snippet needs", () => {
  it.each(GUIDES)("%s", (name) => {
    const { install, code } = guide(name);
    expect(code).not.toBe("");
    const listed = install.split(/\s+/).slice(2);
    for (const needed of packagesNeeded(code)) expect(listed, `${name} needs ${needed}`).toContain(needed);
  });

  it("reads a LangChain provider string as its package (and a bare import as itself)", () => {
    expect(packagesNeeded('import { x } from "@a/b/c";\ncreateAgent({ model: "anthropic:claude" })')).toEqual(
      ["@a/b", "@langchain/anthropic"],
    );
    expect(packagesNeeded('import { y } from "ai/test";\ncreateAgent({ model })')).toEqual(["ai"]);
  });
});

describe("each framework guide's snippet runs as written", () => {
  it("ai-sdk.md: the model's recall runs, then its answer streams out and is recorded", async () => {
    inFreshFolder();
    const seed = await openMemory({ path: join(folder, "agent.db"), namespace: "support-bot" });
    await seed.remember("The deploy failed because the migration lock was held");
    await seed.close();
    const usage = {
      inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 1, text: 1, reasoning: 0 },
    };
    /** One part of a model's stream, as the AI SDK's mock model takes it. */
    type StreamPart =
      Awaited<ReturnType<MockLanguageModelV3["doStream"]>>["stream"] extends ReadableStream<infer P>
        ? P
        : never;
    let calls = 0;
    const standIn = new MockLanguageModelV3({
      doStream: async () => ({
        stream: convertArrayToReadableStream<StreamPart>(
          ++calls === 1
            ? [
                { type: "tool-call", toolCallId: "c1", toolName: "recall", input: '{"query":"deploy"}' },
                { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage },
              ]
            : [
                { type: "text-start", id: "t" },
                { type: "text-delta", id: "t", delta: "The migration lock was held." },
                { type: "text-end", id: "t" },
                { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage },
              ],
        ),
      }),
    });
    let printed = "";
    const modules = {
      ...(await strata()),
      ai: (await import("ai")) as Record<string, unknown>,
      "@ai-sdk/openai": { openai: () => standIn },
    };
    await runSnippet(guide("ai-sdk.md").code, modules, {
      process: { stdout: { write: (s: string) => (printed += s) } },
    });
    expect(printed).toBe("The migration lock was held.");
    expect(systemText(standIn.doStreamCalls[0]!.prompt)).toContain("migration lock was held");
    expect(await recorded("support-bot")).toEqual([
      ["user", "Why did the deploy fail?"],
      ["assistant", "The migration lock was held."],
    ]);
  });

  it("langchain.md: the agent recalls, answers and is recorded; the retriever gives documents with metadata", async () => {
    inFreshFolder();
    const seed = await openMemory({ path: join(folder, "agent.db"), namespace: "oncall" });
    await seed.remember("Priya is on call this week");
    await seed.close();
    const standIn = fakeModel()
      .respondWithTools([{ name: "recall", args: { query: "on call" }, id: "c1" }])
      .respond(new AIMessage("Priya is on call."));
    const code = guide("langchain.md").code;
    expect(code).toContain('model: "openai:gpt-4.1"');
    const modules = {
      ...(await strata()),
      langchain: (await import("langchain")) as Record<string, unknown>,
    };
    await runSnippet(
      `${code.replace('model: "openai:gpt-4.1"', "model: __standIn")}\n__seen.push(docs);`,
      modules,
      {
        __standIn: standIn,
        __seen: seen,
      },
    );
    expect(JSON.stringify(standIn.calls[1]!.messages)).toContain("Priya is on call this week");
    expect(await recorded("oncall")).toEqual([
      ["user", "Who is on call?"],
      ["assistant", "Priya is on call."],
    ]);
    const docs = seen.pop() as { metadata: Record<string, unknown> }[];
    expect(Object.keys(docs[0]!.metadata)).toEqual(
      expect.arrayContaining([
        "id",
        "layer",
        "kind",
        "namespace",
        "status",
        "score",
        "at",
        "validTo",
        "sources",
        "why",
      ]),
    );
  });

  it("openai-agents.md: run() with the default provider recalls, answers and is recorded", async () => {
    inFreshFolder();
    const seed = await openMemory({ path: join(folder, "agent.db"), namespace: "ops" });
    await seed.remember("The API deploys with a blue-green switch");
    await seed.close();
    const requests: { systemInstructions?: string }[] = [];
    const standIn: Model = {
      async getResponse(request) {
        requests.push(request);
        const output =
          requests.length === 1
            ? [
                {
                  type: "function_call" as const,
                  callId: "c1",
                  name: "recall",
                  arguments: JSON.stringify({
                    query: "deploy",
                    k: null,
                    at: null,
                    kinds: null,
                    layers: null,
                  }),
                  status: "completed" as const,
                },
              ]
            : [
                {
                  type: "message" as const,
                  role: "assistant" as const,
                  status: "completed" as const,
                  content: [
                    { type: "output_text" as const, text: "Deployed at 14:05; the health checks pass." },
                  ],
                },
              ];
        return { usage: new Usage(), output, responseId: `r${requests.length}` };
      },
      // biome-ignore lint/correctness/useYield: the snippet does not stream
      async *getStreamedResponse() {
        throw new Error("not used");
      },
    };
    setDefaultModelProvider({ getModel: async () => standIn });
    const modules = {
      ...(await strata()),
      "@openai/agents": (await import("@openai/agents")) as Record<string, unknown>,
    };
    await runSnippet(guide("openai-agents.md").code, modules);
    expect(requests[0]!.systemInstructions).toContain("blue-green switch");
    expect(JSON.stringify(requests[1])).toContain("blue-green switch"); // the tool's result
    expect(await recorded("ops")).toEqual([
      ["user", "Deploy the API"],
      ["assistant", "Deployed at 14:05; the health checks pass."],
    ]);
  });
});

const seen: unknown[] = [];

const systemText = (prompt: { role: string; content: unknown }[]) =>
  prompt
    .filter((m) => m.role === "system")
    .map((m) => m.content as string)
    .join("\n");
