import type { Address } from "@shared/contracts/entities";
import type { CartView } from "~/services/cart/types";

/** The checkout feature's view models, imported by its components and its server code alike. */

export interface SummaryProblem {
  code: string;
  message: string;
  fix: { href: string; label: string } | null;
}

export interface SummaryView {
  cart: CartView;
  delivery: Address | null;
  invoicing: Address | null;
  ref: string;
  comments: string;
  notes: string;
  partialDelivery: boolean;
  /** The Saturday line is charged (option on, order placed on a Friday). */
  saturdayCharged: boolean;
  problems: SummaryProblem[];
  /** Present only when the order can be confirmed by this user. */
  confirm: { version: number; key: string } | null;
}

export interface StepLink {
  step: string;
  label: string;
  path: string;
  /** Reachable now: shown as a link (going back keeps what was entered: it is in the cart). */
  reachable: boolean;
}
