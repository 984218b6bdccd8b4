import { describe, expect, it } from "vitest";
import {
  importedMetaKey,
  metaKey,
  metaKeyPrefix,
  parseMetaKey,
  UNSPLIT_CURATION,
  upgradeMetaKey,
} from "./meta-keys.js";

describe("meta keys: one namespace per key", () => {
  it.each([
    // [kind, parts, key]
    ["continuity", ["team-a"], "continuity:team-a"],
    ["continuity", ["team:x"], "continuity:team%3Ax"],
    ["worker:state", ["a"], "worker:state:a"],
    ["worker:request", ["victim"], "worker:request:victim"],
    ["curation", ["a", "b:c"], "curation:a:b%3Ac"],
    ["curation", ["a:b", "c"], "curation:a%3Ab:c"],
    ["curation", ["team:x", "50%:off"], "curation:team%3Ax:50%25%3Aoff"],
    ["sweep", ["a/b@c.d_e"], "sweep:a/b@c.d_e"],
  ] as const)("%s %j ⇄ %s", (kind, parts, key) => {
    expect(metaKey(kind, ...parts)).toBe(key);
    expect(parseMetaKey(key)).toEqual({ kind, parts: [...parts] });
  });

  it("the old collision is two keys: namespace a's collection b:c, namespace a:b's collection c", () => {
    expect(metaKey("curation", "a", "b:c")).not.toBe(metaKey("curation", "a:b", "c"));
  });

  it("a namespace's prefix reaches its own records only, never a namespace whose name continues it", () => {
    const prefix = metaKeyPrefix("curation", "team");
    expect(prefix).toBe("curation:team:");
    expect(metaKey("curation", "team", "notes").startsWith(prefix)).toBe(true);
    expect(metaKey("curation", "team:x", "notes").startsWith(prefix)).toBe(false);
    expect(metaKey("curation", "team", "x:notes").startsWith(prefix)).toBe(true);
  });

  it.each([
    ["worker:request:victim", "worker:request", ["victim"]],
    ["worker:request:request:victim", null, null], // "request:victim" raw: not a key metaKey makes
    ["request:victim", null, null],
    ["continuity:a:b", null, null],
    ["curation:a:b:c", null, null],
    ["curation:a", null, null],
    ["curation:a:", null, null],
    ["continuity:50%off", null, null],
    ["api-keys", null, null],
    ["wrap:abc", null, null],
    ["outcome-credit:b1:success:ff", null, null],
    ["continuity-history:a", "continuity-history", ["a"]],
  ] as const)("parseMetaKey(%s)", (key, kind, parts) => {
    expect(parseMetaKey(key)).toEqual(kind ? { kind, parts } : null);
  });

  it("refuses a wrong number of parts", () => {
    expect(() => metaKey("curation", "a")).toThrow(/2 part/);
  });
});

describe("upgradeMetaKey: a store's keys before encoding", () => {
  const none = () => undefined;
  const nobody = () => false;
  const state = (...beliefs: string[]) =>
    JSON.stringify({
      v: 1,
      records: Object.fromEntries(beliefs.map((b, i) => [`r${i}`, { hash: "h", belief: b, own: true }])),
      reasons: {},
    });

  it.each([
    ["continuity:team:x", "continuity:team%3Ax"],
    ["continuity:plain", "continuity:plain"],
    ["continuity-history:a:b", "continuity-history:a%3Ab"],
    ["worker:state:request:victim", "worker:state:request%3Avictim"],
    ["worker:reports:a", "worker:reports:a"],
    ["sweep:a:b", "sweep:a%3Ab"],
    ["api-keys", "api-keys"],
    ["outcome-credit:b1:success:ff", "outcome-credit:b1:success:ff"],
    ["wrap:tok", "wrap:tok"],
    ["session:2026-12-03:abc", "session:2026-12-03:abc"],
  ])("%s → %s", (from, to) => {
    expect(upgradeMetaKey(from, "{}", none, nobody)).toBe(to);
  });

  it("a curation key with one split is split there (a collection may hold %)", () => {
    expect(upgradeMetaKey("curation:a:notes", state(), none, nobody)).toBe("curation:a:notes");
    expect(upgradeMetaKey("curation:a:50%off", state(), none, nobody)).toBe("curation:a:50%25off");
  });

  it("the beliefs the record names tell its namespace", () => {
    const owner = (id: string) => ({ b1: "a:b", b2: "a" })[id];
    expect(upgradeMetaKey("curation:a:b:c", state("b1"), owner, nobody)).toBe("curation:a%3Ab:c");
    expect(upgradeMetaKey("curation:a:b:c", state("b2"), owner, nobody)).toBe("curation:a:b%3Ac");
    // A reason's key is a belief id too.
    const reasons = JSON.stringify({ v: 1, records: {}, reasons: { b1: "value-changed" } });
    expect(upgradeMetaKey("curation:a:b:c", reasons, owner, nobody)).toBe("curation:a%3Ab:c");
  });

  it("without beliefs, the one split whose namespace holds items", () => {
    expect(upgradeMetaKey("curation:a:b:c", state(), none, (ns) => ns === "a")).toBe("curation:a:b%3Ac");
    expect(upgradeMetaKey("curation:a:b:c", state("gone"), none, (ns) => ns === "a:b")).toBe(
      "curation:a%3Ab:c",
    );
  });

  it("never guesses: no evidence, two namespaces in evidence, or beliefs of a namespace no split names", () => {
    const unsplit = `${UNSPLIT_CURATION}a:b:c`;
    expect(upgradeMetaKey("curation:a:b:c", state(), none, nobody)).toBe(unsplit);
    expect(upgradeMetaKey("curation:a:b:c", state(), none, () => true)).toBe(unsplit);
    const owner = (id: string) => ({ b1: "a:b", b2: "a" })[id];
    expect(upgradeMetaKey("curation:a:b:c", state("b1", "b2"), owner, () => true)).toBe(unsplit);
    expect(
      upgradeMetaKey(
        "curation:a:b:c",
        state("b1"),
        () => "elsewhere",
        () => true,
      ),
    ).toBe(unsplit);
    expect(upgradeMetaKey("curation:a:b:c", "not json", none, nobody)).toBe(unsplit);
    // The unsplit record is no namespace's.
    expect(parseMetaKey(unsplit)).toBeNull();
  });
});

describe("importedMetaKey: an export's keys, old or new", () => {
  it.each([
    ["continuity:team:x", "continuity:team%3Ax"], // written before encoded keys
    ["continuity:team%3Ax", "continuity:team%3Ax"], // written since
    ["wrap-state:a", "wrap-state:a"],
    ["sweep:a:b", "sweep:a%3Ab"],
    ["api-keys", "api-keys"],
    ["wrap:tok", "wrap:tok"],
    ["curation:a:b:c", "curation:a:b:c"], // never exported: left for the import's check to refuse
  ])("%s → %s", (from, to) => {
    expect(importedMetaKey(from)).toBe(to);
  });
});
