import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatDateTime } from "@shared/domain/french-format";
import { InvoiceOrderList } from "~/components/invoices/InvoiceOrderList";
import { OrderApprovalFact } from "~/components/orders/OrderApproval";
import { ReorderPicker } from "~/components/orders/Reorder";
import { OrderToListForm } from "~/components/order-lists/MakeListForms";
import { OrderTotals } from "~/components/checkout/OrderTotals";
import { OrderScheduleFact } from "~/components/replenishment/OrderScheduleFact";
import { OrderReturns } from "~/components/returns/OrderReturns";
import { OrderAddresses, OrderLines, OrderShipments, OrderTimeline } from "~/components/orders/OrderFollowUp";
import { loadOrderInvoices } from "~/services/invoices/index.server";
import { loadOrderPage, requireOrdersUser } from "~/services/orders/index.server";
import { loadOrderReturns } from "~/services/returns/index.server";
import accountStyles from "~/styles/account.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Commande ${data.order.ord_ref}` : "Commande"} · NautiDistrib` },
];

/** /mon-compte/commandes/{id}: one order's follow-up; another organization's order is a 404. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireOrdersUser(args);
  const page = await loadOrderPage(user, args.params.id);
  // Its invoices and credit notes with their PDFs, for a user with `invoices` (null otherwise);
  // its returns, for a delivered order and a user with `orders` (null otherwise, without a call).
  const [invoices, returns] = await Promise.all([loadOrderInvoices(user, page.order.ord_id), loadOrderReturns(user, page.order)]);
  return { ...page, invoices, returns };
}

export default function OrderPage() {
  const { order, amounts, showPrices, placedBy, canReorder, invoices, returns } = useLoaderData<typeof loader>();
  return (
    <div className="compte">
      <p>
        <Link to="/mon-compte/commandes">Mes commandes</Link>
      </p>
      <h1>Commande {order.ord_ref}</h1>
      <dl className="order-facts">
        <div>
          <dt>Date</dt>
          <dd>{formatDateTime(order.created_at)}</dd>
        </div>
        <div>
          <dt>Statut</dt>
          <dd>{order.status}</dd>
        </div>
        <div>
          <dt>Votre référence</dt>
          <dd>{order.cart_ref || "—"}</dd>
        </div>
        <div>
          <dt>Passée par</dt>
          <dd>{placedBy}</dd>
        </div>
        {order.approval ? <OrderApprovalFact approval={order.approval} /> : null}
        {order.schedule ? <OrderScheduleFact schedule={order.schedule} /> : null}
        {order.quote_numbers && order.quote_numbers.length > 0 ? (
          <div>
            <dt>Devis</dt>
            <dd>{order.quote_numbers.join(", ")}</dd>
          </div>
        ) : null}
        {order.comments ? (
          <div>
            <dt>Consignes pour l'entrepôt</dt>
            <dd>{order.comments}</dd>
          </div>
        ) : null}
      </dl>
      <section aria-labelledby="commande-lignes" className="order-lines">
        <h2 id="commande-lignes">Produits</h2>
        <OrderLines order={order} amounts={amounts} showPrices={showPrices} />
        <p>
          <a href={`/mon-compte/commandes/${order.ord_id}/export.csv`} download>
            Télécharger les lignes (CSV)
          </a>
        </p>
        {/* An order charged no VAT was placed by an exempt account: HT amounts only, as its confirmation. */}
        {showPrices && amounts.totals ? (
          <OrderTotals totals={amounts.totals} taxExempt={order.ord_total_tva === 0} testId="order-totals" />
        ) : null}
      </section>
      {canReorder ? (
        <section aria-labelledby="commande-a-nouveau">
          <h2 id="commande-a-nouveau">Commander à nouveau</h2>
          <ReorderPicker order={order} />
          <OrderToListForm orderId={order.ord_id} />
        </section>
      ) : null}
      <section aria-labelledby="commande-livraison">
        <h2 id="commande-livraison">Livraison et facturation</h2>
        <OrderAddresses order={order} />
      </section>
      {invoices ? (
        <section aria-labelledby="commande-factures">
          <h2 id="commande-factures">Factures</h2>
          <InvoiceOrderList invoices={invoices.invoices} unavailable={invoices.unavailable} />
        </section>
      ) : null}
      {returns ? <OrderReturns view={returns} showPrices={showPrices} /> : null}
      <section aria-labelledby="commande-expeditions">
        <h2 id="commande-expeditions">Expéditions</h2>
        <OrderShipments order={order} />
      </section>
      <section aria-labelledby="commande-suivi">
        <h2 id="commande-suivi">Suivi</h2>
        <OrderTimeline order={order} />
      </section>
    </div>
  );
}
