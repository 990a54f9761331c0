import { sql, type Kysely } from "kysely";
import type { CartToSave, CartLineToSave } from "@shared/contracts/api";
import type { Cart, CartLine, Certificate, ShippingProduct } from "@shared/contracts/entities";
import {
  DEFAULT_LDD,
  MAX_LINE_QTY,
  normalizeReference,
  withShipping,
  type AccountContext,
  type ProductFamilies,
} from "@shared/domain/index";
import type { Database } from "../db/schema";
import { ApiFailure } from "../http/errors";
import { pricedProducts } from "../pim/pricing";
import { productProperties, type PricedProductRow } from "../pim/product-view";
import { loadShippingProducts } from "./account";
import { ownCertificates, withOwnAddresses } from "./cart-references";
import { takeQuoteLocks, withQuoteLocks } from "./quote-locks";

export interface RepriceContext {
  orgId: number;
  account: AccountContext;
  /** YYYY-MM-DD in Europe/Paris: promotions and the Saturday rule. */
  today: string;
  freeShippingEligible: boolean;
  /**
   * The shipping products, when the caller has them (cached, read BEFORE its transaction: on
   * PGlite a read outside the transaction would wait for it forever); else they are read here.
   */
  shippingProducts?: ShippingProduct[];
  /**
   * Where product lines get their catalogue data, prices and stock: by default one SQL query
   * (the confirmation, inside its transaction); a cart save passes the in-memory catalogue
   * (read-model-rows.ts), read before its single write.
   */
  catalogueRows?: (ids: number[]) => Promise<CatalogueRow[]>;
}

async function loadCatalogueRows(db: Kysely<Database>, orgId: number, today: string, ids: number[]): Promise<CatalogueRow[]> {
  if (ids.length === 0) return [];
  return pricedProducts(db, orgId, today)
    .leftJoin("stocks as s", "s.product_id", "p.id")
    .select([
      "p.id",
      "p.ref",
      "p.title",
      "p.name",
      "p.price_selling",
      "p.ecotaxe",
      "p.weight_gross",
      "p.weight_net",
      "p.is_port",
      "p.is_mmsi",
      "p.is_hazardous",
      "p.is_motor",
      "p.is_antenna",
      "p.is_tag",
      "p.properties",
      "s.sto_disp",
      "s.refill_date",
      "s.refill_qte",
      "p.discontinued",
      sql<string | null>`p.images->>0`.as("image"),
    ])
    .where("p.id", "in", ids)
    .where("p.discontinued", "=", false)
    .execute();
}

/** What repricing needs of one product for the organization: the query's row, or the read model's. */
export interface CatalogueRow extends Pick<
  PricedProductRow,
  | "id"
  | "ref"
  | "title"
  | "name"
  | "price_selling"
  | "prc_price"
  | "prc_discount"
  | "prc_promo_price"
  | "prc_promo_name"
  | "ecotaxe"
  | "weight_gross"
  | "weight_net"
  | "is_port"
  | "is_mmsi"
  | "is_hazardous"
  | "properties"
> {
  is_motor: boolean;
  is_antenna: boolean;
  is_tag: boolean;
  /** The product's first picture. */
  image: string | null;
  /** Only a stored cart's rebuild reads discontinued products (cart-rebuild.ts); a save refuses them. */
  discontinued: boolean;
  sto_disp: number | null;
  refill_date: string | null;
  refill_qte: number | null;
}

/** The line rebuilt from what the user chose (product, quantity, line id, certificates) and the catalogue. */
export function repricedLine(line: CartLineToSave, row: CatalogueRow, certificates: Certificate[]): CartLine {
  return {
    obj_id: row.id,
    obj_ref: row.ref,
    obj_title: row.title,
    obj_name: row.name,
    qty: line.qty,
    line_id: line.line_id,
    prd_is_port: false,
    prd_price_selling: row.price_selling,
    prc_price: row.prc_price,
    prc_promo_price: row.prc_promo_price,
    prc_promo_name: row.prc_promo_name,
    prc_discount: row.prc_discount,
    prd_ecotaxe: row.ecotaxe,
    prd_weight_gross: row.weight_gross,
    prd_weight_net: row.weight_net,
    prd_sto_disp: row.sto_disp ?? 0,
    prd_refill_date: row.refill_date,
    prd_refill_qte: row.refill_qte,
    certificates,
    obj_properties: productProperties(row),
    image: row.image,
    // Said only when true: the usual line stays as the specification describes it.
    ...(row.discontinued ? { prd_discontinued: true } : {}),
  };
}

function familiesOf(rows: readonly CatalogueRow[]): ProductFamilies {
  const refsWhere = (test: (row: CatalogueRow) => boolean) => new Set(rows.filter(test).map((row) => row.ref));
  return {
    motors: refsWhere((row) => row.is_motor),
    antennas: refsWhere((row) => row.is_antenna),
    tags: refsWhere((row) => row.is_tag),
    hazards: refsWhere((row) => row.is_hazardous),
  };
}

