/**
 * Human rendering helpers shared by every command's `render*` function: a colour palette that is
 * a no-op when colour is off, aligned tables and key/value blocks, a word as a shell reads it back.
 * Pure: they return strings.
 */
import picocolors from "picocolors";

export interface Style {
  readonly bold: (s: string) => string;
  readonly dim: (s: string) => string;
  readonly id: (s: string) => string;
  readonly good: (s: string) => string;
  readonly bad: (s: string) => string;
  readonly warn: (s: string) => string;
  readonly heading: (s: string) => string;
}

/**
 * Whether the human output is coloured, by the conventions other tools keep: never under `--json`;
 * `NO_COLOR` set to anything but the empty string turns it off (no-color.org: an empty value is as
 * if unset), and an explicit "no colour" wins; else `FORCE_COLOR` set to anything but the empty
 * string, `0` or `false` turns it on even in a pipe (force-color.org); else only on a terminal.
 *
 *   colourWanted({ isTTY: true, env: { NO_COLOR: "1" }, json: false });  // → false
 *   colourWanted({ isTTY: true, env: { NO_COLOR: "" }, json: false });   // → true
 *   colourWanted({ isTTY: false, env: { FORCE_COLOR: "1" }, json: false }); // → true
 */
export function colourWanted(o: {
  isTTY: boolean;
  env: Readonly<Record<string, string | undefined>>;
  json: boolean;
}): boolean {
  if (o.json) return false;
  if (o.env.NO_COLOR !== undefined && o.env.NO_COLOR !== "") return false;
  const force = o.env.FORCE_COLOR;
  if (force !== undefined && force !== "") return force !== "0" && force.toLowerCase() !== "false";
  return o.isTTY;
}

/** `createStyle(false)` returns identity functions, so renders are plain text in tests and pipes. */
export function createStyle(color: boolean): Style {
  const c = picocolors.createColors(color);
  return {
    bold: c.bold,
    dim: c.dim,
    id: c.cyan,
    good: c.green,
    bad: c.red,
    warn: c.yellow,
    heading: (s) => c.bold(c.magenta(s)),
  };
}

export const plain: Style = createStyle(false);

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching ANSI escape sequences is the point
const ANSI = /\u001b\[[0-9;]*m/g;
const visibleWidth = (s: string) => s.replace(ANSI, "").length;

/** Cuts a string to `max` visible characters with an ellipsis; flattens newlines. */
export function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, Math.max(0, max - 1))}…`;
}

export interface Column<T> {
  header: string;
  value: (row: T) => string;
  /** Right-align (numbers). */
  right?: boolean;
  /** Colour applied after padding, so alignment ignores escape codes. */
  color?: (s: string) => string;
}

/**
 * An aligned table; the last column is never padded so long text does not leave trailing spaces.
 *
 *   table(rows, [{ header: "ID", value: (r) => r.id }, { header: "TEXT", value: (r) => r.text }], style)
 */
export function table<T>(rows: readonly T[], columns: readonly Column<T>[], style: Style): string {
  const cells = rows.map((r) => columns.map((c) => c.value(r)));
  const widths = columns.map((c, i) =>
    Math.max(c.header.length, ...cells.map((row) => visibleWidth(row[i]!))),
  );
  const last = columns.length - 1;
  const pad = (s: string, i: number, right: boolean) => {
    if (i === last && !right) return s;
    const gap = " ".repeat(widths[i]! - visibleWidth(s));
    return right ? gap + s : s + gap;
  };
  const header = columns.map((c, i) => style.dim(pad(c.header, i, c.right ?? false))).join("  ");
  const body = cells.map((row) =>
    row
      .map((cell, i) => {
        const col = columns[i]!;
        const padded = pad(cell, i, col.right ?? false);
        return col.color ? col.color(padded) : padded;
      })
      .join("  "),
  );
  return [header, ...body].join("\n");
}

/** `key  value` lines with the keys aligned; undefined values are left out. */
export function keyValues(pairs: readonly [string, string | undefined][], style: Style): string {
  const shown = pairs.filter((p): p is [string, string] => p[1] !== undefined);
  const width = Math.max(0, ...shown.map(([k]) => k.length));
  return shown.map(([k, v]) => `${style.dim(k.padEnd(width))}  ${v}`).join("\n");
}

/** A count with its noun, singular for one (core's, one helper): `counted(2, "entry", "entries")` → "2 entries". */
export { counted } from "../core/errors.js";

/** 0.6666 → "0.67". */
export const fixed2 = (x: number) => x.toFixed(2);

/** An ISO timestamp shortened to minutes, UTC: 2026-03-02 09:00. */
export const shortTime = (iso: string | null | undefined) => (iso ? iso.slice(0, 16).replace("T", " ") : "—");

/** "2026-03-02 → now" style validity interval. */
export const interval = (from: string, to: string | null) =>
  `${shortTime(from)} → ${to ? shortTime(to) : "now"}`;

/** Indents every non-empty line. */
export const indent = (text: string, by = "  ") =>
  text
    .split("\n")
    .map((l) => (l.length ? by + l : l))
    .join("\n");

/**
 * A word a shell (zsh too, where "?" in a URL is a glob) reads back as it is: plain when it holds
 * only safe characters, else in single quotes. For the commands a message tells the user to run (`strata --db '/my stores/a.db' init`).
 *
 *   shellWord("/tmp/a.db")     // /tmp/a.db
 *   shellWord("/my stores/a.db") // '/my stores/a.db'
 *
 * (Here rather than in a file of its own: main.ts and doctor read it, and a module of its own
 * reached by those two alone was a chunk of its own on every command's start.)
 */
export const shellWord = (s: string): string =>
  /^[A-Za-z0-9_./:@%+=,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
