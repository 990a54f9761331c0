import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CartDetailsForm } from "~/components/panier/CartDetailsForm";
import { CartLinesForm } from "~/components/panier/CartLinesForm";
import { CartOptionsForm } from "~/components/panier/CartOptionsForm";
import { CartTotals } from "~/components/panier/CartTotals";
import { CertificatesPanel } from "~/components/panier/CertificatesPanel";
import { ClearCart } from "~/components/panier/ClearCart";
import { cartFailureOf, cartIntent, cartView, changeCart, changeFor, loadCart, redirectWithToast, shippingContextFor, successMessage, textFields } from "~/services/cart/index.server";
import { withShipping } from "@shared/domain/index";
import { requireUser } from "~/services/guards.server";
import { asRouteError } from "~/services/route-errors.server";
import panierStyles from "~/styles/panier.css";

export const meta: MetaFunction = () => [{ title: "Mon panier · NautiDistrib" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: panierStyles }];

export async function loader(args: LoaderFunctionArgs) {
  const active = await requireUser(args);
  const { user, master } = active.session;
  // A contributor has no cart of its own: it acts on a client's after choosing one.
  if (user.obj_class === "contributor") throw data({ message: "Choisissez d'abord un client." }, { status: 404 });
  // Shipping lines and totals as of today, as the checkout shows them: the saved ones are
  // those of the day of the last save (a Friday's Saturday charge is gone on Monday).
  const [saved, shipping] = await Promise.all([loadCart(args, active), shippingContextFor(args.context, active)]).catch(asRouteError);
  const confirmingClear = new URL(args.request.url).searchParams.get("vider") === "1";
  const today = { ...saved, cart: withShipping(saved.cart, shipping) };
  return { view: cartView(today, user, master, shipping.today), confirmingClear };
}

export async function action(args: ActionFunctionArgs) {
  const active = await requireUser(args);
  const fields = textFields(await args.request.formData());
  const fetchMode = fields.mode === "fetch";
  const answer = async (ok: boolean, status: number, message: string) =>
    fetchMode
      ? data({ ok, message }, { status })
      : redirectWithToast(args.context, "/mon-panier", { type: ok ? "success" : "error", message });

  const parsed = cartIntent.safeParse(fields);
  if (!parsed.success) {
    const unknownIntent = parsed.error.issues.some((issue) => issue.path[0] === "intent");
    if (unknownIntent) throw data({ message: "Action inconnue." }, { status: 400 });
    return answer(false, 400, parsed.error.issues[0]?.message ?? "Formulaire invalide.");
  }
  const change = changeFor(parsed.data, fields);
  if (change === null) return answer(true, 200, "Aucune modification.");
  if ("error" in change) return answer(false, 400, change.error);
  try {
    await changeCart(args.context, active, change);
    return answer(true, 200, successMessage(parsed.data.intent));
  } catch (error) {
    const failure = cartFailureOf(error, args.context, active, parsed.data.intent);
    return answer(false, failure.status, failure.message);
  }
}

export default function CartPage() {
  const { view, confirmingClear } = useLoaderData<typeof loader>();
  const mmsiLines = view.lines.filter((line) => line.needsCertificates);
  return (
    <div className="cart-page">
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
              {view.canEdit ? (
                <p>
                  <Link to="/commander/livraison" className="button button--primary button--block">
                    Passer la commande
                  </Link>
                </p>
              ) : null}
              {view.canEdit ? <ClearCart confirming={confirmingClear} /> : null}
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
