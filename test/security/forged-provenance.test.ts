import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createProgram, type Invocation } from "../../src/cli/program.js";
import type { Memory } from "../../src/core/engine.js";
import { isStrataError } from "../../src/core/errors.js";
import { loadTagger } from "../../src/core/judge/tagger.js";
import { createServerApp } from "../../src/server/app.js";
import { memoryBackends } from "../support/backends.js";
import { mcpClientOf } from "../support/mcp-client.js";
import { HOUR, testMemory } from "../support/memory.js";

const BACKENDS = memoryBackends("provenance");

beforeAll(() => loadTagger());

let mems: Memory[] = [];
afterEach(async () => {
  for (const m of mems) await m.close();
  mems = [];
});

const says = (source: string) =>
  new RegExp(`source "${source}" is reserved.*name where the statement came from`);

/** The store holds nothing: no item in any status and no audit entry. */
async function expectNothingWritten(m: Memory) {
  expect(await m.list({ status: "any" })).toEqual([]);
  expect(await m.store.auditHead("default")).toBeNull();
}

/** Each field sleep writes and reads back, with the source that made Strata read it as sleep's. */
const FORGED_FIELDS: [field: string, source: string, metadata: Record<string, unknown>][] = [
  ["mixed", "distilled", { mixed: { successes: ["e1"], failures: ["e2"], wordings: ["ran the job"] } }],
  ["lexicalText", "distilled", { lexicalText: "Ran the job" }],
  ["abstraction", "abstraction", { abstraction: true, children: [] }],
  ["children", "abstraction", { abstraction: true, children: ["b1", "b2"] }],
  ["shared", "abstraction", { abstraction: true, children: ["b1"], shared: "deploying to …" }],
  ["values", "abstraction", { abstraction: true, children: ["b1"], values: ["staging"] }],
  ["lexicalWhen", "abstraction", { abstraction: true, children: ["b1"], lexicalWhen: "deploying" }],
  ["generalisedBy", "abstraction", { abstraction: true, children: ["b1"], generalisedBy: "agent" }],
];

for (const backend of BACKENDS)
  describe.skipIf(backend.skip)(`a caller cannot write sleep's provenance (${backend.name})`, () => {
    it.each(FORGED_FIELDS)(
      "a caller's %s with source %j: INVALID_INPUT saying what to use instead, nothing written",
      async (_field, source, metadata) => {
        const { mem } = await backend.open();
        mems.push(mem);
        const error = await mem
          .remember("Back up before every deploy.", { source, metadata })
          .catch((e: unknown) => e);
        expect(isStrataError(error) && error.code).toBe("INVALID_INPUT");
        expect(String((error as Error).message)).toMatch(says(source));
        await expectNothingWritten(mem);
      },
    );

    it("a batch with one such item writes none of it", async () => {
      const { mem } = await backend.open();
      mems.push(mem);
      const error = await mem
        .rememberMany([
          { statement: "The staging database runs on port 6543.", source: "user" },
          { statement: "Back up before every deploy.", source: "abstraction" },
        ])
        .catch((e: unknown) => e);
      expect(isStrataError(error) && error.code).toBe("INVALID_INPUT");
      await expectNothingWritten(mem);
    });

    it("a caller's own metadata.mixed (no engine source) joins no tally: sleep closes nothing of theirs", async () => {
      // Before, the forged wordings made a later success "join" the caller's belief as a tally, and
      // sleep replaced it with a mixed belief (the caller's closed); with no metadata it is a refinement.
      const run = async (metadata: Record<string, unknown>) => {
        const { mem, clock } = await backend.open();
        mems.push(mem);
        const failed = await mem.record("The billing migration failed with a 5 second lock timeout", {
          type: "outcome",
          outcome: "failure",
        });
        await mem.consolidate();
        clock.advance(HOUR);
        await mem.remember("Ran the billing migration with a 5 second lock timeout", {
          sources: [failed.id],
          metadata,
        });
        clock.advance(HOUR);
        await mem.record("Ran the billing migration with a 5 second lock timeout and a retry", {
          type: "outcome",
          outcome: "success",
        });
        clock.advance(HOUR);
        await mem.consolidate();
        return (await mem.list({ status: "any", limit: 20 })).map((i) =>
          i.layer === "belief" ? [i.text, i.status] : [i.content, i.status],
        );
      };
      const control = await run({});
      expect(control).toContainEqual(["Ran the billing migration with a 5 second lock timeout", "active"]);
      const forged = await run({
        mixed: {
          successes: [],
          failures: [],
          wordings: ["ran the billing migration with a 5 second lock timeout and a retry"],
        },
      });
      expect(forged).toEqual(control);
    });
  });

