import type { CartLine } from "../contracts/entities";
import { formatDate } from "./french-format";

/**
 * What a line's quantity meets in stock, said before the order (decision 0130): what can leave
 * now, what will follow and when. A confirmation puts the shortfall on back-order
 * (docs/orders.md, `shortfall`); with partial delivery what is available leaves first,
 * without it the order leaves in one go once everything is there.
 */
export interface StockOutlook {
  ordered: number;
  /** Units the stock on hand serves now. */
  availableNow: number;
  /** Units that will follow: the future back-order. */
  toFollow: number;
  /** YYYY-MM-DD of the next refill, when announced. */
  refillDate: string | null;
  /** Units that refill brings, when announced. */
  refillQty: number | null;
}

type StockFacts = Pick<CartLine, "qty" | "prd_sto_disp" | "prd_refill_date" | "prd_refill_qte">;

/** Null when the stock on hand serves the whole quantity: nothing to say. */
export function stockOutlook(line: StockFacts): StockOutlook | null {
  const availableNow = Math.min(line.qty, Math.max(0, line.prd_sto_disp));
  if (availableNow >= line.qty) return null;
  return {
    ordered: line.qty,
    availableNow,
    toFollow: line.qty - availableNow,
    refillDate: line.prd_refill_date,
    refillQty: line.prd_refill_qte !== null && line.prd_refill_qte > 0 ? line.prd_refill_qte : null,
  };
}

const plurals = new Intl.PluralRules("fr-FR");
const many = (count: number) => plurals.select(count) !== "one";

function nowSentence({ availableNow, ordered }: StockOutlook): string {
  if (availableNow === 0) return `Aucune unité disponible maintenant sur ${ordered} ${many(ordered) ? "demandées" : "demandée"}.`;
  // Some available but not all: at least two were asked for.
  return `Seulement ${availableNow} ${many(availableNow) ? "disponibles" : "disponible"} maintenant sur ${ordered} demandées.`;
}

function laterSentence({ toFollow, refillDate, refillQty }: StockOutlook): string {
  const missing = many(toFollow) ? `${toFollow} unités manquantes` : "1 unité manquante";
  if (refillDate === null) return `${missing} : date de réapprovisionnement encore inconnue.`;
  const day = formatDate(refillDate);
  if (refillQty === null || refillQty >= toFollow) return `${missing} : réapprovisionnement prévu le ${day}.`;
  return `${missing} : ${refillQty} attendue${many(refillQty) ? "s" : ""} au réapprovisionnement prévu le ${day}, le reste à une date encore inconnue.`;
}

function deliverySentence({ availableNow }: StockOutlook, partialDelivery: boolean): string {
  if (!partialDelivery) return "Livraison partielle non acceptée : la commande partira en une fois, quand tout sera disponible.";
  if (availableNow === 0) return "Livraison partielle acceptée : le reste de la commande part d'abord, ce produit suit en reliquat.";
  return `Livraison partielle acceptée : ${many(availableNow) ? `les ${availableNow} disponibles partent` : "l'unité disponible part"} d'abord, le reste suit en reliquat.`;
}

/** The outlook in French: now, later, and what the cart's partial-delivery choice makes of it. */
export function stockOutlookSentences(outlook: StockOutlook, partialDelivery: boolean): string[] {
  return [nowSentence(outlook), laterSentence(outlook), deliverySentence(outlook, partialDelivery)];
}
