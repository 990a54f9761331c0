/**
 * Choosing a password, wherever it is chosen (the password page, an invitation's page): the
 * new password twice, the rule stated in French before typing, and after a refusal the reasons
 * next to the field with zxcvbn's French advice under it (shared/domain/password.ts, judged on
 * the server: the dictionaries never reach the browser). Ids and names are fixed, `nouveau`
 * and `confirmation`, so both forms read the same fields. No maxLength: a browser would cut a
 * pasted password silently, and the person would not know the one they saved; the server
 * refuses a too long one in words.
 */

export type NewPasswordField = "nouveau" | "confirmation";

export interface NewPasswordFieldsProps {
  minLength: number;
  /** The label of the first field: « Nouveau mot de passe », or « Mot de passe » for a first one. */
  label: string;
  errors: Partial<Record<NewPasswordField, string>>;
  /** How to do better, after the reason shown in `errors.nouveau`. */
  advice: readonly string[];
}

export const RULE_ID = "nouveau-regle";
const ADVICE_ID = "nouveau-conseils";

/** The rule in words, as the back-office applies it (decision 0116). */
export function PasswordRule({ minLength }: { minLength: number }) {
  return (
    <p id={RULE_ID} className="muted">
      Au moins {minLength} caractères, difficile à deviner : évitez les mots du dictionnaire, les prénoms, les dates, les suites du clavier,
      ainsi que votre nom, votre adresse e-mail et le nom de votre organisation. Une phrase de plusieurs mots sans rapport entre eux est un
      bon choix.
    </p>
  );
}

export function PasswordFieldError({ field, message }: { field: string; message: string | undefined }) {
  return message ? (
    <p id={`${field}-erreur`} className="form__error">
      {message}
    </p>
  ) : null;
}

/** aria attributes of a field: its error first (read first), then its help. */
export function describedBy(field: string, error: string | undefined, ...help: string[]) {
  const ids = [error ? `${field}-erreur` : null, ...help].filter(Boolean).join(" ");
  return { "aria-invalid": error ? true : undefined, "aria-describedby": ids || undefined };
}

export function NewPasswordFields({ minLength, label, errors, advice }: NewPasswordFieldsProps) {
  const help = advice.length > 0 ? [ADVICE_ID, RULE_ID] : [RULE_ID];
  return (
    <>
      <div className="field">
        <label htmlFor="nouveau">{label}</label>
        <PasswordRule minLength={minLength} />
        <input
          id="nouveau"
          name="nouveau"
          type="password"
          autoComplete="new-password"
          required
          {...describedBy("nouveau", errors.nouveau, ...help)}
        />
        <PasswordFieldError field="nouveau" message={errors.nouveau} />
        {advice.length > 0 ? (
          <ul id={ADVICE_ID} className="form__advice" aria-label="Conseils pour un mot de passe plus sûr">
            {advice.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor="confirmation">Confirmez le mot de passe</label>
        <input
          id="confirmation"
          name="confirmation"
          type="password"
          autoComplete="new-password"
          required
          {...describedBy("confirmation", errors.confirmation)}
        />
        <PasswordFieldError field="confirmation" message={errors.confirmation} />
      </div>
    </>
  );
}
