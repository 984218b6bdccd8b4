/**
 * The dashboard's static files: htmx and uPlot read from their npm packages (dependencies of
 * strata-memory, so they ship with it and nothing is fetched from a CDN), and the dashboard's
 * own script and stylesheet. Each is read once, on first request, and kept in memory.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { CLIENT_SCRIPT } from "./client-script.js";
import { STYLESHEET } from "./stylesheet.js";

export interface Asset {
  type: string;
  body: string;
}

const JS = "text/javascript; charset=utf-8";
const CSS = "text/css; charset=utf-8";
// Three strata, as a tab icon (served, so the browser does not ask for /favicon.ico).
const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect y="2" width="16" height="3" fill="#0a58ca"/><rect y="7" width="16" height="3" fill="#6cb6ff"/><rect y="12" width="16" height="3" fill="#57606a"/></svg>';
const require = createRequire(import.meta.url);
const fromPackage = (specifier: string) => () => readFileSync(require.resolve(specifier), "utf8");

const SOURCES: Record<string, { type: string; load: () => string }> = {
  "htmx.min.js": { type: JS, load: fromPackage("htmx.org/dist/htmx.min.js") },
  "uplot.min.js": { type: JS, load: fromPackage("uplot/dist/uPlot.iife.min.js") },
  "uplot.min.css": { type: CSS, load: fromPackage("uplot/dist/uPlot.min.css") },
  "dashboard.js": { type: JS, load: () => CLIENT_SCRIPT },
  // Only the Graph page loads it (440 KB): see GRAPH_ASSETS.
  "cytoscape.min.js": { type: JS, load: fromPackage("cytoscape/dist/cytoscape.min.js") },
  "dashboard.css": { type: CSS, load: () => STYLESHEET },
  "favicon.svg": { type: "image/svg+xml", load: () => FAVICON },
};

/** Assets only the Graph page links. */
export const GRAPH_ASSETS = ["cytoscape.min.js"];

/** The names every page links, in the order the layout includes them. */
export const ASSET_NAMES = Object.keys(SOURCES).filter((n) => !GRAPH_ASSETS.includes(n));

const loaded = new Map<string, Asset>();

/** The asset of that name, or null when there is none. */
export function readAsset(name: string): Asset | null {
  // Own names only: `constructor`, `__proto__` or `toString` are the object's, not assets (they
  // answered 500 before attacks25).
  if (!Object.hasOwn(SOURCES, name)) return null;
  const source = SOURCES[name]!;
  let asset = loaded.get(name);
  if (!asset) {
    asset = { type: source.type, body: source.load() };
    loaded.set(name, asset);
  }
  return asset;
}
