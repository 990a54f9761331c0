import { Router } from "express";
import { passwordResetRouter } from "../auth/password-reset-routes";
import { PasswordResets } from "../auth/password-reset";
import type { ErrorLogger } from "../http/errors";
import type { ServiceDeps } from "../http/deps";
import type { BackofficeMailer } from "../quotes/mail/index";
import { createUserMail } from "../users/mail";
import { readRequestAddresses, type RequestAddresses } from "./config";
import { publicRequestsRouter, serviceRequestsRouter } from "./routes";

/**
 * What visitors send without an account (docs/requests.md): contact messages and account
 * opening requests under /crm, a forgotten password under /auth, all public; the
 * distributor's systems read and move them under /erp with a service token. Mounted at /api's
 * root before the session guards, on these paths only.
 */

export interface RequestsApiOptions {
  mailer: BackofficeMailer | null;
  logger: ErrorLogger;
  /** The portal's public address, for the reset link; without it the e-mail gives the path. */
  portalUrl?: string;
  /** Where the distributor receives them; default: CONTACT_EMAIL and SALES_EMAIL (requests/config.ts). */
  addresses?: RequestAddresses;
}

export interface RequestsApi {
  router: Router;
  /** The reset e-mails still being sent after their answer (tests wait for them). */
  resets: PasswordResets;
}

export function createRequestsApi(deps: ServiceDeps, options: RequestsApiOptions): RequestsApi {
  const addresses = options.addresses ?? readRequestAddresses();
  const mail = createUserMail({ mailer: options.mailer, logger: options.logger, portalUrl: options.portalUrl });
  const contact = { db: deps.db, mail, contactAddress: addresses.contact };
  const accounts = { db: deps.db, mail, salesAddress: addresses.sales };
  const resets = new PasswordResets({ db: deps.db, now: deps.now, mail, logger: options.logger, sessions: deps.sessions });
  const router = Router();
  router.use(passwordResetRouter(resets));
  router.use(publicRequestsRouter(deps, contact, accounts));
  router.use(serviceRequestsRouter(deps, accounts));
  return { router, resets };
}
