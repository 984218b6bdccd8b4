/**
 * LoCoMo loader: turns the raw `locomo10.json` shape into conversations of dated turns and
 * questions with clean evidence ids, and counts every quirk it had to repair or drop.
 *
 *   const data = parseLocomo(JSON.parse(readFileSync(path, "utf8")));
 *   data.conversations[0].turns[0]; // { diaId: "D1:1", speaker: "Caroline", at: "2023-05-08T13:56:00.000Z", … }
 */
import { MONTHS } from "../../src/core/recall/query-times.js";

export interface LocomoTurn {
  diaId: string;
  speaker: string;
  /** Text as recorded: the turn's text, plus ` [image: <caption>]` for image turns. */
  content: string;
  session: number;
  /** Session date_time as ISO, plus one second per turn so order within a session is kept. */
  at: string;
}

export interface LocomoQuestion {
  question: string;
  category: number;
  /** Gold evidence turn ids, normalised (`D30:05` → `D30:5`), de-duplicated, only turns that exist. */
  evidence: string[];
}

export interface LocomoConversation {
  index: number;
  speakers: [string, string];
  turns: LocomoTurn[];
  questions: LocomoQuestion[];
}

export interface LoaderStats {
  conversations: number;
  sessions: number;
  turns: number;
  questions: number;
  /** Evidence strings that held several ids (`'D8:6; D9:17'`) and were split. */
  splitEvidence: number;
  /** Ids written with leading zeros (`D30:05`). */
  zeroPadded: number;
  /** Evidence tokens that are not `D<session>:<turn>` (`'D:11:26'`, `'D'`). */
  malformedIds: number;
  /** Well-formed ids naming a turn the conversation does not have. */
  missingTurns: number;
  /** Questions left with no usable evidence, excluded from scoring. */
  questionsWithoutEvidence: number;
}

export interface LocomoData {
  conversations: LocomoConversation[];
  stats: LoaderStats;
}

/** `"1:56 pm on 8 May, 2023"` → `2023-05-08T13:56:00.000Z` (the dataset has no time zone: read as UTC). */
export function parseLocomoDate(text: string): string {
  const m = /^\s*(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([a-z]+),?\s+(\d{4})\s*$/i.exec(text);
  if (!m) throw new Error(`unrecognised LoCoMo date: ${JSON.stringify(text)}`);
  const month = MONTHS.indexOf(m[5]!.toLowerCase());
  if (month < 0) throw new Error(`unrecognised month in LoCoMo date: ${JSON.stringify(text)}`);
  const hour = (Number(m[1]) % 12) + (m[3]!.toLowerCase() === "pm" ? 12 : 0);
  return new Date(Date.UTC(Number(m[6]), month, Number(m[4]), hour, Number(m[2]))).toISOString();
}

const ID_RE = /^D(\d+):(\d+)$/;

/** Splits one raw evidence string into normalised ids; reports what it repaired or dropped. */
export function parseEvidence(raw: string): {
  ids: string[];
  split: boolean;
  zeroPadded: number;
  malformed: number;
} {
  const parts = raw.split(/[;\s]+/).filter((p) => p.length > 0);
  const ids: string[] = [];
  let zeroPadded = 0;
  let malformed = 0;
  for (const p of parts) {
    const m = ID_RE.exec(p);
    if (!m) {
      malformed++;
      continue;
    }
    const id = `D${Number(m[1])}:${Number(m[2])}`;
    if (id !== p) zeroPadded++;
    ids.push(id);
  }
  return { ids, split: parts.length > 1, zeroPadded, malformed };
}

interface RawTurn {
  speaker: string;
  dia_id: string;
  text: string;
  blip_caption?: string;
}

interface RawQa {
  question: string;
  category: number;
  evidence?: unknown[];
}

interface RawSample {
  conversation: Record<string, unknown> & { speaker_a: string; speaker_b: string };
  qa: RawQa[];
}

/** Parses the raw dataset (an array of samples). Throws on a shape it cannot read. */
export function parseLocomo(raw: unknown): LocomoData {
  if (!Array.isArray(raw)) throw new Error("LoCoMo data must be a JSON array of conversations");
  const stats: LoaderStats = {
    conversations: 0,
    sessions: 0,
    turns: 0,
    questions: 0,
    splitEvidence: 0,
    zeroPadded: 0,
    malformedIds: 0,
    missingTurns: 0,
    questionsWithoutEvidence: 0,
  };
  const conversations = (raw as RawSample[]).map((sample, index): LocomoConversation => {
    const c = sample.conversation;
    const sessionKeys = Object.keys(c)
      .filter((k) => /^session_\d+$/.test(k))
      .sort((a, b) => Number(a.slice(8)) - Number(b.slice(8)));
    const turns: LocomoTurn[] = [];
    for (const key of sessionKeys) {
      const session = Number(key.slice(8));
      const date = c[`${key}_date_time`];
      if (typeof date !== "string") throw new Error(`conversation ${index}: ${key} has no date_time`);
      const start = Date.parse(parseLocomoDate(date));
      stats.sessions++;
      (c[key] as RawTurn[]).forEach((t, i) => {
        const caption = t.blip_caption?.trim();
        turns.push({
          diaId: parseEvidence(t.dia_id).ids[0] ?? t.dia_id,
          speaker: t.speaker,
          content: caption ? `${t.text} [image: ${caption}]` : t.text,
          session,
          at: new Date(start + i * 1000).toISOString(),
        });
      });
    }
    const known = new Set(turns.map((t) => t.diaId));
    const questions: LocomoQuestion[] = [];
    for (const qa of sample.qa) {
      stats.questions++;
      const evidence = new Set<string>();
      for (const e of qa.evidence ?? []) {
        const parsed = parseEvidence(String(e));
        if (parsed.split) stats.splitEvidence++;
        stats.zeroPadded += parsed.zeroPadded;
        stats.malformedIds += parsed.malformed;
        for (const id of parsed.ids) {
          if (known.has(id)) evidence.add(id);
          else stats.missingTurns++;
        }
      }
      if (evidence.size === 0) {
        stats.questionsWithoutEvidence++;
        continue;
      }
      questions.push({ question: qa.question, category: qa.category, evidence: [...evidence] });
    }
    stats.conversations++;
    stats.turns += turns.length;
    return { index, speakers: [c.speaker_a, c.speaker_b], turns, questions };
  });
  return { conversations, stats };
}
