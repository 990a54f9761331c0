/**
 * View models of /mon-compte/utilisateurs, shared by app/services/users/ and
 * app/components/users/. Plain types only: components import them without server code.
 */

/** The five rights of a people account (spec section 6), in the order the page shows them. */
export const USER_FLAGS = ["cart", "orders", "quotes", "invoices", "prices"] as const;
export type UserFlag = (typeof USER_FLAGS)[number];

/** What each flag lets a person do, in the page's words. */
export const USER_FLAG_LABELS: Record<UserFlag, string> = {
  cart: "Modifier le panier",
  orders: "Passer commande",
  quotes: "Voir les devis",
  invoices: "Voir les factures",
  prices: "Voir les prix",
};

/** A person's state: invited (no password yet), active, or deactivated (never deleted). */
export type UserState = "invited" | "active" | "disabled";

export const USER_STATE_LABELS: Record<UserState, string> = {
  invited: "Invité",
  active: "Actif",
  disabled: "Désactivé",
};

export interface UserRow {
  id: number;
  name: string;
  email: string;
  flags: Record<UserFlag, boolean>;
  isAdmin: boolean;
  state: UserState;
  /** ISO instant of the last login; null when never logged in. */
  lastLoginAt: string | null;
  /** The pending invitation's expiry (ISO instant), when one is pending. */
  invitationExpiresAt: string | null;
  /** The pending invitation's link has expired: only a re-send lets the person in. */
  invitationExpired: boolean;
  /** The person looking at the page: no switch to remove its own admin right nor deactivate itself. */
  isSelf: boolean;
}

/** One line of the history: who changed what, when. */
export interface UserHistoryRow {
  id: number;
  at: string;
  author: string;
  /** The person concerned, by name. */
  target: string;
  /** The change in French (« Voir les prix retiré », « Désactivé »…). */
  summary: string;
}

export interface UsersView {
  rows: UserRow[];
  history: UserHistoryRow[];
}

/** The invite form's fields. */
export type InviteField = "email" | "name";

/** The invite form refused, drawn again with its messages and what was typed. */
export interface InviteRefusal {
  ok: false;
  message: string;
  errors: Partial<Record<InviteField, string>>;
  values: Record<InviteField, string>;
}

/** The intents of the users page's forms (one POST action, several buttons). */
export const USER_INTENTS = ["inviter", "droit", "admin", "desactiver", "reactiver", "renvoyer", "revoquer"] as const;
export type UserIntent = (typeof USER_INTENTS)[number];
