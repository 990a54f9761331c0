import { z } from "zod";

/**
 * Field schemas that several forms share, written once (docs/decisions/0101-form-pipeline.md).
 * Each gives its French message; forms add their own rules on top.
 */

/**
 * A quantity typed by a user: checked here for its form (digits only) and by the domain for its
 * range, so "abc", "-1", "1e9", "0" and "1000000000" all get a French reason.
 */
export const quantityField = z
  .string({ error: "Indiquez une quantité." })
  .trim()
  .regex(/^\d{1,12}$/, "La quantité doit être un nombre entier supérieur à zéro.")
  .transform(Number);

/** A checkbox: ticked when the browser sends it (its value "on" by default), unticked when absent. */
export function checkboxField(message = "Case à cocher invalide.") {
  return z
    .enum(["on", "1", "true"], { error: message })
    .optional()
    .transform((value) => value !== undefined);
}

/**
 * A checkbox's state as the page showed it: a hidden field, so "off" is sent too
 * (docs/decisions/0090-cart-options-and-details-send-what-was-shown.md).
 */
export function shownCheckboxField(message = "Case à cocher invalide.") {
  return z
    .enum(["on", "off"], { error: message })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === "on"));
}

/** A text as the page showed it (absent: the form predates the protocol). */
export const shownTextField = z.string().trim().optional();

/**
 * Euros as a French user types them (« 150,50 », « 1 234,5 », « 5 000 », « 150.50 € », « 12 »)
 * into cents; null when it is not an amount (a negative one included).
 */
export function parseEuros(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, "").replace(/€$/, "");
  const match = /^(\d{1,12})(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** The contract's bound for an amount a form sets (shared/contracts/approvals.ts), in cents. */
export const MAX_AMOUNT_CENTS = 100_000_000_00;

/**
 * An optional amount in euros (a limit, a budget, a threshold), French messages naming the
 * field: empty means none (null); absent (the form did not show it) is undefined, so the
 * caller keeps what was saved.
 */
export function optionalEurosField(label: string) {
  return z
    .string()
    .optional()
    .transform((text, context): number | null | undefined => {
      if (text === undefined) return undefined;
      const trimmed = text.trim();
      if (trimmed === "") return null;
      if (/^-/.test(trimmed)) {
        context.addIssue({ code: "custom", message: `${label} : un montant ne peut pas être négatif.` });
        return z.NEVER;
      }
      const cents = parseEuros(trimmed);
      if (cents === null) {
        context.addIssue({ code: "custom", message: `${label} : montant invalide, indiquez des euros (par exemple 2 000 ou 2 000,00).` });
        return z.NEVER;
      }
      if (cents > MAX_AMOUNT_CENTS) {
        context.addIssue({ code: "custom", message: `${label} : montant trop élevé (au plus 100 000 000,00 €).` });
        return z.NEVER;
      }
      return cents;
    });
}
