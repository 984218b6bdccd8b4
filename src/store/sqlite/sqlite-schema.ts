import type Database from "better-sqlite3";
import {
  LEGACY_SLEEP_RECORD_FIELDS,
  rekeyedCredit,
  upgradedSleepRecord,
  upgradeMetaKey,
} from "../../core/ports.js";
import { UNICODE61 } from "../text-index/unicode61-table.js";
import { fillVectorComponents, VECTOR_COMPONENTS_SCHEMA } from "./vector-components.js";

/**
 * A row's token count in SQL, from FTS5's `docsize` record of one column (`sz`: one SQLite
 * varint, as `fts5Size` in ./sqlite-store.ts reads it), for rows of up to 2^28 tokens; 0 when
 * there is no record. Pure SQL, so the triggers that use it run on any connection.
 */
function docLength(sz: string): string {
  const hex = "'0123456789ABCDEF'";
  const byte = (i: number) =>
    `(instr(${hex}, substr(hex(${sz}), ${2 * i + 1}, 1)) * 16 + instr(${hex}, substr(hex(${sz}), ${2 * i + 2}, 1)) - 17)`;
  const [b0, b1, b2, b3] = [0, 1, 2, 3].map(byte);
  return `CASE WHEN ${sz} IS NULL OR length(${sz}) = 0 THEN 0 WHEN ${b0} < 128 THEN ${b0}
    WHEN ${b1} < 128 THEN (${b0} - 128) * 128 + ${b1}
    WHEN ${b2} < 128 THEN ((${b0} - 128) * 128 + ${b1} - 128) * 128 + ${b2}
    ELSE (((${b0} - 128) * 128 + ${b1} - 128) * 128 + ${b2} - 128) * 128 + ${b3} END`;
}

/** The full-text triggers of one layer, keeping `text_sizes` beside FTS5 (migration 7). */
function textSizeTriggers(layer: "b" | "e", table: string, fts: string, col: string): string {
  const length = (rowid: string) => `(SELECT ${docLength("sz")} FROM ${fts}_docsize WHERE id = ${rowid})`;
  const add = `INSERT INTO text_sizes(layer, namespace, rows, tokens)
      SELECT '${layer}', new.namespace, 1, ${length("new.rowid")} WHERE true
      ON CONFLICT(layer, namespace) DO UPDATE SET rows = rows + 1, tokens = tokens + excluded.tokens;`;
  const remove = `UPDATE text_sizes SET rows = rows - 1, tokens = tokens - coalesce(${length("old.rowid")}, 0)
      WHERE layer = '${layer}' AND namespace = old.namespace;`;
  // One trigger per event, FTS5's row and the sizes in order (triggers on one event fire in no set order).
  return `
  DROP TRIGGER ${table}_fts_insert;
  DROP TRIGGER ${table}_fts_delete;
  DROP TRIGGER ${table}_fts_update;
  CREATE TRIGGER ${table}_fts_insert AFTER INSERT ON ${table} BEGIN
    INSERT INTO ${fts}(rowid, ${col}) VALUES (new.rowid, new.${col});
    ${add}
  END;
  CREATE TRIGGER ${table}_fts_delete AFTER DELETE ON ${table} BEGIN
    ${remove}
    INSERT INTO ${fts}(${fts}, rowid, ${col}) VALUES ('delete', old.rowid, old.${col});
  END;
  CREATE TRIGGER ${table}_fts_update AFTER UPDATE OF ${col}, namespace ON ${table} BEGIN
    ${remove}
    INSERT INTO ${fts}(${fts}, rowid, ${col}) VALUES ('delete', old.rowid, old.${col});
    INSERT INTO ${fts}(rowid, ${col}) VALUES (new.rowid, new.${col});
    ${add}
  END;
  INSERT INTO text_sizes(layer, namespace, rows, tokens)
    SELECT '${layer}', x.namespace, count(*), coalesce(sum(${docLength("d.sz")}), 0)
    FROM ${table} x JOIN ${fts}_docsize d ON d.id = x.rowid GROUP BY x.namespace;
  `;
}

