import { Link } from "@remix-run/react";

/** After the form: received, what happens next (the same page for a request a robot sent). */
export function AccountOpeningSent() {
  return (
    <>
      <div className="public-form__sent" role="status">
        <p>Votre demande d'ouverture de compte est bien reçue.</p>
        <p>
          Un accusé de réception avec sa référence vient de partir à l'adresse e-mail indiquée. Notre équipe commerciale l'étudie et vous
          répond sous deux jours ouvrés.
        </p>
      </div>
      <ul className="card__links">
        <li>
          <Link to="/connexion">Aller à la page de connexion</Link>
        </li>
        <li>
          <Link to="/nous-contacter">Nous contacter</Link>
        </li>
      </ul>
    </>
  );
}
