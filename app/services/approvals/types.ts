import type { ApproversMode } from "@shared/contracts/approvals";
import type { ApprovalReasonCode } from "@shared/domain/purchasing-rules";
import type { FieldErrors } from "~/services/forms/types";

/**
 * The approvals feature's view models (issue 37, docs/approvals.md): plain types the
 * components import as much as the server code.
 */

// ---- budgets felt where one buys: the cart and the checkout summary ----

/** Why this cart needs approval, in the buyer's words (approvalReasonText). */
export interface ApprovalReasonView {
  code: ApprovalReasonCode;
  text: string;
}

/**
 * What the cart and the summary say of the buyer's purchasing rules; null (nothing shown)
 * without a budget and when the cart may be ordered as it stands.
 */
export interface BudgetNoticeView {
  /** What remains of the month's budget, in cents HT: only with a budget and the `prices` right. */
  budget: { remaining: number; total: number } | null;
  /** The cart as it stands ends with « Demander la validation » instead of an order. */
  needsApproval: boolean;
  /** Why, each in a sentence: without `prices`, only the reasons that carry no amount. */
  reasons: ApprovalReasonView[];
}

// ---- the rules page: /mon-compte/regles-d-achat ----

/** One person of the organization as the rules page lists them; amounts as the form shows them. */
export interface RulesPersonRow {
  id: number;
  name: string;
  title: string;
  login: string;
  /** The `orders` right: without it every order of theirs goes for approval. */
  canOrder: boolean;
  isAdmin: boolean;
  isNamedApprover: boolean;
  /** As typed in the field (« 2000,00 »), empty for none. */
  orderLimit: string;
  monthlyBudget: string;
  /** HT total of their orders this calendar month, in cents; null when the viewer may not see amounts. */
  spentThisMonth: number | null;
}

export interface RulesView {
  /** As typed in the field, empty for none. */
  threshold: string;
  approvers: ApproversMode;
  people: RulesPersonRow[];
  updatedAt: string | null;
  updatedBy: string | null;
  /** A contributor after login-as: sees the rules, sets none (the customer's own decision). */
  readOnly: boolean;
}

/** What a contributor acting for the client reads on the page, and is told if it posts anyway. */
export const RULES_READ_ONLY =
  "Vous agissez pour ce client : vous consultez ses règles d'achat, mais seuls ses administrateurs peuvent les modifier.";

/** The values the form sends, by field name (French, as every form's). */
export const RULES_FIELDS = {
  threshold: "seuil",
  approvers: "valideurs",
  /** The ids of the people the form lists (hidden): whoever joined since keeps what is saved. */
  people: "personnes",
  limit: (id: number) => `limite-${id}`,
  budget: (id: number) => `budget-${id}`,
  approver: (id: number) => `valideur-${id}`,
} as const;

/** The radio's values, French in the form, the contract's mode on the wire. */
export const APPROVERS_CHOICES: readonly { value: string; mode: ApproversMode; label: string }[] = [
  { value: "administrateurs", mode: "administrators", label: "Les administrateurs" },
  { value: "designes", mode: "named", label: "Des personnes désignées" },
];

/** A refused save, drawn again: each message next to its field, everything as typed. */
export interface RulesRefusal {
  ok: false;
  message: string;
  errors: FieldErrors;
  values: Record<string, string>;
}
