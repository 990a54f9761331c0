import { z } from "zod";

/**
 * The distributor's own data, loaded from its ERP's files (docs/integration.md, issue 34):
 * `POST /api/erp/imports/<feed>` with a service token, the file's bytes as the body (CSV or
 * XLSX, read by the back-office), `?dry_run=1` to check without writing, `?skip_invalid=1` to
 * apply the valid lines of a file that has refused ones. Rows are upserted by the ERP's
 * reference; the answer is always an import report.
 */

/** The feeds that exist today; docs/integration.md lists the ones to come. */
export const IMPORT_FEEDS = ["categories", "brands", "products", "stock"] as const;
export const importFeed = z.enum(IMPORT_FEEDS, `Flux inconnu : choisissez parmi ${IMPORT_FEEDS.join(", ")}.`);
export type ImportFeed = z.infer<typeof importFeed>;

const flag = z
  .enum(["0", "1", "true", "false"], "Attendu : 0 ou 1.")
  .optional()
  .transform((value) => value === "1" || value === "true");

/**
 * `full` (`?full=1`, `--full`): the file is the whole catalogue, so the products missing from
 * it are marked discontinued (never deleted). Only the feeds of FULL_IMPORT_FEEDS take it.
 */
export const importQuery = z.object({ dry_run: flag, skip_invalid: flag, full: flag });
export type ImportQuery = z.infer<typeof importQuery>;

export const FULL_IMPORT_FEEDS: readonly ImportFeed[] = ["products"];
export const FULL_REFUSED_MESSAGE = "L'option --full (full=1) ne vaut que pour le flux products : retirez-la.";

/** An ERP reference: what the upsert matches on, upper-cased by the reader. */
const erpReference = z.string().min(1).max(40);

/** A line of the `categories` feed, once read: six levels at most, the parent named by its reference. */
export const categoryImportRow = z.object({
  reference: erpReference,
  title: z.string().min(1).max(120),
  parent_reference: erpReference.nullable(),
});
export type CategoryImportRow = z.infer<typeof categoryImportRow>;

/** A line of the `brands` feed, once read. */
export const brandImportRow = z.object({ reference: erpReference, title: z.string().min(1).max(120) });
export type BrandImportRow = z.infer<typeof brandImportRow>;

/** A line of the `products` feed, once read: amounts in cents, weights in grams (decision 0003). */
export const productImportRow = z.object({
  reference: erpReference,
  title: z.string().min(1).max(200),
  description: z.string().max(10_000).nullable(),
  brand_reference: erpReference.nullable(),
  category_reference: erpReference,
  price: z.number().int().min(0),
  ecotax: z.number().int().min(0).nullable(),
  weight_gross: z.number().int().min(0).nullable(),
  weight_net: z.number().int().min(0).nullable(),
  mmsi: z.boolean(),
  /** The shipping families the shipping rules read (docs/shipping.md), none for a parcel item. */
  shipping_families: z.array(z.enum(["motor", "antenna", "tag", "hazardous"])).nullable(),
  discontinued: z.boolean(),
  /** http(s) picture addresses, the first one the main picture. */
  images: z.array(z.url()).nullable(),
});
export type ProductImportRow = z.infer<typeof productImportRow>;

/** A line of the `stock` feed, once read: a negative available quantity is read as 0. */
export const stockImportRow = z.object({
  reference: erpReference,
  available: z.number().int().min(0),
  refill_date: z.iso.date().nullable(),
  refill_quantity: z.number().int().min(0).nullable(),
});
export type StockImportRow = z.infer<typeof stockImportRow>;

/** A refused line: « ligne 418, colonne Prix HT : « 12.5.0 » n'est pas un montant » is `text`. */
export const refusedLine = z.object({
  line: z.number().int().min(1),
  column: z.string(),
  value: z.string(),
  message: z.string(),
  text: z.string(),
});
export type RefusedLine = z.infer<typeof refusedLine>;

export const importCounts = z.object({
  created: z.number().int().min(0),
  updated: z.number().int().min(0),
  unchanged: z.number().int().min(0),
  refused: z.number().int().min(0),
  /** With `full` only: the products missing from the file, marked discontinued by it. */
  discontinued: z.number().int().min(0).optional(),
});
export type ImportCounts = z.infer<typeof importCounts>;

/**
 * What an import did (200) or why it did nothing (422, the same shape): `applied` is true only
 * when rows were written; a dry run counts what would be created, updated or left unchanged.
 */
export const importReport = z.object({
  feed: importFeed,
  applied: z.boolean(),
  dry_run: z.boolean(),
  skip_invalid: z.boolean(),
  counts: importCounts,
  refused: z.array(refusedLine),
  message: z.string(),
});
export type ImportReport = z.infer<typeof importReport>;
