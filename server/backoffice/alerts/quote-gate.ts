import type { Kysely } from "kysely";
import type { AlertKind } from "@shared/contracts/alerts";
import type { Database } from "../db/schema";
import { wanting } from "./preferences";

/**
 * The quotes' e-mails to the client are its alerts « réponse à une demande de devis » and
 * « devis bientôt expiré » (docs/alerts.md): the quotes' notifier keeps its templates and asks
 * here who still wants them. A people account chooses no alert (spec section 6): the answer
 * to the quote it asked itself still reaches it.
 */
const QUOTE_ALERTS: Partial<Record<string, AlertKind>> = {
  proposed: "quote_answered",
  revised: "quote_answered",
  information_requested: "quote_answered",
  reminder: "quote_expiring",
};

export async function gateQuoteRecipients<T extends { usrId: number; email: string }>(db: Kysely<Database>, mailKind: string, recipients: T[]): Promise<T[]> {
  const kind = QUOTE_ALERTS[mailKind];
  if (!kind || recipients.length === 0) return recipients;
  const rows = await db.selectFrom("users").select(["id", "class"]).where("id", "in", recipients.map((recipient) => recipient.usrId)).execute();
  const people = new Set(rows.filter((row) => row.class === "people").map((row) => row.id));
  const wanted = new Set((await wanting(db, recipients.filter((recipient) => !people.has(recipient.usrId)), kind)).map((recipient) => recipient.usrId));
  return recipients.filter((recipient) => people.has(recipient.usrId) || wanted.has(recipient.usrId));
}
