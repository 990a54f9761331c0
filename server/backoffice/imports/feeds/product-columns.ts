import type { FeedColumn } from "../reader/columns";
import { parseYesNo } from "../reader/values";
import { parseAvailableQuantity, parseImageUrls, parseKilograms, parseProductAmount, parseShippingFamilies } from "./product-values";

/**
 * The French column headers of the `products` and `stock` feeds (docs/integration.md), with
 * the names Sage 100 and Odoo exports give the same column, compared without case nor accents.
 * The template's example row sells the brand and the category of the brands and categories
 * templates (PLASTIMO, SEC-GIL).
 */

const EXAMPLE_REFERENCE = "GIL-PLA-150";

const productReference = (aliases: readonly string[]): FeedColumn => ({
  field: "reference",
  header: "Référence",
  aliases: ["Ref", "Code", "Référence article", "Code article", "AR_Ref", "Internal Reference", "Référence interne", ...aliases],
  kind: "reference",
  required: true,
  example: EXAMPLE_REFERENCE,
  maxLength: 40,
});

export const PRODUCT_COLUMNS: readonly FeedColumn[] = [
  productReference([]),
  {
    field: "title",
    header: "Titre",
    aliases: ["Désignation", "Intitulé", "Libellé", "Nom", "AR_Design", "Name"],
    kind: "text",
    required: true,
    example: "Gilet autogonflant Pilot 150 N avec harnais",
    maxLength: 200,
  },
  {
    field: "description",
    header: "Description",
    aliases: ["Description longue", "Description commerciale", "Texte", "Sales Description"],
    kind: "text",
    required: false,
    example: "Gilet automatique à déclenchement par pastille hydrosoluble, harnais intégré, flottabilité 150 N (norme ISO 12402-3).",
    maxLength: 10_000,
  },
  {
    field: "brand_reference",
    header: "Référence marque",
    aliases: ["Code marque", "Marque", "Brand/External ID"],
    kind: "reference",
    required: false,
    example: "PLASTIMO",
    maxLength: 40,
  },
  {
    field: "category_reference",
    header: "Référence catégorie",
    aliases: ["Code famille", "Famille", "Code catégorie", "Catégorie", "FA_CodeFamille", "Product Category/External ID"],
    kind: "reference",
    required: true,
    example: "SEC-GIL",
    maxLength: 40,
  },
  {
    field: "price",
    header: "Prix HT",
    aliases: ["Prix de vente", "Prix de vente HT", "Prix public HT", "Prix tarif", "AR_PrixVen", "Sales Price"],
    kind: "amount",
    required: true,
    example: "129,90",
    parse: parseProductAmount,
  },
  {
    field: "ecotax",
    header: "Écotaxe",
    aliases: ["Éco-participation", "Éco-contribution", "DEEE", "D3E", "Ecotax"],
    kind: "amount",
    required: false,
    example: "0,12",
    parse: parseProductAmount,
  },
  {
    field: "weight_gross",
    header: "Poids brut (kg)",
    aliases: ["Poids brut", "AR_PoidsBrut", "Poids", "Weight"],
    kind: "amount",
    required: false,
    example: "1,35",
    parse: parseKilograms,
  },
  {
    field: "weight_net",
    header: "Poids net (kg)",
    aliases: ["Poids net", "AR_PoidsNet", "Net Weight"],
    kind: "amount",
    required: false,
    example: "1,1",
    parse: parseKilograms,
  },
  {
    field: "mmsi",
    header: "Produit MMSI",
    aliases: ["MMSI", "Programmation MMSI"],
    kind: "yesno",
    required: false,
    example: "non",
  },
  {
    field: "shipping_families",
    header: "Famille d'expédition",
    aliases: ["Famille expédition", "Famille de transport", "Expédition", "Shipping Family"],
    kind: "text",
    required: false,
    example: "",
    parse: parseShippingFamilies,
  },
  {
    field: "discontinued",
    header: "Arrêté",
    aliases: ["Mis en sommeil", "Sommeil", "AR_Sommeil", "Discontinued"],
    kind: "yesno",
    required: false,
    example: "non",
  },
  {
    field: "returnable",
    header: "Retournable",
    aliases: ["Repris", "Reprise", "Retour autorisé", "Returnable"],
    // oui / non as the other flags, read as text so that an empty cell says nothing (null): the
    // stored flag stays, a new product may be returned; a blank in an export forbids no return.
    kind: "text",
    required: false,
    example: "oui",
    parse: parseYesNo,
  },
  {
    field: "images",
    header: "Image",
    aliases: ["Images", "URL image", "Image URL", "Photo", "Image principale"],
    kind: "text",
    required: false,
    example: `https://images.exemple.fr/produits/${EXAMPLE_REFERENCE}.jpg`,
    parse: parseImageUrls,
  },
];

export const STOCK_COLUMNS: readonly FeedColumn[] = [
  productReference(["Référence produit", "Product/Internal Reference"]),
  {
    field: "available",
    header: "Quantité disponible",
    aliases: ["Stock disponible", "Disponible", "Qté disponible", "Quantité", "Stock", "Available Quantity", "Quantity On Hand"],
    kind: "quantity",
    required: true,
    example: "24",
    parse: parseAvailableQuantity,
  },
  {
    field: "refill_date",
    header: "Date de réassort",
    aliases: ["Date de réapprovisionnement", "Date de réception prévue", "Prochaine réception", "Date prévue", "Scheduled Date"],
    kind: "date",
    required: false,
    example: "15/03/2027",
  },
  {
    field: "refill_quantity",
    header: "Quantité de réassort",
    aliases: ["Quantité en commande", "Qté commandée", "Quantité commandée", "Quantité à recevoir", "Incoming Quantity"],
    kind: "quantity",
    required: false,
    example: "50",
  },
];
