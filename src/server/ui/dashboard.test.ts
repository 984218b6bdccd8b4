/**
 * The dashboard's routes through app.request(), over a real SQLite memory: sign-in and its
 * cookie, the security headers, what a read key sees and may not do, namespaces, CSRF, forget's
 * confirmation, and every page rendering for an admin.
 */
import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { beliefOf, HOUR, seedBelief, type TestClock, testMemory } from "../../../test/support/memory.js";
import { createApiKey, revokeApiKey } from "../../access/api-keys.js";
import type { Memory } from "../../core/engine.js";
import { CONTENT_SECURITY_POLICY, createDashboard } from "./dashboard.js";

let mem: Memory;
let clock: TestClock;
let app: Hono;
let keys: Record<"admin" | "writer" | "reader" | "other", string>;

beforeEach(async () => {
  ({ mem, clock } = await testMemory());
  const make = async (name: string, scope: "read" | "write" | "admin", namespaces: string[]) =>
    (await createApiKey(mem.store, { name, scope, namespaces }, clock)).key;
  keys = {
    admin: await make("admin", "admin", ["*"]),
    writer: await make("writer", "write", ["default"]),
    reader: await make("reader", "read", ["default"]),
    other: await make("other", "write", ["team-b"]),
  };
  app = new Hono().route("/ui", createDashboard({ memory: mem, clock, sessionTtlMs: 2 * HOUR }));
});
afterEach(async () => {
  await mem.close();
});

const ORIGIN = "http://localhost";
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

async function signIn(key: string): Promise<{ cookie: string; csrf: string }> {
  const res = await app.request(`${ORIGIN}/ui/signin`, {
    method: "POST",
    headers: FORM,
    body: form({ key }),
  });
  expect(res.status).toBe(303);
  const cookie = res.headers.get("Set-Cookie")!.split(";")[0]!;
  const page = await (await app.request(`${ORIGIN}/ui`, { headers: { Cookie: cookie } })).text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(page)![1]!;
  return { cookie, csrf };
}

const get = (path: string, cookie: string) =>
  app.request(`${ORIGIN}/ui${path === "/" ? "" : path}`, { headers: { Cookie: cookie } });
const post = (
  path: string,
  cookie: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) =>
  app.request(`${ORIGIN}/ui${path}`, {
    method: "POST",
    headers: { ...FORM, Cookie: cookie, ...headers },
    body: form(fields),
  });

