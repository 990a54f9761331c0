import { z } from "zod";
import { address, authUser, cart, cartAnswer, cartLine, productProperties, shippingProduct, stock } from "./entities";
import { cents, grams, idParam, page, pageSize } from "./primitives";

/**
 * Requests and responses of the back-office contract (docs/specification.md §7 plus what the
 * catalogue needs). Every request schema is strict: an unknown field is refused.
 */

/** Every error answer of the back-office: a stable code and a French message. */
export const apiError = z
  .object({
    code: z.string(),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .strict();
export type ApiError = z.infer<typeof apiError>;

// ---- auth -------------------------------------------------------------------------------

export const loginRequest = z.object({ login: z.string().trim().min(1).max(120), password: z.string().min(1).max(200) }).strict();
export const sessionResponse = z.object({ token: z.string().min(32), user: authUser, master: authUser.nullable() }).strict();
export type SessionResponse = z.infer<typeof sessionResponse>;

export const logoutRequest = z.object({ usr_id: z.number().int().positive() }).strict();
export const loginAsRequest = z.object({ master_id: z.number().int().positive(), slave_id: z.number().int().positive() }).strict();
/**
 * `catalogue_revision` moves whenever products, brands or categories change (an ERP import…):
 * the portal keys its own copies of the category tree and the brands on it.
 */
export const meResponse = z.object({ user: authUser, master: authUser.nullable(), catalogue_revision: z.number().int().min(0) }).strict();
export type MeResponse = z.infer<typeof meResponse>;

/** A client organization a contributor may act for (the /clients picker). */
export const clientSummary = z
  .object({
    obj_id: z.number().int().positive(),
    obj_ref: z.string(),
    obj_name: z.string(),
    adr_zipcode: z.string(),
    adr_city: z.string(),
    adr_country: z.string(),
  })
  .strict();
export const clientListResponse = z.array(clientSummary);
/**
 * GET /api/auth/clients: q matches the name, the reference, the zip code or the city (accents
 * and case ignored). Control characters are refused: the database would fail on a NUL.
 */
export const clientListQuery = z
  .object({
    q: z
      .string()
      .trim()
      .max(100, "La recherche compte au plus 100 caractères.")
      .regex(/^\P{Cc}*$/u, "La recherche ne doit pas contenir de caractères de contrôle.")
      .optional(),
  })
  .strict();
export type ClientListQuery = z.infer<typeof clientListQuery>;
export type ClientSummary = z.infer<typeof clientSummary>;

// ---- oms --------------------------------------------------------------------------------

export const shippingProductsResponse = z.array(shippingProduct);

/** A cart with its amounts: the back-office's own view, and the answer to an account with `prices`. */
export const savedCart = z.object({ cart, version: z.number().int().nonnegative() }).strict();
export type SavedCart = z.infer<typeof savedCart>;
/**
 * What `GET`/`POST /api/oms/cart/:org_id` answer: `savedCart`, every amount null for a people
 * account without `prices` (docs/decisions/0131-no-amounts-in-the-cart-without-prices.md).
 */
export const savedCartAnswer = z.object({ cart: cartAnswer, version: z.number().int().nonnegative() }).strict();
export type SavedCartAnswer = z.infer<typeof savedCartAnswer>;

/**
 * A line as a save sends it: what the user chose (product, quantity, line id, certificates).
 * The rest of a cart line is the catalogue's and the back-office rebuilds it on every save, so
 * a client need not send it; one that does (the specification's client sends whole lines) is
 * accepted and the rest dropped unread: this one object is not strict, unlike every other
 * request schema (docs/decisions/0094-lean-cart-save.md). `prd_is_port` marks a shipping line
 * sent back by such a client: the back-office computes its own.
 */
export const cartLineToSave = z.object({
  obj_id: cartLine.shape.obj_id,
  obj_ref: cartLine.shape.obj_ref,
  qty: cartLine.shape.qty,
  line_id: cartLine.shape.line_id,
  certificates: cartLine.shape.certificates.optional(),
  prd_is_port: cartLine.shape.prd_is_port.optional(),
  obj_title: cartLine.shape.obj_title.optional(),
  obj_name: cartLine.shape.obj_name.optional(),
});
export type CartLineToSave = z.infer<typeof cartLineToSave>;
/** The cart as it was read (amounts null without `prices`: they are ignored), its lines lean. */
export const cartToSave = cartAnswer.extend({ products: z.array(cartLineToSave) });
export type CartToSave = z.infer<typeof cartToSave>;

/** Save: the version the change was made on. The back-office reprices every line itself. */
export const saveCartRequest = z.object({ version: z.number().int().nonnegative(), cart: cartToSave }).strict();
export const cartConflict = apiError.extend({ cart: cartAnswer, version: z.number().int().nonnegative() });

export const confirmQuery = z.object({ usr_id: idParam, usr_name: z.string().min(1).max(120) }).strict();
/**
 * The cart as read (the back-office reprices it) and the totals the user was shown, checked
 * against the back-office's own; null for a people account without `prices`, which was shown
 * none (decision 0131). `usr_id`/`usr_name` of the query are not the author: the token is.
 */
export const confirmRequest = z
  .object({
    cart: cartAnswer,
    version: z.number().int().nonnegative(),
    idempotency_key: z.string().min(8).max(100),
    ord_total_ht: cents.nullable(),
    ord_total_ecotaxe: cents.nullable(),
    ord_total_ttc: cents.nullable(),
  })
  .strict();

export const orderLine = z
  .object({
    obj_id: z.number().int().positive(),
    obj_ref: z.string(),
    obj_title: z.string(),
    qty: z.number().int().nonnegative(),
    prd_is_port: z.boolean(),
    // null for a people account without `prices` (docs/decisions/0107-no-amounts-without-prices.md).
    unit_price: cents.nullable(),
    prd_ecotaxe: cents.nullable(),
    line_total_ht: cents.nullable(),
    /** The quote whose price the line was ordered at (docs/quotes.md), or null. */
    quote_number: z.string().nullable().optional(),
    /** The organization's own code for the product when it was ordered (docs/part-numbers.md), or null. */
    customer_code: z.string().nullable().optional(),
  })
  .strict();
/** An order as stored; every amount null for a people account without `prices` (decision 0107). */
export const order = z
  .object({
    ord_id: z.number().int().positive(),
    ord_ref: z.string(),
    org_id: z.number().int().positive(),
    usr_id: z.number().int().positive(),
    usr_name: z.string(),
    created_at: z.string(),
    status: z.string(),
    cart_ref: z.string(),
    comments: z.string(),
    notes: z.string(),
    partialDelivery: z.boolean(),
    saturday: z.boolean(),
    ldd_active: z.boolean(),
    dlv_address: address.nullable(),
    inv_address: address.nullable(),
    lines: z.array(orderLine),
    ord_total_ht: cents.nullable(),
    ord_total_ecotaxe: cents.nullable(),
    ord_total_tva: cents.nullable(),
    ord_total_ttc: cents.nullable(),
    /** The quotes some of its lines were ordered from, sorted. */
    quote_numbers: z.array(z.string()).optional(),
    /** Who approved it, when it was placed by approving a request (docs/approvals.md). */
    approved_by_name: z.string().nullable().optional(),
  })
  .strict();
export type Order = z.infer<typeof order>;

export const freeShippingQuery = z.object({ usr_id: idParam }).strict();
export const freeShippingResponse = z.object({ eligible: z.boolean() }).strict();

// ---- pim --------------------------------------------------------------------------------

export const referenceListResponse = z.array(z.string());

export const brand = z
  .object({
    obj_id: z.number().int().positive(),
    obj_slug: z.string(),
    obj_title: z.string(),
    product_count: z.number().int().nonnegative(),
  })
  .strict();
export type Brand = z.infer<typeof brand>;
export const brandListResponse = z.array(brand);

/** Prices are null when the caller may not see them (people account without `prices`). */
export const productSummary = z
  .object({
    obj_id: z.number().int().positive(),
    obj_ref: z.string(),
    obj_title: z.string(),
    obj_name: z.string(),
    brand: z.object({ obj_id: z.number().int(), obj_slug: z.string(), obj_title: z.string() }).nullable(),
    image: z.string().nullable(),
    prd_is_port: z.boolean(),
    prd_discontinued: z.boolean(),
    prd_price_selling: cents.nullable(),
    prc_price: cents.nullable(),
    prc_promo_price: cents.nullable(),
    prc_promo_name: z.string().nullable(),
    prc_discount: z.number().min(0).max(100).nullable(),
    /** Null, as the prices, for an account without `prices`. */
    prd_ecotaxe: cents.nullable(),
    prd_weight_gross: grams,
    prd_weight_net: grams,
    obj_properties: productProperties,
  })
  .strict();
export type ProductSummary = z.infer<typeof productSummary>;

export const productDetail = productSummary
  .extend({
    description: z.string(),
    category_id: z.number().int().positive().nullable(),
    images: z.array(z.string()),
    documents: z.array(z.object({ title: z.string(), url: z.string() }).strict()),
    certificates_info: z.string().nullable(),
    /**
     * Only when a reference look-up found no product with that reference and found it by the
     * acting organization's own code instead (docs/part-numbers.md): that code, as stored.
     */
    found_by_code: z.string().optional(),
  })
  .strict();
export type ProductDetail = z.infer<typeof productDetail>;

/**
 * GET /api/pim/products/{ref or id}: digits alone are an id, unless `by=ref` says the path is
 * a reference (an ERP's references may be all digits: the quick order always says so).
 */
export const productDetailQuery = z
  .object({
    usr_id: idParam,
    by: z.enum(["ref"], "Le paramètre by n'accepte que « ref ».").optional(),
  })
  .strict();
export type ProductDetailQuery = z.infer<typeof productDetailQuery>;

export const productSort = z.enum(["relevance", "reference", "name", "price_asc", "price_desc"]);
export const productListQuery = z
  .object({
    usr_id: idParam,
    category: idParam.optional(),
    brand: idParam.optional(),
    /** Control characters are refused: the database would fail on a NUL (a 500 instead of a 400). */
    q: z
      .string()
      .trim()
      .max(200)
      .regex(/^\P{Cc}*$/u, "La recherche ne doit pas contenir de caractères de contrôle.")
      .optional(),
    in_stock: z.enum(["1"]).optional(),
    promo: z.enum(["1"]).optional(),
    sort: productSort.default("relevance"),
    page,
    per_page: pageSize(24),
    /** "1": the answer also says which of the page's products are the caller's favourites. */
    with_favorites: z.enum(["1"]).optional(),
    /** "1": the answer also carries the page's stock figures (as the wms batch answers them). */
    with_stock: z.enum(["1"]).optional(),
    /** "1": the answer also counts the list's brands, every filter applied but `brand` (the brand filter's choices). */
    with_brands: z.enum(["1"]).optional(),
  })
  .strict();
export type ProductListQuery = z.infer<typeof productListQuery>;
export const productListResponse = z
  .object({
    items: z.array(productSummary),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    per_page: z.number().int().positive(),
    /** With `with_favorites=1` only: the ids of `items` that the caller has as favourites. */
    favorite_ids: z.array(z.number().int().positive()).optional(),
    /** With `with_stock=1` only: the stock of `items` (unknown products left out, as /wms/stocks). */
    stocks: z.array(stock).optional(),
    /**
     * With `with_brands=1` only: the brands of the list filtered by everything but `brand`, each
     * with its number of products there, in French order; the chosen brand is kept (0) when none is left.
     */
    brands: z.array(brand).optional(),
    /**
     * Only when `q` is one of the acting organization's own codes (by key, docs/part-numbers.md)
     * and that code's product is on this page: its id and the code as stored. The portal opens
     * that product's page as it does for an exact reference.
     */
    found_by_code: z.object({ obj_id: z.number().int().positive(), code: z.string() }).strict().optional(),
  })
  .strict();

export const usrQuery = z.object({ usr_id: idParam }).strict();

// ---- wms --------------------------------------------------------------------------------

export const stockBatchQuery = z
  .object({
    ids: z
      .string()
      .regex(/^\d+(,\d+){0,99}$/)
      .transform((s) => s.split(",").map(Number)),
  })
  .strict();
export const stockBatchResponse = z.array(stock);

// ---- crm --------------------------------------------------------------------------------

/** GET /api/crm/addresses: the organization's saved addresses (the acting one only). */
export const addressListQuery = z.object({ org_id: idParam }).strict();
export const createAddressRequest = address.omit({ obj_id: true });
export const addressListResponse = z.array(address);
