import { formatQuantity } from "@shared/domain/french-format";
import { Money } from "~/components/ui/Money";
import type { ApprovalLineView } from "~/services/approvals/request-types";

/**
 * A request's lines as asked and as they would be ordered today: the unit price then and now
 * and today's stock, each change since the request said in words beside the product (« Prix
 * modifié depuis la demande : … », « Stock insuffisant aujourd'hui », « N'est plus
 * commercialisé »), not by colour alone. The amounts' columns only with `prices`.
 */
export function RequestLines({ lines, showPrices }: { lines: ApprovalLineView[]; showPrices: boolean }) {
  return (
    <table className="checkout-table request-lines">
      <caption>Produits demandés</caption>
      <thead>
        <tr>
          <th scope="col">Produit</th>
          <th scope="col" className="checkout-table__number">
            Quantité
          </th>
          {showPrices ? (
            <>
              <th scope="col" className="checkout-table__number">
                Prix unitaire HT à la demande
              </th>
              <th scope="col" className="checkout-table__number">
                Prix unitaire HT aujourd'hui
              </th>
              <th scope="col" className="checkout-table__number">
                Total HT aujourd'hui
              </th>
            </>
          ) : null}
          <th scope="col" className="checkout-table__number">
            Stock aujourd'hui
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr
            key={`${line.productId}-${line.ref}`}
            data-testid={`request-line-${line.ref}`}
            className={line.flags.length > 0 ? "request-lines__changed" : undefined}
          >
            <th scope="row">
              <strong>{line.title}</strong> <span className="muted">Réf. {line.ref}</span>
              {line.flags.length > 0 ? (
                <ul className="request-flags" aria-label={`Changements de ${line.ref} depuis la demande`}>
                  {line.flags.map((flag) => (
                    <li key={flag}>{flag}</li>
                  ))}
                </ul>
              ) : null}
            </th>
            <td className="checkout-table__number" data-label="Quantité">
              {formatQuantity(line.qty)}
            </td>
            {showPrices ? (
              <>
                <td className="checkout-table__number" data-label="Prix unitaire HT à la demande">
                  <Money cents={line.unitPriceThen} />
                </td>
                <td className="checkout-table__number" data-label="Prix unitaire HT aujourd'hui">
                  <Money cents={line.unitPriceNow} />
                </td>
                <td className="checkout-table__number" data-label="Total HT aujourd'hui">
                  <Money cents={line.lineTotalNow} />
                </td>
              </>
            ) : null}
            <td className="checkout-table__number" data-label="Stock aujourd'hui">
              {formatQuantity(line.stockNow)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
