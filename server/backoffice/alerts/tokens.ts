import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { ALERT_KINDS, type AlertKind } from "@shared/contracts/alerts";

/**
 * The one-click unsubscribe links (docs/alerts.md): the token names one alert sent (its
 * delivery row, its user, its kind) and carries an HMAC of them with a key of the back-office
 * alone, so it cannot be forged nor moved to another user or kind; the delivery row makes it
 * work once. No expiry: an old e-mail's link still turns the alert off.
 */

export interface UnsubscribeClaim {
  deliveryId: number;
  usrId: number;
  kind: AlertKind;
}

/**
 * The alerts' key, derived from the session secret with HKDF and a label of its own, so that a
 * token of one use can never be replayed as another and the session secret is never used raw.
 */
export function deriveAlertsSecret(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", sessionSecret, "nautidistrib-portal", "alerts-unsubscribe-v1", 32));
}

function signature(secret: Buffer, claim: UnsubscribeClaim): Buffer {
  return createHmac("sha256", secret).update(`alert-unsubscribe:${claim.deliveryId}:${claim.usrId}:${claim.kind}`).digest();
}

export function signUnsubscribe(secret: Buffer, claim: UnsubscribeClaim): string {
  return `${claim.deliveryId}.${claim.usrId}.${claim.kind}.${signature(secret, claim).toString("base64url")}`;
}

const TOKEN = /^(\d{1,10})\.(\d{1,10})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{43})$/;

/** The claim of a token that was signed with `secret`; null for anything else. */
export function verifyUnsubscribe(secret: Buffer, token: string): UnsubscribeClaim | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const kind = ALERT_KINDS.find((candidate) => candidate === match[3]);
  if (!kind) return null;
  const claim = { deliveryId: Number(match[1]), usrId: Number(match[2]), kind };
  const given = Buffer.from(match[4] ?? "", "base64url");
  const expected = signature(secret, claim);
  return given.length === expected.length && timingSafeEqual(given, expected) ? claim : null;
}
