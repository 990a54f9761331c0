import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { RequestTable } from "~/components/approvals/RequestTable";
import { PageLinks } from "~/components/ui/PageLinks";
import { loadApprovalList, requireApprovalsUser } from "~/services/approvals/requests.server";
import { APPROVAL_PAGE_PARAMS } from "~/services/approvals/request-types";
import accountStyles from "~/styles/account.css";
import approvalsStyles from "~/styles/approvals.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: accountStyles },
  { rel: "stylesheet", href: approvalsStyles },
];

export const meta: MetaFunction = () => [{ title: "Validations de commandes · NautiDistrib" }];

/** /mon-compte/validations: the requests waiting for the caller's decision (approvers), then the caller's own. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireApprovalsUser(args);
  return loadApprovalList(user, new URL(args.request.url));
}

const PATH = "/mon-compte/validations";

export default function ApprovalsPage() {
  const { toDecide, mine, showPrices } = useLoaderData<typeof loader>();
  return (
    <div className="compte">
      <h1>Validations de commandes</h1>
      {toDecide ? (
        <section aria-labelledby="validations-a-valider">
          <h2 id="validations-a-valider">À valider</h2>
          {toDecide.rows.length > 0 ? (
            <RequestTable
              rows={toDecide.rows}
              variant="toDecide"
              showPrices={showPrices}
              caption={`Demandes à valider, page ${toDecide.page} sur ${toDecide.pageCount}`}
            />
          ) : (
            <p>{toDecide.total > 0 ? "Aucune demande sur cette page." : "Aucune demande n'attend votre validation."}</p>
          )}
          <PageLinks
            path={PATH}
            query={toDecide.query}
            page={toDecide.page}
            pageCount={toDecide.pageCount}
            param={APPROVAL_PAGE_PARAMS.toDecide}
            label="Pages des demandes à valider"
          />
        </section>
      ) : null}
      <section aria-labelledby="validations-mes-demandes">
        <h2 id="validations-mes-demandes">Mes demandes</h2>
        {mine.rows.length > 0 ? (
          <RequestTable
            rows={mine.rows}
            variant="mine"
            showPrices={showPrices}
            caption={`Mes demandes de validation, page ${mine.page} sur ${mine.pageCount}`}
          />
        ) : (
          <p>
            {mine.total > 0
              ? "Aucune demande sur cette page."
              : "Vous n'avez envoyé aucune demande de validation. Quand une commande doit être validée, le récapitulatif propose « Demander la validation »."}
          </p>
        )}
        <PageLinks
          path={PATH}
          query={mine.query}
          page={mine.page}
          pageCount={mine.pageCount}
          param={APPROVAL_PAGE_PARAMS.mine}
          label="Pages de mes demandes"
        />
      </section>
      <p>
        <Link to="/mon-compte">Retour à mon compte</Link>
      </p>
    </div>
  );
}
