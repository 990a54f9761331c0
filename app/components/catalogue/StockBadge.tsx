import { plural } from "@shared/domain/plural";
import { Await } from "@remix-run/react";
import { Suspense } from "react";
import type { StockEntry, StockView } from "~/services/catalogue/types";
import { formatDate } from "@shared/domain/french-format";

function refillText(stock: StockView): string {
  if (stock.refillDate === null) return "Rupture de stock";
  const date = formatDate(stock.refillDate);
  const quantity =
    stock.refillQty !== null ? ` (${plural(stock.refillQty, `${stock.refillQty} attendu`, `${stock.refillQty} attendus`)})` : "";
  return `Rupture de stock, réapprovisionnement le ${date}${quantity}`;
}

export function StockText({ stock }: { stock: StockView | null }) {
  if (stock === null) return <span className="stock stock--unknown">Disponibilité : voir la fiche produit</span>;
  if (stock.available > 0) {
    // One text node (no comment markers in the HTML of each card).
    return (
      <span className="stock stock--in">{`En stock (${plural(stock.available, `${stock.available} disponible`, `${stock.available} disponibles`)})`}</span>
    );
  }
  return <span className="stock stock--out">{refillText(stock)}</span>;
}

/** A late stock arrives after the page (streamed): a placeholder of the same height meanwhile. */
export function StockBadge({ stock }: { stock: StockEntry | undefined }) {
  return (
    <p className="stock-line" data-testid="stock">
      {!(stock instanceof Promise) ? (
        <StockText stock={stock ?? null} />
      ) : (
        <Suspense fallback={<span className="stock stock--loading">Disponibilité en cours de vérification…</span>}>
          <Await resolve={stock} errorElement={<StockText stock={null} />}>
            {(resolved) => <StockText stock={resolved} />}
          </Await>
        </Suspense>
      )}
    </p>
  );
}
