/**
 * View models of /invitation/:token, shared by app/services/invitation/ and
 * app/components/invitation/. Plain types only.
 */

export type InvitationField = "nouveau" | "confirmation";

/** A link that can still be used: whom it is for, and the rule of the password to choose. */
export interface OpenInvitation {
  state: "open";
  name: string;
  email: string;
  orgName: string;
  /** ISO instant the link stops working. */
  expiresAt: string;
  minLength: number;
  /** The name this browser is signed in with, if any: the link may be someone else's. */
  signedInAs: string | null;
}

/** Why a link cannot be used; the page says it in French, with the status the back-office gave. */
export type DeadReason = "used" | "expired" | "unknown";

export interface DeadInvitation {
  state: "dead";
  reason: DeadReason;
  message: string;
}

export type InvitationPage = OpenInvitation | DeadInvitation;

/**
 * The password refused: each message next to its field, the French advice under the new
 * password. No value comes back: a password is never drawn again in a page.
 */
export interface InvitationRefusal {
  state: "refused";
  message: string;
  errors: Partial<Record<InvitationField, string>>;
  advice: string[];
}
