import type { Cart, CartLine } from "../contracts/entities";
import type { AccountContext } from "./account";
import { isTagIntegrator } from "./account";
import { countOf } from "./plural";

/** One reason an order cannot be confirmed: a stable code, a French message, the line if any. */
export interface OrderProblem {
  code: string;
  message: string;
  lineId?: string;
}

export interface OrderValidationContext {
  account: AccountContext;
  /** The `orders` permission of the user confirming (permissionsOf(user).canOrder). */
  canOrder: boolean;
}

export function isMmsiProduct(line: Pick<CartLine, "obj_properties">): boolean {
  return line.obj_properties["Produit MMSI"] === true;
}

function certificateProblems(line: CartLine): OrderProblem[] {
  const problems: OrderProblem[] = [];
  const attached = line.certificates.length;
  if (attached !== line.qty) {
    problems.push({
      code: "mmsi_certificates",
      message: `${line.obj_ref} : ${countOf(line.qty, "certificat MMSI attendu", "certificats MMSI attendus")}, ${countOf(attached, "joint", "joints")}.`,
      lineId: line.line_id,
    });
  }
  const numbers = line.certificates.map((certificate) => certificate.mmsi);
  if (new Set(numbers).size !== numbers.length) {
    problems.push({
      code: "mmsi_duplicate",
      message: `${line.obj_ref} : un même numéro MMSI est joint plusieurs fois.`,
      lineId: line.line_id,
    });
  }
  return problems;
}

/**
 * Every reason the cart cannot be ordered, all at once (an empty list means it can):
 * the `orders` permission, at least one product line with qty > 0, no product discontinued
 * since it was put in the cart, and for each MMSI product as many distinct certificates as
 * units, unless the account is a tag integrator.
 */
export function validateOrder(cart: Cart, ctx: OrderValidationContext): OrderProblem[] {
  const problems: OrderProblem[] = [];
  if (!ctx.canOrder) {
    problems.push({ code: "forbidden", message: "Vous n'êtes pas autorisé à passer commande." });
  }
  const orderedLines = cart.products.filter((line) => !line.prd_is_port && line.qty > 0);
  if (orderedLines.length === 0) {
    problems.push({ code: "empty_cart", message: "Votre panier ne contient aucun produit à commander." });
  }
  for (const line of orderedLines.filter((candidate) => candidate.prd_discontinued === true)) {
    problems.push({
      code: "discontinued",
      message: `${line.obj_ref} n'est plus commercialisé : retirez-le du panier.`,
      lineId: line.line_id,
    });
  }
  if (!isTagIntegrator(ctx.account)) {
    for (const line of orderedLines.filter(isMmsiProduct)) problems.push(...certificateProblems(line));
  }
  return problems;
}
