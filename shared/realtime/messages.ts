import type { CartUpdatePayload, CartUpdateProduct } from "./protocol";

/**
 * The French notice of a cart update (docs/specification.md §8), the same words for every browser.
 * Pure, no dependency: it runs in the browser.
 */

function productName(product: CartUpdateProduct | undefined): string {
  if (!product) return "";
  const title = product.title.trim();
  return title === "" ? product.ref : title;
}

function productsPhrase(products: readonly CartUpdateProduct[]): string {
  return products.length === 1 ? `Le produit ${productName(products[0])}` : `${products.length} produits`;
}

function reference(event: CartUpdatePayload): string {
  return event.reference ? ` ${event.reference}` : "";
}

export function cartUpdateMessage(event: CartUpdatePayload): string {
  const by = `par ${event.author}`;
  const [first] = event.products;
  switch (event.kind) {
    case "added":
      if (event.products.length === 0) return `Le panier a été complété ${by}`;
      return event.products.length === 1
        ? `Le produit ${productName(first)} a été ajouté au panier ${by}`
        : `${event.products.length} produits ont été ajoutés au panier ${by}`;
    case "removed":
      return first ? `Le produit ${productName(first)} a été retiré du panier ${by}` : `Un produit a été retiré du panier ${by}`;
    case "quantity":
    case "quantities":
      if (event.products.length === 0) return `Les quantités du panier ont été modifiées ${by}`;
      return event.products.length === 1
        ? `La quantité du produit ${productName(first)} a été modifiée ${by}`
        : `Les quantités de ${productsPhrase(event.products)} ont été modifiées ${by}`;
    case "cleared":
      return `Le panier a été vidé ${by}`;
    case "options":
      return `Les options de livraison du panier ont été modifiées ${by}`;
    case "details":
      return `La référence et le commentaire du panier ont été modifiés ${by}`;
    case "certificates":
      return first
        ? `Les certificats MMSI du produit ${productName(first)} ont été modifiés ${by}`
        : `Les certificats MMSI du panier ont été modifiés ${by}`;
    case "order_confirmed":
      return `La commande a été confirmée ${by}`;
    case "access":
      return `Les droits des utilisateurs ont été modifiés ${by}`;
    case "approval_requested":
      return `Le panier a été envoyé pour validation ${by}${event.reference ? ` (demande ${event.reference})` : ""}`;
    case "approval_approved":
      return `La demande de validation${reference(event)} a été approuvée ${by} : la commande est passée`;
    case "approval_refused":
      return `La demande de validation${reference(event)} a été refusée ${by}`;
  }
}
