import type { Session } from "../http/session";

export interface SessionCacheOptions {
  /** How long a resolved token is trusted without reading it again (default 10 s; 0 = never cached). */
  ttlMs?: number;
  /** At most this many tokens are kept (default 10,000); the oldest goes first. */
  maxEntries?: number;
}

/**
 * Resolved bearer tokens, kept a few seconds in this process (docs/decisions/0083): every call
 * resolves its token, and on the embedded PGlite that query waited its turn behind all the
 * others. Expiry is still checked on every hit. Any revocation made by this process (logout,
 * a new login-as, back to the master) clears the whole cache: revocations are rare and a
 * login-as family spans several tokens. A revocation made by ANOTHER back-office process, or a
 * user disabled directly in the database, takes effect here after at most the lifetime.
 */
export class SessionCache {
  private readonly entries = new Map<string, { cachedAt: number; session: Session }>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(options: SessionCacheOptions = {}, private readonly clock: () => number = Date.now) {
    this.ttlMs = options.ttlMs ?? 10_000;
    this.maxEntries = options.maxEntries ?? 10_000;
  }

  get(tokenHash: string, now: Date): Session | undefined {
    const hit = this.entries.get(tokenHash);
    if (!hit) return undefined;
    if (this.clock() - hit.cachedAt >= this.ttlMs || hit.session.expiresAt.getTime() <= now.getTime()) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return hit.session;
  }

  set(session: Session): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(session.tokenHash);
    this.entries.set(session.tokenHash, { cachedAt: this.clock(), session });
    // A Map iterates in insertion order: the first key is the oldest entry.
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}
