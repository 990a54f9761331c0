import type { Permissions } from "@shared/domain/permissions";
import type { QuickLink } from "./types";

/** The shortcuts under the blocks: the pages the account's rights open (docs/specification.md §6). */
export function quickLinksFor(can: Permissions): QuickLink[] {
  const links: QuickLink[] = [{ to: "/catalogue", title: "Catalogue", description: "Parcourez nos familles de produits et nos marques." }];
  if (can.canUpdateCart) {
    links.push(
      { to: "/mon-panier", title: "Mon panier", description: "Le panier partagé de votre organisation." },
      { to: "/mon-panier/commande-rapide", title: "Commande rapide", description: "Ajoutez des produits par référence." },
    );
  }
  // Every account of the organization follows its orders (docs/decisions/0103).
  links.push({ to: "/mon-compte/commandes", title: "Mes commandes", description: "Suivez vos commandes et livraisons." });
  if (can.canViewQuotes)
    links.push({
      to: "/mon-compte/mes-devis",
      title: "Mes devis",
      description: "Demandez un devis et suivez les propositions de votre commercial.",
    });
  if (can.canViewInvoices)
    links.push({ to: "/mon-compte/factures", title: "Mes factures", description: "Consultez et téléchargez vos factures." });
  if (can.canViewPrices)
    links.push({ to: "/mon-compte/tarifs", title: "Mes tarifs", description: "Vos prix nets, promotions et exports Excel." });
  links.push({ to: "/mon-compte", title: "Mon compte", description: "Vos informations, adresses et préférences." });
  return links;
}
