import { formatEuros, formatNumericDate } from "@shared/domain/french-format";
import { DISTRIBUTOR_LEGAL } from "./organizations-data";
import type { PdfPart, PdfSpec } from "./content-pdf";

/**
 * The demo's documents to download (docs/content.md): the category tree and each document,
 * whose PDF is drawn from the seeded catalogue and prices (seed/content-pdf.ts). `restrictedTo`
 * names the organizations (by reference) a document is published for; `showsPrices` hides it
 * from people accounts without the `prices` flag (docs/decisions/0122-access-to-documents.md).
 */

export interface DownloadCategorySeed {
  slug: string;
  title: string;
  description: string;
  children: { slug: string; title: string; description: string }[];
}

export const DOWNLOAD_CATEGORIES: readonly DownloadCategorySeed[] = [
  {
    slug: "catalogues",
    title: "Catalogues",
    description: "Le catalogue général et les brochures par univers, à consulter ou à remettre à vos clients.",
    children: [
      { slug: "catalogue-general", title: "Catalogue général", description: "Toute l'offre NautiDistrib, classée comme sur le portail." },
      { slug: "brochures", title: "Brochures thématiques", description: "Les nouveautés d'une gamme, en quelques pages." },
    ],
  },
  {
    slug: "fiches-techniques",
    title: "Fiches techniques",
    description: "Caractéristiques, installation et entretien des produits.",
    children: [
      { slug: "electronique-et-ais", title: "Électronique et AIS", description: "VHF, transpondeurs et balises AIS." },
      { slug: "antennes", title: "Antennes", description: "Antennes VHF, GPS et AIS." },
      { slug: "securite", title: "Sécurité", description: "Gilets, balises et matériel d'armement." },
    ],
  },
  {
    slug: "declarations-de-conformite",
    title: "Déclarations de conformité",
    description: "Les déclarations UE de conformité des produits soumis au marquage CE.",
    children: [
      { slug: "equipements-radio", title: "Équipements radio", description: "Directive 2014/53/UE (équipements radioélectriques)." },
      { slug: "epi", title: "Équipements de protection individuelle", description: "Règlement (UE) 2016/425 (gilets et harnais)." },
    ],
  },
  {
    slug: "tarifs",
    title: "Tarifs",
    description: "Tarifs publics, tarifs négociés de votre organisation et conditions de vente.",
    children: [
      { slug: "tarifs-publics", title: "Tarifs publics", description: "Les prix publics conseillés hors taxes." },
      {
        slug: "tarifs-clients",
        title: "Vos tarifs négociés",
        description: "Les prix nets de votre organisation, publiés par votre commercial.",
      },
      { slug: "conditions-de-vente", title: "Conditions de vente", description: "Conditions générales de vente et de livraison." },
    ],
  },
];

/** A product of the seeded catalogue as the documents show it. */
export interface CatalogueRow {
  ref: string;
  title: string;
  brand: string;
  /** The top category it belongs to. */
  section: string;
  price: number;
}

/** What the documents are drawn from. */
export interface DownloadSources {
  today: string;
  created: Date;
  year: number;
  products: CatalogueRow[];
  /** Voilerie Atlantique's (C0001) negotiated prices: its price list's lines. */
  netPrices: (CatalogueRow & { net: number })[];
}

export interface DownloadSeed {
  /** `top/child`: the category it is filed in. */
  category: string;
  title: string;
  description: string;
  fileName: string;
  daysAgo: number;
  restrictedTo?: string[];
  showsPrices?: boolean;
  pdf: PdfSpec;
}

const legal = `NautiDistrib SAS au capital de 250 000 € · 12 quai des Indes, 56100 Lorient · ${DISTRIBUTOR_LEGAL.rcs ?? ""} · TVA ${DISTRIBUTOR_LEGAL.vat_number ?? ""}`;

function spec(sources: DownloadSources, title: string, subtitle: string, keywords: string, parts: PdfPart[]): PdfSpec {
  return { title, subtitle, keywords, continuation: `${title} (suite) — NautiDistrib`, legal, created: sources.created, parts };
}

/** The title without the brand it ends with, when the brand has a column of its own. */
function designation(row: CatalogueRow): string {
  return row.brand && row.title.endsWith(` ${row.brand}`) ? row.title.slice(0, -row.brand.length - 1) : row.title;
}

/** The products of each section, a few per section: the catalogue's pages stay few. */
function bySection(products: CatalogueRow[], perSection: number): Map<string, CatalogueRow[]> {
  const sections = new Map<string, CatalogueRow[]>();
  for (const product of products) {
    const rows = sections.get(product.section) ?? [];
    if (rows.length < perSection) rows.push(product);
    sections.set(product.section, rows);
  }
  return sections;
}

