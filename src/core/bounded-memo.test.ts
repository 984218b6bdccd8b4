import { describe, expect, it } from "vitest";
import { boundedMemo } from "./bounded-memo.js";

/** A memo of a function that counts its calls and hands back a fresh object each time. */
const counted = (cap: number, maxKeyChars?: number) => {
  const calls: string[] = [];
  const memo = boundedMemo(
    (key: string) => {
      calls.push(key);
      return { key };
    },
    cap,
    maxKeyChars,
  );
  return { memo, calls };
};

describe("boundedMemo", () => {
  it("hands back the same value for the same key, computed once", () => {
    const { memo, calls } = counted(4);
    const first = memo("a");
    expect(memo("a")).toBe(first);
    expect(calls).toEqual(["a"]);
  });

  it("clear() empties it: the next call computes afresh", () => {
    const { memo, calls } = counted(4);
    const first = memo("a");
    memo.clear();
    const again = memo("a");
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
    expect(calls).toEqual(["a", "a"]);
  });

  it("keeps two generations of `cap`: a key is forgotten only after two more fill, and a hit in the older is kept", () => {
    const { memo, calls } = counted(2);
    memo("a");
    memo("b"); // recent: a b
    memo("c"); // older: a b; recent: c
    memo("a"); // a hit in the older: recent c a
    memo("d"); // older: c a; recent: d (b dropped)
    expect(calls).toEqual(["a", "b", "c", "d"]);
    memo("a");
    expect(calls).toEqual(["a", "b", "c", "d"]);
    memo("b");
    expect(calls).toEqual(["a", "b", "c", "d", "b"]);
  });

  it("with `maxKeyChars`, a generation also ends when its keys would pass that many characters", () => {
    const { memo, calls } = counted(100, 6);
    memo("abc");
    memo("def"); // recent: abc def (6 characters)
    memo("gh"); // 8 > 6: older abc def; recent gh
    memo("ijklm"); // 7 > 6: older gh; recent ijklm (abc, def dropped)
    memo("gh");
    expect(calls).toEqual(["abc", "def", "gh", "ijklm"]);
    memo("abc");
    expect(calls).toEqual(["abc", "def", "gh", "ijklm", "abc"]);
  });
});
