/**
 * Context output, pinned: a seeded store and 50 goals at two budgets must assemble exactly the
 * text, items and skipped lines they did when this test was written (hashes taken on main at
 * 2e2bad6). Speed work on context (diversity, token counts, row reads) must leave every byte as it
 * was; a change that means to alter the output updates the hash and says why.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTraffic } from "../../bench/synthetic.js";
import { testMemory } from "../../test/support/memory.js";
import { createHashedEmbedder } from "../embed/hashed-embedder.js";
import { createGptTokenizer } from "../tokenizer/gpt-tokenizer.js";
import type { Memory } from "./engine.js";
import type { RememberItem } from "./gated-writes.js";
import { createLexicalJudge } from "./judge/lexical-judge.js";

let mem: Memory;

beforeAll(async () => {
  ({ mem } = await testMemory({
    embedder: createHashedEmbedder(),
    judge: createLexicalJudge(),
    tokenizer: createGptTokenizer(),
    lexicon: null,
  }));
  const traffic = createTraffic(42);
  const items: RememberItem[] = [];
  while (items.length < 1000) {
    const s = traffic.statement();
    if (s.intent !== "new" && s.intent !== "change") continue;
    const n = items.length;
    if (n % 9 === 4)
      items.push({ statement: `Changing ${s.text.toLowerCase()} broke the deploy`, kind: "failure" });
    else if (n % 13 === 6)
      items.push({
        statement: s.text,
        kind: "procedure",
        steps: ["check the dashboard", "roll back", "page the owner"],
      });
    else items.push(s.text);
  }
  const written = await mem.rememberMany(items, { gate: "off" });
  for (const r of written.results.slice(0, 2)) if (r.id) await mem.pin(r.id);
  await mem.recordMany(
    Array.from({ length: 40 }, (_, i) => {
      const e = traffic.event();
      return {
        content: e.text,
        type: e.type,
        ...(e.outcome ? { outcome: e.outcome } : {}),
        session: `s${i % 3}`,
      };
    }),
  );
}, 60_000);

afterAll(async () => {
  await mem?.close();
});

describe("context output", () => {
  it("is byte-identical to main's for 50 goals at budgets 600 and 2,000", async () => {
    const goals = createTraffic(43);
    const whole = createHash("sha256");
    let cited = 0;
    for (let i = 0; i < 50; i++) {
      const goal = goals.goal();
      for (const tokenBudget of [600, 2000]) {
        const out = await mem.context(goal, { tokenBudget });
        cited += out.items.length;
        // whyEmpty (newcomer41) is new; everything main answered stays byte-identical.
        const { whyEmpty, ...before } = out;
        expect(whyEmpty).toBe(out.items.length ? null : out.skipped.length ? "over-budget" : whyEmpty);
        whole.update(JSON.stringify(before));
      }
    }
    // Not a hash of empty answers: the goals find what the store holds.
    expect(cited).toBeGreaterThan(1000);
    expect(whole.digest("hex")).toBe("bdb205847827893c90a5c227cc68125c3f43da737ca396af94912cdff20084df");
  }, 60_000);

  it("is byte-identical to main's at tight budgets (40 and 150 tokens: most lines skipped) and with no goal", async () => {
    // Hashes taken on main at b6b4473, before token counts of the whole text came from its lines'.
    const goals = createTraffic(44);
    const whole = createHash("sha256");
    let skipped = 0;
    for (let i = 0; i < 30; i++) {
      const goal = i === 0 ? "" : goals.goal();
      for (const tokenBudget of [40, 150]) {
        const out = await mem.context(goal, { tokenBudget });
        skipped += out.skipped.length;
        // whyEmpty (newcomer41) is new; everything main answered stays byte-identical.
        const { whyEmpty, ...before } = out;
        expect(whyEmpty).toBe(out.items.length ? null : out.skipped.length ? "over-budget" : whyEmpty);
        whole.update(JSON.stringify(before));
      }
    }
    expect(skipped).toBeGreaterThan(1000);
    expect(whole.digest("hex")).toBe("093a98358c96f74c17ac1d98b5219202ce08a913cbe1cd03a404c1d6c6a8d4ec");
  }, 60_000);
});