function catalogue(sources: DownloadSources): PdfSpec {
  const next = sources.year + 1;
  const parts: PdfPart[] = [
    {
      kind: "paragraphs",
      lines: [
        `Ce catalogue présente l'offre NautiDistrib ${next} par univers. Les prix nets de votre organisation, le stock et les dates de réapprovisionnement sont sur le portail, à jour en permanence.`,
        "Les produits signalés MMSI se commandent avec le certificat MMSI du navire auquel ils sont destinés, un par appareil.",
      ],
    },
  ];
  for (const [index, [section, rows]] of [...bySection(sources.products, 14)].entries()) {
    // Each univers opens a page, but the first: it follows the introduction.
    if (index > 0) parts.push({ kind: "pageBreak" });
    parts.push({ kind: "heading", text: section });
    parts.push({
      kind: "table",
      columns: [
        { header: "Référence", share: 0.18 },
        { header: "Désignation", share: 0.57 },
        { header: "Marque", share: 0.25 },
      ],
      rows: rows.map((row) => [row.ref, designation(row), row.brand]),
    });
  }
  return spec(
    sources,
    `Catalogue général ${next}`,
    "Électronique, motorisation, sécurité, accastillage, entretien et confort à bord",
    "catalogue, NautiDistrib",
    parts,
  );
}

function brochure(sources: DownloadSources): PdfSpec {
  const ais = sources.products.filter((row) => /^(AIS|BAI|VHF)/.test(row.ref)).slice(0, 12);
  return spec(sources, "Électronique marine : les nouveautés AIS et VHF", "Brochure de la saison", "brochure, AIS, VHF", [
    { kind: "heading", text: "Être vu, et voir les autres" },
    {
      kind: "paragraphs",
      lines: [
        "Les transpondeurs AIS classe B SOTDMA émettent à 5 W et réservent leurs créneaux : la position du bateau est reçue plus loin et plus souvent.",
        "Les VHF ASN avec AIS intégré affichent les cibles sur leur écran et déclenchent l'alarme de rapprochement.",
      ],
    },
    {
      kind: "table",
      columns: [
        { header: "Référence", share: 0.2 },
        { header: "Désignation", share: 0.55 },
        { header: "Marque", share: 0.25 },
      ],
      rows: ais.map((row) => [row.ref, designation(row), row.brand]),
    },
    {
      kind: "paragraphs",
      lines: ["Chaque appareil se programme avec le numéro MMSI du navire : joignez le certificat de votre client à la commande."],
    },
  ]);
}

function sheet(sources: DownloadSources, title: string, refPrefix: string, figures: [string, string][], install: string[]): PdfSpec {
  const refs = sources.products
    .filter((row) => row.ref.startsWith(refPrefix))
    .slice(0, 6)
    .map((row) => row.ref);
  return spec(sources, `Fiche technique — ${title}`, `Références : ${refs.join(", ") || "toute la gamme"}`, `fiche technique, ${title}`, [
    { kind: "heading", text: "Caractéristiques" },
    { kind: "figures", rows: figures },
    { kind: "heading", text: "Installation et entretien" },
    { kind: "paragraphs", lines: install },
  ]);
}

function declaration(
  sources: DownloadSources,
  product: string,
  refPrefix: string,
  legislation: string[],
  standards: string[],
  extra: string[],
): PdfSpec {
  const refs = sources.products
    .filter((row) => row.ref.startsWith(refPrefix))
    .slice(0, 6)
    .map((row) => row.ref);
  return spec(sources, "Déclaration UE de conformité", product, "déclaration de conformité, marquage CE", [
    {
      kind: "figures",
      headers: ["Objet", "Désignation"],
      rows: [
        ["Produit", product],
        ["Références", refs.join(", ") || "toute la gamme"],
        ["Distributeur", "NautiDistrib SAS, 12 quai des Indes, 56100 Lorient, France"],
      ],
    },
    {
      kind: "paragraphs",
      lines: [
        "La présente déclaration de conformité est établie sous la seule responsabilité du fabricant. L'objet de la déclaration décrit ci-dessus est conforme à la législation d'harmonisation de l'Union applicable :",
        ...legislation,
      ],
    },
    { kind: "heading", text: "Normes harmonisées appliquées" },
    { kind: "paragraphs", lines: standards },
    {
      kind: "paragraphs",
      lines: [...extra, `Signé pour le fabricant et en son nom, le ${formatNumericDate(sources.today)}, par le responsable qualité.`],
    },
  ]);
}

