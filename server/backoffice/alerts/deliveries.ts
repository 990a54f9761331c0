import type { Kysely } from "kysely";
import type { AlertKind } from "@shared/contracts/alerts";
import type { Database } from "../db/schema";
import type { AlertRecipient } from "./preferences";
import { signUnsubscribe } from "./tokens";

/**
 * What every alert e-mail shares, the dispatcher's and the quotes' (docs/alerts.md): the
 * (event, user) claim that makes it go once, and its signed unsubscribe links. The link in the
 * body opens the portal's page (a person reads, then clicks one button); List-Unsubscribe keeps
 * the API's URL, which mail clients POST to themselves (RFC 8058 one-click).
 */

/** The back-office's one-click endpoint (alerts/routes.ts unsubscribeRouter), for List-Unsubscribe. */
export const UNSUBSCRIBE_PATH = "/api/alerts/unsubscribe";
/** The portal's page (app/routes/desabonnement.tsx), for the link in the body. */
export const UNSUBSCRIBE_PAGE_PATH = "/desabonnement";

export interface AlertDeliveriesDeps {
  db: Kysely<Database>;
  now: () => Date;
  /** The key of the unsubscribe links (tokens.ts deriveAlertsSecret). */
  secret: Buffer;
  /** The portal's public address; without it the links are paths and no List-Unsubscribe header is sent. */
  portalUrl?: string | undefined;
}

export interface AlertUnsubscribe {
  /** The portal page's link, for the e-mail's body. */
  page: string;
  /** List-Unsubscribe and List-Unsubscribe-Post, when the portal's address is known. */
  headers: Record<string, string> | undefined;
}

export interface AlertDeliveries {
  /** Claims (event, user): the delivery's id, or null when it was already claimed (told before). */
  claim(key: string, kind: AlertKind, recipient: AlertRecipient): Promise<number | null>;
  /** Gives a claim back after a failed send, so that the event told again may try again. */
  release(deliveryId: number): Promise<void>;
  /** The links of one claimed delivery. */
  unsubscribe(deliveryId: number, usrId: number, kind: AlertKind): AlertUnsubscribe;
  /** An absolute URL when the portal's address is known, else the path. */
  absolute(path: string): string;
}

export function createAlertDeliveries(deps: AlertDeliveriesDeps): AlertDeliveries {
  const { db, now, secret, portalUrl } = deps;
  const absolute = (path: string) => (portalUrl ? new URL(path, portalUrl).href : path);
  return {
    absolute,
    async claim(key, kind, recipient) {
      const row = await db
        .insertInto("alert_deliveries")
        .values({ event_key: key, user_id: recipient.usrId, kind, email: recipient.email, sent_at: now() })
        .onConflict((oc) => oc.columns(["event_key", "user_id"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      return row?.id ?? null;
    },
    async release(deliveryId) {
      await db.deleteFrom("alert_deliveries").where("id", "=", deliveryId).execute();
    },
    unsubscribe(deliveryId, usrId, kind) {
      const token = signUnsubscribe(secret, { deliveryId, usrId, kind });
      // The token is made of digits, letters, '.', '_' and '-': it needs no encoding in a URL.
      const page = absolute(`${UNSUBSCRIBE_PAGE_PATH}?jeton=${token}`);
      // RFC 8058: mail clients show their own « se désabonner » and POST to this URL, without a page.
      const headers = portalUrl
        ? {
            "List-Unsubscribe": `<${absolute(`${UNSUBSCRIBE_PATH}?token=${token}`)}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          }
        : undefined;
      return { page, headers };
    },
  };
}
