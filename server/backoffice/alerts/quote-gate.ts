import type { Kysely } from "kysely";
import type { AlertKind } from "@shared/contracts/alerts";
import type { Database } from "../db/schema";
import { wanting } from "./preferences";

/**
 * The quotes' e-mails to the client are its alerts « réponse à une demande de devis » and
 * « devis bientôt expiré » (docs/alerts.md): the quotes' notifier keeps its templates and asks
 * here who still wants them. A people account chooses no alert (spec section 6): the answer
 * to the quote it asked itself still reaches it, as a reply, not an alert.
 */
const QUOTE_ALERTS: Partial<Record<string, AlertKind>> = {
  proposed: "quote_answered",
  revised: "quote_answered",
  information_requested: "quote_answered",
  reminder: "quote_expiring",
};

/**
 * Those of `recipients` still told of `mailKind`, each with the alert it is sent as: `alert` is
 * the kind for an account that chose it (its e-mail then carries an unsubscribe link), null for
 * an e-mail that is no alert (another kind, or a people requester's own reply).
 */
export async function gateQuoteRecipients<T extends { usrId: number; email: string }>(
  db: Kysely<Database>,
  mailKind: string,
  recipients: T[],
): Promise<Array<T & { alert: AlertKind | null }>> {
  const kind = QUOTE_ALERTS[mailKind];
  if (!kind || recipients.length === 0) return recipients.map((recipient) => ({ ...recipient, alert: null }));
  const rows = await db
    .selectFrom("users")
    .select(["id", "class"])
    .where(
      "id",
      "in",
      recipients.map((recipient) => recipient.usrId),
    )
    .execute();
  const people = new Set(rows.filter((row) => row.class === "people").map((row) => row.id));
  const wanted = new Set(
    (
      await wanting(
        db,
        recipients.filter((recipient) => !people.has(recipient.usrId)),
        kind,
      )
    ).map((recipient) => recipient.usrId),
  );
  return recipients.flatMap((recipient): Array<T & { alert: AlertKind | null }> => {
    if (people.has(recipient.usrId)) return [{ ...recipient, alert: null }];
    return wanted.has(recipient.usrId) ? [{ ...recipient, alert: kind }] : [];
  });
}
