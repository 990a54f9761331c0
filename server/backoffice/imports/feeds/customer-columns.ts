import type { FeedColumn } from "../reader/columns";

/**
 * The `customers` and `users` feeds' French headers (docs/integration.md), with the names
 * Sage 100 (Clients, Contacts) and Odoo (Contacts) give the same column, compared without
 * case nor accents. The customer's reference is 20 characters at most, as invoices print it.
 */

const yesNo = (field: string, header: string, aliases: readonly string[], example: string): FeedColumn => ({
  field,
  header,
  aliases,
  kind: "yesno",
  required: false,
  example,
});

const optionalText = (field: string, header: string, aliases: readonly string[], example: string, maxLength: number): FeedColumn => ({
  field,
  header,
  aliases,
  kind: "text",
  required: false,
  example,
  maxLength,
});

const EMAIL_ALIASES = ["Email", "Adresse e-mail", "Adresse mail", "Courriel", "Mail"];

export const CUSTOMER_COLUMNS: readonly FeedColumn[] = [
  {
    field: "reference",
    header: "Référence",
    aliases: ["Ref", "Code", "Code client", "Référence client", "Numéro client", "N° compte tiers", "Numéro compte", "Internal Reference"],
    kind: "reference",
    required: true,
    example: "C0420",
    maxLength: 20,
  },
  {
    field: "name",
    header: "Raison sociale",
    aliases: ["Intitulé", "Nom", "Société", "Nom de la société", "Name", "Company Name"],
    kind: "text",
    required: true,
    example: "Chantier Naval de la Rance",
    maxLength: 150,
  },
  { field: "email", header: "E-mail", aliases: EMAIL_ALIASES, kind: "email", required: false, example: "achats@chantier-rance.fr" },
  optionalText(
    "cat_compta",
    "Catégorie comptable",
    ["N_CatCompta", "Cat. comptable", "Catégorie compta", "Position fiscale", "Fiscal Position"],
    "Ventes France",
    60,
  ),
  optionalText("siret", "SIRET", ["N° SIRET", "Numéro SIRET"], "518 732 649 00026", 30),
  optionalText(
    "vat_number",
    "N° TVA intracommunautaire",
    ["TVA intracommunautaire", "N° TVA", "Numéro de TVA", "N° identifiant", "Tax ID", "VAT"],
    "FR90518732649",
    40,
  ),
  {
    field: "street",
    header: "Adresse",
    aliases: ["Rue", "Adresse 1", "Street"],
    kind: "text",
    required: true,
    example: "12 quai Saint-Louis",
    maxLength: 120,
  },
  optionalText("street2", "Complément", ["Complément d'adresse", "Adresse 2", "Street2"], "Bâtiment B", 120),
  {
    field: "zipcode",
    header: "Code postal",
    aliases: ["CP", "Zip", "Code postal facturation"],
    kind: "text",
    required: true,
    example: "35400",
    maxLength: 12,
  },
  { field: "city", header: "Ville", aliases: ["Localité", "City"], kind: "text", required: true, example: "Saint-Malo", maxLength: 100 },
  optionalText("country", "Pays", ["Code pays", "Country", "Country Code"], "FR", 60),
  optionalText("delivery_street", "Adresse de livraison", ["Adresse livraison", "Rue de livraison"], "Terre-plein du Naye, cale 3", 120),
  optionalText("delivery_street2", "Complément de livraison", ["Complément livraison"], "", 120),
  optionalText("delivery_zipcode", "Code postal de livraison", ["CP livraison", "Code postal livraison"], "35400", 12),
  optionalText("delivery_city", "Ville de livraison", ["Ville livraison"], "Saint-Malo", 100),
  optionalText("delivery_country", "Pays de livraison", ["Pays livraison"], "FR", 60),
  optionalText(
    "payment_terms",
    "Conditions de paiement",
    ["Conditions de règlement", "Délai de paiement", "Échéance", "Payment Terms"],
    "45 jours fin de mois",
    60,
  ),
  yesNo("free_shipping", "Franco", ["Franco de port", "Éligible franco"], "oui"),
  {
    // A group the price-groups feed imported (price_groups.ref): the customer gets its conditions.
    field: "price_group",
    header: "Groupe de prix",
    aliases: [
      "Catégorie tarifaire",
      "Groupe tarifaire",
      "Code catégorie tarifaire",
      "N_CatTarif",
      "Liste de prix",
      "Pricelist",
      "Pricelist/External ID",
    ],
    kind: "reference",
    required: false,
    example: "CHANTIERS",
    maxLength: 40,
  },
  yesNo("integrator", "Intégrateur", ["Intégrateur balises", "Integrator"], "non"),
  optionalText(
    "contributors",
    "Commerciaux",
    ["Commercial", "Représentant", "Représentants", "Salesperson/Login"],
    "commercial@nautidistrib.fr",
    1000,
  ),
];

export const USER_COLUMNS: readonly FeedColumn[] = [
  {
    field: "customer_reference",
    header: "Référence client",
    aliases: ["Code client", "Numéro client", "Client", "N° compte tiers", "Related Company/Internal Reference"],
    kind: "reference",
    required: true,
    example: "C0420",
    maxLength: 20,
  },
  {
    field: "email",
    header: "E-mail",
    aliases: [...EMAIL_ALIASES, "Login"],
    kind: "email",
    required: true,
    example: "m.lebris@chantier-rance.fr",
    key: true,
  },
  optionalText("first_name", "Prénom", ["First Name"], "Morgane", 50),
  {
    field: "last_name",
    header: "Nom",
    aliases: ["Nom de famille", "Last Name", "Name"],
    kind: "text",
    required: true,
    example: "Le Bris",
    maxLength: 50,
  },
  optionalText("title", "Fonction", ["Titre", "Poste", "Job Position"], "Responsable achats", 100),
  yesNo("cart", "Panier", ["Droit panier", "Modifier le panier"], "oui"),
  yesNo("orders", "Commandes", ["Passer commande", "Droit commandes"], "oui"),
  yesNo("quotes", "Devis", ["Voir les devis", "Droit devis"], "oui"),
  yesNo("invoices", "Factures", ["Voir les factures", "Droit factures"], "non"),
  yesNo("prices", "Prix", ["Voir les prix", "Droit prix"], "oui"),
  yesNo("is_admin", "Administrateur", ["Admin", "Gère les utilisateurs"], "oui"),
];
