import type { Kysely } from "kysely";
import type { Address } from "@shared/contracts/entities";
import type { Database } from "../db/schema";
import { toAddress } from "../crm/addresses";
import { CONTRIBUTORS, DEMO_SERVICE_NAME } from "./organizations-data";
import { insertPastOrders, type PastOrderRecord } from "./order-rows";
import { PastOrder, type Carrier, type PastLine } from "./past-order";
import { pricedLines, type PricedProduct } from "./order-pricing";
import { addDays, type Prng } from "./prng";

/**
 * Eighteen months of past orders for the demo organizations (docs/orders.md, « Demo data »):
 * every status, partial shipments, back-orders waiting for stock and others whose stock
 * arrived, cancelled remainders, customers' cancellation requests (one pending, one refused,
 * one granted per organization), and orders placed by the contributors for their clients.
 * Deterministic: the same PRNG, catalogue and `today` give the same rows.
 */

const HISTORY_DAYS = 548;
const MAX_UNIT_PRICE = 60_000;

/** The most recent orders of each organization, one per situation the follow-up shows. */
const RECENT = [
  { age: 0, fate: "confirmed" },
  { age: 1, fate: "accepted" },
  { age: 3, fate: "preparing" },
  { age: 6, fate: "waiting" },
  { age: 8, fate: "shipped" },
  { age: 13, fate: "available" },
  { age: 24, fate: "granted" },
  { age: 33, fate: "cancelled" },
] as const;
type Fate = (typeof RECENT)[number]["fate"] | "delivered" | "delivered_twice" | "remainder_cancelled" | "stuck";

const CART_REFS = [
  "Réassort atelier",
  "Hivernage",
  "Armement sécurité",
  "Révision moteur",
  "Stock saison",
  "Chantier client",
  "Rénovation électronique",
  "",
];
const CARRIERS = ["Colissimo", "DPD", "Chronopost", "Geodis"] as const;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function carrierFor(rng: Prng): Carrier {
  const name = rng.pick(CARRIERS);
  const digits = String(rng.int(10_000_000, 99_999_999)) + String(rng.int(100, 999));
  switch (name) {
    case "Colissimo":
      return { name, trackingNumber: `6A${digits}`, trackingUrl: `https://www.laposte.fr/outils/suivre-vos-envois?code=6A${digits}` };
    case "DPD":
      return { name, trackingNumber: `250${digits}`, trackingUrl: `https://trace.dpd.fr/fr/trace/250${digits}` };
    case "Chronopost":
      return {
        name,
        trackingNumber: `XY${digits}FR`,
        trackingUrl: `https://www.chronopost.fr/tracking-no-cms/suivi-page?listeNumerosLT=XY${digits}FR`,
      };
    case "Geodis":
      return { name, trackingNumber: `GEO${digits}`, trackingUrl: null };
  }
}

/** Every `step`-th of the items, at most `count` of them: a spread, not the first ones. */
function spread<T>(items: readonly T[], count: number): T[] {
  const step = Math.max(1, Math.floor(items.length / count));
  return items.filter((_, index) => index % step === 0).slice(0, count);
}

export interface PastOrdersPlan {
  /** The organizations (reference and id) and how many orders each gets (at least RECENT's 8). */
  orgs: readonly { ref: string; id: number; count: number }[];
  productIds: readonly number[];
  /** The seed's date (France) and instant: nothing happens after it. */
  today: string;
  now: Date;
}

interface OrgContext {
  id: number;
  name: string;
  catCompta: string | null;
  /** Who may place its orders: its own account and its people with the `orders` flag. */
  buyers: { id: number; name: string }[];
  contributor: { id: number; name: string } | null;
  headOffice: Address | null;
  depots: Address[];
}