function publicPrices(sources: DownloadSources): PdfSpec {
  const next = sources.year + 1;
  const rows = [...bySection(sources.products, 12).values()].flat();
  return spec(
    sources,
    `Tarif public ${next}`,
    `Prix publics conseillés hors taxes, éco-participation en sus, valables à partir du 1er janvier ${next}`,
    "tarif, prix publics",
    [
      {
        kind: "table",
        columns: [
          { header: "Référence", share: 0.16 },
          { header: "Désignation", share: 0.5 },
          { header: "Marque", share: 0.17 },
          { header: "Prix public HT", share: 0.17, align: "right" },
        ],
        rows: rows.map((row) => [row.ref, designation(row), row.brand, formatEuros(row.price)]),
      },
    ],
  );
}

function netPrices(sources: DownloadSources): PdfSpec {
  const next = sources.year + 1;
  return spec(
    sources,
    `Tarif net ${next} — Voilerie Atlantique`,
    "Prix nets négociés hors taxes, réservés à Voilerie Atlantique (C0001)",
    "tarif net, Voilerie Atlantique",
    [
      {
        kind: "paragraphs",
        lines: [
          "Ces prix sont confidentiels : ils sont réservés à votre organisation et ne peuvent être communiqués à des tiers.",
          "Les prix du portail font foi : ils tiennent compte des promotions en cours et de vos remises par marque.",
        ],
      },
      {
        kind: "table",
        columns: [
          { header: "Référence", share: 0.16 },
          { header: "Désignation", share: 0.46 },
          { header: "Prix public HT", share: 0.19, align: "right" },
          { header: "Votre prix net HT", share: 0.19, align: "right" },
        ],
        rows: sources.netPrices.map((row) => [row.ref, row.title, formatEuros(row.price), formatEuros(row.net)]),
      },
    ],
  );
}

function termsOfSale(sources: DownloadSources): PdfSpec {
  const next = sources.year + 1;
  return spec(sources, `Conditions générales de vente ${next}`, "Ventes aux professionnels", "conditions générales de vente", [
    { kind: "heading", text: "1. Commandes" },
    {
      kind: "paragraphs",
      lines: [
        "Les commandes sont passées sur le portail professionnel ou auprès de votre commercial. Elles sont fermes dès leur confirmation. Les produits soumis à un certificat MMSI ne sont expédiés qu'avec autant de certificats que d'appareils.",
      ],
    },
    { kind: "heading", text: "2. Prix" },
    {
      kind: "paragraphs",
      lines: [
        "Les prix s'entendent hors taxes, départ entrepôt, éco-participation en sus. Les prix applicables sont ceux du portail au jour de la commande, ou ceux d'un devis accepté pendant sa validité.",
      ],
    },
    { kind: "heading", text: "3. Livraison" },
    {
      kind: "paragraphs",
      lines: [
        "Les commandes confirmées avant 14 h un jour ouvré sont expédiées le jour même, dans la limite du stock disponible. Les marchandises dangereuses voyagent par transporteur spécialisé. Les réserves doivent être portées sur le bon du transporteur et confirmées sous 48 heures.",
      ],
    },
    { kind: "heading", text: "4. Paiement" },
    {
      kind: "paragraphs",
      lines: [
        "Les factures sont payables à l'échéance indiquée, selon les conditions de votre compte. Tout retard entraîne des pénalités au taux de trois fois le taux d'intérêt légal et l'indemnité forfaitaire de 40 € pour frais de recouvrement (articles L. 441-10 et D. 441-5 du Code de commerce).",
      ],
    },
    { kind: "heading", text: "5. Garantie" },
    {
      kind: "paragraphs",
      lines: [
        "Les produits bénéficient de la garantie de leur fabricant, indiquée sur leur fiche, et de la garantie légale des vices cachés.",
      ],
    },
  ]);
}

