import { Form } from "@remix-run/react";
import type { InviteField, InviteRefusal } from "~/services/users/types";

function FieldError({ field, message }: { field: InviteField; message: string | undefined }) {
  return message ? (
    <p id={`invite-${field}-erreur`} className="form__error">
      {message}
    </p>
  ) : null;
}

/**
 * Invite a person by e-mail: the back-office sends a single-use link, valid 7 days, with
 * which the person chooses its password. A refused form comes back with each message next to
 * its field and what was typed.
 */
export function InviteForm({ refusal }: { refusal?: InviteRefusal | undefined }) {
  const errors = refusal?.errors ?? {};
  const values = refusal?.values ?? { email: "", name: "" };
  const describe = (field: InviteField) => (errors[field] ? { "aria-invalid": true, "aria-describedby": `invite-${field}-erreur` } : {});
  return (
    <Form method="post" className="form invite-form" aria-labelledby="inviter-titre">
      <h2 id="inviter-titre">Inviter une personne</h2>
      {refusal ? (
        <p className="form__error form__error--global" role="alert">
          {refusal.message}
        </p>
      ) : null}
      <input type="hidden" name="intent" value="inviter" />
      <div className="field">
        <label htmlFor="invite-name">Nom et prénom</label>
        <input
          id="invite-name"
          name="name"
          type="text"
          autoComplete="off"
          maxLength={120}
          aria-required="true"
          defaultValue={values.name}
          {...describe("name")}
        />
        <FieldError field="name" message={errors.name} />
      </div>
      <div className="field">
        <label htmlFor="invite-email">Adresse e-mail</label>
        <input
          id="invite-email"
          name="email"
          type="email"
          autoComplete="off"
          maxLength={254}
          aria-required="true"
          defaultValue={values.email}
          {...describe("email")}
        />
        <FieldError field="email" message={errors.email} />
      </div>
      <p className="muted">
        La personne reçoit un lien, valable 7 jours, pour choisir son mot de passe. Ses droits sont tous accordés au départ : ajustez-les
        ensuite.
      </p>
      <button type="submit" className="button">
        Envoyer l'invitation
      </button>
    </Form>
  );
}
