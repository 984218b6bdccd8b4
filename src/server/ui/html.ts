/**
 * A small HTML template tag: every interpolated value is escaped unless it is itself `Html`
 * (built by this tag or `raw`). Arrays are joined, and null, undefined and false render as
 * nothing, so pages read as markup with conditions inline.
 *
 *   const row = html`<li>${belief.text}</li>`;   // text escaped
 *   const list = html`<ul>${items.map(row)}</ul>`;
 */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);

function render(value: unknown): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? "";
  for (let i = 0; i < values.length; i++) out += render(values[i]) + (strings[i + 1] ?? "");
  return new Html(out);
}

/** Markup trusted as is (only for strings this module's callers built themselves). */
export const raw = (s: string): Html => new Html(s);
