import type { Kysely } from "kysely";
import { parisDate } from "@shared/domain/index";
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

  async function sendTo(kind: QuoteMailKind, side: "client" | "commercial", context: QuoteMailContext, recipients: Recipient[]): Promise<number> {
    let sent = 0;
    // One message per person: nobody sees the others' addresses, and amounts follow each one's rights.
    for (const recipient of recipients) {
      if (recipient.usrId === context.actorId) continue;
      const content = quoteMail(kind, context.facts, { side, link: linkTo(side, context.quoId), showPrices: recipient.showPrices });
      await mailer.send({ to: [recipient.email], ...content });
      sent += 1;
    }
    return sent;
  }

  async function deliver(kind: QuoteMailKind, quoId: number, told: "client" | "commercial"): Promise<number> {
    const context = await loadMailContext(db, quoId, kind, parisDate(now()));
    if (!context) return 0;
    // The client's answers and reminders are alerts it may have turned off (alerts/quote-gate.ts).
    const recipients = told === "client" ? await gateQuoteRecipients(db, kind, await clientRecipients(db, context)) : await salesRecipients(db, context);
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
