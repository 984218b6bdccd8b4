/**
 * The dashboard's Admin page and the worker's runs through app.request(), over a real SQLite
 * memory and a real worker tick: creating a key shows its secret once and records who made it;
 * revoking asks first; an admin manages only keys within its own namespaces; read and write keys
 * get neither the page nor its actions; a requested run shows on Activity (item by item, with
 * Restore on what it retired) and on the Overview.
 */
import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DAY, seedBelief, type TestClock, testMemory } from "../../../test/support/memory.js";
import { createApiKey, listApiKeys, verifyApiKey } from "../../access/api-keys.js";
import type { Memory } from "../../core/engine.js";
import { createWorker } from "../../core/worker/index.js";
import { createDashboard } from "./dashboard.js";

let mem: Memory;
let clock: TestClock;
let app: Hono;
let keys: Record<"admin" | "teamAdmin" | "writer" | "reader" | "elsewhere", string>;

beforeEach(async () => {
  ({ mem, clock } = await testMemory());
  const make = async (name: string, scope: "read" | "write" | "admin", namespaces: string[]) =>
    (await createApiKey(mem.store, { name, scope, namespaces }, clock)).key;
  keys = {
    admin: await make("admin", "admin", ["*"]),
    teamAdmin: await make("team-admin", "admin", ["default", "team-*"]),
    writer: await make("writer", "write", ["default"]),
    reader: await make("reader", "read", ["default"]),
    elsewhere: await make("elsewhere", "read", ["ops-*"]),
  };
  app = new Hono().route("/ui", createDashboard({ memory: mem, clock }));
});
afterEach(async () => {
  await mem.close();
});

const ORIGIN = "http://localhost";
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

async function signIn(key: string): Promise<{ cookie: string; csrf: string }> {
  const res = await app.request(`${ORIGIN}/ui/signin`, {
    method: "POST",
    headers: FORM,
    body: new URLSearchParams({ key }).toString(),
  });
  const cookie = res.headers.get("Set-Cookie")!.split(";")[0]!;
  const page = await (await app.request(`${ORIGIN}/ui`, { headers: { Cookie: cookie } })).text();
  return { cookie, csrf: /name="csrf" value="([^"]+)"/.exec(page)![1]! };
}
const get = (path: string, cookie: string) =>
  app.request(`${ORIGIN}/ui${path}`, { headers: { Cookie: cookie } });
const post = (path: string, cookie: string, fields: Record<string, string>) =>
  app.request(`${ORIGIN}/ui${path}`, {
    method: "POST",
    headers: { ...FORM, Cookie: cookie },
    body: new URLSearchParams(fields).toString(),
  });
const keysNow = async () => JSON.stringify(await listApiKeys(mem.store));

