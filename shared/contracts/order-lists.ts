import { z } from "zod";
import { cents, isoDateTime, note } from "./primitives";

/**
 * Named order lists of an organization (issue 38, docs/order-lists.md): as many as it wants,
 * private to their author or shared with the organization; each line a product, a quantity and
 * a note. Reading and changing them needs the `cart` right. A private list is seen and changed
 * by its author only; a shared one is seen by everyone of the organization with `cart` and
 * changed by its author and the organization's administrators. Another organization's list, or
 * a private list of someone else, is a 404.
 *
 * GET    /api/order-lists/:orgId                    the lists the caller sees
 * POST   /api/order-lists/:orgId                    a new list, with its first lines (from the cart, an order, a product)
 * GET    /api/order-lists/:orgId/:id                one list with its lines at today's prices and stock
 * PATCH  /api/order-lists/:orgId/:id                rename, share or unshare
 * DELETE /api/order-lists/:orgId/:id
 * PUT    /api/order-lists/:orgId/:id/lines          replaces the lines (the list's own page saves them all)
 * POST   /api/order-lists/:orgId/:id/lines          adds lines (merged by product: quantities add up)
 * POST   /api/order-lists/:orgId/:id/import         adds the lines of a file the portal read (references or own codes)
 */

export const MAX_ORDER_LISTS = 200;
export const MAX_LIST_LINES = 500;
export const MAX_LIST_QTY = 9999;

export const listName = z
  .string()
  .trim()
  .min(1, "Donnez un nom à la liste.")
  .max(80, "Le nom compte au plus 80 caractères.")
  .regex(/^\P{Cc}*$/u, "Le nom ne doit pas contenir de caractères de contrôle.");

export const listQty = z
  .number()
  .int("La quantité doit être un nombre entier.")
  .min(1, "La quantité doit être d'au moins 1.")
  .max(MAX_LIST_QTY, `La quantité est d'au plus ${MAX_LIST_QTY}.`);

export const lineNote = note(0, 200);

export const listLineInput = z.object({ product_id: z.number().int().positive(), qty: listQty, note: lineNote.default("") }).strict();
export type ListLineInput = z.infer<typeof listLineInput>;

export const orderListSummary = z
  .object({
    id: z.number().int().positive(),
    name: z.string(),
    shared: z.boolean(),
    owner_id: z.number().int().positive(),
    owner_name: z.string(),
    lines_count: z.number().int().nonnegative(),
    created_at: isoDateTime,
    updated_at: isoDateTime,
    /** The caller may rename, share, change its lines or delete it (its author, or an administrator for a shared list). */
    can_edit: z.boolean(),
    /** Schedules (docs/replenishment.md) that order from this list. */
    schedules_count: z.number().int().nonnegative(),
  })
  .strict();
export type OrderListSummary = z.infer<typeof orderListSummary>;

export const orderListsResponse = z.object({ items: z.array(orderListSummary) }).strict();
export type OrderListsResponse = z.infer<typeof orderListsResponse>;

/** One line as the list's page shows it: the product today, for this organization. */
export const orderListLine = z
  .object({
    product_id: z.number().int().positive(),
    ref: z.string(),
    title: z.string(),
    /** The organization's own code for the product (docs/part-numbers.md), or null. */
    own_code: z.string().nullable(),
    qty: z.number().int().positive(),
    note: z.string(),
    /** Net unit price HT today; null without the `prices` right. */
    unit_price: cents.nullable(),
    stock: z.number().int(),
    discontinued: z.boolean(),
    /** Programmed MMSI equipment: a certificate is asked once in the cart. */
    needs_certificate: z.boolean(),
    image: z.string().nullable(),
  })
  .strict();
export type OrderListLine = z.infer<typeof orderListLine>;

export const orderListDetail = orderListSummary.extend({ lines: z.array(orderListLine) }).strict();
export type OrderListDetail = z.infer<typeof orderListDetail>;

export const createOrderListRequest = z
  .object({
    name: listName,
    shared: z.boolean().default(false),
    lines: z.array(listLineInput).max(MAX_LIST_LINES, `Une liste compte au plus ${MAX_LIST_LINES} lignes.`).default([]),
  })
  .strict();
export type CreateOrderListRequest = z.infer<typeof createOrderListRequest>;

export const updateOrderListRequest = z
  .object({ name: listName.optional(), shared: z.boolean().optional() })
  .strict()
  .refine((body) => body.name !== undefined || body.shared !== undefined, "Rien à modifier.");
export type UpdateOrderListRequest = z.infer<typeof updateOrderListRequest>;

export const replaceListLinesRequest = z
  .object({ lines: z.array(listLineInput).max(MAX_LIST_LINES, `Une liste compte au plus ${MAX_LIST_LINES} lignes.`) })
  .strict();
export type ReplaceListLinesRequest = z.infer<typeof replaceListLinesRequest>;

export const addListLinesRequest = replaceListLinesRequest;
export type AddListLinesRequest = ReplaceListLinesRequest;

/**
 * A file's lines as the portal read them with the quick order's reader: `ref` is a reference or
 * the organization's own code, `line` the file's line number (for the French errors).
 */
export const importListLinesRequest = z
  .object({
    entries: z
      .array(
        z
          .object({
            line: z.number().int().positive(),
            ref: z.string().trim().min(1).max(60),
            qty: listQty,
            note: lineNote.default(""),
          })
          .strict(),
      )
      .min(1, "Le fichier ne contient aucune ligne.")
      .max(MAX_LIST_LINES, `Une liste compte au plus ${MAX_LIST_LINES} lignes.`),
  })
  .strict();
export type ImportListLinesRequest = z.infer<typeof importListLinesRequest>;

/** A line of a file that was not added, with its reason in French. */
export const lineRefusal = z.object({ line: z.number().int().positive(), input: z.string(), message: z.string() }).strict();
export type LineRefusal = z.infer<typeof lineRefusal>;

export const importListLinesResponse = z
  .object({ list: orderListDetail, added: z.number().int().nonnegative(), refused: z.array(lineRefusal) })
  .strict();
export type ImportListLinesResponse = z.infer<typeof importListLinesResponse>;
