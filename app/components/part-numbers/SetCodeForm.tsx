import { Form, useNavigation } from "@remix-run/react";
import type { FieldErrors } from "~/services/forms/types";
import { PART_NUMBER_INTENTS, SET_CODE_FIELDS, type SetCodeField } from "~/services/part-numbers/types";

export interface SetCodeFormProps {
  /** A refused form drawn again: the message of each field and what was typed. */
  errors?: FieldErrors<SetCodeField>;
  values?: Record<string, string>;
}

function Field({ name, label, help, errors, values }: { name: SetCodeField; label: string; help: string } & SetCodeFormProps) {
  const id = `part-number-${name}`;
  const error = errors?.[name];
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <p className="muted" id={`${id}-help`}>
        {help}
      </p>
      <input
        id={id}
        name={name}
        type="text"
        required
        maxLength={name === SET_CODE_FIELDS.code ? 40 : 60}
        autoComplete="off"
        defaultValue={values?.[name] ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-help ${id}-error` : `${id}-help`}
      />
      {error ? (
        <p id={`${id}-error`} className="form__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Gives a product (by its reference) the organization's code; it replaces the code it had. */
export function SetCodeForm({ errors, values }: SetCodeFormProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === PART_NUMBER_INTENTS.set;
  return (
    <Form method="post" className="form part-numbers__set">
      <input type="hidden" name="intent" value={PART_NUMBER_INTENTS.set} />
      <Field
        name={SET_CODE_FIELDS.ref}
        label="Référence du produit"
        help="La référence du catalogue, par exemple GAG00001."
        errors={errors}
        values={values}
      />
      <Field
        name={SET_CODE_FIELDS.code}
        label="Votre code"
        help="40 caractères au plus : lettres, chiffres, espaces et . _ - / + #. Il remplace le code que le produit avait."
        errors={errors}
        values={values}
      />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? "Enregistrement…" : "Enregistrer le code"}
      </button>
    </Form>
  );
}
