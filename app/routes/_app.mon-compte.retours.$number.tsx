import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReturnFacts, ReturnPhotos, ReturnSettlement } from "~/components/returns/ReturnDetails";
import { ReturnLinesTable } from "~/components/returns/ReturnLinesTable";
import { ReturnTimeline } from "~/components/returns/ReturnTimeline";
import { ReturnTrail } from "~/components/returns/ReturnTrail";
import { WithdrawReturn } from "~/components/returns/WithdrawReturn";
import { loadReturnPage, requireReturnsUser, returnAction } from "~/services/returns/index.server";
import accountStyles from "~/styles/account.css";
import returnsStyles from "~/styles/returns.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: accountStyles },
  { rel: "stylesheet", href: returnsStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? `Retour ${data.number}` : "Retour"} · NautiDistrib` }];

/** /mon-compte/retours/{number}: one return and every step of it; another organization's is a 404. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireReturnsUser(args);
  return loadReturnPage(user, args.params.number, new URL(args.request.url));
}

/** The withdrawal, after its confirmation step: a 303 and a toast. */
export async function action(args: ActionFunctionArgs) {
  const user = await requireReturnsUser(args);
  return returnAction(user, args.context, args.request, args.params.number);
}

export default function ReturnPage() {
  const view = useLoaderData<typeof loader>();
  return (
    <div className="compte">
      <ReturnTrail current={view.number} />
      <h1>Retour {view.number}</h1>
      <p className="return-hint" role="note">
        {view.statusHint}
      </p>
      {view.refusal ? (
        <p className="return-refusal">
          <strong>Motif du refus :</strong> {view.refusal}
        </p>
      ) : null}
      {view.slipHref ? (
        <p>
          <a href={view.slipHref} download className="button button--primary">
            Télécharger le bon de retour (PDF)
          </a>
        </p>
      ) : null}
      <ReturnFacts view={view} />
      {view.canWithdraw ? (
        <section aria-labelledby="retour-annuler">
          <h2 id="retour-annuler">Annuler la demande</h2>
          <WithdrawReturn number={view.number} confirm={view.confirmWithdraw} />
        </section>
      ) : null}
      <section aria-labelledby="retour-produits">
        <h2 id="retour-produits">Produits</h2>
        <ReturnLinesTable lines={view.lines} showPrices={view.showPrices} />
      </section>
      <ReturnSettlement view={view} />
      <section aria-labelledby="retour-suivi">
        <h2 id="retour-suivi">Suivi</h2>
        <ReturnTimeline steps={view.steps} />
      </section>
      <section aria-labelledby="retour-commentaire">
        <h2 id="retour-commentaire">Commentaire et photos</h2>
        <p className="return-comment">{view.comment || "Aucun commentaire."}</p>
        <ReturnPhotos photos={view.photos} />
      </section>
    </div>
  );
}
