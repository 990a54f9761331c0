import { z } from "zod";
import { cartToSave as cartToSaveSchema, type CartToSave } from "../contracts/api";
import type { Cart } from "../contracts/entities";
import { address, cart as cartSchema, certificate, productProperties } from "../contracts/entities";
import { cents, grams, isoDate } from "../contracts/primitives";
import { DEFAULT_LDD } from "./cart";
import { DomainError } from "./errors";
import { normalizeReference } from "./references";

/**
 * A cart set from outside (an older save, an import, another system) gets defaults for what is
 * missing, then must satisfy the strict cart schema. Unknown fields are dropped, not refused:
 * this is a repair path, unlike the contract's requests.
 */

const text = z
  .string()
  .nullish()
  .transform((value) => value ?? "");
const flag = z
  .boolean()
  .nullish()
  .transform((value) => value ?? false);
const amount = cents.nullish().transform((value) => value ?? 0);
const weight = grams.nullish().transform((value) => value ?? 0);

const lineInput = z.object({
  obj_id: z.number().int().positive(),
  obj_ref: z.string().transform(normalizeReference),
  obj_title: text,
  obj_name: text,
  qty: z
    .number()
    .int()
    .nonnegative()
    .nullish()
    .transform((value) => value ?? 1),
  line_id: z.string().trim().nullish(),
  prd_is_port: flag,
  prd_price_selling: amount,
  prc_price: amount,
  prc_promo_price: cents.nullish().transform((value) => value ?? null),
  prc_promo_name: z
    .string()
    .nullish()
    .transform((value) => value || null),
  prc_discount: z
    .number()
    .min(0)
    .max(100)
    .nullish()
    .transform((value) => value ?? 0),
  prd_ecotaxe: amount,
  prd_weight_gross: weight,
  prd_weight_net: weight,
  prd_sto_disp: z
    .number()
    .int()
    .nullish()
    .transform((value) => value ?? 0),
  prd_refill_date: isoDate.nullish().transform((value) => value ?? null),
  prd_refill_qte: z
    .number()
    .int()
    .nonnegative()
    .nullish()
    .transform((value) => value ?? null),
  certificates: z
    .array(certificate)
    .nullish()
    .transform((value) => value ?? []),
  obj_properties: productProperties.nullish().transform((value) => value ?? {}),
});

const cartInput = z.object({
  ref: text,
  ldd: z
    // A price is null in the cart an account without `prices` read (decision 0131): the default's stands.
    .object({ active: z.boolean().optional(), price: cents.nullish(), tva: z.number().optional() })
    .nullish()
    .transform((value) => ({
      active: value?.active ?? DEFAULT_LDD.active,
      price: value?.price ?? DEFAULT_LDD.price,
      tva: value?.tva ?? DEFAULT_LDD.tva,
    })),
  saturday: flag,
  code: text,
  products: z
    .array(lineInput)
    .nullish()
    .transform((value) => value ?? []),
  comments: text,
  notes: text,
  partialDelivery: flag,
  dlv_address: address.nullish().transform((value) => value ?? null),
  inv_address: address.nullish().transform((value) => value ?? null),
});

/** Missing or repeated line ids get a fresh, deterministic one: line-1, line-2… */
function uniqueLineIds(lineIds: readonly (string | null | undefined)[]): string[] {
  const taken = new Set<string>();
  let counter = 0;
  return lineIds.map((candidate) => {
    if (candidate && !taken.has(candidate)) {
      taken.add(candidate);
      return candidate;
    }
    let generated: string;
    do generated = `line-${++counter}`;
    while (taken.has(generated) || lineIds.includes(generated));
    taken.add(generated);
    return generated;
  });
}

function toDomainError(error: z.ZodError): DomainError {
  const issues = error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
  return new DomainError("invalid_cart", "Le panier reçu est invalide.", issues);
}

export function normalizeCart(input: unknown): Cart {
  const parsed = cartInput.safeParse(input);
  if (!parsed.success) throw toDomainError(parsed.error);
  const lineIds = uniqueLineIds(parsed.data.products.map((line) => line.line_id));
  const products = parsed.data.products.map((line, index) => ({ ...line, line_id: lineIds[index] }));
  const checked = cartSchema.safeParse({ ...parsed.data, products });
  if (!checked.success) throw toDomainError(checked.error);
  return checked.data;
}

/**
 * A cart that already satisfies the strict schema (a contract request, parsed at the boundary):
 * only repeated line ids are repaired, without parsing it again (a cart save of hundreds of
 * lines paid for two more schema passes in normalizeCart).
 */
export function withUniqueLineIds<C extends { products: readonly { line_id: string }[] }>(cart: C): C {
  const lineIds = uniqueLineIds(cart.products.map((line) => line.line_id));
  if (lineIds.every((lineId, index) => lineId === cart.products[index]?.line_id)) return cart;
  // The same cart with only some line ids changed: still a C.
  return { ...cart, products: cart.products.map((line, index) => ({ ...line, line_id: lineIds[index] ?? line.line_id })) } as C;
}

/**
 * A cart read back from storage: what this back-office saves is the lean form (leanCart: each
 * line's product, quantity, line id and certificates), one schema pass; a whole cart (an older
 * save) passes the same schema; anything else is repaired by normalizeCart, as before.
 */
export function readStoredCart(input: unknown): CartToSave {
  const stored = cartToSaveSchema.safeParse(input);
  return stored.success ? withUniqueLineIds(stored.data) : normalizeCart(input);
}

/**
 * What a save sends and what is stored: each product line's identity, quantity and
 * certificates, and the cart's own fields. Prices, stock, titles and the shipping lines are
 * the catalogue's: the back-office rebuilds them on every save and read, so they never cross
 * the wire or reach the database (a 100-line cart: ~8 KB instead of ~50 KB; decision 0094).
 */
export function leanCart(cart: Cart): CartToSave {
  const products = cart.products
    .filter((line) => !line.prd_is_port)
    .map(({ obj_id, obj_ref, qty, line_id, certificates }) => ({ obj_id, obj_ref, qty, line_id, certificates }));
  return { ...cart, products };
}
