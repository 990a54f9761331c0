import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The webhook's signature (docs/integration.md « Vérifier la signature », decision 0183):
 * `X-Portail-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` keyed with
 * ERP_WEBHOOK_SECRET. The timestamp inside the signed text lets the receiver refuse a replay
 * of an old request; the body is signed as sent, byte for byte.
 */
export const SIGNATURE_HEADER = "X-Portail-Signature";

/** A receiver refuses a signature older (or newer) than this by default. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

function hmac(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

export function signatureHeader(secret: string, body: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/** What a receiver does (tests, and the few lines docs/integration.md gives the ERP). */
export function verifySignature(
  secret: string,
  header: string | undefined,
  body: string,
  now: Date,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  const parts = new Map((header ?? "").split(",").map((part) => part.split("=", 2) as [string, string]));
  const timestamp = Number(parts.get("t"));
  const given = parts.get("v1") ?? "";
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return false;
  return timingSafeEqual(Buffer.from(hmac(secret, timestamp, body), "hex"), Buffer.from(given, "hex"));
}
