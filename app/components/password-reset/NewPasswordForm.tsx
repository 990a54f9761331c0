import { Form, useNavigation } from "@remix-run/react";
import { formatDateTime } from "@shared/domain/french-format";
import { FormAlert } from "~/components/contact/FormAlert";
import { NewPasswordFields } from "~/components/users/PasswordStrength";
import type { NewPasswordRefusal, OpenResetLink } from "~/services/password-reset/types";

/**
 * A reset link that can still be used: for which login, until when, then the new password
 * twice with the rule in words (the same fields as the password and invitation pages). The
 * token goes back in a hidden field; the login sits in a hidden field for password managers.
 */
export function NewPasswordForm({ link, refusal }: { link: OpenResetLink; refusal: NewPasswordRefusal | null }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  return (
    <>
      <p>
        Choisissez le nouveau mot de passe du compte <strong>{link.email}</strong>. Une fois enregistré, toutes les sessions ouvertes avec
        ce compte sont fermées.
      </p>
      <p className="muted">Ce lien est valable jusqu'au {formatDateTime(link.expiresAt)} et ne sert qu'une fois.</p>
      <Form
        method="post"
        noValidate
        className="form public-form"
        aria-label="Choisir un nouveau mot de passe"
        aria-describedby={refusal ? "nouveau-mdp-erreur" : undefined}
      >
        <FormAlert id="nouveau-mdp-erreur" message={refusal?.message} />
        <input type="hidden" name="jeton" value={link.token} />
        <input type="text" name="identifiant" value={link.email} autoComplete="username" readOnly hidden />
        <NewPasswordFields
          minLength={link.minLength}
          label="Nouveau mot de passe"
          errors={refusal?.errors ?? {}}
          advice={refusal?.advice ?? []}
        />
        <button type="submit" className="button button--primary button--block" disabled={sending}>
          {sending ? "Enregistrement…" : "Enregistrer le mot de passe"}
        </button>
      </Form>
    </>
  );
}
