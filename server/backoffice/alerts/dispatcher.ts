import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { ErrorLogger } from "../http/errors";
import type { BackofficeMailer } from "../quotes/mail/notifier";
import { createAlertDeliveries } from "./deliveries";
import { loadAlert, type AlertEvent, type LoadedAlert } from "./events";
import { recipientsFor, wanting, type AlertRecipient } from "./preferences";
import { alertMail } from "./templates";

/**
 * Sends the alerts (docs/alerts.md, decision 0117). The code that commits an event calls
 * `notify` after its transaction, never inside it: it returns at once and the e-mails go in the
 * background, one event at a time, in order. Each (event, user) is claimed in alert_deliveries
 * before its e-mail is sent, so an event told twice (a retried request, two processes) sends
 * once; a send that fails gives its claim back, so the event told again can try again.
 */

export interface AlertNotifier {
  notify(event: AlertEvent): void;
}

export interface AlertDispatcher extends AlertNotifier {
  /** Sends the alerts of `event` now; resolves with the e-mails sent (the overdue job, tests). */
  dispatch(event: AlertEvent): Promise<number>;
  /** Resolves once every alert asked so far has been sent or has failed (tests, shutdown). */
  settled(): Promise<void>;
}

export interface AlertDispatcherDeps {
  db: Kysely<Database>;
  mailer: BackofficeMailer;
  logger: ErrorLogger;
  now: () => Date;
  /** The key of the unsubscribe links (tokens.ts deriveAlertsSecret). */
  secret: Buffer;
  /** The portal's public address; without it the links are paths and no List-Unsubscribe header is sent. */
  portalUrl?: string;
}

/** Nobody told: a back-office without a mail service (tests of other areas, main.ts without SMTP). */
export const SILENT_ALERTS: AlertNotifier = { notify: () => undefined };

export function createAlertDispatcher(deps: AlertDispatcherDeps): AlertDispatcher {
  const { db, mailer, logger } = deps;
  const deliveries = createAlertDeliveries(deps);
  let queue: Promise<unknown> = Promise.resolve();

  /** The organization's recipients, less those the event's own e-mail already reached. */
  async function organizationRecipients(alert: LoadedAlert): Promise<AlertRecipient[]> {
    const recipients = await recipientsFor(db, alert.orgId, alert.kind);
    const told = alert.toldAlready;
    if (!told) return recipients;
    const excluded = new Set(told.usrIds);
    if (told.organizationAccounts) {
      const accounts = await db
        .selectFrom("users")
        .select("id")
        .where("org_id", "=", alert.orgId)
        .where("class", "=", "organization")
        .execute();
      for (const account of accounts) excluded.add(account.id);
    }
    return recipients.filter((recipient) => !excluded.has(recipient.usrId));
  }

  /** Exactly the users named (people included), active, whose login is an e-mail address. */
  async function namedRecipients(alert: LoadedAlert, ids: number[]): Promise<AlertRecipient[]> {
    if (ids.length === 0) return [];
    const users = await db.selectFrom("users").select(["id", "login"]).where("id", "in", ids).where("disabled", "=", false).execute();
    const candidates = users.filter((user) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(user.login));
    return wanting(
      db,
      candidates.map((user) => ({ usrId: user.id, email: user.login.toLowerCase() })),
      alert.kind,
    );
  }

  async function recipientsOf(alert: LoadedAlert): Promise<AlertRecipient[]> {
    if (alert.users) return namedRecipients(alert, alert.users);
    if (alert.onlyUser === null) return organizationRecipients(alert);
    const user = await db
      .selectFrom("users")
      .select(["id", "login", "class", "disabled"])
      .where("id", "=", alert.onlyUser)
      .executeTakeFirst();
    // People accounts choose no alert (spec section 6), so get none.
    if (!user || user.disabled || user.class === "people" || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(user.login)) return [];
    return wanting(db, [{ usrId: user.id, email: user.login.toLowerCase() }], alert.kind);
  }

  async function dispatch(event: AlertEvent): Promise<number> {
    const alert = await loadAlert(db, event);
    if (!alert) return 0;
    let sent = 0;
    for (const recipient of await recipientsOf(alert)) {
      const deliveryId = await deliveries.claim(alert.key, alert.kind, recipient);
      if (deliveryId === null) continue;
      const { page, headers } = deliveries.unsubscribe(deliveryId, recipient.usrId, alert.kind);
      const content = alertMail(alert.facts, { page: deliveries.absolute(alert.path), unsubscribe: page });
      try {
        await mailer.send({ to: [recipient.email], ...content, ...(headers ? { headers } : {}) });
        sent += 1;
      } catch (error) {
        await deliveries.release(deliveryId);
        throw error;
      }
    }
    return sent;
  }

  return {
    dispatch,
    notify(event) {
      const run = queue.then(() => dispatch(event));
      queue = run.catch((error: unknown) => {
        logger.error({ err: error, event }, "alert e-mail failed");
      });
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
