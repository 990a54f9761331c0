import type { Kysely } from "kysely";
import type { AlertKind } from "@shared/contracts/alerts";
import { parisDate } from "@shared/domain/index";
import { createAlertDeliveries } from "../../alerts/deliveries";
import { gateQuoteRecipients } from "../../alerts/quote-gate";
import type { Database } from "../../db/schema";
import type { ErrorLogger } from "../../http/errors";
import type { QuoteNotice, QuoteNotifier } from "../notifier";
import { clientRecipients, loadMailContext, salesRecipients, type QuoteMailContext, type Recipient } from "./facts";
import { quoteMail, type QuoteMailKind } from "./templates";

/**
 * The quotes' e-mails (docs/quotes-mail.md), sent by the back-office once a change has
 * committed, so the portal and a direct API call behave the same and each event is told once.
 * The routes call `notify` after their transaction; it returns at once and the messages go in
 * the background, one at a time and in order. A failure is logged and sends nothing again:
 * the change itself stands.
 */

/** What the back-office needs of a mail service: the portal's (app/services/mail.server.ts) fits. */
export interface BackofficeMailer {
  /** `headers`: extra header lines, e.g. the alerts' List-Unsubscribe (alerts/dispatcher.ts). */
  send(message: { to: string[]; subject: string; text: string; html: string; headers?: Record<string, string> }): Promise<unknown>;
}

export interface QuoteMailNotifierDeps {
  db: Kysely<Database>;
  mailer: BackofficeMailer;
  logger: ErrorLogger;
  now: () => Date;
  /** The portal's public address, for the links (https://portail.example.fr); without it the e-mails give the page's path. */
  portalUrl?: string;
  /**
   * The key of the alerts' unsubscribe links (alerts/tokens.ts deriveAlertsSecret): with it, an
   * e-mail sent to the client as its alert (alerts/quote-gate.ts) is claimed once per event and
   * carries the alert's unsubscribe link and headers, as the other alerts do (docs/alerts.md).
   */
  alertsSecret?: Buffer;
}

export interface QuoteMailNotifier extends QuoteNotifier {
  /** Tells the requester that the proposal of this quote expires soon; resolves with the messages sent. */
  remind(quoId: number): Promise<number>;
  /** Resolves once every e-mail asked so far has been sent or has failed (tests, shutdown). */
  settled(): Promise<void>;
}

export const CUSTOMER_QUOTE_PATH = "/mon-compte/mes-devis";
export const SALES_QUOTE_PATH = "/clients/devis";

export function createQuoteMailNotifier(deps: QuoteMailNotifierDeps): QuoteMailNotifier {
  const { db, mailer, logger, now } = deps;
  let queue: Promise<unknown> = Promise.resolve();

  const linkTo = (side: "client" | "commercial", quoId: number): string => {
    const path = `${side === "client" ? CUSTOMER_QUOTE_PATH : SALES_QUOTE_PATH}/${quoId}`;
    return deps.portalUrl ? new URL(path, deps.portalUrl).href : path;
  };

  // The client's answers and reminders are alerts it may have turned off (alerts/quote-gate.ts).
  const alerts = deps.alertsSecret ? createAlertDeliveries({ db, now, secret: deps.alertsSecret, portalUrl: deps.portalUrl }) : null;

  async function sendTo(
    kind: QuoteMailKind,
    side: "client" | "commercial",
    context: QuoteMailContext,
    recipients: Array<Recipient & { alert?: AlertKind | null }>,
  ): Promise<number> {
    let sent = 0;
    // One message per person: nobody sees the others' addresses, and amounts follow each one's rights.
    for (const recipient of recipients) {
      if (recipient.usrId === context.actorId) continue;
      const audience = { side, link: linkTo(side, context.quoId), showPrices: recipient.showPrices };
      const alert = recipient.alert && alerts && context.eventId !== null ? recipient.alert : null;
      if (!alert || !alerts) {
        await mailer.send({ to: [recipient.email], ...quoteMail(kind, context.facts, audience) });
        sent += 1;
        continue;
      }
      // Sent as an alert: claimed once per (event, user), like the other alerts (alerts/dispatcher.ts).
      const deliveryId = await alerts.claim(`${alert}:${context.quoId}:${context.eventId}`, alert, recipient);
      if (deliveryId === null) continue;
      const { page, headers } = alerts.unsubscribe(deliveryId, recipient.usrId, alert);
      const content = quoteMail(kind, context.facts, { ...audience, alert: { kind: alert, unsubscribe: page } });
      try {
        await mailer.send({ to: [recipient.email], ...content, ...(headers ? { headers } : {}) });
      } catch (error) {
        await alerts.release(deliveryId);
        throw error;
      }
      sent += 1;
    }
    return sent;
  }

  async function deliver(kind: QuoteMailKind, quoId: number, told: "client" | "commercial"): Promise<number> {
    const context = await loadMailContext(db, quoId, kind, parisDate(now()));
    if (!context) return 0;
    const recipients =
      told === "client" ? await gateQuoteRecipients(db, kind, await clientRecipients(db, context)) : await salesRecipients(db, context);
    return sendTo(kind, told, context, recipients);
  }

  /** Runs after what was asked before; its failure is logged and stops nothing else. */
  function enqueue(kind: QuoteMailKind, quoId: number, told: "client" | "commercial"): Promise<number> {
    const run = queue.then(() => deliver(kind, quoId, told));
    const logged = run.catch((error: unknown) => {
      logger.error({ err: error, quoId, kind }, "quote e-mail failed");
      return 0;
    });
    queue = logged;
    return logged;
  }

  return {
    notify(notice: QuoteNotice) {
      // The other side hears of what one side did.
      void enqueue(notice.kind, notice.quoId, notice.bySide === "client" ? "commercial" : "client");
    },
    remind(quoId) {
      return enqueue("reminder", quoId, "client");
    },
    async settled() {
      // A send asked while waiting lengthens the chain: wait until it stops growing.
      let seen: Promise<unknown> | null = null;
      while (seen !== queue) {
        seen = queue;
        await seen;
      }
    },
  };
}
