/**
 * The demo's quotes (docs/quotes.md, « Demo data »): a sailmaker and chandler of Brest and two
 * other clients of Yann Le Gall, the representative of Brittany, in every state, with the
 * thread a skipper shop and its sales rep would write. Days are counted back from the seed's
 * date; products are picked by rank among the orderable catalogue products.
 */

export type QuoteStep =
  | {
      do: "ask";
      daysAgo: number;
      by: string;
      ref: string;
      message: string;
      lines: ({ product: number; qty: number } | { text: string; qty: number })[];
      wishedIn?: number;
      drawing?: boolean;
    }
  | { do: "study"; daysAgo: number }
  | { do: "question"; daysAgo: number; body: string }
  | { do: "answer"; daysAgo: number; by: string; body: string }
  | { do: "message"; daysAgo: number; by: string | "commercial"; body: string }
  | {
      do: "propose";
      daysAgo: number;
      /** Days after the seed's date (negative: already past). */
      validFor: number;
      lines: { product: number; qty: number; discount: number; answers: number | null; note?: string }[];
      conditions: string;
      message?: string;
    }
  | { do: "accept"; daysAgo: number; by: string; positions: number[] }
  | { do: "refuse"; daysAgo: number; by: string; reason: string }
  | { do: "cancel"; daysAgo: number; by: string | "commercial"; reason: string }
  | { do: "expire"; daysAgo: number };

export interface QuoteScript {
  org: string;
  steps: QuoteStep[];
}

const BUYER = "acheteur@voilerie-atlantique.fr";
const VOILERIE = "client@voilerie-atlantique.fr";
const CHANTIER = "achats@chantier-naval-suspension.fr";
const ANTILLES = "export@antilles-marine.com";
export const DEMO_REPRESENTATIVE = "commercial@nautidistrib.fr";

const CONDITIONS = "Prix nets HT, départ entrepôt de Lorient. Franco de port à partir de 500 € HT. Règlement à 30 jours.";

