import {
  RETURN_PHOTO_MAX_BYTES,
  RETURN_PHOTOS_MAX,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  RETURN_RESOLUTION_LABELS,
  RETURN_RESOLUTIONS,
  type ReturnReason,
  type ReturnResolution,
  type ReturnStatus,
  type ReturnStepKind,
} from "@shared/contracts/returns";
import type { FieldErrors } from "~/services/forms/types";

/**
 * The returns pages' view models (issue 39, docs/returns-portal.md): plain types and constants
 * the components import as much as the server code. Amounts are cents, or null when the account
 * may not see prices: the back-office leaves them out, and the pages do not draw their columns.
 */

export type { ReturnReason, ReturnResolution, ReturnStatus, ReturnStepKind };

// ---- addresses ---------------------------------------------------------------------------------

export const RETURNS_PATH = "/mon-compte/retours";
export const NEW_RETURN_PATH = `${RETURNS_PATH}/nouveau`;
/** The order's parameter of the request form. */
export const ORDER_PARAM = "commande";
export const newReturnPath = (orderId: number) => `${NEW_RETURN_PATH}?${ORDER_PARAM}=${orderId}`;
export const returnPath = (number: string) => `${RETURNS_PATH}/${number}`;
export const slipPath = (number: string) => `${returnPath(number)}/bon-de-retour.pdf`;
export const photoPath = (number: string, photoId: number) => `${returnPath(number)}/photos/${photoId}`;
/** Other features' pages the returns link to. */
export const orderPath = (orderId: number) => `/mon-compte/commandes/${orderId}`;
export const invoicePath = (invoiceId: number) => `/mon-compte/factures/${invoiceId}`;

/** « ?annuler=1 »: the withdrawal's confirmation step (no JavaScript needed). */
export const WITHDRAW_PARAM = "annuler";

// ---- vocabulary as the pages say it -------------------------------------------------------------

/** The reasons' values in the form: French, one per reason of the contract (a reason added there fails the build here). */
const REASON_VALUES: Readonly<Record<ReturnReason, string>> = {
  order_error: "erreur-commande",
  defective: "defectueux",
  transport_damage: "transport",
  delivery_error: "erreur-livraison",
  other: "autre",
};

/** The reasons in the form's select: French values in the form, the contract's reason on the wire. */
export const REASON_CHOICES: readonly { value: string; reason: ReturnReason; label: string }[] = RETURN_REASONS.map((reason) => ({
  value: REASON_VALUES[reason],
  reason,
  label: RETURN_REASON_LABELS[reason],
}));

const RESOLUTION_TEXTS: Readonly<Record<ReturnResolution, { value: string; hint: string }>> = {
  credit: { value: "avoir", hint: "un avoir sur votre compte, déduit d'une prochaine facture" },
  exchange: { value: "echange", hint: "les mêmes produits, renvoyés à la place" },
};

export const RESOLUTION_CHOICES: readonly { value: string; resolution: ReturnResolution; label: string; hint: string }[] =
  RETURN_RESOLUTIONS.map((resolution) => ({ resolution, label: RETURN_RESOLUTION_LABELS[resolution], ...RESOLUTION_TEXTS[resolution] }));

/** What each step of the history is called. */
export const STEP_LABELS: Readonly<Record<ReturnStepKind, string>> = {
  requested: "Demande envoyée",
  accepted: "Retour accepté",
  refused: "Retour refusé",
  received: "Colis reçu",
  credited: "Avoir émis",
  exchanged: "Échange expédié",
  withdrawn: "Demande annulée",
};

/** What the customer has to do or wait for, by status. */
export const STATUS_HINTS: Readonly<Record<ReturnStatus, string>> = {
  demandé: "Votre demande attend la réponse de NautiDistrib.",
  accepté: "Retour accepté : imprimez le bon de retour, joignez-le au colis et indiquez le numéro de retour sur le colis.",
  refusé: "Ce retour a été refusé.",
  reçu: "Le colis est arrivé à l'entrepôt : l'avoir ou l'échange suit.",
  "avoir émis": "L'avoir a été émis.",
  "échange expédié": "Les produits de remplacement sont partis.",
  annulé: "Vous avez annulé cette demande.",
};

export const PHOTOS_LIMITS_TEXT = `PNG ou JPEG, ${RETURN_PHOTOS_MAX} photos au plus, ${Math.round(RETURN_PHOTO_MAX_BYTES / (1024 * 1024))} Mo chacune`;

// ---- the list ----------------------------------------------------------------------------------

export interface ReturnFilterValues {
  statut: string;
}
export const RETURN_FILTER_NAMES = ["statut"] as const satisfies readonly (keyof ReturnFilterValues)[];

export interface ReturnFilterNotice {
  field: keyof ReturnFilterValues | "page";
  message: string;
}

export interface ReturnRow {
  number: string;
  status: ReturnStatus;
  orderId: number;
  orderRef: string;
  /** ISO instant of the request. */
  requestedAt: string;
  reason: string;
  resolution: string;
  units: number;
  /** HT; null without `prices`. */
  amountHt: number | null;
}

