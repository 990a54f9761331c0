import { PRICE_GROUP_COLUMNS } from "./price-columns";
import { text, type Feed } from "./plan";

/**
 * The `price-groups` feed: the ERP's « catégories tarifaires » (Sage 100) or pricelists (Odoo),
 * upserted by reference. The prices feed gives them their conditions and the customers feed
 * puts each customer in one (column « Groupe de prix »); a group is never deleted.
 */
export const priceGroupsFeed: Feed = {
  columns: PRICE_GROUP_COLUMNS,
  async plan(trx, records) {
    const rows = await trx.selectFrom("price_groups").select(["ref", "title"]).execute();
    const byReference = new Map(rows.map((row) => [row.ref.toUpperCase(), row]));
    const lines = records.map((record) => ({ reference: text(record, "reference") ?? "", title: text(record, "title") ?? "" }));
    const created = lines.filter((line) => !byReference.has(line.reference));
    const updated = lines.flatMap((line) => {
      const row = byReference.get(line.reference);
      return row !== undefined && row.title !== line.title ? [{ ref: row.ref, title: line.title }] : [];
    });
    return {
      issues: [],
      counts: { created: created.length, updated: updated.length, unchanged: lines.length - created.length - updated.length },
      async write() {
        if (created.length > 0)
          await trx
            .insertInto("price_groups")
            .values(created.map((line) => ({ ref: line.reference, title: line.title })))
            .execute();
        for (const group of updated)
          await trx.updateTable("price_groups").set({ title: group.title }).where("ref", "=", group.ref).execute();
      },
    };
  },
};
