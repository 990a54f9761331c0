import type { FeedColumn } from "../reader/columns";

/**
 * The columns of the `prices` and `price-groups` feeds (docs/integration.md), with the names
 * Sage 100's tarifs clients and catégories tarifaires and Odoo's pricelists give them. Each
 * prices line is one of: a customer's or a price group's net price or discount on a product
 * (or a discount on a brand), optionally dated; a promotion on a product, for everyone or for
 * one customer. The template shows one line of each kind (`moreExamples`).
 */

export const PRICE_COLUMNS: readonly FeedColumn[] = [
  {
    field: "customer_reference",
    header: "Référence client",
    aliases: ["Code client", "N° client", "Numéro client", "Compte client", "Client", "CT_Num", "Customer", "Partner/External ID"],
    kind: "reference",
    required: false,
    anyOf: "scope",
    example: "C0001",
    moreExamples: ["", "", "", "C0001"],
    maxLength: 40,
  },
  {
    field: "price_group",
    header: "Groupe de prix",
    aliases: ["Catégorie tarifaire", "Code catégorie tarifaire", "AC_Categorie", "Liste de prix", "Pricelist", "Pricelist/External ID"],
    kind: "reference",
    required: false,
    anyOf: "scope",
    example: "",
    moreExamples: ["REVENDEURS", "CHANTIERS", "", ""],
    maxLength: 40,
  },
  {
    field: "product_reference",
    header: "Référence produit",
    aliases: [
      "Référence article",
      "Code article",
      "Article",
      "AR_Ref",
      "Référence interne",
      "Internal Reference",
      "Product/Internal Reference",
      "Product Variant/Internal Reference",
    ],
    kind: "reference",
    required: false,
    anyOf: "target",
    example: "GMO00013",
    moreExamples: ["", "ANO00025", "AFO00031", "EXT00009"],
    maxLength: 40,
  },
  {
    field: "brand_reference",
    header: "Référence marque",
    aliases: ["Code marque", "Product Brand/External ID"],
    kind: "reference",
    required: false,
    anyOf: "target",
    example: "",
    moreExamples: ["PLASTIMO", "", "", ""],
    maxLength: 40,
  },
  {
    field: "promotion",
    header: "Promotion",
    aliases: ["Nom de la promotion", "Libellé promotion", "Opération", "Opération commerciale", "Promo"],
    kind: "text",
    required: false,
    anyOf: "scope",
    example: "",
    moreExamples: ["", "", "Offre Salon Nautique", "Offre fidélité"],
    maxLength: 80,
  },
  {
    field: "price",
    header: "Prix net HT",
    aliases: ["Prix net", "Prix HT", "Prix", "Prix promo", "Prix promotionnel", "Prix fixe", "AC_PrixVen", "Fixed Price"],
    kind: "amount",
    required: false,
    anyOf: "amount",
    example: "17,90",
    moreExamples: ["", "", "99,00", ""],
  },
  {
    field: "discount",
    header: "Remise (%)",
    aliases: ["Remise", "Taux de remise", "Pourcentage de remise", "AC_Remise", "Percentage Price", "Discount"],
    kind: "percent",
    required: false,
    anyOf: "amount",
    example: "",
    moreExamples: ["12,5", "8", "", "20"],
  },
  {
    field: "starts_on",
    header: "Date de début",
    aliases: ["Début", "Date début", "Du", "Valable du", "Start Date", "Date Start"],
    kind: "date",
    required: false,
    example: "",
    moreExamples: ["", "01/03/2027", "05/12/2026", "01/01/2027"],
  },
  {
    field: "ends_on",
    header: "Date de fin",
    aliases: ["Fin", "Date fin", "Au", "Valable jusqu'au", "End Date", "Date End"],
    kind: "date",
    required: false,
    example: "",
    moreExamples: ["", "30/06/2027", "14/12/2026", "31/01/2027"],
  },
];

export const PRICE_GROUP_COLUMNS: readonly FeedColumn[] = [
  {
    field: "reference",
    header: "Référence",
    aliases: ["Ref", "Code", "Code groupe", "Groupe de prix", "Code catégorie tarifaire", "External ID", "ID externe"],
    kind: "reference",
    required: true,
    example: "REVENDEURS",
    maxLength: 40,
  },
  {
    field: "title",
    header: "Nom",
    aliases: ["Intitulé", "Libellé", "Titre", "Catégorie tarifaire", "Intitulé catégorie tarifaire", "Name", "Pricelist Name"],
    kind: "text",
    required: true,
    example: "Revendeurs",
    maxLength: 120,
  },
];
