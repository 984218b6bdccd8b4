import { describe, expect, it } from "vitest";
import { generateStream } from "../../eval/rotting-stream/generator.js";
import { evaluateRottingStream, recapitalisation } from "../../eval/rotting-stream/index.js";

describe("rotting-stream eval", () => {
  it("generates the same stream from the same seed", () => {
    const a = generateStream({ seed: 7, days: 5, facts: 10 });
    const b = generateStream({ seed: 7, days: 5, facts: 10 });
    expect(a).toEqual(b);
    expect(generateStream({ seed: 8, days: 5, facts: 10 })).not.toEqual(a);
    expect(new Set(a.events.map((e) => e.tag))).toEqual(
      new Set(["state", "change", "restate", "echo", "question", "chit-chat", "self-note"]),
    );
  });

  it("messy by default: lower-case identifiers the stream never capitalises, chat-phrased changes, acknowledgements", () => {
    const messy = generateStream({ seed: 42, days: 10 });
    const classic = generateStream({ seed: 42, days: 10, messy: false });
    expect(messy.messy).toBe(true);
    expect(messy.identifiers).toContain("ledger-db");
    expect(messy.events.filter((e) => recapitalisation(e.text, messy.identifiers))).toEqual([]);
    // A sentence-initial identifier stays lower case ("ledger-db service port: 8080").
    expect(messy.events.some((e) => messy.identifiers.some((id) => e.text.startsWith(`${id} `)))).toBe(true);
    const texts = new Set(messy.events.map((e) => e.text));
    expect(["Thanks, that helps.", "ok sounds good", "let me check"].some((t) => texts.has(t))).toBe(true);
    expect(classic.events.some((e) => e.text.includes("ledger-db"))).toBe(false);
  });

  it("finds an identifier spelled in another case, as a whole token", () => {
    const ids = ["ledger-db", "nginx", "eu-west-1"];
    expect(recapitalisation("Ledger-db listens on 8080", ids)).toEqual({
      identifier: "ledger-db",
      spelled: "Ledger-db",
    });
    expect(recapitalisation("NGINX was upgraded", ids)).toEqual({ identifier: "nginx", spelled: "NGINX" });
    expect(recapitalisation("ledger-db runs in eu-west-1; nginx too", ids)).toBeNull();
    expect(recapitalisation("Nginxes everywhere", ids)).toBeNull();
  });

  it("ends small and current on 12 days of 20 facts of the classic stream (the thresholds reached)", async () => {
    const r = await evaluateRottingStream({ seed: 42, days: 12, facts: 20, messy: false });
    expect(r.stale).toBe(0);
    expect(r.other).toBe(0);
    expect(r.usableShare).toBeGreaterThanOrEqual(0.9);
    expect(r.activeBeliefs).toBeLessThanOrEqual(r.facts + 2);
    expect(r.missing).toBeLessThanOrEqual(1);
    expect(r.recallAt3).toBeGreaterThanOrEqual(0.7);
  });

  // Issue 11's bar on a messy month, at full scale (30 days, 40 facts), on two dev seeds (tuning
  // seeds: 42, 7, 1234; other seeds are reported in docs/evaluation.md, never gated).
  it.each([42, 7])(
    "a messy month (seed %i) leaves ≥ 90 percent of active beliefs usable, no stale value, no chit-chat belief",
    async (seed) => {
      const r = await evaluateRottingStream({ seed });
      expect(r.messy).toBe(true);
      expect(r.staleBeliefs).toEqual([]);
      expect(r.chitChatBeliefs).toEqual([]);
      expect(r.recapitalisedBeliefs).toEqual([]);
      expect(r.otherBeliefs).toEqual([]);
      expect(r.missing).toBe(0);
      expect(r.usableShare).toBeGreaterThanOrEqual(0.9);
      expect(r.recallAt3).toBeGreaterThanOrEqual(0.85);
    },
    120_000,
  );
});
