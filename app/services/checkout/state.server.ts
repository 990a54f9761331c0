import { createHmac, timingSafeEqual } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { createMailer, type MailConfig, type Mailer } from "~/services/mail.server";
import type { PortalSession } from "~/services/session.server";

/**
 * What the checkout keeps between requests, without server state: the idempotency key of a
 * cart version (derived, never stored) and, in a signed cookie bound to the session, whether
 * the instructions step was saved and the last order confirmed in this browser.
 */

export interface CheckoutProgress {
  instructionsSaved: boolean;
  lastOrderId: number | null;
}

export interface CheckoutServices {
  /** The one key of a cart version: two confirmations of the same version carry the same key. */
  idempotencyKey(orgId: number, version: number): string;
  isIdempotencyKey(orgId: number, version: number, key: string): boolean;
  readProgress(request: Request, session: PortalSession): Promise<CheckoutProgress>;
  /** Set-Cookie value that stores the progress for this session and organization. */
  saveProgress(session: PortalSession, progress: CheckoutProgress): Promise<string>;
  mailer: Mailer;
}

const storedProgress = z.object({
  sid: z.string(),
  orgId: z.number().int(),
  instructionsSaved: z.boolean(),
  lastOrderId: z.number().int().positive().nullable(),
});

export const NO_PROGRESS: CheckoutProgress = { instructionsSaved: false, lastOrderId: null };

export function createCheckoutServices(options: {
  secret: string;
  secure: boolean;
  mail?: MailConfig;
  now?: () => Date;
}): CheckoutServices {
  // A key of its own for the HMAC, so the cookie-signing secret is never used twice as is.
  const hmacKey = createHmac("sha256", options.secret).update("checkout-idempotency").digest();
  const keyFor = (orgId: number, version: number) =>
    `cmd-${createHmac("sha256", hmacKey).update(`${orgId}:${version}`).digest("base64url")}`;
  const cookie = createCookie("portail_commande", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: options.secure,
    secrets: [options.secret],
  });
  return {
    idempotencyKey: keyFor,
    isIdempotencyKey(orgId, version, key) {
      const expected = Buffer.from(keyFor(orgId, version));
      const given = Buffer.from(key);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
    async readProgress(request, session) {
      const parsed = storedProgress.safeParse(await cookie.parse(request.headers.get("cookie")));
      // Another login or another client (login-as) starts a checkout afresh.
      if (!parsed.success || parsed.data.sid !== session.sid || parsed.data.orgId !== session.user.auth_org_id) return NO_PROGRESS;
      return { instructionsSaved: parsed.data.instructionsSaved, lastOrderId: parsed.data.lastOrderId };
    },
    saveProgress: (session, progress) => cookie.serialize({ sid: session.sid, orgId: session.user.auth_org_id, ...progress }),
    mailer: createMailer(options.mail ?? { from: "NautiDistrib <commandes@nautidistrib.fr>", dir: null }, options.now),
  };
}
