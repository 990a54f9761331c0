import type { ApprovalStatus } from "@shared/contracts/approvals";
import type { Address } from "@shared/contracts/entities";

/**
 * The view models of the approval requests' pages (/mon-compte/validations and one page per
 * request, docs/approvals.md): plain types and the statuses' French words, so the components
 * import them without any server code.
 */

export type { ApprovalStatus };

/** A request's status as the pages say it (docs/approvals.md « Statuses »): the one place. */
export const APPROVAL_STATUS_LABELS: Record<ApprovalStatus, string> = {
  pending: "en attente de validation",
  approved: "validée",
  refused: "refusée",
  withdrawn: "retirée",
};

/** One request in a list. */
export interface ApprovalRow {
  id: number;
  number: string;
  status: ApprovalStatus;
  createdAt: string;
  requesterName: string;
  /** Why it needs approval, in French: for the approver in « À valider », for the requester in « Mes demandes ». */
  reasons: string[];
  linesCount: number;
  /** The HT total when asked; null without `prices`. */
  totalHt: number | null;
  decidedAt: string | null;
  decidedByName: string | null;
  refusalReason: string | null;
  /** The order an approval placed. */
  order: { id: number; number: string } | null;
}

/** One of the page's two lists, with its own pages. */
export interface ApprovalListSection {
  rows: ApprovalRow[];
  total: number;
  page: number;
  pageCount: number;
  /** The other list's page, kept in this list's page links. */
  query: string;
}

/** The query parameter of each list's page. */
export const APPROVAL_PAGE_PARAMS = { toDecide: "page_a_valider", mine: "page" } as const;

export interface ApprovalListView {
  /** « À valider » is shown to an approver only (standing.is_approver). */
  toDecide: ApprovalListSection | null;
  mine: ApprovalListSection;
  showPrices: boolean;
}

/** A line of a request: as asked, and as it would be ordered today. */
export interface ApprovalLineView {
  productId: number;
  ref: string;
  title: string;
  qty: number;
  /** Unit prices HT then and now, and the line's total now: null without `prices`. */
  unitPriceThen: number | null;
  unitPriceNow: number | null;
  lineTotalNow: number | null;
  stockNow: number;
  priceChanged: boolean;
  stockShort: boolean;
  discontinued: boolean;
  /** What changed since the request, in French (« Prix modifié depuis la demande : … »). */
  flags: string[];
}

/** A request's totals as shown (the HT total with its ecotax, decision 0161). */
export interface ApprovalTotalsView {
  totalHt: number;
  ecotaxe: number;
  ttc: number;
}

export interface ApprovalActionsView {
  approve: boolean;
  refuse: boolean;
  withdraw: boolean;
  restore: boolean;
}

export interface ApprovalPageView {
  id: number;
  number: string;
  status: ApprovalStatus;
  createdAt: string;
  requesterName: string;
  /** The caller asked it (the reasons are then said to them, in the second person). */
  isRequester: boolean;
  message: string;
  reasons: string[];
  decidedAt: string | null;
  decidedByName: string | null;
  refusalReason: string | null;
  order: { id: number; number: string } | null;
  delivery: Address | null;
  invoicing: Address | null;
  lddActive: boolean;
  saturday: boolean;
  partialDelivery: boolean;
  customerRef: string;
  comments: string;
  notes: string;
  lines: ApprovalLineView[];
  showPrices: boolean;
  totalsThen: ApprovalTotalsView | null;
  totalsNow: ApprovalTotalsView | null;
  /** « Le total HT a changé depuis la demande : … », or null. */
  totalChanged: string | null;
  /** Why it cannot be approved as is today, in French. */
  problems: string[];
  actions: ApprovalActionsView;
  /** What « Approuver » sends: the HT total shown now (the wire's, without ecotax), or null. */
  approveTotalHt: number | null;
}

/** The form fields of the request page's actions. */
export const APPROVAL_INTENTS = ["approve", "refuse", "withdraw", "restore"] as const;
export type ApprovalIntent = (typeof APPROVAL_INTENTS)[number];
