/**
 * One rule for text at every boundary (decision 0137): no control character — C0 but tab, line
 * feed and carriage return, DEL — and no lone UTF-16 surrogate, in any field of a form or any
 * string of an API body. They are never typed, only pasted or forged; PostgreSQL refuses a NUL
 * (the request then failed with a 500) and the others would be stored and drawn back into pages
 * and documents. Refused with a French message, the request changes nothing.
 */

export const CONTROL_CHARACTER_MESSAGE =
  "Ce champ contient un caractère invisible non autorisé (caractère de contrôle) : retirez-le puis réessayez.";
/** A form is drawn again without the characters: the person checks the field and sends it again. */
export const CONTROL_CHARACTER_FORM_MESSAGE =
  "Ce champ contenait un caractère invisible non autorisé (caractère de contrôle), que nous avons retiré : vérifiez-le puis envoyez à nouveau.";

// No `u` flag: the surrogates are matched as the code units they are. Matching control
// characters is this expression's whole point.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasControlCharacter(text: string): boolean {
  return FORBIDDEN.test(text);
}

export function stripControlCharacters(text: string): string {
  return text.replace(new RegExp(FORBIDDEN.source, "g"), "");
}

/**
 * The paths ("lines.0.comment", "" for the value itself) of every string, and every object
 * key, holding a forbidden character, in a JSON-like value.
 */
export function controlCharacterPaths(value: unknown, path: string[] = []): string[] {
  if (typeof value === "string") return hasControlCharacter(value) ? [path.join(".")] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => controlCharacterPaths(item, [...path, String(index)]));
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) =>
    hasControlCharacter(key) ? [[...path, key].join(".")] : controlCharacterPaths(item, [...path, key]),
  );
}
