/** A labelled text field with its French message under it: the account forms' one building block. */
export interface TextFieldProps {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  error?: string | undefined;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  maxLength?: number;
  required?: boolean;
  readOnly?: boolean;
  hint?: string;
}

export function TextField({
  id,
  name,
  label,
  defaultValue,
  error,
  type = "text",
  autoComplete,
  maxLength,
  required = false,
  readOnly = false,
  hint,
}: TextFieldProps) {
  const errorId = `${id}-erreur`;
  const hintId = `${id}-aide`;
  const described = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="muted">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        maxLength={maxLength}
        aria-required={required ? true : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        readOnly={readOnly}
      />
      {error ? (
        <p id={errorId} className="form__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
