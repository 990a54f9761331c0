import type { Kysely } from "kysely";
import type { AccountRequestState } from "@shared/contracts/requests";
import type { Database } from "../db/schema";

/**
 * Demo account opening requests in every state, and a few contact messages (docs/requests.md),
 * dated a few days before the seed's date. The identifiers pass the checks of
 * shared/domain/company-ids.ts (Luhn SIRETs, French VAT keys, a Spanish VAT number).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

interface DemoAccountRequest {
  company: string;
  siret: string;
  vat_number: string;
  street: string;
  zipcode: string;
  city: string;
  country: string;
  activity: string;
  contact_name: string;
  email: string;
  phone: string;
  message: string;
  daysAgo: number;
  /** The distributor's steps after « received »: state, note, days after the request. */
  steps: Array<{ state: AccountRequestState; note: string; after: number }>;
}

/** The distributor's CRM, author of the demo's moves (a real move names its service token's system). */
const DEMO_CRM = "CRM NautiDistrib";

const ACCOUNT_REQUESTS: DemoAccountRequest[] = [
  {
    company: "Chantier Naval de l'Odet",
    siret: "84215763800011",
    vat_number: "FR62842157638",
    street: "12 rue du Port",
    zipcode: "29950",
    city: "Bénodet",
    country: "FR",
    activity: "chantier_naval",
    contact_name: "Yannick Le Gall",
    email: "y.legall@chantier-odet.fr",
    phone: "+33 2 98 57 14 22",
    message:
      "Nous hivernons et entretenons une quarantaine de voiliers chaque saison : antifouling, accastillage, électronique de bord. Nous aimerions commander en ligne avec nos conditions.",
    daysAgo: 1,
    steps: [],
  },
  {
    company: "Náutica Costa Brava SL",
    siret: "",
    vat_number: "ESB17345678",
    street: "Passeig del Mar 14",
    zipcode: "17200",
    city: "Palafrugell",
    country: "ES",
    activity: "shipchandler",
    contact_name: "Jordi Puig",
    email: "jordi.puig@nauticacostabrava.es",
    phone: "+34 972 30 12 45",
    message: "Shipchandler à Palafrugell et Calella : intéressés par vos antennes VHF et balises AIS, livraison en Espagne.",
    daysAgo: 2,
    steps: [],
  },
  {
    company: "Shipchandler du Vieux-Port",
    siret: "79301452300013",
    vat_number: "FR47793014523",
    street: "4 quai de Rive-Neuve",
    zipcode: "13007",
    city: "Marseille",
    country: "FR",
    activity: "shipchandler",
    contact_name: "Sandrine Roux",
    email: "s.roux@shipchandler-vieuxport.fr",
    phone: "+33 4 91 33 27 10",
    message: "",
    daysAgo: 4,
    steps: [
      { state: "in_review", note: "Références bancaires demandées ; rappel prévu avec le commercial secteur Méditerranée.", after: 1 },
    ],
  },
  {
    company: "Marine Électronique Arcachon",
    siret: "51877240500016",
    vat_number: "FR48518772405",
    street: "8 avenue du Parc",
    zipcode: "33120",
    city: "Arcachon",
    country: "FR",
    activity: "electronicien_marine",
    contact_name: "Julien Martin",
    email: "julien.martin@marine-elec-arcachon.fr",
    phone: "+33 5 56 83 40 12",
    message: "Installateur agréé d'électronique marine (traceurs, radars, AIS) sur le bassin d'Arcachon.",
    daysAgo: 9,
    steps: [
      { state: "in_review", note: "Kbis et RIB reçus.", after: 1 },
      { state: "accepted", note: "Compte client ouvert ; le commercial secteur Sud-Ouest remet les accès au portail.", after: 3 },
    ],
  },
  {
    company: "Locabato Saint-Malo",
    siret: "90234118900014",
    vat_number: "",
    street: "2 quai Duguay-Trouin",
    zipcode: "35400",
    city: "Saint-Malo",
    country: "FR",
    activity: "loueur",
    contact_name: "Claire Bernard",
    email: "contact@locabato-saintmalo.fr",
    phone: "+33 2 99 40 18 76",
    message: "Location de semi-rigides à la journée, besoin de gilets et d'équipements de sécurité.",
    daysAgo: 12,
    steps: [
      {
        state: "refused",
        note: "Volume d'achat trop faible pour un compte professionnel : nous vous orientons vers notre revendeur de Saint-Malo.",
        after: 2,
      },
    ],
  },
];

export async function seedRequests(db: Kysely<Database>, options: { now: Date }): Promise<void> {
  const at = (daysAgo: number, hour = 10) => new Date(options.now.getTime() - daysAgo * DAY_MS + (hour - 9) * 60 * 60 * 1000);
  for (const { daysAgo, steps, ...request } of ACCOUNT_REQUESTS) {
    const receivedAt = at(daysAgo);
    const last = steps.at(-1);
    const updatedAt = last ? at(daysAgo - last.after, 15) : receivedAt;
    const { id } = await db
      .insertInto("account_requests")
      .values({ ...request, state: last?.state ?? "received", created_at: receivedAt, updated_at: updatedAt })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("account_request_steps")
      .values([
        { request_id: id, state: "received", note: "", actor: "Formulaire du portail", at: receivedAt },
        ...steps.map((step) => ({ request_id: id, state: step.state, note: step.note, actor: DEMO_CRM, at: at(daysAgo - step.after, 15) })),
      ])
      .execute();
  }
  const voilerie = await db
    .selectFrom("users")
    .select(["id", "org_id"])
    .where("login", "=", "acheteur@voilerie-atlantique.fr")
    .executeTakeFirst();
  await db
    .insertInto("contact_requests")
    .values([
      {
        subject: "livraison",
        message:
          "Bonjour,\nPouvez-vous nous confirmer que la livraison de la commande de cette semaine peut se faire au ponton du port de plaisance (accès par la capitainerie) ?\nMerci.",
        name: "Maël Kerjean",
        email: "acheteur@voilerie-atlantique.fr",
        phone: "+33 2 98 44 61 30",
        company: "Voilerie Atlantique",
        user_id: voilerie?.id ?? null,
        org_id: voilerie?.org_id ?? null,
        created_at: at(3, 11),
      },
      {
        subject: "produit",
        message:
          "Bonjour, la VHF fixe ASN que vous distribuez est-elle livrée avec l'antenne et le câble coaxial ? Nous équipons une vedette de pêche-promenade de 7 m.",
        name: "Thomas Guérin",
        email: "t.guerin@nautic-services-vendee.fr",
        phone: "",
        company: "Nautic Services Vendée",
        user_id: null,
        org_id: null,
        created_at: at(2, 16),
      },
    ])
    .execute();
}
