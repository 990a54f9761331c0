import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { FeedRecord } from "../reader/table";
import { slices } from "./chunks";
import { PRODUCT_COLUMNS } from "./product-columns";
import { planProducts, type ProductLine, type ProductUpdate, type ProductValues } from "./product-plan";
import type { ShippingFamily } from "./product-values";
import { text, type Feed } from "./plan";

/**
 * The `products` feed: upserted by the reference as the database normalises it (ref_norm,
 * unique since migration 0023), the brand and the category named by their ERP references.
 * The stored products are read once; the writes go a thousand rows a statement. The search
 * document follows by its trigger (migration 0018), the in-memory catalogue by the revision
 * counter the same statements bump (migration 0006, decision 0083).
 */
export const productsFeed: Feed = {
  columns: PRODUCT_COLUMNS,
  async plan(trx, records, context) {
    const [stored, brands, categories] = await Promise.all([
      trx
        .selectFrom("products")
        .select([
          "id",
          "ref",
          "ref_norm",
          "title",
          "name",
          "description",
          "brand_id",
          "category_id",
          "price_selling",
          "ecotaxe",
          "weight_gross",
          "weight_net",
          "is_port",
          "discontinued",
          "is_mmsi",
          "is_motor",
          "is_antenna",
          "is_tag",
          "is_hazardous",
          "returnable",
          "images",
        ])
        .execute(),
      erpReferences(trx, "brands"),
      erpReferences(trx, "categories"),
    ]);
    const plan = planProducts({
      lines: records.map(productLine),
      stored,
      brands,
      categories,
      present: context.fields,
      full: context.full,
      refusedLines: context.refusedLines,
    });
    return { issues: plan.issues, counts: plan.counts, write: () => writeProducts(trx, plan) };
  },
};

async function erpReferences(trx: Kysely<Database>, table: "brands" | "categories"): Promise<Map<string, number>> {
  const rows = await trx.selectFrom(table).select(["id", "erp_ref"]).where("erp_ref", "is not", null).execute();
  return new Map(rows.map((row) => [row.erp_ref ?? "", row.id]));
}

const numberOrNull = (value: unknown): number | null => (typeof value === "number" ? value : null);
const listOrNull = <T>(value: unknown): readonly T[] | null => (Array.isArray(value) ? (value as readonly T[]) : null);

function productLine(record: FeedRecord): ProductLine {
  const { values } = record;
  return {
    line: record.line,
    reference: text(record, "reference") ?? "",
    title: text(record, "title") ?? "",
    description: text(record, "description"),
    brandReference: text(record, "brand_reference"),
    categoryReference: text(record, "category_reference") ?? "",
    price: numberOrNull(values.price) ?? 0,
    ecotax: numberOrNull(values.ecotax),
    weightGross: numberOrNull(values.weight_gross),
    weightNet: numberOrNull(values.weight_net),
    mmsi: values.mmsi === true,
    shippingFamilies: listOrNull<ShippingFamily>(values.shipping_families),
    discontinued: values.discontinued === true,
    images: listOrNull<string>(values.images),
    returnable: typeof values.returnable === "boolean" ? values.returnable : null,
  };
}

const row = (values: ProductValues) => ({ ...values, images: JSON.stringify(values.images) });

async function writeProducts(trx: Kysely<Database>, plan: ReturnType<typeof planProducts>): Promise<void> {
  for (const slice of slices(plan.creates)) await trx.insertInto("products").values(slice.map(row)).execute();
  // A new price or weight leaves the search document as it is: those rows are written without
  // its columns, so its trigger (a walk up the category tree per row) does not fire for them.
  const searched = plan.updates.filter((update) => update.searched);
  const others = plan.updates.filter((update) => !update.searched);
  for (const slice of slices(searched)) await updateProducts(trx, slice, true);
  for (const slice of slices(others)) await updateProducts(trx, slice, false);
  for (const slice of slices(plan.discontinue)) {
    await trx.updateTable("products").set({ discontinued: true }).where("id", "in", slice).execute();
  }
}

const SEARCHED_SET = sql`ref = v.ref, title = v.title, description = v.description, brand_id = v.brand_id, category_id = v.category_id,`;

/** One `update … from (values …)` for a slice: the rows found once, each written once. */
async function updateProducts(trx: Kysely<Database>, slice: readonly ProductUpdate[], searched: boolean): Promise<void> {
  const rows = slice.map(
    ({ id, values: v }) =>
      sql`(${id}::int, ${v.ref}::text, ${v.title}::text, ${v.name}::text, ${v.description}::text, ${v.brand_id}::int, ${v.category_id}::int,
        ${v.price_selling}::int, ${v.ecotaxe}::int, ${v.weight_gross}::int, ${v.weight_net}::int, ${v.is_mmsi}::boolean,
        ${v.is_motor}::boolean, ${v.is_antenna}::boolean, ${v.is_tag}::boolean, ${v.is_hazardous}::boolean, ${v.discontinued}::boolean,
        ${JSON.stringify(v.images)}::jsonb, ${v.returnable}::boolean)`,
  );
  await sql`
    update products as p set ${searched ? SEARCHED_SET : sql``}
      name = v.name, price_selling = v.price_selling, ecotaxe = v.ecotaxe, weight_gross = v.weight_gross, weight_net = v.weight_net,
      is_mmsi = v.is_mmsi, is_motor = v.is_motor, is_antenna = v.is_antenna, is_tag = v.is_tag, is_hazardous = v.is_hazardous,
      discontinued = v.discontinued, images = v.images, returnable = v.returnable
    from (values ${sql.join(rows)}) as v(id, ref, title, name, description, brand_id, category_id, price_selling, ecotaxe,
      weight_gross, weight_net, is_mmsi, is_motor, is_antenna, is_tag, is_hazardous, discontinued, images, returnable)
    where p.id = v.id`.execute(trx);
}
