/**
 * The sampling judge: asks the MCP client's own model (sampling/createMessage) how the newer of
 * two statements relates to the older. Used only when the client declares the sampling
 * capability; every verdict it cannot get (error, refusal, unreadable answer) falls back to the
 * lexical judge for that pair and says so in its reason. Never a silent dependency on a model.
 */
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { createLexicalJudge, lexicalSimilarity } from "../core/judge/lexical-judge.js";
import {
  JUDGE_RELATIONS,
  type Judge,
  type JudgeItem,
  type JudgeRelation,
  type JudgeVerdict,
} from "../core/ports.js";

export interface SamplingJudgeOptions {
  /** Judge for pairs the client's model does not answer. Default: the lexical judge. */
  fallback?: Judge;
  /** Per-request timeout in milliseconds. Default 30 000. */
  timeoutMs?: number;
}

const SYSTEM = `You judge two memory statements for an AI agent's memory. Answer with exactly one word:
duplicate (same claim), supersedes (B updates or replaces A's value), contradicts (opposite claims, neither newer in fact), refines (B adds detail to A), distinct (unrelated or both stand).`;

/** The first relation word in the model's answer, or null. */
export function parseRelation(text: string): JudgeRelation | null {
  const m = new RegExp(`\\b(${JUDGE_RELATIONS.join("|")})\\b`, "i").exec(text);
  return m ? (m[1]!.toLowerCase() as JudgeRelation) : null;
}

/** Whether the connected client declared MCP sampling. */
export const clientSamples = (server: Server): boolean => Boolean(server.getClientCapabilities()?.sampling);

/**
 *   const judge = createSamplingJudge(mcp.server);
 *   await judge.compare({ text: "Limit is 5", at }, { text: "Limit is 7 now", at }); // → supersedes
 */
export function createSamplingJudge(server: Server, options: SamplingJudgeOptions = {}): Judge {
  const fallback = options.fallback ?? createLexicalJudge();
  const timeout = options.timeoutMs ?? 30_000;
  const lexical = async (a: JudgeItem, b: JudgeItem, why: string): Promise<JudgeVerdict> => {
    const v = await fallback.compare(a, b);
    // Says who decided and why, so the sweep reports the pair among its fallbacks.
    return {
      ...v,
      judge: v.judge ?? fallback.name,
      fallback: v.fallback ?? why,
      reason: `${why}; ${fallback.name}: ${v.reason}`,
    };
  };
  return {
    name: "sampling",
    async compare(a, b) {
      const text = `A (${a.at.slice(0, 10)}): ${a.text}\nB (${b.at.slice(0, 10)}): ${b.text}\nHow does B relate to A?`;
      try {
        const result = await server.createMessage(
          {
            systemPrompt: SYSTEM,
            messages: [{ role: "user", content: { type: "text", text } }],
            maxTokens: 16,
            temperature: 0,
            includeContext: "none",
          },
          { timeout },
        );
        const answer = result.content.type === "text" ? result.content.text : "";
        const relation = parseRelation(answer);
        if (!relation) return lexical(a, b, `sampling answer unreadable ("${answer.slice(0, 40)}")`);
        return {
          relation,
          similarity: lexicalSimilarity(a.text, b.text),
          reason: `sampling (${result.model}): ${relation}`,
        };
      } catch (error) {
        return lexical(a, b, `sampling failed (${error instanceof Error ? error.message : String(error)})`);
      }
    },
  };
}
