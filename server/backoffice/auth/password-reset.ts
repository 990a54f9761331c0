import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { PASSWORD_RESET_LIFETIME_MINUTES, type PasswordResetInfo } from "@shared/contracts/requests";
import type { Database, UserRow } from "../db/schema";
import { ApiFailure, type ApiIssue, type ErrorLogger } from "../http/errors";
import { recordChange } from "../users/history";
import { PASSWORD_PATH, passwordChangedMail, type UserMail } from "../users/mail";
import { RESET_PATH, passwordResetMail } from "./password-reset-mail";
import { hashPassword } from "./passwords";
import { assertStrongPassword } from "./password-rule";
import { hashToken, revokeUserTokens } from "./tokens";
import { findOrganization, findUserByLogin } from "./users";

/**
 * Forgotten passwords (docs/requests.md, decision 0124). Asking answers at once and the same
 * way whether the address is an account or not: the lookup and the token's making are done
 * for every request, and what only an account gets (the row, the e-mail) happens after the
 * answer. The link carries a random 32-byte token whose sha256 alone is stored; it serves once,
 * for 30 minutes, and a newer link ends the older ones. Setting the password follows the rule
 * (decision 0116), uses the link up and ends every session of the user.
 */

export const PASSWORD_RESET_LIFETIME_MS = PASSWORD_RESET_LIFETIME_MINUTES * 60 * 1000;
/** Links e-mailed to one account within a lifetime: more requests are answered alike and send nothing. */
export const MAX_RESET_MAILS = 3;

/** A token as e-mailed; anything else is unknown without a lookup. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{20,200}$/;

const unknownLink = () =>
  new ApiFailure(
    404,
    "reset_unknown",
    "Ce lien de réinitialisation n'est pas valable : vérifiez qu'il est complet, ou demandez-en un nouveau.",
  );
const usedLink = () =>
  new ApiFailure(
    410,
    "reset_used",
    "Ce lien de réinitialisation a déjà servi ou a été remplacé par un plus récent : demandez-en un nouveau si besoin.",
  );
const expiredLink = () =>
  new ApiFailure(
    410,
    "reset_expired",
    `Ce lien de réinitialisation a expiré (il est valable ${PASSWORD_RESET_LIFETIME_MINUTES} minutes) : demandez-en un nouveau.`,
  );

export interface PasswordResetDeps {
  db: Kysely<Database>;
  now: () => Date;
  mail: UserMail;
  logger: ErrorLogger;
  /** Cleared after a reset: the user's revoked tokens must not answer from the cache. */
  sessions: { clear(): Promise<void> };
}

interface LiveLink {
  id: number;
  user: UserRow;
  orgName: string;
  expiresAt: Date;
}

/** The name a message greets: an organization account is its organization. */
function personNameOf(user: UserRow, orgName: string): string {
  return user.class === "organization" ? orgName : user.name;
}

/** A weak password's refusal says its first reason: the new password page shows it under the field. */
function withFirstReason(error: unknown): unknown {
  if (!(error instanceof ApiFailure) || error.code !== "weak_password") return error;
  const [first] = (error.extra.issues ?? []) as ApiIssue[];
  return first ? new ApiFailure(error.status, error.code, first.message, error.extra) : error;
}