const TEXT_SIZES_SCHEMA = `
  CREATE TABLE text_sizes (
    layer TEXT NOT NULL,
    namespace TEXT NOT NULL,
    rows INTEGER NOT NULL,
    tokens INTEGER NOT NULL,
    PRIMARY KEY (layer, namespace)
  ) WITHOUT ROWID;
  ${textSizeTriggers("b", "beliefs", "belief_fts", "text")}
  ${textSizeTriggers("e", "episodes", "episode_fts", "content")}
`;

/** The full-text tables' tokenizer: Porter stems over `UNICODE61` (marks folded, migration 11). */
const FULL_TEXT_TOKENIZER = `porter ${UNICODE61}`;

/**
 * Versioned migrations for the SQLite store. Each entry runs once, inside the same
 * BEGIN IMMEDIATE transaction that bumps `schema_version`, so processes starting together
 * apply it exactly once.
 */
export const MIGRATIONS: readonly string[] = [
  // 1: the model of the engine issue.
  `
  CREATE TABLE episodes (
    rowid INTEGER PRIMARY KEY,
    namespace TEXT NOT NULL,
    type TEXT NOT NULL,
    content TEXT NOT NULL,
    outcome TEXT,
    session TEXT,
    actor TEXT,
    at TEXT NOT NULL,
    recorded_at TEXT NOT NULL,
    metadata TEXT NOT NULL DEFAULT '{}',
    content_hash TEXT NOT NULL,
    support INTEGER NOT NULL DEFAULT 1,
    status TEXT NOT NULL DEFAULT 'active',
    distilled_at TEXT,
    superseded_by TEXT,
    valid_to TEXT
  );
  CREATE INDEX episodes_ns_at ON episodes(namespace, at);
  CREATE INDEX episodes_ns_status ON episodes(namespace, status, distilled_at);

  CREATE TABLE beliefs (
    rowid INTEGER PRIMARY KEY,
    namespace TEXT NOT NULL,
    kind TEXT NOT NULL,
    text TEXT NOT NULL,
    when_text TEXT,
    prefer_text TEXT,
    exceptions TEXT NOT NULL DEFAULT '[]',
    steps TEXT,
    status TEXT NOT NULL DEFAULT 'active',
    status_reason TEXT,
    pinned INTEGER NOT NULL DEFAULT 0,
    restored INTEGER NOT NULL DEFAULT 0,
    confidence REAL NOT NULL,
    successes INTEGER NOT NULL DEFAULT 0,
    failures INTEGER NOT NULL DEFAULT 0,
    support INTEGER NOT NULL DEFAULT 1,
    uses INTEGER NOT NULL DEFAULT 0,
    half_life_days REAL NOT NULL,
    last_confirmed_at TEXT,
    last_used_at TEXT,
    valid_from TEXT NOT NULL,
    valid_to TEXT,
    recorded_at TEXT NOT NULL,
    retired_at TEXT,
    superseded_by TEXT,
    parent_id TEXT,
    sources TEXT NOT NULL DEFAULT '[]',
    source TEXT,
    content_hash TEXT NOT NULL,
    metadata TEXT NOT NULL DEFAULT '{}'
  );
  CREATE INDEX beliefs_ns_status ON beliefs(namespace, status, kind);
  CREATE INDEX beliefs_superseded_by ON beliefs(superseded_by);
  CREATE INDEX beliefs_pinned ON beliefs(namespace, pinned) WHERE pinned = 1;

  CREATE TABLE belief_sources (
    episode_id TEXT NOT NULL,
    belief_id TEXT NOT NULL,
    PRIMARY KEY (episode_id, belief_id)
  ) WITHOUT ROWID;

  CREATE VIRTUAL TABLE belief_fts USING fts5(text, content='beliefs', content_rowid='rowid', tokenize='porter unicode61');
  CREATE TRIGGER beliefs_fts_insert AFTER INSERT ON beliefs BEGIN
    INSERT INTO belief_fts(rowid, text) VALUES (new.rowid, new.text);
  END;
  CREATE TRIGGER beliefs_fts_delete AFTER DELETE ON beliefs BEGIN
    INSERT INTO belief_fts(belief_fts, rowid, text) VALUES ('delete', old.rowid, old.text);
  END;
  CREATE TRIGGER beliefs_fts_update AFTER UPDATE OF text ON beliefs BEGIN
    INSERT INTO belief_fts(belief_fts, rowid, text) VALUES ('delete', old.rowid, old.text);
    INSERT INTO belief_fts(rowid, text) VALUES (new.rowid, new.text);
  END;

  CREATE VIRTUAL TABLE episode_fts USING fts5(content, content='episodes', content_rowid='rowid', tokenize='porter unicode61');
  CREATE TRIGGER episodes_fts_insert AFTER INSERT ON episodes BEGIN
    INSERT INTO episode_fts(rowid, content) VALUES (new.rowid, new.content);
  END;
  CREATE TRIGGER episodes_fts_delete AFTER DELETE ON episodes BEGIN
    INSERT INTO episode_fts(episode_fts, rowid, content) VALUES ('delete', old.rowid, old.content);
  END;
  CREATE TRIGGER episodes_fts_update AFTER UPDATE OF content ON episodes BEGIN
    INSERT INTO episode_fts(episode_fts, rowid, content) VALUES ('delete', old.rowid, old.content);
    INSERT INTO episode_fts(rowid, content) VALUES (new.rowid, new.content);
  END;

  CREATE TABLE links (
    from_id TEXT NOT NULL,
    to_id TEXT NOT NULL,
    relation TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (from_id, to_id, relation)
  ) WITHOUT ROWID;
  CREATE INDEX links_to ON links(to_id);

  CREATE TABLE outcomes (
    rowid INTEGER PRIMARY KEY,
    belief_id TEXT NOT NULL,
    success INTEGER NOT NULL,
    at TEXT NOT NULL,
    confidence_before REAL NOT NULL,
    confidence_after REAL NOT NULL
  );
  CREATE INDEX outcomes_belief ON outcomes(belief_id);

  CREATE TABLE vectors (
    id TEXT PRIMARY KEY,
    namespace TEXT NOT NULL,
    embedder TEXT NOT NULL,
    dim INTEGER NOT NULL,
    vector BLOB NOT NULL
  );
  CREATE INDEX vectors_ns ON vectors(namespace);

  CREATE TABLE audit (
    namespace TEXT NOT NULL,
    seq INTEGER NOT NULL,
    at TEXT NOT NULL,
    actor TEXT NOT NULL,
    event TEXT NOT NULL,
    subject_id TEXT,
    content_hash TEXT NOT NULL,
    detail TEXT,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL,
    PRIMARY KEY (namespace, seq)
  ) WITHOUT ROWID;
  CREATE INDEX audit_subject ON audit(subject_id);

  CREATE TABLE audit_heads (
    namespace TEXT PRIMARY KEY,
    seq INTEGER NOT NULL,
    hash TEXT NOT NULL
  );
  `,
  // 2: the sweep's judged-pair cache.
  `
  CREATE TABLE judged_pairs (
    a TEXT NOT NULL,
    b TEXT NOT NULL,
    a_hash TEXT NOT NULL,
    b_hash TEXT NOT NULL,
    relation TEXT NOT NULL,
    judge TEXT NOT NULL,
    reason TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (a, b)
  ) WITHOUT ROWID;
  `,
  // 3: which embedders made the vectors, answered from an index (the embedder check at open).
  `
  CREATE INDEX vectors_embedder ON vectors(embedder, dim);
  `,
  // 4: the change log the in-process text index replays (../text-index/text-index.ts). Triggers append one row
  // per belief or episode inserted, deleted, or changed in what the index holds (text, status,
  // supersession, namespace), whoever writes, so each process re-reads just those rows before
  // its next search. Writers are serialised (BEGIN IMMEDIATE), so log order is commit order, and
  // positions are never reused (AUTOINCREMENT). The log keeps its last 50,000 entries; a process
  // further behind rebuilds its index from the tables.
  `
  CREATE TABLE text_changes (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    layer TEXT NOT NULL,
    rid INTEGER NOT NULL
  );
  CREATE TRIGGER text_changes_trim AFTER INSERT ON text_changes BEGIN
    DELETE FROM text_changes WHERE seq <= new.seq - 50000;
  END;

  CREATE TRIGGER beliefs_log_insert AFTER INSERT ON beliefs BEGIN
    INSERT INTO text_changes(layer, rid) VALUES ('b', new.rowid);
  END;
  CREATE TRIGGER beliefs_log_delete AFTER DELETE ON beliefs BEGIN
    INSERT INTO text_changes(layer, rid) VALUES ('b', old.rowid);
  END;
  CREATE TRIGGER beliefs_log_update AFTER UPDATE OF rowid, namespace, text, status ON beliefs
    WHEN old.rowid IS NOT new.rowid OR old.namespace IS NOT new.namespace OR old.text IS NOT new.text
      OR old.status IS NOT new.status
  BEGIN
    INSERT INTO text_changes(layer, rid) SELECT 'b', old.rowid WHERE old.rowid IS NOT new.rowid;
    INSERT INTO text_changes(layer, rid) VALUES ('b', new.rowid);
  END;

  CREATE TRIGGER episodes_log_insert AFTER INSERT ON episodes BEGIN
    INSERT INTO text_changes(layer, rid) VALUES ('e', new.rowid);
  END;
  CREATE TRIGGER episodes_log_delete AFTER DELETE ON episodes BEGIN
    INSERT INTO text_changes(layer, rid) VALUES ('e', old.rowid);
  END;
  CREATE TRIGGER episodes_log_update AFTER UPDATE OF rowid, namespace, content, status, superseded_by ON episodes
    WHEN old.rowid IS NOT new.rowid OR old.namespace IS NOT new.namespace OR old.content IS NOT new.content
      OR old.status IS NOT new.status OR old.superseded_by IS NOT new.superseded_by
  BEGIN
    INSERT INTO text_changes(layer, rid) SELECT 'e', old.rowid WHERE old.rowid IS NOT new.rowid;
    INSERT INTO text_changes(layer, rid) VALUES ('e', new.rowid);
  END;
  `,
  // 5: sleep's calibration scores of a belief (supersession probability, salience, category), as JSON.
  `
  ALTER TABLE beliefs ADD COLUMN calibration TEXT;
  `,
  // 6: each vector's nonzero components, keyed for a cold search's one range scan
  // (./vector-components.ts); filled from the stored vectors by MIGRATION_FILLS[6].
  VECTOR_COMPONENTS_SCHEMA,
  // 7: each namespace's rows in FTS5 and their total length, per layer (`text_sizes`): BM25's N and
  // average length over one namespace, for a cold search on a store of several namespaces
  // (`namespaceText` in ./sqlite-store.ts). The full-text triggers keep it, in the same statement
  // as FTS5's own row (a row's length is its `docsize` record); filled once from the tables.
  TEXT_SIZES_SCHEMA,
  // 8: the engine's namespace records keyed with each part encoded (core/meta-keys.ts), so a key
  // names one namespace: the old keys are rewritten by MIGRATION_FILLS[8].
  "SELECT 1;",
  // 9: outcome credit keys hold the source's hash under the store's secret, not its plain
  // SHA-256 (core/outcome-credit.ts): the old keys are rewritten by MIGRATION_FILLS[9].
  "SELECT 1;",
  // 10: sleep's record on a belief under its one reserved metadata key (core/sleep-record.ts), so no
  // caller's field is read as sleep's: the fields sleep kept at the top are moved by MIGRATION_FILLS[10].
  "SELECT 1;",
  // 11: the full-text tables fold every Latin letter's marks (`remove_diacritics 2`: "Nẵng" and
  // "Nguyễn", whose letters carry two marks, are "nang" and "nguyen" as "café" is "cafe"), rebuilt
  // from their rows. The triggers name the tables and stay; a row's token count is unchanged, so
  // `text_sizes` stays true.
  `
  DROP TABLE belief_fts;
  CREATE VIRTUAL TABLE belief_fts USING fts5(text, content='beliefs', content_rowid='rowid', tokenize='${FULL_TEXT_TOKENIZER}');
  INSERT INTO belief_fts(belief_fts) VALUES ('rebuild');
  DROP TABLE episode_fts;
  CREATE VIRTUAL TABLE episode_fts USING fts5(content, content='episodes', content_rowid='rowid', tokenize='${FULL_TEXT_TOKENIZER}');
  INSERT INTO episode_fts(episode_fts) VALUES ('rebuild');
  `,
];

