import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { Prng } from "../seed/prng";
import { saveViews, type CountedViews } from "./store";

/** Days of page views in the demo, up to yesterday: today's are the running portal's own. */
const DEMO_DAYS = 90;

/**
 * What a customer of a marine-equipment distributor reads on a working day, most read first:
 * the catalogue and products, the shared cart, the account's orders and invoices, the news.
 * Weights are views per visit.
 */
const VISIT: readonly { path: string; chance: number; views: [number, number] }[] = [
  { path: "/", chance: 0.95, views: [1, 3] },
  { path: "/catalogue", chance: 0.7, views: [1, 4] },
  { path: "/catalogue/produit/:id", chance: 0.65, views: [1, 9] },
  { path: "/mon-panier", chance: 0.45, views: [1, 4] },
  { path: "/mon-panier/commande-rapide", chance: 0.2, views: [1, 2] },
  { path: "/commander/livraison", chance: 0.18, views: [1, 2] },
  { path: "/commander/recapitulatif", chance: 0.16, views: [1, 1] },
  { path: "/commander/terminer", chance: 0.15, views: [1, 1] },
  { path: "/mon-compte/commandes", chance: 0.3, views: [1, 3] },
  { path: "/mon-compte/commandes/:id", chance: 0.25, views: [1, 3] },
  { path: "/mon-compte/reliquats", chance: 0.1, views: [1, 1] },
  { path: "/mon-compte/factures", chance: 0.15, views: [1, 2] },
  { path: "/mon-compte/mes-devis", chance: 0.12, views: [1, 2] },
  { path: "/actualites", chance: 0.1, views: [1, 1] },
  { path: "/telechargements", chance: 0.08, views: [1, 2] },
];

function daysBefore(today: string, count: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - count * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Ninety days of counted views before `today` (docs/analytics.md), so that the report of a fresh
 * demo has something to show: more on weekdays, a few on weekends, the catalogue's families by
 * their real paths. Visitor keys are random, as real ones look. Its own generator, so the rest of
 * the demo data does not move.
 */
export async function seedDemoViews(db: Kysely<Database>, today: string): Promise<void> {
  const rng = new Prng(20261124);
  const families = await db
    .selectFrom("categories")
    .select("slug")
    .where("parent_id", "is", null)
    .orderBy("position")
    .orderBy("id")
    .execute();
  const pages = [
    ...VISIT,
    ...families.map((family) => ({ path: `/catalogue/${family.slug}`, chance: 0.25, views: [1, 3] as [number, number] })),
  ];
  const rows: CountedViews[] = [];
  for (let back = DEMO_DAYS; back >= 1; back--) {
    const day = daysBefore(today, back);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    const visitors = weekday === 0 || weekday === 6 ? rng.int(1, 6) : rng.int(18, 42);
    for (let visitor = 0; visitor < visitors; visitor++) {
      const key = Array.from({ length: 16 }, () => rng.int(0, 15).toString(16)).join("");
      for (const page of pages) {
        if (rng.chance(page.chance)) rows.push({ day, path: page.path, visitor: key, views: rng.int(page.views[0], page.views[1]) });
      }
    }
  }
  await saveViews(db, rows);
}