/**
 * One line per product (spec: adding a reference already in the cart increases its quantity),
 * shipping lines aside: a save with two lines of one product is refused (422 duplicate_line)
 * rather than merged, since which line's quantity and certificates the caller meant is not
 * ours to guess. Pure: the save calls it before it reads or writes anything.
 */
export function assertOneLinePerProduct(lines: readonly CartLineToSave[]): void {
  const first = new Map<number, CartLineToSave>();
  const repeated: CartLineToSave[] = [];
  for (const line of lines) {
    if (line.prd_is_port) continue;
    if (first.has(line.obj_id)) repeated.push(line);
    else first.set(line.obj_id, line);
  }
  if (repeated.length === 0) return;
  const refOf = (line: CartLineToSave) => normalizeReference(first.get(line.obj_id)?.obj_ref ?? line.obj_ref);
  const refs = [...new Set(repeated.map(refOf))];
  const message =
    refs.length === 1
      ? `La référence ${refs[0]} figure sur plusieurs lignes du panier : gardez-en une seule, avec la quantité totale.`
      : `Les références ${refs.join(", ")} figurent chacune sur plusieurs lignes du panier : gardez-en une seule par référence, avec la quantité totale.`;
  throw new ApiFailure(422, "duplicate_line", message, {
    issues: repeated.map((line) => ({
      path: `cart.products.${line.line_id}`,
      message: `Référence déjà présente sur une autre ligne : ${refOf(line)}.`,
    })),
  });
}

/**
 * Never trusts what the caller sent about a product: every product line is rebuilt from the
 * catalogue for this organization (prices, promotion, ecotax, weights, stock, flags), the
 * direct-delivery fee is the distributor's, a line accepted from a quote gets its locked price
 * (quote-locks.ts), then the shipping lines are recomputed. Unknown or
 * discontinued products are refused (422), and so are certificates and saved addresses that
 * are not this organization's (cart-references.ts).
 * `db` must be the transaction's handle when called inside one.
 */
export async function repriceCart(db: Kysely<Database>, cart: CartToSave, ctx: RepriceContext): Promise<Cart> {
  const productLines = cart.products.filter((line) => !line.prd_is_port);
  const oversized = productLines.filter((line) => line.qty > MAX_LINE_QTY);
  if (oversized.length > 0) {
    const refs = oversized.map((line) => line.obj_ref).join(", ");
    throw new ApiFailure(400, "quantity_too_large", `La quantité d'une ligne ne peut pas dépasser ${MAX_LINE_QTY} : ${refs}.`, {
      issues: oversized.map((line) => ({ path: `cart.products.${line.line_id}.qty`, message: `Au plus ${MAX_LINE_QTY}` })),
    });
  }
  const ids = [...new Set(productLines.map((line) => line.obj_id))];
  const rows = ids.length === 0 ? [] : await (ctx.catalogueRows ?? ((wanted) => loadCatalogueRows(db, ctx.orgId, ctx.today, wanted)))(ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const unknown = productLines.filter((line) => byId.get(line.obj_id)?.is_port !== false);
  if (unknown.length > 0) {
    const refs = unknown.map((line) => line.obj_ref).join(", ");
    throw new ApiFailure(422, "unknown_product", `Produit inconnu, arrêté ou réservé aux frais de port : ${refs}.`, {
      issues: unknown.map((line) => ({ path: `cart.products.${line.line_id}`, message: `Produit inconnu : ${line.obj_ref}` })),
    });
  }
  const certificates = await ownCertificates(db, ctx.orgId, productLines);
  const repriced = productLines.map((line, index) => repricedLine(line, byId.get(line.obj_id) as CatalogueRow, certificates[index] ?? []));
  // The quoted prices of accepted quote lines come from the back-office's locks, never from the cart sent.
  const products = withQuoteLocks(repriced, await takeQuoteLocks(db, ctx.orgId, ctx.today, ids));
  const addresses = await withOwnAddresses(db, ctx.orgId, cart);
  const shippingProducts = ctx.shippingProducts ?? (await loadShippingProducts(db));
  return withCatalogueShipping({ ...cart, ...addresses }, products, rows, { ...ctx, shippingProducts });
}

/** What the shipping rules need besides the cart and the catalogue rows. */
export interface ShippingInputs {
  account: AccountContext;
  today: string;
  freeShippingEligible: boolean;
  shippingProducts: ShippingProduct[];
}

/**
 * The cart with its rebuilt product lines, the distributor's direct-delivery fee (the caller
 * chooses whether it wants direct delivery, never what it costs) and the shipping lines
 * recomputed: the last step of a save (repriceCart) and of a read (cart-rebuild.ts).
 */
export function withCatalogueShipping(cart: CartToSave, products: CartLine[], rows: readonly CatalogueRow[], inputs: ShippingInputs): Cart {
  return withShipping(
    { ...cart, products, ldd: { ...DEFAULT_LDD, active: cart.ldd.active } },
    {
      account: inputs.account,
      today: inputs.today,
      freeShippingEligible: inputs.freeShippingEligible,
      shippingProducts: inputs.shippingProducts,
      families: familiesOf(rows),
    },
  );
}
