/**
 * The REST API as a deployment meets it: the built CLI creates a key and serves HTTP on a real
 * socket, and plain fetch calls REST with the key; then two servers in front of one PostgreSQL
 * database (a fresh schema) see each other's writes and keys, and a key revoked through the
 * CLI stops working on both. The PostgreSQL part needs DATABASE_URL (skipped otherwise).
 */
import { spawnSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { bin, ensureBuilt, serveHttp } from "../support/built-cli.js";
import { tempDbPath } from "../support/memory.js";
import { schemasDroppedAfterAll } from "../support/pg-schemas.js";

const DATABASE_URL = process.env.DATABASE_URL;
const skip = DATABASE_URL ? null : "DATABASE_URL is not set (postgres://user:password@host:5432/db)";
const schema = schemasDroppedAfterAll()(`rest_e2e_${process.pid}`);
const pgLocation = () => {
  const u = new URL(DATABASE_URL!);
  u.searchParams.set("schema", schema);
  return u.toString();
};

function strata(db: string, args: string[]) {
  const r = spawnSync(process.execPath, [bin, "--db", db, ...args, "--json"], {
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  if (r.status !== 0) throw new Error(`strata ${args.join(" ")} exited ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

async function server(db: string) {
  const { url, child } = await serveHttp(["--db", db, "serve", "--http", "--port", "0"]);
  return { base: url.replace(/\/mcp$/, ""), child };
}

const call = (base: string, path: string, key: string | null, init: RequestInit = {}) =>
  fetch(`${base}${path}`, {
    ...init,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(init.body ? { "content-type": "application/json" } : {}),
    },
  });

describe("the REST API over a real socket (built CLI)", () => {
  beforeAll(() => ensureBuilt(), 120_000);

  it("serves REST with a key made by strata keys create, beside /docs and /openapi.json", async () => {
    const db = tempDbPath();
    const { key } = strata(db, [
      "keys",
      "create",
      "--name",
      "ci-bot",
      "--scope",
      "write",
      "--namespaces",
      "team-*",
    ]) as {
      key: string;
    };
    expect(key).toMatch(/^sk_strata_/);
    const { base, child } = await server(db);
    try {
      const wrote = await call(base, "/v1/namespaces/team-a/beliefs", key, {
        method: "POST",
        body: JSON.stringify({ statement: "The retry limit is 5" }),
      });
      expect(wrote.status).toBe(200);
      // Bad input is refused by the CLI build's own (bundled) zod, with its stable code.
      const refused = await call(base, "/v1/namespaces/team-a/beliefs", key, {
        method: "POST",
        body: JSON.stringify({ statement: 42 }),
      });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(await refused.json())).toMatch(/INVALID_INPUT.*statement/);
      const recall = await call(base, "/v1/namespaces/team-a/recall?query=retry%20limit&k=1", key);
      const hits = ((await recall.json()) as { hits: { text: string }[] }).hits;
      expect(hits[0]?.text).toBe("The retry limit is 5");
      expect((await call(base, "/v1/namespaces/team-a/stats", null)).status).toBe(401);
      expect((await call(base, "/v1/namespaces/other/stats", key)).status).toBe(403);
      expect((await call(base, "/docs", null)).headers.get("content-type")).toMatch(/text\/html/);
      expect(((await (await call(base, "/openapi.json", null)).json()) as { openapi: string }).openapi).toBe(
        "3.1.0",
      );
      const audit = strata(db, ["--namespace", "team-a", "audit"]) as unknown as
        | { actor: string }[]
        | {
            entries: { actor: string }[];
          };
      const entries = Array.isArray(audit) ? audit : audit.entries;
      expect(entries.map((e) => e.actor)).toContain("key:ci-bot");
    } finally {
      child.kill("SIGTERM");
    }
  }, 60_000);

  it("answers / and every unknown path or method with a JSON 404 in the shape of its other errors and of the OpenAPI Error schema", async () => {
    const db = tempDbPath();
    strata(db, ["init"]);
    const { base, child } = await server(db);
    try {
      const spec = (await (await call(base, "/openapi.json", null)).json()) as {
        components: { schemas: { Error: { properties: { error: { required: string[] } } } } };
      };
      const required = spec.components.schemas.Error.properties.error.required;
      // An error the REST surface raises from the engine, for comparison: an unknown item.
      const missing = await call(base, "/v1/namespaces/default/items/b999", null);
      expect(missing.status).toBe(404);
      const engineError = (await missing.json()) as { error: Record<string, unknown> };
      expect(Object.keys(engineError.error).sort()).toEqual([...required].sort());
      for (const [method, path] of [
        ["GET", "/"],
        ["GET", "/nope"],
        ["GET", "/v1"],
        ["GET", "/v1/nope"],
        ["POST", "/v1/namespaces/default/nope"],
        ["DELETE", "/healthz"],
      ] as const) {
        const r = await call(base, path, null, { method });
        expect(r.status, `${method} ${path}`).toBe(404);
        expect(r.headers.get("content-type")).toMatch(/^application\/json/);
        const body = (await r.json()) as { error: Record<string, unknown> };
        expect(Object.keys(body)).toEqual(["error"]);
        expect(Object.keys(body.error).sort()).toEqual([...required].sort());
        expect(body.error).toMatchObject({
          code: "NOT_FOUND",
          // The root names the server's rooms (newcomer40): where a browser lands first.
          message:
            path === "/"
              ? "No route GET /: this server answers under /docs, /healthz, /mcp, /openapi.json, /readyz, /ui and /v1 (/ui is the dashboard, for a browser). The routes are listed at /docs and /openapi.json."
              : `No route ${method} ${path}. The routes are listed at /docs and /openapi.json.`,
          details: {},
        });
      }
    } finally {
      child.kill("SIGTERM");
    }
  }, 60_000);

  it("answers an unknown dashboard path with an HTML 404 page, signed in or not; every real page still asks for sign-in", async () => {
    const db = tempDbPath();
    const { key } = strata(db, [
      "keys",
      "create",
      "--name",
      "viewer",
      "--scope",
      "read",
      "--namespaces",
      "default",
    ]) as {
      key: string;
    };
    const { base, child } = await server(db);
    try {
      const get = (path: string, cookie?: string) =>
        fetch(`${base}${path}`, { redirect: "manual", ...(cookie ? { headers: { cookie } } : {}) });
      for (const path of ["/ui", "/ui/recall", "/ui/items/b1"]) {
        const r = await get(path);
        expect(r.status, path).toBe(303);
        expect(r.headers.get("location")).toBe("/ui/signin");
      }
      const signin = await fetch(`${base}/ui/signin`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ key }).toString(),
      });
      expect(signin.status).toBe(303);
      const cookie = signin.headers.get("set-cookie")!.split(";")[0]!;
      for (const who of [undefined, cookie]) {
        const r = await get("/ui/nope", who);
        expect(r.status).toBe(404);
        expect(r.headers.get("content-type")).toMatch(/^text\/html/);
        const text = await r.text();
        expect(text).toContain("The dashboard has no page /ui/nope: check the address");
        expect(text.includes("Sign out")).toBe(who !== undefined);
      }
      expect((await get("/ui", cookie)).status).toBe(200);
    } finally {
      child.kill("SIGTERM");
    }
  }, 60_000);

  describe.skipIf(skip !== null)(
    `two servers on one PostgreSQL database${skip ? ` (skipped: ${skip})` : ""}`,
    () => {
      it("see each other's writes and keys; a key revoked through the CLI stops working on both", async () => {
        const db = pgLocation();
        strata(db, ["init"]);
        const { key } = strata(db, [
          "keys",
          "create",
          "--name",
          "fleet",
          "--scope",
          "write",
          "--namespaces",
          "team-a",
        ]) as {
          key: string;
        };
        const a = await server(db);
        const b = await server(db);
        try {
          const wrote = await call(a.base, "/v1/namespaces/team-a/beliefs", key, {
            method: "POST",
            body: JSON.stringify({ statement: "The billing region is eu-west-1" }),
          });
          expect(wrote.status).toBe(200);
          const { id } = (await wrote.json()) as { id: string };
          const seen = await call(b.base, `/v1/namespaces/team-a/items/${id}`, key);
          expect(((await seen.json()) as { text: string }).text).toBe("The billing region is eu-west-1");
          // A key created after both started works on both at once.
          const { key: later } = strata(db, [
            "keys",
            "create",
            "--name",
            "later",
            "--scope",
            "read",
            "--namespaces",
            "*",
          ]) as {
            key: string;
          };
          expect((await call(a.base, "/v1/namespaces", later)).status).toBe(200);
          expect(
            ((await (await call(b.base, "/v1/namespaces", later)).json()) as { namespaces: string[] })
              .namespaces,
          ).toContain("team-a");
          strata(db, ["keys", "revoke", "fleet"]);
          expect((await call(a.base, "/v1/namespaces/team-a/stats", key)).status).toBe(401);
          expect((await call(b.base, "/v1/namespaces/team-a/stats", key)).status).toBe(401);
        } finally {
          a.child.kill("SIGTERM");
          b.child.kill("SIGTERM");
        }
      }, 90_000);
    },
  );
});
