/**
 * The character data of FTS5's `unicode61` tokenizer (which code points are token characters,
 * and what each folds to), read from the SQLite library this process links rather than from
 * JavaScript's own Unicode tables. FTS5 carries its own, older, Unicode data: measured against
 * Node's, 1,856 code points of the Basic Multilingual Plane differ (characters assigned since
 * count as token characters in FTS5, some marks changed category, folding differs in places).
 * So the table asks FTS5 itself, one block of 128 code points at a time, the first time a text
 * holds a character of that block, and keeps the answer for the life of the process: exact for
 * whichever SQLite is linked, and a few blocks for most corpora.
 *
 *   const table = unicode61Table();
 *   table.kind(0xe9);   // TOKEN ("é")
 *   table.fold(0xc9);   // 0x65 ("É" → "e": lower case, diacritic removed)
 *   table.kind(0x301);  // DIACRITIC: a combining acute is part of a token, never starts one
 */
import type Database from "better-sqlite3";
import { referenceDb } from "./reference-db.js";

/** Not part of any token. */
export const SEPARATOR = 0;
/** A token character. */
export const TOKEN = 1;
/** A combining diacritic: continues a token (usually folding to nothing), never starts one. */
export const DIACRITIC = 2;

/** What the tokenizer needs to know of a code point at or above 128. */
export interface Unicode61Chars {
  /** SEPARATOR, TOKEN or DIACRITIC. */
  kind(codePoint: number): number;
  /** The folded code point (lower case, diacritics removed); 0 when it folds to nothing. */
  fold(codePoint: number): number;
}

/**
 * FTS5's `unicode61` as the stores read text: every Latin letter's marks folded, one mark or several
 * (`remove_diacritics 2`, `MARKS_FOLDED_IN_FULL_TEXT`). FTS5's default (`1`) keeps the marks of a
 * letter that carries two, as most of Vietnamese's do: "Đà Nẵng" was "đa nẵng" and never met
 * "Da Nang"'s "nang"; "Nguyễn" was "nguyễn". With `2`: "nang", "nguyen", as "café" is "cafe" and
 * "São" is "sao" under either. A letter with no decomposition keeps its form under both ("đ", "ł",
 * "ø": "Đà" is "đa", never "da"), and so does a letter of another script. SQLite's tables use it
 * since schema 11 (../sqlite/sqlite-schema.ts); the in-process index probes it here.
 */
export const UNICODE61 = "unicode61 remove_diacritics 2";

const BLOCK = 128;

class ProbedTable implements Unicode61Chars {
  private readonly kinds: (Uint8Array | undefined)[] = [];
  private readonly folds: (Int32Array | undefined)[] = [];

  kind(codePoint: number): number {
    const b = codePoint >> 7;
    return (this.kinds[b] ?? this.probe(b).kinds)[codePoint & (BLOCK - 1)]!;
  }

  fold(codePoint: number): number {
    const b = codePoint >> 7;
    return (this.folds[b] ?? this.probe(b).folds)[codePoint & (BLOCK - 1)]!;
  }

  private connection: Database.Database | null = null;

  private db(): Database.Database {
    if (!this.connection) {
      this.connection = referenceDb();
      this.connection.exec(
        `CREATE VIRTUAL TABLE unicode61_probe USING fts5(x, tokenize='${UNICODE61}'); CREATE VIRTUAL TABLE unicode61_terms USING fts5vocab(unicode61_probe, 'instance');`,
      );
    }
    return this.connection;
  }

  /**
   * Tokenizes `q<c>q` and `<c>q` for every code point c of the block with `UNICODE61`
   * (`q` is an ASCII token character): one token `q<fold>q` means c continues a token, two
   * tokens `q` `q` that it separates; `<c>q` then tells a token character from a diacritic.
   */
  private probe(block: number): { kinds: Uint8Array; folds: Int32Array } {
    const db = this.db();
    const kinds = new Uint8Array(BLOCK);
    const folds = new Int32Array(BLOCK);
    const first = block * BLOCK;
    const insert = db.prepare("INSERT INTO unicode61_probe(rowid, x) VALUES (?, ?)");
    const terms = new Map<number, string[]>();
    db.transaction(() => {
      db.exec("DELETE FROM unicode61_probe");
      for (let i = 0; i < BLOCK; i++) {
        const c = first + i;
        // A lone surrogate is not a character: the tokenizer reads it as U+FFFD.
        const ch = String.fromCodePoint(c >= 0xd800 && c <= 0xdfff ? 0xfffd : c);
        insert.run(2 * i + 1, `q${ch}q`);
        insert.run(2 * i + 2, `${ch}q`);
      }
      for (const r of db
        .prepare("SELECT term, doc FROM unicode61_terms ORDER BY doc, offset")
        .iterate() as Iterable<{
        term: string;
        doc: number;
      }>) {
        const list = terms.get(r.doc);
        if (list) list.push(r.term);
        else terms.set(r.doc, [r.term]);
      }
    })();
    for (let i = 0; i < BLOCK; i++) {
      const inner = terms.get(2 * i + 1) ?? [];
      const leading = terms.get(2 * i + 2) ?? [];
      if (inner.length === 2) continue; // SEPARATOR
      const folded = [...(inner[0] ?? "").slice(1, -1)];
      if (inner.length !== 1 || folded.length > 1)
        throw new Error(`unexpected unicode61 tokens for U+${(first + i).toString(16)}: ${inner.join(" ")}`);
      folds[i] = folded.length === 0 ? 0 : folded[0]!.codePointAt(0)!;
      kinds[i] = leading.length === 1 && leading[0] === "q" ? DIACRITIC : TOKEN;
    }
    this.kinds[block] = kinds;
    this.folds[block] = folds;
    return { kinds, folds };
  }
}

let shared: ProbedTable | null = null;

/** The process-wide table (the linked SQLite's data does not change while it runs). */
export function unicode61Table(): Unicode61Chars {
  shared ??= new ProbedTable();
  return shared;
}
