/**
 * Dashboard sessions, kept in the store's key/value (`meta`), so a restarted server and every
 * server on one PostgreSQL database honour the same cookie. The browser holds a random session
 * id; the store keeps only its SHA-256, mapped to the API key's id, the namespace being viewed,
 * a CSRF token for the session's forms and an expiry:
 *
 *   ui-session:<expiry day, yyyymmdd>:<sha256 of the id>  →  { keyId, namespace, csrf, expiresAt, flash }
 *
 * The key itself is never kept, in the cookie or here: each request looks the key up by id, so
 * a revoked key ends its sessions at once, on every server. The cookie carries the expiry day
 * beside the random part, so the record is found in one read and whole days of expired sessions
 * are dropped by prefix (each sign-in clears the week before the oldest day still live).
 *
 *   const sessions = new SessionStore({ store, clock, ttlMs: 8 * 3_600_000 });
 *   const s = await sessions.create(key.id, "team-a");   // s.id goes in the cookie
 *   await sessions.get(cookie);                          // the session, or null
 */
import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import type { Clock, Store } from "../../core/ports.js";

export interface Session {
  /** The cookie's value: `<expiry day>.<random>`. Never stored. */
  id: string;
  keyId: string;
  namespace: string;
  csrf: string;
  expiresAt: number;
  /** A one-shot message for the next page (what the last action did). */
  flash?: string | undefined;
}

export type RandomSource = (bytes: number) => Uint8Array;

export interface SessionStoreOptions {
  /** Where sessions are kept: the memory's store. */
  store: Store;
  clock: Clock;
  /** How long a session lasts from sign-in, in ms. */
  ttlMs: number;
  random?: RandomSource;
}

const PREFIX = "ui-session:";
const ID_SHAPE = /^(\d{8})\.([A-Za-z0-9_-]{43})$/;
/** Days of expired sessions each sign-in clears, before the oldest day that may still be live. */
const SWEEP_DAYS = 7;
const DAY_MS = 86_400_000;

const RecordSchema = z.object({
  keyId: z.string(),
  namespace: z.string(),
  csrf: z.string(),
  expiresAt: z.number(),
  flash: z.string().optional(),
});

const token = (random: RandomSource) => Buffer.from(random(32)).toString("base64url");
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll("-", "");
const metaKey = (day: string, secret: string) =>
  `${PREFIX}${day}:${createHash("sha256").update(secret, "utf8").digest("hex")}`;

export class SessionStore {
  private readonly random: RandomSource;

  constructor(private readonly options: SessionStoreOptions) {
    this.random = options.random ?? randomBytes;
  }

  private get now(): number {
    return this.options.clock.now().getTime();
  }

  async create(keyId: string, namespace: string): Promise<Session> {
    const expiresAt = this.now + this.options.ttlMs;
    const session: Session = {
      id: `${dayOf(expiresAt)}.${token(this.random)}`,
      keyId,
      namespace,
      csrf: token(this.random),
      expiresAt,
    };
    await this.save(session);
    await this.sweep();
    return session;
  }

  /** The live session with this cookie value, or null (malformed, unknown or expired; an expired one is dropped). */
  async get(id: string | undefined): Promise<Session | null> {
    const m = id ? ID_SHAPE.exec(id) : null;
    if (!id || !m) return null;
    const key = metaKey(m[1]!, m[2]!);
    const raw = await this.options.store.getMeta(key);
    if (!raw) return null;
    let parsed: z.infer<typeof RecordSchema>;
    try {
      parsed = RecordSchema.parse(JSON.parse(raw));
    } catch {
      return null;
    }
    if (parsed.expiresAt <= this.now) {
      await this.options.store.transaction((tx) => tx.deleteMetaPrefix(key));
      return null;
    }
    return { id, ...parsed };
  }

  /** Keeps a session's changes (namespace, flash). */
  async save(session: Session): Promise<void> {
    const [day, secret] = session.id.split(".") as [string, string];
    const { id: _id, ...record } = session;
    await this.options.store.transaction((tx) => tx.setMeta(metaKey(day, secret), JSON.stringify(record)));
  }

  async end(session: Session): Promise<void> {
    const [day, secret] = session.id.split(".") as [string, string];
    await this.options.store.transaction((tx) => tx.deleteMetaPrefix(metaKey(day, secret)));
  }

  /** Drops the sessions of the days before the oldest one that may still be live. */
  private async sweep(): Promise<void> {
    const oldestLive = Date.parse(`${new Date(this.now).toISOString().slice(0, 10)}T00:00:00Z`);
    await this.options.store.transaction(async (tx) => {
      for (let d = 1; d <= SWEEP_DAYS; d++)
        await tx.deleteMetaPrefix(`${PREFIX}${dayOf(oldestLive - d * DAY_MS)}:`);
    });
  }
}
