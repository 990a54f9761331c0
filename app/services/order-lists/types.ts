/**
 * The view models of the order lists' pages (docs/order-lists.md): plain types, so the
 * components import them without any server code.
 */

/** One list in /mon-compte/listes. */
export interface ListRowView {
  id: number;
  name: string;
  shared: boolean;
  ownerName: string;
  linesCount: number;
  updatedAt: string;
  canEdit: boolean;
}

export interface ListsPageView {
  lists: ListRowView[];
}

/** One line of a list as its page draws it: the product today, for this organization. */
export interface ListLineView {
  productId: number;
  ref: string;
  /** The organization's own code for the product, or null. */
  ownCode: string | null;
  title: string;
  note: string;
  qty: number;
  /** Net unit price HT today, in cents; null without the `prices` right. */
  unitPrice: number | null;
  stock: number;
  discontinued: boolean;
  needsCertificate: boolean;
}

export interface ListPageView {
  id: number;
  name: string;
  shared: boolean;
  ownerName: string;
  updatedAt: string;
  /** The caller may change the list (its author, or an administrator for a shared list). */
  canEdit: boolean;
  showPrices: boolean;
  lines: ListLineView[];
  schedulesCount: number;
}

/** A line of an imported file that was not added, with its reason in French. */
export interface ImportRefusalView {
  line: number;
  input: string;
  message: string;
}

export interface ImportReportView {
  fileName: string;
  added: number;
  refused: ImportRefusalView[];
  /** Refused lines past the listed ones: counted, not listed. */
  unlisted: number;
}

/**
 * What the list page's action answers instead of a redirect: a refused form drawn again (its
 * fields' messages and what was typed), or the report of an import (more than a toast holds).
 */
export interface ListPageAnswer {
  ok: boolean;
  message: string;
  errors?: Record<string, string>;
  values?: Record<string, string>;
  importReport?: ImportReportView;
}

/** A list the product page offers to add to (the caller may change it). */
export interface EditableListOption {
  id: number;
  name: string;
  shared: boolean;
}

/** The form fields of the list page (French, as every form field). */
export const LIST_FIELDS = {
  intent: "intent",
  name: "nom",
  shared: "partagee",
  product: "produit",
  ticked: "ligne",
  file: "fichier",
  qty: (productId: number) => `qte_${productId}`,
  note: (productId: number) => `note_${productId}`,
} as const;

/** The intents of the list page's forms. « Retirer » sends `remove:<product id>`. */
export const LIST_INTENTS = {
  save: "save",
  addSelected: "add-selected",
  addAll: "add-all",
  rename: "rename",
  share: "share",
  delete: "delete",
  import: "import",
  removePrefix: "remove:",
} as const;

/** The intents of the resource route /mon-compte/listes/ajouter. */
export const MAKE_LIST_INTENTS = { fromCart: "from-cart", fromOrder: "from-order", addProduct: "add-product" } as const;

export const LISTS_PATH = "/mon-compte/listes";
export const MAKE_LIST_PATH = "/mon-compte/listes/ajouter";
export const listPath = (id: number) => `${LISTS_PATH}/${id}`;
/** The value of the product page's list choice that means « a new list ». */
export const NEW_LIST_CHOICE = "nouvelle";
