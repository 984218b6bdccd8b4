/**
 * The dashboard: a Hono sub-app serving server-rendered pages over the operations registry. It
 * holds no memory logic: every read and change is an operation run as the signed-in key, in the
 * namespace being viewed, after authorize() checked the key's namespaces and scope.
 *
 *   const app = new Hono();
 *   app.route("/ui", createDashboard({ memory }));   // base defaults to /ui
 *
 * Sign-in takes an API key by form POST; the browser then holds only a random session id in an
 * HttpOnly, SameSite=Strict cookie. Every form that posts carries the session's CSRF token, and
 * a POST from another origin is refused. The Content-Security-Policy allows only this origin's
 * scripts and styles, and no inline ones.
 */

import type { Context } from "hono";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { matchedRoutes } from "hono/route";
import { streamSSE } from "hono/streaming";
import {
  type ApiKeyView,
  authorize,
  createApiKeyAs,
  keyActor,
  listApiKeys,
  managesKey,
  patternCovers,
  revokeApiKey,
  verifyApiKey,
} from "../../access/api-keys.js";
import type { Memory } from "../../core/engine.js";
import { counted, StrataError, utf8Text } from "../../core/errors.js";
import { NamespaceSchema } from "../../core/model.js";
import { type Access, allows, OPERATION_BY_NAME, runOperation } from "../../core/operations/index.js";
import type { Clock } from "../../core/ports.js";
import { parseInput } from "../../core/validate.js";
import { nonUtf8Parameter } from "../query.js";
import { dashboardWording } from "../wording.js";
import { GRAPH_ASSETS, readAsset } from "./assets.js";
import { type Html, html } from "./html.js";
import { bare, page } from "./layout.js";
import { renderActivity, type SleepReport } from "./pages/activity.js";
import {
  type CreatedKey,
  keyFieldErrors,
  noteIssue,
  type RefusedKey,
  type RefusedNote,
  renderAdmin,
  renderRevokeConfirmation,
} from "./pages/admin.js";
import { renderAudit, renderVerification } from "./pages/audit.js";
import { renderContinuity } from "./pages/continuity.js";
import { renderGraph } from "./pages/graph.js";
import { renderForgetConfirmation, renderItem } from "./pages/item.js";
import { renderOverview } from "./pages/overview.js";
import { renderRecall } from "./pages/recall.js";
import { describeJudgment, judgedCard, renderReview, VERDICTS } from "./pages/review.js";
import { renderTimeline } from "./pages/timeline.js";
import type { WorkerStatus } from "./pages/worker-runs.js";
import { type RandomSource, type Session, SessionStore } from "./session.js";
import type { View } from "./view.js";

export interface DashboardOptions {
  /** The engine the pages read and change, through the operations registry. */
  memory: Memory;
  /** Clock for session expiry and "today". Default: the memory's clock. */
  clock?: Clock;
  /** Path the dashboard is mounted at, for its links. Default `/ui`. */
  base?: string;
  /** How long a session lasts after sign-in. Default 8 hours. */
  sessionTtlMs?: number;
  /** Random bytes for session ids and CSRF tokens. Default node:crypto. */
  random?: RandomSource;
  /** Mark the cookie Secure: always, never, or when the request came over https (default `auto`). */
  secureCookie?: boolean | "auto";
  /** How often the live stream checks whether the audit head moved, in ms. Default 2000. */
  liveIntervalMs?: number;
  /** Namespace shown after sign-in when the key covers it. Default `default`. */
  defaultNamespace?: string;
}

export const SESSION_COOKIE = "strata_session";

/** Content-Security-Policy of every dashboard answer: this origin only, nothing inline. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "font-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "object-src 'none'",
].join("; ");

const STATUS_BY_CODE: Partial<Record<string, 400 | 401 | 403 | 404 | 409 | 410 | 423 | 429>> = {
  INVALID_INPUT: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  FORGOTTEN: 410,
  BUSY: 423,
  RATE_LIMITED: 429,
};

type Env = { Variables: { view: View } };

/**
 * The path without its last slashes. Not `/\/+$/`: before any sign-in, a path of 16,000 slashes
 * and one letter cost that regex 0.8 s of the server's one thread (it restarts at every slash).
 */
