import type { CartLineView } from "~/services/cart/types";
import { StockNotice } from "~/components/cart/StockNotice";
import { Money } from "~/components/ui/Money";
import { OwnCode } from "~/components/part-numbers/OwnCode";
import { formatPercent } from "@shared/domain/french-format";

/**
 * Every product line of the order, with its MMSI certificates and what the stock cannot serve
 * now: a table with a caption and column headers, amounts right-aligned in figures of one width.
 * A line's « Total HT » includes its ecotax (when this account pays it), shown beside it as
 * « dont éco-participation », as in the cart (decision 0161). A discounted line shows its
 * discount and its struck public price, as the cart does.
 */
export function SummaryLines({ lines }: { lines: CartLineView[] }) {
  const showsEcotaxe = lines.some((line) => line.ecotaxe !== null);
  return (
    <table className="checkout-table summary-lines">
      <caption>Produits commandés</caption>
      <thead>
        <tr>
          <th scope="col">Produit</th>
          <th scope="col" className="checkout-table__number">
            Prix unitaire HT
          </th>
          <th scope="col" className="checkout-table__number">
            Quantité
          </th>
          <th scope="col" className="checkout-table__number">
            Total HT
          </th>
          {showsEcotaxe ? (
            <th scope="col" className="checkout-table__number">
              Dont éco-participation
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.lineId} data-testid={`summary-line-${line.ref}`}>
            <th scope="row">
              <strong>{line.title}</strong>{" "}
              <span className="muted">
                Réf. {line.ref}
                <OwnCode code={line.ownCode} />
              </span>
              {line.promoName ? <span className="badge"> {line.promoName}</span> : null}
              {line.discountPercent !== null ? <span className="muted"> · remise {formatPercent(line.discountPercent)}</span> : null}
              {line.availability ? (
                <>
                  <br />
                  <StockNotice availability={line.availability} />
                </>
              ) : null}
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
            </th>
            <td className="checkout-table__number" data-label="Prix unitaire HT">
              <Money cents={line.unitPrice} />
              {line.listPrice !== null && line.unitPrice !== null && line.listPrice > line.unitPrice ? (
                <del className="muted summary-lines__list-price">
                  <Money cents={line.listPrice} />
                </del>
              ) : null}
            </td>
            <td className="checkout-table__number" data-label="Quantité">
              {line.qty}
            </td>
            <td className="checkout-table__number" data-label="Total HT">
              <Money cents={line.lineTotal} />
            </td>
            {showsEcotaxe ? (
              <td className="checkout-table__number" data-label="Dont éco-participation">
                <Money cents={line.ecotaxe} />
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
