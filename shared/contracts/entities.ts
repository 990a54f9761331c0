import { z } from "zod";
import { cents, grams, isoDate, isoDateTime } from "./primitives";

/**
 * Entities of the back-office contract (docs/specification.md §3). Field names follow the spec.
 * Amounts are integer cents and weights integer grams on the wire (docs/decisions/0003).
 */

export const objClass = z.enum(["organization", "people", "contributor"]);
export type ObjClass = z.infer<typeof objClass>;

/** People accounts' permission flags: each is true when absent (docs/specification.md §6). */
export const authFlags = z
  .object({
    cart: z.boolean().optional(),
    orders: z.boolean().optional(),
    quotes: z.boolean().optional(),
    invoices: z.boolean().optional(),
    prices: z.boolean().optional(),
  })
  .strict();
export type AuthFlags = z.infer<typeof authFlags>;

export const userProperties = z
  .object({
    N_CatCompta: z.string().optional(),
    /** Name of the user's own organization (a person's obj_name is the person's). */
    org_name: z.string().optional(),
    auth: authFlags.optional(),
    /** A tag integrator's account: its orders are not checked for MMSI certificates (organizations.is_integrator). */
    integrator: z.boolean().optional(),
    /** A people account made administrator: it manages the organization's users (docs/users.md). */
    admin: z.boolean().optional(),
    /** Summary of the organization's saved cart at login time. */
    cart: z.object({ version: z.number().int().nonnegative(), count: z.number().int().nonnegative() }).optional(),
  })
  .strict();

export const authUser = z
  .object({
    obj_id: z.number().int().positive(),
    obj_ref: z.string(),
    obj_name: z.string(),
    obj_title: z.string(),
    obj_class: objClass,
    /** Organization the user acts for: its own, or the client chosen by login-as. */
    auth_org_id: z.number().int().positive(),
    auth_expiry: isoDateTime,
    adr_zipcode: z.string(),
    adr_country: z.string().length(2),
    obj_properties: userProperties,
  })
  .strict();
export type AuthUser = z.infer<typeof authUser>;

export const address = z
  .object({
    obj_id: z.number().int().positive().optional(),
    org_id: z.number().int().positive(),
    adr_name: z.string().min(1).max(100),
    adr_line1: z.string().min(1).max(120),
    adr_line2: z.string().max(120).default(""),
    adr_zipcode: z.string().min(1).max(12),
    adr_city: z.string().min(1).max(80),
    adr_country: z.string().length(2),
    adr_phone: z.string().max(30).default(""),
  })
  .strict();
export type Address = z.infer<typeof address>;

export const certificate = z
  .object({
    cer_id: z.string().min(1),
    mmsi: z.string().regex(/^\d{9}$/),
    file_name: z.string(),
  })
  .strict();
export type Certificate = z.infer<typeof certificate>;

export const productProperties = z
  .object({
    "Produit MMSI": z.boolean().optional(),
    hazardous: z.boolean().optional(),
  })
  .catchall(z.union([z.string(), z.number(), z.boolean()]));

export const cartLine = z
  .object({
    obj_id: z.number().int().positive(),
    obj_ref: z.string().min(1),
    obj_title: z.string(),
    obj_name: z.string(),
    qty: z.number().int().nonnegative(),
    line_id: z.string().min(1),
    prd_is_port: z.boolean(),
    /** List price (cents). */
    prd_price_selling: cents,
    /** Customer's net price before promotion (cents). */
    prc_price: cents,
    prc_promo_price: cents.nullable(),
    prc_promo_name: z.string().nullable(),
    /** Discount off the list price, in percent (0-100). */
    prc_discount: z.number().min(0).max(100),
    prd_ecotaxe: cents,
    prd_weight_gross: grams,
    prd_weight_net: grams,
    prd_sto_disp: z.number().int(),
    prd_refill_date: isoDate.nullable(),
    prd_refill_qte: z.number().int().nonnegative().nullable(),
    certificates: z.array(certificate),
    obj_properties: productProperties,
    /** The product's main picture (a URL), when the catalogue has one; not a field of the spec. */
    image: z.string().nullable().optional(),
    /**
     * True on a line whose product was discontinued after it was put in the cart: the line is
     * still shown, and must be removed before the cart can be saved or ordered again.
     */
    prd_discontinued: z.boolean().optional(),
    /**
     * A line accepted from a quote (docs/quotes.md): the whole line is priced at the quote's
     * unit price (prc_price) until the validity date, from a lock the back-office keeps. Absent
     * on an ordinary line; never sent back (a save's line has no price).
     */
    quote: z
      .object({ number: z.string().regex(/^DV-\d{4}-\d{6}$/), unit_price: cents, valid_until: isoDate })
      .strict()
      .optional(),
    /**
     * The number of a quote whose price lock expired and was removed by this very answer: the
     * line is back at the usual price, and the portal says so once (« Le prix du devis … a
     * expiré le … »). `quote_expired_on` is the quote's last valid day.
     */
    quote_expired: z
      .string()
      .regex(/^DV-\d{4}-\d{6}$/)
      .optional(),
    quote_expired_on: isoDate.optional(),
  })
  .strict();
