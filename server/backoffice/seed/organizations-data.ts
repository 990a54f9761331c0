import { belgianVatNumber, frenchVatNumber, withLuhnDigit } from "@shared/domain/index";
import type { PeopleFlags } from "../db/schema";

/** Demo organizations and logins (README table). Every password is DEMO_PASSWORD. */
export const DEMO_PASSWORD = "demo1234";

/**
 * The demo's service token: the distributor's warehouse calls /api/erp with it, and
 * `npm run warehouse` uses it when no other is given. Public like DEMO_PASSWORD: a production
 * portal refuses it unless DEMO_DATA=1 (decisions 0102, 0163).
 */
export const DEMO_SERVICE_NAME = "Entrepôt NautiDistrib";
export const DEMO_SERVICE_TOKEN = "demo-entrepot-nautidistrib-2026";

/**
 * The demo's three tag integrators (organizations.is_integrator): they program the beacons
 * themselves, so their orders are not checked for MMSI certificates.
 */
export const DEMO_INTEGRATOR_REFS: readonly string[] = ["C0900", "C0901", "C0902"];

export interface OrgSeed {
  ref: string;
  name: string;
  zipcode: string;
  city: string;
  country: string;
  catCompta: string | null;
  freeShipping: boolean;
  /** Login of the organization's own account (class organization); none for the distributor. */
  login: string | null;
  people: readonly { login: string; name: string; title: string; flags: PeopleFlags }[];
  extraAddresses: number;
  /** What an invoice prints of the organization and its payment terms (docs/invoices.md). */
  legal?: LegalData;
}

/** An organization's legal identity and payment terms (migrations/0011_invoices.ts). */
export interface LegalData {
  legal_form: string | null;
  /** In cents. */
  share_capital: number | null;
  siren: string | null;
  siret: string | null;
  vat_number: string | null;
  /** For example « RCS Lorient 812 345 676 ». */
  rcs: string | null;
  payment_terms_days: number;
  payment_terms_end_of_month: boolean;
  /** The registered office's street; the distributor's prints on every invoice. */
  street?: string | null;
  /** The distributor's bank details and contacts, printed on its invoices. */
  iban?: string | null;
  bic?: string | null;
  email?: string | null;
  phone?: string | null;
}

/** « 812 345 676 ». */
const spaced = (siren: string) => siren.replace(/^(\d{3})(\d{3})(\d{3})$/, "$1 $2 $3");

/** A French company of this SIREN (8 digits, the key is added), its head office's SIRET (NIC 0001x). */
function french(sirenPrefix: string, city: string, legalForm: string, capitalEuros: number, days: number, endOfMonth: boolean): LegalData {
  const siren = withLuhnDigit(sirenPrefix);
  return {
    legal_form: legalForm,
    share_capital: capitalEuros * 100,
    siren,
    siret: withLuhnDigit(`${siren}0001`),
    vat_number: frenchVatNumber(siren),
    rcs: `RCS ${city} ${spaced(siren)}`,
    payment_terms_days: days,
    payment_terms_end_of_month: endOfMonth,
  };
}

/**
 * NautiDistrib, the seller on every invoice: a SAS of Lorient (SIREN 812 345 676, its SIRET,
 * VAT number and RCS derived from it with their check keys).
 */
export const DISTRIBUTOR_LEGAL: LegalData = {
  ...french("81234567", "Lorient", "SAS", 250_000, 30, false),
  street: "12 quai des Indes",
  iban: "FR76 3000 4028 3700 0101 2345 678",
  bic: "BNPAFRPPXXX",
  email: "comptabilite@nautidistrib.fr",
  phone: "02 97 21 45 60",
};

/** The named clients' legal data: each payment term the demo shows. */
export const NAMED_LEGAL: Readonly<Record<string, LegalData>> = {
  C0001: french("42519873", "Brest", "SARL", 50_000, 30, false),
  C0002: french("53086412", "Lorient", "SAS", 120_000, 45, true),
  C0003: french("44972130", "Fort-de-France", "SARL", 30_000, 60, false),
  C0004: {
    legal_form: "BV",
    share_capital: 1_860_000,
    siren: null,
    siret: null,
    vat_number: belgianVatNumber("04567891"),
    rcs: null,
    payment_terms_days: 30,
    payment_terms_end_of_month: true,
  },
  C0005: french("79301568", "Ajaccio", "SARL", 20_000, 0, false),
  C0900: french("88214709", "Quimper", "SAS", 40_000, 30, false),
  C0901: french("51637284", "Marseille", "SAS", 75_000, 45, true),
  C0902: french("90417326", "Cherbourg", "SARL", 15_000, 60, false),
};