const withoutTrailingSlashes = (path: string): string => {
  let end = path.length;
  while (end > 0 && path[end - 1] === "/") end--;
  return path.slice(0, end);
};

/** A path inside the dashboard to return to after an action; anything else is the Overview. */
const safeBack = (back: unknown): string =>
  typeof back === "string" && /^\/(?!\/)[A-Za-z0-9/_\-.?=&%]*$/.test(back) ? back : "/";

/**
 * A form's fields, read from its bytes. The platform's form decoder reads a byte that is not UTF-8
 * (the body's own, or one a percent-escape names: `note=caf%E9`) as U+FFFD, so a form could store
 * a text its sender never wrote (a worker request's note) in silence; such a form is refused
 * (INVALID_INPUT, the field named), nothing done. The dashboard's pages send UTF-8 forms.
 */
async function readForm(c: Context): Promise<Record<string, string | File>> {
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  const text = utf8Text(bytes, "The form");
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const name = type === "application/x-www-form-urlencoded" ? nonUtf8Parameter(text) : null;
  if (name !== null)
    throw new StrataError(
      "INVALID_INPUT",
      `The form's field "${name}" is not UTF-8: a percent-escape (such as %E9) names a byte that starts no UTF-8 character. Send the form as UTF-8, as the dashboard's own pages do. Nothing was changed.`,
      { field: name },
    );
  return c.req.parseBody();
}

const field = (body: Record<string, unknown>, name: string): string => {
  const value = body[name];
  return typeof value === "string" ? value : "";
};

const reviewPath = (mode: string) => (mode === "review" ? "/review?mode=review" : "/review");

const isHtmx = (c: Context) => c.req.header("HX-Request") === "true";

/**
 * Whether a route of the dashboard answers this method and path: a handler besides the middleware
 * (`use`, registered for every method) matched. Read inside the dashboard's own middleware, which
 * runs before any handler.
 */
const routed = (c: Context) => matchedRoutes(c).some((r) => r.method !== "ALL");

