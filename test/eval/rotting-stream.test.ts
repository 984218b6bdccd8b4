import { describe, expect, it } from "vitest";
import { generateStream } from "../../eval/rotting-stream/generator.js";
import {
  evaluateRottingStream,
  judgeSupersessions,
  recapitalisation,
} from "../../eval/rotting-stream/index.js";

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

  it("judges every supersession edge against the stream's truth: correct, wrong, missed", () => {
    const facts = [
      {
        id: "f1",
        family: "version",
        entity: "Redis",
        query: "Redis version in production",
        history: [
          { value: "6.2.14", day: 1 },
          { value: "7.2.4", day: 5 },
        ],
      },
      {
        id: "f2",
        family: "version",
        entity: "Node.js",
        query: "Node.js version in production",
        history: [
          { value: "18.19", day: 1 },
          { value: "20.11", day: 3 },
          { value: "20.12", day: 9 },
        ],
      },
    ];
    const b = (
      id: string,
      text: string,
      supersededBy: string | null = null,
      statusReason: string | null = null,
    ) => ({
      id,
      text,
      status: supersededBy ? "archived" : "active",
      statusReason,
      supersededBy,
    });
    const { edges, missed } = judgeSupersessions(
      [
        // Another fact's statement retired Redis 6.2.14 (the twelfth session's bug): wrong.
        b("b1", "Production runs Redis 6.2.14", "b2", "superseded"),
        b("b2", "Production runs Node.js 18.19", "b3", "superseded"),
        // A true replacement, through a restatement merged into the newer value's belief.
        b("b3", "Node.js in production was bumped from 18.19 to 20.11", "b4", "merged"),
        b("b4", "Production runs Node.js 20.11"),
        // An older value retiring a newer one: wrong.
        b("b5", "Production runs Redis 7.2.4", "b6", "superseded"),
        b("b6", "As noted before, Production runs Redis 6.2.14"),
      ],
      facts,
    );
    expect(edges.map((e) => [e.older.id, e.newer.id, e.verdict])).toEqual([
      ["b1", "b2", "wrong"],
      ["b2", "b3", "correct"],
      ["b3", "b4", "correct"],
      ["b5", "b6", "wrong"],
    ]);
    // Node.js 20.11 → 20.12 has an older belief still active and no newer one: missed, both active.
    // Redis 6.2.14 → 7.2.4: b6 states the old value and is active (b1 was closed wrongly, counted there).
    expect(missed.map((m) => [m.fact, m.from, m.to, m.older.id, m.state])).toEqual([
      ["f1", "6.2.14", "7.2.4", "b6", "both-active"],
      ["f2", "20.11", "20.12", "b4", "both-active"],
    ]);
  });

  it("ends small and current on 12 days of 20 facts of the classic stream (the thresholds reached)", {
    timeout: 120_000,
  }, async () => {
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
      // Issue 20: no statement retired by one that does not replace it, none missed.
      expect(r.supersessions.correct).toBeGreaterThan(50);
      expect(r.wrongSupersessions).toEqual([]);
      expect(r.missedReplacements).toEqual([]);
    },
    120_000,
  );
});
