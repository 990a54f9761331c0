import { Link } from "@remix-run/react";

/** The acknowledgement after the contact form, the same for everyone (a robot's message lands here too). */
export function ContactThanks({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="public-page" aria-labelledby="titre-merci">
      <h1 id="titre-merci">Message envoyé</h1>
      <div className="public-form__sent" role="status">
        <p>Merci, votre message nous est bien parvenu.</p>
        <p>Une copie vient de vous être envoyée par e-mail. Notre service clients vous répond dans un délai d'un jour ouvré.</p>
      </div>
      <ul className="card__links">
        <li>
          <Link to="/nous-contacter">Écrire un autre message</Link>
        </li>
        <li>{signedIn ? <Link to="/">Retour à l'accueil</Link> : <Link to="/connexion">Aller à la page de connexion</Link>}</li>
      </ul>
    </section>
  );
}
