import type { ContactField } from "@shared/contracts/requests";

/**
 * View models of the public forms (contact here, account opening and forgotten password in
 * their own folders), shared by their services and components. Plain types and constants only.
 */

/**
 * The honeypot every public form carries (decision 0123): a field people neither see nor hear
 * (visually hidden, aria-hidden, out of the tab order, no autofill) that form-filling robots
 * fill. A form that comes back with it filled looks accepted and is dropped.
 */
export const HONEYPOT_FIELD = "site_web";
export const HONEYPOT_LABEL = "Ne pas remplir";

/**
 * A refused public form, drawn again: the French message of each field next to it, the form's
 * message above, and what was typed (never the honeypot, never a password).
 */
export interface FormRefusal<Field extends string = string> {
  ok: false;
  message: string;
  errors: Partial<Record<Field, string>>;
  values: Record<string, string>;
}

export interface Choice {
  value: string;
  label: string;
}

/** /nous-contacter: the form, pre-filled for a signed-in user. */
export interface ContactPageView {
  subjects: Choice[];
  /** What the form starts with: the account's name, e-mail, phone and organization when signed in. */
  values: Partial<Record<ContactField, string>>;
  signedIn: boolean;
  maxMessageLength: number;
}

export type ContactRefusal = FormRefusal<ContactField>;