export class PasswordResets {
  /** The work done after each answer, so tests and shutdown can wait for it. */
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly deps: PasswordResetDeps) {}

  /** Resolves once every e-mail asked so far has been handled. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Asks for a link for `email`: resolves the same way, in the same time, for any address. */
  async request(email: string): Promise<void> {
    const at = this.deps.now();
    const user = await findUserByLogin(this.deps.db, email);
    const token = randomBytes(32).toString("base64url");
    const tokenHash = hashToken(token);
    // An invited person without a password yet uses their invitation, not a reset.
    if (!user || user.password_hash === "") return;
    const work = this.issue(user, token, tokenHash, at).catch((error: unknown) => {
      this.deps.logger.error({ err: error, userId: user.id }, "password reset e-mail failed");
    });
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  private async issue(user: UserRow, token: string, tokenHash: string, at: Date): Promise<void> {
    const { db, mail } = this.deps;
    const since = new Date(at.getTime() - PASSWORD_RESET_LIFETIME_MS);
    const expiresAt = new Date(at.getTime() + PASSWORD_RESET_LIFETIME_MS);
    const issued = await db.transaction().execute(async (trx) => {
      // One request at a time per user: the count and the new row agree.
      await trx.selectFrom("users").select("id").where("id", "=", user.id).forUpdate().executeTakeFirst();
      const recent = await trx
        .selectFrom("password_resets")
        .select(sql<number>`count(*)::int`.as("count"))
        .where("user_id", "=", user.id)
        .where("created_at", ">", since)
        .executeTakeFirstOrThrow();
      if (recent.count >= MAX_RESET_MAILS) return false;
      await trx
        .updateTable("password_resets")
        .set({ revoked_at: at })
        .where("user_id", "=", user.id)
        .where("used_at", "is", null)
        .where("revoked_at", "is", null)
        .execute();
      await trx
        .insertInto("password_resets")
        .values({ user_id: user.id, token_hash: tokenHash, created_at: at, expires_at: expiresAt })
        .execute();
      return true;
    });
    if (!issued) return;
    const org = await findOrganization(db, user.org_id);
    const link = mail.link(`${RESET_PATH}?jeton=${token}`);
    await mail.send(
      user.login,
      passwordResetMail({ personName: personNameOf(user, org?.name ?? user.name), login: user.login, link, expiresAt }),
      "password_reset",
    );
  }

  /** The live link `token` names, else the French refusal (unknown, used or replaced, expired). */
  private async liveLink(db: Kysely<Database>, token: string, lock = false): Promise<LiveLink> {
    if (!TOKEN_FORMAT.test(token)) throw unknownLink();
    let query = db
      .selectFrom("password_resets as r")
      .innerJoin("users as u", "u.id", "r.user_id")
      .innerJoin("organizations as o", "o.id", "u.org_id")
      .select(["r.id", "r.expires_at", "r.used_at", "r.revoked_at", "o.name as org_name", sql<UserRow>`to_jsonb(u)`.as("user")])
      .where("r.token_hash", "=", hashToken(token));
    if (lock) query = query.forUpdate("r");
    const row = await query.executeTakeFirst();
    if (!row || row.user.disabled) throw unknownLink();
    if (row.used_at !== null || row.revoked_at !== null) throw usedLink();
    if (row.expires_at.getTime() <= this.deps.now().getTime()) throw expiredLink();
    return { id: row.id, user: row.user, orgName: row.org_name, expiresAt: row.expires_at };
  }

  /** What the new password page shows: the login the link is for, and until when (with its ids, for its live connections). */
  async check(token: string): Promise<PasswordResetInfo> {
    const link = await this.liveLink(this.deps.db, token);
    return { email: link.user.login, expires_at: link.expiresAt.toISOString(), usr_id: link.user.id, org_id: link.user.org_id };
  }

  /** Sets the password: judged by the rule, the link used up, every session of the user ended. */
  async confirm(token: string, password: string): Promise<void> {
    const { db, mail } = this.deps;
    const first = await this.liveLink(db, token);
    try {
      assertStrongPassword(password, [first.user.name, first.user.login, first.orgName], "password");
    } catch (error) {
      throw withFirstReason(error);
    }
    // Hashed outside the transaction (about 100 ms), then everything checked again under lock.
    const hash = await hashPassword(password);
    const at = this.deps.now();
    await db.transaction().execute(async (trx) => {
      const link = await this.liveLink(trx, token, true);
      await trx.updateTable("password_resets").set({ used_at: at }).where("id", "=", link.id).execute();
      await trx
        .updateTable("password_resets")
        .set({ revoked_at: at })
        .where("user_id", "=", link.user.id)
        .where("used_at", "is", null)
        .where("revoked_at", "is", null)
        .execute();
      await trx.updateTable("users").set({ password_hash: hash }).where("id", "=", link.user.id).execute();
      await revokeUserTokens(trx, link.user.id, at);
      const named = { id: link.user.id, name: personNameOf(link.user, link.orgName) };
      await recordChange(trx, {
        orgId: link.user.org_id,
        actor: named,
        target: named,
        change: "password_changed",
        details: { via: "reset" },
        at,
      });
    });
    await this.deps.sessions.clear();
    const personName = personNameOf(first.user, first.orgName);
    await mail.send(
      first.user.login,
      passwordChangedMail({ personName, changedAt: at, link: mail.link(PASSWORD_PATH) }),
      "password_changed",
    );
  }
}
