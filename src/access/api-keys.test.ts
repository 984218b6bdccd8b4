import { describe, expect, it } from "vitest";
import { testMemory } from "../../test/support/memory.js";
import { StrataError } from "../core/errors.js";
import {
  authorize,
  authorizeKeyManagement,
  createApiKey,
  createApiKeyAs,
  hasLiveApiKeys,
  listApiKeys,
  patternCovers,
  patternWithin,
  revokeApiKey,
  verifyApiKey,
} from "./api-keys.js";

const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (e) {
    return (e as StrataError).code;
  }
};

describe("API keys", () => {
  it("shows a key once, stores only its hash, and verifies it until it is revoked", async () => {
    const { mem, clock } = await testMemory();
    expect(await hasLiveApiKeys(mem.store)).toBe(false);
    const { key, record } = await createApiKey(
      mem.store,
      { name: "ci-bot", scope: "write", namespaces: ["team-*"] },
      clock,
    );
    expect(key).toMatch(/^sk_strata_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
    // The secret is base64url and may itself contain "_": take its 43 characters whole.
    const secret = key.slice(-43);
    expect(JSON.stringify(await listApiKeys(mem.store))).not.toContain(secret);
    expect(await mem.store.getMeta("api-keys")).not.toContain(secret);
    expect((await verifyApiKey(mem.store, key))?.name).toBe("ci-bot");
    expect(await hasLiveApiKeys(mem.store)).toBe(true);
    // A changed secret, a changed id, a malformed key: all refused alike.
    expect(await verifyApiKey(mem.store, `${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}`)).toBeNull();
    expect(await verifyApiKey(mem.store, key.replace(record.id, "000000000000"))).toBeNull();
    expect(await verifyApiKey(mem.store, "Bearer nonsense")).toBeNull();
    await revokeApiKey(mem.store, "ci-bot", clock);
    expect(await verifyApiKey(mem.store, key)).toBeNull();
    expect((await listApiKeys(mem.store))[0]?.revokedAt).not.toBeNull();
    await mem.close();
  });

  it("refuses a second live key of one name, a bad name, a bad pattern and an unknown revoke, changing nothing", async () => {
    const { mem, clock } = await testMemory();
    await createApiKey(mem.store, { name: "bot", scope: "read", namespaces: ["a"] }, clock);
    const before = await mem.store.getMeta("api-keys");
    for (const input of [
      { name: "bot", scope: "read", namespaces: ["a"] },
      { name: "has space", scope: "read", namespaces: ["a"] },
      { name: "x", scope: "root", namespaces: ["a"] },
      { name: "x", scope: "read", namespaces: [] },
      { name: "x", scope: "read", namespaces: ["te*am"] },
    ])
      await expect(createApiKey(mem.store, input as never, clock)).rejects.toBeInstanceOf(StrataError);
    await expect(revokeApiKey(mem.store, "nobody", clock)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await mem.store.getMeta("api-keys")).toBe(before);
    await mem.close();
  });

  it("authorizes by namespace pattern and scope, and by nothing else", () => {
    const key = {
      id: "x",
      name: "bot",
      scope: "write" as const,
      namespaces: ["team-*", "solo"],
      createdAt: "",
      revokedAt: null,
    };
    expect(codeOf(() => authorize(key, "team-a", "write"))).toBeNull();
    expect(codeOf(() => authorize(key, "solo", "read"))).toBeNull();
    expect(codeOf(() => authorize(key, "solo-2", "read"))).toBe("FORBIDDEN");
    expect(codeOf(() => authorize(key, "other", "read"))).toBe("FORBIDDEN");
    expect(codeOf(() => authorize(key, "team-a", "admin"))).toBe("FORBIDDEN");
    // The refusal says what the key covers and how to get one that covers the namespace.
    expect(() => authorize(key, "other", "write")).toThrow(
      'Key "bot" may not act in namespace "other": it covers team-*, solo. Use a key whose namespaces cover "other" (strata keys create --name NAME --scope write --namespaces other).',
    );
    expect(patternCovers("*", "anything")).toBe(true);
    expect(patternCovers("team-", "team-a")).toBe(false);
  });

  it.each([
    ["team-a", "team-*", true],
    ["team-*", "team-*", true],
    ["team-a*", "team-*", true],
    ["team-a", "team-a", true],
    ["anything", "*", true],
    ["*", "*", true],
    ["*", "team-*", false],
    ["team-*", "team-a", false],
    ["ops-a", "team-*", false],
    ["team-ab", "team-a", false],
  ])("pattern %s lies within %s: %s", (inner, outer, within) => {
    expect(patternWithin(inner, outer)).toBe(within);
  });

  it("lets an admin key manage only keys within its own patterns, and records who did", async () => {
    const { mem, clock } = await testMemory();
    const admin = (
      await createApiKey(mem.store, { name: "ta", scope: "admin", namespaces: ["team-*"] }, clock)
    ).record;
    const writer = (
      await createApiKey(mem.store, { name: "tw", scope: "write", namespaces: ["team-*"] }, clock)
    ).record;
    expect(codeOf(() => authorizeKeyManagement(writer, { namespaces: ["team-a"] }))).toBe("FORBIDDEN");
    expect(codeOf(() => authorizeKeyManagement(admin, { namespaces: ["team-a", "*"] }))).toBe("FORBIDDEN");
    const before = JSON.stringify(await listApiKeys(mem.store));
    await expect(
      createApiKeyAs(mem.store, admin, { name: "all", scope: "read", namespaces: ["*"] }, clock),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      createApiKeyAs(mem.store, admin, { name: "bad name", scope: "read", namespaces: ["team-a"] }, clock),
    ).rejects.toMatchObject({ code: "INVALID_INPUT" });
    expect(JSON.stringify(await listApiKeys(mem.store))).toBe(before);

    const { record } = await createApiKeyAs(
      mem.store,
      admin,
      { name: "bot", scope: "read", namespaces: ["team-a"] },
      clock,
    );
    expect(record.createdBy).toBe("key:ta");
    const global = (await createApiKey(mem.store, { name: "g", scope: "read", namespaces: ["*"] }, clock))
      .record;
    await expect(revokeApiKey(mem.store, global.id, clock, admin)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect((await revokeApiKey(mem.store, "bot", clock, admin)).revokedBy).toBe("key:ta");
    await mem.close();
  });
});
