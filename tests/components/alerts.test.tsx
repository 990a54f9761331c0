// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { AlertsForm } from "~/components/alerts/AlertsForm";
import { AlertsIntro, AlertsNote } from "~/components/alerts/AlertsIntro";
import { UnsubscribeCard } from "~/components/alerts/UnsubscribeCard";
import type { AlertChoice } from "~/services/alerts/types";

afterEach(cleanup);

function renderAt(node: ReactNode) {
  const Stub = createRemixStub([{ path: "/", Component: () => <>{node}</> }]);
  return render(<Stub />);
}

const choices: AlertChoice[] = [
  { kind: "order_shipped", label: "Commande expédiée", description: "À chaque expédition d'une commande.", enabled: true },
  { kind: "news", label: "Actualités et nouveautés", description: "Les actualités de NautiDistrib.", enabled: false },
];

/** What the browser sends when the form is submitted as it stands: the ticked boxes only. */
function sent(form: HTMLFormElement): Array<[string, string]> {
  return Array.from(form.querySelectorAll("input"))
    .filter((input) => input.type !== "checkbox" || input.checked)
    .map((input) => [input.name, input.value]);
}

describe("the alerts form", () => {
  it("draws one box per alert, ticked as saved, explained by its line, and posts the ticked ones", () => {
    renderAt(<AlertsForm choices={choices} />);
    const shipped = screen.getByRole("checkbox", { name: "Commande expédiée" }) as HTMLInputElement;
    const news = screen.getByRole("checkbox", { name: "Actualités et nouveautés" }) as HTMLInputElement;
    expect(shipped.checked).toBe(true);
    expect(news.checked).toBe(false);
    expect(shipped.getAttribute("aria-describedby")).toBe("alerte-order_shipped-quand");
    expect(document.getElementById("alerte-order_shipped-quand")?.textContent).toBe("À chaque expédition d'une commande.");
    const form = screen.getByRole("form", { name: "Mes alertes e-mail" }) as HTMLFormElement;
    expect(form.getAttribute("method")).toBe("post");
    expect(sent(form)).toEqual([["alerte", "order_shipped"]]);
    news.click();
    expect(sent(form)).toEqual([
      ["alerte", "order_shipped"],
      ["alerte", "news"],
    ]);
    expect(within(form).getByRole("button", { name: "Enregistrer" }).getAttribute("type")).toBe("submit");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says why a save was refused", () => {
    renderAt(<AlertsForm choices={choices} refusal={{ ok: false, message: "Cette alerte n'existe pas." }} />);
    expect(screen.getByRole("alert").textContent).toBe("Cette alerte n'existe pas.");
  });

  it("says whose alerts they are and that security e-mails are always sent", () => {
    renderAt(
      <>
        <AlertsIntro email="client@voilerie.fr" audience={{ kind: "acting", clientName: "Voilerie Atlantique" }} />
        <AlertsNote />
      </>,
    );
    expect(screen.getByText(/Vous agissez pour/).textContent).toContain(
      "Voilerie Atlantique : ce sont les alertes de son compte, envoyées à client@voilerie.fr",
    );
    expect(screen.getByText(/e-mails de sécurité/).textContent).toContain("toujours envoyés");
  });
});

describe("the unsubscribe card", () => {
  it("asks first, with one POST button carrying the link's token", () => {
    renderAt(<UnsubscribeCard view={{ state: "ask", token: "12.34.order_shipped.abc", label: "Commande expédiée" }} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Ne plus recevoir l'alerte « Commande expédiée » ?");
    const button = screen.getByRole("button", { name: "Ne plus recevoir cette alerte" });
    const form = button.closest("form");
    expect(form?.getAttribute("method")).toBe("post");
    expect(form ? sent(form) : []).toEqual([["jeton", "12.34.order_shipped.abc"]]);
  });

  it("acknowledges, or says the link served already or is not valid, each with the way to choose again", () => {
    const cases = [
      [{ state: "done", label: "Commande expédiée" }, "Désabonnement enregistré", "Vous ne recevrez plus l'alerte « Commande expédiée »"],
      [{ state: "used", label: null }, "Désabonnement déjà fait", "Ce lien a déjà servi"],
      [{ state: "refused" }, "Lien non valable", "n'est pas valable"],
    ] as const;
    for (const [view, title, text] of cases) {
      renderAt(<UnsubscribeCard view={view} />);
      expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(title);
      expect(screen.getByText(new RegExp(text)).textContent).toContain(text);
      expect(screen.getByRole("link", { name: "Choisir mes alertes e-mail" }).getAttribute("href")).toBe("/mon-compte/alertes-emails");
      expect(screen.queryByRole("button")).toBeNull();
      cleanup();
    }
  });
});
