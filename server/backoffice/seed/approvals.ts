import type { Transaction } from "kysely";
import { sql } from "kysely";
import type { CartToSave } from "@shared/contracts/api";
import { approvalReasons, computeTotals, NO_RULES } from "@shared/domain/index";
import { toAddress } from "../crm/addresses";
import type { Database } from "../db/schema";
import { accountContext } from "../oms/account";
import { repriceCart } from "../oms/reprice";

/**
 * The demo's purchasing rules and approval requests (docs/approvals.md): at Voilerie Atlantique
 * the administrators approve, Maël Kerjean (buyer) may order up to 2 000 € HT at a time, and
 * Gwen Le Bihan (storekeeper, no `orders` right) prepares orders and sends them for approval:
 * one waits for a decision, one was refused with a reason. Written as the service would write
 * them (repriced carts, reasons from the pure rule); no outbox event, as for every seeded row.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const ORG_REF = "C0001";
const BUYER = "acheteur@voilerie-atlantique.fr";
const STOREKEEPER = "magasinier@voilerie-atlantique.fr";

interface DemoRequest {
  daysAgo: number;
  cartRef: string;
  message: string;
  /** How many of the first orderable products, and how many of each. */
  lines: Array<{ index: number; qty: number }>;
  refusal?: { reason: string; afterHours: number };
}

const REQUESTS: readonly DemoRequest[] = [
  {
    daysAgo: 6,
    cartRef: "Atelier voiles",
    message: "Pour le réassort de l'atelier.",
    lines: [
      { index: 2, qty: 10 },
      { index: 5, qty: 4 },
    ],
    refusal: { reason: "Déjà commandé par Maël la semaine dernière (commande du lundi) : pas de doublon.", afterHours: 3 },
  },
  {
    daysAgo: 0,
    cartRef: "Réassort hivernage",
    message: "Réassort avant l'hivernage des clients du port : à valider avant jeudi si possible.",
    lines: [
      { index: 0, qty: 6 },
      { index: 3, qty: 12 },
      { index: 7, qty: 2 },
    ],
  },
];

export async function seedApprovals(trx: Transaction<Database>, options: { today: string; now: Date }): Promise<void> {
  const org = await trx.selectFrom("organizations").selectAll().where("ref", "=", ORG_REF).executeTakeFirst();
  if (!org) return;
  const people = await trx.selectFrom("users").select(["id", "login", "name", "class"]).where("org_id", "=", org.id).execute();
  const buyer = people.find((person) => person.login === BUYER);
  const storekeeper = people.find((person) => person.login === STOREKEEPER);
  const admin = people.find((person) => person.class === "organization");
  if (!buyer || !storekeeper || !admin) return;
  await trx
    .insertInto("purchasing_rules")
    .values({ org_id: org.id, approval_threshold: null, approvers: "administrators", updated_at: options.now, updated_by: org.name })
    .execute();
  await trx
    .insertInto("purchasing_limits")
    .values({ user_id: buyer.id, org_id: org.id, order_limit: 200_000, monthly_budget: null })
    .execute();

  const address = await trx.selectFrom("addresses").selectAll().where("org_id", "=", org.id).orderBy("id").executeTakeFirst();
  if (!address) return;
  // Ordinary products: no MMSI certificate to attach, no shipping reference.
  const products = await trx
    .selectFrom("products")
    .select(["id", "ref", "title"])
    .where("is_port", "=", false)
    .where("is_mmsi", "=", false)
    .where("discontinued", "=", false)
    .orderBy("id")
    .limit(8)
    .execute();
  const account = accountContext(org);
  for (const request of REQUESTS) {
    const at = new Date(options.now.getTime() - request.daysAgo * DAY_MS);
    const toSave: CartToSave = {
      ref: request.cartRef,
      ldd: { active: false, price: null, tva: 0.2 },
      saturday: false,
      code: "",
      products: request.lines.flatMap(({ index, qty }, position) => {
        const product = products[index];
        return product ? [{ obj_id: product.id, obj_ref: product.ref, obj_title: product.title, qty, line_id: `l-${position + 1}` }] : [];
      }),
      comments: "",
      notes: "",
      partialDelivery: true,
      dlv_address: toAddress(address),
      inv_address: toAddress(address),
    };
    const cart = await repriceCart(trx, toSave, {
      orgId: org.id,
      account,
      today: options.today,
      freeShippingEligible: org.free_shipping_eligible,
    });
    const totals = computeTotals(cart, account);
    await trx
      .insertInto("approval_requests")
      .values({
        number: sql<string>`'VAL-' || lpad(nextval('approval_number_seq')::text, 6, '0')`,
        org_id: org.id,
        requester_id: storekeeper.id,
        requester_name: storekeeper.name,
        idempotency_key: `demo-approval-${request.daysAgo}`,
        created_at: at,
        status: request.refusal ? "refused" : "pending",
        reasons: JSON.stringify(approvalReasons({ ...NO_RULES, canOrder: false }, totals.ht)),
        message: request.message,
        cart: JSON.stringify(cart),
        total_ht: totals.ht,
        total_ecotaxe: totals.ecotaxe,
        total_ttc: totals.ttc,
        ...(request.refusal
          ? {
              decided_at: new Date(at.getTime() + request.refusal.afterHours * 3_600_000),
              decided_by_id: admin.id,
              decided_by_name: org.name,
              refusal_reason: request.refusal.reason,
            }
          : {}),
      })
      .execute();
  }
}
