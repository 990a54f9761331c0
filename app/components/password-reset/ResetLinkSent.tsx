import { Link } from "@remix-run/react";

/** The page after the request: the same words whether the address is an account or not (decision 0124). */
export function ResetLinkSent({ lifetimeMinutes }: { lifetimeMinutes: number }) {
  return (
    <>
      <div className="public-form__sent" role="status">
        <p>
          Si l'adresse indiquée correspond à un compte du portail, un e-mail vient de lui être envoyé avec un lien pour choisir un nouveau
          mot de passe.
        </p>
        <p>Ce lien est valable {lifetimeMinutes} minutes et ne sert qu'une fois. Pensez à regarder dans vos courriers indésirables.</p>
      </div>
      <ul className="card__links">
        <li>
          <Link to="/connexion">Retour à la connexion</Link>
        </li>
        <li>
          <Link to="/mot-de-passe-oublie">Demander un autre lien</Link>
        </li>
      </ul>
    </>
  );
}
