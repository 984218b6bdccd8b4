/**
 * The dashboard's stylesheet, served as /ui/assets/dashboard.css (no inline styles: the
 * Content-Security-Policy allows only the app's own files). Light and dark follow
 * prefers-color-scheme; colours meet WCAG AA contrast on their backgrounds; focus is always
 * visible.
 */
export const STYLESHEET = String.raw`:root {
  color-scheme: light dark;
  --bg: #ffffff; --fg: #1b1f24; --muted: #57606a; --rule: #d0d7de; --panel: #f6f8fa;
  --accent: #0a58ca; --accent-fg: #ffffff; --ok: #116329; --bad: #a40e26; --warn: #7a4d00;
  --ins: #d2f4dc; --del: #ffe1e4;
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0f1419; --fg: #e6edf3; --muted: #9da7b3; --rule: #30363d; --panel: #161b22;
    --accent: #6cb6ff; --accent-fg: #0f1419; --ok: #56d364; --bad: #ff7b72; --warn: #e3b341;
    --ins: #12361f; --del: #4a1419;
  }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 8px; top: 8px; background: var(--bg); padding: 4px 8px; z-index: 10; }
header.top { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; padding: 8px 20px;
  border-bottom: 1px solid var(--rule); background: var(--panel); }
header.top .brand { font-weight: 700; margin-right: 8px; }
nav.pages ul { display: flex; flex-wrap: wrap; gap: 4px 12px; list-style: none; margin: 0; padding: 0; }
nav.pages a { text-decoration: none; padding: 2px 4px; border-radius: 4px; }
nav.pages a[aria-current="page"] { background: var(--accent); color: var(--accent-fg); }
header.top .who { margin-left: auto; display: flex; gap: 8px; align-items: center; color: var(--muted); }
header.top .who form { display: flex; gap: 6px; align-items: center; }
header.top .who label { flex-direction: row; align-items: center; gap: 6px; }
main { max-width: 1100px; margin: 0 auto; padding: 16px 20px 48px; }
h1 { font-size: 1.5rem; margin: 8px 0 16px; }
h2 { font-size: 1.15rem; margin: 24px 0 8px; }
.grid { display: grid; gap: 16px; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); }
.card { border: 1px solid var(--rule); border-radius: 8px; padding: 12px 16px; background: var(--panel); }
.card h2 { margin-top: 0; }
article.card { margin: 12px 0; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--rule); vertical-align: top; }
th { font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.muted { color: var(--muted); }
.badge { display: inline-block; padding: 1px 8px; border-radius: 999px; border: 1px solid currentColor; font-size: 0.85rem; }
.badge.ok { color: var(--ok); } .badge.bad { color: var(--bad); } .badge.warn { color: var(--warn); }
form.inline { display: inline; }
.row { display: flex; flex-wrap: wrap; gap: 8px; align-items: end; margin: 8px 0; }
label { display: flex; flex-direction: column; gap: 2px; font-size: 0.9rem; }
input, select, button, textarea { font: inherit; color: var(--fg); background: var(--bg);
  border: 1px solid var(--muted); border-radius: 6px; padding: 4px 8px; }
input[type="search"] { min-width: 320px; }
[aria-invalid="true"] { border-color: var(--bad); box-shadow: 0 0 0 1px var(--bad); }
button { cursor: pointer; background: var(--panel); }
button.primary { background: var(--accent); color: var(--accent-fg); border-color: var(--accent); }
button.danger { color: var(--bad); border-color: var(--bad); }
ol.hits { padding-left: 1.2em; } ol.hits li { margin: 8px 0; }
.why { font-size: 0.85rem; color: var(--muted); }
.pair { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
.pair > div { border: 1px solid var(--rule); border-radius: 6px; padding: 8px; }
fieldset.batch { border: 1px dashed var(--rule); border-radius: 6px; padding: 4px 8px; margin: 8px 0; }
fieldset.batch legend { font-size: 0.85rem; color: var(--muted); }
label.choice { flex-direction: row; align-items: center; gap: 4px; }
ins { background: var(--ins); text-decoration: none; } del { background: var(--del); }
pre.block { white-space: pre-wrap; background: var(--panel); border: 1px solid var(--rule); padding: 12px; border-radius: 6px; }
.notice { border-left: 4px solid var(--accent); padding: 8px 12px; background: var(--panel); margin: 8px 0; }
.error { border-left-color: var(--bad); }
.chart { min-height: 190px; }
.graph { position: relative; height: 420px; border: 1px solid var(--rule); border-radius: 8px; background: var(--panel); }
section.card { margin: 16px 0; }
details.run { margin: 8px 0; } details.run summary { cursor: pointer; font-weight: 600; }
#new-key-secret { font-family: ui-monospace, monospace; width: 100%; }
.signin { max-width: 420px; margin: 10vh auto; }
.signin input { width: 100%; }
`;
