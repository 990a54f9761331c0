import { Link } from "@remix-run/react";
import type { DeadResetLink } from "~/services/password-reset/types";

/** A link that cannot be used (unknown, used or replaced, expired): why, and how to get a new one. */
export function DeadResetNotice({ link }: { link: DeadResetLink }) {
  return (
    <>
      <p className="form__error form__error--global" role="alert">
        {link.message}
      </p>
      <ul className="card__links">
        <li>
          <Link to="/mot-de-passe-oublie">Demander un nouveau lien</Link>
        </li>
        <li>
          <Link to="/connexion">Aller à la page de connexion</Link>
        </li>
      </ul>
    </>
  );
}
