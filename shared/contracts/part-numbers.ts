import { z } from "zod";
import { pageOf, searchText } from "./primitives";
import { lineRefusal } from "./order-lists";

/**
 * The customer's own part numbers (issue 38, docs/part-numbers.md): per organization, a code of
 * its own for any product, unique within the organization (compared without case, spaces or
 * dashes, as references are). Typing it in the quick order, the search box or a list's file
 * finds the product; the cart, the checkout, the order page, the order's CSV and the
 * confirmation e-mail show it beside the reference (an order line keeps the code it was
 * ordered under). Reading needs a session of the organization; changing needs `cart`.
 *
 * GET    /api/part-numbers/:orgId?q=&page=            the organization's codes
 * GET    /api/part-numbers/:orgId/lookup?product_ids=1,2  the codes of some products (the cart's lines)
 * PUT    /api/part-numbers/:orgId/:productId  {code}  sets a product's code (replaces its previous one)
 * DELETE /api/part-numbers/:orgId/:productId
 * POST   /api/part-numbers/:orgId/import              a two-column file read by the portal (own code, reference)
 * PUT    /api/erp/part-numbers/:customerRef           the distributor's systems set the codes (service token)
 */

export const MAX_PART_NUMBERS_IMPORT = 2000;

export const ownCode = z
  .string()
  .trim()
  .min(1, "Indiquez votre code.")
  .max(40, "Votre code compte au plus 40 caractères.")
  .regex(/^[\p{L}\p{N} ._\-/+#]+$/u, "Votre code ne peut contenir que des lettres, des chiffres, des espaces et . _ - / + #.");

export const partNumber = z
  .object({
    product_id: z.number().int().positive(),
    ref: z.string(),
    title: z.string(),
    code: z.string(),
  })
  .strict();
export type PartNumber = z.infer<typeof partNumber>;

export const partNumberListQuery = z.object({ q: searchText(60), page: z.coerce.number().int().min(1).max(10000).default(1) }).strict();
export type PartNumberListQuery = z.infer<typeof partNumberListQuery>;
export const partNumberListResponse = pageOf(partNumber);
export type PartNumberListResponse = z.infer<typeof partNumberListResponse>;

export const partNumberLookupQuery = z
  .object({
    product_ids: z
      .string()
      .max(4000)
      .transform((raw, ctx) => {
        const ids = raw
          .split(",")
          .filter((part) => part !== "")
          .map(Number);
        if (ids.some((id) => !Number.isInteger(id) || id <= 0) || ids.length > 500) {
          ctx.addIssue({ code: "custom", message: "Liste de produits invalide." });
          return z.NEVER;
        }
        return ids;
      }),
  })
  .strict();
/** Product id (as a string key) → own code, for the products that have one. */
export const partNumberLookupResponse = z.object({ codes: z.record(z.string(), z.string()) }).strict();
export type PartNumberLookupResponse = z.infer<typeof partNumberLookupResponse>;

export const setPartNumberRequest = z.object({ code: ownCode }).strict();

export const importPartNumbersRequest = z
  .object({
    entries: z
      .array(z.object({ line: z.number().int().positive(), code: z.string().max(200), ref: z.string().max(200) }).strict())
      .min(1, "Le fichier ne contient aucune ligne.")
      .max(MAX_PART_NUMBERS_IMPORT, `Au plus ${MAX_PART_NUMBERS_IMPORT} codes par fichier.`),
  })
  .strict();
export type ImportPartNumbersRequest = z.infer<typeof importPartNumbersRequest>;

export const importPartNumbersResponse = z.object({ saved: z.number().int().nonnegative(), refused: z.array(lineRefusal) }).strict();
export type ImportPartNumbersResponse = z.infer<typeof importPartNumbersResponse>;

/** PUT /api/erp/part-numbers/:customerRef: the whole set of the customer's codes, by reference (the ERP's own view). */
export const erpPartNumbersRequest = z
  .object({
    codes: z.array(z.object({ ref: z.string().trim().min(1).max(60), code: ownCode }).strict()).max(20000),
    /** true: codes not in the list are removed; false: they stay. */
    replace: z.boolean().default(false),
  })
  .strict();
export type ErpPartNumbersRequest = z.infer<typeof erpPartNumbersRequest>;
export const erpPartNumbersResponse = importPartNumbersResponse.extend({ removed: z.number().int().nonnegative() }).strict();
