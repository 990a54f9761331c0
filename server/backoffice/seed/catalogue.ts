import type { Kysely } from "kysely";
import type { Database, NewProduct } from "../db/schema";
import { BRAND_NAMES, CATALOGUE_TREE, isFeminineNoun, type CategoryNode, type LeafSpec } from "./catalogue-tree";
import { demoPicturesFor } from "./pictures";
import { addDays, chunks, slugify, type Prng } from "./prng";

/** Shipping products (the 14 PORT_* references of the shipping rules), prices in cents. */
export const SHIPPING_PRODUCTS: readonly (readonly [string, string, number])[] = [
  ["PORT_ANTENNE", "Frais de port antenne", 2500],
  ["PORT_BALISE", "Frais de port balise", 1200],
  ["PORT_DS_ANTENNE", "Livraison directe antenne", 4500],
  ["PORT_DS_AUTRE", "Livraison directe", 2500],
  ["PORT_DS_MOTEUR", "Livraison directe moteur", 9000],
  ["PORT_DS_MOTEUR_COR", "Livraison directe moteur Corse", 15000],
  ["PORT_EXT+1KG", "Frais de port colis de plus de 1 kg", 1800],
  ["PORT_EXT-1KG", "Frais de port colis de moins de 1 kg", 900],
  ["PORT_FRANCO", "Franco de port", 0],
  ["PORT_MOTEUR", "Frais de port moteur", 6000],
  ["PORT_MOTEUR_CORSE", "Frais de port moteur Corse", 11000],
  ["PORT_SAMEDI", "Supplément livraison le samedi", 3000],
  ["PORT_SUPP_ADR", "Supplément marchandises dangereuses (ADR)", 800],
  ["PORT_SUPP_CORSE", "Supplément Corse", 2000],
];

export interface SeededCatalogue {
  brandIds: number[];
  /** Ids of orderable products (not shipping, not discontinued), in creation order. */
  productIds: number[];
  mmsiProductIds: number[];
}

interface Leaf {
  categoryId: number;
  spec: LeafSpec;
  brandIds: number[];
}

async function insertCategories(db: Kysely<Database>, brandIds: number[]): Promise<Leaf[]> {
  const leaves: Leaf[] = [];
  const usedSlugs = new Set<string>();
  const visit = async (nodes: readonly CategoryNode[], parentId: number | null, parentSlug: string, level: number) => {
    for (const [position, category] of nodes.entries()) {
      let slug = slugify(category.title);
      if (usedSlugs.has(slug)) slug = `${parentSlug}-${slug}`;
      usedSlugs.add(slug);
      const { id } = await db
        .insertInto("categories")
        .values({ slug, title: category.title, parent_id: parentId, level, position })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (category.leaf) {
        const offset = leaves.length * 7;
        const brands = [0, 1, 2, 3].map((k) => brandIds[(offset + k * 5) % brandIds.length] ?? 1);
        leaves.push({ categoryId: id, spec: category.leaf, brandIds: brands });
      }
      if (category.children) await visit(category.children, id, slug, level + 1);
    }
  };
  await visit(CATALOGUE_TREE, null, "", 1);
  return leaves;
}

/** A product's description; its adjectives agree with the noun that heads its title. */
export function describeProduct(title: string, spec: LeafSpec, brand: string): string {
  const e = isFeminineNoun(spec.noun) ? "e" : "";
  const parts = [
    `${title} : conçu${e} par ${brand} pour un usage intensif en mer, résistant${e} aux UV et à la corrosion saline.`,
    "Fabrication soignée, pièces détachées disponibles, notice en français.",
    spec.mmsi ? "Produit à programmer avec le numéro MMSI du navire : certificat exigé à la commande." : "",
    spec.families?.includes("hazard") ? "Matière dangereuse : transport soumis à la réglementation ADR." : "",
  ];
  return parts.filter(Boolean).join(" ");
}

function toCents(rng: Prng, [min, max]: readonly [number, number]): number {
  return rng.int(min, max) * 100 + 90;
}

/**
 * Creates brands, the category tree, `productCount` products spread over the leaves, the
 * shipping products and stock. Refill dates are relative to `today` so they stay in the future.
 */
