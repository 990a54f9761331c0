import { z } from "zod";
import { normalizePhone, postalCodeProblem } from "../domain/contact-details";
import { MAX_PASSWORD_LENGTH } from "../domain/password";
import { address, objClass } from "./entities";
import { emailAddress, idParam, isoDateTime } from "./primitives";

/**
 * The organization's people accounts, invitations, personal information, password and
 * addresses (docs/users.md, docs/backoffice-api.md « Users »; decision 0116). Who may call what:
 * the organization account or a people account made administrator for the users; oneself for
 * personal information and password. Another organization's person or address is a 404.
 */

/** A phone as typed: checked with libphonenumber-js, kept as « +33 2 97 84 12 50 » ('' for none). */
export const phoneInput = z
  .string()
  .max(40, "Le numéro de téléphone est trop long.")
  .transform((value, ctx) => {
    const checked = normalizePhone(value);
    if (!checked.ok) {
      ctx.addIssue({ code: "custom", message: checked.message });
      return z.NEVER;
    }
    return checked.value;
  });

const emailInput = emailAddress();

/** All five flags, as the users page shows and sends them. */
export const peopleFlags = z
  .object({ cart: z.boolean(), orders: z.boolean(), quotes: z.boolean(), invoices: z.boolean(), prices: z.boolean() })
  .strict();
export type PeopleFlagsView = z.infer<typeof peopleFlags>;
export const PEOPLE_FLAG_NAMES = ["cart", "orders", "quotes", "invoices", "prices"] as const;

export const personState = z.enum(["active", "invited", "disabled"]);
export type PersonState = z.infer<typeof personState>;

/** One people account of the organization. */
export const orgPerson = z
  .object({
    usr_id: z.number().int().positive(),
    name: z.string(),
    title: z.string(),
    email: z.string(),
    phone: z.string(),
    is_admin: z.boolean(),
    flags: peopleFlags,
    state: personState,
    last_login_at: isoDateTime.nullable(),
    /** The pending invitation (state invited): when the link was sent and when it expires. */
    invitation: z.object({ sent_at: isoDateTime, expires_at: isoDateTime, expired: z.boolean() }).strict().nullable(),
  })
  .strict();
export type OrgPerson = z.infer<typeof orgPerson>;

export const USER_CHANGES = [
  /** Created by the distributor's systems without an invitation (the users feed, decision 0178). */
  "created",
  "invited",
  "invitation_resent",
  "invitation_revoked",
  "invitation_accepted",
  "flags",
  "admin_granted",
  "admin_removed",
  "disabled",
  "enabled",
  "password_changed",
  "details_changed",
] as const;
export const userChangeKind = z.enum(USER_CHANGES);
export type UserChangeKind = z.infer<typeof userChangeKind>;

/** A line of the history: who did what to whom, when; `details` e.g. { prices: false }. */
export const userChange = z
  .object({
    at: isoDateTime,
    actor_name: z.string(),
    target_id: z.number().int().positive(),
    target_name: z.string(),
    change: userChangeKind,
    details: z.record(z.string(), z.union([z.string(), z.boolean(), z.number(), z.null()])).nullable(),
  })
  .strict();
export type UserChange = z.infer<typeof userChange>;

/** GET /api/crm/users?org_id= */
export const usersQuery = z.object({ org_id: idParam }).strict();
export const usersResponse = z.object({ people: z.array(orgPerson), history: z.array(userChange) }).strict();
export type UsersResponse = z.infer<typeof usersResponse>;

/** PATCH /api/crm/users/:usr_id: any of the flags, the admin right, the state. */
export const updatePersonRequest = z
  .object({
    org_id: idParam,
    flags: peopleFlags.partial().optional(),
    is_admin: z.boolean().optional(),
    disabled: z.boolean().optional(),
  })
  .strict()
  .refine(
    (body) => body.flags !== undefined || body.is_admin !== undefined || body.disabled !== undefined,
    "Aucune modification demandée.",
  );
export type UpdatePersonRequest = z.infer<typeof updatePersonRequest>;

/** POST /api/crm/invitations: creates the person (state invited) and e-mails the link. */
export const inviteRequest = z
  .object({
    org_id: idParam,
    email: emailInput,
    name: z.string().trim().min(1, "Indiquez le nom de la personne.").max(100),
    title: z.string().trim().max(100).default(""),
    flags: peopleFlags.default({ cart: true, orders: true, quotes: true, invoices: true, prices: true }),
    is_admin: z.boolean().default(false),
  })
  .strict();
export type InviteRequest = z.infer<typeof inviteRequest>;

/**
 * The answer of PATCH /api/crm/users/:usr_id (the person as now), and of an invitation or a
 * re-send (201/200), with whether the e-mail left: false when the mail service failed (logged).
 */
export const personResponse = z.object({ person: orgPerson, mail_sent: z.boolean().optional() }).strict();
export type PersonResponse = z.infer<typeof personResponse>;

/** POST /api/crm/invitations/:usr_id/resend and DELETE /api/crm/invitations/:usr_id?org_id= */
export const invitationTargetQuery = z.object({ org_id: idParam }).strict();

/** GET /api/auth/invitations/:token (public): what the password page shows. */
export const invitationInfo = z.object({ email: z.string(), name: z.string(), org_name: z.string(), expires_at: isoDateTime }).strict();
export type InvitationInfo = z.infer<typeof invitationInfo>;

/** POST /api/auth/invitations/:token (public): the invitee's password; 204, then they log in. */
export const acceptInvitationRequest = z
  .object({ password: z.string().min(1, "Choisissez un mot de passe.").max(MAX_PASSWORD_LENGTH) })
  .strict();

/** POST /api/auth/password: 204; the user's other sessions end. */
export const changePasswordRequest = z
  .object({
    current_password: z.string().min(1, "Indiquez votre mot de passe actuel.").max(MAX_PASSWORD_LENGTH),
    new_password: z.string().min(1, "Choisissez un nouveau mot de passe.").max(MAX_PASSWORD_LENGTH),
  })
  .strict();

/** A refused password: code weak_password, and the reasons in `details.messages`. */
export const weakPasswordDetails = z.object({ score: z.number(), messages: z.array(z.string()) }).strict();

/** GET /api/crm/me: the caller's own details. An organization account's name is the organization's. */
export const meResponse = z
  .object({
    usr_id: z.number().int().positive(),
    obj_class: objClass,
    name: z.string(),
    title: z.string(),
    email: z.string(),
    phone: z.string(),
    /** False for an organization account: its name is the organization's legal name. */
    name_editable: z.boolean(),
  })
  .strict();
export type MeResponse = z.infer<typeof meResponse>;

/** PUT /api/crm/me; name and title are ignored for an organization account. */
export const updateMeRequest = z
  .object({
    name: z.string().trim().min(1, "Indiquez votre nom.").max(100),
    title: z.string().trim().max(100).default(""),
    email: emailInput,
    phone: phoneInput,
  })
  .strict();
export type UpdateMeRequest = z.infer<typeof updateMeRequest>;

/** An address as sent by a form: the phone normalized, a French postal code checked. */
export const addressInput = address
  .omit({ obj_id: true, adr_phone: true })
  .extend({ adr_phone: phoneInput.default("") })
  .superRefine((value, ctx) => {
    const problem = postalCodeProblem(value.adr_zipcode, value.adr_country);
    if (problem) ctx.addIssue({ code: "custom", path: ["adr_zipcode"], message: problem });
  });
export type AddressInput = z.infer<typeof addressInput>;

/** DELETE /api/crm/addresses/:id?org_id= */
export const addressTargetQuery = z.object({ org_id: idParam }).strict();
