import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { QuoteActionForms } from "~/components/quotes/QuoteActionForms";
import { AskedLinesTable, EarlierProposals, QuoteDateFacts, QuoteHistory } from "~/components/quotes/QuoteDetailParts";
import { QuoteProposalBlock } from "~/components/quotes/QuoteProposalTable";
import { QuoteStateBadge, WaitingForYou } from "~/components/quotes/QuoteStateBadge";
import { QuoteAttachments } from "~/components/quotes/QuoteThread";
import type { FormAnswer } from "~/services/forms/types";
import { loadQuotePage, quoteAction, requireQuotesUser } from "~/services/quotes/index.server";
import accountStyles from "~/styles/account.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? `Devis ${data.number}` : "Devis"} · NautiDistrib` }];

/** /mon-compte/mes-devis/{id}: one quote; another organization's is a 404. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireQuotesUser(args);
  return loadQuotePage(user, args.params.id);
}

/** Accept, refuse, cancel, answer, message: only what `actions` offers is drawn, the back-office decides. */
export async function action(args: ActionFunctionArgs) {
  const user = await requireQuotesUser(args);
  return quoteAction(user, args.context, args.request, args.params.id);
}

export default function QuotePage() {
  const quote = useLoaderData<typeof loader>();
  const answer = (useActionData<typeof action>() ?? null) as FormAnswer | null;
  const acceptError = answer && !answer.ok && answer.values?.intent === "accept" ? answer.message : null;
  return (
    <div className="compte">
      <p>
        <Link to="/mon-compte/mes-devis">Mes devis</Link>
      </p>
      <h1>Devis {quote.number}</h1>
      <dl className="order-facts">
        <div>
          <dt>État</dt>
          <dd>
            <QuoteStateBadge state={quote.state} />
            {quote.waitingFor === "client" ? (
              <>
                {" · "}
                <WaitingForYou />
              </>
            ) : quote.waitingFor === "commercial" ? (
              <> · en attente de votre commercial</>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>Votre référence</dt>
          <dd>{quote.customerRef || "—"}</dd>
        </div>
        <QuoteDateFacts quote={quote} />
      </dl>

      <section aria-labelledby="devis-proposition">
        <h2 id="devis-proposition">Proposition</h2>
        {quote.proposal ? (
          <QuoteProposalBlock
            proposal={quote.proposal}
            askedLines={quote.askedLines}
            showPrices={quote.showPrices}
            canAccept={quote.actions.includes("accept")}
            acceptedPositions={quote.acceptedPositions}
            error={acceptError}
          />
        ) : (
          <p>Votre commercial n&apos;a pas encore envoyé de proposition.</p>
        )}
        {quote.acceptNotice ? <p className="notice">{quote.acceptNotice}</p> : null}
        {acceptError && !quote.actions.includes("accept") ? (
          <p className="form__error form__error--global" role="alert">
            {acceptError}
          </p>
        ) : null}
        <EarlierProposals proposals={quote.earlierProposals} askedLines={quote.askedLines} showPrices={quote.showPrices} />
      </section>

      <section aria-labelledby="devis-demande">
        <h2 id="devis-demande">Votre demande</h2>
        <AskedLinesTable lines={quote.askedLines} />
        <QuoteAttachments attachments={quote.attachments} />
      </section>

      {quote.actions.length > 0 ? (
        <section aria-labelledby="devis-actions">
          <h2 id="devis-actions">Vos actions</h2>
          <QuoteActionForms actions={quote.actions} answer={answer} />
        </section>
      ) : null}

      <QuoteHistory messages={quote.messages} events={quote.timeline} reader="client" />
    </div>
  );
}
