import type { FormRefusal } from "~/services/contact/types";

/** View models of /mot-de-passe-oublie and /nouveau-mot-de-passe, shared by their service and components. */

export interface ForgottenPasswordView {
  /** The page after the form: the same words whether the address is an account or not. */
  sent: boolean;
  /** How long a link lives, for the page's words. */
  lifetimeMinutes: number;
}

export type ForgottenPasswordRefusal = FormRefusal<"email">;

export type NewPasswordField = "nouveau" | "confirmation";

/** A link that can still be used: for which login, until when. */
export interface OpenResetLink {
  state: "open";
  /** The link's token, sent back with the form (it is in the page's URL already). */
  token: string;
  email: string;
  /** ISO instant the link stops working. */
  expiresAt: string;
  minLength: number;
}

export type DeadResetReason = "unknown" | "used" | "expired";

/** Why a link cannot be used, in French, with the status the back-office gave. */
export interface DeadResetLink {
  state: "dead";
  reason: DeadResetReason;
  message: string;
}

export type NewPasswordPage = OpenResetLink | DeadResetLink;

/** The new password refused: each reason next to its field, the advice under it; no value comes back. */
export interface NewPasswordRefusal {
  state: "refused";
  message: string;
  errors: Partial<Record<NewPasswordField, string>>;
  advice: string[];
}
