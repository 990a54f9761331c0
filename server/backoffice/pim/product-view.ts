import type { ProductDetail, ProductSummary } from "@shared/contracts/api";
import type { ProductPropertyValue } from "../db/schema";

/** The columns a priced product row carries (see catalogue.ts selectSummary). */
export interface PricedProductRow {
  id: number;
  ref: string;
  title: string;
  name: string;
  brand_id: number | null;
  brand_slug: string | null;
  brand_title: string | null;
  images: string[];
  is_port: boolean;
  discontinued: boolean;
  price_selling: number;
  prc_price: number;
  prc_discount: number;
  prc_promo_price: number | null;
  prc_promo_name: string | null;
  ecotaxe: number;
  weight_gross: number;
  weight_net: number;
  is_mmsi: boolean;
  is_hazardous: boolean;
  properties: Record<string, ProductPropertyValue>;
}

export interface ProductDetailRow extends PricedProductRow {
  description: string;
  category_id: number | null;
  documents: { title: string; url: string }[];
  certificates_info: string | null;
}

type PropertiesSource = Pick<PricedProductRow, "properties" | "is_mmsi" | "is_hazardous">;
type ContractProperties = PropertiesSource["properties"] & { "Produit MMSI": boolean; hazardous: boolean };

/**
 * Built once per properties object: the in-memory catalogue hands the same one for a product
 * until it is rebuilt, and a cart save of hundreds of lines spent a twentieth of its time
 * copying them. Frozen, since every line of that product shares it.
 */
const builtProperties = new WeakMap<object, ContractProperties>();

/** Product properties as the contract shows them: the stored ones plus the two flags. */
export function productProperties(row: PropertiesSource): ContractProperties {
  const built = builtProperties.get(row.properties);
  if (built && built["Produit MMSI"] === row.is_mmsi && built.hazardous === row.is_hazardous) return built;
  const fresh = Object.freeze({ ...row.properties, "Produit MMSI": row.is_mmsi, hazardous: row.is_hazardous });
  builtProperties.set(row.properties, fresh);
  return fresh;
}

/** `showPrices` is false for a people account without the `prices` flag: prices become null. */
export function toProductSummary(row: PricedProductRow, showPrices: boolean): ProductSummary {
  return {
    obj_id: row.id,
    obj_ref: row.ref,
    obj_title: row.title,
    obj_name: row.name,
    brand:
      row.brand_id !== null && row.brand_slug !== null && row.brand_title !== null
        ? { obj_id: row.brand_id, obj_slug: row.brand_slug, obj_title: row.brand_title }
        : null,
    image: row.images[0] ?? null,
    prd_is_port: row.is_port,
    prd_discontinued: row.discontinued,
    prd_price_selling: showPrices ? row.price_selling : null,
    prc_price: showPrices ? row.prc_price : null,
    prc_promo_price: showPrices ? row.prc_promo_price : null,
    prc_promo_name: showPrices ? row.prc_promo_name : null,
    prc_discount: showPrices ? row.prc_discount : null,
    // An amount too: hidden with the prices (decisions 0107, 0131; the access matrix found it).
    prd_ecotaxe: showPrices ? row.ecotaxe : null,
    prd_weight_gross: row.weight_gross,
    prd_weight_net: row.weight_net,
    obj_properties: productProperties(row),
  };
}

export function toProductDetail(row: ProductDetailRow, showPrices: boolean): ProductDetail {
  return {
    ...toProductSummary(row, showPrices),
    description: row.description,
    category_id: row.category_id,
    images: row.images,
    documents: row.documents,
    certificates_info: row.certificates_info,
  };
}