export function demoDocuments(sources: DownloadSources): DownloadSeed[] {
  const next = sources.year + 1;
  return [
    {
      category: "catalogues/catalogue-general",
      title: `Catalogue général ${next}`,
      description: "Toute l'offre par univers, avec les références et les marques.",
      fileName: `catalogue-general-nautidistrib-${next}.pdf`,
      daysAgo: 2,
      pdf: catalogue(sources),
    },
    {
      category: "catalogues/brochures",
      title: "Nouveautés AIS et VHF",
      description: "Les transpondeurs, balises et VHF ASN de la saison.",
      fileName: "brochure-ais-vhf.pdf",
      daysAgo: 6,
      pdf: brochure(sources),
    },
    {
      category: "fiches-techniques/electronique-et-ais",
      title: "Transpondeur AIS classe B SOTDMA",
      description: "Caractéristiques, câblage et programmation du MMSI.",
      fileName: "fiche-technique-transpondeur-ais-classe-b.pdf",
      daysAgo: 5,
      pdf: sheet(
        sources,
        "Transpondeur AIS classe B SOTDMA",
        "AIS",
        [
          ["Classe", "B, SOTDMA (IEC 62287-2)"],
          ["Puissance d'émission", "5 W"],
          ["Alimentation", "12/24 V CC, 2 W en réception"],
          ["Étanchéité", "IPX7"],
          ["Interfaces", "NMEA 2000, NMEA 0183 (38 400 bauds), USB"],
          ["Antenne GPS", "Interne, ou externe par connecteur TNC"],
        ],
        [
          "Installer le transpondeur à l'abri des embruns, à plus de 50 cm du compas.",
          "Le numéro MMSI ne se programme qu'une fois : vérifiez-le sur le certificat du navire avant de valider.",
        ],
      ),
    },
    {
      category: "fiches-techniques/antennes",
      title: "Antenne VHF fibre de verre 1,5 m",
      description: "Gain, connectique et montage.",
      fileName: "fiche-technique-antenne-vhf-1-5-m.pdf",
      daysAgo: 38,
      pdf: sheet(
        sources,
        "Antenne VHF fibre de verre 1,5 m",
        "AVF15",
        [
          ["Bande de fréquences", "156 à 163 MHz"],
          ["Gain", "3 dB"],
          ["Impédance", "50 Ω"],
          ["Longueur", "1,5 m"],
          ["Connecteur", "PL259"],
          ["Câble fourni", "RG58, 5 ou 10 m"],
        ],
        [
          "Fixer l'antenne sur une embase inox, le plus haut possible, loin des autres antennes.",
          "Rincer à l'eau douce en fin de saison et vérifier l'étanchéité du connecteur.",
        ],
      ),
    },
    {
      category: "fiches-techniques/securite",
      title: "Gilet autogonflant 150 N",
      description: "Flottabilité, déclenchement et révision.",
      fileName: "fiche-technique-gilet-autogonflant-150-n.pdf",
      daysAgo: 118,
      pdf: sheet(
        sources,
        "Gilet autogonflant 150 N",
        "GAG",
        [
          ["Flottabilité", "150 N (EN ISO 12402-3)"],
          ["Déclenchement", "Automatique ou hydrostatique"],
          ["Cartouche", "CO₂ 33 g"],
          ["Harnais", "Intégré selon modèle (EN ISO 12401)"],
          ["Poids", "À partir de 50 kg"],
        ],
        [
          "Faire réviser le gilet tous les ans ou selon la notice du fabricant.",
          "Remplacer la cartouche et la pastille après chaque déclenchement.",
        ],
      ),
    },
    {
      category: "declarations-de-conformite/equipements-radio",
      title: "Déclaration UE de conformité — transpondeur AIS classe B",
      description: "Directive 2014/53/UE.",
      fileName: "declaration-conformite-transpondeur-ais.pdf",
      daysAgo: 5,
      pdf: declaration(
        sources,
        "Transpondeur AIS classe B SOTDMA",
        "AIS",
        ["Directive 2014/53/UE (équipements radioélectriques)", "Directive 2011/65/UE (RoHS)"],
        ["EN 62287-2", "EN 60945", "EN 62368-1", "EN 301 489-1 et EN 301 489-17"],
        ["Organisme notifié : examen UE de type pour les exigences essentielles de l'article 3.2."],
      ),
    },
    {
      category: "declarations-de-conformite/epi",
      title: "Déclaration UE de conformité — gilet autogonflant 150 N",
      description: "Règlement (UE) 2016/425.",
      fileName: "declaration-conformite-gilet-150-n.pdf",
      daysAgo: 118,
      pdf: declaration(
        sources,
        "Gilet autogonflant 150 N",
        "GAG",
        ["Règlement (UE) 2016/425 relatif aux équipements de protection individuelle, catégorie III"],
        ["EN ISO 12402-3:2020", "EN ISO 12402-8 (accessoires)", "EN ISO 12401 (harnais, selon modèle)"],
        ["Examen UE de type (module B) et conformité au type sur contrôle de la production (module C2) par un organisme notifié."],
      ),
    },
    {
      category: "tarifs/tarifs-publics",
      title: `Tarif public ${next}`,
      description: "Les prix publics conseillés hors taxes de l'année.",
      fileName: `tarif-public-${next}.pdf`,
      daysAgo: 2,
      showsPrices: true,
      pdf: publicPrices(sources),
    },
    {
      category: "tarifs/tarifs-clients",
      title: `Tarif net ${next} — Voilerie Atlantique`,
      description: "Vos prix nets négociés, confidentiels.",
      fileName: `tarif-net-${next}-voilerie-atlantique.pdf`,
      daysAgo: 3,
      restrictedTo: ["C0001"],
      showsPrices: true,
      pdf: netPrices(sources),
    },
    {
      category: "tarifs/conditions-de-vente",
      title: `Conditions générales de vente ${next}`,
      description: "Commandes, prix, livraison, paiement et garantie.",
      fileName: `conditions-generales-de-vente-${next}.pdf`,
      daysAgo: 40,
      pdf: termsOfSale(sources),
    },
  ];
}