describe("sign-in", () => {
  it("keeps only a random session id in an HttpOnly, SameSite=Strict cookie scoped to the dashboard", async () => {
    const res = await app.request(`${ORIGIN}/ui/signin`, {
      method: "POST",
      headers: FORM,
      body: form({ key: keys.reader }),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/ui");
    const cookie = res.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^strata_session=\d{8}\.[A-Za-z0-9_-]{43};/); // expiry day . random
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/ui/);
    expect(cookie).toMatch(/Max-Age=7200/);
    const [, keyId, secret] = /^sk_strata_([a-z0-9]{12})_(.+)$/.exec(keys.reader)!;
    expect(cookie).not.toContain(secret!);
    expect(cookie).not.toContain(keyId!);
    expect(cookie).not.toMatch(/Secure/); // plain http here; https requests get Secure
  });

  it("refuses a wrong or revoked key with 401 and no cookie", async () => {
    const res = await app.request(`${ORIGIN}/ui/signin`, {
      method: "POST",
      headers: FORM,
      body: form({ key: `${keys.reader}x` }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("Set-Cookie")).toBeNull();
    const refused = await res.text();
    expect(refused).toMatch(/id="key-error" role="alert">That key is not valid/);
    expect(refused).toMatch(/name="key"[^>]*aria-invalid="true" aria-describedby="key-error"/);
    await revokeApiKey(mem.store, "reader", clock);
    const again = await app.request(`${ORIGIN}/ui/signin`, {
      method: "POST",
      headers: FORM,
      body: form({ key: keys.reader }),
    });
    expect(again.status).toBe(401);
  });

  it("marks the cookie Secure when the request came over https", async () => {
    const res = await app.request("https://example.test/ui/signin", {
      method: "POST",
      headers: FORM,
      body: form({ key: keys.reader }),
    });
    expect(res.headers.get("Set-Cookie")).toMatch(/Secure/);
  });

  it("sends a visitor without a session to the sign-in page, and refuses their POSTs", async () => {
    const res = await app.request(`${ORIGIN}/ui`);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/ui/signin");
    expect((await app.request(`${ORIGIN}/ui/activity/maintain`, { method: "POST" })).status).toBe(401);
  });

  it("ends the session when the key is revoked, when it expires, and on sign-out", async () => {
    const a = await signIn(keys.writer);
    expect((await get("/", a.cookie)).status).toBe(200);
    await revokeApiKey(mem.store, "writer", clock);
    expect((await get("/", a.cookie)).headers.get("Location")).toBe("/ui/signin");

    const b = await signIn(keys.reader);
    clock.advance(2 * HOUR + 1);
    expect((await get("/", b.cookie)).headers.get("Location")).toBe("/ui/signin");

    const c = await signIn(keys.reader);
    const out = await post("/signout", c.cookie, { csrf: c.csrf });
    expect(out.status).toBe(303);
    expect(out.headers.get("Set-Cookie")).toMatch(/strata_session=;/);
    expect((await get("/", c.cookie)).headers.get("Location")).toBe("/ui/signin");
  });
});

describe("unknown paths", () => {
  const bare = (path: string, init: RequestInit = {}) => app.request(`${ORIGIN}/ui${path}`, init);

  it.each([
    ["GET", "/nope"],
    ["GET", "/items"],
    ["GET", "/audit/export/x"],
    ["GET", "/signout"],
    ["POST", "/nope"],
  ])("%s /ui%s is a 404 page, signed in or not, never the sign-in redirect", async (method, path) => {
    const { cookie } = await signIn(keys.reader);
    for (const headers of [{}, { Cookie: cookie }] as Record<string, string>[]) {
      const res = await bare(path, { method, headers });
      expect(res.status).toBe(404);
      expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
      expect(res.headers.get("Content-Security-Policy")).toBe(CONTENT_SECURITY_POLICY);
      const text = await res.text();
      expect(text).toContain(`The dashboard has no page ${method === "GET" ? "" : "POST "}/ui${path}`);
      expect(text).toContain('<a href="/ui">Back to the Overview</a>');
      // Signed in, it is a page of the dashboard, with its menu and sign-out.
      expect(text.includes("Sign out")).toBe("Cookie" in headers);
    }
  });

  it("an unknown item's page says where ids are listed in the dashboard's words, not the library's", async () => {
    const { cookie } = await signIn(keys.admin);
    const res = await get("/items/b99999", cookie);
    expect(res.status).toBe(404);
    const text = await res.text();
    expect(text).toContain("List ids with the Timeline page.");
    expect(text).not.toContain("list()");
  });

  it("keeps the session on every real page: signed out, each redirects to sign-in", async () => {
    for (const path of [
      "",
      "/recall",
      "/items/b999",
      "/items/b1/forget",
      "/admin",
      "/audit/export/1.jsonl",
    ]) {
      const res = await bare(path);
      expect(res.status, path).toBe(303);
      expect(res.headers.get("Location")).toBe("/ui/signin");
    }
    const htmx = await bare("/recall", { headers: { "HX-Request": "true" } });
    expect(htmx.status).toBe(401);
  });

  it("takes a trailing slash off instead of answering 404 (/ui/ is the Overview)", async () => {
    for (const [path, to] of [
      ["/", "/ui"],
      ["/recall/?q=x", "/ui/recall?q=x"],
    ]) {
      const res = await bare(path!);
      expect(res.status).toBe(301);
      expect(res.headers.get("Location")).toBe(to);
    }
  });
});

describe("security headers and assets", () => {
  it("sends the CSP on every answer, and pages carry no inline script or style", async () => {
    const { cookie } = await signIn(keys.admin);
    for (const path of ["/signin", "/", "/assets/dashboard.js"]) {
      const res = await get(path, cookie);
      expect(res.headers.get("Content-Security-Policy")).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    }
    expect(CONTENT_SECURITY_POLICY).toMatch(/script-src 'self'; style-src 'self'/);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe|https?:/);
    const page = await (await get("/", cookie)).text();
    expect(page).not.toContain("cytoscape"); // 440 KB: the Graph page alone loads it
    expect(await (await get("/graph", cookie)).text()).toContain("/ui/assets/cytoscape.min.js");
    expect(page).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(page).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
  });

  it("serves htmx, uPlot and its own files from the package, and nothing else", async () => {
    for (const [name, type] of [
      ["htmx.min.js", "javascript"],
      ["uplot.min.js", "javascript"],
      ["uplot.min.css", "css"],
      ["dashboard.js", "javascript"],
      ["dashboard.css", "css"],
      ["cytoscape.min.js", "javascript"],
    ] as const) {
      const res = await app.request(`${ORIGIN}/ui/assets/${name}`);
      expect(res.status, name).toBe(200);
      expect(res.headers.get("Content-Type")).toContain(type);
      expect((await res.text()).length).toBeGreaterThan(500);
    }
    const gzipped = await app.request(`${ORIGIN}/ui/assets/htmx.min.js`, {
      headers: { "Accept-Encoding": "gzip" },
    });
    expect(gzipped.headers.get("Content-Encoding")).toBe("gzip");
    expect((await app.request(`${ORIGIN}/ui/assets/..%2Fpackage.json`)).status).toBe(404);
    expect((await app.request(`${ORIGIN}/ui/assets/other.js`)).status).toBe(404);
    // The names every object has are not assets either (attacks25: each answered 500).
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"])
      expect((await app.request(`${ORIGIN}/ui/assets/${name}`)).status, name).toBe(404);
  });
});

describe("scopes, namespaces and CSRF", () => {
  it("shows a read key no write buttons and refuses its writes server-side", async () => {
    const belief = await mem.remember("The staging database is Postgres 16");
    const { cookie, csrf } = await signIn(keys.reader);
    const page = await (await get(`/items/${belief.id}`, cookie)).text();
    expect(page).toContain("The staging database is Postgres 16");
    expect(page).not.toMatch(/Pin as identity|It worked|Forget…|Restore/);
    const review = await (await get("/review", cookie)).text();
    expect(review).not.toMatch(/value="merge"/);
    const activity = await (await get("/activity", cookie)).text();
    expect(activity).not.toMatch(/Run consolidation/);
    expect((await get("/admin", cookie)).status).toBe(403);
    expect(page).not.toContain(">Admin<");

    const res = await post(`/items/${belief.id}/pin`, cookie, { csrf });
    expect(res.status).toBe(403);
    expect(await res.text()).toMatch(/scope read; this needs write/);
    expect((await beliefOf(mem, belief.id)).pinned).toBe(false);
  });

  it("lets a write key act, but only with the session's CSRF token", async () => {
    const belief = await mem.remember("The staging database is Postgres 16");
    const { cookie, csrf } = await signIn(keys.writer);
    const page = await (await get(`/items/${belief.id}`, cookie)).text();
    expect(page).toMatch(/Pin as identity/);
    expect(page).not.toMatch(/Forget…/); // forget needs admin

    expect((await post(`/items/${belief.id}/pin`, cookie, {})).status).toBe(403);
    expect((await post(`/items/${belief.id}/pin`, cookie, { csrf: "x".repeat(43) })).status).toBe(403);
    expect((await beliefOf(mem, belief.id)).pinned).toBe(false);

    const ok = await post(`/items/${belief.id}/pin`, cookie, { csrf, back: "//evil.example/" });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("Location")).toBe("/ui"); // an outside "back" is not followed
    expect((await beliefOf(mem, belief.id)).pinned).toBe(true);
    const audit = await mem.audit({ subjectId: belief.id, event: "belief.pinned" });
    expect(audit[0]!.actor).toBe("key:writer");
  });

  it("refuses a POST from another origin even with the token", async () => {
    const belief = await mem.remember("The staging database is Postgres 16");
    const { cookie, csrf } = await signIn(keys.writer);
    const res = await post(`/items/${belief.id}/pin`, cookie, { csrf }, { Origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect((await beliefOf(mem, belief.id)).pinned).toBe(false);
  });

  it("never crosses a namespace: no switching outside the key, no item of another namespace", async () => {
    const elsewhere = await mem.remember("Team B deploys on Fridays", { namespace: "team-b" });
    const { cookie, csrf } = await signIn(keys.writer);
    const res = await post("/namespace", cookie, { csrf, namespace: "team-b" });
    expect(res.status).toBe(403);
    // The Overview of the namespace still viewed, the picker as typed with the refusal under it
    // (an error page before newcomer45); nothing of team-b shown.
    const refused = await res.text();
    expect(refused).toMatch(/may not act in namespace &quot;team-b&quot;/);
    expect(refused).toContain(
      'name="namespace" list="namespaces" value="team-b" size="14" required aria-invalid="true" aria-describedby="namespace-error"',
    );
    expect(refused).toMatch(
      /id="namespace-error" role="alert"><strong>FORBIDDEN<\/strong>: [^<]*Still viewing default\./,
    );
    expect(refused).toContain("<h1>Overview</h1>");
    expect(refused).not.toContain("Fridays");
    expect(refused).not.toContain("Back to the Overview");
    const item = await get(`/items/${elsewhere.id}`, cookie);
    expect(item.status).toBe(404);
    expect(await item.text()).not.toContain("Fridays");
    expect((await post(`/items/${elsewhere.id}/pin`, cookie, { csrf })).status).toBe(404);
    expect((await beliefOf(mem, elsewhere.id, "team-b")).pinned).toBe(false);

    const empty = await post("/namespace", cookie, { csrf, namespace: "" });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toMatch(
      /id="namespace-error" role="alert"><strong>INVALID_INPUT<\/strong>: Invalid namespace: a namespace is 1-128 characters/,
    );
    // Neither refusal moved the session: the next page is still default's.
    expect(await (await get("/recall?q=deploys", cookie)).text()).not.toContain("Fridays");
    // A key for team-b alone starts there, and sees its item.
    const other = await signIn(keys.other);
    expect(await (await get(`/items/${elsewhere.id}`, other.cookie)).text()).toContain("Fridays");
    // An admin key may switch, and then sees it.
    const admin = await signIn(keys.admin);
    expect((await post("/namespace", admin.cookie, { csrf: admin.csrf, namespace: "team-b" })).status).toBe(
      303,
    );
    expect(await (await get("/recall?q=deploys", admin.cookie)).text()).toContain(
      "Team B deploys on Fridays",
    );
  });
});

describe("actions", () => {
  it("forgets only after the confirmation step, and only for an admin key", async () => {
    const belief = await mem.remember("The office door code is 4711");
    const writer = await signIn(keys.writer);
    expect(
      (await post(`/items/${belief.id}/forget`, writer.cookie, { csrf: writer.csrf, confirm: "yes" })).status,
    ).toBe(403);

    const { cookie, csrf } = await signIn(keys.admin);
    const unconfirmed = await post(`/items/${belief.id}/forget`, cookie, { csrf });
    expect(unconfirmed.status).toBe(303);
    expect(unconfirmed.headers.get("Location")).toBe(`/ui/items/${belief.id}/forget`);
    expect((await beliefOf(mem, belief.id)).text).toBe("The office door code is 4711");
    const confirmation = await (await get(`/items/${belief.id}/forget`, cookie)).text();
    expect(confirmation).toMatch(/cannot be undone/);
    expect(confirmation).toContain('name="confirm" value="yes"');

    const done = await post(`/items/${belief.id}/forget`, cookie, { csrf, confirm: "yes" });
    expect(done.status).toBe(303);
    expect((await beliefOf(mem, belief.id)).text).toBe("");
    expect(await (await get(`/items/${belief.id}`, cookie)).text()).toMatch(
      new RegExp(`Forgot ${belief.id}`),
    );
  });

  it("says when the forget cancelled an open session wrap whose package showed the item (rest21)", async () => {
    const episode = await mem.record("For the record, the door code is zqxj4821");
    const wrap = await mem.prepareWrap();
    if (wrap.status !== "ready") throw new Error("no wrap");
    const { cookie, csrf } = await signIn(keys.admin);
    const done = await post(`/items/${episode.id}/forget`, cookie, { csrf, confirm: "yes" });
    expect(done.status).toBe(303);
    const page = await (await get(`/items/${episode.id}`, cookie)).text();
    expect(page).toContain(
      `Forgot ${episode.id}. Session wrap ${wrap.wrap} was cancelled: its package showed the forgotten text, so its save is refused and the agent prepares a new one.`,
    );
    expect(page).not.toContain("zqxj");
  });

  it("judges a candidate pair from the review queue, as a fragment for htmx", async () => {
    const a = await seedBelief(mem, clock, "The user lives in Oslo.", "2026-01-01");
    const b = await seedBelief(mem, clock, "The user dwells in Oslo.", "2026-02-01");
    const { cookie, csrf } = await signIn(keys.writer);
    const queue = await (await get("/review", cookie)).text();
    expect(queue).toContain(`pair-${a}-${b}`);
    expect(queue).toMatch(/<del>lives<\/del>/);
    expect(queue).toMatch(/<ins>dwells<\/ins>/);
    const res = await post(
      "/review/judge",
      cookie,
      { csrf, a, b, verdict: "supersede" },
      { "HX-Request": "true" },
    );
    expect(res.status).toBe(200);
    const card = await res.text();
    expect(card).toMatch(/Judged .* <strong>supersede<\/strong>/);
    expect(card).toContain(`Undo: restore ${a}`);
    expect((await mem.get(a)).status).toBe("archived");
    expect((await post("/review/judge", cookie, { csrf, a, b, verdict: "maybe" })).status).toBe(400);
    // A refusal to htmx is a notice it swaps in at the top of the page.
    const refused = await post(
      "/review/judge",
      cookie,
      { csrf, a, b, verdict: "maybe" },
      { "HX-Request": "true" },
    );
    expect(refused.headers.get("HX-Retarget")).toBe("#main");
    expect(await refused.text()).toMatch(/^<div class="notice error" role="alert">.*INVALID_INPUT/);
  });

  it("applies batch verdicts in one call, leaving pairs marked leave", async () => {
    const a = await seedBelief(mem, clock, "The user lives in Oslo.", "2026-01-01");
    const b = await seedBelief(mem, clock, "The user dwells in Oslo.", "2026-01-02");
    const c = await seedBelief(
      mem,
      clock,
      "The team standup happens every morning at nine in the big room",
      "2026-01-03",
    );
    const d = await seedBelief(mem, clock, "Standup is a bit later now", "2026-01-04");
    const { cookie, csrf } = await signIn(keys.writer);
    const queue = await (await get("/review", cookie)).text();
    expect(queue).toContain(`name="v:${a}:${b}"`);
    expect(queue).toContain(`name="v:${c}:${d}"`);
    const res = await post("/review/batch", cookie, {
      csrf,
      [`v:${a}:${b}`]: "merge",
      [`v:${c}:${d}`]: "leave",
    });
    expect(res.headers.get("Location")).toBe("/ui/review");
    const flash = /Judged 1 pair\. merged (b\d+) by (b\d+)/.exec(await (await get("/review", cookie)).text());
    expect([flash?.[1], flash?.[2]].sort()).toEqual([a, b].sort());
    expect((await mem.get(flash![1]!)).status).toBe("archived");
    expect((await mem.get(c)).status).toBe("active");
    expect((await mem.get(d)).status).toBe("active");
    const bad = await post("/review/batch", cookie, { csrf, [`v:${c}:${d}`]: "obliterate" });
    expect(bad.status).toBe(400);
    expect((await mem.get(c)).status).toBe("active");
  });

  it("restores from Activity what a supersession closed", async () => {
    const old = await mem.remember("The retry limit is 5", { at: "2026-01-01" });
    await mem.remember("The retry limit is 7", { at: "2026-02-01" });
    expect((await mem.get(old.id)).status).not.toBe("active");
    const { cookie, csrf } = await signIn(keys.writer);
    const activity = await (await get("/activity", cookie)).text();
    expect(activity).toContain(`Restore ${old.id}`);
    expect(activity).toMatch(/archived <span class="muted">\(superseded/);
    const res = await post(`/items/${old.id}/restore`, cookie, { csrf, back: "/activity" });
    expect(res.headers.get("Location")).toBe("/ui/activity");
    expect((await mem.get(old.id)).status).toBe("active");
    // Once active again, the entry no longer offers a restore.
    expect(await (await get("/activity", cookie)).text()).not.toContain(`Restore ${old.id}`);
  });

  it("offers no Restore for a superseded belief that was forgotten since (restore cannot bring it back)", async () => {
    const old = await mem.remember("The retry limit is 5", { at: "2026-01-01" });
    const other = await mem.remember("The staging database is Postgres 15", { at: "2026-01-01" });
    await mem.remember("The retry limit is 7", { at: "2026-02-01" });
    await mem.remember("The staging database is Postgres 16", { at: "2026-02-01" });
    await mem.forget(old.id);
    const { cookie } = await signIn(keys.writer);
    const activity = await (await get("/activity", cookie)).text();
    expect(activity).toMatch(/forgotten <span class="muted">\(forgotten on request/);
    expect(activity).not.toContain(`Restore ${old.id}`);
    expect(activity).toContain(`Restore ${other.id}`);
  });
});

describe("live updates", () => {
  it("streams the audit head as server-sent events, and ends the stream when the key is revoked", async () => {
    app = new Hono().route("/ui", createDashboard({ memory: mem, clock, liveIntervalMs: 5 }));
    await mem.remember("The staging database is Postgres 16");
    const { cookie } = await signIn(keys.reader);
    const res = await get("/events", cookie);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const first = decoder.decode((await reader.read()).value);
    const head = (await mem.stats()).audit.entries;
    expect(first).toContain(`event: head\ndata: ${head}\n`);
    await mem.remember("The billing service owns the invoices table");
    let next = "";
    while (!next.includes("event: head")) next += decoder.decode((await reader.read()).value);
    expect(next).toContain(`data: ${head + 1}\n`);
    await revokeApiKey(mem.store, "reader", clock);
    let ended = false;
    for (let i = 0; i < 100 && !ended; i++) ended = (await reader.read()).done;
    expect(ended).toBe(true);
  });
});

describe("pages", () => {
  it("an empty namespace's Overview says how memories get in, and which other namespaces the key sees", async () => {
    const { cookie, csrf } = await signIn(keys.admin);
    const empty = await (await get("/", cookie)).text();
    expect(empty).toMatch(/id="empty-namespace"[\s\S]*Nothing is stored in default yet/);
    expect(empty).toContain("strata install claude-code");
    expect(empty).toContain("POST /v1/namespaces/default/beliefs");
    expect(empty).toContain('strata remember "The retry limit is 5"');
    expect(empty).not.toContain("This key also sees");
    expect(empty).toContain("Usable: <strong>— (no active belief)</strong>"); // not 100% of nothing
    // Another namespace holds something: named for this key, and its own Overview has no notice.
    await mem.remember("The retry limit is 5", { namespace: "team-b" });
    const again = await (await get("/", cookie)).text();
    expect(again).toMatch(/This key also sees team-b: pick one under Namespace above/);
    expect((await post("/namespace", cookie, { csrf, namespace: "team-b" })).status).toBe(303);
    const other = await (await get("/", cookie)).text();
    expect(other).toContain("Beliefs · 1");
    expect(other).toContain("Usable: <strong>100%</strong>");
    expect(other).not.toContain("empty-namespace");
    expect((await post("/namespace", cookie, { csrf, namespace: "default" })).status).toBe(303);
    // A key bound to one namespace is never told of another (namespaces are a boundary).
    const { cookie: writer } = await signIn(keys.writer);
    expect(await (await get("/", writer)).text()).not.toContain("team-b");
    // One episode is enough for the notice to go.
    await mem.record("Deployed the billing service", { type: "observation" });
    expect(await (await get("/", cookie)).text()).not.toContain("empty-namespace");
  });

  it("renders every page for an admin key", async () => {
    const old = await mem.remember("The retry limit is 5", { at: "2026-01-01" });
    await mem.remember("The retry limit is 7", { at: "2026-02-01" });
    await mem.record("Deployed the billing service", { type: "observation" });
    const { cookie } = await signIn(keys.admin);
    const expectations: [string, RegExp][] = [
      ["/", /Audit chain verified/],
      ["/recall?q=retry+limit", /The retry limit is 7[\s\S]*why:[\s\S]*Context block/],
      ["/recall?q=retry+limit&at=2026-01-15", /The retry limit is 5/],
      ["/timeline?at=2026-01-15&query=retry+limit", /What held on 2026-01-15[\s\S]*The retry limit is 5/],
      ["/review", /Pending episodes/],
      ["/activity", /belief\.superseded/],
      ["/continuity", /Saved versions/],
      ["/graph", /No associations yet/],
      ["/audit", /Chain position: entry <strong>\d+/],
      ["/audit/verify", /Audit chain verified/],
      ["/admin", /reader[\s\S]*read/],
      [`/items/${old.id}`, /Supersession chain[\s\S]*The retry limit is 7/],
    ];
    for (const [path, expected] of expectations) {
      const res = await get(path, cookie);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toMatch(expected);
    }
    const jsonl = await get("/audit/export/1.jsonl", cookie);
    expect(jsonl.headers.get("Content-Disposition")).toMatch(/attachment; filename="audit-default-1.jsonl"/);
    expect((await jsonl.text()).split("\n").length).toBeGreaterThan(2);
    expect((await get("/audit/export/9.jsonl", cookie)).status).toBe(404);
  });

  it("says what is wrong with bad input instead of failing", async () => {
    const { cookie } = await signIn(keys.reader);
    const res = await get("/recall?q=retry&at=not-a-date", cookie);
    expect(res.status).toBe(400);
    const recall = await res.text();
    expect(recall).toMatch(/INVALID_INPUT/);
    // Before newcomer39 a refused field replaced the whole page (an error page, no form).
    // A text field holding what was typed (a browser's date input would show it empty; newcomer46).
    expect(recall).toMatch(
      /<input type="text" name="at" value="not-a-date" placeholder="YYYY-MM-DD" size="12" aria-invalid="true" aria-describedby="at-error">/,
    );
    // The timeline refuses it too, with or without a topic, rather than showing today.
    for (const path of ["/timeline?at=garbage", "/timeline?at=garbage&query=retry"]) {
      const timeline = await get(path, cookie);
      expect(timeline.status, path).toBe(400);
      const body = await timeline.text();
      expect(body, path).toMatch(/INVALID_INPUT/);
      expect(body, path).not.toMatch(/What held on/);
      // The form again, the date as typed and its error under it (an error page before newcomer45).
      expect(body, path).toMatch(
        /<input type="text" name="at" value="garbage" placeholder="YYYY-MM-DD" size="12" aria-invalid="true" aria-describedby="at-error">/,
      );
      expect(body, path).toMatch(
        /id="at-error" role="alert"><strong>INVALID_INPUT<\/strong>: &quot;garbage&quot; is not a date/,
      );
      expect(body, path).not.toContain("Back to the Overview");
      expect(body, path).not.toContain('value="NaN"');
    }
  });

  // Before newcomer39 a budget the engine refuses (below 32, above 200000, not a number) typed into
  // the address was a whole-page 400 error, where a form shows the field and what is wrong with it.
  it.each([
    ["10", "10"],
    ["abc", "abc"],
    ["300000", "300000"],
  ])("shows Recall's form again with budget=%s and the field's error", async (budget, shown) => {
    await mem.remember("The retry limit is 5");
    const { cookie } = await signIn(keys.reader);
    const res = await get(`/recall?q=retry&budget=${budget}`, cookie);
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain(
      `name="budget" min="32" max="200000" value="${shown}" aria-invalid="true" aria-describedby="budget-error"`,
    );
    expect(page).toContain(
      `id="budget-error" role="alert"><strong>INVALID_INPUT</strong>: The context budget is a whole number of tokens from 32 to 200000; got ${shown}.`,
    );
    expect(page).toContain('<input type="search" name="q" value="retry"');
    expect(page).not.toContain("Context block");
    expect(page).not.toContain("Back to the Overview");
  });

  it("answers a budget the engine takes, below the old form's floor of 50", async () => {
    await mem.remember("The retry limit is 5");
    const { cookie } = await signIn(keys.reader);
    const res = await get("/recall?q=retry&budget=40", cookie);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain("Context block");
    expect(page).toContain('min="32" max="200000" value="40">');
  });

  it("a refused address names the page typed, not the operation behind it (newcomer41)", async () => {
    const { cookie } = await signIn(keys.reader);
    const page = await (await get("/items/xyz", cookie)).text();
    expect(page).toContain("Invalid page /ui/items/xyz: id: an id looks like e12");
    expect(page).not.toContain("Invalid explain");
  });

  it("an empty context block says the engine's reason (whyEmpty), not an empty box", async () => {
    const { cookie } = await signIn(keys.reader);
    const empty = await (await get("/recall?q=retry", cookie)).text();
    expect(empty).toContain("Nothing in context: this namespace holds no belief or event yet");
    expect(empty).not.toContain('<pre class="block">');
    await mem.remember("The retry limit is 5");
    const unrelated = await (await get("/recall?q=paint+the+fence", cookie)).text();
    expect(unrelated).toContain("Nothing in context: nothing in this namespace bears on the query.");
    const held = await (await get("/recall?q=retry", cookie)).text();
    expect(held).toMatch(/<pre class="block">[^<]*\[b1\] The retry limit is 5/);
    expect(held).not.toContain("Nothing in context");
  });
});
