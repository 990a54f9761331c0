// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { InviteForm } from "~/components/users/InviteForm";
import { PasswordForm } from "~/components/users/PasswordForm";
import { UserHistory } from "~/components/users/UserHistory";
import { UserTable } from "~/components/users/UserTable";
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
  isSelf: false,
};
const yann: UserRow = { ...marie, id: 12, name: "Yann Kerjean", email: "yann@voilerie.fr", flags: ALL, isAdmin: false, lastLoginAt: null };
const invited: UserRow = { ...yann, id: 13, name: "Anne Invitée", email: "anne@voilerie.fr", state: "invited", invitationExpiresAt: "2026-12-01T10:00:00.000Z" };
const disabled: UserRow = { ...yann, id: 14, name: "Paul Parti", email: "paul@voilerie.fr", state: "disabled" };

/** The form a control belongs to, as the browser would send it on a click of `button`. */
function sentBy(button: HTMLElement): Record<string, string> {
  const form = button.closest("form");
  if (!form) throw new Error("no form");
  const fields: Record<string, string> = {};
  for (const input of Array.from(form.querySelectorAll("input"))) fields[input.name] = input.value;
  const named = button as HTMLButtonElement;
  if (named.name) fields[named.name] = named.value;
  return { ...fields, method: form.getAttribute("method") ?? "" };
}

describe("the users table", () => {
  it("shows each person's rights as switches that post the value they turn to", () => {
    renderAt(<UserTable rows={[marie, yann]} />);
    const pricesOff = screen.getByRole("switch", { name: "Voir les prix — Marie Le Goff" });
    expect(pricesOff.getAttribute("aria-checked")).toBe("false");
    expect(sentBy(pricesOff)).toEqual({ intent: "droit", utilisateur: "11", droit: "prices", valeur: "on", method: "post" });
    const cartOn = screen.getByRole("switch", { name: "Modifier le panier — Yann Kerjean" });
    expect(cartOn.getAttribute("aria-checked")).toBe("true");
    expect(sentBy(cartOn)).toMatchObject({ intent: "droit", droit: "cart", valeur: "off" });
  });

  it("keeps the only administrator's role switch disabled and says why", () => {
    renderAt(<UserTable rows={[marie, yann]} />);
    expect((screen.getByRole("switch", { name: "Administrateur — Marie Le Goff" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("switch", { name: "Administrateur — Yann Kerjean" }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText("Dernier administrateur")).toBeTruthy();
  });

  it("lets a second administrator lose the role", () => {
    renderAt(<UserTable rows={[marie, { ...yann, isAdmin: true }]} />);
    expect((screen.getByRole("switch", { name: "Administrateur — Marie Le Goff" }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText("Dernier administrateur")).toBeNull();
  });

  it("shows states, last login, and the actions each state allows", () => {
    renderAt(<UserTable rows={[yann, invited, disabled, { ...marie, isSelf: true }]} />);
    const rows = within(screen.getByRole("table", { name: "Utilisateurs de l'organisation" })).getAllByRole("row");
    const [, yannRow, invitedRow, disabledRow, selfRow] = rows;
    expect(yannRow!.textContent).toContain("Jamais");
    expect(sentBy(within(yannRow!).getByRole("button", { name: "Désactiver : Yann Kerjean" }))).toMatchObject({ intent: "desactiver", utilisateur: "12" });
    expect(invitedRow!.textContent).toContain("Invitation en attente");
    expect(invitedRow!.textContent).toContain("1 décembre 2026");
    expect(sentBy(within(invitedRow!).getByRole("button", { name: "Renvoyer l'invitation : Anne Invitée" }))).toMatchObject({ intent: "renvoyer", utilisateur: "13" });
    expect(sentBy(within(invitedRow!).getByRole("button", { name: "Révoquer l'invitation : Anne Invitée" }))).toMatchObject({ intent: "revoquer" });
    expect(disabledRow!.textContent).toContain("Désactivé");
    expect(sentBy(within(disabledRow!).getByRole("button", { name: "Réactiver : Paul Parti" }))).toMatchObject({ intent: "reactiver", utilisateur: "14" });
    expect((within(disabledRow!).getByRole("switch", { name: "Voir les prix — Paul Parti" }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(selfRow!).queryByRole("button", { name: /Désactiver/ })).toBeNull();
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
    renderAt(<InviteForm refusal={{ ok: false, message: "Cette adresse e-mail est déjà utilisée.", errors: { email: "Cette adresse e-mail est déjà utilisée." }, values: { email: "yann@voilerie.fr", name: "Yann" } }} />);
    const email = screen.getByLabelText("Adresse e-mail") as HTMLInputElement;
    expect(email.value).toBe("yann@voilerie.fr");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(email.getAttribute("aria-describedby") ?? "")?.textContent).toBe("Cette adresse e-mail est déjà utilisée.");
    expect(screen.getByRole("alert").textContent).toBe("Cette adresse e-mail est déjà utilisée.");
    expect((screen.getByLabelText("Nom et prénom") as HTMLInputElement).value).toBe("Yann");
  });
});

describe("the history", () => {
  it("says who changed what and when", () => {
    renderAt(<UserHistory rows={[{ id: 1, at: "2026-11-20T09:30:00.000Z", author: "Voilerie du Port", target: "Yann Kerjean", summary: "Voir les prix retiré" }]} />);
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
        refusal={{ ok: false, message: "Ce mot de passe est trop facile à deviner.", errors: { nouveau: "Ce mot de passe est trop facile à deviner.", actuel: "Le mot de passe actuel est incorrect." }, advice: ["Ajoutez des mots peu courants."] }}
      />,
    );
    const fresh = screen.getByLabelText("Nouveau mot de passe") as HTMLInputElement;
    expect(fresh.value).toBe("");
    expect(fresh.getAttribute("aria-describedby")).toBe("nouveau-erreur nouveau-conseils nouveau-regle");
    expect(document.getElementById("nouveau-conseils")?.textContent).toBe("Ajoutez des mots peu courants.");
    expect(document.getElementById("actuel-erreur")?.textContent).toBe("Le mot de passe actuel est incorrect.");
  });
});