const OTHER_TERMS: readonly (readonly [number, boolean])[] = [
  [30, false],
  [45, true],
  [60, false],
  [30, true],
  [0, false],
];

/** Deterministic legal data of the other clients (C0010 onwards): French ones with a SIREN, Belgian ones with a VAT number. */
function otherLegal(index: number, country: string, city: string): LegalData {
  const [days, endOfMonth] = OTHER_TERMS[index % OTHER_TERMS.length] ?? [30, false];
  if (country === "FR")
    return french(
      String(30_000_000 + index * 7_919),
      city,
      index % 2 === 0 ? "SARL" : "SAS",
      10_000 + (index % 10) * 5_000,
      days,
      endOfMonth,
    );
  const none = {
    legal_form: null,
    share_capital: null,
    siren: null,
    siret: null,
    rcs: null,
    payment_terms_days: days,
    payment_terms_end_of_month: endOfMonth,
  };
  return { ...none, vat_number: country === "BE" ? belgianVatNumber(String(4_100_000 + index * 37).padStart(8, "0")) : null };
}

export const DISTRIBUTOR: OrgSeed = {
  ref: "D0001",
  name: "NautiDistrib",
  zipcode: "56100",
  city: "Lorient",
  country: "FR",
  catCompta: null,
  freeShipping: false,
  login: null,
  people: [],
  extraAddresses: 0,
  legal: DISTRIBUTOR_LEGAL,
};

const org = (
  ref: string,
  name: string,
  zipcode: string,
  city: string,
  country: string,
  catCompta: string | null,
  freeShipping: boolean,
  login: string,
  extraAddresses = 0,
): OrgSeed => ({
  ref,
  name,
  zipcode,
  city,
  country,
  catCompta,
  freeShipping,
  login,
  people: [],
  extraAddresses,
  legal: NAMED_LEGAL[ref],
});

export const NAMED_CLIENTS: readonly OrgSeed[] = [
  {
    ...org("C0001", "Voilerie Atlantique", "29200", "Brest", "FR", "Ventes France", true, "client@voilerie-atlantique.fr", 2),
    people: [
      {
        login: "acheteur@voilerie-atlantique.fr",
        name: "Maël Kerjean",
        title: "Acheteur",
        flags: { cart: true, orders: true, quotes: true, invoices: true, prices: true },
      },
      {
        login: "magasinier@voilerie-atlantique.fr",
        name: "Gwen Le Bihan",
        title: "Magasinier",
        flags: { cart: true, orders: false, invoices: false, prices: false },
      },
      {
        login: "consultant@voilerie-atlantique.fr",
        name: "Anne Riou",
        title: "Consultante",
        flags: { cart: false, orders: false, quotes: false, invoices: false },
      },
    ],
  },
  org(
    "C0002",
    "Chantier Naval du Port",
    "56100",
    "Lorient",
    "FR",
    "Ventes en suspension de taxe",
    true,
    "achats@chantier-naval-suspension.fr",
  ),
  org("C0003", "Antilles Marine Export", "97200", "Fort-de-France", "MQ", "Ventes export", false, "export@antilles-marine.com"),
  org("C0004", "Nautic Belgium", "8400", "Oostende", "BE", "Ventes CEE", false, "achats@nautic-belgium.be"),
  org("C0005", "Nautisme Ajaccio", "20000", "Ajaccio", "FR", "Ventes France", false, "contact@nautisme-ajaccio.fr", 2),
  org("C0900", "Intégrateur AIS Bretagne", "29000", "Quimper", "FR", "Ventes France", true, "contact@integrateur-ais.fr"),
  org("C0901", "Balises Méditerranée", "13002", "Marseille", "FR", "Ventes France", false, "contact@balises-mediterranee.fr"),
  org(
    "C0902",
    "Électronique Marine Normandie",
    "50100",
    "Cherbourg-en-Cotentin",
    "FR",
    "Ventes France",
    true,
    "contact@electronique-marine-normandie.fr",
  ),
];

