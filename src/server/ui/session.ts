/**
 * Dashboard sessions: a random session id (the cookie's value) mapped, in this process, to the
 * API key's id, the namespace being viewed, a CSRF token for the session's forms and an expiry.
 * The key itself is never kept, in the cookie or here: each request looks the key up by id, so
 * a revoked key ends its sessions at once.
 */
import { randomBytes } from "node:crypto";
import type { Clock } from "../../core/ports.js";

export interface Session {
  id: string;
  keyId: string;
  namespace: string;
  csrf: string;
  expiresAt: number;
  /** A one-shot message for the next page (what the last action did). */
  flash?: string;
}

export type RandomSource = (bytes: number) => Uint8Array;

export interface SessionStoreOptions {
  clock: Clock;
  /** How long a session lasts from sign-in, in ms. */
  ttlMs: number;
  random?: RandomSource;
  /** Sessions kept at most; the oldest go first. */
  max?: number;
}

const token = (random: RandomSource) => Buffer.from(random(32)).toString("base64url");

export class SessionStore {
  private readonly sessions = new Map<string, Session>();
  private readonly random: RandomSource;
  private readonly max: number;

  constructor(private readonly options: SessionStoreOptions) {
    this.random = options.random ?? randomBytes;
    this.max = options.max ?? 10_000;
  }

  create(keyId: string, namespace: string): Session {
    const session: Session = {
      id: token(this.random),
      keyId,
      namespace,
      csrf: token(this.random),
      expiresAt: this.options.clock.now().getTime() + this.options.ttlMs,
    };
    if (this.sessions.size >= this.max) {
      const oldest = this.sessions.keys().next().value;
      if (oldest !== undefined) this.sessions.delete(oldest);
    }
    this.sessions.set(session.id, session);
    return session;
  }

  /** The live session with this id, or null (unknown or expired; an expired one is dropped). */
  get(id: string | undefined): Session | null {
    if (!id) return null;
    const s = this.sessions.get(id);
    if (!s) return null;
    if (s.expiresAt <= this.options.clock.now().getTime()) {
      this.sessions.delete(id);
      return null;
    }
    return s;
  }

  end(id: string): void {
    this.sessions.delete(id);
  }
}
