import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import type { FormAnswer } from "~/services/forms/types";
import { FieldError } from "./FieldError";

/**
 * The pieces of a quote page's action forms, the customer's and the representative's alike:
 * each form posts its `intent` as multipart (a file may go with a message) and, refused, is
 * drawn again with its message and what was typed.
 */

/** The refused answer when it is this form's (its intent among `values`), else null. */
export function refusalFor(answer: FormAnswer | null, intent: string): FormAnswer | null {
  return answer && !answer.ok && answer.values?.intent === intent ? answer : null;
}

/** Ids are built from the intent, dashed (« ask_information » → « ask-information-titre »). */
const idOf = (intent: string) => intent.replace("_", "-");

/** A titled form posting `intent`; `globalError` is the refusal's message when no field shows it. */
export function ActionForm({
  intent,
  title,
  globalError,
  children,
}: {
  intent: string;
  title: string;
  globalError: string | null;
  children: ReactNode;
}) {
  const id = idOf(intent);
  return (
    <Form method="post" encType="multipart/form-data" className="form quote-form" aria-labelledby={`${id}-titre`}>
      <h3 id={`${id}-titre`}>{title}</h3>
      <input type="hidden" name="intent" value={intent} />
      {globalError !== null ? (
        <p className="form__error form__error--global" role="alert">
          {globalError}
        </p>
      ) : null}
      {children}
    </Form>
  );
}

export function SubmitButton({ label, primary = false }: { label: string; primary?: boolean }) {
  return (
    <p>
      <button type="submit" className={primary ? "button button--primary" : "button"}>
        {label}
      </button>
    </p>
  );
}

/** A message with an optional file (an answer, a question, or a plain message). */
export function MessageForm({
  intent,
  title,
  button,
  answer,
}: {
  intent: string;
  title: string;
  button: string;
  answer: FormAnswer | null;
}) {
  const refusal = refusalFor(answer, intent);
  const messageError = refusal?.errors?.message;
  const fileError = refusal?.errors?.piece_jointe;
  const id = idOf(intent);
  return (
    <ActionForm intent={intent} title={title} globalError={refusal && !messageError && !fileError ? refusal.message : null}>
      <div className="field">
        <label htmlFor={`${id}-message`}>Message</label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={4}
          maxLength={4000}
          defaultValue={refusal?.values?.message ?? ""}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={messageError ? `${id}-message-erreur` : undefined}
        />
        <FieldError id={`${id}-message-erreur`} message={messageError} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-fichier`}>Pièce jointe (facultatif : PDF, PNG ou JPEG, 5 Mo au plus)</label>
        <input
          id={`${id}-fichier`}
          name="piece_jointe"
          type="file"
          accept="application/pdf,image/png,image/jpeg"
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? `${id}-fichier-erreur` : undefined}
        />
        <FieldError id={`${id}-fichier-erreur`} message={fileError} />
      </div>
      <SubmitButton label={button} />
    </ActionForm>
  );
}

/** Closing the quote (refusing, cancelling) with an optional reason. */
export function ReasonForm(props: { intent: string; title: string; button: string; reasonLabel: string; answer: FormAnswer | null }) {
  const { intent, title, button, reasonLabel, answer } = props;
  const refusal = refusalFor(answer, intent);
  const id = idOf(intent);
  return (
    <ActionForm intent={intent} title={title} globalError={refusal?.message ?? null}>
      <div className="field">
        <label htmlFor={`${id}-motif`}>{reasonLabel}</label>
        <textarea id={`${id}-motif`} name="motif" rows={2} maxLength={4000} defaultValue={refusal?.values?.motif ?? ""} />
      </div>
      <SubmitButton label={button} />
    </ActionForm>
  );
}
