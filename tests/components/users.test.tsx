// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { AddressList } from "~/components/account-settings/AddressList";
import { InviteForm } from "~/components/users/InviteForm";
import { PersonalDetailsForm } from "~/components/account-settings/PersonalDetailsForm";
import { PasswordForm } from "~/components/account-settings/PasswordForm";
import { UserHistory } from "~/components/users/UserHistory";
import { UserTable } from "~/components/users/UserTable";
import type { AddressView, DetailsView } from "~/services/account-settings/types";
import type { UserRow } from "~/services/users/types";

afterEach(cleanup);

function renderAt(node: ReactNode) {
  const Stub = createRemixStub([{ path: "/", Component: () => <>{node}</> }]);
  return render(<Stub />);
}

const ALL = { cart: true, orders: true, quotes: true, invoices: true, prices: true };

const marie: UserRow = {
  id: 11,
  name: "Marie Le Goff",
  email: "marie@voilerie.fr",
  flags: { ...ALL, prices: false },
  isAdmin: true,
  state: "active",
  lastLoginAt: "2026-11-20T09:30:00.000Z",
  invitationExpiresAt: null,
  invitationExpired: false,
  isSelf: false,
};
const yann: UserRow = { ...marie, id: 12, name: "Yann Kerjean", email: "yann@voilerie.fr", flags: ALL, isAdmin: false, lastLoginAt: null };
const invited: UserRow = {
  ...yann,
  id: 13,
  name: "Anne Invitée",
  email: "anne@voilerie.fr",
  state: "invited",
  invitationExpiresAt: "2026-12-01T10:00:00.000Z",
};
const disabled: UserRow = { ...yann, id: 14, name: "Paul Parti", email: "paul@voilerie.fr", state: "disabled" };

/** The form a control belongs to, as the browser would send it on a click of `button`. */
function sentBy(button: HTMLElement): Record<string, string> {
  const form = button.closest("form");
  if (!form) throw new Error("no form");
  const fields: Record<string, string> = {};
  // A select sends its value too (the address's country, issue 24).
  for (const input of Array.from(form.querySelectorAll<HTMLInputElement | HTMLSelectElement>("input, select")))
    fields[input.name] = input.value;
  const named = button as HTMLButtonElement;
  if (named.name) fields[named.name] = named.value;
  return { ...fields, method: form.getAttribute("method") ?? "" };
}

