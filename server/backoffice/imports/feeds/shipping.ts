import { SHIPPING_REFS, normalizeReference } from "@shared/domain/references";
import type { Insertable } from "kysely";
import type { ProductsTable } from "../../db/schema";
import type { FeedColumn } from "../reader/columns";
import type { LineIssue } from "../reader/table";
import { parseProductAmount } from "./product-values";
import { text, type Feed } from "./plan";

/**
 * The `shipping` feed (docs/integration.md): the price and the wording of each line the
 * shipping rules put in a cart (shared/domain/shipping-rules.ts). The rules are the portal's;
 * their prices are the distributor's, and a cart needing a line whose price is missing cannot
 * be priced (« Frais de port introuvables »): an empty production start loads this feed once.
 * Only the rules' references are taken; they are stored as the products flagged is_port.
 */

export const SHIPPING_COLUMNS: readonly FeedColumn[] = [
  {
    field: "reference",
    header: "Référence",
    aliases: ["Ref", "Code", "Code article", "Référence frais de port"],
    kind: "reference",
    required: true,
    example: "PORT_MOTEUR",
    maxLength: 40,
  },
  {
    field: "title",
    header: "Libellé",
    aliases: ["Désignation", "Intitulé", "Titre", "Name"],
    kind: "text",
    required: true,
    example: "Frais de port moteur",
    maxLength: 120,
  },
  {
    field: "price",
    header: "Prix HT",
    aliases: ["Prix de vente", "Prix de vente HT", "Montant HT", "Sales Price"],
    kind: "amount",
    required: true,
    example: "60,00",
    parse: parseProductAmount,
  },
];

const NOT_A_RULE = `n'est pas une ligne de frais de port du portail (${SHIPPING_REFS.join(", ")})`;

export const shippingFeed: Feed = {
  columns: SHIPPING_COLUMNS,
  async plan(trx, records) {
    const rows = await trx
      .selectFrom("products")
      .select(["id", "ref_norm", "title", "price_selling", "is_port"])
      .where("ref_norm", "in", [...SHIPPING_REFS])
      .execute();
    const known = new Map(rows.map((row) => [row.ref_norm, row]));
    const issues: LineIssue[] = [];
    const creates: Insertable<ProductsTable>[] = [];
    const updates: { id: number; title: string; price: number }[] = [];
    let unchanged = 0;
    for (const record of records) {
      const reference = normalizeReference(text(record, "reference") ?? "");
      const title = text(record, "title") ?? "";
      const price = typeof record.values.price === "number" ? record.values.price : 0;
      if (!SHIPPING_REFS.some((ref) => ref === reference)) {
        issues.push({ line: record.line, column: "Référence", value: reference, message: NOT_A_RULE });
        continue;
      }
      const row = known.get(reference);
      if (row && !row.is_port) {
        issues.push({
          line: record.line,
          column: "Référence",
          value: reference,
          message: "est déjà un article du catalogue, pas une ligne de frais de port",
        });
        continue;
      }
      if (!row) creates.push({ ref: reference, title, name: title, price_selling: price, is_port: true });
      else if (row.title !== title || row.price_selling !== price) updates.push({ id: row.id, title, price });
      else unchanged += 1;
    }
    return {
      issues,
      counts: { created: creates.length, updated: updates.length, unchanged },
      async write(progress) {
        if (creates.length > 0) await trx.insertInto("products").values(creates).execute();
        for (const update of updates)
          await trx
            .updateTable("products")
            .set({ title: update.title, name: update.title, price_selling: update.price })
            .where("id", "=", update.id)
            .execute();
        progress?.(creates.length + updates.length);
      },
    };
  },
};
