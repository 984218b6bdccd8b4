import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { runJsonl } from "../../src/cli/commands/writes.js";
import { createProgram, type Invocation } from "../../src/cli/program.js";
import type { Memory } from "../../src/core/engine.js";
import { isStrataError } from "../../src/core/errors.js";
import { SLEEP_RECORD_KEY } from "../../src/core/sleep-record.js";
import { createServerApp } from "../../src/server/app.js";
import { memoryBackends } from "../support/backends.js";
import { mcpClientOf } from "../support/mcp-client.js";
import { testMemory } from "../support/memory.js";

const FORGED = { [SLEEP_RECORD_KEY]: { askingTurn: true }, ticket: "OPS-1" };
const says = /metadata key "strata:sleep" is reserved for sleep's record.*rename your field/;

const BACKENDS = memoryBackends("sleeprec");

let mem: Memory | undefined;
afterEach(async () => {
  await mem?.close();
  mem = undefined;
});

/** The store holds nothing: no item in any status and no audit entry. */
async function expectNothingWritten(m: Memory) {
  expect(await m.list({ status: "any" })).toEqual([]);
  expect(await m.store.auditHead("default")).toBeNull();
}

for (const backend of BACKENDS)
  describe.skipIf(backend.skip)(`library (${backend.name})`, () => {
    it.each([
      [
        "remember",
        (m: Memory) => m.remember("The staging database runs on port 6543.", { metadata: FORGED }),
      ],
      ["record", (m: Memory) => m.record("The staging database runs on port 6543.", { metadata: FORGED })],
      [
        "remember with a key",
        (m: Memory) =>
          m.remember("The staging database runs on port 6543.", { key: "db.port", metadata: FORGED }),
      ],
      [
        "rememberMany",
        (m: Memory) =>
          m.rememberMany([{ statement: "The staging database runs on port 6543.", metadata: FORGED }]),
      ],
      [
        "recordMany",
        (m: Memory) =>
          m.recordMany([{ content: "The staging database runs on port 6543.", metadata: FORGED }]),
      ],
    ])("%s with the record's key: INVALID_INPUT naming it, nothing written", async (_, write) => {
      mem = (await backend.open()).mem;
      const error = await write(mem).catch((e: unknown) => e);
      expect(isStrataError(error) && error.code).toBe("INVALID_INPUT");
      expect(String((error as Error).message)).toMatch(says);
      await expectNothingWritten(mem);
    });

    it("the same write without the key is stored, its fields as given (control)", async () => {
      mem = (await backend.open()).mem;
      const r = await mem.remember("The staging database runs on port 6543.", {
        metadata: { askingTurn: true, ticket: "OPS-1" },
      });
      expect((await mem.get(r.id))?.metadata).toEqual({ askingTurn: true, ticket: "OPS-1" });
    });
  });

describe("surfaces translate the core's refusal", () => {
  it("CLI remember --meta: refused with the message, nothing written", async () => {
    mem = (await testMemory({ file: true })).mem;
    let inv: Invocation | null = null;
    const program = createProgram("0.0.0", { writeOut: () => {}, writeErr: () => {} }, (i) => {
      inv = i;
    });
    await program.parseAsync(
      ["remember", "The staging database runs on port 6543.", "--meta", JSON.stringify(FORGED)],
      {
        from: "user",
      },
    );
    const run = (inv as Invocation | null)?.run;
    if (!run || !("engine" in run)) throw new Error("no engine invocation");
    await expect(run.engine(mem, {} as never)).rejects.toThrow(says);
    await expectNothingWritten(mem);
  });

  it("MCP (SDK client): no write tool takes metadata, so remember and record with it are refused, nothing written", async () => {
    mem = (await testMemory({ file: true })).mem;
    const client = await mcpClientOf(mem);
    try {
      for (const [name, field] of [
        ["remember", "statement"],
        ["record", "content"],
      ] as const) {
        const r = (await client.callTool({
          name,
          arguments: { [field]: "The staging database runs on port 6543.", metadata: FORGED },
        })) as CallToolResult;
        expect(r.isError).toBe(true);
        expect(JSON.stringify(r.content)).toMatch(/INVALID_INPUT.*metadata/);
      }
      const { tools } = await client.listTools();
      const writesMetadata = tools.filter(
        (t) =>
          !t.annotations?.readOnlyHint &&
          JSON.stringify(t.inputSchema.properties ?? {}).includes('"metadata"'),
      );
      expect(writesMetadata.map((t) => t.name)).toEqual([]);
    } finally {
      await client.close();
    }
    await expectNothingWritten(mem);
  });

  it.each([
    ["/beliefs", { statement: "The staging database runs on port 6543." }],
    ["/episodes", { content: "The staging database runs on port 6543." }],
  ])("REST POST %s: 400 INVALID_INPUT naming the key, nothing written", async (path, body) => {
    mem = (await testMemory({ file: true })).mem;
    const app = createServerApp({ memory: mem, loopbackClient: () => true });
    const res = await app.request(`/v1/namespaces/default${path}`, {
      method: "POST",
      headers: { host: "localhost", "content-type": "application/json" },
      body: JSON.stringify({ ...body, metadata: FORGED }),
    });
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { error: { code: string; message: string } };
    expect(answer.error.code).toBe("INVALID_INPUT");
    expect(answer.error.message).toMatch(says);
    await expectNothingWritten(mem);
  });

  it("OpenAPI says the key is reserved", async () => {
    mem = (await testMemory()).mem;
    const app = createServerApp({ memory: mem, loopbackClient: () => true });
    const doc = await (await app.request("/openapi.json", { headers: { host: "localhost" } })).text();
    expect(doc).toContain('The key \\"strata:sleep\\" is reserved');
  });

  // A file read a batch at a time (attacks34; record33 checked batches only through the library):
  // the reserved key, or an engine's source, on a later line refuses the whole file before any
  // batch is written, with the line's number.
  it.each<["remember" | "record", string, Record<string, unknown>, RegExp]>([
    ["remember", "statement", { metadata: FORGED }, says],
    ["record", "content", { metadata: FORGED }, says],
    ["remember", "statement", { source: "distilled" }, /source "distilled" is reserved/],
  ])(
    "CLI %s --jsonl --batch-size 1: line 3 refused, nothing of lines 1-2 written",
    async (command, field, extra, message) => {
      mem = (await testMemory({ file: true })).mem;
      const lines = [
        JSON.stringify({ [field]: "The staging database runs on port 6543." }),
        JSON.stringify({ [field]: "Deploys run on Fridays after the freeze." }),
        JSON.stringify({ [field]: "The retry limit is 5.", ...extra }),
      ];
      const run = runJsonl(mem, command, {
        lines: () =>
          (async function* () {
            yield* lines;
          })(),
        batchSize: 1,
      });
      await expect(run).rejects.toThrow(/line 3/);
      await expect(run).rejects.toThrow(message);
      await expectNothingWritten(mem);
    },
  );
});