/** Ports and names for the other clients, C0010 onwards. */
const PORTS: readonly (readonly [string, string, string])[] = [
  ["17000", "La Rochelle", "FR"],
  ["85100", "Les Sables-d'Olonne", "FR"],
  ["44600", "Saint-Nazaire", "FR"],
  ["56170", "Quiberon", "FR"],
  ["29900", "Concarneau", "FR"],
  ["22500", "Paimpol", "FR"],
  ["35400", "Saint-Malo", "FR"],
  ["50400", "Granville", "FR"],
  ["14600", "Honfleur", "FR"],
  ["76600", "Le Havre", "FR"],
  ["62200", "Boulogne-sur-Mer", "FR"],
  ["33120", "Arcachon", "FR"],
  ["64500", "Saint-Jean-de-Luz", "FR"],
  ["66190", "Collioure", "FR"],
  ["34300", "Agde", "FR"],
  ["13600", "La Ciotat", "FR"],
  ["83990", "Saint-Tropez", "FR"],
  ["06600", "Antibes", "FR"],
  ["20200", "Bastia", "FR"],
  ["20260", "Calvi", "FR"],
  ["98000", "Monaco", "MC"],
  ["1000", "Bruxelles", "BE"],
  ["28001", "Madrid", "ES"],
  ["97110", "Pointe-à-Pitre", "GP"],
  ["97400", "Saint-Denis", "RE"],
  ["56000", "Vannes", "FR"],
  ["29100", "Douarnenez", "FR"],
  ["17310", "Saint-Pierre-d'Oléron", "FR"],
  ["83000", "Toulon", "FR"],
  ["06400", "Cannes", "FR"],
  ["2000", "Antwerpen", "BE"],
];
const TRADES: readonly string[] = [
  "Marine Services",
  "Nautisme",
  "Chantier",
  "Voilerie",
  "Shipchandler",
  "Électronique Navale",
  "Port Plaisance",
];
const FLAG_SETS: readonly PeopleFlags[] = [
  {},
  { invoices: false, prices: false },
  { orders: false },
  { cart: false, orders: false },
  { invoices: false, quotes: false },
];

function catComptaFor(country: string, index: number): string {
  if (["GP", "RE", "ES", "MC"].includes(country)) return country === "ES" ? "Ventes CEE" : "Ventes export";
  if (country === "BE") return "Ventes CEE";
  return index % 9 === 4 ? "Ventes en suspension de taxe" : "Ventes France";
}

/** `count` more clients, deterministic from their index. */
export function otherClients(count: number): OrgSeed[] {
  return Array.from({ length: count }, (_, index) => {
    const [zipcode, city, country] = PORTS[index % PORTS.length] ?? ["29200", "Brest", "FR"];
    const ref = `C${String(10 + index).padStart(4, "0")}`;
    const name = `${TRADES[index % TRADES.length]} ${city}`;
    const slug = name
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-");
    // Names repeat in the large benchmark set: the reference keeps logins unique there.
    const domain = index < PORTS.length ? `${slug}.fr` : `${slug}-${ref.toLowerCase()}.fr`;
    return {
      ref,
      name,
      zipcode,
      city,
      country,
      catCompta: catComptaFor(country, index),
      freeShipping: index % 2 === 0,
      login: `contact@${domain}`,
      people:
        index % 3 === 0
          ? [
              {
                login: `acheteur@${domain}`,
                name: `Acheteur ${city}`,
                title: "Acheteur",
                flags: FLAG_SETS[(index / 3) % FLAG_SETS.length] ?? {},
              },
            ]
          : [],
      extraAddresses: index % 4 === 0 ? 1 : 0,
      legal: otherLegal(index, country, city),
    };
  });
}

export const CONTRIBUTORS = [
  {
    login: "commercial@nautidistrib.fr",
    name: "Yann Le Gall",
    title: "Commercial Bretagne",
    clients: ["C0001", "C0002", "C0003", "C0004", "C0005", "C0900"],
    otherRange: [0, 10] as const,
  },
  {
    login: "commercial2@nautidistrib.fr",
    name: "Sophie Martin",
    title: "Commerciale Méditerranée et export",
    clients: ["C0002", "C0003", "C0901", "C0902"],
    otherRange: [10, 21] as const,
  },
] as const;