export type CartLine = z.infer<typeof cartLine>;

export const ldd = z.object({ active: z.boolean(), price: cents, tva: z.number().min(0).max(1) }).strict();
export type Ldd = z.infer<typeof ldd>;

/**
 * A cart line as the cart's answers carry it (`GET`/`POST /api/oms/cart/:org_id`, the 409's
 * cart): to a people account without `prices` every amount is null, keys kept: list and net
 * prices, promotion (price and name), discount, ecotax and a quote's unit price
 * (docs/decisions/0131-no-amounts-in-the-cart-without-prices.md).
 */
export const cartLineAnswer = cartLine.extend({
  prd_price_selling: cents.nullable(),
  prc_price: cents.nullable(),
  prc_discount: cartLine.shape.prc_discount.nullable(),
  prd_ecotaxe: cents.nullable(),
  quote: z
    .object({ number: z.string().regex(/^DV-\d{4}-\d{6}$/), unit_price: cents.nullable(), valid_until: isoDate })
    .strict()
    .optional(),
});
export type CartLineAnswer = z.infer<typeof cartLineAnswer>;

export const cart = z
  .object({
    ref: z.string().max(60),
    ldd,
    saturday: z.boolean(),
    code: z.string().max(40),
    products: z.array(cartLine),
    comments: z.string().max(2000),
    notes: z.string().max(2000),
    partialDelivery: z.boolean(),
    dlv_address: address.nullable(),
    inv_address: address.nullable(),
  })
  .strict();
export type Cart = z.infer<typeof cart>;

/** A cart as its answers carry it: amounts null for a people account without `prices` (decision 0131). */
export const cartAnswer = cart.extend({
  ldd: ldd.extend({ price: cents.nullable() }),
  products: z.array(cartLineAnswer),
});
export type CartAnswer = z.infer<typeof cartAnswer>;

export const orderTotals = z.object({ ord_total_ht: cents, ord_total_ecotaxe: cents, ord_total_ttc: cents }).strict();
export type OrderTotals = z.infer<typeof orderTotals>;

export const category: z.ZodType<Category> = z.lazy(() =>
  z
    .object({
      obj_id: z.number().int().positive(),
      obj_slug: z.string(),
      obj_title: z.string(),
      obj_parent_id: z.number().int().positive().nullable(),
      obj_childs: z.array(category),
    })
    .strict(),
);
export interface Category {
  obj_id: number;
  obj_slug: string;
  obj_title: string;
  obj_parent_id: number | null;
  obj_childs: Category[];
}

export const stock = z
  .object({
    obj_id: z.number().int().positive(),
    sto_disp: z.number().int(),
    sto_refill_date: isoDate.nullable(),
    sto_refill_qte: z.number().int().nonnegative().nullable(),
  })
  .strict();
export type Stock = z.infer<typeof stock>;

export const shippingProduct = z
  .object({
    obj_id: z.number().int().positive(),
    obj_ref: z.string(),
    obj_title: z.string(),
    prd_price_selling: cents,
    prd_is_port: z.literal(true),
  })
  .strict();
export type ShippingProduct = z.infer<typeof shippingProduct>;
