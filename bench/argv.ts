/**
 * The argv walk the bench scripts share (bench/run.ts, bench/ab.ts, bench/stores.ts): each
 * `--flag` is handed to `each` with a `value()` that takes the word after it (and throws
 * "--flag needs a value" when there is none) and a `rest()` that takes every word after it.
 * `each` returns "stop" to end the walk (after `rest()`), anything else to go on.
 *
 *   walkArgs(["--sizes", "1000,10_000", "--json-only"], (flag, value) => {
 *     if (flag === "--sizes") o.sizes = numberList(value());
 *     else if (flag === "--json-only") o.jsonOnly = true;
 *     else throw new Error(`unknown option ${flag}`);
 *   });
 */
export function walkArgs(
  argv: readonly string[],
  each: (flag: string, value: () => string, rest: () => string[]) => unknown,
): void {
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    const rest = () => {
      const words = argv.slice(i + 1);
      i = argv.length;
      return words;
    };
    if (each(flag, value, rest) === "stop") return;
  }
}

/** "1000,10_000" → [1000, 10000]: a comma list of numbers, `_` allowed as a digit separator. */
export function numberList(v: string): number[] {
  return v
    .split(",")
    .filter((s) => s.trim() !== "")
    .map((s) => {
      const n = Number(s.trim().replace(/_/g, ""));
      if (!Number.isFinite(n))
        throw new Error(`"${s.trim()}" is not a number: give a comma list such as 1000,10_000`);
      return n;
    });
}

/** "sqlite, postgres" → ["sqlite", "postgres"]. */
export function wordList(v: string): string[] {
  return v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}
