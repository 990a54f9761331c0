/** A field's refusal under it, named by `id` so the field's aria-describedby points at it. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="form__error">
      {message}
    </p>
  ) : null;
}