export function createDashboard(options: DashboardOptions): Hono<Env> {
  const { memory } = options;
  const clock = options.clock ?? memory.clock;
  const base = options.base ?? "/ui";
  const ttlMs = options.sessionTtlMs ?? 8 * 3_600_000;
  const sessions = new SessionStore({
    store: memory.store,
    clock,
    ttlMs,
    ...(options.random ? { random: options.random } : {}),
  });
  const liveIntervalMs = options.liveIntervalMs ?? 2000;
  const app = new Hono<Env>();

  app.use("*", async (c, next) => {
    await next();
    c.res.headers.set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    c.res.headers.set("X-Content-Type-Options", "nosniff");
    c.res.headers.set("Referrer-Policy", "same-origin");
    c.res.headers.set("X-Frame-Options", "DENY");
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  });

  app.onError((err, c) => {
    const known = err instanceof StrataError;
    const status = known ? (STATUS_BY_CODE[err.code] ?? 500) : 500;
    const message = known
      ? dashboardWording(err.message)
      : "The dashboard failed to answer; the server log has the details.";
    const notice = html`<div class="notice error" role="alert"><p><strong>${known ? err.code : "ERROR"}</strong>: ${message}</p></div>`;
    if (isHtmx(c)) {
      c.header("HX-Retarget", "#main");
      c.header("HX-Reswap", "afterbegin");
      return c.html(notice.toString(), status);
    }
    const view = c.get("view");
    const body = html`${notice}<p><a href="${base}">Back to the Overview</a></p>`;
    return c.html((view ? page(view, "none", "Error", body) : bare(base, "Error", body)).toString(), status);
  });

  // ------------------------------------------------------------------ assets (no session needed)
  app.use("/assets/*", compress());
  app.get("/assets/:name", (c) => {
    const asset = readAsset(c.req.param("name"));
    if (!asset) return c.text("Not found", 404);
    return c.body(asset.body, 200, { "Content-Type": asset.type, "Cache-Control": "public, max-age=3600" });
  });

  // ------------------------------------------------------------------ sign-in and sign-out
  const signinPage = (error?: string) =>
    bare(
      base,
      "Sign in",
      html`<div class="signin card"><h1>Sign in to Strata</h1>
${error ? html`<p class="notice error" id="key-error" role="alert">${error}</p>` : ""}
<form method="post" action="${base}/signin">
<label>API key <input type="password" name="key" autocomplete="current-password" required autofocus placeholder="sk_strata_…"${error ? html` aria-invalid="true" aria-describedby="key-error"` : ""}></label>
<p><button type="submit" class="primary">Sign in</button></p>
</form>
<p class="muted">The key stays on the server; your browser keeps only a session cookie. No key yet? On the server's machine: <code>strata keys create --name you --scope admin --namespaces '*'</code> (with the server's <code>--db</code>); it is printed once. From then on every REST and MCP caller needs a key too.</p></div>`,
    ).toString();

  app.get("/signin", (c) => c.html(signinPage()));

  app.post("/signin", async (c) => {
    refuseCrossOrigin(c);
    const body = await readForm(c);
    const key = await verifyApiKey(memory.store, field(body, "key"));
    if (!key) return c.html(signinPage("That key is not valid: unknown, revoked or mistyped."), 401);
    const session = await sessions.create(key.id, await firstNamespace(key));
    setCookie(c, SESSION_COOKIE, session.id, {
      httpOnly: true,
      sameSite: "Strict",
      path: base,
      secure:
        options.secureCookie === "auto" || options.secureCookie === undefined
          ? new URL(c.req.url).protocol === "https:"
          : options.secureCookie,
      maxAge: Math.floor(ttlMs / 1000),
    });
    return c.redirect(base, 303);
  });

  async function firstNamespace(key: ApiKeyView): Promise<string> {
    const wanted = options.defaultNamespace ?? "default";
    if (key.namespaces.some((p) => patternCovers(p, wanted))) return wanted;
    const literal = key.namespaces.find((p) => !p.endsWith("*"));
    if (literal) return literal;
    const known = (await memory.store.auditNamespaces()).find((n) =>
      key.namespaces.some((p) => patternCovers(p, n)),
    );
    // A key with only prefixes and nothing stored yet: its first prefix, as a namespace name.
    return known ?? (key.namespaces[0]!.replace(/\*$/, "") || wanted);
  }

  function refuseCrossOrigin(c: Context) {
    const origin = c.req.header("Origin");
    if (origin && origin !== new URL(c.req.url).origin)
      throw new StrataError(
        "FORBIDDEN",
        "A form from another site cannot act here. Use the dashboard's own pages.",
      );
  }

  // ------------------------------------------------------------------ every other route needs a session
  /** The live session with this id and its key, or null (no session, expired, or key revoked). */
  async function signedIn(
    sessionId: string | undefined,
  ): Promise<{ session: Session; key: ApiKeyView } | null> {
    const session = await sessions.get(sessionId);
    if (!session) return null;
    const key = (await listApiKeys(memory.store)).find((k) => k.id === session.keyId && k.revokedAt === null);
    if (key) return { session, key };
    await sessions.end(session);
    return null;
  }

  app.use("*", async (c, next) => {
    const found = await signedIn(getCookie(c, SESSION_COOKIE));
    // A path no page answers is a 404 page, signed in or not (nothing behind it to protect);
    // every real page, an item's included whatever its id, still needs the session.
    if (!routed(c)) {
      // "/ui/" is the Overview, as "/ui/recall/" is Recall: the address without its last slash.
      const url = new URL(c.req.url);
      if (c.req.method === "GET" && url.pathname.endsWith("/"))
        return c.redirect(withoutTrailingSlashes(url.pathname) + url.search, 301);
      if (found) c.set("view", await viewFor(found.session, found.key, c.req.path));
      throw new StrataError(
        "NOT_FOUND",
        `The dashboard has no page ${c.req.method === "GET" ? "" : `${c.req.method} `}${url.pathname}: check the address, or start from the Overview.`,
      );
    }
    if (!found) {
      if (c.req.method === "GET" && !isHtmx(c)) return c.redirect(`${base}/signin`, 303);
      c.header("HX-Redirect", `${base}/signin`);
      throw new StrataError("UNAUTHORIZED", "Sign in again: the session ended or its key was revoked.");
    }
    const { session, key } = found;
    if (c.req.method !== "GET") {
      refuseCrossOrigin(c);
      const body = await readForm(c);
      const token = field(body, "csrf") || c.req.header("X-CSRF-Token") || "";
      if (token !== session.csrf)
        throw new StrataError(
          "FORBIDDEN",
          "This form is stale or came from elsewhere: reload the page and try again.",
        );
    }
    c.set("view", await viewFor(session, key, c.req.path));
    await next();
  });

  /** `page` is the address asked for, which a refusal names (`Invalid page /ui/items/xyz: …`). */
  async function viewFor(session: Session, key: ApiKeyView, page: string): Promise<View> {
    const namespace = session.namespace;
    const actor = memory.withActor(keyActor(key));
    const known = await memory.store.auditNamespaces();
    const namespaces = [
      ...new Set([
        namespace,
        ...key.namespaces.filter((p) => !p.endsWith("*")),
        ...known.filter((n) => key.namespaces.some((p) => patternCovers(p, n))),
      ]),
    ].sort();
    const coversNamespace = key.namespaces.some((p) => patternCovers(p, namespace));
    return {
      base,
      key,
      session,
      namespace,
      namespaces,
      canWrite: coversNamespace && allows(key.scope, "write"),
      canAdmin: coversNamespace && allows(key.scope, "admin"),
      now: clock.now(),
      async call<T>(name: string, input?: unknown): Promise<T> {
        const op = OPERATION_BY_NAME.get(name);
        if (!op) throw new StrataError("NOT_FOUND", `No operation named ${name}.`);
        authorize(key, namespace, op.access);
        return (await runOperation(op, input ?? {}, { memory: actor, namespace }, `page ${page}`)) as T;
      },
    };
  }

  const takeFlash = async (v: View) => {
    const flash = v.session.flash;
    if (flash === undefined) return undefined;
    v.session.flash = undefined;
    await sessions.save(v.session);
    return flash;
  };
  const show = async (
    c: Context<Env>,
    current: string,
    title: string,
    body: Html,
    status: 200 | 400 | 403 = 200,
  ) => c.html(page(c.var.view, current, title, body, await takeFlash(c.var.view)).toString(), status);
  const done = async (c: Context<Env>, message: string, back: string) => {
    c.var.view.session.flash = message;
    await sessions.save(c.var.view.session);
    return c.redirect(base + (safeBack(back) === "/" ? "" : safeBack(back)), 303);
  };

  app.post("/signout", async (c) => {
    await sessions.end(c.var.view.session);
    deleteCookie(c, SESSION_COOKIE, { path: base });
    return c.redirect(`${base}/signin`, 303);
  });

  app.post("/namespace", async (c) => {
    const body = await readForm(c);
    const typed = field(body, "namespace").trim();
    let namespace: string;
    try {
      namespace = parseInput(NamespaceSchema, typed, "namespace");
      authorize(c.var.view.key, namespace, "read");
    } catch (error) {
      // Not a namespace, or one the key does not cover: the Overview of the namespace still viewed,
      // the picker as typed with the refusal under it (before newcomer45 an error page replaced it).
      if (!(error instanceof StrataError) || (error.code !== "INVALID_INPUT" && error.code !== "FORBIDDEN"))
        throw error;
      const v = c.var.view;
      v.refusedNamespace = { typed, code: error.code, message: dashboardWording(error.message) };
      return show(c, "", "Overview", await renderOverview(v), error.code === "FORBIDDEN" ? 403 : 400);
    }
    c.var.view.session.namespace = namespace;
    return done(c, `Now viewing namespace ${namespace}.`, "/");
  });

  // ------------------------------------------------------------------ pages
  app.get("/", async (c) => show(c, "", "Overview", await renderOverview(c.var.view)));
  app.get("/recall", async (c) => {
    const { body, status } = await renderRecall(c.var.view, {
      query: c.req.query("q"),
      at: c.req.query("at"),
      budget: c.req.query("budget"),
    });
    return show(c, "/recall", "Recall", body, status);
  });
  app.get("/timeline", async (c) => {
    const { body, status } = await renderTimeline(c.var.view, {
      at: c.req.query("at"),
      query: c.req.query("query"),
    });
    return show(c, "/timeline", "Timeline", body, status);
  });
  app.get("/review", async (c) =>
    show(c, "/review", "Review queue", await renderReview(c.var.view, c.req.query("mode") ?? "")),
  );
  app.get("/activity", async (c) => show(c, "/activity", "Activity", await renderActivity(c.var.view)));
  app.get("/continuity", async (c) =>
    show(c, "/continuity", "Continuity", await renderContinuity(c.var.view)),
  );
  app.get("/graph", async (c) =>
    c.html(
      page(
        c.var.view,
        "/graph",
        "Graph",
        await renderGraph(c.var.view),
        await takeFlash(c.var.view),
        GRAPH_ASSETS,
      ).toString(),
    ),
  );
  app.get("/audit", async (c) => show(c, "/audit", "Audit", await renderAudit(c.var.view)));
  app.get("/audit/verify", async (c) => {
    const fragment = await renderVerification(c.var.view);
    return isHtmx(c) ? c.html(fragment.toString()) : show(c, "/audit", "Audit", fragment);
  });
  app.get("/audit/export/:part{[0-9]+\\.jsonl}", async (c) => {
    const n = Number.parseInt(c.req.param("part"), 10);
    const { files } = await c.var.view.call<{ files: string[] }>("exportAuditJsonl");
    const file = files[n - 1];
    if (file === undefined)
      throw new StrataError("NOT_FOUND", `The export has ${files.length} parts; there is no part ${n}.`);
    return c.body(file, 200, {
      "Content-Type": "application/x-ndjson; charset=utf-8",
      "Content-Disposition": `attachment; filename="audit-${c.var.view.namespace.replace(/[^A-Za-z0-9._-]/g, "_")}-${n}.jsonl"`,
    });
  });
  // ------------------------------------------------------------------ admin: keys and the worker
  const adminOnly = (v: View) => {
    if (!allows(v.key.scope, "admin"))
      throw new StrataError("FORBIDDEN", "The Admin page needs a key with scope admin.");
  };
  const adminPage = async (
    c: Context<Env>,
    created?: CreatedKey,
    refused?: RefusedKey,
    status: 200 | 400 | 403 | 409 = 200,
    refusedNote?: RefusedNote,
  ) => {
    const worker = await c.var.view.call<WorkerStatus>("workerStatus");
    const body = await renderAdmin(c.var.view, memory.store, worker, created, refused, refusedNote);
    return c.html(page(c.var.view, "/admin", "Admin", body, await takeFlash(c.var.view)).toString(), status);
  };
  app.get("/admin", async (c) => {
    adminOnly(c.var.view);
    return adminPage(c);
  });
  // The new key is shown in this answer only: never in a redirect, the session or a log.
  app.post("/admin/keys", async (c) => {
    const v = c.var.view;
    adminOnly(v);
    const body = await readForm(c);
    const values = {
      name: field(body, "name"),
      scope: field(body, "scope"),
      namespaces: field(body, "namespaces"),
    };
    const namespaces = values.namespaces.split(/[\s,]+/).filter(Boolean);
    try {
      const created = await createApiKeyAs(
        memory.store,
        v.key,
        { name: values.name.trim(), scope: values.scope as Access, namespaces },
        clock,
      );
      return adminPage(c, created);
    } catch (error) {
      // A refusal of what was typed: the form again, as typed, with what is wrong under each field
      // (before newcomer43 an error page replaced the form and what was typed was lost).
      const errors = error instanceof StrataError ? keyFieldErrors(error, namespaces) : null;
      if (!errors || !(error instanceof StrataError)) throw error;
      const status = error.code === "CONFLICT" ? 409 : error.code === "FORBIDDEN" ? 403 : 400;
      return adminPage(c, undefined, { values, errors, code: error.code }, status);
    }
  });
  const managedKey = async (v: View, id: string) => {
    adminOnly(v);
    const key = (await listApiKeys(memory.store)).find((k) => k.id === id);
    if (!key || !managesKey(v.key, key))
      throw new StrataError("NOT_FOUND", `No API key ${id} within your key's namespaces.`);
    return key;
  };
  app.get("/admin/keys/:id/revoke", async (c) => {
    const key = await managedKey(c.var.view, c.req.param("id"));
    return show(c, "/admin", `Revoke ${key.name}?`, renderRevokeConfirmation(c.var.view, key));
  });
  app.post("/admin/keys/:id/revoke", async (c) => {
    const key = await managedKey(c.var.view, c.req.param("id"));
    const body = await readForm(c);
    if (field(body, "confirm") !== "yes") return c.redirect(`${base}/admin/keys/${key.id}/revoke`, 303);
    await revokeApiKey(memory.store, key.id, clock, c.var.view.key);
    return done(c, `Revoked key ${key.name} (${key.id}): it no longer works anywhere.`, "/admin");
  });
  app.post("/admin/worker/request", async (c) => {
    adminOnly(c.var.view);
    const body = await readForm(c);
    const note = field(body, "note").trim();
    try {
      await c.var.view.call("requestConsolidation", note ? { note } : {});
    } catch (error) {
      // A note the engine refuses (over 500 characters, only past the field's maxlength): the
      // form again with the note as typed and the refusal under it, not a page about the address.
      const issue = error instanceof StrataError && error.code === "INVALID_INPUT" ? noteIssue(error) : null;
      if (issue === null) throw error;
      return adminPage(c, undefined, undefined, 400, { note, code: "INVALID_INPUT", error: issue });
    }
    return done(c, `Asked the worker to consolidate ${c.var.view.namespace} at its next tick.`, "/admin");
  });
  app.get("/items/:id", async (c) =>
    show(c, "none", c.req.param("id"), await renderItem(c.var.view, c.req.param("id"))),
  );
  app.get("/items/:id/forget", async (c) =>
    show(
      c,
      "",
      `Forget ${c.req.param("id")}?`,
      await renderForgetConfirmation(c.var.view, c.req.param("id")),
    ),
  );

  // ------------------------------------------------------------------ actions
  app.post("/items/:id/:action{outcome|pin|unpin|restore|forget}", async (c) => {
    const v = c.var.view;
    const id = c.req.param("id");
    const action = c.req.param("action");
    const body = await readForm(c);
    const back = field(body, "back") || `/items/${id}`;
    if (action === "forget") {
      if (field(body, "confirm") !== "yes") return c.redirect(`${base}/items/${id}/forget`, 303);
      const result = await v.call<{ forgotten: { id: string }[]; wrapCancelled: number | null }>("forget", {
        id,
      });
      // An open session wrap whose package showed the item was cancelled: the agent's save would be refused.
      const wrap =
        result.wrapCancelled === null
          ? ""
          : ` Session wrap ${result.wrapCancelled} was cancelled: its package showed the forgotten text, so its save is refused and the agent prepares a new one.`;
      return done(c, `Forgot ${result.forgotten.map((f) => f.id).join(", ")}.${wrap}`, `/items/${id}`);
    }
    if (action === "outcome") {
      const success = field(body, "success") === "true";
      const r = await v.call<{ confidenceBefore: number; confidenceAfter: number }>("outcome", {
        id,
        success,
      });
      return done(
        c,
        `Recorded that ${id} ${success ? "worked" : "failed"}: confidence ${r.confidenceBefore.toFixed(2)} → ${r.confidenceAfter.toFixed(2)}.`,
        back,
      );
    }
    await v.call(action, { id });
    return done(
      c,
      `${action === "restore" ? "Restored" : action === "pin" ? "Pinned" : "Unpinned"} ${id}.`,
      back,
    );
  });

  app.post("/review/judge", async (c) => {
    const body = await readForm(c);
    const pair = { a: field(body, "a"), b: field(body, "b") };
    const verdict = field(body, "verdict");
    if (!(VERDICTS as readonly string[]).includes(verdict))
      throw new StrataError("INVALID_INPUT", `A verdict is one of ${VERDICTS.join(", ")}.`);
    const report = await c.var.view.call<SleepReport>("judge", { judgments: [{ ...pair, verdict }] });
    if (isHtmx(c)) return c.html(judgedCard(c.var.view, pair, verdict, report).toString());
    const { summary } = describeJudgment(report);
    return done(c, `Judged ${pair.a} and ${pair.b}: ${verdict}. ${summary}`, reviewPath(field(body, "mode")));
  });

  // Batch: one field per pair, `v:<a>:<b>` = a verdict or `leave`; applied in one judge call.
  app.post("/review/batch", async (c) => {
    const body = await readForm(c);
    const judgments = Object.entries(body).flatMap(([name, value]) => {
      const m = /^v:([^:]+):([^:]+)$/.exec(name);
      if (!m || value === "leave") return [];
      if (typeof value !== "string" || !(VERDICTS as readonly string[]).includes(value))
        throw new StrataError("INVALID_INPUT", `A verdict is leave or one of ${VERDICTS.join(", ")}.`);
      return [{ a: m[1]!, b: m[2]!, verdict: value }];
    });
    const back = reviewPath(field(body, "mode"));
    if (judgments.length === 0) return done(c, "No verdict chosen: nothing was judged.", back);
    const report = await c.var.view.call<SleepReport>("judge", { judgments });
    return done(c, `Judged ${counted(judgments.length, "pair")}. ${describeJudgment(report).summary}`, back);
  });

  app.post("/activity/consolidate", async (c) => {
    const report = await c.var.view.call<SleepReport>("consolidate");
    return show(c, "/activity", "Activity", await renderActivity(c.var.view, report));
  });
  app.post("/activity/maintain", async (c) => {
    const r = await c.var.view.call<{
      counts: Record<string, number>;
      activeBefore: number;
      activeAfter: number;
    }>("maintain");
    const did =
      Object.entries(r.counts)
        .filter(([, n]) => n > 0)
        .map(([a, n]) => `${a} ${n}`)
        .join(", ") || "nothing to do";
    return done(c, `Maintenance: ${did}; active ${r.activeBefore} → ${r.activeAfter}.`, "/activity");
  });

  // ------------------------------------------------------------------ live updates
  app.get("/events", (c) => {
    const v = c.var.view;
    return streamSSE(c, async (stream) => {
      let last = -1;
      // Ends when the browser goes, the session expires or its key is revoked.
      while (!stream.aborted && !stream.closed && (await signedIn(v.session.id))) {
        const stats = await v.call<{ audit: { entries: number } }>("stats");
        if (stats.audit.entries !== last) {
          last = stats.audit.entries;
          await stream.writeSSE({ event: "head", data: String(last) });
        }
        await stream.sleep(liveIntervalMs);
      }
    });
  });

  return app;
}
