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
  | "explain-line"
  | "json-record"
  | "item-fields";

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
/**
 * The lines the MCP inspect tool's explain text puts under its head (`b12 (archived) text`): the
 * sources, the successor, what it supersedes and its audit events. Structure, not text: only
 * read after an explain head.
 */
const EXPLAIN_DETAILS = [
  new RegExp(`^source ${ID}: .+$`),
  new RegExp(`^superseded by ${ID}: .+$`),
  new RegExp(`^supersedes ${ID}(?:, ${ID})*$`),
  /^history:(?: \d{4}-\d{2}-\d{2} [a-z]+\.[a-z-]+;?)*$/,
];
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

/** A CLI table row (`strata list`, `strata history`): columns two or more spaces apart. */
function tableRow(line: string): { id: string; text: string } | null {
  const cells = line.trim().split(/\s{2,}/);
  // History (`strata history`): [›] ID STATUS VALID RECORDED TEXT, the asked item marked.
  const h = cells[0] === "›" ? cells.slice(1) : cells;
  if (
    h.length >= 5 &&
    ID_CELL.test(h[0]!) &&
    STATUS_CELL.test(h[1]!) &&
    h[2]!.includes("→") &&
    /^\d{4}-\d{2}-\d{2}/.test(h[3]!)
  )
    return { id: h[0]!, text: h.slice(4).join(" ") };
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

/** The fields the CLI's item view (`strata get`, the head of `strata explain`) prints, as `name  value`. */
const ITEM_FIELDS = new Set([
  "kind",
  "text",
  "when",
  "prefer",
  "steps",
  "exceptions",
  "status",
  "confidence",
  "support",
  "uses",
  "calibration",
  "valid",
  "recorded",
  "superseded by",
  "sources",
  "source",
  "namespace",
  "type",
  "content",
  "outcome",
  "at",
  "session",
  "actor",
  "metadata",
]);
/** The sections `strata explain` adds under the item view, and the shapes of their lines. */
const EXPLAIN_SECTIONS = new Set([
  "Sources",
  "Outcomes",
  "Links",
  "Supersedes",
  "Beliefs from this episode",
  "Superseded by",
  "Audit",
]);
const SECTION_LINES = [
  new RegExp(String.raw`^${ID} \S`),
  /^#\d+ \d{4}-\d{2}-\d{2} /,
  /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} (?:success|failure) /,
];

/**
 * The CLI's item view (`id  b12` / `kind  fact` / `text  …`), with `strata explain`'s sections
 * under it. Every line must be one of its fields or sections; null otherwise.
 */
function itemFieldsEcho(lines: readonly string[]): RenderedEcho | null {
  const head = new RegExp(String.raw`^id\s{2,}(${ID})$`).exec(lines[0] ?? "");
  if (!head) return null;
  let core = "";
  let section = false;
  for (const line of lines.slice(1)) {
    if (EXPLAIN_SECTIONS.has(line)) {
      section = true;
      continue;
    }
    if (section) {
      if (!SECTION_LINES.some((r) => r.test(line))) return null;
      continue;
    }
    const field = /^([a-z]+(?: by)?)\s{2,}(.+)$/.exec(line);
    if (!field || !ITEM_FIELDS.has(field[1]!)) return null;
    if ((field[1] === "text" || field[1] === "content") && !core) core = field[2]!.trim();
  }
  return core ? { form: "item-fields", core, cited: [head[1]!] } : null;
}

/** Every key of an explain result (the library's `explain`, REST and `--json`). */
const EXPLAIN_KEYS = new Set([
  "belief",
  "episode",
  "sources",
  "outcomes",
  "links",
  "supersedes",
  "supersededBy",
  "audit",
]);

/**
 * A stored item as Strata's JSON writes it (REST, `--json`, the library's results): an id, its
 * layer, namespace and status, and its text. A JSON object of the agent's own lacks some of these.
 */
function jsonRecord(value: unknown, layerOf?: "belief" | "episode"): { id: string; text: string } | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const r = value as Record<string, unknown>;
  // An explain result names the layer by its key (`belief`, `episode`) instead of a field.
  const layer = layerOf ?? r.layer;
  const text = layer === "belief" ? r.text : layer === "episode" ? r.content : undefined;
  if (typeof r.id !== "string" || !ID_CELL.test(r.id) || typeof text !== "string") return null;
  if (typeof r.namespace !== "string" || typeof r.status !== "string" || !STATUS_CELL.test(r.status))
    return null;
  return { id: r.id, text };
}

/**
 * A JSON text made entirely of Strata's records: one record, a list of them (recall, list), or
 * an explain result. Null for anything else, including a list with one object of the agent's own.
 */
function jsonEcho(text: string): RenderedEcho | null {
  if (!/^[[{]/.test(text)) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  let records: ({ id: string; text: string } | null)[];
  if (Array.isArray(value)) records = value.map((v) => jsonRecord(v));
  else if (jsonRecord(value)) records = [jsonRecord(value)];
  else {
    const r = value as Record<string, unknown>;
    if (!Object.keys(r).every((k) => EXPLAIN_KEYS.has(k))) return null;
    records = [r.belief ? jsonRecord(r.belief, "belief") : jsonRecord(r.episode, "episode")];
  }
  if (records.length === 0 || records.some((r) => r === null)) return null;
  const found = records as { id: string; text: string }[];
  const first = found.find((r) => r.text.trim().length > 0);
  if (!first) return null;
  return { form: "json-record", core: first.text.trim(), cited: [...new Set(found.map((r) => r.id))] };
}

/**
 * Recognises a rendering of Strata's own output (MCP recall and explain text, context blocks
 * and lines, the CLI's recall, table and item output, the JSON records of REST and `--json`),
 * or returns null for ordinary text.
 */
export function renderedEcho(text: string): RenderedEcho | null {
  const json = jsonEcho(text.trim());
  if (json) return json;
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length === 0) return null;
  const fields = itemFieldsEcho(lines);
  if (fields) return fields;
  const found: { id: string; core: string; form: EchoForm }[] = [];
  let block = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^<\/?strata-memory\b[^>]*>$/i.test(line) || /^## /.test(line)) {
      block = true;
      continue;
    }
    // The CLI's table header and recall "why:" lines are structure, not text.
    if (/^ID\s{2,}(?:KIND|TYPE|STATUS)\s{2,}/.test(line) || /^why: /.test(line)) continue;
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
    if (found.at(-1)?.form === "explain-line" && EXPLAIN_DETAILS.some((d) => d.test(line))) continue;
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
