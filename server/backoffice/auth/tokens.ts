import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/** Default token lifetime: a working day. */
export const DEFAULT_TOKEN_LIFETIME_MS = 8 * 60 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface IssueTokenInput {
  userId: number;
  orgId: number;
  masterUserId: number | null;
  expiresAt: Date;
}

/** Creates a token; only its sha256 is stored, so a database leak yields no usable token. */
export async function issueToken(db: Kysely<Database>, input: IssueTokenInput): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .insertInto("auth_tokens")
    .values({
      token_hash: hashToken(token),
      user_id: input.userId,
      org_id: input.orgId,
      master_user_id: input.masterUserId,
      expires_at: input.expiresAt,
    })
    .execute();
  return token;
}

export async function revokeToken(db: Kysely<Database>, tokenHash: string, now: Date): Promise<void> {
  await db
    .updateTable("auth_tokens")
    .set({ revoked_at: now })
    .where("token_hash", "=", tokenHash)
    .where("revoked_at", "is", null)
    .execute();
}

/**
 * Ends every live token of a user: their own logins and, for a contributor, the login-as
 * tokens they opened (deactivation, password change). `keep` is the token of the request
 * that changed the password: that session goes on. Returns how many were ended. The caller
 * then clears the session cache (auth/session-cache.ts), so the next call is refused at once.
 */
export async function revokeUserTokens(db: Kysely<Database>, userId: number, now: Date, keep?: string): Promise<number> {
  let query = db
    .updateTable("auth_tokens")
    .set({ revoked_at: now })
    .where("revoked_at", "is", null)
    .where((eb) => eb.or([eb("user_id", "=", userId), eb("master_user_id", "=", userId)]));
  if (keep) query = query.where("token_hash", "!=", keep);
  const rows = await query.returning("token_hash").execute();
  return rows.length;
}
