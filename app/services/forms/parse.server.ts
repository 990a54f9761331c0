import { data } from "@remix-run/node";
import type { z } from "zod";
import { CONTROL_CHARACTER_FORM_MESSAGE, hasControlCharacter, stripControlCharacters } from "@shared/contracts/control-characters";
import type { FieldErrors } from "./types";

/**
 * The one way an action reads a form (docs/decisions/0101-form-pipeline.md): its text fields,
 * checked by one zod schema. A form with several buttons sends an `intent`, and its schema is a
 * discriminated union on it: an intent the schema does not know is no user's mistake but a bad
 * request, answered 400 "Action inconnue." (thrown, so the route stops there).
 */

export const UNKNOWN_INTENT = "Action inconnue.";
const INVALID_FORM = "Formulaire invalide.";

/** Form fields as strings only, the first value of each name: a file where text is expected is absent. */
export function textFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string" && !(key in fields)) fields[key] = value;
  }
  return fields;
}

/** Every field name of a form's input, across the variants of an intent union. */
type FieldName<T> = T extends unknown ? Extract<keyof T, string> : never;

export type ParsedForm<S extends z.ZodType> =
  | { ok: true; data: z.output<S>; fields: Record<string, string> }
  | {
      ok: false;
      /** The first French message of each refused field. */
      fieldErrors: FieldErrors<FieldName<z.input<S>>>;
      /** The first French message of all, for a toast or the form's alert. */
      formError: string;
      fields: Record<string, string>;
    };

function isFormData(form: FormData | Record<string, string>): form is FormData {
  return typeof form.entries === "function" && typeof form.get === "function";
}

/**
 * Checks a form (or its fields already read) against its schema. Every field comes back in
 * `fields`, refused or not: a refused form is drawn again with what was typed. A control
 * character in any field refuses the form before the schema is asked (decision 0137).
 */
export function parseForm<S extends z.ZodType>(form: FormData | Record<string, string>, schema: S): ParsedForm<S> {
  const fields = isFormData(form) ? textFields(form) : form;
  const forbidden = Object.keys(fields).filter((name) => hasControlCharacter(name) || hasControlCharacter(fields[name] ?? ""));
  if (forbidden.length > 0) {
    const fieldErrors = Object.fromEntries(forbidden.map((name) => [stripControlCharacters(name), CONTROL_CHARACTER_FORM_MESSAGE]));
    // What was typed comes back without the characters, so the form can be sent again as it shows.
    const cleaned = Object.fromEntries(
      Object.entries(fields).map(([name, value]) => [stripControlCharacters(name), stripControlCharacters(value)]),
    );
    return {
      ok: false,
      fieldErrors: fieldErrors as FieldErrors<FieldName<z.input<S>>>,
      formError: CONTROL_CHARACTER_FORM_MESSAGE,
      fields: cleaned,
    };
  }
  const parsed = schema.safeParse(fields);
  if (parsed.success) return { ok: true, data: parsed.data, fields };
  const { issues } = parsed.error;
  if (issues.some((issue) => issue.path[0] === "intent")) throw data({ message: UNKNOWN_INTENT }, { status: 400 });
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === "string" && !(field in fieldErrors)) fieldErrors[field] = issue.message;
  }
  return {
    ok: false,
    fieldErrors: fieldErrors as FieldErrors<FieldName<z.input<S>>>,
    formError: issues[0]?.message ?? INVALID_FORM,
    fields,
  };
}
