import type { ImportFeed } from "@shared/contracts/imports";
import type { FeedColumn } from "../reader/columns";
import { PRODUCT_COLUMNS, STOCK_COLUMNS } from "./product-columns";
import { SHIPPING_COLUMNS } from "./shipping";
import { CUSTOMER_COLUMNS, USER_COLUMNS } from "./customer-columns";
import { PRICE_COLUMNS, PRICE_GROUP_COLUMNS } from "./price-columns";

/**
 * The French column headers of each feed (docs/integration.md), with the names the usual
 * exports give the same column (Sage 100, Odoo), compared without case nor accents.
 */

const reference = (example: string, aliases: readonly string[]): FeedColumn => ({
  field: "reference",
  header: "Référence",
  aliases: ["Ref", "Code", ...aliases],
  kind: "reference",
  required: true,
  example,
  maxLength: 40,
});

export const CATEGORY_COLUMNS: readonly FeedColumn[] = [
  reference("SEC-GIL", ["Code famille", "Référence catégorie", "Code catégorie", "External ID", "ID externe"]),
  {
    field: "title",
    header: "Titre",
    aliases: ["Intitulé", "Libellé", "Nom", "Désignation", "Intitulé famille", "Name"],
    kind: "text",
    required: true,
    example: "Gilets de sauvetage",
    maxLength: 120,
  },
  {
    field: "parent_reference",
    header: "Référence parent",
    aliases: ["Parent", "Code parent", "Famille parent", "Catégorie parente", "Parent Category/External ID"],
    kind: "reference",
    required: false,
    example: "SEC",
    maxLength: 40,
  },
];

export const BRAND_COLUMNS: readonly FeedColumn[] = [
  reference("PLASTIMO", ["Code marque", "Référence marque", "External ID", "ID externe"]),
  {
    field: "title",
    header: "Nom",
    aliases: ["Marque", "Titre", "Intitulé", "Libellé", "Name"],
    kind: "text",
    required: true,
    example: "Plastimo",
    maxLength: 120,
  },
];

export const FEED_COLUMNS: Record<ImportFeed, readonly FeedColumn[]> = {
  categories: CATEGORY_COLUMNS,
  brands: BRAND_COLUMNS,
  products: PRODUCT_COLUMNS,
  stock: STOCK_COLUMNS,
  shipping: SHIPPING_COLUMNS,
  customers: CUSTOMER_COLUMNS,
  users: USER_COLUMNS,
  "price-groups": PRICE_GROUP_COLUMNS,
  prices: PRICE_COLUMNS,
};

/** `npm run import -- template <feed>`: the header line and an example row (or a few), `;`-separated. */
export function feedTemplate(feed: ImportFeed): string {
  const columns = FEED_COLUMNS[feed];
  const more = Math.max(0, ...columns.map((column) => column.moreExamples?.length ?? 0));
  const rows = [columns.map((column) => column.example)];
  for (let index = 0; index < more; index++) rows.push(columns.map((column) => column.moreExamples?.[index] ?? ""));
  return `${[columns.map((column) => column.header), ...rows].map((cells) => cells.join(";")).join("\n")}\n`;
}
