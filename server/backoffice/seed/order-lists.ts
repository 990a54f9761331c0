import type { Transaction } from "kysely";
import { ownCodeKey } from "@shared/domain/references";
import type { Database } from "../db/schema";

/**
 * The demo's order lists and own codes (docs/order-lists.md, docs/part-numbers.md): at Voilerie
 * Atlantique, Maël Kerjean (buyer) shares « Consommables atelier », the workshop's consumables,
 * each known by the sail loft's own code; Gwen Le Bihan (storekeeper) keeps a private list of
 * her own. The products are the first orderable ones of a few consumable families of the
 * catalogue (by reference): the same every time. No own code anywhere else.
 */

const ORG_REF = "C0001";
const BUYER = "acheteur@voilerie-atlantique.fr";
const STOREKEEPER = "magasinier@voilerie-atlantique.fr";

interface DemoLine {
  /** The family's reference prefix in the demo catalogue (seed/catalogue-tree.ts). */
  family: string;
  qty: number;
  note: string;
  /** The sail loft's own code for it. */
  code?: string;
}

const WORKSHOP: readonly DemoLine[] = [
  { family: "MAN", qty: 20, note: "Pour les points d'écoute des voiles d'avant.", code: "VA-MANI-05" },
  { family: "DRI", qty: 4, note: "Bobines pour les drisses de rechange.", code: "VA-CORD-08" },
  { family: "ECO", qty: 3, note: "", code: "VA-CORD-12" },
  { family: "AMA", qty: 2, note: "Amarres des bateaux en hivernage.", code: "VA-AMAR-14" },
  { family: "AFO", qty: 6, note: "Carènes de printemps : vérifier la teinte avant de commander.", code: "VA-PEINT-AF" },
  { family: "NET", qty: 10, note: "", code: "VA-NETT-01" },
  { family: "MAS", qty: 12, note: "Blanc de préférence.", code: "VA-MAST-01" },
  { family: "SOV", qty: 4, note: "", code: "VA-DIL-01" },
];

const STOREKEEPER_LIST: readonly DemoLine[] = [
  { family: "POU", qty: 4, note: "Stock du comptoir." },
  { family: "TAQ", qty: 6, note: "" },
  { family: "LED", qty: 2, note: "" },
];

async function firstOrderable(trx: Transaction<Database>, family: string): Promise<{ id: number } | undefined> {
  return trx
    .selectFrom("products")
    .select("id")
    .where("ref", "like", `${family}%`)
    .where("is_port", "=", false)
    .where("is_mmsi", "=", false)
    .where("discontinued", "=", false)
    .orderBy("ref")
    .limit(1)
    .executeTakeFirst();
}

async function insertList(
  trx: Transaction<Database>,
  list: { orgId: number; owner: { id: number; name: string }; name: string; shared: boolean; at: Date },
  lines: readonly DemoLine[],
): Promise<Array<DemoLine & { productId: number }>> {
  const found: Array<DemoLine & { productId: number }> = [];
  for (const line of lines) {
    const product = await firstOrderable(trx, line.family);
    if (product) found.push({ ...line, productId: product.id });
  }
  if (found.length === 0) return found;
  const { id } = await trx
    .insertInto("order_lists")
    .values({
      org_id: list.orgId,
      owner_id: list.owner.id,
      owner_name: list.owner.name,
      name: list.name,
      shared: list.shared,
      created_at: list.at,
      updated_at: list.at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("order_list_lines")
    .values(found.map((line, position) => ({ list_id: id, product_id: line.productId, position, qty: line.qty, note: line.note })))
    .execute();
  return found;
}

export async function seedOrderLists(trx: Transaction<Database>, options: { now: Date }): Promise<void> {
  const org = await trx.selectFrom("organizations").select(["id", "name"]).where("ref", "=", ORG_REF).executeTakeFirst();
  if (!org) return;
  const people = await trx.selectFrom("users").select(["id", "login", "name"]).where("org_id", "=", org.id).execute();
  const buyer = people.find((person) => person.login === BUYER);
  const storekeeper = people.find((person) => person.login === STOREKEEPER);
  if (!buyer || !storekeeper) return;
  const weekAgo = new Date(options.now.getTime() - 7 * 24 * 3_600_000);
  const workshop = await insertList(
    trx,
    { orgId: org.id, owner: buyer, name: "Consommables atelier", shared: true, at: weekAgo },
    WORKSHOP,
  );
  await insertList(trx, { orgId: org.id, owner: storekeeper, name: "Réassort comptoir", shared: false, at: options.now }, STOREKEEPER_LIST);
  const coded = workshop.flatMap((line) => (line.code ? [{ productId: line.productId, code: line.code }] : []));
  if (coded.length === 0) return;
  await trx
    .insertInto("part_numbers")
    .values(
      coded.map(({ productId, code }) => ({
        org_id: org.id,
        product_id: productId,
        code,
        code_key: ownCodeKey(code),
        updated_at: weekAgo,
        updated_by: buyer.name,
      })),
    )
    .execute();
}