async function loadOrgContexts(db: Kysely<Database>, orgIds: readonly number[]): Promise<Map<number, OrgContext>> {
  const [orgs, users, links, addresses] = await Promise.all([
    db.selectFrom("organizations").select(["id", "name", "cat_compta"]).where("id", "in", orgIds).execute(),
    db.selectFrom("users").select(["id", "org_id", "name", "class", "auth_flags"]).where("org_id", "in", orgIds).orderBy("id").execute(),
    db
      .selectFrom("contributor_clients as c")
      .innerJoin("users as u", "u.id", "c.contributor_id")
      .select(["c.org_id", "u.id", "u.name", "u.login"])
      .where("c.org_id", "in", orgIds)
      .orderBy("u.id")
      .execute(),
    db.selectFrom("addresses").selectAll().where("org_id", "in", orgIds).orderBy("id").execute(),
  ]);
  // The first contributor of the README acts for his clients; the second for the others.
  const order = CONTRIBUTORS.map((contributor) => contributor.login as string);
  return new Map(
    orgs.map((org) => {
      const own = addresses.filter((row) => row.org_id === org.id).map(toAddress);
      const contributors = links.filter((link) => link.org_id === org.id).sort((a, b) => order.indexOf(a.login) - order.indexOf(b.login));
      const first = contributors[0];
      return [
        org.id,
        {
          id: org.id,
          name: org.name,
          catCompta: org.cat_compta,
          buyers: users.filter((user) => user.org_id === org.id && (user.class === "organization" || user.auth_flags?.orders !== false)),
          contributor: first ? { id: first.id, name: first.name } : null,
          headOffice: own[0] ?? null,
          depots: own.slice(1),
        },
      ];
    }),
  );
}

/** Writes the demo's past orders (docs/orders.md). */
export async function seedPastOrders(db: Kysely<Database>, rng: Prng, plan: PastOrdersPlan): Promise<void> {
  // Everyday products (at most MAX_UNIT_PRICE): a boatyard's orders, not a fleet of engines.
  const stocks = await db
    .selectFrom("stocks as s")
    .innerJoin("products as p", "p.id", "s.product_id")
    .select(["s.product_id", "s.sto_disp", "s.refill_date"])
    .where("p.price_selling", "<=", MAX_UNIT_PRICE)
    .orderBy("s.product_id")
    .execute();
  const orderable = new Set(plan.productIds);
  const awaited = spread(
    stocks.filter((row) => orderable.has(row.product_id) && row.sto_disp === 0 && row.refill_date !== null).map((row) => row.product_id),
    24,
  );
  const stocked = spread(
    stocks.filter((row) => orderable.has(row.product_id) && row.sto_disp >= 40).map((row) => row.product_id),
    120,
  );
  if (awaited.length === 0 || stocked.length < 10) throw new Error("demo seed: the catalogue lacks products in stock or awaited");
  const contexts = await loadOrgContexts(
    db,
    plan.orgs.map((org) => org.id),
  );
  const now = plan.now;
  const records: PastOrderRecord[] = [];

  for (const target of plan.orgs) {
    const org = contexts.get(target.id);
    if (!org || org.buyers.length === 0) continue;
    const prices = await pricedLines(db, org.id, [...stocked, ...awaited], addDays(plan.today, -HISTORY_DAYS - 60));
    const older = Math.max(0, target.count - RECENT.length);
    const ages: { age: number; fate: Fate }[] = [
      ...RECENT,
      ...Array.from({ length: older }, (_, index) => ({
        age: 40 + Math.floor(((index + rng.next()) * (HISTORY_DAYS - 40)) / older),
        fate: olderFate(rng),
      })),
    ];
    ages.forEach(({ age, fate }, index) => {
      const record = pastOrder({
        rng,
        org,
        prices,
        stocked,
        awaited,
        age,
        fate,
        index,
        now,
        key: `demo-${target.ref}-${index + 1}`,
        today: plan.today,
      });
      records.push(record);
    });
  }
  // Numbered in the order they were placed, whichever organization placed them.
  records.sort((a, b) => a.order.createdAt.getTime() - b.order.createdAt.getTime() || a.order.key.localeCompare(b.order.key));
  await insertPastOrders(db, records, DEMO_SERVICE_NAME);
}

