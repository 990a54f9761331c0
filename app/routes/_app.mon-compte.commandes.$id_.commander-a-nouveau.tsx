import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ReorderProposal } from "~/components/orders/Reorder";
import { confirmReorder, loadReorderProposal, requireOrdersUser } from "~/services/orders/index.server";
import accountStyles from "~/styles/account.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Commander à nouveau ${data.orderNumber}` : "Commander à nouveau"} · NautiDistrib` },
];

/** GET: what the chosen lines of the order would put in the shared cart today (nothing changes). */
export async function loader(args: LoaderFunctionArgs) {
  return loadReorderProposal(args, await requireOrdersUser(args), args.params.id);
}

/** POST: the lines join the shared cart in one save, then the cart with a toast (docs/orders.md). */
export async function action(args: ActionFunctionArgs) {
  return confirmReorder(args, await requireOrdersUser(args), args.params.id);
}

export default function ReorderPage() {
  const proposal = useLoaderData<typeof loader>();
  return (
    <div className="compte">
      <p>
        <Link to={`/mon-compte/commandes/${proposal.orderId}`}>Commande {proposal.orderNumber}</Link>
      </p>
      <h1>Commander à nouveau</h1>
      <p>Voici ce qui sera ajouté au panier partagé de votre organisation, avec ce qui a changé depuis la commande.</p>
      <ReorderProposal proposal={proposal} />
    </div>
  );
}
