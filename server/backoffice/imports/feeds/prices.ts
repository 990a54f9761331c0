import type { LineIssue } from "../reader/table";
import { PRICE_COLUMNS } from "./price-columns";
import {
  conditionKey,
  keyCell,
  lineKey,
  promotionKey,
  readPriceLine,
  type ConditionLine,
  type PriceLine,
  type PromotionLine,
} from "./price-lines";
import {
  loadPriceLookups,
  loadStoredConditions,
  loadStoredPromotions,
  upsertConditions,
  writePromotions,
  type StoredPromotion,
} from "./price-store";
import type { Feed } from "./plan";

/**
 * The `prices` feed (docs/integration.md, decision 0177): customers' and price groups' net
 * prices and discounts, upserted by (customer or group, product or brand, start date), and
 * promotions, upserted by (name, product, customer). Nothing is deleted. Only the created and
 * changed rows are written, so the same file twice writes nothing and leaves the caches be.
 */
export const pricesFeed: Feed = {
  columns: PRICE_COLUMNS,
  async plan(trx, records) {
    const lookups = await loadPriceLookups(trx);
    const issues: LineIssue[] = [];
    const lines: PriceLine[] = [];
    const firstLine = new Map<string, number>();
    for (const record of records) {
      const read = readPriceLine(record, lookups);
      if ("issues" in read) {
        issues.push(...read.issues);
        continue;
      }
      const key = lineKey(read.line);
      const first = firstLine.get(key);
      if (first !== undefined) {
        const same =
          read.line.kind === "promotion"
            ? "pour le même produit et le même client"
            : "pour le même client ou groupe et la même date de début";
        issues.push({ line: record.line, ...keyCell(record, read.line), message: `figure déjà ligne ${first} ${same}` });
        continue;
      }
      firstLine.set(key, record.line);
      lines.push(read.line);
    }

    const conditions = lines.filter((line): line is ConditionLine => line.kind === "condition");
    const promotions = lines.filter((line): line is PromotionLine => line.kind === "promotion");
    const storedConditions = new Map((await loadStoredConditions(trx, conditions)).map((row) => [conditionKey(row), row]));
    const changedConditions: ConditionLine[] = [];
    const counts = { created: 0, updated: 0, unchanged: 0 };
    for (const line of conditions) {
      const row = storedConditions.get(lineKey(line));
      if (!row) counts.created++;
      else if (row.price === line.price && row.discount === line.discount && row.ends_on === line.ends_on) {
        counts.unchanged++;
        continue;
      } else counts.updated++;
      changedConditions.push(line);
    }

    // Two stored promotions of one key (made before the feed): the oldest is the one updated.
    const storedPromotions = new Map<string, StoredPromotion>();
    for (const row of await loadStoredPromotions(trx, promotions)) {
      const key = promotionKey(row.org_id, row.product_id, row.name);
      if (!storedPromotions.has(key)) storedPromotions.set(key, row);
    }
    const createdPromotions: PromotionLine[] = [];
    const updatedPromotions: (PromotionLine & { id: number })[] = [];
    for (const line of promotions) {
      const row = storedPromotions.get(lineKey(line));
      if (!row) {
        counts.created++;
        createdPromotions.push(line);
      } else if (
        row.name === line.name &&
        row.promo_price === line.promoPrice &&
        row.starts_on === line.starts_on &&
        row.ends_on === line.ends_on
      ) {
        counts.unchanged++;
      } else {
        counts.updated++;
        updatedPromotions.push({ ...line, id: row.id });
      }
    }

    return {
      issues,
      counts,
      async write() {
        await upsertConditions(trx, changedConditions);
        await writePromotions(trx, createdPromotions, updatedPromotions);
      },
    };
  },
};