describe("Admin: keys", () => {
  it("creates a key, shows its secret once, and records who created it", async () => {
    const { cookie, csrf } = await signIn(keys.admin);
    const res = await post("/admin/keys", cookie, {
      csrf,
      name: "dash-bot",
      scope: "write",
      namespaces: "default, team-a",
    });
    expect(res.status).toBe(200);
    const page = await res.text();
    const secret = /value="(sk_strata_[^"]+)"/.exec(page)?.[1];
    expect(secret).toBeDefined();
    expect(page).toMatch(/cannot be shown again/);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const made = await verifyApiKey(mem.store, secret!);
    expect(made).toMatchObject({
      name: "dash-bot",
      scope: "write",
      namespaces: ["default", "team-a"],
      createdBy: "key:admin",
    });
    const later = await (await get("/admin", cookie)).text();
    expect(later).toContain("dash-bot");
    expect(later).not.toContain(secret!);
    expect(later).toContain("by key:admin");
  });

  it("refuses bad input and keys beyond the admin's own namespaces, changing nothing", async () => {
    const { cookie, csrf } = await signIn(keys.teamAdmin);
    const before = await keysNow();
    // Each answer is the Admin page with the form again, as typed, the refused field marked and its
    // error under the form (before newcomer43: an error page, and what was typed was lost).
    const cases: [Record<string, string>, number, RegExp, string][] = [
      [
        { name: "all", scope: "read", namespaces: "*" },
        403,
        /may manage keys within default, team-\* only; \* lies outside/,
        "namespaces",
      ],
      [{ name: "ops", scope: "admin", namespaces: "ops-a" }, 403, /ops-a lies outside/, "namespaces"],
      [{ name: "bad name!", scope: "read", namespaces: "team-a" }, 400, /key name/, "name"],
      [{ name: "x", scope: "root", namespaces: "team-a" }, 400, /INVALID_INPUT/, "scope"],
      [{ name: "x", scope: "read", namespaces: "" }, 400, /namespace pattern/, "namespaces"],
      [
        { name: "x", scope: "read", namespaces: "team-a, ../x" },
        400,
        /(&quot;|&#34;|")\.\.\/x(&quot;|&#34;|"): a namespace pattern is/,
        "namespaces",
      ],
      [
        { name: "writer", scope: "read", namespaces: "default" },
        409,
        /live key named (&quot;|&#34;|")writer(&quot;|&#34;|") exists: revoke it first \(Revoke writer… in the table above\)/,
        "name",
      ],
    ];
    for (const [fields, status, message, field] of cases) {
      const res = await post("/admin/keys", cookie, { csrf, ...fields });
      const label = JSON.stringify(fields);
      expect(res.status, label).toBe(status);
      const text = await res.text();
      expect(text, label).toMatch(message);
      expect(text, label).toContain("<h3>Create a key</h3>");
      expect(text, label).toMatch(
        new RegExp(`name="${field}"[^>]*aria-invalid="true" aria-describedby="key-${field}-error"`),
      );
      expect(text, label).toContain(`id="key-${field}-error" role="alert"`);
      // What was typed comes back in its field (the scope as the selected option).
      expect(text, label).toContain(`value="${fields.name}"`);
      expect(text, label).toContain(`value="${fields.namespaces}"`);
    }
    expect(await keysNow()).toBe(before);
    // It sees only the keys within its reach: not the `*` admin, not ops-*.
    const page = await (await get("/admin", cookie)).text();
    expect(page).toContain("writer");
    expect(page).not.toMatch(/<tr><td>admin<\/td>/);
    expect(page).toMatch(/<tr><td>team-admin<\/td>/);
    expect(page).not.toContain("elsewhere");
  });

  it("revokes only after confirming, and only keys within reach; the revoked key's session ends", async () => {
    const admin = await signIn(keys.teamAdmin);
    const writer = await signIn(keys.writer);
    const [writerKey] = (await listApiKeys(mem.store)).filter((k) => k.name === "writer");
    const [elsewhere] = (await listApiKeys(mem.store)).filter((k) => k.name === "elsewhere");

    const confirm = await get(`/admin/keys/${writerKey!.id}/revoke`, admin.cookie);
    expect(await confirm.text()).toMatch(/Revoke key <strong>writer<\/strong>[\s\S]*cannot be undone/);
    const unconfirmed = await post(`/admin/keys/${writerKey!.id}/revoke`, admin.cookie, { csrf: admin.csrf });
    expect(unconfirmed.headers.get("Location")).toBe(`/ui/admin/keys/${writerKey!.id}/revoke`);
    expect(await verifyApiKey(mem.store, keys.writer)).not.toBeNull();
    const noToken = await post(`/admin/keys/${writerKey!.id}/revoke`, admin.cookie, { confirm: "yes" });
    expect(noToken.status).toBe(403);
    const outside = await post(`/admin/keys/${elsewhere!.id}/revoke`, admin.cookie, {
      csrf: admin.csrf,
      confirm: "yes",
    });
    expect(outside.status).toBe(404);
    expect(await verifyApiKey(mem.store, keys.elsewhere)).not.toBeNull();

    const done = await post(`/admin/keys/${writerKey!.id}/revoke`, admin.cookie, {
      csrf: admin.csrf,
      confirm: "yes",
    });
    expect(done.status).toBe(303);
    expect(await verifyApiKey(mem.store, keys.writer)).toBeNull();
    const record = (await listApiKeys(mem.store)).find((k) => k.id === writerKey!.id);
    expect(record).toMatchObject({ revokedBy: "key:team-admin" });
    expect((await get("", writer.cookie)).headers.get("Location")).toBe("/ui/signin");
    expect(await (await get("/admin", admin.cookie)).text()).toMatch(/Revoked key writer/);
  });

  it("gives read and write keys neither the page nor its actions", async () => {
    const [readerKey] = (await listApiKeys(mem.store)).filter((k) => k.name === "reader");
    for (const key of [keys.reader, keys.writer]) {
      const { cookie, csrf } = await signIn(key);
      const before = await keysNow();
      expect((await get("/admin", cookie)).status).toBe(403);
      expect(
        (await post("/admin/keys", cookie, { csrf, name: "x", scope: "read", namespaces: "default" })).status,
      ).toBe(403);
      expect(
        (await post(`/admin/keys/${readerKey!.id}/revoke`, cookie, { csrf, confirm: "yes" })).status,
      ).toBe(403);
      expect((await post("/admin/worker/request", cookie, { csrf })).status).toBe(403);
      expect(await keysNow()).toBe(before);
      expect(await (await get("", cookie)).text()).not.toContain(`href="/ui/admin"`);
    }
    expect((await mem.workerStatus()).request).toBeNull();
  });
});

