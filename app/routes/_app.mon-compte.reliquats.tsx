import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { BackorderTable } from "~/components/orders/BackorderTable";
import { PageLinks } from "~/components/ui/PageLinks";
import { respond } from "~/services/forms/index.server";
import type { FormAnswer } from "~/services/forms/types";
import { loadBackorderPage, requestCancellation, requireOrdersUser } from "~/services/orders/index.server";
import accountStyles from "~/styles/account.css";
import { readForm } from "~/services/forms/read.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: MetaFunction = () => [{ title: "Mes reliquats · NautiDistrib" }];

/** /mon-compte/reliquats: the open back-orders, by product or by order (?par=commande). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireOrdersUser(args);
  return loadBackorderPage(user, new URL(args.request.url));
}

/**
 * The cancellation request of a remainder (flag `orders`): a plain form, answered 303 with a
 * toast; a refused form is drawn again with its reason and what was typed (docs/decisions/0101).
 */
export async function action(args: ActionFunctionArgs) {
  const user = await requireOrdersUser(args);
  const { outcome, fields } = await requestCancellation(user, await readForm(args.request));
  const redirectTo = fields.par === "commande" ? "/mon-compte/reliquats?par=commande" : "/mon-compte/reliquats";
  return respond(args.context, outcome, { fields, redirectTo, refused: "page" });
}

export default function BackordersPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<FormAnswer>();
  const refusal = answer && !answer.ok ? { ...answer, values: answer.values ?? {} } : null;
  const other =
    page.grouping === "produit"
      ? { to: "?par=commande", label: "Regrouper par commande" }
      : { to: "?par=produit", label: "Regrouper par produit" };
  return (
    <div className="compte">
      <h1>Mes reliquats</h1>
      {page.notices.length > 0 ? (
        <p className="notice" role="status">
          {page.notices[0]?.message}
        </p>
      ) : null}
      <p>
        {page.total} ligne{page.total > 1 ? "s" : ""} en reliquat, regroupées par {page.grouping}. <Link to={other.to}>{other.label}</Link>
        {page.total > 0 ? (
          <>
            {" · "}
            <a href="/mon-compte/reliquats/export.csv" download>
              Exporter les reliquats (CSV)
            </a>
          </>
        ) : null}
      </p>
      {page.groups.length === 0 ? <p>Aucun reliquat en cours.</p> : null}
      {page.groups.map((group) => (
        // The title is shown once, as the heading; the region and the table take their names from it.
        <section key={group.key} aria-labelledby={`reliquats-${group.key}`}>
          <h2 id={`reliquats-${group.key}`}>{group.href ? <Link to={group.href}>{group.title}</Link> : group.title}</h2>
          <BackorderTable
            rows={group.rows}
            caption={`Reliquats : ${group.title}`}
            captionShown={false}
            showPrices={page.showPrices}
            grouping={page.grouping}
            refusal={refusal}
          />
        </section>
      ))}
      <PageLinks
        path="/mon-compte/reliquats"
        query={page.grouping === "commande" ? "par=commande" : ""}
        page={page.page}
        pageCount={page.pageCount}
      />
    </div>
  );
}
