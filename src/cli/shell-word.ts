/**
 * A word a shell (zsh too, where "?" in a URL is a glob) reads back as it is: plain when it holds
 * only safe characters, else in single quotes. For the commands a message tells the user to run (`strata --db '/my stores/a.db' init`).
 *
 *   shellWord("/tmp/a.db")     // /tmp/a.db
 *   shellWord("/my stores/a.db") // '/my stores/a.db'
 */
export const shellWord = (s: string): string =>
  /^[A-Za-z0-9_./:@%+=,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
