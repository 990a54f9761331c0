import { z } from "zod";
import { cents, isoDate } from "./primitives";

/**
 * The distributor's own data, loaded from its ERP's files (docs/integration.md, issue 34):
 * `POST /api/erp/imports/<feed>` with a service token, the file's bytes as the body (CSV or
 * XLSX, read by the back-office), `?dry_run=1` to check without writing, `?skip_invalid=1` to
 * apply the valid lines of a file that has refused ones. Rows are upserted by the ERP's
 * reference; the answer is always an import report.
 */

/** The feeds that exist today; docs/integration.md lists the ones to come. */
export const IMPORT_FEEDS = ["categories", "brands", "price-groups", "prices"] as const;
export const importFeed = z.enum(IMPORT_FEEDS, `Flux inconnu : choisissez parmi ${IMPORT_FEEDS.join(", ")}.`);
export type ImportFeed = z.infer<typeof importFeed>;

const flag = z
  .enum(["0", "1", "true", "false"], "Attendu : 0 ou 1.")
  .optional()
  .transform((value) => value === "1" || value === "true");

export const importQuery = z.object({ dry_run: flag, skip_invalid: flag });
export type ImportQuery = z.infer<typeof importQuery>;

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

/** A line of the `price-groups` feed, once read: the ERP's « catégorie tarifaire » or pricelist. */
export const priceGroupImportRow = z.object({ reference: erpReference, title: z.string().min(1).max(120) });
export type PriceGroupImportRow = z.infer<typeof priceGroupImportRow>;

/**
 * A line of the `prices` feed, once read (docs/integration.md): a customer's
 * (`customer_reference`) or a price group's (`price_group`) net price (`price`, cents HT) or
 * discount (`discount`, percent) on a product or a brand, optionally dated; or, with
 * `promotion` (its name), a promotion on a product for everyone or for one customer, with its
 * two dates. Which combinations make a line is the feed's to check (imports/feeds/price-lines.ts).
 */
export const priceImportRow = z.object({
  customer_reference: erpReference.nullable(),
  price_group: erpReference.nullable(),
  product_reference: erpReference.nullable(),
  brand_reference: erpReference.nullable(),
  promotion: z.string().min(1).max(80).nullable(),
  price: cents.nullable(),
  discount: z.number().min(0).max(100).nullable(),
  starts_on: isoDate.nullable(),
  ends_on: isoDate.nullable(),
});
export type PriceImportRow = z.infer<typeof priceImportRow>;

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
