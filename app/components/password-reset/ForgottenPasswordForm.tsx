import { Form, Link, useNavigation } from "@remix-run/react";
import { FormAlert } from "~/components/contact/FormAlert";
import { HoneypotField } from "~/components/contact/HoneypotField";
import { TextField } from "~/components/users/FormFields";
import type { ForgottenPasswordRefusal, ForgottenPasswordView } from "~/services/password-reset/types";
import { FormPrivacyNote } from "~/components/legal/FormPrivacyNote";

/** The address to send a link to. A plain POST form; the page after it says the same for every address. */
export function ForgottenPasswordForm({ view, refusal }: { view: ForgottenPasswordView; refusal: ForgottenPasswordRefusal | null }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  return (
    <>
      <p>
        Indiquez l'adresse e-mail qui vous sert d'identifiant : si elle correspond à un compte, vous recevrez un lien pour choisir un
        nouveau mot de passe, valable {view.lifetimeMinutes} minutes.
      </p>
      <Form
        method="post"
        noValidate
        className="form public-form"
        aria-label="Mot de passe oublié"
        aria-describedby={refusal ? "oubli-erreur" : undefined}
      >
        <FormAlert id="oubli-erreur" message={refusal?.message} />
        <TextField
          id="oubli-email"
          name="email"
          type="email"
          label="Adresse e-mail"
          defaultValue={refusal?.values.email ?? ""}
          autoComplete="username"
          maxLength={120}
          required
          error={refusal?.errors.email}
        />
        <HoneypotField />
        <button type="submit" className="button button--primary button--block" disabled={sending}>
          {sending ? "Envoi…" : "Recevoir un lien"}
        </button>
        <FormPrivacyNote id="oubli-donnees" purpose="vous envoyer le lien, si l'adresse est celle d'un compte" />
      </Form>
      <ul className="card__links">
        <li>
          <Link to="/connexion">Retour à la connexion</Link>
        </li>
      </ul>
    </>
  );
}
