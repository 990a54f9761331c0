import { Link } from "@remix-run/react";
import type { DeadInvitation } from "~/services/invitation/types";

/** A link that cannot be used (used, expired, unknown): why, in the back-office's words, and where to go. */
export function DeadInvitationNotice({ invitation }: { invitation: DeadInvitation }) {
  return (
    <>
      <p className="form__error form__error--global" role="alert">
        {invitation.message}
      </p>
      <ul className="card__links">
        <li>
          <Link to="/connexion">Aller à la page de connexion</Link>
        </li>
      </ul>
    </>
  );
}
