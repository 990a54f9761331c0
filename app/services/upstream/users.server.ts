import { z } from "zod";
import { address, type Address } from "@shared/contracts/entities";
import {
  invitationInfo,
  meResponse,
  usersResponse,
  type AddressInput,
  type InvitationInfo,
  type InviteRequest,
  type MeResponse,
  type UpdateMeRequest,
  type UpdatePersonRequest,
  type UsersResponse,
} from "@shared/contracts/users";
import type { UpstreamHttp } from "./http.server";

/**
 * The back-office's users endpoints (shared/contracts/users.ts, docs/users.md): the
 * organization's people and invitations (its account or an administrator), one's own details
 * and password, the delivery addresses, and the public invitation link. Another
 * organization's person or address is a 404 UpstreamError; a refusal is a French 4xx.
 */
export interface UsersClient {
  list(orgId: number): Promise<UsersResponse>;
  update(userId: number, request: UpdatePersonRequest): Promise<void>;
  invite(request: InviteRequest): Promise<void>;
  resendInvitation(orgId: number, userId: number): Promise<void>;
  revokeInvitation(orgId: number, userId: number): Promise<void>;
  /** Public: what the invitation's page shows; a 404 or 410 UpstreamError for a dead link. */
  invitation(token: string): Promise<InvitationInfo>;
  /** Public: the invitee's password (judged upstream); the link is then used up. */
  acceptInvitation(token: string, password: string): Promise<void>;
  /** The caller's password; the back-office ends its other sessions and e-mails it. */
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
  me(): Promise<MeResponse>;
  updateMe(request: UpdateMeRequest): Promise<void>;
  updateAddress(addressId: number, input: AddressInput & { org_id: number }): Promise<Address>;
  /** Refused (a French 409) while an open order delivers to it. */
  deleteAddress(orgId: number, addressId: number): Promise<void>;
}

const savedAddress = address.extend({ obj_id: z.number().int().positive() });

/** Encoded: whatever a link carries stays one path segment. */
function tokenPath(token: string): string {
  return `api/auth/invitations/${encodeURIComponent(token)}`;
}

export function createUsersClient(http: UpstreamHttp): UsersClient {
  return {
    list: (orgId) => http.send({ method: "GET", path: "api/crm/users", query: { org_id: orgId }, schema: usersResponse }),
    update: (userId, request) => http.send({ method: "PATCH", path: `api/crm/users/${userId}`, body: request, schema: null }),
    invite: (request) => http.send({ method: "POST", path: "api/crm/invitations", body: request, schema: null }),
    resendInvitation: (orgId, userId) =>
      http.send({ method: "POST", path: `api/crm/invitations/${userId}/resend`, body: { org_id: orgId }, schema: null }),
    revokeInvitation: (orgId, userId) =>
      http.send({ method: "DELETE", path: `api/crm/invitations/${userId}`, query: { org_id: orgId }, schema: null }),
    invitation: (token) => http.send({ method: "GET", path: tokenPath(token), schema: invitationInfo }),
    acceptInvitation: (token, password) => http.send({ method: "POST", path: tokenPath(token), body: { password }, schema: null }),
    changePassword: (currentPassword, newPassword) =>
      http.send({
        method: "POST",
        path: "api/auth/password",
        body: { current_password: currentPassword, new_password: newPassword },
        schema: null,
      }),
    me: () => http.send({ method: "GET", path: "api/crm/me", schema: meResponse }),
    updateMe: (request) => http.send({ method: "PUT", path: "api/crm/me", body: request, schema: null }),
    updateAddress: (addressId, input) =>
      http.send({ method: "PUT", path: `api/crm/addresses/${addressId}`, body: input, schema: savedAddress }),
    deleteAddress: (orgId, addressId) =>
      http.send({ method: "DELETE", path: `api/crm/addresses/${addressId}`, query: { org_id: orgId }, schema: null }),
  };
}
