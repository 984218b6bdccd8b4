/**
 * Wrap figures for `npm run bench`: `prepareWrap` and `saveContinuity` time with 1,000 and
 * 10,000 episodes pending since the last wrap (issue 4: a 10,000-episode wrap must work,
 * within its size budget).
 *
 * Each size gets its own store, filled with synthetic events through the store port (row,
 * vector and audit entry, 5,000 per transaction; no write gate, so every event is pending).
 * Then: prepareWrap three times (each cancelled, so the next one freezes the same set again),
 * the median counts; then a fourth prepareWrap and one saveContinuity of a digest whose
 * patterns cite episodes of the package with grounded explanations.
 */
import { performance } from "node:perf_hooks";
import type { Memory } from "../src/core/engine.js";
import type { Episode } from "../src/core/model.js";
import { sha256 } from "../src/core/sha256.js";
import { createTraffic } from "./synthetic.js";

export interface WrapSizeResult {
  episodes: number;
  buildSeconds: number;
  prepareWrap: { medianMs: number; runsMs: number[]; packageChars: number; shown: number; total: number };
  saveContinuity: { ms: number; patterns: number; accepted: number; citations: number; digestChars: number };
  auditOk: boolean;
}

const BATCH = 5000;
const PATTERNS = 20;

async function fill(mem: Memory, count: number, seed: number): Promise<void> {
  const traffic = createTraffic(seed);
  const start = Date.parse("2026-02-01T00:00:00.000Z");
  for (let done = 0; done < count; ) {
    const n = Math.min(BATCH, count - done);
    const events = Array.from({ length: n }, () => traffic.event());
    const vectors = await mem.embedder.embed(events.map((e) => e.text));
    await mem.store.transaction(async (tx) => {
      for (const [i, e] of events.entries()) {
        const at = new Date(start + (done + i) * 60_000).toISOString();
        const episode: Omit<Episode, "id"> = {
          namespace: mem.namespace,
          type: e.type,
          content: e.text,
          outcome: e.outcome ?? null,
          session: `s${Math.floor((done + i) / 50)}`,
          actor: null,
          at,
          recordedAt: at,
          metadata: {},
          contentHash: sha256(e.text),
          support: 1,
          status: "active",
          distilledAt: null,
          supersededBy: null,
          validTo: null,
        };
        const id = await tx.insertEpisode(episode);
        await tx.putVector(id, mem.namespace, mem.embedder.id, vectors[i]!);
        await mem.writes.audit(tx, mem.namespace, "episode.recorded", id, {
          contentHash: episode.contentHash,
        });
      }
    });
    done += n;
  }
}

/** A digest an agent might write: each pattern cites two shown episodes with words of their own. */
function digestFor(pkg: string): { text: string; citations: number } {
  const shown = [...pkg.matchAll(/\[(e\d+)\][^\n]*?([A-Za-z][^\n[\]"]{20,})$/gm)].map((m) => ({
    id: m[1]!,
    words: m[2]!.trim().split(/\s+/).slice(-6).join(" "),
  }));
  const patterns: string[] = [];
  for (let i = 0; i + 1 < shown.length && patterns.length < PATTERNS; i += 2) {
    const [a, b] = [shown[i]!, shown[i + 1]!];
    patterns.push(
      `- Pattern ${patterns.length + 1}: ${a.words} | 1x [evidence: ${a.id} "${a.words}", ${b.id} "${b.words}"]`,
    );
  }
  const text = `## State\n- Synthetic bench session\n\n## Patterns\n${patterns.join("\n")}\n\n## Decisions\n- Keep the bench deterministic\n\n## Context\n- ${shown.length} episodes shown`;
  return { text, citations: patterns.length * 2 };
}

const ms = (t0: number) => Math.round((performance.now() - t0) * 10) / 10;

export async function runWrapSize(
  open: () => Promise<{ mem: Memory; close: () => Promise<void> }>,
  episodes: number,
  options: { seed: number; log: (msg: string) => void },
): Promise<WrapSizeResult> {
  const { mem, close } = await open();
  try {
    options.log(`wrap: filling ${episodes} episodes`);
    const b0 = performance.now();
    await fill(mem, episodes, options.seed);
    const buildSeconds = Math.round(performance.now() - b0) / 1000;
    const runsMs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const w = await mem.prepareWrap();
      runsMs.push(ms(t0));
      await mem.cancelWrap(w.token!);
    }
    options.log(`wrap: ${episodes} episodes, prepareWrap ${runsMs.join(" / ")} ms`);
    const wrap = await mem.prepareWrap();
    if (wrap.status !== "ready") throw new Error(`prepareWrap returned ${wrap.status}`);
    const { text, citations } = digestFor(wrap.package!);
    const t0 = performance.now();
    const report = await mem.saveContinuity(text, { token: wrap.token! });
    const saveMs = ms(t0);
    const sorted = [...runsMs].sort((a, b) => a - b);
    return {
      episodes,
      buildSeconds,
      prepareWrap: {
        medianMs: sorted[1]!,
        runsMs,
        packageChars: wrap.package!.length,
        shown: wrap.episodes.shown,
        total: wrap.episodes.total,
      },
      saveContinuity: {
        ms: saveMs,
        patterns: report.patterns.length,
        accepted: report.patterns.filter((p) => p.markers.length === 0).length,
        citations,
        digestChars: report.text.length,
      },
      auditOk: (await mem.verifyAudit()).ok,
    };
  } finally {
    await close();
  }
}

export function renderWrapTable(results: WrapSizeResult[]): string {
  const lines = [
    "wrap: episodes pending since the last wrap (store port fill, no gate); prepareWrap median of 3,",
    "saveContinuity of a 20-pattern digest citing 2 shown episodes per pattern.",
    "",
    "episodes  prepareWrap  package chars  shown/total    saveContinuity  patterns ok  audit",
    "--------  -----------  -------------  -------------  --------------  -----------  -----",
  ];
  for (const r of results)
    lines.push(
      [
        String(r.episodes).padEnd(8),
        `${r.prepareWrap.medianMs} ms`.padStart(11),
        String(r.prepareWrap.packageChars).padStart(13),
        `${r.prepareWrap.shown}/${r.prepareWrap.total}`.padEnd(13),
        `${r.saveContinuity.ms} ms`.padStart(14),
        `${r.saveContinuity.accepted}/${r.saveContinuity.patterns}`.padStart(11),
        r.auditOk ? "ok" : "BROKEN",
      ].join("  "),
    );
  return lines.join("\n");
}
