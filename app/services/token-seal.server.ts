import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Seals the back-office bearer token inside the session cookie with AES-256-GCM, so that
 * neither the browser nor a script reading the cookie value can replay it against /api
 * (docs/decisions/0030). The key is derived from SESSION_SECRET with HKDF, so rotating the
 * secret also invalidates every sealed token.
 */

const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_INFO = "portail-session-token-v1";

export interface TokenSealer {
  seal(token: string): string;
  /** The token, or null when the sealed value was altered or made with another key. */
  unseal(sealed: string): string | null;
}

export function createTokenSealer(secret: string): TokenSealer {
  const key = Buffer.from(hkdfSync("sha256", secret, "portail-b2b", KEY_INFO, 32));
  return {
    seal(token) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const encrypted = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString("base64url");
    },
    unseal(sealed) {
      const raw = Buffer.from(sealed, "base64url");
      if (raw.length <= IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, IV_BYTES));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}