/**
 * What a migration needs computed in JavaScript, run right after its SQL in the same
 * transaction: keyed by the schema version it brings the store to. `secret` is the store's
 * secret (made before any migration runs).
 */
export const MIGRATION_FILLS: Readonly<
  Record<
    number,
    (
      db: Database.Database,
      onProgress: ((done: number, total: number) => void) | undefined,
      secret: string,
    ) => void
  >
> = {
  6: fillVectorComponents,
  8: upgradeMetaKeys,
  9: rekeyCredits,
  10: moveSleepRecords,
};

/**
 * Migration 10's fill: on every belief whose metadata holds a field sleep kept at its top before
 * the record had its own key, those fields moved into sleep's record (`upgradedSleepRecord`: only
 * where and in the shape sleep wrote them; a caller's field stays).
 */
function moveSleepRecords(db: Database.Database): void {
  const where = LEGACY_SLEEP_RECORD_FIELDS.map(() => "instr(metadata, ?) > 0").join(" OR ");
  const rows = db
    .prepare(`SELECT rowid AS rid, metadata, source FROM beliefs WHERE ${where}`)
    .all(...LEGACY_SLEEP_RECORD_FIELDS.map((f) => `"${f}"`)) as {
    rid: number;
    metadata: string;
    source: string | null;
  }[];
  const update = db.prepare("UPDATE beliefs SET metadata = ? WHERE rowid = ?");
  for (const r of rows) {
    const metadata = JSON.parse(r.metadata) as Record<string, unknown>;
    const moved = upgradedSleepRecord(metadata, r.source);
    if (moved !== metadata) update.run(JSON.stringify(moved), r.rid);
  }
}

