/**
 * A LoCoMo conversation recorded turn by turn into a fresh in-memory store, as the locomo eval's
 * `after` phase records it (eval/locomo/evaluate.ts), not yet slept on: the chat the sleep benches
 * read (bench/sleep-cost.ts, bench/candidate-queue.ts). The caller closes the memory.
 *
 *   const { mem, turns } = await recordedLocomo(DEFAULT_LOCOMO_PATH, 0);
 */
import { readFileSync } from "node:fs";
import { parseLocomo } from "../eval/locomo/dataset.js";
import { EVAL_CLOCK } from "../eval/locomo/evaluate.js";
import type { Memory } from "../src/core/engine.js";
import { type OpenMemoryOptions, openMemory } from "../src/open-memory.js";

export async function recordedLocomo(
  path: string,
  index: number,
  options: Pick<OpenMemoryOptions, "judge"> = {},
): Promise<{ mem: Memory; turns: number }> {
  const data = parseLocomo(JSON.parse(readFileSync(path, "utf8")));
  const conv = data.conversations.find((c) => c.index === index);
  if (!conv) throw new Error(`no LoCoMo conversation ${index}`);
  const mem = await openMemory({ ...options, path: ":memory:", clock: EVAL_CLOCK, actor: "eval" });
  try {
    for (const turn of conv.turns)
      await mem.record(turn.content, {
        type: "observation",
        actor: turn.speaker,
        at: turn.at,
        session: `session_${turn.session}`,
        metadata: { dia_id: turn.diaId },
      });
    return { mem, turns: conv.turns.length };
  } catch (error) {
    await mem.close?.();
    throw error;
  }
}
