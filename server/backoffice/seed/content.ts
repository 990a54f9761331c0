import { createHash } from "node:crypto";
import type { Transaction } from "kysely";
import { newsBody } from "@shared/contracts/content";
import { addDaysTo } from "@shared/domain/index";
import type { Database } from "../db/schema";
import { DOWNLOAD_CATEGORIES, demoDocuments, type CatalogueRow, type DownloadSources } from "./content-downloads";
import { NEWS_CATEGORIES, demoNews } from "./content-news";
import { renderContentPdf } from "./content-pdf";

/**
 * Writes the demo's news and documents (docs/content.md): categories, items dated over the
 * last months (one scheduled a few days ahead), and documents whose PDFs are drawn now from the
 * seeded catalogue and prices, stored with their size and hash.
 */

export interface ContentPlan {
  today: string;
  now: Date;
}

/** 9:00 in France `daysAgo` days before the seed's date; a past one never after now. */
function publishedAt(plan: ContentPlan, daysAgo: number, rank: number): Date {
  const at = new Date(`${addDaysTo(plan.today, -daysAgo)}T09:00:00+01:00`).getTime() + rank * 60_000;
  return daysAgo >= 0 ? new Date(Math.min(at, plan.now.getTime() - 60_000)) : new Date(at);
}

async function seedNews(trx: Transaction<Database>, plan: ContentPlan): Promise<void> {
  const categories = await trx
    .insertInto("news_categories")
    .values(NEWS_CATEGORIES.map((category, position) => ({ ...category, position })))
    .returning(["id", "slug"])
    .execute();
  const idOf = new Map(categories.map((row) => [row.slug, row.id]));
  const items = demoNews(Number(plan.today.slice(0, 4)));
  await trx
    .insertInto("news_items")
    .values(
      items.map((item, rank) => {
        const categoryId = idOf.get(item.category);
        if (categoryId === undefined) throw new Error(`news ${item.slug}: unknown category ${item.category}`);
        return {
          category_id: categoryId,
          slug: item.slug,
          title: item.title,
          summary: item.summary,
          // The contract's schema, so that the demo can never hold a body the portal refuses.
          body: JSON.stringify(newsBody.parse(item.body)),
          picture_url: item.picture,
          picture_alt: item.alt,
          published_at: publishedAt(plan, item.daysAgo, rank),
        };
      }),
    )
    .execute();
}

async function seedDownloadCategories(trx: Transaction<Database>): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [position, top] of DOWNLOAD_CATEGORIES.entries()) {
    const { id } = await trx
      .insertInto("download_categories")
      .values({ slug: top.slug, title: top.title, description: top.description, position, parent_id: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.set(top.slug, id);
    for (const [childPosition, child] of top.children.entries()) {
      const row = await trx
        .insertInto("download_categories")
        .values({ ...child, position: childPosition, parent_id: id })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.set(`${top.slug}/${child.slug}`, row.id);
    }
  }
  return ids;
}

/** The orderable products with their top category (in the catalogue's order) and C0001's negotiated prices. */
async function downloadSources(trx: Transaction<Database>, plan: ContentPlan): Promise<DownloadSources> {
  const categories = await trx.selectFrom("categories").select(["id", "parent_id", "title", "position"]).execute();
  const byId = new Map(categories.map((row) => [row.id, row]));
  const rootOf = (id: number | null) => {
    let current = id === null ? undefined : byId.get(id);
    while (current?.parent_id != null) current = byId.get(current.parent_id);
    return current;
  };
  const rows = await trx
    .selectFrom("products as p")
    .leftJoin("brands as b", "b.id", "p.brand_id")
    .select(["p.id", "p.ref", "p.title", "p.category_id", "p.price_selling", "b.title as brand"])
    .where("p.is_port", "=", false)
    .where("p.discontinued", "=", false)
    .orderBy("p.ref")
    .execute();
  const withSection = rows.flatMap((row) => {
    const root = rootOf(row.category_id);
    return root
      ? [
          {
            id: row.id,
            position: root.position,
            row: { ref: row.ref, title: row.title, brand: row.brand ?? "", section: root.title, price: row.price_selling },
          },
        ]
      : [];
  });
  withSection.sort((a, b) => a.position - b.position || a.row.ref.localeCompare(b.row.ref));
  const products: CatalogueRow[] = withSection.map((entry) => entry.row);
  const byProduct = new Map(withSection.map((entry) => [entry.id, entry.row]));
  const client = await trx.selectFrom("organizations").select("id").where("ref", "=", "C0001").executeTakeFirst();
  const negotiated = client
    ? await trx.selectFrom("org_product_prices").select(["product_id", "price"]).where("org_id", "=", client.id).execute()
    : [];
  const netPrices = negotiated
    .flatMap((price) => {
      const product = byProduct.get(price.product_id);
      // The demo's negotiated prices are net prices; a discount row has no net price to print.
      return product && price.price !== null ? [{ ...product, net: price.price }] : [];
    })
    .sort((a, b) => a.ref.localeCompare(b.ref));
  return { today: plan.today, created: plan.now, year: Number(plan.today.slice(0, 4)), products, netPrices };
}

async function seedDocuments(trx: Transaction<Database>, plan: ContentPlan): Promise<void> {
  const categoryIds = await seedDownloadCategories(trx);
  const documents = demoDocuments(await downloadSources(trx, plan));
  const orgs = await trx.selectFrom("organizations").select(["id", "ref"]).execute();
  const orgId = new Map(orgs.map((org) => [org.ref, org.id]));
  for (const document of documents) {
    const categoryId = categoryIds.get(document.category);
    if (categoryId === undefined) throw new Error(`document ${document.fileName}: unknown category ${document.category}`);
    const content = await renderContentPdf(document.pdf);
    const { id } = await trx
      .insertInto("download_documents")
      .values({
        category_id: categoryId,
        title: document.title,
        description: document.description,
        file_name: document.fileName,
        mime: "application/pdf",
        size_bytes: content.byteLength,
        sha256: createHash("sha256").update(content).digest("hex"),
        content,
        published_on: addDaysTo(plan.today, -document.daysAgo),
        restricted: document.restrictedTo !== undefined,
        shows_prices: document.showsPrices ?? false,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const audience = (document.restrictedTo ?? []).flatMap((ref) => {
      const org = orgId.get(ref);
      return org === undefined ? [] : [{ document_id: id, org_id: org }];
    });
    if (audience.length > 0) await trx.insertInto("download_document_orgs").values(audience).execute();
  }
}

export async function seedContent(trx: Transaction<Database>, plan: ContentPlan): Promise<void> {
  await seedNews(trx, plan);
  await seedDocuments(trx, plan);
}
