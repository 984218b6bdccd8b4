/** The page shell (navigation, namespace picker, sign-out) and the small pieces pages share. */
import { ASSET_NAMES } from "./assets.js";
import { type Html, html } from "./html.js";
import type { View } from "./view.js";

export const PAGES = [
  { path: "", title: "Overview" },
  { path: "/recall", title: "Recall" },
  { path: "/timeline", title: "Timeline" },
  { path: "/review", title: "Review" },
  { path: "/activity", title: "Activity" },
  { path: "/continuity", title: "Continuity" },
  { path: "/graph", title: "Graph" },
  { path: "/audit", title: "Audit" },
  { path: "/admin", title: "Admin" },
] as const;

// htmx must not inject its indicator <style> (the CSP forbids inline styles) nor evaluate code;
// error answers are swapped in too (the server retargets them to the top of the page), so a
// refused action says why instead of doing nothing.
const HTMX_CONFIG = JSON.stringify({
  includeIndicatorStyles: false,
  allowEval: false,
  allowScriptTags: false,
  historyCacheSize: 0,
  responseHandling: [
    { code: "204", swap: false },
    { code: "[23]..", swap: true },
    { code: "[45]..", swap: true, error: false },
  ],
});

function head(base: string, title: string, extraScripts: string[] = []): Html {
  const styles = ASSET_NAMES.filter((n) => n.endsWith(".css"));
  const scripts = [...extraScripts, ...ASSET_NAMES.filter((n) => n.endsWith(".js"))];
  return html`<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="htmx-config" content="${HTMX_CONFIG}">
<title>${title} · Strata</title>
<link rel="icon" href="${base}/assets/favicon.svg" type="image/svg+xml">
${styles.map((n) => html`<link rel="stylesheet" href="${base}/assets/${n}">`)}
${scripts.map((n) => html`<script src="${base}/assets/${n}" defer></script>`)}
</head>`;
}

/** A hidden CSRF field, for every form that posts. */
export const csrfField = (v: View): Html => html`<input type="hidden" name="csrf" value="${v.session.csrf}">`;

/** A one-button form posting to `action` (relative to the dashboard), with extra hidden fields. */
export function postButton(
  v: View,
  action: string,
  label: string,
  fields: Record<string, string> = {},
  className = "",
): Html {
  return html`<form class="inline" method="post" action="${v.base}${action}">${csrfField(v)}${Object.entries(
    fields,
  ).map(
    ([k, val]) => html`<input type="hidden" name="${k}" value="${val}">`,
  )}<button type="submit" class="${className}">${label}</button></form>`;
}

export const itemLink = (v: View, id: string): Html => html`<a href="${v.base}/items/${id}">${id}</a>`;

export const day = (iso: string | null | undefined): string =>
  iso ? iso.slice(0, 16).replace("T", " ") : "—";

export function page(
  v: View,
  current: string,
  title: string,
  body: Html,
  flash?: string,
  extraScripts: string[] = [],
): Html {
  const nav = PAGES.filter((p) => p.path !== "/admin" || v.canAdmin);
  return html`<!doctype html>
<html lang="en">
${head(v.base, title, extraScripts)}
<body hx-boost="true">
<a class="skip" href="#main">Skip to content</a>
<header class="top">
  <span class="brand">Strata</span>
  <nav class="pages" aria-label="Pages"><ul>${nav.map(
    (p) =>
      html`<li><a href="${v.base}${p.path}"${p.path === current ? html` aria-current="page"` : ""}${p.path === "/graph" ? html` hx-boost="false"` : ""}>${p.title}</a></li>`,
  )}</ul></nav>
  <div class="who">
    <form class="inline" method="post" action="${v.base}/namespace" hx-boost="false">${csrfField(v)}
      <label>Namespace <input name="namespace" list="namespaces" value="${v.refusedNamespace?.typed ?? v.namespace}" size="14" required${
        v.refusedNamespace ? html` aria-invalid="true" aria-describedby="namespace-error"` : ""
      }></label>
      <datalist id="namespaces">${v.namespaces.map((n) => html`<option value="${n}"></option>`)}</datalist>
      <button type="submit">Switch</button>
    </form>
    <span title="API key">${v.key.name} (${v.key.scope})</span>
    <form class="inline" method="post" action="${v.base}/signout" hx-boost="false">${csrfField(v)}<button type="submit">Sign out</button></form>
  </div>
</header>
<main id="main">
<h1>${title}</h1>
${
  v.refusedNamespace
    ? html`<p class="notice error" id="namespace-error" role="alert"><strong>${v.refusedNamespace.code}</strong>: ${v.refusedNamespace.message} Still viewing ${v.namespace}.</p>`
    : ""
}
${flash ? html`<p class="notice" role="status">${flash}</p>` : ""}
${body}
</main>
</body>
</html>`;
}

/** A page without the shell (sign-in, errors before sign-in). */
export function bare(base: string, title: string, body: Html): Html {
  return html`<!doctype html>
<html lang="en">
${head(base, title)}
<body><main id="main">${body}</main></body>
</html>`;
}