describe("the worker on the dashboard", () => {
  it("a note the engine refuses comes back in the form, as typed, with the refusal under it; nothing is requested", async () => {
    const { cookie, csrf } = await signIn(keys.admin);
    // Over the field's maxlength: only a client that ignores it sends this (newcomer43 saw
    // "Invalid page /ui/admin/worker/request: note: …" above the page).
    const note = "n".repeat(501);
    const refused = await post("/admin/worker/request", cookie, { csrf, note });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).not.toContain("Invalid page");
    expect(page).toContain(`value="${note}" aria-invalid="true" aria-describedby="worker-note-error"`);
    expect(page).toMatch(
      /<p class="notice error" id="worker-note-error" role="alert"><strong>INVALID_INPUT<\/strong>: The note must be at most 500 characters\.<\/p>/,
    );
    expect((await mem.workerStatus()).request).toBeNull();
  });

  it("requests a run from Admin; the run shows on Activity item by item with Restore, and on the Overview", async () => {
    const decayed = await seedBelief(mem, clock, "Deploy step 3 failed on host h3", "2026-12-01", "failure");
    clock.advance(365 * DAY);
    const { cookie, csrf } = await signIn(keys.admin);
    expect(await (await get("", cookie)).text()).toMatch(
      /Last worker run[\s\S]*has not run in this namespace/,
    );

    const asked = await post("/admin/worker/request", cookie, { csrf, note: "after the import" });
    expect(asked.status).toBe(303);
    const admin = await (await get("/admin", cookie)).text();
    expect(admin).toMatch(/Asked the worker to consolidate default/);
    expect(admin).toMatch(/A run is requested: by key:admin at [\d-]+ [\d:]+ \(after the import\)/);

    await createWorker(mem, { namespaces: ["default"], daily: null }).tick();

    const activity = await (await get("/activity", cookie)).text();
    expect(activity).toMatch(/What the background worker did/);
    expect(activity).toMatch(/<strong>request<\/strong>: requested by key:admin at .*: after the import/);
    expect(activity).toMatch(new RegExp(`retired</td><td><a href="/ui/items/${decayed}">${decayed}</a>`));
    expect(activity).toContain(`Restore ${decayed}`);
    expect(activity).toMatch(/No run is waiting/);
    const overview = await (await get("", cookie)).text();
    expect(overview).toMatch(/Last worker run[\s\S]*applied[\s\S]*Why: request/);

    // A read key sees the runs but no Restore.
    const reader = await signIn(keys.reader);
    const read = await (await get("/activity", reader.cookie)).text();
    expect(read).toContain("What the background worker did");
    expect(read).not.toContain(`Restore ${decayed}`);

    // Restore from the run: the belief is active again and the button gives way.
    const restored = await post(`/items/${decayed}/restore`, cookie, { csrf, back: "/activity" });
    expect(restored.status).toBe(303);
    expect((await mem.get(decayed)).status).toBe("active");
    const after = await (await get("/activity", cookie)).text();
    expect(after).not.toContain(`Restore ${decayed}`);
    expect(after).toContain("active now");
  });
});
