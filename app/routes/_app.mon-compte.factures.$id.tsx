import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { InvoiceFacts, InvoiceLines, InvoicePayments, InvoicePlatformHistory, InvoiceTotals } from "~/components/invoices/InvoiceDetail";
import { loadInvoicePage, requireInvoicesUser } from "~/services/invoices/index.server";
import accountStyles from "~/styles/account.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `${data.kind === "avoir" ? "Avoir" : "Facture"} ${data.number}` : "Facture"} · NautiDistrib` },
];

/**
 * /mon-compte/factures/{id}: one invoice or credit note in full (flag `invoices`); another
 * organization's is a 404. Its PDF is /mon-compte/factures/{id}.pdf, a route of its own.
 */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireInvoicesUser(args);
  return loadInvoicePage(user, args.params.id);
}

export default function InvoicePage() {
  const invoice = useLoaderData<typeof loader>();
  const creditNote = invoice.kind === "avoir";
  return (
    <div className="compte">
      <p>
        <Link to="/mon-compte/factures">Mes factures</Link>
      </p>
      <h1>
        {creditNote ? "Avoir" : "Facture"} {invoice.number}
      </h1>
      <InvoiceFacts invoice={invoice} />
      <section aria-labelledby="facture-lignes">
        <h2 id="facture-lignes">Détail</h2>
        <InvoiceLines invoice={invoice} />
        <InvoiceTotals invoice={invoice} />
      </section>
      <section aria-labelledby="facture-paiements">
        <h2 id="facture-paiements">{creditNote ? "Imputations" : "Paiements"}</h2>
        <InvoicePayments invoice={invoice} />
      </section>
      <section aria-labelledby="facture-plateforme">
        <h2 id="facture-plateforme">Suivi par la plateforme de facturation électronique</h2>
        <InvoicePlatformHistory invoice={invoice} />
      </section>
    </div>
  );
}
