import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { EarlierProposals, QuoteHistory } from "~/components/quotes/QuoteDetailParts";
import { QuoteProposalBlock } from "~/components/quotes/QuoteProposalTable";
import { ProposalForm } from "~/components/sales-quotes/ProposalForm";
import { SalesActionForms } from "~/components/sales-quotes/SalesActionForms";
import { SalesFrame } from "~/components/sales-quotes/SalesFrame";
import { SalesQuoteFacts, SalesQuoteRequest } from "~/components/sales-quotes/SalesQuoteRequest";
import type { FormAnswer } from "~/services/forms/types";
import { loadSalesQuotePage, requireSalesUser, salesQuoteAction } from "~/services/sales-quotes/index.server";
import accountStyles from "~/styles/account.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Devis ${data.quote.number} · ${data.quote.orgName}` : "Devis"} · NautiDistrib` },
];

/** /clients/devis/{id}: a quote of one of the contributor's clients; any other is a 404. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireSalesUser(args);
  const quote = await loadSalesQuotePage(user, args.context, args.params.id);
  return { quote, contributorName: user.contributorName };
}

/** Start the study, ask for information, propose or revise, write, cancel: what `actions` offers. */
export async function action(args: ActionFunctionArgs) {
  const user = await requireSalesUser(args);
  return salesQuoteAction(user, args.context, args.request, args.params.id);
}

export default function SalesQuotePage() {
  const { quote, contributorName } = useLoaderData<typeof loader>();
  const answer = (useActionData<typeof action>() ?? null) as FormAnswer | null;
  const offersForms = quote.actions.some((action) => action !== "propose");
  // The forms are uncontrolled: once the quote has moved (a saved form), they are drawn anew
  // from the loader's values; a refusal changes nothing and keeps what was typed.
  const formsKey = `${quote.updatedAt}-${quote.state}-${quote.messages.length}-${quote.proposal?.version ?? 0}`;
  return (
    <SalesFrame contributorName={contributorName}>
      <p>
        <Link to="/clients/devis">Demandes de devis</Link>
      </p>
      <h1>Devis {quote.number}</h1>
      <SalesQuoteFacts quote={quote} />

      <section aria-labelledby="devis-demande">
        <h2 id="devis-demande">La demande</h2>
        <SalesQuoteRequest quote={quote} />
      </section>

      <section aria-labelledby="devis-proposition">
        <h2 id="devis-proposition">Proposition</h2>
        {quote.proposal ? (
          <QuoteProposalBlock
            proposal={quote.proposal}
            askedLines={quote.askedLines}
            showPrices
            canAccept={false}
            acceptedPositions={quote.acceptedPositions}
            error={null}
          />
        ) : (
          <p>Aucune proposition envoyée pour l&apos;instant.</p>
        )}
        <EarlierProposals proposals={quote.earlierProposals} askedLines={quote.askedLines} showPrices />
        {quote.actions.includes("propose") ? <ProposalForm key={formsKey} draft={quote.proposalDraft} answer={answer} /> : null}
      </section>

      {offersForms ? (
        <section aria-labelledby="devis-actions">
          <h2 id="devis-actions">Vos actions</h2>
          <SalesActionForms key={formsKey} actions={quote.actions} answer={answer} />
        </section>
      ) : null}

      <QuoteHistory messages={quote.messages} events={quote.timeline} reader="commercial" />
    </SalesFrame>
  );
}
