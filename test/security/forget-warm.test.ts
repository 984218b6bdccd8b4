/**
 * Forget reaches a long-lived server that already served the item (attacks18). A server process
 * keeps in-process search indexes, per-namespace engines and a per-connection read cache, all
 * warmed by serving the canary; another process (here another connection to the same file, with
 * its own indexes) forgets it. Then nothing the server answers may still carry it: REST recall,
 * context, items and export, the MCP tools and resources, every dashboard page, and a backup the
 * server takes afterwards (its file's bytes).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { createApiKey } from "../../src/access/api-keys.js";
import type { Memory } from "../../src/core/engine.js";
import { createMcpServer } from "../../src/mcp/server.js";
import { openMemory } from "../../src/open-memory.js";
import { createServerApp } from "../../src/server/app.js";
import { createDashboard } from "../../src/server/ui/dashboard.js";
import { steppingClock } from "../support/memory.js";

const CODE = "QX5518ZR";
const WORD = "glimberwocky";
const NEEDLES = ["qx5518zr", "5518zr", "glimberwocky", "glimberwocki"];
const found = (text: string) => NEEDLES.filter((n) => text.toLowerCase().includes(n));

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const clock = () => steppingClock("2026-03-01T09:00:00.000Z");

describe("forget through another process, against a warm server", () => {
  it("leaves the canary in nothing the server answers, nor in a backup it takes after", async () => {
    const dir = mkdtempSync(join(tmpdir(), "strata-forget-warm-"));
    dirs.push(dir);
    const path = join(dir, "memory.db");
    const server: Memory = await openMemory({ path, clock: clock(), policy: { auditContent: true } });
    const other: Memory = await openMemory({ path, clock: clock() });
    try {
      for (let i = 0; i < 20; i++) await server.record(`Routine note ${i} about the deploy train`);
      const e = await server.record(`The vault door code is ${CODE}, said the ${WORD} janitor`, {
        session: "s1",
      });
      const b = await server.remember(`The vault code is ${CODE} per the ${WORD} janitor`, {
        sources: [e.id],
      });
      const key = (
        await createApiKey(server.store, { name: "admin", scope: "admin", namespaces: ["*"] }, clock())
      ).key;
      const auth = { authorization: `Bearer ${key}`, host: "localhost" };
      const rest = createServerApp({ memory: server }) as unknown as Hono;
      const ui = new Hono().route(
        "/ui",
        createDashboard({ memory: server, clock: clock(), sessionTtlMs: 3_600_000 }),
      );
      const mcp = new Client({ name: "t", version: "1" });
      const [a, c] = InMemoryTransport.createLinkedPair();
      await createMcpServer(server).connect(a);
      await mcp.connect(c);
      const signin = await ui.request("http://localhost/ui/signin", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ key }).toString(),
      });
      const cookie = signin.headers.get("Set-Cookie")!.split(";")[0]!;

      // The query names no canary (a page echoes its query): the canary can come back only as an answer.
      const query = "janitor vault door code";
      const q = encodeURIComponent(query);
      /** Everything the warm server answers about the canary, as one text. */
      const answers = async (): Promise<string> => {
        const parts: string[] = [];
        for (const route of [
          `/v1/recall?query=${q}&k=20`,
          `/v1/context?goal=${q}`,
          `/v1/items?limit=100`,
          `/v1/items?layer=episode&limit=100`,
          `/v1/items/${e.id}`,
          `/v1/items/${b.id}/explain`,
          `/v1/items/${b.id}/history`,
          `/v1/audit?limit=1000`,
          `/v1/audit/jsonl`,
          `/v1/export?format=json`,
          `/v1/export?format=markdown`,
        ]) {
          const res = await rest.request(
            `http://localhost${route.replace("/v1/", "/v1/namespaces/default/")}`,
            {
              headers: auth,
            },
          );
          expect(res.status, `${route}: ${await res.clone().text()}`).toBe(200);
          parts.push(`${route} ${res.status} ${await res.text()}`);
        }
        for (const page of [
          "",
          `/recall?q=${q}`,
          "/timeline",
          `/items/${e.id}`,
          `/items/${b.id}`,
          "/activity",
          "/review",
          "/continuity",
          "/graph",
          "/audit",
          "/audit/export/1.jsonl",
        ]) {
          const res = await ui.request(`http://localhost/ui${page}`, { headers: { Cookie: cookie } });
          expect(res.status, `ui${page}`).toBe(200);
          parts.push(`ui${page} ${res.status} ${await res.text()}`);
        }
        const tool = await mcp.callTool({ name: "recall", arguments: { query } });
        parts.push(JSON.stringify(tool));
        for (const uri of [`strata://item/${e.id}`, `strata://item/${b.id}`, "strata://continuity/default"])
          parts.push(JSON.stringify(await mcp.readResource({ uri }).catch((err: Error) => err.message)));
        return parts.join("\n");
      };

      // The control: the server served the canary, so every cache and index of it is warm.
      expect(found(await answers())).toEqual(expect.arrayContaining(["qx5518zr", "glimberwocky"]));
      const forgotten = await other.forget(e.id);
      expect(forgotten.forgotten.map((f) => f.id).sort()).toEqual([b.id, e.id].sort());

      const after = await answers();
      expect(
        found(after),
        after
          .split("\n")
          .filter((l) => found(l).length > 0)
          .map((l) => l.slice(0, 80))
          .join("\n"),
      ).toEqual([]);
      // What did not hold the canary is still served.
      expect(after).toContain("Routine note 3");

      const backup = join(dir, "after.db");
      await server.backup(backup);
      expect(found(readFileSync(backup).toString("latin1"))).toEqual([]);
      await mcp.close();
    } finally {
      await other.close();
      await server.close();
    }
  }, 120_000);
});
