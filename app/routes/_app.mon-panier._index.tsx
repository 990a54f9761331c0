import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { permissionsOf } from "@shared/domain/permissions";
import { BudgetNotice } from "~/components/approvals/BudgetNotice";
import { CartDetailsForm } from "~/components/cart/CartDetailsForm";
import { CartLinesForm } from "~/components/cart/CartLinesForm";
import { CartOptionsForm } from "~/components/cart/CartOptionsForm";
import { CartTotals } from "~/components/cart/CartTotals";
import { CertificatesPanel } from "~/components/cart/CertificatesPanel";
import { ClearCart } from "~/components/cart/ClearCart";
import { SaveCartAsListForm } from "~/components/order-lists/MakeListForms";
import { Money } from "~/components/ui/Money";
import { cartIntent, saveCartForm, todaysCartPage } from "~/services/cart/index.server";
import { parseForm, respond } from "~/services/forms/index.server";
import { requireClientChosen, requireUser } from "~/services/guards.server";
import cartStyles from "~/styles/cart.css";
import { readForm } from "~/services/forms/read.server";

export const meta: MetaFunction = () => [{ title: "Mon panier · NautiDistrib" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: cartStyles }];

export async function loader(args: LoaderFunctionArgs) {
  const active = await requireUser(args);
  // A contributor has no cart of its own: it acts on a client's after choosing one.
  await requireClientChosen(args, active);
  const confirmingClear = new URL(args.request.url).searchParams.get("vider") === "1";
  // A quote asked from the cart's lines (the cart stays as it is): people accounts need `quotes`.
  const canRequestQuote = permissionsOf(active.session.user, active.session.master).canViewQuotes;
  const { view, budget } = await todaysCartPage(args, active);
  return { view, budget, confirmingClear, canRequestQuote };
}

/** Every form of the page: a fetcher gets { ok, message }, a plain form a 303 back here with a toast. */
export async function action(args: ActionFunctionArgs) {
  const active = await requireUser(args);
  const form = parseForm(await readForm(args.request), cartIntent);
  const outcome = await saveCartForm(args.context, active, form);
  return respond(args.context, outcome, { fields: form.fields, redirectTo: "/mon-panier" });
}

export default function CartPage() {
  const { view, budget, confirmingClear, canRequestQuote } = useLoaderData<typeof loader>();
  const mmsiLines = view.lines.filter((line) => line.needsCertificates);
  return (
    <div className={view.canEdit && view.lines.length > 0 ? "cart-page cart-page--with-checkout" : "cart-page"}>
      <h1>Mon panier</h1>
      {!view.canEdit ? (
        <p className="cart-readonly" role="note">
          Votre compte permet de consulter le panier de votre organisation, pas de le modifier.
        </p>
      ) : null}
      {view.lines.length === 0 ? (
        <div className="empty-state">
          <p>Votre panier est vide.</p>
          <p>
            <Link to="/catalogue">Parcourir le catalogue</Link> ou passer une{" "}
            <Link to="/mon-panier/commande-rapide">commande rapide par référence</Link>.
          </p>
        </div>
      ) : (
        <>
          <CartLinesForm view={view} />
          {mmsiLines.map((line) => (
            <CertificatesPanel key={line.lineId} line={line} canEdit={view.canEdit} />
          ))}
          <div className="cart-columns">
            <div>
              <CartOptionsForm view={view} />
              <CartDetailsForm view={view} />
            </div>
            <aside aria-label="Totaux du panier">
              {view.totals ? <CartTotals totals={view.totals} taxExempt={view.taxExempt} /> : null}
              {budget ? <BudgetNotice notice={budget} place="cart" /> : null}
              {view.canEdit ? (
                // On a phone this block stays at the bottom of the screen: the total and the
                // way to order are in reach wherever the buyer is in a long cart (issue 24).
                <div className="cart-checkout">
                  {view.totals ? (
                    <p className="cart-checkout__total" aria-hidden="true">
                      Total TTC <Money cents={view.totals.ttc} />
                    </p>
                  ) : null}
                  <Link to="/commander/livraison" className="button button--primary button--block">
                    Passer la commande
                  </Link>
                </div>
              ) : null}
              {canRequestQuote ? (
                <p>
                  <Link to="/mon-compte/mes-devis/nouveau?depuis=panier" className="button button--block">
                    Demander un devis
                  </Link>
                </p>
              ) : null}
              {view.canEdit ? <ClearCart confirming={confirmingClear} /> : null}
              {view.canEdit ? <SaveCartAsListForm /> : null}
            </aside>
          </div>
        </>
      )}
      {view.canEdit ? (
        <p>
          <Link to="/mon-panier/commande-rapide">Commande rapide par référence</Link>
        </p>
      ) : null}
    </div>
  );
}
