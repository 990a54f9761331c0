import { describe, expect, it } from "vitest";
import type { ProductListQuery } from "@shared/contracts/api";
import { NO_CONDITIONS, type PriceConditions } from "@shared/domain/customer-price";
import { listFromIndex, type Pricing } from "../../../server/backoffice/pim/read-model/listing";
import type { OrgPricing, Promotion } from "../../../server/backoffice/pim/read-model/org-pricing";
import { ProductIndex, type IndexedProduct } from "../../../server/backoffice/pim/read-model/product-index";

const TODAY = "2026-03-10";
const BRAND = 7;

function product(id: number, priceSelling: number): IndexedProduct {
  return {
    id,
    ref: `REF${id}`,
    ref_norm: `REF${id}`,
    title: `Produit ${id}`,
    name: `Produit ${id}`,
    brand_id: BRAND,
    brand_slug: "marque",
    brand_title: "Marque",
    images: [],
    is_port: false,
    discontinued: false,
    price_selling: priceSelling,
    ecotaxe: 0,
    weight_gross: 0,
    weight_net: 0,
    is_mmsi: false,
    is_hazardous: false,
    is_motor: false,
    is_antenna: false,
    is_tag: false,
    properties: {},
    description: "",
    category_id: 1,
    documents: [],
    certificates_info: null,
    ref_rank: id,
    title_rank: id,
  };
}

function promotion(id: number, promoPrice: number): Promotion {
  return { id, promo_price: promoPrice, name: "Promo", starts_on: "2026-03-01", ends_on: "2026-03-31" };
}

const QUERY: ProductListQuery = { usr_id: 1, promo: "1", sort: "reference", page: 1, per_page: 24 };

async function promotedIds(org: OrgPricing, everyone: Map<number, Promotion[]>): Promise<number[]> {
  const index = new ProductIndex([product(1, 10000), product(2, 10000), product(3, 10000), product(4, 10000)]);
  const pricing: Pricing = { org, everyone, today: TODAY };
  const { rows } = await listFromIndex({ index }, QUERY, pricing, true);
  return rows.map((row) => row.id);
}

describe("the read model's promotion filter", () => {
  const everyone = new Map([
    [1, [promotion(1, 8000)]],
    [2, [promotion(2, 8000)]],
    [3, [promotion(3, 8000)]],
  ]);
  const none: OrgPricing = { own: NO_CONDITIONS, group: null, promotions: new Map() };
  const netPrices = (entries: [number, number][]): PriceConditions => ({
    products: new Map(entries.map(([id, price]) => [id, [{ price, discount: null, starts_on: null, ends_on: null }]])),
    brands: new Map(),
  });
  const brandDiscount = (discount: number): PriceConditions => ({
    products: new Map(),
    brands: new Map([[BRAND, [{ price: null, discount, starts_on: null, ends_on: null }]]]),
  });

  it("keeps the products whose running promotion is below the organization's price", async () => {
    expect(await promotedIds(none, everyone)).toEqual([1, 2, 3]);
  });

  it("leaves out a promotion that the organization's specific price beats or equals", async () => {
    const org: OrgPricing = {
      ...none,
      own: netPrices([
        [1, 7000],
        [2, 8000],
      ]),
    };
    expect(await promotedIds(org, everyone)).toEqual([3]);
  });

  it("leaves out a promotion that the organization's brand discount beats", async () => {
    // 25 % off 100.00 € is 75.00 €, below the 80.00 € promotion.
    const org: OrgPricing = { ...none, own: brandDiscount(25) };
    expect(await promotedIds(org, everyone)).toEqual([]);
    // 15 % off is 85.00 €: the promotion applies again.
    expect(await promotedIds({ ...none, own: brandDiscount(15) }, everyone)).toEqual([1, 2, 3]);
  });

  it("leaves out a promotion that the price group's discount beats, unless the organization's own price is above it", async () => {
    const grouped: OrgPricing = { ...none, group: brandDiscount(25) };
    expect(await promotedIds(grouped, everyone)).toEqual([]);
    // The organization's own net price of product 2 comes before its group's discount.
    expect(await promotedIds({ ...grouped, own: netPrices([[2, 9000]]) }, everyone)).toEqual([2]);
  });

  it("keeps the organization's own promotion when it is the one below its price", async () => {
    const org: OrgPricing = { ...none, own: netPrices([[1, 7000]]), promotions: new Map([[1, [promotion(9, 6500)]]]) };
    expect(await promotedIds(org, everyone)).toEqual([1, 2, 3]);
  });
});
