import type { Choice } from "~/services/contact/types";

/**
 * The public forms' select and text area, built like users/FormFields.tsx's TextField: a label,
 * an optional hint, the French message under the field and named by its aria-describedby.
 */

interface FieldBase {
  id: string;
  name: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
}

function describedBy(id: string, error: string | undefined, hint: string | undefined) {
  const ids = [error ? `${id}-erreur` : null, hint ? `${id}-aide` : null].filter(Boolean).join(" ");
  return { "aria-invalid": error ? true : undefined, "aria-describedby": ids || undefined };
}

function Hint({ id, hint }: { id: string; hint: string | undefined }) {
  return hint ? (
    <p id={`${id}-aide`} className="muted">
      {hint}
    </p>
  ) : null;
}

function ErrorLine({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-erreur`} className="form__error">
      {error}
    </p>
  ) : null;
}

export function SelectField({
  id,
  name,
  label,
  error,
  hint,
  required = false,
  choices,
  defaultValue,
  placeholder,
}: FieldBase & { choices: Choice[]; defaultValue: string; placeholder: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <Hint id={id} hint={hint} />
      <select id={id} name={name} defaultValue={defaultValue} aria-required={required ? true : undefined} {...describedBy(id, error, hint)}>
        <option value="">{placeholder}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <ErrorLine id={id} error={error} />
    </div>
  );
}

export function TextAreaField({
  id,
  name,
  label,
  error,
  hint,
  required = false,
  defaultValue,
  maxLength,
  rows = 8,
}: FieldBase & { defaultValue: string; maxLength: number; rows?: number }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <Hint id={id} hint={hint} />
      <textarea
        id={id}
        name={name}
        defaultValue={defaultValue}
        maxLength={maxLength}
        rows={rows}
        aria-required={required ? true : undefined}
        {...describedBy(id, error, hint)}
      />
      <ErrorLine id={id} error={error} />
    </div>
  );
}
