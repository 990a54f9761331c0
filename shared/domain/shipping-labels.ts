import { isShippingReference, normalizeReference, type ShippingRef } from "./references";

/**
 * What a customer reads for each shipping line (docs/shipping.md). The references of the spec
 * (§9) are the ERP's codes: a buyer never sees « PORT_DS_ANTENNE », only what it pays for.
 * The back-office's product titles are not used: an ERP may fill them with its own jargon.
 */
export const SHIPPING_LABELS: Readonly<Record<ShippingRef, string>> = {
  PORT_ANTENNE: "Transport d'antenne (colis long)",
  PORT_BALISE: "Emballage de balise (pile au lithium)",
  PORT_DS_ANTENNE: "Livraison directe : antenne",
  PORT_DS_AUTRE: "Livraison directe : colis",
  PORT_DS_MOTEUR: "Livraison directe : moteur, par moteur",
  PORT_DS_MOTEUR_COR: "Livraison directe en Corse : moteur, par moteur",
  "PORT_EXT+1KG": "Transport de colis de plus de 1 kg",
  "PORT_EXT-1KG": "Transport de colis (tarif léger)",
  PORT_FRANCO: "Livraison gratuite des colis (franco de port)",
  PORT_MOTEUR: "Transport de moteur sur palette, par moteur",
  PORT_MOTEUR_CORSE: "Transport de moteur vers la Corse, par moteur",
  PORT_SAMEDI: "Supplément livraison le samedi",
  PORT_SUPP_ADR: "Supplément matières dangereuses (ADR)",
  PORT_SUPP_CORSE: "Supplément Corse",
};

/** The direct-delivery (ldd) fee: not a line of the cart (docs/shipping.md), shown as one. */
export const LDD_FEE_LABEL = "Forfait livraison directe (express)";

/**
 * The French name of a shipping line. A reference outside the table (an ERP's new code) shows
 * its title, or a plain « Frais de port » when the title is the code itself: never a code.
 */
export function shippingLabel(ref: string, title = ""): string {
  const code = normalizeReference(ref);
  if (isShippingReference(code)) return SHIPPING_LABELS[code as ShippingRef];
  const named = title.trim();
  return named === "" || normalizeReference(named) === normalizeReference(ref) ? "Frais de port" : named;
}
