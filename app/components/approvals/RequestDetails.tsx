import { formatDateTime } from "@shared/domain/french-format";
import { AddressBlock } from "~/components/checkout/AddressBlock";
import type { ApprovalPageView } from "~/services/approvals/request-types";
import { RequestStatus } from "./RequestStatus";

/** What was asked, by whom, when, with the requester's message and where it stands. */
export function RequestFacts({ request }: { request: ApprovalPageView }) {
  return (
    <dl className="order-facts">
      <div>
        <dt>Statut</dt>
        <dd>
          <RequestStatus row={request} />
        </dd>
      </div>
      <div>
        <dt>Demandée par</dt>
        <dd>{request.isRequester ? `${request.requesterName} (vous)` : request.requesterName}</dd>
      </div>
      <div>
        <dt>Date de la demande</dt>
        <dd>{formatDateTime(request.createdAt)}</dd>
      </div>
      <div>
        <dt>Message du demandeur</dt>
        <dd className="request-message">{request.message ? `« ${request.message} »` : "Aucun message."}</dd>
      </div>
    </dl>
  );
}

/** The rules that sent the order for approval, in words. */
export function RequestReasons({ reasons, isRequester }: { reasons: string[]; isRequester: boolean }) {
  return (
    <section aria-labelledby="demande-raisons">
      <h2 id="demande-raisons">
        {isRequester ? "Pourquoi votre commande doit être validée" : "Pourquoi cette commande doit être validée"}
      </h2>
      {reasons.length > 0 ? (
        <ul className="request-reasons">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : (
        <p>Aucune règle n'est indiquée.</p>
      )}
    </section>
  );
}

/** Why it cannot be approved as it stands today. */
export function RequestProblems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <section className="summary-problems" aria-labelledby="demande-problemes" data-testid="request-problems">
      <h2 id="demande-problemes">À régler avant d'approuver</h2>
      <ul>
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </section>
  );
}

/** Delivery, invoicing and instructions as the request carries them, read only (as the summary shows them). */
export function RequestDelivery({ request }: { request: ApprovalPageView }) {
  return (
    <div className="summary-details">
      <section aria-labelledby="demande-livraison">
        <h3 id="demande-livraison">Livraison</h3>
        <AddressBlock address={request.delivery} testId="request-delivery" />
        <p>
          {request.lddActive ? "Livraison directe chez votre client (express)." : "Livraison standard."}
          {request.saturday ? " Livraison le samedi demandée." : null}
        </p>
        <p>{request.partialDelivery ? "Livraison partielle acceptée." : "Livraison en une seule fois."}</p>
      </section>
      <section aria-labelledby="demande-facturation">
        <h3 id="demande-facturation">Facturation</h3>
        <AddressBlock address={request.invoicing} testId="request-invoicing" />
      </section>
      <section aria-labelledby="demande-consignes">
        <h3 id="demande-consignes">Consignes</h3>
        <dl className="summary-instructions">
          <dt>Référence</dt>
          <dd>{request.customerRef || "—"}</dd>
          <dt>Consignes pour l'entrepôt</dt>
          <dd>{request.comments || "—"}</dd>
          <dt>Notes</dt>
          <dd>{request.notes || "—"}</dd>
        </dl>
      </section>
    </div>
  );
}
