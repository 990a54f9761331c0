/**
 * What forms and their actions share on both sides (docs/decisions/0101-form-pipeline.md):
 * plain types and constants, so components import them without any server code.
 */

/** The field that tells an action the form was sent by a fetcher (JavaScript on): it answers data, not a redirect. */
export const FETCH_MODE_FIELD = "mode";
export const FETCH_MODE_VALUE = "fetch";

/** The first French message of each refused field, by field name. */
export type FieldErrors<Field extends string = string> = Partial<Record<Field, string>>;

/**
 * What an action answers instead of a redirect: to a fetcher, whether it saved and the words
 * for the user; to a plain form it refused, the form to draw again (no JavaScript needed).
 */
export interface FormAnswer<Field extends string = string> {
  ok: boolean;
  message: string;
  /** A refused form drawn again: the message of each refused field. */
  errors?: FieldErrors<Field>;
  /** A refused form drawn again: what was sent, so nothing typed is lost. */
  values?: Record<string, string>;
}
