import { z } from "zod";
import { cents, idParam, isoDate, page, pageOf, searchText } from "./primitives";

/**
 * The organization's price list (docs/price-list.md): for every product of the catalogue, its
 * list price, the organization's discount, its net price, the promotion that applies with its
 * dates, and the ecotax. Read with a user's token that has the `prices` flag:
 * GET /api/pim/price-list. The exports page through it with large pages (`size` up to
 * PRICE_LIST_EXPORT_PAGE), so that the portal streams 50,000 rows with flat memory.
 */

/** The largest page: what one export round trip carries. */
export const PRICE_LIST_EXPORT_PAGE = 1000;

export const priceListQuery = z
  .object({
    org_id: idParam,
    /** A reference's beginning, or words of the title (accents and case ignored). */
    q: searchText(100),
    /** A brand's obj_id. */
    brand: idParam.optional(),
    /** A category's obj_id: its products and those of its sub-categories. */
    category: idParam.optional(),
    page,
    size: z.coerce
      .number()
      .int()
      .min(1, "Au moins une ligne par page.")
      .max(PRICE_LIST_EXPORT_PAGE, `Au plus ${PRICE_LIST_EXPORT_PAGE} lignes par page.`)
      .default(50),
  })
  .strict();
export type PriceListQuery = z.infer<typeof priceListQuery>;

export const priceListRow = z
  .object({
    obj_id: z.number().int().positive(),
    obj_ref: z.string(),
    title: z.string(),
    brand: z.string().nullable(),
    category: z.string().nullable(),
    /** The distributor's list price, before tax, per unit. */
    list_price: cents,
    /** The organization's discount in percent (0 when none). */
    discount_pct: z.number().min(0).max(100),
    /** What the organization pays per unit before promotion, before tax. */
    net_price: cents,
    /** The promotion in force or to come for the organization (the lowest), with its dates. */
    promotion: z.object({ name: z.string(), price: cents, starts_on: isoDate, ends_on: isoDate }).strict().nullable(),
    /** Ecotax per unit, before tax (on top of the price). */
    ecotax: cents,
  })
  .strict();
export type PriceListRow = z.infer<typeof priceListRow>;

export const priceListResponse = pageOf(priceListRow)
  .extend({
    /** The date the prices are those of (France). */
    priced_on: isoDate,
  })
  .strict();
export type PriceListResponse = z.infer<typeof priceListResponse>;
