import type { Address } from "@shared/contracts/entities";
import type { OrderPageAmounts } from "@shared/domain/order-amounts";
import { orderLddFee } from "@shared/domain/shipping-display";
import { shippingLabel } from "@shared/domain/shipping-labels";
import { AddressBlock } from "~/components/checkout/AddressBlock";
import { LabelledCell } from "~/components/ui/LabelledCell";
import { Money } from "~/components/ui/Money";
import type { OrderDetail } from "~/services/orders/types";
import { formatDate, formatDateTime } from "@shared/domain/french-format";
import { OwnCode } from "~/components/part-numbers/OwnCode";

/** An address of the order under its heading, drawn as the checkout draws addresses. */
function TitledAddress({ title, address }: { title: string; address: Address | null }) {
  return (
    <div>
      <h3>{title}</h3>
      <AddressBlock address={address} />
    </div>
  );
}

/**
 * The express delivery's flat fee: an order does not store it apart, so it is what the HT total
 * holds beyond its lines (as on the invoice, docs/shipping.md). Every amount of the total is a line.
 */
function ExpressFeeRow({ order, showPrices, showsEcotaxe }: { order: OrderDetail; showPrices: boolean; showsEcotaxe: boolean }) {
  const fee = orderLddFee(order.options.ldd_active, order.ord_total_ht, [
    ...order.lines.map((line) => line.line_total_ht),
    ...order.shipping_lines.map((line) => line.amount_ht),
  ]);
  if (fee === null || !showPrices) return null;
  return (
    <tr data-testid="order-shipping-ldd">
      <th scope="row">Forfait livraison directe (express)</th>
      <td colSpan={4} />
      <td />
      <LabelledCell label="Total HT">
        <Money cents={fee} />
      </LabelledCell>
      {showsEcotaxe ? <td /> : null}
    </tr>
  );
}

/** The product lines' « Total HT » include their ecotax, shown beside as « dont éco-participation » (decision 0161). */
export function OrderLines({ order, amounts, showPrices }: { order: OrderDetail; amounts: OrderPageAmounts; showPrices: boolean }) {
  const showsEcotaxe = showPrices && (order.ord_total_ecotaxe ?? 0) > 0;
  return (
    <table className="table">
      <caption>Lignes de la commande</caption>
      <thead>
        <tr>
          <th scope="col">Produit</th>
          <th scope="col">Commandé</th>
          <th scope="col">Expédié</th>
          <th scope="col">Annulé</th>
          <th scope="col">En reliquat</th>
          {showPrices ? (
            <>
              <th scope="col">Prix unitaire HT</th>
              <th scope="col">Total HT</th>
              {showsEcotaxe ? <th scope="col">Dont éco-participation</th> : null}
            </>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {order.lines.map((line, index) => (
          <tr key={line.obj_id}>
            <th scope="row">
              {line.obj_ref}
              <OwnCode code={line.customer_code} /> · {line.obj_title}
              {line.certificates.length > 0 ? (
                <span className="order-line__certificates">
                  {" "}
                  · certificats MMSI : {line.certificates.map((certificate) => certificate.mmsi).join(", ")}
                </span>
              ) : null}
              {line.quote_number ? <span className="order-line__quote"> · prix du devis {line.quote_number}</span> : null}
            </th>
            <LabelledCell label="Commandé">{line.ordered}</LabelledCell>
            <LabelledCell label="Expédié">{line.shipped}</LabelledCell>
            <LabelledCell label="Annulé">{line.cancelled}</LabelledCell>
            <LabelledCell label="En reliquat">
              {line.backorder && line.backorder.qty > 0 ? (
                <>
                  {line.backorder.qty} ({line.backorder.state}
                  {line.backorder.expected_date ? `, date prévisionnelle ${formatDate(line.backorder.expected_date)}` : ""})
                </>
              ) : (
                0
              )}
              {line.cancellation_request ? <> · annulation demandée : {line.cancellation_request.status}</> : null}
            </LabelledCell>
            {showPrices ? (
              <>
                <LabelledCell label="Prix unitaire HT">
                  <Money cents={line.unit_price} />
                </LabelledCell>
                <LabelledCell label="Total HT">
                  <Money cents={amounts.lines[index]?.totalHt ?? null} />
                </LabelledCell>
                {showsEcotaxe ? (
                  <LabelledCell label="Dont éco-participation">
                    <Money cents={amounts.lines[index]?.ecotaxe ?? null} />
                  </LabelledCell>
                ) : null}
              </>
            ) : null}
          </tr>
        ))}
        {order.shipping_lines.map((line) => (
          <tr key={`port-${line.obj_ref}`}>
            <th scope="row">{shippingLabel(line.obj_ref, line.obj_title)}</th>
            <td colSpan={4} />
            {showPrices ? (
              <>
                <td />
                <LabelledCell label="Total HT">
                  <Money cents={line.amount_ht} />
                </LabelledCell>
                {showsEcotaxe ? <td /> : null}
              </>
            ) : null}
          </tr>
        ))}
        <ExpressFeeRow order={order} showPrices={showPrices} showsEcotaxe={showsEcotaxe} />
      </tbody>
    </table>
  );
}

export function OrderAddresses({ order }: { order: OrderDetail }) {
  return (
    <div className="order-facts">
      <TitledAddress title="Adresse de livraison" address={order.dlv_address} />
      <TitledAddress title="Adresse de facturation" address={order.inv_address} />
      <div>
        <h3>Options</h3>
        <ul>
          <li>Livraison partielle : {order.options.partialDelivery ? "acceptée" : "refusée"}</li>
          <li>Livraison le samedi : {order.options.saturday ? "oui" : "non"}</li>
          <li>Livraison directe : {order.options.ldd_active ? "oui" : "non"}</li>
        </ul>
      </div>
    </div>
  );
}

export function OrderShipments({ order }: { order: OrderDetail }) {
  if (order.shipments.length === 0) return <p>Aucune expédition pour l'instant.</p>;
  return (
    <ul className="shipments">
      {order.shipments.map((shipment) => (
        <li key={shipment.number}>
          <p>
            Expédition n° {shipment.number} du {formatDateTime(shipment.shipped_at)}, {shipment.carrier}
            {shipment.tracking_number ? `, suivi ${shipment.tracking_number}` : ""}
            {shipment.tracking_url && /^https?:\/\//i.test(shipment.tracking_url) ? (
              <>
                {" "}
                ·{" "}
                <a href={shipment.tracking_url} rel="noopener noreferrer" target="_blank">
                  Suivre le colis<span className="visually-hidden"> de l'expédition n° {shipment.number} (nouvel onglet)</span>
                </a>
              </>
            ) : null}
          </p>
          <ul>
            {shipment.lines.map((line) => (
              <li key={line.obj_ref}>
                {line.qty} × {line.obj_ref} · {line.obj_title}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

export function OrderTimeline({ order }: { order: OrderDetail }) {
  return (
    <ol className="timeline">
      {order.timeline.map((event, index) => (
        <li key={`${event.at}-${index}`}>
          <time dateTime={event.at}>{formatDateTime(event.at)}</time> : {event.label} ({event.author})
          {event.note ? <> — {event.note}</> : null}
        </li>
      ))}
    </ol>
  );
}
