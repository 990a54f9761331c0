import { Form, Link } from "@remix-run/react";
import { formatDateTime } from "@shared/domain/french-format";
import { NewPasswordFields } from "~/components/users/PasswordStrength";
import type { InvitationRefusal, OpenInvitation } from "~/services/invitation/types";

/**
 * An invitation that can still be used: whom it is for, then the password to choose twice
 * with the rule in words (the same fields as the password page). A plain POST form: it works
 * without JavaScript, a refusal comes back with its reasons next to the field.
 */
export function InvitationForm({ invitation, refusal }: { invitation: OpenInvitation; refusal: InvitationRefusal | null }) {
  const errors = refusal?.errors ?? {};
  return (
    <>
      <p>
        Bonjour <strong>{invitation.name}</strong>, <strong>{invitation.orgName}</strong> vous invite sur le portail NautiDistrib.
        Choisissez votre mot de passe : vous vous connecterez ensuite avec votre adresse e-mail <strong>{invitation.email}</strong>.
      </p>
      <p className="muted">Ce lien est valable jusqu'au {formatDateTime(invitation.expiresAt)} et ne sert qu'une fois.</p>
      {invitation.signedInAs ? (
        <p role="note">
          Vous êtes connecté en tant que {invitation.signedInAs}. Cette invitation est destinée à {invitation.email} : une fois le mot de
          passe choisi, <Link to="/deconnexion">déconnectez-vous</Link> pour vous connecter avec cette adresse.
        </p>
      ) : null}
      <Form method="post" noValidate className="form" aria-label="Choisir mon mot de passe">
        {refusal ? (
          <p className="form__error form__error--global" role="alert">
            {refusal.message}
          </p>
        ) : null}
        <NewPasswordFields minLength={invitation.minLength} label="Mot de passe" errors={errors} advice={refusal?.advice ?? []} />
        <button type="submit" className="button button--primary">
          Enregistrer mon mot de passe
        </button>
      </Form>
    </>
  );
}
