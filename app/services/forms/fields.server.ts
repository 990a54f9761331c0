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