/** A delivered order whose window is still open. */
export interface EligibleOrderView {
  orderId: number;
  orderRef: string;
  cartRef: string;
  deliveredOn: string;
  deadline: string;
  returnableUnits: number;
}

export interface ReturnListView {
  rows: ReturnRow[];
  total: number;
  page: number;
  pageCount: number;
  values: ReturnFilterValues;
  notices: ReturnFilterNotice[];
  statuses: readonly ReturnStatus[];
  showPrices: boolean;
  /** The applied filters as a query string (no page). */
  query: string;
  eligible: EligibleOrderView[];
  windowDays: number;
}

// ---- the request form --------------------------------------------------------------------------

/** The form's fields, by their French names (as every form's). */
export const RETURN_FIELDS = {
  order: "commande",
  reason: "motif",
  resolution: "resolution",
  comment: "commentaire",
  photos: "photos",
  /** The lines as a whole (none asked): its message goes above the table. */
  lines: "lignes",
} as const;
export const COMMENT_MAX = 2000;

/** The quantity field of the order's line at `position`. */
export const qtyField = (position: number) => `quantite-${position}`;
/** Where a line's message is kept, by its position. */
export const lineErrorKey = (position: number) => `ligne-${position}`;

export interface ReturnableLineView {
  position: number;
  ref: string;
  title: string;
  customerCode: string | null;
  delivered: number;
  inReturns: number;
  returnable: number;
  /** Why it may not come back, in French; null when it may. */
  notReturnable: string | null;
  /** Net unit price HT plus ecotax; null without `prices`. */
  unitPrice: number | null;
}

export interface ReturnOrderView {
  id: number;
  ref: string;
  cartRef: string;
  deliveredOn: string;
  deadline: string;
}

export interface ReturnFormView {
  order: ReturnOrderView;
  /** The form is drawn: the window is open and at least one unit may be asked. */
  open: boolean;
  /** Why no form, in French (the window closed, nothing left to return). */
  closedReason: string | null;
  lines: ReturnableLineView[];
  /** The reasons' labels that need a photo. */
  photoRequired: string[];
  /** « Erreur de commande » → 15: the reasons with a fee; null without `prices`. */
  fees: { label: string; pct: number }[] | null;
  showPrices: boolean;
}

/** The request form's page: the form, or why there is none (the order is not delivered…). */
export type ReturnFormPage = { kind: "form"; form: ReturnFormView } | { kind: "refused"; message: string; orderId: number | null };

/**
 * Said after a refusal when photos had been chosen and the page was drawn again by the server
 * (no JavaScript): no browser lets a page fill a file field. With JavaScript the form stays in
 * the page and keeps its files: nothing to say.
 */
export const FILES_TO_CHOOSE_AGAIN = "Choisissez à nouveau vos photos : elles ne sont pas conservées quand le formulaire est renvoyé.";

/** A refused request drawn again: each message next to its field, everything typed but the files. */
export interface ReturnFormRefusal {
  ok: false;
  message: string;
  errors: FieldErrors;
  values: Record<string, string>;
  /** Photos were chosen: without JavaScript the page says to choose them again (FILES_TO_CHOOSE_AGAIN). */
  filesDropped: boolean;
}

// ---- one return --------------------------------------------------------------------------------

export interface ReturnStepView {
  kind: ReturnStepKind;
  label: string;
  at: string;
  author: string;
  note: string | null;
}

export interface ReturnLineView {
  position: number;
  ref: string;
  title: string;
  customerCode: string | null;
  qty: number;
  received: number | null;
  unitPrice: number | null;
}

export interface ReturnPhotoView {
  id: number;
  fileName: string;
  href: string;
}

export interface ReturnCreditNoteView {
  number: string;
  /** The invoice's page; null when the account may not see invoices. */
  href: string | null;
  totalTtc: number | null;
}

export interface ReturnExchangeView {
  carrier: string;
  trackingNumber: string | null;
  /** Only an http(s) address is a link. */
  trackingUrl: string | null;
  shippedAt: string;
}

export interface ReturnPageView {
  number: string;
  status: ReturnStatus;
  statusHint: string;
  orderId: number;
  orderRef: string;
  requestedAt: string;
  requestedBy: string;
  reason: string;
  resolution: string;
  comment: string;
  units: number;
  amountHt: number | null;
  restockingFeePct: number | null;
  lines: ReturnLineView[];
  photos: ReturnPhotoView[];
  steps: ReturnStepView[];
  refusal: string | null;
  creditNotes: ReturnCreditNoteView[];
  exchange: ReturnExchangeView | null;
  slipHref: string | null;
  canWithdraw: boolean;
  /** « ?annuler=1 » and the return may be withdrawn: the confirmation step. */
  confirmWithdraw: boolean;
  showPrices: boolean;
}

/** The returns of a delivered order, on its page (for an account with `orders`). */
export interface OrderReturnsView {
  /** The request form for this order. */
  newHref: string;
  rows: ReturnRow[];
  /** All its returns, when more than the rows shown. */
  total: number;
  /** The back-office could not say: the order's page shows without them. */
  unavailable: boolean;
}
