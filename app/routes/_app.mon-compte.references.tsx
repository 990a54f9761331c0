import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ImportCodesForm } from "~/components/part-numbers/ImportCodesForm";
import { ImportReport } from "~/components/part-numbers/ImportReport";
import { PartNumbersTable } from "~/components/part-numbers/PartNumbersTable";
import { SetCodeForm } from "~/components/part-numbers/SetCodeForm";
import { FilterNotices } from "~/components/ui/ListFilterParts";
import { PageLinks } from "~/components/ui/PageLinks";
import { loadPartNumbersPage, partNumbersAction, requirePartNumbersUser } from "~/services/part-numbers/index.server";
import { PART_NUMBERS_PATH } from "~/services/part-numbers/types";
import accountStyles from "~/styles/account.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: MetaFunction = () => [{ title: "Mes références · NautiDistrib" }];

/** /mon-compte/references: the organization's own codes for products (issue 38, docs/part-numbers-portal.md). */
export async function loader(args: LoaderFunctionArgs) {
  const active = await requirePartNumbersUser(args);
  return loadPartNumbersPage(active, new URL(args.request.url));
}

/** Give a code, take one away, import a file: with the `cart` right only (the action refuses otherwise). */
export async function action(args: ActionFunctionArgs) {
  const active = await requirePartNumbersUser(args);
  return partNumbersAction(args.context, active, args.request);
}

export default function PartNumbersPage() {
  const view = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const setRefusal = answer?.intent === "set" ? answer : null;
  const imported = answer?.intent === "import" ? answer : null;
  return (
    <div className="compte part-numbers">
      <h1>Mes références</h1>
      <p>
        Les codes que votre organisation donne aux produits. Saisis dans la commande rapide ou la recherche, ils trouvent le produit ; le
        panier, la commande et sa confirmation les affichent à côté de la référence.
      </p>
      {answer?.intent === null ? (
        <p className="form__error form__error--global" role="alert">
          {answer.message}
        </p>
      ) : null}
      <section aria-labelledby="part-numbers-list-title">
        <h2 id="part-numbers-list-title">Vos codes</h2>
        <Form method="get" className="list-controls part-numbers__search" role="search">
          <div className="list-controls__field">
            <label htmlFor="part-numbers-q">Rechercher un code, une référence ou une désignation</label>
            <input id="part-numbers-q" name="q" type="search" maxLength={60} defaultValue={view.q} />
          </div>
          <button type="submit" className="button">
            Rechercher
          </button>
        </Form>
        <FilterNotices notices={view.notices} className="part-numbers__notices" />
        {view.rows.length > 0 ? (
          <PartNumbersTable rows={view.rows} caption={`Vos codes, page ${view.page} sur ${view.pageCount}`} canEdit={view.canEdit} />
        ) : (
          <p data-testid="part-numbers-empty">
            {view.q
              ? "Aucun code ne correspond à cette recherche."
              : view.total > 0
                ? "Aucun code sur cette page."
                : "Votre organisation n'a pas encore de code."}
          </p>
        )}
        <PageLinks path={PART_NUMBERS_PATH} query={view.query} page={view.page} pageCount={view.pageCount} />
      </section>
      {view.canEdit ? (
        <>
          <section aria-labelledby="part-numbers-set-title">
            <h2 id="part-numbers-set-title">Donner un code à un produit</h2>
            {setRefusal ? (
              <p className="form__error form__error--global" role="alert">
                {setRefusal.message}
              </p>
            ) : null}
            {/* Keyed by the refusal: a refused form shows what was typed, a saved one comes back empty. */}
            <SetCodeForm
              key={setRefusal ? JSON.stringify(setRefusal.values) : "empty"}
              errors={setRefusal?.errors}
              values={setRefusal?.values}
            />
          </section>
          <section aria-labelledby="part-numbers-import-title">
            <h2 id="part-numbers-import-title">Importer un fichier de codes</h2>
            {imported && imported.report === null && imported.message ? (
              <p className="form__error form__error--global" role="alert">
                {imported.message}
              </p>
            ) : null}
            {imported?.report ? <ImportReport message={imported.message} report={imported.report} /> : null}
            <ImportCodesForm />
          </section>
        </>
      ) : (
        <p className="part-numbers__readonly" role="note">
          Votre compte permet de consulter ces codes, pas de les modifier (droit « Modifier le panier »).
        </p>
      )}
      <p>
        <Link to="/mon-compte">Retour à mon compte</Link>
      </p>
    </div>
  );
}
