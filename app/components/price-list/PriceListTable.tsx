import { Link } from "@remix-run/react";
import { LabelledCell } from "~/components/ui/LabelledCell";
import { Money } from "~/components/ui/Money";
import type { PriceListRow } from "~/services/price-list/types";
import { formatDate, formatPercent } from "@shared/domain/french-format";

/** « 12,5 % », or a dash without discount. */
export function discountText(percentOff: number): string {
  return percentOff > 0 ? formatPercent(percentOff) : "—";
}

/** The organization's prices, one product a row, each linking its page. */
export function PriceListTable({ rows, caption }: { rows: PriceListRow[]; caption: string }) {
  return (
    <div className="price-list__scroll">
      <table className="table price-list-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Référence</th>
            <th scope="col">Désignation</th>
            <th scope="col">Marque</th>
            <th scope="col" className="price-list-table__amount">
              Prix public HT
            </th>
            <th scope="col" className="price-list-table__amount">
              Remise
            </th>
            <th scope="col" className="price-list-table__amount">
              Votre prix net HT
            </th>
            <th scope="col">Promotion</th>
            <th scope="col" className="price-list-table__amount">
              Éco-part.
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.obj_id}>
              <th scope="row">
                <Link to={`/catalogue/produit/${row.obj_id}`}>{row.obj_ref}</Link>
              </th>
              <LabelledCell label="Désignation">{row.title}</LabelledCell>
              <LabelledCell label="Marque">{row.brand ?? "—"}</LabelledCell>
              <LabelledCell label="Prix public HT" className="price-list-table__amount">
                <Money cents={row.list_price} />
              </LabelledCell>
              <LabelledCell label="Remise" className="price-list-table__amount">
                {discountText(row.discount_pct)}
              </LabelledCell>
              <LabelledCell label="Votre prix net HT" className="price-list-table__amount">
                <strong>
                  <Money cents={row.net_price} />
                </strong>
              </LabelledCell>
              <LabelledCell label="Promotion">
                {row.promotion ? (
                  <span className="price-list-table__promotion">
                    {row.promotion.name} : <Money cents={row.promotion.price} /> du {formatDate(row.promotion.starts_on)} au{" "}
                    {formatDate(row.promotion.ends_on)}
                  </span>
                ) : (
                  "—"
                )}
              </LabelledCell>
              <LabelledCell label="Éco-participation" className="price-list-table__amount">
                <Money cents={row.ecotax} />
              </LabelledCell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