describe("the users table", () => {
  it("shows each person's rights as switches that post the value they turn to", () => {
    renderAt(<UserTable rows={[marie, yann]} />);
    const pricesOff = screen.getByRole("button", { name: "Voir les prix — Marie Le Goff" });
    expect(pricesOff.getAttribute("aria-pressed")).toBe("false");
    expect(sentBy(pricesOff)).toEqual({ intent: "droit", utilisateur: "11", droit: "prices", valeur: "on", method: "post" });
    const cartOn = screen.getByRole("button", { name: "Modifier le panier — Yann Kerjean" });
    expect(cartOn.getAttribute("aria-pressed")).toBe("true");
    expect(sentBy(cartOn)).toMatchObject({ intent: "droit", droit: "cart", valeur: "off" });
  });

  it("keeps the only administrator's role switch disabled, offers no deactivation and says why", () => {
    renderAt(<UserTable rows={[marie, yann]} />);
    const role = screen.getByRole("button", { name: "Administrateur — Marie Le Goff" }) as HTMLButtonElement;
    expect(role.disabled).toBe(true);
    expect(document.getElementById(role.getAttribute("aria-describedby") ?? "")?.textContent).toMatch(
      /^Dernier administrateur : nommez-en un autre/,
    );
    expect(screen.queryByRole("button", { name: "Désactiver : Marie Le Goff" })).toBeNull();
    expect((screen.getByRole("button", { name: "Administrateur — Yann Kerjean" }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole("button", { name: "Désactiver : Yann Kerjean" })).toBeInstanceOf(HTMLButtonElement);
  });

  it("lets a second administrator lose the role or be deactivated", () => {
    renderAt(<UserTable rows={[marie, { ...yann, isAdmin: true }]} />);
    const role = screen.getByRole("button", { name: "Administrateur — Marie Le Goff" }) as HTMLButtonElement;
    expect(role.disabled).toBe(false);
    expect(role.hasAttribute("aria-describedby")).toBe(false);
    expect(sentBy(role)).toEqual({ intent: "admin", utilisateur: "11", valeur: "off", method: "post" });
    expect(sentBy(screen.getByRole("button", { name: "Désactiver : Marie Le Goff" }))).toMatchObject({
      intent: "desactiver",
      utilisateur: "11",
    });
  });

  it("offers the administrator looking at the page neither to drop its own role nor to deactivate itself", () => {
    renderAt(
      <UserTable
        rows={[
          { ...marie, isSelf: true },
          { ...yann, isAdmin: true },
        ]}
      />,
    );
    const [, selfRow] = within(screen.getByRole("table")).getAllByRole("row");
    expect(selfRow!.textContent).toContain("Marie Le Goff (vous)");
    const role = within(selfRow!).getByRole("button", { name: "Administrateur — Marie Le Goff" }) as HTMLButtonElement;
    expect(role.disabled).toBe(true);
    expect(document.getElementById(role.getAttribute("aria-describedby") ?? "")?.textContent).toMatch(/^C'est vous/);
    expect(within(selfRow!).queryByRole("button", { name: /Désactiver/ })).toBeNull();
    // Its own rights stay switches: an administrator may restrict itself.
    expect((within(selfRow!).getByRole("button", { name: "Voir les prix — Marie Le Goff" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows states, last login in French, and the actions each state allows", () => {
    const expired: UserRow = {
      ...invited,
      id: 15,
      name: "Loïc Tardif",
      state: "invited",
      invitationExpiresAt: "2026-11-10T10:00:00.000Z",
      invitationExpired: true,
    };
    renderAt(<UserTable rows={[marie, yann, invited, expired, disabled]} />);
    const rows = within(screen.getByRole("table", { name: "Utilisateurs de l'organisation" })).getAllByRole("row");
    const [, marieRow, yannRow, invitedRow, expiredRow, disabledRow] = rows;
    expect(marieRow!.textContent).toContain("Actif");
    expect(marieRow!.textContent).toContain("20 novembre 2026");
    expect(yannRow!.textContent).toContain("Jamais");
    expect(sentBy(within(yannRow!).getByRole("button", { name: "Désactiver : Yann Kerjean" }))).toMatchObject({
      intent: "desactiver",
      utilisateur: "12",
    });
    expect(invitedRow!.textContent).toContain("Invité");
    expect(invitedRow!.textContent).toContain("Invitation valable jusqu'au 1 décembre 2026");
    expect(sentBy(within(invitedRow!).getByRole("button", { name: "Renvoyer l'invitation : Anne Invitée" }))).toMatchObject({
      intent: "renvoyer",
      utilisateur: "13",
    });
    expect(sentBy(within(invitedRow!).getByRole("button", { name: "Révoquer l'invitation : Anne Invitée" }))).toMatchObject({
      intent: "revoquer",
    });
    expect(within(invitedRow!).queryByRole("button", { name: /Désactiver/ })).toBeNull();
    expect(expiredRow!.textContent).toMatch(/Invitation expirée le 10 novembre 2026 à \d\d:\d\d : renvoyez-la/);
    expect(disabledRow!.textContent).toContain("Désactivé");
    expect(sentBy(within(disabledRow!).getByRole("button", { name: "Réactiver : Paul Parti" }))).toMatchObject({
      intent: "reactiver",
      utilisateur: "14",
    });
    // A deactivated person's rights may still be set before it comes back; not its role.
    expect((within(disabledRow!).getByRole("button", { name: "Voir les prix — Paul Parti" }) as HTMLButtonElement).disabled).toBe(false);
    expect((within(disabledRow!).getByRole("button", { name: "Administrateur — Paul Parti" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("a switch with JavaScript", () => {
  it("shows the state asked while its form is sent, and sends the value it turns to", async () => {
    const sent: Record<string, string>[] = [];
    const Stub = createRemixStub([
      {
        path: "/",
        Component: () => <UserTable rows={[marie, yann]} />,
        // The save never answers here: the switch must already show what was asked.
        action: async ({ request }) => {
          sent.push(Object.fromEntries([...(await request.formData())].map(([name, value]) => [name, String(value)])));
          return new Promise<never>(() => undefined);
        },
      },
    ]);
    render(<Stub />);
    const prices = screen.getByRole("button", { name: "Voir les prix — Yann Kerjean" });
    expect(prices.getAttribute("aria-pressed")).toBe("true");
    await userEvent.setup().click(prices);
    await waitFor(() => expect(sent).toEqual([{ intent: "droit", utilisateur: "12", droit: "prices", valeur: "off" }]));
    expect(screen.getByRole("button", { name: "Voir les prix — Yann Kerjean" }).getAttribute("aria-pressed")).toBe("false");
    // Only the switch sent: the same right of another person, and another right, are as they were.
    expect(screen.getByRole("button", { name: "Voir les prix — Marie Le Goff" }).getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByRole("button", { name: "Modifier le panier — Yann Kerjean" }).getAttribute("aria-pressed")).toBe("true");
  });
});

describe("invoices need prices (decision 0188)", () => {
  it("keeps a person's invoices switch off and disabled without prices, says why next to it and above the table", () => {
    renderAt(<UserTable rows={[marie, yann]} />);
    const invoices = screen.getByRole("button", { name: "Voir les factures — Marie Le Goff" }) as HTMLButtonElement;
    expect(invoices.getAttribute("aria-pressed")).toBe("false");
    expect(invoices.disabled).toBe(true);
    expect(document.getElementById(invoices.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Accordez d'abord « Voir les prix » : une facture montre les montants.",
    );
    const withPrices = screen.getByRole("button", { name: "Voir les factures — Yann Kerjean" }) as HTMLButtonElement;
    expect(withPrices.disabled).toBe(false);
    expect(withPrices.hasAttribute("aria-describedby")).toBe(false);
    expect(document.body.textContent).toContain("retirer « Voir les prix » retire aussi « Voir les factures »");
  });

  it("turns the invoices switch off at once when prices are switched off (JavaScript)", async () => {
    const Stub = createRemixStub([
      {
        path: "/",
        Component: () => <UserTable rows={[marie, yann]} />,
        action: () => new Promise<never>(() => undefined),
      },
    ]);
    render(<Stub />);
    const invoices = () => screen.getByRole("button", { name: "Voir les factures — Yann Kerjean" }) as HTMLButtonElement;
    expect(invoices().getAttribute("aria-pressed")).toBe("true");
    await userEvent.setup().click(screen.getByRole("button", { name: "Voir les prix — Yann Kerjean" }));
    await waitFor(() => expect(invoices().getAttribute("aria-pressed")).toBe("false"));
    expect(invoices().disabled).toBe(true);
  });
});

describe("the invite form", () => {
  it("posts the invite intent with the name and e-mail", () => {
    renderAt(<InviteForm />);
    const button = screen.getByRole("button", { name: "Envoyer l'invitation" });
    expect(sentBy(button)).toEqual({ intent: "inviter", name: "", email: "", method: "post" });
    expect(screen.getByLabelText("Adresse e-mail").getAttribute("type")).toBe("email");
  });

  it("draws a refusal again: the message next to the field, what was typed kept", () => {
    renderAt(
      <InviteForm
        refusal={{
          ok: false,
          message: "Cette adresse e-mail est déjà utilisée.",
          errors: { email: "Cette adresse e-mail est déjà utilisée." },
          values: { email: "yann@voilerie.fr", name: "Yann" },
        }}
      />,
    );
    const email = screen.getByLabelText("Adresse e-mail") as HTMLInputElement;
    expect(email.value).toBe("yann@voilerie.fr");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(email.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Cette adresse e-mail est déjà utilisée.",
    );
    expect(screen.getByRole("alert").textContent).toBe("Cette adresse e-mail est déjà utilisée.");
    expect((screen.getByLabelText("Nom et prénom") as HTMLInputElement).value).toBe("Yann");
  });
});

describe("the history", () => {
  it("says who changed what and when", () => {
    renderAt(
      <UserHistory
        rows={[
          { id: 1, at: "2026-11-20T09:30:00.000Z", author: "Voilerie du Port", target: "Yann Kerjean", summary: "Voir les prix retiré" },
        ]}
      />,
    );
    expect(screen.getByRole("listitem").textContent).toContain("Voilerie du Port : Yann Kerjean, Voir les prix retiré");
    expect(screen.getByRole("listitem").textContent).toContain("20 novembre 2026");
  });

  it("says when there is nothing yet", () => {
    renderAt(<UserHistory rows={[]} />);
    expect(screen.getByText("Aucune modification pour l'instant.")).toBeTruthy();
  });
});

describe("the password form", () => {
  it("states the rule and asks the current password", () => {
    renderAt(<PasswordForm view={{ minLength: 10 }} />);
    expect(screen.getByLabelText("Mot de passe actuel").getAttribute("autocomplete")).toBe("current-password");
    expect(screen.getByLabelText("Nouveau mot de passe").getAttribute("aria-describedby")).toBe("nouveau-regle");
    expect(document.getElementById("nouveau-regle")?.textContent).toContain("Au moins 10 caractères");
  });

  it("shows each refusal next to its field and the advice under the new password, never the passwords typed", () => {
    renderAt(
      <PasswordForm
        view={{ minLength: 10 }}
        refusal={{
          ok: false,
          message: "Ce mot de passe est trop facile à deviner.",
          errors: { nouveau: "Ce mot de passe est trop facile à deviner.", actuel: "Le mot de passe actuel est incorrect." },
          advice: ["Ajoutez des mots peu courants."],
        }}
      />,
    );
    const fresh = screen.getByLabelText("Nouveau mot de passe") as HTMLInputElement;
    expect(fresh.value).toBe("");
    expect(fresh.getAttribute("aria-describedby")).toBe("nouveau-erreur nouveau-conseils nouveau-regle");
    expect(document.getElementById("nouveau-conseils")?.textContent).toBe("Ajoutez des mots peu courants.");
    expect(document.getElementById("actuel-erreur")?.textContent).toBe("Le mot de passe actuel est incorrect.");
  });
});

const details: DetailsView = {
  name: "Maël Kerjean",
  title: "Acheteur",
  email: "acheteur@voilerie.fr",
  phone: "+33 2 97 84 12 50",
  nameEditable: true,
};
const depot: AddressView = {
  id: 7,
  adr_name: "Dépôt de Lorient",
  adr_line1: "2 quai des Indes",
  adr_line2: "",
  adr_zipcode: "56100",
  adr_city: "Lorient",
  adr_country: "FR",
  adr_phone: "",
};
const headOffice = { ...depot, adr_name: "Voilerie Atlantique (siège)", adr_zipcode: "29200", adr_city: "Brest" };

describe("the personal details form", () => {
  it("lets a person change its name, and shows an organization's name read-only", () => {
    renderAt(<PersonalDetailsForm details={details} />);
    expect((screen.getByLabelText("Nom et prénom") as HTMLInputElement).value).toBe("Maël Kerjean");
    expect(sentBy(screen.getByRole("button", { name: "Enregistrer mes coordonnées" }))).toMatchObject({
      intent: "infos",
      name: "Maël Kerjean",
      phone: "+33 2 97 84 12 50",
    });
    cleanup();
    renderAt(<PersonalDetailsForm details={{ ...details, name: "Voilerie Atlantique", nameEditable: false }} />);
    expect(screen.queryByLabelText("Nom et prénom")).toBeNull();
    expect(screen.getByText(/Raison sociale/).textContent).toContain("Voilerie Atlantique");
  });

  it("draws its own refusal again, with the message on the field and what was typed", () => {
    const refusal = {
      ok: false as const,
      form: "infos",
      message: "Ce numéro de téléphone n'est pas valide.",
      errors: { phone: "Ce numéro de téléphone n'est pas valide." },
      values: { name: "Maël", title: "", email: "acheteur@voilerie.fr", phone: "12 34" },
    };
    renderAt(<PersonalDetailsForm details={details} refusal={refusal} />);
    const phone = screen.getByLabelText("Téléphone") as HTMLInputElement;
    expect(phone.value).toBe("12 34");
    expect(phone.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById("infos-phone-erreur")?.textContent).toBe("Ce numéro de téléphone n'est pas valide.");
    // An address form's refusal is not this form's.
    cleanup();
    renderAt(<PersonalDetailsForm details={details} refusal={{ ...refusal, form: "adresse-ajouter" }} />);
    expect((screen.getByLabelText("Téléphone") as HTMLInputElement).value).toBe("+33 2 97 84 12 50");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("the addresses", () => {
  it("shows the head office read-only, and each delivery address with its edit form and a remove button", () => {
    renderAt(<AddressList addresses={[depot]} invoicing={headOffice} />);
    expect(screen.getByText(/Voilerie Atlantique \(siège\)/).closest(".invoicing-address")).not.toBeNull();
    expect(screen.queryByRole("form", { name: /siège/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Supprimer l'adresse Voilerie/ })).toBeNull();
    expect(sentBy(screen.getByRole("button", { name: "Supprimer l'adresse Dépôt de Lorient" }))).toEqual({
      intent: "adresse-supprimer",
      adresse: "7",
      method: "post",
    });
    const edit = screen.getByRole("form", { name: "Modifier l'adresse Dépôt de Lorient" });
    expect(sentBy(within(edit).getByRole("button", { name: "Enregistrer l'adresse" }))).toMatchObject({
      intent: "adresse-modifier",
      adresse: "7",
      adr_zipcode: "56100",
      adr_country: "FR",
    });
    expect(edit.closest("details")?.open).toBe(false);
    const add = screen.getByRole("form", { name: "Nouvelle adresse de livraison" });
    expect(sentBy(within(add).getByRole("button", { name: "Ajouter l'adresse" }))).toMatchObject({
      intent: "adresse-ajouter",
      adr_name: "",
      adr_country: "FR",
    });
  });

  it("opens the refused address's form with the message next to the postal code", () => {
    const refusal = {
      ok: false as const,
      form: "7",
      message: "Un code postal français a 5 chiffres.",
      errors: { adr_zipcode: "Un code postal français a 5 chiffres." },
      values: { ...depot, adr_zipcode: "5610" } as unknown as Record<string, string>,
    };
    renderAt(<AddressList addresses={[depot]} invoicing={headOffice} refusal={refusal} />);
    const edit = screen.getByRole("form", { name: "Modifier l'adresse Dépôt de Lorient" });
    expect(edit.closest("details")?.open).toBe(true);
    const zipcode = within(edit).getByLabelText("Code postal") as HTMLInputElement;
    expect(zipcode.value).toBe("5610");
    expect(document.getElementById(zipcode.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Un code postal français a 5 chiffres.",
    );
    expect(screen.getByRole("form", { name: "Nouvelle adresse de livraison" }).closest("details")?.open).toBe(false);
  });
});
