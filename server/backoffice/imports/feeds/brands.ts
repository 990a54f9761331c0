import { uniqueSlug } from "../slugs";
import { BRAND_COLUMNS } from "./columns";
import { text, type Feed } from "./plan";

/** The `brands` feed: upserted by the ERP's reference; the slug is made once, at creation. */
export const brandsFeed: Feed = {
  columns: BRAND_COLUMNS,
  async plan(trx, records) {
    const rows = await trx.selectFrom("brands").select(["id", "slug", "title", "erp_ref"]).execute();
    const byReference = new Map(rows.flatMap((row) => (row.erp_ref ? [[row.erp_ref, row] as const] : [])));
    const lines = records.map((record) => ({ reference: text(record, "reference") ?? "", title: text(record, "title") ?? "" }));
    const created = lines.filter((line) => !byReference.has(line.reference));
    const updated = lines.filter((line) => {
      const row = byReference.get(line.reference);
      return row !== undefined && row.title !== line.title;
    });
    return {
      issues: [],
      counts: { created: created.length, updated: updated.length, unchanged: lines.length - created.length - updated.length },
      async write() {
        const slugs = new Set(rows.map((row) => row.slug));
        if (created.length > 0) {
          await trx
            .insertInto("brands")
            .values(
              created.map((line) => ({ slug: uniqueSlug(line.title, line.reference, slugs), title: line.title, erp_ref: line.reference })),
            )
            .execute();
        }
        for (const line of updated)
          await trx.updateTable("brands").set({ title: line.title }).where("erp_ref", "=", line.reference).execute();
      },
    };
  },
};