function olderFate(rng: Prng): Fate {
  const draw = rng.next();
  if (draw < 0.06) return "cancelled";
  if (draw < 0.12) return "remainder_cancelled";
  if (draw < 0.16) return "stuck";
  if (draw < 0.36) return "delivered_twice";
  return "delivered";
}

interface OrderDraft {
  rng: Prng;
  org: OrgContext;
  prices: Map<number, PricedProduct>;
  stocked: number[];
  awaited: number[];
  age: number;
  fate: Fate;
  index: number;
  now: Date;
  key: string;
  today: string;
}

/** The product whose remainder waits, for the fates that leave one. */
function waitingProduct(draft: OrderDraft): number | null {
  const { rng, fate } = draft;
  switch (fate) {
    case "waiting":
      return rng.pick(draft.awaited);
    case "stuck":
      return rng.chance(0.5) ? rng.pick(draft.awaited) : rng.pick(draft.stocked);
    case "available":
    case "granted":
    case "remainder_cancelled":
    case "delivered_twice":
      return rng.pick(draft.stocked);
    default:
      return null;
  }
}

function pastOrder(draft: OrderDraft): PastOrderRecord {
  const { rng, org, age, fate, now } = draft;
  // Today's order came in shortly before the seed's instant; older ones during office hours.
  const createdAt =
    age === 0
      ? new Date(now.getTime() - rng.int(20, 90) * 60_000)
      : new Date(
          `${addDays(draft.today, -age)}T${String(rng.int(8, 17)).padStart(2, "0")}:${String(rng.int(0, 59)).padStart(2, "0")}:00+01:00`,
        );
  const byContributor = org.contributor !== null && draft.index % 5 === 3;
  const author = byContributor && org.contributor ? org.contributor : rng.pick(org.buyers);

  const waiting = waitingProduct(draft);
  const ids = new Set<number>(waiting === null ? [] : [waiting]);
  const wanted = rng.int(1, 4) + ids.size;
  for (let tries = 0; ids.size < wanted && tries < 20; tries += 1) ids.add(rng.pick(draft.stocked));
  const lines: PastLine[] = [...ids].flatMap((id, position) => {
    const product = draft.prices.get(id);
    if (!product) return [];
    const qty = id === waiting ? rng.int(3, 12) : rng.int(1, 10);
    return [
      {
        position,
        productId: id,
        ref: product.ref,
        title: product.title,
        qty,
        isPort: false,
        unitPrice: product.unitPrice,
        ecotaxe: product.ecotaxe,
        shipped: 0,
        cancelled: 0,
        backorder: 0,
        backorderedAt: null,
        availableAt: null,
      },
    ];
  });
  const order = new PastOrder(draft.key, createdAt, lines, DEMO_SERVICE_NAME);
  const waitLine = lines.find((line) => line.productId === waiting) ?? null;
  // The remainder waited from the start when the stock was short then (the fates that say so).
  const shortAtOrder = fate === "waiting" || fate === "available" || fate === "stuck";
  order.confirm(author.name, (line) => (line === waitLine && shortAtOrder ? 0 : 1000));
  steps(order, draft, createdAt, waitLine);
  if (order.events.some((event) => event.at.getTime() > now.getTime()))
    throw new Error(`demo seed: ${draft.key} happens after ${now.toISOString()}`);

  const dlv = org.depots.length > 0 && rng.chance(0.3) ? rng.pick(org.depots) : org.headOffice;
  return {
    order,
    orgId: org.id,
    catCompta: org.catCompta,
    author,
    cartRef: rng.pick(CART_REFS),
    partialDelivery: waitLine !== null,
    dlvAddress: dlv,
    invAddress: org.headOffice,
  };
}

const at = (start: Date, ms: number) => new Date(start.getTime() + ms);

