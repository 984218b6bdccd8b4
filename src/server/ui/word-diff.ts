/**
 * A word diff of two short texts for the review queue: the longest common subsequence of their
 * words, the rest marked deleted (only in a) or inserted (only in b).
 *
 *   wordDiff("retry limit is 5", "retry limit is 7")
 *   // [{ op: "same", text: "retry limit is" }, { op: "del", text: "5" }, { op: "ins", text: "7" }]
 */
export interface DiffPart {
  op: "same" | "del" | "ins";
  text: string;
}

const MAX_WORDS = 400;

export function wordDiff(a: string, b: string): DiffPart[] {
  const x = a.split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  const y = b.split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  // lcs[i][j]: length of the common subsequence of x[i..] and y[j..].
  const lcs = Array.from({ length: x.length + 1 }, () => new Array<number>(y.length + 1).fill(0));
  for (let i = x.length - 1; i >= 0; i--)
    for (let j = y.length - 1; j >= 0; j--)
      lcs[i]![j] = x[i] === y[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const parts: DiffPart[] = [];
  const push = (op: DiffPart["op"], word: string) => {
    const last = parts[parts.length - 1];
    if (last && last.op === op) last.text += ` ${word}`;
    else parts.push({ op, text: word });
  };
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    if (x[i] === y[j]) {
      push("same", x[i]!);
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) push("del", x[i++]!);
    else push("ins", y[j++]!);
  }
  while (i < x.length) push("del", x[i++]!);
  while (j < y.length) push("ins", y[j++]!);
  return parts;
}
