import { z } from "zod";
import { ACCOUNTING_CATEGORIES } from "../domain/account";
import { cents, emailAddress, isoDate } from "./primitives";

/**
 * The distributor's own data, loaded from its ERP's files (docs/integration.md, issue 34):
 * `POST /api/erp/imports/<feed>` with a service token, the file's bytes as the body (CSV or
 * XLSX, read by the back-office), `?dry_run=1` to check without writing, `?skip_invalid=1` to
 * apply the valid lines of a file that has refused ones, `?invite=1` (customers and users) to
 * e-mail an invitation to each account it creates. Rows are upserted by the ERP's reference
 * (a person by its e-mail); the answer is always an import report.
 */

/** The feeds that exist today; docs/integration.md lists the ones to come. */
/** In the order a first load takes them: each names only what the feeds before it brought. */
export const IMPORT_FEEDS = [
  "categories",
  "brands",
  "products",
  "stock",
  "shipping",
  "price-groups",
  "customers",
  "users",
  "prices",
] as const;
export const importFeed = z.enum(IMPORT_FEEDS, `Flux inconnu : choisissez parmi ${IMPORT_FEEDS.join(", ")}.`);
export type ImportFeed = z.infer<typeof importFeed>;

const flag = z
  .enum(["0", "1", "true", "false"], "Attendu : 0 ou 1.")
  .optional()
  .transform((value) => value === "1" || value === "true");

/** The feeds that create accounts, and so may invite them. */
export const INVITING_FEEDS: readonly ImportFeed[] = ["customers", "users"];

/**
 * `full` (`?full=1`, `--full`): the file is the whole catalogue, so the products missing from
 * it are marked discontinued (never deleted). Only the feeds of FULL_IMPORT_FEEDS take it.
 * `invite` (`?invite=1`, `--invite`): only the INVITING_FEEDS.
 */
export const importQuery = z.object({ dry_run: flag, skip_invalid: flag, full: flag, invite: flag });
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
  /** « Retournable » (docs/returns.md); null when empty: the stored flag stays, true for a new product. */
  returnable: z.boolean().nullable(),
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

/** « 30 jours », « 45 jours fin de mois », « comptant » (0 days), as organizations store them (0 to 120 days). */
export const paymentTerms = z
  .object({
    days: z
      .number({ error: "Le délai de paiement : un nombre de jours." })
      .int()
      .min(0)
      .max(120, "Le délai de paiement : 120 jours au plus."),
    end_of_month: z.boolean().default(false),
  })
  .strict();
export type PaymentTerms = z.infer<typeof paymentTerms>;

/** An accounting category (`N_CatCompta`), which decides VAT and ecotax (shared/domain/account.ts). */
export const accountingCategory = z.enum(ACCOUNTING_CATEGORIES, {
  error: `Catégorie comptable inconnue : ${ACCOUNTING_CATEGORIES.join(", ")}.`,
});

/** A customer's reference: what the `customers` and `users` feeds match on (organizations.ref), upper-cased. */
export const customerReference = z.string().min(1).max(20);

const postalAddress = z.object({
  street: z.string().max(120),
  zipcode: z.string().min(1).max(12),
  city: z.string().min(1).max(100),
  country: z.string().length(2),
});

/**
 * A line of the `customers` feed, once read (docs/integration.md): the organization, its
 * billing address (the head office), one delivery address, its conditions and the contributor
 * accounts that follow it, named by their logins.
 */
export const customerImportRow = z.object({
  reference: customerReference,
  name: z.string().min(1).max(150),
  /** The login of the organization's own account (class organization). */
  email: emailAddress().nullable(),
  cat_compta: accountingCategory,
  siret: z
    .string()
    .regex(/^\d{14}$/)
    .nullable(),
  vat_number: z.string().max(40).nullable(),
  billing: postalAddress,
  delivery: postalAddress.nullable(),
  payment_terms: paymentTerms,
  free_shipping: z.boolean(),
  integrator: z.boolean(),
  /** The reference of a group of the price-groups feed whose conditions the customer gets; null: none. */
  price_group: erpReference.nullable(),
  contributors: z.array(emailAddress()),
});
export type CustomerImportRow = z.infer<typeof customerImportRow>;

/** A line of the `users` feed, once read: a people account of a customer, upserted by its e-mail (its login). */
export const userImportRow = z.object({
  customer_reference: customerReference,
  email: emailAddress(),
  first_name: z.string().max(50).nullable(),
  last_name: z.string().min(1).max(50),
  title: z.string().max(100),
  flags: z.object({ cart: z.boolean(), orders: z.boolean(), quotes: z.boolean(), invoices: z.boolean(), prices: z.boolean() }),
  is_admin: z.boolean(),
});
export type UserImportRow = z.infer<typeof userImportRow>;

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
  /**
   * With `invite` (customers and users): the accounts invited (on a dry run, that would be) and
   * the e-mails that left after the commit (0 on a dry run; fewer when the mail service failed).
   */
  invitations: z.object({ accounts: z.number().int().min(0), sent: z.number().int().min(0) }).optional(),
  message: z.string(),
});
export type ImportReport = z.infer<typeof importReport>;
