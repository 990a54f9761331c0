import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { hashToken } from "./tokens";

/**
 * Service tokens: how the distributor's systems (ERP, warehouse) authenticate on /api/erp
 * (docs/decisions/0102-service-tokens-for-the-distributor-systems.md). A token names its
 * system; only its sha256 is stored; it does not expire, it is revoked.
 */

/** A system the token belongs to; its name is the author of every step it records. */
export interface ServiceCaller {
  id: number;
  name: string;
}

/** Stores a token the caller chose (the demo's), for `name`. */
export async function registerServiceToken(db: Kysely<Database>, name: string, token: string): Promise<void> {
  await db
    .insertInto("service_tokens")
    .values({ name, token_hash: hashToken(token) })
    .execute();
}

/** Creates a new random token for `name` and returns it: it is shown once and never stored. */
export async function createServiceToken(db: Kysely<Database>, name: string): Promise<string> {
  const token = `svc_${randomBytes(32).toString("base64url")}`;
  await registerServiceToken(db, name, token);
  return token;
}

/** Revokes every live token of `name`; returns how many. */
export async function revokeServiceTokens(db: Kysely<Database>, name: string, now: Date): Promise<number> {
  const rows = await db
    .updateTable("service_tokens")
    .set({ revoked_at: now })
    .where("name", "=", name)
    .where("revoked_at", "is", null)
    .returning("id")
    .execute();
  return rows.length;
}

export interface ServiceTokenRow {
  name: string;
  created_at: Date;
  revoked_at: Date | null;
}

/** Every token ever made, oldest first: which system, since when, revoked or not (never the token). */
export async function listServiceTokens(db: Kysely<Database>): Promise<ServiceTokenRow[]> {
  return db.selectFrom("service_tokens").select(["name", "created_at", "revoked_at"]).orderBy("id").execute();
}

/** The live system a token hash belongs to, if any. */
export async function resolveServiceToken(db: Kysely<Database>, tokenHash: string): Promise<ServiceCaller | undefined> {
  return db
    .selectFrom("service_tokens")
    .select(["id", "name"])
    .where("token_hash", "=", tokenHash)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
}