/**
 * Migration 9's fill: every outcome credit key that holds a source's plain SHA-256 digest
 * rewritten to hold it keyed under the store's secret (`rekeyedCredit`, exact: a source counted
 * before still counts once). All old keys are removed before any new one is written.
 */
function rekeyCredits(db: Database.Database, _onProgress: unknown, secret: string): void {
  const rows = db.prepare("SELECT key, value FROM meta WHERE key LIKE 'engine:outcome-credit:%'").all() as {
    key: string;
    value: string;
  }[];
  const moved = rows.flatMap(({ key, value }) => {
    const to = rekeyedCredit(secret, key.slice("engine:".length));
    return to === null ? [] : [{ from: key, to: `engine:${to}`, value }];
  });
  const remove = db.prepare("DELETE FROM meta WHERE key = ?");
  const insert = db.prepare("INSERT OR IGNORE INTO meta(key, value) VALUES (?, ?)");
  for (const m of moved) remove.run(m.from);
  for (const m of moved) insert.run(m.to, m.value);
}

/**
 * Migration 8's fill: every bookkeeping record's key as `upgradeMetaKey` makes it. An old
 * curation key's namespace is told by the beliefs its value names, else by which of its splits
 * holds items. All changed keys are removed before any is written back, so a new key never
 * meets an old one still waiting.
 */
