// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { DeadInvitationNotice } from "~/components/invitation/DeadInvitationNotice";
import { InvitationForm } from "~/components/invitation/InvitationForm";
import { NewPasswordFields } from "~/components/users/PasswordStrength";
import type { OpenInvitation } from "~/services/invitation/types";

afterEach(cleanup);

function renderAt(node: ReactNode) {
  const Stub = createRemixStub([{ path: "/", Component: () => <>{node}</> }]);
  return render(<Stub />);
}

const describedText = (input: HTMLElement) =>
  (input.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `#${id} missing`);

const invitation: OpenInvitation = {
  state: "open",
  name: "Lena Morvan",
  email: "lena.morvan@voilerie-atlantique.fr",
  orgName: "Voilerie Atlantique",
  expiresAt: "2026-11-27T09:00:00.000Z",
  minLength: 10,
  signedInAs: null,
};

describe("the new password fields", () => {
  it("state the rule before typing, tied to the field, and set no length a browser would cut a paste at", () => {
    renderAt(<NewPasswordFields minLength={10} label="Mot de passe" errors={{}} advice={[]} />);
    const field = screen.getByLabelText("Mot de passe") as HTMLInputElement;
    expect(field.type).toBe("password");
    expect(field.getAttribute("autocomplete")).toBe("new-password");
    expect(field.getAttribute("aria-invalid")).toBeNull();
    expect(field.hasAttribute("maxlength")).toBe(false);
    expect(describedText(field)).toEqual([expect.stringContaining("Au moins 10 caractères")]);
    expect(describedText(field)[0]).toContain("votre adresse e-mail");
    expect(screen.getByLabelText("Confirmez le mot de passe").getAttribute("aria-describedby")).toBeNull();
  });

  it("after a refusal, read the reason first, then the advice, then the rule; the mismatch on the confirmation", () => {
    renderAt(
      <NewPasswordFields
        minLength={10}
        label="Nouveau mot de passe"
        errors={{
          nouveau: "Ceci est similaire à un mot de passe couramment utilisé.",
          confirmation: "Les deux mots de passe saisis sont différents.",
        }}
        advice={["Ajoutez d'autres mots moins courants.", "Évitez les suites du clavier."]}
      />,
    );
    const field = screen.getByLabelText("Nouveau mot de passe");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    const [reason, advice, rule] = describedText(field);
    expect(reason).toBe("Ceci est similaire à un mot de passe couramment utilisé.");
    expect(advice).toBe("Ajoutez d'autres mots moins courants.Évitez les suites du clavier.");
    expect(rule).toContain("Au moins 10 caractères");
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toHaveLength(2);
    expect(describedText(screen.getByLabelText("Confirmez le mot de passe"))).toEqual(["Les deux mots de passe saisis sont différents."]);
  });
});

describe("the invitation's page", () => {
  it("says whom the link is for, until when, and asks the password twice in a plain form", () => {
    renderAt(<InvitationForm invitation={invitation} refusal={null} />);
    expect(document.body.textContent).toContain("Lena Morvan");
    expect(document.body.textContent).toContain("Voilerie Atlantique vous invite");
    expect(document.body.textContent).toContain("lena.morvan@voilerie-atlantique.fr");
    expect(document.body.textContent).toContain("27 novembre 2026");
    const form = screen.getByRole("form", { name: "Choisir mon mot de passe" });
    expect(form.getAttribute("method")).toBe("post");
    expect([...form.querySelectorAll("input")].map((input) => input.name)).toEqual(["nouveau", "confirmation"]);
    expect(screen.queryByRole("note")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("tells a browser signed in as someone else that the link is not its own, with the way out", () => {
    renderAt(<InvitationForm invitation={{ ...invitation, signedInAs: "Voilerie Atlantique" }} refusal={null} />);
    const note = screen.getByRole("note");
    expect(note.textContent).toContain("Vous êtes connecté en tant que Voilerie Atlantique");
    expect(screen.getByRole("link", { name: "déconnectez-vous" }).getAttribute("href")).toBe("/deconnexion");
  });

  it("announces a refusal and draws no password typed", () => {
    renderAt(
      <InvitationForm
        invitation={invitation}
        refusal={{ state: "refused", message: "Ce mot de passe est trop faible.", errors: { nouveau: "Trop court." }, advice: [] }}
      />,
    );
    expect(screen.getByRole("alert").textContent).toBe("Ce mot de passe est trop faible.");
    expect((screen.getByLabelText("Mot de passe") as HTMLInputElement).value).toBe("");
  });

  it("explains a link that cannot be used and leads to the login page", () => {
    renderAt(
      <DeadInvitationNotice
        invitation={{
          state: "dead",
          reason: "expired",
          message: "Ce lien d'invitation a expiré : demandez à votre organisation de vous en renvoyer un.",
        }}
      />,
    );
    expect(screen.getByRole("alert").textContent).toMatch(/a expiré/);
    expect(screen.getByRole("link", { name: "Aller à la page de connexion" }).getAttribute("href")).toBe("/connexion");
  });
});
