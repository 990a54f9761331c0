import type { FieldErrors } from "~/services/forms/types";

/**
 * The customer's own part numbers, the portal's side (issue 38, docs/part-numbers-portal.md):
 * plain types, paths and field names the page's components import as much as the server code.
 */

export const PART_NUMBERS_PATH = "/mon-compte/references";
/** The two-column CSV template the import reads. */
export const PART_NUMBERS_TEMPLATE_PATH = "/mon-compte/references/modele.csv";

/** The page's three forms, told apart by `intent`. */
export const PART_NUMBER_INTENTS = { set: "donner-code", remove: "retirer", import: "importer" } as const;
export type PartNumberIntent = (typeof PART_NUMBER_INTENTS)[keyof typeof PART_NUMBER_INTENTS];

/** The fields of the « give a product a code » form (French, as every form field). */
export const SET_CODE_FIELDS = { ref: "reference", code: "code" } as const;
export type SetCodeField = (typeof SET_CODE_FIELDS)[keyof typeof SET_CODE_FIELDS];
/** The import form's file field. */
export const IMPORT_FILE_FIELD = "fichier";

export const NO_CART_RIGHT =
  "Votre compte ne permet pas de modifier les codes de votre organisation : il faut le droit « Modifier le panier ».";

/** One row of the list: a product and the code the organization gives it. */
export interface PartNumberRow {
  productId: number;
  ref: string;
  title: string;
  code: string;
}

export interface PartNumbersView {
  rows: PartNumberRow[];
  total: number;
  page: number;
  pageCount: number;
  /** The search as typed (kept in the box and the page links). */
  q: string;
  /** The search and the page, as the page links carry them. */
  query: string;
  /** What the loader corrected in the URL (a page past the last one), said above the list. */
  notices: { field: string; message: string }[];
  /** The `cart` right: the forms and the « Retirer » buttons are drawn only with it. */
  canEdit: boolean;
}

/** A line of the imported file the codes were not taken from, and why. */
export interface ImportRefusalView {
  line: number;
  input: string;
  message: string;
}

export interface ImportReportView {
  saved: number;
  refused: ImportRefusalView[];
}

/**
 * What the page's action answers instead of a redirect: the « give a code » form drawn again
 * with the message of its field, the import's report (more than a toast can carry), or a
 * refusal of the whole request (no `cart` right, a file that cannot be read).
 */
export type PartNumbersAnswer =
  | { intent: "set"; message: string; errors: FieldErrors<SetCodeField>; values: Record<string, string> }
  | { intent: "import"; message: string | null; report: ImportReportView | null }
  | { intent: null; message: string };