export async function seedCatalogue(db: Kysely<Database>, rng: Prng, productCount: number, today: string): Promise<SeededCatalogue> {
  const brandRows = await db
    .insertInto("brands")
    .values(BRAND_NAMES.map((title) => ({ title, slug: slugify(title) })))
    .returning(["id", "title"])
    .execute();
  const brandTitle = new Map(brandRows.map((row) => [row.id, row.title]));
  const leaves = await insertCategories(
    db,
    brandRows.map((row) => row.id),
  );
  const totalWeight = leaves.reduce((sum, leaf) => sum + (leaf.spec.weightInCatalogue ?? 1), 0);

  const products: NewProduct[] = [];
  const stockDraws: { sto_disp: number; refill_date: string | null; refill_qte: number | null }[] = [];
  for (const leaf of leaves) {
    const count = Math.max(1, Math.round((productCount * (leaf.spec.weightInCatalogue ?? 1)) / totalWeight));
    for (let i = 0; i < count; i += 1) {
      const brandId = rng.pick(leaf.brandIds);
      const brand = brandTitle.get(brandId) ?? "";
      const variant = leaf.spec.variants[i % leaf.spec.variants.length] ?? "";
      const model = `${brand.slice(0, 3).toUpperCase()}-${100 + ((i * 37) % 900)}`;
      const title = `${leaf.spec.noun} ${variant} ${brand}`;
      const gross = rng.int(leaf.spec.weight[0], leaf.spec.weight[1]);
      products.push({
        ref: `${leaf.spec.code}${String(i + 1).padStart(5, "0")}`,
        title,
        name: `${leaf.spec.noun} ${model}`,
        description: describeProduct(title, leaf.spec, brand),
        brand_id: brandId,
        category_id: leaf.categoryId,
        price_selling: toCents(rng, leaf.spec.price),
        ecotaxe: leaf.spec.ecotaxeCents ?? 0,
        weight_gross: gross,
        weight_net: Math.round(gross * 0.9),
        discontinued: rng.chance(0.02),
        is_mmsi: leaf.spec.mmsi ?? false,
        is_hazardous: leaf.spec.families?.includes("hazard") ?? false,
        is_motor: leaf.spec.families?.includes("motor") ?? false,
        is_antenna: leaf.spec.families?.includes("antenna") ?? false,
        is_tag: leaf.spec.families?.includes("tag") ?? false,
        images: JSON.stringify(demoPicturesFor(leaf.spec.code)),
        properties: JSON.stringify({ Garantie: rng.chance(0.3) ? "3 ans" : "2 ans", Variante: variant, Modèle: model }),
        certificates_info: leaf.spec.mmsi
          ? "Un certificat MMSI (numéro à 9 chiffres et fichier) est exigé pour chaque unité commandée."
          : null,
      });
      const outOfStock = rng.chance(0.15);
      const refill = outOfStock && rng.chance(0.8);
      stockDraws.push({
        sto_disp: outOfStock ? 0 : rng.int(1, 250),
        refill_date: refill ? addDays(today, rng.int(3, 45)) : null,
        refill_qte: refill ? rng.int(5, 120) : null,
      });
    }
  }

  const inserted: { id: number; discontinued: boolean; is_mmsi: boolean }[] = [];
  for (const batch of chunks(products, 1000)) {
    inserted.push(...(await db.insertInto("products").values(batch).returning(["id", "discontinued", "is_mmsi"]).execute()));
  }
  const stocks = inserted.flatMap((row, index) => {
    const draw = stockDraws[index];
    return draw ? [{ product_id: row.id, ...draw }] : [];
  });
  for (const batch of chunks(stocks, 2000)) {
    await db.insertInto("stocks").values(batch).execute();
  }
  await db
    .insertInto("products")
    .values(SHIPPING_PRODUCTS.map(([ref, title, price]) => ({ ref, title, name: title, price_selling: price, is_port: true })))
    .execute();

  const orderable = inserted.filter((row) => !row.discontinued);
  return {
    brandIds: brandRows.map((row) => row.id),
    productIds: orderable.map((row) => row.id),
    mmsiProductIds: orderable.filter((row) => row.is_mmsi).map((row) => row.id),
  };
}