export const DEMO_QUOTES: readonly QuoteScript[] = [
  {
    org: "C0001",
    steps: [
      {
        do: "ask",
        daysAgo: 1,
        by: BUYER,
        ref: "Refit Pogo 30 – gréement courant",
        message:
          "Bonjour Yann, nous refaisons tout le gréement courant d'un Pogo 30 pour un client. Pouvez-vous nous faire un prix sur ces références ?",
        lines: [
          { product: 0, qty: 6 },
          { product: 1, qty: 4 },
          { text: "Drisse Dyneema 8 mm, 45 m, gaine bleue", qty: 2 },
        ],
        wishedIn: 21,
      },
    ],
  },
  {
    org: "C0001",
    steps: [
      {
        do: "ask",
        daysAgo: 4,
        by: VOILERIE,
        ref: "Armement hauturier Sun Odyssey 440",
        message: "Armement complet pour un départ en transat en janvier : merci de votre meilleur prix.",
        lines: [
          { product: 2, qty: 1 },
          { product: 3, qty: 2 },
          { product: 4, qty: 1 },
        ],
        wishedIn: 30,
      },
      { do: "study", daysAgo: 3 },
      {
        do: "message",
        daysAgo: 3,
        by: "commercial",
        body: "Bien reçu, je vérifie les disponibilités avec l'entrepôt et je reviens vers vous sous 48 h.",
      },
    ],
  },
  {
    org: "C0001",
    steps: [
      {
        do: "ask",
        daysAgo: 6,
        by: BUYER,
        ref: "Électronique de navigation – Grand Soleil 43",
        message: "Remplacement de l'électronique de bord, plan de câblage joint.",
        lines: [
          { product: 5, qty: 1 },
          { product: 6, qty: 2 },
          { text: "Câble NMEA 2000 de 10 m", qty: 3 },
        ],
        drawing: true,
      },
      { do: "study", daysAgo: 5 },
      { do: "question", daysAgo: 5, body: "Le bord est-il en 12 ou en 24 V ? Et le bateau a-t-il déjà une dorsale NMEA 2000 ?" },
    ],
  },
  {
    org: "C0001",
    steps: [
      {
        do: "ask",
        daysAgo: 9,
        by: BUYER,
        ref: "Accastillage de pont – JPK 1080",
        message: "Pour la remise à neuf du plan de pont avant la saison.",
        lines: [
          { product: 7, qty: 4 },
          { product: 8, qty: 8 },
        ],
      },
      { do: "question", daysAgo: 8, body: "Pour les poulies, vous partez sur des réas de 40 ou de 57 mm ?" },
      { do: "answer", daysAgo: 7, by: BUYER, body: "57 mm pour les écoutes de génois, 40 mm pour le reste. Merci !" },
    ],
  },
  {
    org: "C0001",
    steps: [
      {
        do: "ask",
        daysAgo: 12,
        by: VOILERIE,
        ref: "Stock saison 2027 – cordages",
        message: "Réassort de cordages pour la boutique avant la saison.",
        lines: [
          { product: 9, qty: 20 },
          { product: 10, qty: 15 },
          { product: 11, qty: 10 },
        ],
      },
      { do: "study", daysAgo: 11 },
      {
        do: "propose",
        daysAgo: 10,
        validFor: 12,
        conditions: CONDITIONS,
        message: "Voici notre proposition, avec une remise volume sur les trois références.",
        lines: [
          { product: 9, qty: 20, discount: 18, answers: 1 },
          { product: 10, qty: 15, discount: 15, answers: 2 },
          { product: 11, qty: 10, discount: 12, answers: 3 },
        ],
      },
    ],
  },
  {
    org: "C0001",
    steps: [
      {
        do: "ask",
        daysAgo: 15,
        by: BUYER,
        ref: "Mouillage catamaran Lagoon 42",
        message: "Ligne de mouillage complète pour un Lagoon 42 en location.",
        lines: [
          { product: 12, qty: 1 },
          { product: 13, qty: 2 },
        ],
      },
      {
        do: "propose",
        daysAgo: 13,
        validFor: 20,
        conditions: CONDITIONS,
        lines: [
          { product: 12, qty: 1, discount: 10, answers: 1 },
          { product: 13, qty: 2, discount: 10, answers: 2 },
        ],
      },
      {
        do: "message",
        daysAgo: 6,
        by: BUYER,
        body: "Notre client trouve le total un peu élevé : une remise supplémentaire est-elle possible ?",
      },
      {
        do: "propose",
        daysAgo: 5,
        validFor: 2,
        conditions: CONDITIONS,
        message: "J'ai pu obtenir 5 % de plus, valable jusqu'à la fin de la semaine.",
        lines: [
          { product: 12, qty: 1, discount: 15, answers: 1 },
          { product: 13, qty: 2, discount: 15, answers: 2 },
        ],
      },
    ],
  },
  {
    org: "C0001",
    steps: [
      {
        do: "ask",
        daysAgo: 8,
        by: BUYER,
        ref: "Winchs et poulies – Dufour 412",
        message: "Deux winchs de rouf et leurs poulies de renvoi.",
        lines: [
          { product: 14, qty: 2 },
          { text: "Winch self-tailing taille 40, chromé", qty: 2 },
        ],
      },
      {
        do: "propose",
        daysAgo: 6,
        validFor: 25,
        conditions: CONDITIONS,
        message: "La première référence est en rupture longue : je vous propose un modèle équivalent, disponible tout de suite.",
        lines: [
          { product: 15, qty: 2, discount: 12, answers: 1, note: "Modèle équivalent, disponible en stock" },
          { product: 16, qty: 2, discount: 14, answers: 2 },
        ],
      },
    ],
  },
  {
    org: "C0001",
    steps: [
      {
        do: "ask",
        daysAgo: 30,
        by: BUYER,
        ref: "Sécurité – gilets et feux",
        message: "Renouvellement du matériel de sécurité de la flotte de l'école de voile.",
        lines: [
          { product: 17, qty: 12 },
          { product: 18, qty: 6 },
          { product: 19, qty: 4 },
        ],
      },
      { do: "study", daysAgo: 29 },
      {
        do: "propose",
        daysAgo: 27,
        validFor: -3,
        conditions: CONDITIONS,
        lines: [
          { product: 17, qty: 12, discount: 20, answers: 1 },
          { product: 18, qty: 6, discount: 15, answers: 2 },
          { product: 19, qty: 4, discount: 10, answers: 3 },
        ],
      },
      { do: "accept", daysAgo: 25, by: BUYER, positions: [1, 2] },
      { do: "message", daysAgo: 25, by: BUYER, body: "Nous gardons les feux à main de notre fournisseur habituel, merci pour le reste." },
    ],
  },
  {
    org: "C0001",
    steps: [
      {
        do: "ask",
        daysAgo: 40,
        by: VOILERIE,
        ref: "Antifouling – hivernage",
        message: "Antifouling pour une douzaine de carènes cet hiver.",
        lines: [
          { product: 20, qty: 24 },
          { product: 21, qty: 12 },
        ],
      },
      {
        do: "propose",
        daysAgo: 38,
        validFor: -10,
        conditions: CONDITIONS,
        lines: [
          { product: 20, qty: 24, discount: 8, answers: 1 },
          { product: 21, qty: 12, discount: 8, answers: 2 },
        ],
      },
      { do: "refuse", daysAgo: 35, by: VOILERIE, reason: "Nous avons trouvé moins cher chez un concurrent, merci quand même." },
    ],
  },
  {
    org: "C0001",
    steps: [
      {
        do: "ask",
        daysAgo: 50,
        by: BUYER,
        ref: "Sellerie de cockpit – coussins",
        message: "Mousses et tissus pour refaire les coussins de cockpit.",
        lines: [
          { product: 22, qty: 4 },
          { text: "Tissu Sunbrella gris, 10 m", qty: 1 },
        ],
      },
      {
        do: "propose",
        daysAgo: 45,
        validFor: -15,
        conditions: CONDITIONS,
        lines: [
          { product: 22, qty: 4, discount: 10, answers: 1 },
          { product: 23, qty: 1, discount: 5, answers: 2 },
        ],
      },
      { do: "expire", daysAgo: 14 },
    ],
  },
  {
    org: "C0001",
    steps: [
      {
        do: "ask",
        daysAgo: 20,
        by: BUYER,
        ref: "Défenses et pare-battages",
        message: "Défenses pour les pontons du club.",
        lines: [{ product: 24, qty: 30 }],
      },
      // Past its validity without the job having run since: it reads « expiré ».
      { do: "propose", daysAgo: 18, validFor: -1, conditions: CONDITIONS, lines: [{ product: 24, qty: 30, discount: 22, answers: 1 }] },
    ],
  },
  {
    org: "C0001",
    steps: [
      {
        do: "ask",
        daysAgo: 22,
        by: BUYER,
        ref: "Annexe semi-rigide 3,10 m",
        message: "Une annexe et son moteur pour un client qui vient d'acheter un Sun Fast 3600.",
        lines: [
          { product: 25, qty: 1 },
          { text: "Moteur hors-bord 6 CV arbre court", qty: 1 },
        ],
      },
      { do: "study", daysAgo: 21 },
      { do: "cancel", daysAgo: 19, by: BUYER, reason: "Notre client a finalement trouvé une annexe d'occasion." },
    ],
  },
  {
    org: "C0002",
    steps: [
      {
        do: "ask",
        daysAgo: 2,
        by: CHANTIER,
        ref: "Chantier 2026-117 – visserie inox",
        message: "Visserie inox A4 pour le refit d'un chalutier.",
        lines: [
          { product: 26, qty: 50 },
          { product: 27, qty: 50 },
        ],
      },
    ],
  },
  {
    org: "C0002",
    steps: [
      {
        do: "ask",
        daysAgo: 26,
        by: CHANTIER,
        ref: "Chantier 2026-098 – passe-coques",
        message: "Passe-coques bronze.",
        lines: [{ product: 28, qty: 6 }],
      },
      {
        do: "cancel",
        daysAgo: 24,
        by: "commercial",
        reason: "Référence arrêtée par le fabricant : je vous propose d'en refaire la demande sur la nouvelle gamme.",
      },
    ],
  },
  {
    org: "C0003",
    steps: [
      {
        do: "ask",
        daysAgo: 7,
        by: ANTILLES,
        ref: "Conteneur janvier – Fort-de-France",
        message: "Commande groupée pour le conteneur de janvier.",
        lines: [
          { product: 29, qty: 10 },
          { product: 30, qty: 10 },
        ],
      },
      {
        do: "propose",
        daysAgo: 4,
        validFor: 30,
        conditions: "Prix nets HT export, départ Lorient, hors frais de transit. Règlement à 60 jours.",
        lines: [
          { product: 29, qty: 10, discount: 12, answers: 1 },
          { product: 30, qty: 10, discount: 12, answers: 2 },
        ],
      },
    ],
  },
];
