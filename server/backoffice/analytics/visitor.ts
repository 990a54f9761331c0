import { createHash, randomBytes } from "node:crypto";

/** Hex characters kept of the hash: 64 bits, enough to tell a day's visitors apart. */
export const VISITOR_KEY_LENGTH = 16;

/**
 * A visitor's key for one day: sha256 of the day's random salt, the address and the user
 * agent, truncated. Neither the address nor the agent is kept; without the salt (deleted
 * when the day is over) the key cannot be traced back, and it changes every day.
 */
export function visitorKey(salt: string, address: string, userAgent: string): string {
  return createHash("sha256").update(`${salt}\n${address}\n${userAgent}`).digest("hex").slice(0, VISITOR_KEY_LENGTH);
}

/** A fresh salt: 32 random bytes. */
export function randomSalt(): string {
  return randomBytes(32).toString("base64url");
}
