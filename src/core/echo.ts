/**
 * Strata's own output written back. An agent that pastes a recall line, a context block or a
 * CLI table row into `record`/`remember` is repeating what Strata said, not reporting news: the
 * score, date and status columns of the rendering must never read as a changed value. This
 * recognises every rendering Strata produces and returns the stored text inside it, with the
 * ids it names. Only a text made entirely of renderings counts (a line of the agent's own
 * beside one is news, judged as written). The write gate calls it before anything else.
 *
 *   renderedEcho("b12 [fact] Deploys run on Fridays (score 0.67)")
 *   // → { form: "recall-line", core: "Deploys run on Fridays", cited: ["b12"] }
 */

/** An item id as Strata prints it (b12, e7; letters, digits, - and _ after the layer letter). */
const ID = String.raw`[eb][\w-]*\d[\w-]*`;
const KINDS = "fact|failure|rule|procedure|episode";
const STATUSES = "active|dormant|archived|retired|forgotten";
const EPISODE_TYPES = "observation|decision|tension|question|outcome|context";

export type EchoForm =
  | "recall-line"
  | "context-line"
  | "context-block"
  | "cli-recall"
  | "table-row"
  | "explain-line";

export interface RenderedEcho {
  form: EchoForm;
  /** The stored text inside the rendering (the first one, when several lines are rendered). */
  core: string;
  /** Every id the rendering names, in order. */
  cited: string[];
}

/** `b12 [fact] text (score 0.67)`: the MCP recall tool's text. */
const RECALL_LINE = new RegExp(String.raw`^(${ID}) \[(?:${KINDS})\] (.+?) \(score -?\d+(?:\.\d+)?\)$`);
/** `- [b12] text (conf 0.67, 2/3 worked)` or `- [e3] 2026-03-01 decision (success): text`: a context line. */
const CONTEXT_LINE = new RegExp(String.raw`^[-*•]\s*\[(${ID})\]\s+(.+)$`);
/** `1. b12   fact · active · 2026-03-01 · score 0.672`: the CLI's recall head (text on the next line). */
const CLI_RECALL_HEAD = new RegExp(
  String.raw`^\d+\.\s+(${ID})\s+(?:${KINDS}) · (?:${STATUSES}) · .* · score -?\d+(?:\.\d+)?$`,
);
/** `b12 (active) text`: the explain head. */
const EXPLAIN_LINE = new RegExp(String.raw`^(${ID}) \((?:${STATUSES})\) (.+)$`);
const BELIEF_ROW = new RegExp(`^(?:${KINDS})$`);
const STATUS_CELL = new RegExp(`^(?:${STATUSES})\\*?$`);
const ID_CELL = new RegExp(`^${ID}$`);

/** The evidence suffix a context line adds to a belief: `(unverified)`, `(conf 0.67, 2/3 worked, stated 2×)`. */
const EVIDENCE_SUFFIX =
  /\s*\((?:unverified|conf \d+(?:\.\d+)?, \d+\/\d+ worked)(?:, stated \d+×)?(?:; exceptions: .*)?\)$/;
/** The head a context line adds to an episode: `2026-03-01 decision (success): `. */
const EPISODE_HEAD = new RegExp(
  String.raw`^\d{4}-\d{2}-\d{2} (?:${EPISODE_TYPES})(?: \((?:success|failure)\))?: `,
);

const clean = (s: string) =>
  s
    .replace(EVIDENCE_SUFFIX, "")
    .replace(EPISODE_HEAD, "")
    .replace(/^Avoid: /, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .trim();

/** A CLI table row (`strata list`): columns two or more spaces apart. */
function tableRow(line: string): { id: string; text: string } | null {
  const cells = line.trim().split(/\s{2,}/);
  if (cells.length < 6 || !ID_CELL.test(cells[0]!)) return null;
  // Beliefs: ID KIND STATUS CONF SUP VALID TEXT
  if (BELIEF_ROW.test(cells[1]!) && STATUS_CELL.test(cells[2]!) && /^\d+(?:\.\d+)?$/.test(cells[3]!))
    return cells.length >= 7 ? { id: cells[0]!, text: cells.slice(6).join(" ") } : null;
  // Episodes: ID TYPE OUTCOME STATUS AT CONTENT
  if (
    new RegExp(`^(?:${EPISODE_TYPES})$`).test(cells[1]!) &&
    /^(?:success|failure|-)$/.test(cells[2]!) &&
    STATUS_CELL.test(cells[3]!)
  )
    return { id: cells[0]!, text: cells.slice(5).join(" ") };
  return null;
}

/**
 * Recognises a rendering of Strata's own output (MCP recall and explain text, context blocks
 * and lines, the CLI's recall and table output), or returns null for ordinary text.
 */
export function renderedEcho(text: string): RenderedEcho | null {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length === 0) return null;
  const found: { id: string; core: string; form: EchoForm }[] = [];
  let block = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^<\/?strata-memory\b[^>]*>$/i.test(line) || /^## /.test(line)) {
      block = true;
      continue;
    }
    // The CLI's table header and recall "why:" lines are structure, not text.
    if (/^ID\s{2,}(?:KIND|TYPE)\s{2,}/.test(line) || /^why: /.test(line)) continue;
    let m = RECALL_LINE.exec(line);
    if (m) {
      found.push({ id: m[1]!, core: clean(m[2]!), form: "recall-line" });
      continue;
    }
    m = CONTEXT_LINE.exec(line);
    if (m) {
      found.push({ id: m[1]!, core: clean(m[2]!), form: "context-line" });
      continue;
    }
    m = CLI_RECALL_HEAD.exec(line);
    if (m) {
      const next = lines[i + 1];
      if (next !== undefined && !/^why: /.test(next)) {
        found.push({ id: m[1]!, core: clean(next), form: "cli-recall" });
        i++;
      }
      continue;
    }
    m = EXPLAIN_LINE.exec(line);
    if (m) {
      found.push({ id: m[1]!, core: clean(m[2]!), form: "explain-line" });
      continue;
    }
    const row = tableRow(line);
    if (row) found.push({ id: row.id, core: clean(row.text), form: "table-row" });
    // A line of the agent's own beside a rendering is news: the whole text is judged as written.
    else return null;
  }
  const first = found.find((f) => f.core.length > 0);
  if (!first) return null;
  return {
    form: block ? "context-block" : first.form,
    core: first.core,
    cited: [...new Set(found.map((f) => f.id))],
  };
}
