import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { InvoiceFilters } from "~/components/invoices/InvoiceFilters";
import { InvoiceSummaryBlock } from "~/components/invoices/InvoiceSummaryBlock";
import { InvoiceTable } from "~/components/invoices/InvoiceTable";
import { PageLinks } from "~/components/ui/PageLinks";
import { loadInvoiceList, requireInvoicesUser } from "~/services/invoices/index.server";
import accountStyles from "~/styles/account.css";
import { formatQuantity } from "@shared/domain/french-format";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: MetaFunction = () => [{ title: "Mes factures · NautiDistrib" }];

/** /mon-compte/factures: the organization's position, its invoices filtered by the URL (flag `invoices`). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireInvoicesUser(args);
  return loadInvoiceList(user, new URL(args.request.url));
}

export default function InvoicesPage() {
  const list = useLoaderData<typeof loader>();
  const suffix = list.query ? `?${list.query}` : "";
  const pageQuery = new URLSearchParams(list.query);
  if (list.page > 1) pageQuery.set("page", String(list.page));
  return (
    <div className="compte">
      <h1>Mes factures</h1>
      <InvoiceSummaryBlock summary={list.summary} />
      <InvoiceFilters values={list.values} notices={list.notices} statuses={list.statuses} />
      <p>
        {formatQuantity(list.total)} facture{list.total > 1 ? "s" : ""} ·{" "}
        <a href={`/mon-compte/factures/export.csv${suffix}`} download>
          Exporter la liste (CSV)
        </a>
        {list.total > 0 && list.total <= list.archiveMax ? (
          <>
            {" · "}
            <a href={`/mon-compte/factures/archive.zip${suffix}`} download>
              Télécharger les factures filtrées (ZIP)
            </a>
          </>
        ) : null}
      </p>
      {list.total > list.archiveMax ? (
        <p className="notice">
          Plus de {list.archiveMax} factures correspondent à ces critères : affinez les filtres pour les télécharger en une archive, ou
          cochez celles à télécharger.
        </p>
      ) : null}
      {list.rows.length > 0 ? (
        <InvoiceTable rows={list.rows} caption={`Factures, page ${list.page} sur ${list.pageCount}`} listQuery={pageQuery.toString()} />
      ) : (
        <p>{list.total > 0 ? "Aucune facture sur cette page." : "Aucune facture ne correspond à ces critères."}</p>
      )}
      <PageLinks path="/mon-compte/factures" query={list.query} page={list.page} pageCount={list.pageCount} />
      <p>
        <Link to="/mon-compte">Retour à mon compte</Link>
      </p>
    </div>
  );
}
