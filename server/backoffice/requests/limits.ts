import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { ApiFailure } from "../http/errors";

/**
 * The back-office's own cap on what one e-mail address may send (decision 0123). The portal
 * limits each client address (app/services/rate-limit.server.ts), but /api is reachable
 * without the portal: counted in the tables themselves, this cap holds across instances and
 * keeps anyone from filling a stranger's mailbox with « copies » through the API.
 */

export interface SenderCap {
  table: "contact_requests" | "account_requests";
  /** How many within the window. */
  max: number;
  windowMs: number;
  message: string;
}

export const CONTACT_CAP: SenderCap = {
  table: "contact_requests",
  max: 10,
  windowMs: 60 * 60 * 1000,
  message: "Vous avez déjà envoyé plusieurs messages depuis cette adresse e-mail : réessayez dans une heure ou appelez le service clients.",
};

export const ACCOUNT_REQUEST_CAP: SenderCap = {
  table: "account_requests",
  max: 3,
  windowMs: 24 * 60 * 60 * 1000,
  message:
    "Plusieurs demandes d'ouverture de compte ont déjà été envoyées depuis cette adresse e-mail aujourd'hui : notre équipe commerciale les étudie.",
};

/** Refuses (429 too_many_requests, Retry-After) a sender who reached the cap; nothing is saved. */
export async function assertUnderCap(db: Kysely<Database>, cap: SenderCap, email: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - cap.windowMs);
  const rows = await db
    .selectFrom(cap.table)
    .select("created_at")
    .where("email", "=", email)
    .where("created_at", ">", since)
    .orderBy("created_at")
    .limit(cap.max)
    .execute();
  const oldest = rows[0];
  if (rows.length < cap.max || !oldest) return;
  const retryAfterSeconds = Math.max(1, Math.ceil((oldest.created_at.getTime() + cap.windowMs - now.getTime()) / 1000));
  throw new ApiFailure(429, "too_many_requests", cap.message, { retry_after: retryAfterSeconds });
}
