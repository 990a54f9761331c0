/**
 * French plurals chosen by Intl.PluralRules, never « produit(s) ». French counts 0 and 1 as
 * singular (« 0 ligne refusée », « 1 ligne refusée », « 2 lignes refusées »).
 */
import { formatQuantity } from "./french-format";

const rules = new Intl.PluralRules("fr-FR");

/** The form for `count`: `one` when French says it in the singular, `other` otherwise. */
export function plural(count: number, one: string, other: string): string {
  return rules.select(count) === "one" ? one : other;
}

/** The count and its words: « 1 produit ajouté », « 1 250 produits ajoutés ». */
export function countOf(count: number, one: string, other: string): string {
  return `${formatQuantity(count)} ${plural(count, one, other)}`;
}
