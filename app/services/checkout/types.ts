import type { Address } from "@shared/contracts/entities";
import type { BudgetNoticeView } from "~/services/approvals/types";
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
  /** The month's budget and why the cart needs approval (docs/approvals.md); null when there is nothing to say. */
  budget: BudgetNoticeView | null;
  /** Present only when the order can be confirmed by this user. */
  confirm: { version: number; key: string } | null;
  /** Present only when the cart, ready otherwise, needs approval: « Demander la validation » instead of the confirmation. */
  request: { version: number; key: string } | null;
}

export interface StepLink {
  step: string;
  label: string;
  path: string;
  /** Reachable now: shown as a link (going back keeps what was entered: it is in the cart). */
  reachable: boolean;
}

/** The summary's POST intent of « Demander la validation » (the confirmation sends none). */
export const REQUEST_APPROVAL_INTENT = "demander-validation";

/** The most a message for the person who approves may hold (shared/contracts/approvals.ts). */
export const APPROVAL_MESSAGE_MAX = 1000;
