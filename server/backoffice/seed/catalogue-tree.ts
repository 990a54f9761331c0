/**
 * The demo catalogue of a French marine-equipment distributor: a category tree 6 levels deep
 * where it makes sense (antennas), and for each leaf what its products look like.
 */

export type Family = "antenna" | "motor" | "tag" | "hazard";

export interface LeafSpec {
  /** Reference prefix of the leaf's products. */
  code: string;
  /** Singular product noun used in titles. */
  noun: string;
  variants: readonly string[];
  /** Price range in euros (list price, excluding tax). */
  price: readonly [number, number];
  /** Gross weight range in grams. */
  weight: readonly [number, number];
  ecotaxeCents?: number;
  families?: readonly Family[];
  mmsi?: boolean;
  /** Relative share of the catalogue (default 1). */
  weightInCatalogue?: number;
}

export interface CategoryNode {
  title: string;
  children?: readonly CategoryNode[];
  leaf?: LeafSpec;
}

const node = (title: string, children: readonly CategoryNode[]): CategoryNode => ({ title, children });
const leaf = (title: string, spec: LeafSpec): CategoryNode => ({ title, leaf: spec });

const antenna = (code: string, noun: string, price: readonly [number, number]): LeafSpec => ({
  code,
  noun,
  price,
  variants: ["blanche", "noire", "avec câble 5 m", "avec câble 10 m", "embase inox"],
  weight: [400, 2500],
  ecotaxeCents: 10,
  families: ["antenna"],
});
const motor = (code: string, noun: string, price: readonly [number, number], weight: readonly [number, number]): LeafSpec => ({
  code,
  noun,
  price,
  weight,
  variants: ["arbre court", "arbre long", "démarrage électrique", "barre franche"],
  ecotaxeCents: 500,
  families: ["motor"],
  weightInCatalogue: 0.6,
});
const hazard = (code: string, noun: string, price: readonly [number, number], weight: readonly [number, number]): LeafSpec => ({
  code,
  noun,
  price,
  weight,
  variants: ["0,75 L", "2,5 L", "5 L", "bleu marine", "noir", "blanc", "rouge"],
  ecotaxeCents: 15,
  families: ["hazard"],
});
const gear = (
  code: string,
  noun: string,
  price: readonly [number, number],
  weight: readonly [number, number],
  variants: readonly string[],
): LeafSpec => ({
  code,
  noun,
  price,
  weight,
  variants,
});