/** Moves the order through its fate's steps, dated after its confirmation. */
function steps(order: PastOrder, draft: OrderDraft, created: Date, waitLine: PastLine | null): void {
  const { rng, org, fate } = draft;
  const all = (line: PastLine) => line.qty - line.shipped - line.cancelled;
  const allBut = (keep: number) => (line: PastLine) => (line === waitLine ? Math.max(0, line.qty - keep) : all(line));
  const buyer = org.buyers[0] ?? { id: 0, name: "" };
  switch (fate) {
    case "confirmed":
      return;
    case "accepted":
      order.accept(at(created, 2 * HOUR));
      return;
    case "preparing":
      order.accept(at(created, 3 * HOUR)).prepare(at(created, DAY));
      return;
    case "waiting": {
      // Nothing of the awaited product went: it waits for its refill (date prévisionnelle).
      if (!waitLine) return;
      order
        .accept(at(created, 2 * HOUR))
        .prepare(at(created, DAY))
        .ship(at(created, 2 * DAY), carrierFor(rng), allBut(waitLine.qty));
      const person = org.buyers.find((candidate) => candidate.id !== org.id) ?? buyer;
      order.request(waitLine, at(created, 5 * DAY), person, "Le chantier est reporté : nous n'avons plus besoin de ce reliquat.");
      return;
    }
    case "shipped":
      order
        .accept(at(created, 2 * HOUR))
        .prepare(at(created, DAY))
        .ship(at(created, 2 * DAY), carrierFor(rng), all);
      return;
    case "available": {
      if (!waitLine) return;
      order
        .accept(at(created, 2 * HOUR))
        .prepare(at(created, DAY))
        .ship(at(created, 2 * DAY), carrierFor(rng), allBut(2));
      const request = order.request(waitLine, at(created, 3 * DAY), buyer, "Nous trouvons ce produit plus vite ailleurs.");
      order.refuse(request, at(created, 4 * DAY), "Le réassort arrive cette semaine : le reliquat partira avec.");
      order.markAvailable(waitLine, at(created, 6 * DAY));
      return;
    }
    case "granted": {
      if (!waitLine) return;
      order.accept(at(created, 2 * HOUR)).ship(at(created, 2 * DAY), carrierFor(rng), allBut(1));
      const request = order.request(waitLine, at(created, 3 * DAY), org.contributor ?? buyer, "Le client final a annulé sa commande.");
      order.grant(request, at(created, 4 * DAY), "Demande acceptée : reliquat annulé.");
      order.deliver(at(created, 5 * DAY));
      return;
    }
    case "cancelled":
      order.accept(at(created, 2 * HOUR)).cancel(at(created, DAY), "Annulée à la demande du client.");
      return;
    case "remainder_cancelled":
      if (!waitLine) return;
      order
        .accept(at(created, 2 * HOUR))
        .prepare(at(created, DAY))
        .ship(at(created, 2 * DAY), carrierFor(rng), allBut(rng.int(1, 2)));
      order.cancelLine(waitLine, at(created, 12 * DAY), "Produit en fin de série : reliquat annulé.").deliver(at(created, 14 * DAY));
      return;
    case "stuck":
      if (!waitLine) return;
      order
        .accept(at(created, 2 * HOUR))
        .prepare(at(created, DAY))
        .ship(at(created, 2 * DAY), carrierFor(rng), allBut(rng.int(1, 3)));
      return;
    case "delivered_twice":
      if (!waitLine) return;
      order
        .accept(at(created, 2 * HOUR))
        .prepare(at(created, DAY))
        .ship(at(created, 2 * DAY), carrierFor(rng), allBut(rng.int(1, 2)));
      order.ship(at(created, 9 * DAY), carrierFor(rng), all).deliver(at(created, 11 * DAY));
      return;
    case "delivered":
      order
        .accept(at(created, 2 * HOUR))
        .prepare(at(created, DAY))
        .ship(at(created, 2 * DAY), carrierFor(rng), all)
        .deliver(at(created, 4 * DAY));
      return;
  }
}
