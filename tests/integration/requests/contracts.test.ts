import { describe, expect, it } from "vitest";
import {
  ACCOUNT_OPENING_FIELDS,
  ACCOUNT_REQUEST_MOVES,
  ACCOUNT_REQUEST_STATES,
  accountOpeningRequest,
  contactListQuery,
  contactRequest,
  moveAccountRequest,
  passwordResetConfirm,
  passwordResetRequest,
} from "@shared/contracts/requests";

/** The requests' contract (shared/contracts/requests.ts): a pure unit, kept with its feature's suites. */

function issuesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
}

const contact = { subject: "produit", message: "Bonjour", name: "Léa Morvan", email: " Lea.Morvan@Exemple.FR ", company: "Morvan Marine" };

describe("contact request", () => {
  it("trims, lower-cases the e-mail and defaults the phone to none", () => {
    expect(contactRequest.parse(contact)).toEqual({ ...contact, email: "lea.morvan@exemple.fr", phone: "" });
  });

  it("keeps line breaks and tabs in the message, refuses other control characters", () => {
    expect(contactRequest.parse({ ...contact, message: "Ligne 1\r\n\tLigne 2" }).message).toBe("Ligne 1\r\n\tLigne 2");
    expect(issuesOf(contactRequest.safeParse({ ...contact, message: "a\u0000b" }))).toEqual({
      message: "Ce texte contient des caractères non autorisés.",
    });
    expect(issuesOf(contactRequest.safeParse({ ...contact, company: "Morvan\rMarine" }))).toEqual({
      company: "Ce champ ne peut contenir qu'une ligne de texte.",
    });
  });

  it("refuses a missing field with its own French words, and an unknown one", () => {
    const { subject: _subject, ...withoutSubject } = contact;
    expect(issuesOf(contactRequest.safeParse({ ...withoutSubject, name: undefined }))).toEqual({
      subject: "Choisissez l'objet de votre message.",
      name: "Indiquez votre nom.",
    });
    expect(contactRequest.safeParse({ ...contact, usr_id: 3 }).success).toBe(false);
  });

  it("bounds the distributor's list", () => {
    expect(contactListQuery.parse({})).toEqual({ limit: 50 });
    expect(contactListQuery.safeParse({ limit: "500" }).success).toBe(false);
  });
});

const french = {
  company: "Voilerie du Golfe",
  siret: "73282932000074",
  vat_number: "",
  street: "3 rue des Cordiers",
  zipcode: "56000",
  city: "Vannes",
  country: "FR",
  activity: "chantier_naval",
  contact_name: "Anne Jégou",
  email: "anne@voilerie-golfe.fr",
  phone: "0612345678",
};

describe("account opening request", () => {
  it("accepts a French company without VAT number, and keeps the numbers compact", () => {
    expect(accountOpeningRequest.parse({ ...french, siret: "732 829 320 00074" })).toMatchObject({
      siret: "73282932000074",
      vat_number: "",
      message: "",
      phone: "+33 6 12 34 56 78",
    });
  });

  it("judges each identifier on its field, so every mistake shows at once", () => {
    expect(
      issuesOf(accountOpeningRequest.safeParse({ ...french, siret: "73282932000075", vat_number: "FR45732829320", phone: "" })),
    ).toEqual({
      siret: "Ce SIRET n'est pas valide (sa clé de contrôle ne correspond pas) : vérifiez les 14 chiffres.",
      vat_number: "Ce numéro de TVA n'est pas valide : sa clé (les 2 chiffres après FR) ne correspond pas au SIREN.",
      phone: "Indiquez un numéro de téléphone.",
    });
  });

  it("asks a French company for its SIRET, and checks its VAT number is the same company's", () => {
    expect(issuesOf(accountOpeningRequest.safeParse({ ...french, siret: " " }))).toEqual({
      siret: "Indiquez le SIRET de l'établissement (14 chiffres).",
    });
    expect(issuesOf(accountOpeningRequest.safeParse({ ...french, vat_number: "FR62842157638" }))).toEqual({
      vat_number: "Ce numéro de TVA ne correspond pas au SIREN du SIRET indiqué.",
    });
    expect(issuesOf(accountOpeningRequest.safeParse({ ...french, zipcode: "560" }))).toEqual({
      zipcode: "Le code postal d'une adresse en France est composé de 5 chiffres, par exemple 56100.",
    });
  });

  it("asks a company elsewhere in the EU for its VAT number and no SIRET", () => {
    const belgian = { ...french, country: "BE", zipcode: "8400", siret: "" };
    expect(issuesOf(accountOpeningRequest.safeParse(belgian))).toEqual({
      vat_number: "Indiquez le numéro de TVA intracommunautaire de votre entreprise.",
    });
    expect(issuesOf(accountOpeningRequest.safeParse({ ...belgian, siret: "73282932000074", vat_number: "BE0123456789" }))).toEqual({
      siret: "Le SIRET ne concerne que les entreprises établies en France : laissez ce champ vide.",
    });
    expect(accountOpeningRequest.parse({ ...belgian, vat_number: "be 0123 456 789" }).vat_number).toBe("BE0123456789");
  });

  it("refuses an unknown country, activity or field", () => {
    expect(Object.keys(issuesOf(accountOpeningRequest.safeParse({ ...french, country: "US", activity: "pêche" })))).toEqual([
      "country",
      "activity",
    ]);
    expect(accountOpeningRequest.safeParse({ ...french, state: "accepted" }).success).toBe(false);
    expect(ACCOUNT_OPENING_FIELDS).toContain("vat_number");
  });
});

describe("account request states", () => {
  it("end at an answer: accepted and refused go nowhere", () => {
    expect(ACCOUNT_REQUEST_STATES.filter((state) => ACCOUNT_REQUEST_MOVES[state].length === 0)).toEqual(["accepted", "refused"]);
    expect(moveAccountRequest.parse({ state: "in_review" })).toEqual({ state: "in_review", note: "" });
    expect(issuesOf(moveAccountRequest.safeParse({ state: "archived" }))).toEqual({
      state: "État inconnu : received, in_review, accepted ou refused.",
    });
  });
});

describe("password reset", () => {
  it("takes a well-formed address and a password of the rule's length", () => {
    expect(passwordResetRequest.parse({ email: "A@B.FR" })).toEqual({ email: "a@b.fr" });
    expect(issuesOf(passwordResetConfirm.safeParse({ token: "x", password: "" }))).toEqual({
      password: "Choisissez un nouveau mot de passe.",
    });
    expect(issuesOf(passwordResetConfirm.safeParse({ password: "p" }))).toEqual({ token: "Lien incomplet." });
  });
});
