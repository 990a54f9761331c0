/** A refused form's message above it, announced when it appears; named by the form's aria-describedby. */
export function FormAlert({ id, message }: { id: string; message: string | null | undefined }) {
  return message ? (
    <p id={id} className="form__error form__error--global" role="alert">
      {message}
    </p>
  ) : null;
}