function upgradeMetaKeys(db: Database.Database): void {
  // The engine's records are the rows keyed `engine:<key>` (the store's own are not).
  const rows = (
    db.prepare("SELECT key, value FROM meta WHERE key LIKE 'engine:%'").all() as {
      key: string;
      value: string;
    }[]
  ).map((r) => ({ key: r.key.slice("engine:".length), value: r.value }));
  // A belief's id is "b" and its row number (./vector-load.ts).
  const ownerOf = db.prepare("SELECT namespace FROM beliefs WHERE rowid = ?").pluck();
  const holds = db
    .prepare(
      "SELECT EXISTS (SELECT 1 FROM episodes WHERE namespace = ?) OR EXISTS (SELECT 1 FROM beliefs WHERE namespace = ?)",
    )
    .pluck();
  const moved: { from: string; to: string; value: string }[] = [];
  for (const { key, value } of rows) {
    const to = upgradeMetaKey(
      key,
      value,
      (id) =>
        /^b[1-9][0-9]*$/.test(id) ? (ownerOf.get(Number(id.slice(1))) as string | undefined) : undefined,
      (ns) => holds.get(ns, ns) === 1,
    );
    if (to !== key) moved.push({ from: key, to, value });
  }
  const remove = db.prepare("DELETE FROM meta WHERE key = ?");
  const insert = db.prepare("INSERT INTO meta(key, value) VALUES (?, ?)");
  for (const m of moved) remove.run(`engine:${m.from}`);
  for (const m of moved) insert.run(`engine:${m.to}`, m.value);
}

export const SCHEMA_VERSION = MIGRATIONS.length;