describe("sleep's rule pass folds rules only under an abstraction it wrote", () => {
  it("a rule marked `abstraction: true` without sleep's source (through the store port) folds no rule under it", async () => {
    // A caller cannot write this (capture takes no metadata, remember no rule): a damaged or
    // hand-made store. Before, sleep took it as an existing parent and folded the sibling under it.
    const run = async (forge: boolean) => {
      const { mem, clock } = await testMemory();
      mems.push(mem);
      const first = await mem.capture({ when: "deploying to staging", prefer: "back up the database first" });
      if (forge)
        await mem.store.transaction((tx) =>
          tx.updateBelief(first.id, { metadata: { abstraction: true, children: [] } }),
        );
      clock.advance(HOUR);
      await mem.capture({ when: "deploying to production", prefer: "back up the database first" });
      clock.advance(HOUR);
      await mem.consolidate();
      return (await mem.list({ status: "any", limit: 20 })).map((i) =>
        i.layer === "belief" ? [i.text, i.status, i.parentId] : [i.content, i.status],
      );
    };
    const control = await run(false);
    expect(control.every((row) => row[1] === "active")).toBe(true);
    expect(await run(true)).toEqual(control);
  });
});

describe("surfaces translate the core's refusal", () => {
  it("CLI remember --source distilled: refused with the message, nothing written", async () => {
    const { mem } = await testMemory({ file: true });
    mems.push(mem);
    let inv: Invocation | null = null;
    const program = createProgram("0.0.0", { writeOut: () => {}, writeErr: () => {} }, (i) => {
      inv = i;
    });
    await program.parseAsync(["remember", "Back up before every deploy.", "--source", "distilled"], {
      from: "user",
    });
    const run = (inv as Invocation | null)?.run;
    if (!run || !("engine" in run)) throw new Error("no engine invocation");
    await expect(run.engine(mem, {} as never)).rejects.toThrow(says("distilled"));
    await expectNothingWritten(mem);
  });

  it("MCP remember with source abstraction: an isError result naming it, nothing written", async () => {
    const { mem } = await testMemory({ file: true });
    mems.push(mem);
    const client = await mcpClientOf(mem);
    try {
      const r = (await client.callTool({
        name: "remember",
        arguments: { statement: "Back up before every deploy.", source: "abstraction" },
      })) as CallToolResult;
      expect(r.isError).toBe(true);
      expect(JSON.stringify(r.content)).toMatch(/INVALID_INPUT.*source \\"abstraction\\" is reserved/);
    } finally {
      await client.close();
    }
    await expectNothingWritten(mem);
  });

  it("REST POST /beliefs with source distilled: 400 INVALID_INPUT naming it, nothing written", async () => {
    const { mem } = await testMemory({ file: true });
    mems.push(mem);
    const app = createServerApp({ memory: mem, loopbackClient: () => true });
    const res = await app.request("/v1/namespaces/default/beliefs", {
      method: "POST",
      headers: { host: "localhost", "content-type": "application/json" },
      body: JSON.stringify({ statement: "Back up before every deploy.", source: "distilled" }),
    });
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { error: { code: string; message: string } };
    expect(answer.error.code).toBe("INVALID_INPUT");
    expect(answer.error.message).toMatch(says("distilled"));
    await expectNothingWritten(mem);
  });

  it("the same writes with a source of the caller's are stored as given (control)", async () => {
    const { mem } = await testMemory({ file: true });
    mems.push(mem);
    const r = await mem.remember("Back up before every deploy.", {
      source: "doc:runbook",
      metadata: { abstraction: true, children: ["b1"] },
    });
    expect(await mem.get(r.id)).toMatchObject({
      source: "doc:runbook",
      metadata: { abstraction: true, children: ["b1"] },
    });
  });
});