export const CATALOGUE_TREE: readonly CategoryNode[] = [
  node("Électronique de bord", [
    node("Navigation", [
      node("Antennes", [
        node("VHF", [
          node("Antennes VHF fibre de verre", [
            leaf("Antennes VHF 1,5 m", antenna("AVF15", "Antenne VHF fibre 1,5 m", [45, 160])),
            leaf("Antennes VHF 2,4 m", antenna("AVF24", "Antenne VHF fibre 2,4 m", [70, 240])),
          ]),
          leaf("Antennes VHF inox", antenna("AVI", "Antenne VHF fouet inox", [30, 110])),
        ]),
        leaf("Antennes GPS et AIS", antenna("AGA", "Antenne GPS/AIS", [60, 320])),
        leaf("Antennes télévision et 4G", antenna("ATV", "Antenne TV/4G marine", [90, 650])),
      ]),
      leaf(
        "Traceurs de cartes",
        gear("TRC", "Traceur de cartes", [350, 3200], [900, 3500], ["écran 7 pouces", "écran 9 pouces", "écran 12 pouces", "tactile"]),
      ),
      leaf("Sondeurs", gear("SON", "Sondeur", [150, 1900], [500, 2500], ["sonde tableau arrière", "sonde traversante", "CHIRP"])),
      leaf(
        "Pilotes automatiques",
        gear("PIL", "Pilote automatique", [600, 4200], [1500, 9000], ["barre franche", "barre à roue", "hydraulique"]),
      ),
    ]),
    node("Communication", [
      leaf("VHF fixes", {
        ...gear("VHF", "VHF fixe ASN", [180, 950], [900, 1800], ["noire", "blanche", "avec AIS intégré", "avec GPS"]),
        mmsi: true,
      }),
      leaf("VHF portables", {
        ...gear("VHP", "VHF portable ASN", [150, 450], [250, 450], ["flottante", "avec GPS", "étanche IPX7"]),
        mmsi: true,
      }),
      leaf("Transpondeurs AIS", {
        ...gear("AIS", "Transpondeur AIS classe B", [450, 1600], [600, 1500], ["SOTDMA", "CSTDMA", "avec splitter"]),
        mmsi: true,
      }),
    ]),
    node("Énergie", [
      leaf("Batteries lithium", {
        ...gear("BLI", "Batterie lithium LiFePO4", [350, 2400], [5000, 25000], ["12 V 50 Ah", "12 V 100 Ah", "24 V 100 Ah"]),
        families: ["hazard"],
        ecotaxeCents: 80,
      }),
      leaf("Batteries AGM", {
        ...gear("BAG", "Batterie AGM décharge lente", [120, 600], [12000, 32000], ["80 Ah", "120 Ah", "220 Ah"]),
        ecotaxeCents: 80,
      }),
      leaf("Panneaux solaires", gear("SOL", "Panneau solaire souple", [90, 700], [1500, 9000], ["50 W", "100 W", "150 W"])),
      leaf("Chargeurs", gear("CHG", "Chargeur de batteries étanche", [80, 900], [800, 4000], ["10 A", "20 A", "40 A"])),
    ]),
  ]),
  node("Motorisation", [
    node("Moteurs hors-bord", [
      node("Moteurs hors-bord thermiques", [
        leaf("Moins de 10 ch", motor("MHB", "Moteur hors-bord 4 temps", [900, 2900], [13000, 40000])),
        leaf("De 10 à 40 ch", motor("MHM", "Moteur hors-bord 4 temps", [2500, 8500], [40000, 90000])),
        leaf("Plus de 40 ch", motor("MHG", "Moteur hors-bord 4 temps", [7500, 21000], [100000, 230000])),
      ]),
      leaf("Moteurs électriques", motor("MEL", "Moteur électrique", [700, 5200], [8000, 30000])),
    ]),
    node("Hélices", [
      leaf("Hélices aluminium", gear("HAL", "Hélice aluminium 3 pales", [60, 260], [600, 2500], ["pas 9", "pas 11", "pas 13", "pas 15"])),
      leaf("Hélices inox", gear("HIN", "Hélice inox 3 pales", [250, 900], [1200, 4500], ["pas 13", "pas 17", "pas 19"])),
    ]),
    node("Pièces moteur", [
      leaf("Filtres", gear("FIL", "Filtre à carburant", [8, 60], [100, 600], ["décanteur", "10 microns", "30 microns"])),
      leaf("Anodes", gear("ANO", "Anode zinc", [6, 80], [100, 2000], ["arbre 25 mm", "arbre 30 mm", "coque", "embase"])),
      leaf("Pompes à eau", gear("PEA", "Turbine de pompe à eau", [15, 120], [100, 800], ["néoprène", "nitrile"])),
    ]),
  ]),
  node("Sécurité", [
    node("Balises de détresse", [
      leaf("Balises AIS homme à la mer", {
        ...gear("BAI", "Balise AIS MOB", [220, 380], [100, 250], ["activation automatique", "pour gilet", "avec flash"]),
        families: ["tag"],
        mmsi: true,
      }),
      leaf("Balises EPIRB", {
        ...gear("EPI", "Balise EPIRB 406 MHz", [450, 1100], [500, 1200], ["largage hydrostatique", "manuelle", "avec GPS"]),
        families: ["tag"],
        mmsi: true,
      }),
      leaf("Balises PLB", {
        ...gear("PLB", "Balise personnelle PLB", [250, 420], [120, 300], ["avec GPS", "flottante"]),
        families: ["tag"],
      }),
    ]),
    node("Gilets de sauvetage", [
      leaf(
        "Gilets autogonflants",
        gear("GAG", "Gilet autogonflant 150 N", [60, 320], [500, 1200], ["taille adulte", "avec harnais", "hydrostatique"]),
      ),
      leaf("Gilets en mousse", gear("GMO", "Gilet mousse 100 N", [20, 90], [400, 900], ["enfant", "adulte", "junior"])),
    ]),
    leaf("Signaux pyrotechniques", hazard("PYR", "Feu à main rouge", [15, 160], [200, 1500])),
    leaf("Extincteurs", hazard("EXT", "Extincteur à poudre", [25, 220], [1200, 8000])),
    leaf(
      "Radeaux de survie",
      gear("RAD", "Radeau de survie ISO 9650", [900, 3800], [15000, 45000], ["4 places", "6 places", "8 places", "conteneur", "valise"]),
    ),
  ]),
  node("Accastillage", [
    leaf("Poulies", gear("POU", "Poulie à billes", [12, 180], [40, 900], ["simple", "double", "à ringot", "violon"])),
    leaf("Manilles", gear("MAN", "Manille lyre inox", [4, 45], [20, 400], ["5 mm", "8 mm", "10 mm", "12 mm"])),
    leaf("Taquets", gear("TAQ", "Taquet coinceur", [9, 95], [50, 600], ["aluminium", "inox", "nylon"])),
    leaf("Winchs", gear("WIN", "Winch self-tailing", [350, 3600], [2500, 12000], ["n° 16", "n° 30", "n° 40", "électrique"])),
    node("Cordages", [
      leaf("Drisses", gear("DRI", "Drisse polyester tressé", [25, 260], [300, 3000], ["8 mm", "10 mm", "12 mm", "bobine 50 m"])),
      leaf("Écoutes", gear("ECO", "Écoute double tresse", [20, 210], [300, 2500], ["10 mm", "12 mm", "14 mm"])),
      leaf("Amarres", gear("AMA", "Amarre polyamide", [18, 140], [800, 4000], ["12 mm x 10 m", "14 mm x 12 m", "16 mm x 15 m"])),
    ]),
  ]),
  node("Entretien", [
    node("Peintures", [
      leaf("Antifouling", hazard("AFO", "Antifouling matrice érodable", [35, 190], [900, 7000])),
      leaf("Vernis", hazard("VER", "Vernis marin polyuréthane", [20, 90], [800, 3000])),
      leaf("Primaires", hazard("PRI", "Primaire époxy", [30, 150], [900, 5000])),
    ]),
    leaf("Solvants et diluants", hazard("SOV", "Diluant pour peinture", [9, 45], [600, 5000])),
    leaf("Nettoyants", gear("NET", "Nettoyant coque", [8, 40], [500, 5000], ["1 L", "5 L", "gel", "spray"])),
    leaf("Mastics et colles", gear("MAS", "Mastic polyuréthane", [9, 35], [200, 400], ["blanc", "noir", "gris", "transparent"])),
  ]),
  node("Confort à bord", [
    leaf("Éclairage LED", gear("LED", "Plafonnier LED", [15, 120], [100, 500], ["blanc chaud", "blanc/rouge", "12/24 V"])),
    leaf(
      "Pompes de cale",
      gear("PCA", "Pompe de cale immergée", [30, 260], [400, 2200], ["500 GPH", "1100 GPH", "2000 GPH", "automatique"]),
    ),
    leaf("WC marins", gear("WCM", "WC marin", [190, 1200], [9000, 20000], ["manuel", "électrique", "cuvette confort"])),
    leaf("Réfrigération", gear("FRI", "Réfrigérateur à compression", [450, 1900], [12000, 30000], ["42 L", "65 L", "85 L", "tiroir"])),
  ]),
];

