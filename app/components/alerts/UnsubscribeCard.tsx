import { Form, Link } from "@remix-run/react";
import type { UnsubscribeView } from "~/services/alerts/types";

const ALERTS_PAGE = "/mon-compte/alertes-emails";

function ChooseAgain() {
  return (
    <p>
      <Link to={ALERTS_PAGE}>Choisir mes alertes e-mail</Link> (connexion à votre espace client requise).
    </p>
  );
}

/**
 * The unsubscribe page's content for each state of the link: a question with one POST button
 * (opening the link changes nothing), then what was done, or why the link does not work.
 */
export function UnsubscribeCard({ view }: { view: UnsubscribeView }) {
  switch (view.state) {
    case "ask":
      return (
        <section className="card" aria-labelledby="desabonnement-titre">
          <h1 id="desabonnement-titre">Ne plus recevoir l'alerte « {view.label} » ?</h1>
          <p>Vous ne recevrez plus cet e-mail. Vos autres alertes et les e-mails de sécurité ne changent pas.</p>
          <Form method="post">
            <input type="hidden" name="jeton" value={view.token} />
            <button type="submit" className="button button--primary">
              Ne plus recevoir cette alerte
            </button>
          </Form>
          <ChooseAgain />
        </section>
      );
    case "done":
      return (
        <section className="card" aria-labelledby="desabonnement-titre">
          <h1 id="desabonnement-titre">Désabonnement enregistré</h1>
          <p role="status">
            Vous ne recevrez plus l'alerte « {view.label} ». Vous pouvez la réactiver à tout moment depuis votre espace client.
          </p>
          <ChooseAgain />
        </section>
      );
    case "used":
      return (
        <section className="card" aria-labelledby="desabonnement-titre">
          <h1 id="desabonnement-titre">Désabonnement déjà fait</h1>
          <p>
            {view.label
              ? `Ce lien a déjà servi : l'alerte « ${view.label} » est désactivée.`
              : "Ce lien a déjà servi : l'alerte est désactivée."}{" "}
            Vous pouvez la réactiver depuis votre espace client.
          </p>
          <ChooseAgain />
        </section>
      );
    case "refused":
      return (
        <section className="card" aria-labelledby="desabonnement-titre">
          <h1 id="desabonnement-titre">Lien non valable</h1>
          <p>
            Ce lien de désabonnement n'est pas valable : vérifiez qu'il est complet, ou choisissez vos alertes depuis votre espace client.
          </p>
          <ChooseAgain />
        </section>
      );
  }
}
