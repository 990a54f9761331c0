import { LRUCache } from "lru-cache";

export interface SessionCacheOptions {
  /** How long a resolved token is trusted without reading it again (default 10 s; 0 = never cached). */
  ttlMs?: number;
  /** At most this many tokens are kept (default 10,000); the least recently used goes first. */
  maxEntries?: number;
}

/** What the cache needs of a resolved session (http/session.ts's Session has more). */
export interface CacheableSession {
  tokenHash: string;
  expiresAt: Date;
}

/**
 * Resolved bearer tokens, kept a few seconds in this process (docs/decisions/0083): every call
 * resolves its token, and on the embedded PGlite that query waited its turn behind all the
 * others. Expiry is still checked on every hit. Any revocation made by this process (logout,
 * a new login-as, back to the master) clears the whole cache: revocations are rare and a
 * login-as family spans several tokens. With Redis, the other back-office processes are told
 * and clear theirs at once (auth/revocations.ts, decision 0143); without it, or while Redis is
 * away, a revocation made by ANOTHER process, or a user disabled directly in the database,
 * takes effect here after at most the lifetime.
 *
 * lru-cache bounds the size; freshness is checked here because it has two clocks: the cache's
 * lifetime (process time) and the token's expiry (the back-office's business clock).
 */
export class SessionCache<S extends CacheableSession = CacheableSession> {
  private readonly entries: LRUCache<string, { cachedAt: number; session: S }> | null;
  private readonly ttlMs: number;
  private tellPeers: (() => Promise<void>) | null = null;

  constructor(
    options: SessionCacheOptions = {},
    private readonly clock: () => number = Date.now,
  ) {
    this.ttlMs = options.ttlMs ?? 10_000;
    this.entries = this.ttlMs > 0 ? new LRUCache({ max: options.maxEntries ?? 10_000 }) : null;
  }

  get(tokenHash: string, now: Date): S | undefined {
    const hit = this.entries?.get(tokenHash);
    if (!hit) return undefined;
    if (this.clock() - hit.cachedAt >= this.ttlMs || hit.session.expiresAt.getTime() <= now.getTime()) {
      this.entries?.delete(tokenHash);
      return undefined;
    }
    return hit.session;
  }

  set(session: S): void {
    this.entries?.set(session.tokenHash, { cachedAt: this.clock(), session });
  }

  /**
   * A revocation made here: every cached token dropped, here and, when a relay is set, in the
   * other processes. Resolves once they are told (the relay never rejects), so that the answer
   * of a logout goes out after every process forgot the token.
   */
  async clear(): Promise<void> {
    this.dropAll();
    await this.tellPeers?.();
  }

  /** A revocation made elsewhere, or possibly missed (Redis was away): drop every cached token here. */
  dropAll(): void {
    this.entries?.clear();
  }

  /** Sets how the other processes are told of a revocation made here (auth/revocations.ts). */
  relayTo(tell: () => Promise<void>): void {
    this.tellPeers = tell;
  }
}
