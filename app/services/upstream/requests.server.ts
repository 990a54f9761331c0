import {
  accountRequestReceipt,
  contactReceipt,
  passwordResetInfo,
  type AccountOpeningRequest,
  type AccountRequestReceipt,
  type ContactReceipt,
  type ContactRequest,
  type PasswordResetInfo,
} from "@shared/contracts/requests";
import type { UpstreamHttp } from "./http.server";

/**
 * The back-office's public calls for visitors (shared/contracts/requests.ts, docs/requests.md):
 * a contact message (tied to the account when a token is sent), an account opening request, a
 * forgotten password. A refusal is a French 4xx UpstreamError: 429 too_many_requests for a
 * sender over the back-office's cap; 404 reset_unknown, 410 reset_used / reset_expired, 422
 * weak_password for a reset link.
 */
export interface RequestsClient {
  contact(request: ContactRequest): Promise<ContactReceipt>;
  openAccount(request: AccountOpeningRequest): Promise<AccountRequestReceipt>;
  /** Answered the same whether the address is an account or not; the e-mail leaves afterwards. */
  requestPasswordReset(email: string): Promise<void>;
  checkPasswordReset(token: string): Promise<PasswordResetInfo>;
  /** Sets the password; the link is used up and every session of the user ends. */
  confirmPasswordReset(token: string, password: string): Promise<void>;
}

export function createRequestsClient(http: UpstreamHttp): RequestsClient {
  return {
    contact: (request) => http.send({ method: "POST", path: "api/crm/contact-requests", body: request, schema: contactReceipt }),
    openAccount: (request) => http.send({ method: "POST", path: "api/crm/account-requests", body: request, schema: accountRequestReceipt }),
    requestPasswordReset: (email) => http.send({ method: "POST", path: "api/auth/password-reset", body: { email }, schema: null }),
    checkPasswordReset: (token) =>
      http.send({ method: "POST", path: "api/auth/password-reset/check", body: { token }, schema: passwordResetInfo }),
    confirmPasswordReset: (token, password) =>
      http.send({ method: "POST", path: "api/auth/password-reset/confirm", body: { token, password }, schema: null }),
  };
}
