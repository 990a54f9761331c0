import type { PeopleFlags } from "../db/schema";

/** Demo organizations and logins (README table). Every password is DEMO_PASSWORD. */
export const DEMO_PASSWORD = "demo1234";

/**
 * The demo's service token: the distributor's warehouse calls /api/erp with it, and
 * `npm run warehouse` uses it when no other is given. Public like DEMO_PASSWORD: a real
 * deployment revokes it (docs/decisions/0102-service-tokens-for-the-distributor-systems.md).
 */
export const DEMO_SERVICE_NAME = "Entrepôt NautiDistrib";
export const DEMO_SERVICE_TOKEN = "demo-entrepot-nautidistrib-2026";

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
}

export const DISTRIBUTOR: OrgSeed = {
  ref: "D0001", name: "NautiDistrib", zipcode: "56100", city: "Lorient", country: "FR",
  catCompta: null, freeShipping: false, login: null, people: [], extraAddresses: 0,
};

const org = (ref: string, name: string, zipcode: string, city: string, country: string, catCompta: string | null, freeShipping: boolean, login: string, extraAddresses = 0): OrgSeed => ({
  ref, name, zipcode, city, country, catCompta, freeShipping, login, people: [], extraAddresses,
});

export const NAMED_CLIENTS: readonly OrgSeed[] = [
  {
    ...org("C0001", "Voilerie Atlantique", "29200", "Brest", "FR", "Ventes France", true, "client@voilerie-atlantique.fr", 2),
    people: [
      { login: "acheteur@voilerie-atlantique.fr", name: "Maël Kerjean", title: "Acheteur", flags: { cart: true, orders: true, quotes: true, invoices: true, prices: true } },
      { login: "magasinier@voilerie-atlantique.fr", name: "Gwen Le Bihan", title: "Magasinier", flags: { cart: true, orders: false, prices: false } },
      { login: "consultant@voilerie-atlantique.fr", name: "Anne Riou", title: "Consultante", flags: { cart: false, orders: false, quotes: false, invoices: false } },
    ],
  },
  org("C0002", "Chantier Naval du Port", "56100", "Lorient", "FR", "Ventes en suspension de taxe", true, "achats@chantier-naval-suspension.fr"),
  org("C0003", "Antilles Marine Export", "97200", "Fort-de-France", "MQ", "Ventes export", false, "export@antilles-marine.com"),
  org("C0004", "Nautic Belgium", "8400", "Oostende", "BE", "Ventes CEE", false, "achats@nautic-belgium.be"),
  org("C0005", "Nautisme Ajaccio", "20000", "Ajaccio", "FR", "Ventes France", false, "contact@nautisme-ajaccio.fr", 2),
  org("C0900", "Intégrateur AIS Bretagne", "29000", "Quimper", "FR", "Ventes France", true, "contact@integrateur-ais.fr"),
  org("C0901", "Balises Méditerranée", "13002", "Marseille", "FR", "Ventes France", false, "contact@balises-mediterranee.fr"),
  org("C0902", "Électronique Marine Normandie", "50100", "Cherbourg-en-Cotentin", "FR", "Ventes France", true, "contact@electronique-marine-normandie.fr"),
];

/** Ports and names for the other clients, C0010 onwards. */
const PORTS: readonly (readonly [string, string, string])[] = [
  ["17000", "La Rochelle", "FR"], ["85100", "Les Sables-d'Olonne", "FR"], ["44600", "Saint-Nazaire", "FR"],
  ["56170", "Quiberon", "FR"], ["29900", "Concarneau", "FR"], ["22500", "Paimpol", "FR"], ["35400", "Saint-Malo", "FR"],
  ["50400", "Granville", "FR"], ["14600", "Honfleur", "FR"], ["76600", "Le Havre", "FR"], ["62200", "Boulogne-sur-Mer", "FR"],
  ["33120", "Arcachon", "FR"], ["64500", "Saint-Jean-de-Luz", "FR"], ["66190", "Collioure", "FR"], ["34300", "Agde", "FR"],
  ["13600", "La Ciotat", "FR"], ["83990", "Saint-Tropez", "FR"], ["06600", "Antibes", "FR"], ["20200", "Bastia", "FR"],
  ["20260", "Calvi", "FR"], ["98000", "Monaco", "MC"], ["1000", "Bruxelles", "BE"], ["28001", "Madrid", "ES"],
  ["97110", "Pointe-à-Pitre", "GP"], ["97400", "Saint-Denis", "RE"], ["56000", "Vannes", "FR"], ["29100", "Douarnenez", "FR"],
  ["17310", "Saint-Pierre-d'Oléron", "FR"], ["83000", "Toulon", "FR"], ["06400", "Cannes", "FR"], ["2000", "Antwerpen", "BE"],
];
const TRADES: readonly string[] = ["Marine Services", "Nautisme", "Chantier", "Voilerie", "Shipchandler", "Électronique Navale", "Port Plaisance"];
const FLAG_SETS: readonly PeopleFlags[] = [
  {}, { prices: false }, { orders: false }, { cart: false, orders: false }, { invoices: false, quotes: false },
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
    const slug = name.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-");
    // Names repeat in the large benchmark set: the reference keeps logins unique there.
    const domain = index < PORTS.length ? `${slug}.fr` : `${slug}-${ref.toLowerCase()}.fr`;
    return {
      ref, name, zipcode, city, country,
      catCompta: catComptaFor(country, index),
      freeShipping: index % 2 === 0,
      login: `contact@${domain}`,
      people: index % 3 === 0
        ? [{ login: `acheteur@${domain}`, name: `Acheteur ${city}`, title: "Acheteur", flags: FLAG_SETS[(index / 3) % FLAG_SETS.length] ?? {} }]
        : [],
      extraAddresses: index % 4 === 0 ? 1 : 0,
    };
  });
}

export const CONTRIBUTORS = [
  { login: "commercial@nautidistrib.fr", name: "Yann Le Gall", title: "Commercial Bretagne", clients: ["C0001", "C0002", "C0003", "C0004", "C0005", "C0900"], otherRange: [0, 10] as const },
  { login: "commercial2@nautidistrib.fr", name: "Sophie Martin", title: "Commerciale Méditerranée et export", clients: ["C0002", "C0003", "C0901", "C0902"], otherRange: [10, 21] as const },
] as const;

/** How many accounts seedOrganizations creates, so their hashes can be computed in parallel first. */
export function accountCount(otherCount: number): number {
  const clients = [...NAMED_CLIENTS, ...otherClients(otherCount)];
  return clients.reduce((sum, seed) => sum + (seed.login ? 1 : 0) + seed.people.length, 0) + CONTRIBUTORS.length;
}
