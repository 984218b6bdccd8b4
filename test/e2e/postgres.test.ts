/**
 * The shipped CLI and MCP server on PostgreSQL, as a deployment meets them: `strata --db
 * postgres://…` for the CLI, and two stateless `strata serve --http` servers in front of one
 * database, each seeing what the other wrote at once. Needs DATABASE_URL (skipped otherwise).
 */
import { spawnSync } from "node:child_process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { beforeAll, describe, expect, it } from "vitest";
import { bin, ensureBuilt, serveHttp } from "../support/built-cli.js";
import { schemasDroppedAfterAll } from "../support/pg-schemas.js";

const DATABASE_URL = process.env.DATABASE_URL;
const skip = DATABASE_URL ? null : "DATABASE_URL is not set (postgres://user:password@host:5432/db)";
if (skip) console.log(`postgres e2e: skipped: ${skip}`);

const schema = `e2e_${process.pid}`;
const location = () => {
  const u = new URL(DATABASE_URL!);
  u.searchParams.set("schema", schema);
  return u.toString();
};

function strata(args: string[]) {
  const r = spawnSync(process.execPath, [bin, "--db", location(), ...args, "--json"], {
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  return { status: r.status, json: r.stdout ? (JSON.parse(r.stdout) as Record<string, unknown>) : null };
}

const structured = (r: unknown) => (r as { structuredContent: Record<string, unknown> }).structuredContent;

const server = () => serveHttp(["--db", location(), "serve", "--http", "--port", "0"]);

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: "e2e", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

describe.skipIf(skip !== null)(`strata on PostgreSQL (built)${skip ? ` (skipped: ${skip})` : ""}`, () => {
  beforeAll(() => ensureBuilt(), 90_000);
  schemasDroppedAfterAll()(schema);

  it("the CLI takes --db postgres://…?schema=…: init, remember, recall, sweep; a bad password is a clear error", () => {
    const init = strata(["init"]);
    expect(init.status).toBe(0);
    expect(init.json).toMatchObject({ created: true, beliefs: 0 });
    expect(new URL(String(init.json!.path)).password).toBe("");
    expect(strata(["remember", "The deploy region of billing is eu-west-1"]).json).toMatchObject({
      verdict: "novel",
      id: "b1",
    });
    expect(strata(["remember", "The deploy region of billing is now us-east-2"]).json).toMatchObject({
      id: "b2",
      superseded: ["b1"],
    });
    const recall = strata(["recall", "billing deploy region"]);
    expect((recall.json as unknown as { id: string }[])[0]?.id).toBe("b2");
    expect(strata(["sweep"]).status).toBe(0);

    const wrong = new URL(location());
    wrong.password = "definitely-wrong";
    const r = spawnSync(process.execPath, [bin, "--db", wrong.toString(), "stats", "--json"], {
      encoding: "utf8",
    });
    expect(r.status).toBe(69); // EX_UNAVAILABLE
    expect(JSON.parse(r.stdout)).toMatchObject({ error: { code: "STORE_UNAVAILABLE" } });
    expect(r.stdout + r.stderr).not.toContain("definitely-wrong");
  }, 60_000);

  it("two stateless MCP servers on one database see each other's writes at once", async () => {
    const a = await server();
    const b = await server();
    try {
      const ca = await connect(a.url);
      const cb = await connect(b.url);
      const stored = await ca.callTool({
        name: "remember",
        arguments: { statement: "The on-call rotation for payments is weekly" },
      });
      expect(structured(stored)).toMatchObject({ verdict: "novel" });
      const id = structured(stored).id;
      const seen = await cb.callTool({ name: "recall", arguments: { query: "payments on-call rotation" } });
      expect(structured(seen).hits).toEqual([expect.objectContaining({ id })]);
      // B restates it: one belief, support 2, decided on A's committed write.
      const again = await cb.callTool({
        name: "remember",
        arguments: { statement: "The on-call rotation for payments is weekly" },
      });
      expect(structured(again)).toMatchObject({ verdict: "redundant", id });
      const changed = await cb.callTool({
        name: "remember",
        arguments: { statement: "The on-call rotation for payments is now daily" },
      });
      expect(structured(changed)).toMatchObject({ superseded: [id] });
      const now = await ca.callTool({ name: "recall", arguments: { query: "payments on-call rotation" } });
      expect((structured(now).hits as { id: string }[])[0]?.id).toBe(structured(changed).id);
      await ca.close();
      await cb.close();
    } finally {
      a.child.kill("SIGTERM");
      b.child.kill("SIGTERM");
    }
  }, 60_000);
});
