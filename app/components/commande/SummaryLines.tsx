import type { CartLineView } from "~/services/cart/types";
import { Money } from "~/components/ui/Money";

/** Every product line of the order, with the MMSI certificates attached to it. */
export function SummaryLines({ lines }: { lines: CartLineView[] }) {
  return (
    <table className="cart-table summary-lines">
      <caption className="visually-hidden">Produits commandés</caption>
      <thead>
        <tr>
          <th scope="col">Produit</th>
          <th scope="col" className="cart-number">Prix unitaire HT</th>
          <th scope="col" className="cart-number">Quantité</th>
          <th scope="col" className="cart-number">Total HT</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.lineId} data-testid={`summary-line-${line.ref}`}>
            <td>
              <strong>{line.title}</strong> <span className="muted">{line.ref}</span>
              {line.promoName ? <span className="badge"> {line.promoName}</span> : null}
              {line.needsCertificates ? (
                <ul className="summary-certificates" aria-label={`Certificats MMSI de ${line.ref}`}>
                  {line.certificates.map((certificate) => (
                    <li key={certificate.cerId}>
                      MMSI {certificate.mmsi} · {certificate.fileName}
                    </li>
                  ))}
                  {line.certificates.length === 0 ? <li className="muted">Aucun certificat joint</li> : null}
                </ul>
              ) : null}
            </td>
            <td className="cart-number">
              <Money cents={line.unitPrice} />
            </td>
            <td className="cart-number">{line.qty}</td>
            <td className="cart-number">
              <Money cents={line.lineTotal} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
