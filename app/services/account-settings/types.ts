/**
 * View models of /mon-compte/mot-de-passe and /mon-compte/informations-personnelles, shared by
 * app/services/account-settings/ and app/components/account-settings/. Plain types only.
 */

export type PasswordField = "actuel" | "nouveau" | "confirmation";

/** The password page: the rule in words, sent by the server (the dictionaries stay there). */
export interface PasswordView {
  minLength: number;
}

/**
 * The password form refused: each message next to its field, the strength explanation (French
 * sentences of shared/domain/password.ts) under the new password. No value comes back: a
 * password is never drawn again in a page.
 */
export interface PasswordRefusal {
  ok: false;
  message: string;
  errors: Partial<Record<PasswordField, string>>;
  advice: string[];
}

// ---- personal information and addresses ----------------------------------------------------

export type DetailsField = "name" | "title" | "email" | "phone";

export interface DetailsView {
  name: string;
  title: string;
  email: string;
  phone: string;
  /** False for an organization account: its name is the organization's legal name. */
  nameEditable: boolean;
}

export type AddressField = "adr_name" | "adr_line1" | "adr_line2" | "adr_zipcode" | "adr_city" | "adr_country" | "adr_phone";

export type AddressValues = Record<AddressField, string>;

export interface AddressView extends AddressValues {
  id: number;
}

export interface PersonalInfoView {
  details: DetailsView;
  /**
   * The organization's delivery addresses, the head office apart; null for a contributor on
   * its own account (the addresses are a client's: it chooses one first).
   */
  addresses: AddressView[] | null;
  /** The head office, read-only (the invoicing address); null when the organization has none on file. */
  invoicing: AddressValues | null;
  /** The client's name when a contributor acts for it: the details shown are that account's. */
  actingFor: string | null;
  /** False for a people account without `cart`: the addresses are listed without forms (decision 0133). */
  addressesEditable: boolean;
}

/**
 * A refused form of the page, drawn again: `form` says which ("infos", "adresse-ajouter",
 * or the address id being edited), with its messages and what was typed.
 */
export interface PersonalInfoRefusal {
  ok: false;
  form: string;
  message: string;
  errors: Partial<Record<DetailsField | AddressField, string>>;
  values: Record<string, string>;
}
