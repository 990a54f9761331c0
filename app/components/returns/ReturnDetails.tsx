import { Link } from "@remix-run/react";
import { formatDateTime, formatPercent, formatQuantity } from "@shared/domain/french-format";
import { Money } from "~/components/ui/Money";
import { orderPath, type ReturnPageView } from "~/services/returns/types";
import { ReturnStatusBadge } from "./ReturnStatusBadge";

/** A return's facts: status, order, dates, reason, resolution, and its amounts with prices only. */
export function ReturnFacts({ view }: { view: ReturnPageView }) {
  return (
    <dl className="order-facts return-facts">
      <div>
        <dt>Statut</dt>
        <dd>
          <ReturnStatusBadge status={view.status} />
        </dd>
      </div>
      <div>
        <dt>Commande</dt>
        <dd>
          <Link to={orderPath(view.orderId)}>{view.orderRef}</Link>
        </dd>
      </div>
      <div>
        <dt>Demandé le</dt>
        <dd>{formatDateTime(view.requestedAt)}</dd>
      </div>
      <div>
        <dt>Demandé par</dt>
        <dd>{view.requestedBy}</dd>
      </div>
      <div>
        <dt>Motif</dt>
        <dd>{view.reason}</dd>
      </div>
      <div>
        <dt>Solution souhaitée</dt>
        <dd>{view.resolution}</dd>
      </div>
      <div>
        <dt>Unités</dt>
        <dd>{formatQuantity(view.units)}</dd>
      </div>
      {view.showPrices ? (
        <div>
          <dt>Montant HT</dt>
          <dd>
            <Money cents={view.amountHt} />
          </dd>
        </div>
      ) : null}
      {view.showPrices && view.restockingFeePct !== null && view.restockingFeePct > 0 ? (
        <div>
          <dt>Frais de remise en stock</dt>
          <dd>{formatPercent(view.restockingFeePct)} du montant des produits repris</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** The photos sent with the request: thumbnails, each a link to the photo itself. */
export function ReturnPhotos({ photos }: { photos: ReturnPageView["photos"] }) {
  if (photos.length === 0) return <p>Aucune photo n&apos;a été jointe.</p>;
  return (
    <ul className="return-photos">
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <a href={photo.href}>
            <img src={photo.href} alt={`Photo ${index + 1} : ${photo.fileName}`} width={160} height={120} loading="lazy" />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** What the return came to: the credit notes (links to the invoices' pages when the account sees them) or the exchange's shipment. */
export function ReturnSettlement({ view }: { view: ReturnPageView }) {
  if (view.creditNotes.length === 0 && !view.exchange) return null;
  return (
    <section aria-labelledby="retour-solution">
      <h2 id="retour-solution">{view.exchange ? "Échange" : "Avoir"}</h2>
      {view.creditNotes.length > 0 ? (
        <ul className="return-credit-notes">
          {view.creditNotes.map((note) => (
            <li key={note.number}>
              {note.href ? <Link to={note.href}>Avoir {note.number}</Link> : <>Avoir {note.number}</>}
              {view.showPrices ? (
                <>
                  {" "}
                  · <Money cents={note.totalTtc} /> TTC
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {view.exchange ? (
        <p>
          Produits de remplacement expédiés le {formatDateTime(view.exchange.shippedAt)} par {view.exchange.carrier}
          {view.exchange.trackingNumber ? <>, suivi n° {view.exchange.trackingNumber}</> : null}.
          {view.exchange.trackingUrl ? (
            <>
              {" "}
              <a href={view.exchange.trackingUrl} rel="noopener noreferrer" target="_blank">
                Suivre le colis<span className="visually-hidden"> (nouvelle fenêtre)</span>
              </a>
            </>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}
