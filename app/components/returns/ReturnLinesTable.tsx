import { formatQuantity } from "@shared/domain/french-format";
import { LabelledCell } from "~/components/ui/LabelledCell";
import { Money } from "~/components/ui/Money";
import type { ReturnLineView } from "~/services/returns/types";

/**
 * A return's lines: what was asked and, once the parcel arrived, what the warehouse received
 * (fewer units are credited or exchanged); the unit price with prices only.
 */
export function ReturnLinesTable({ lines, showPrices }: { lines: ReturnLineView[]; showPrices: boolean }) {
  const received = lines.some((line) => line.received !== null);
  return (
    <table className="table return-lines">
      <caption className="visually-hidden">Produits du retour</caption>
      <thead>
        <tr>
          <th scope="col">Produit</th>
          <th scope="col">Demandé</th>
          <th scope="col">Reçu</th>
          {showPrices ? <th scope="col">Prix unitaire HT</th> : null}
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.position}>
            <th scope="row">
              {line.title}
              <br />
              <span className="muted">
                Réf. {line.ref}
                {line.customerCode ? ` · votre code ${line.customerCode}` : null}
              </span>
            </th>
            <LabelledCell label="Demandé" className="cart-number">
              {formatQuantity(line.qty)}
            </LabelledCell>
            <LabelledCell label="Reçu" className="cart-number">
              {line.received === null ? (
                <span className="muted">{received ? "0" : "pas encore"}</span>
              ) : line.received < line.qty ? (
                <span className="return-lines__short">
                  {formatQuantity(line.received)} sur {formatQuantity(line.qty)}
                </span>
              ) : (
                formatQuantity(line.received)
              )}
            </LabelledCell>
            {showPrices ? (
              <LabelledCell label="Prix unitaire HT" className="cart-number">
                <Money cents={line.unitPrice} />
              </LabelledCell>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