/**
 * The feminine nouns that head product titles (« Antenne VHF… », « Balise AIS… »): a product's
 * description agrees with its noun (« Antenne … conçue », « Gilet … conçu »).
 */
export const FEMININE_HEADS: ReadonlySet<string> = new Set([
  "Antenne",
  "VHF",
  "Batterie",
  "Hélice",
  "Anode",
  "Turbine",
  "Balise",
  "Poulie",
  "Manille",
  "Drisse",
  "Écoute",
  "Amarre",
  "Pompe",
]);

/** Whether a leaf's noun is feminine, read from its first word. */
export function isFeminineNoun(noun: string): boolean {
  return FEMININE_HEADS.has(noun.split(" ")[0] ?? "");
}

/** Generic names: the seed gives any brand to any family, so no name may promise a trade. */
export const BRAND_NAMES: readonly string[] = [
  "Armor Nautic",
  "Atlantis Marine",
  "Baltik",
  "Bretagne Voile",
  "Cap Horn Équipement",
  "Corsaire",
  "Étoile de Mer",
  "Finistère Nautic",
  "Glénan",
  "Goéland",
  "Horizon Marine",
  "Iroise Tech",
  "Jersey Marine",
  "Kerlouan",
  "Lanterne Bleue",
  "Loïc Marine",
  "Mistral",
  "Morbihan Nautique",
  "Nautika",
  "Océane",
  "Pen Duick",
  "Phare Ouest",
  "Quiberon Nautisme",
  "Raz de Sein",
  "Sémaphore",
  "Suroît",
  "Tréguier Marine",
  "Ushant",
  "Vent d'Ouest",
  "Zodiaque Pro",
  "Noroît",
  "Belle-Île Marine",
  "Aber Wrac'h",
  "Ouessant Marine",
];
