import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RulesForm } from "~/components/approvals/RulesForm";
import { loadRules, requireRulesPageUser, rulesAction } from "~/services/approvals/index.server";
import { RULES_READ_ONLY } from "~/services/approvals/types";
import accountStyles from "~/styles/account.css";
import rulesStyles from "~/styles/approvals-rules.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: accountStyles },
  { rel: "stylesheet", href: rulesStyles },
];

export const meta: MetaFunction = () => [{ title: "Règles d'achat · NautiDistrib" }];

/** /mon-compte/regles-d-achat: the organization's purchasing rules (issue 37, docs/approvals.md), its administrators' page. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireRulesPageUser(args);
  return loadRules(user);
}

/** The one form of the page: every rule saved at once, or none. */
export async function action(args: ActionFunctionArgs) {
  const user = await requireRulesPageUser(args);
  return rulesAction(user, args.context, args.request);
}

export default function PurchasingRulesPage() {
  const view = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <div className="compte">
      <h1>Règles d'achat</h1>
      <p>
        Qui peut passer quelle commande. Une commande au-dessus de la limite de la personne, de ce qui reste de son budget du mois ou du
        seuil de l'organisation n'est pas passée : elle est envoyée pour validation, et passée une fois validée. Sans règle, chacun commande
        selon son droit « Passer commande », comme avant.
      </p>
      {view.readOnly ? (
        <p className="rules-readonly" role="note">
          {RULES_READ_ONLY}
        </p>
      ) : null}
      {/* Keyed by what is saved: after a save the fields show the saved values, a refusal keeps what was typed. */}
      <RulesForm key={JSON.stringify([view.threshold, view.approvers, view.people, view.updatedAt])} view={view} refusal={refusal} />
    </div>
  );
}
